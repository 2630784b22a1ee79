// What a tool call gets from the server's own process before it goes out, as a CLI call gets it
// from the CLI's. (Checks across arguments are the contract's: ../ipc/meta.ts.)
import { resolve } from "node:path";
import { callerAdapterOption } from "../common/callerAdapter.ts";
import type { CommandName } from "../ipc/meta.ts";

/**
 * What the CLI adds to start and attach from its own process, added from the server's: its pid
 * (attach refuses the process tree that asked), its virtualenv, and a relative interpreter path
 * resolved here (the daemon's cwd is not the caller's).
 */
export function fillIn(command: CommandName, args: Record<string, unknown>, cwd: string): void {
  // The runner is found on the caller's PATH, as its shell would find it.
  if (command === "test" && args.path === undefined) args.path = process.env.PATH;
  if (command === "run" && process.env.DEBUGGER_ADAPTER) args.options = { ...callerAdapterOption(), ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (command !== "start" && command !== "attach" && command !== "test") return;
  if (command !== "test") args.clientPid = process.pid;
  const options = { ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (typeof options.python === "string" && options.python.includes("/")) options.python = resolve(cwd, options.python);
  if (process.env.VIRTUAL_ENV && options.virtualEnv === undefined) options.virtualEnv = process.env.VIRTUAL_ENV;
  args.options = { ...callerAdapterOption(), ...options };
}
