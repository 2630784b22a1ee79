// What a tool call gets from the server's own process before it goes out, as a CLI call gets it
// from the CLI's. (Checks across arguments are the contract's: ../ipc/meta.ts.)
import { resolve } from "node:path";
import { callerAdapterOption } from "../common/callerAdapter.ts";
import { ownEnv } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import type { CommandName } from "../ipc/meta.ts";
import { namesDirectory } from "../common/hostPath.ts";

/** Which options the chosen adapter reads is the daemon's check (common/adapterOptions.ts), as for the CLI's. */
function checkOptions(options: unknown): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      "options must be an object of adapter options",
      'e.g. {"options": {"python": "/usr/bin/python3", "justMyCode": false}}',
    );
  }
}

/**
 * What the CLI adds to the commands that start a program from its own process, added from the
 * server's: its environment (the caller's world: the client started the server with its own),
 * its pid (attach refuses the process tree that asked), and a relative interpreter path resolved
 * here (the daemon's cwd is not the caller's).
 */
export function fillIn(command: CommandName, args: Record<string, unknown>, cwd: string): void {
  if (command !== "start" && command !== "attach" && command !== "test" && command !== "run" && command !== "diff" && command !== "restart") return;
  args.callerEnv = ownEnv();
  checkOptions(args.options);
  if (command === "diff" && process.env.DEBUGGER_ADAPTER)
    args.options = { ...callerAdapterOption(), ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (command === "diff" || command === "restart") return;
  if (command !== "test" && command !== "run") args.clientPid = process.pid;
  const options = { ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (typeof options.python === "string" && namesDirectory(options.python)) options.python = resolve(cwd, options.python);
  args.options = { ...callerAdapterOption(), ...options };
}
