// What a tool call gets from the server's own process before it goes out, as a CLI call gets it
// from the CLI's. (Checks across arguments are the contract's: ../ipc/meta.ts.)
import { resolve } from "node:path";
import { callerAdapterOption } from "../common/callerAdapter.ts";
import { ownEnv } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import type { CommandName } from "../ipc/meta.ts";
import { namesDirectory } from "../common/hostPath.ts";

/**
 * The adapter options a call may give (what the CLI's --python and --just-my-code send), and their
 * JSON types; `virtualEnv` is the server's own VIRTUAL_ENV unless given. The contract takes any
 * record (the daemon ignores what no adapter reads), so a misspelt option did nothing: refused here.
 */
export const ADAPTER_OPTIONS = { python: "string", justMyCode: "boolean", virtualEnv: "string" } as const;

function checkOptions(options: unknown): void {
  if (options === undefined) return;
  const known = Object.keys(ADAPTER_OPTIONS).join(", ");
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new DebuggerError("INVALID_ARGUMENT", `options must be an object of adapter options (${known})`, 'e.g. {"options": {"python": "/usr/bin/python3", "justMyCode": false}}');
  }
  for (const [key, value] of Object.entries(options)) {
    const type = ADAPTER_OPTIONS[key as keyof typeof ADAPTER_OPTIONS];
    if (!type) throw new DebuggerError("INVALID_ARGUMENT", `unknown adapter option '${key}'; the known ones are ${known}`, 'e.g. {"options": {"justMyCode": false}}');
    if (typeof value !== type) throw new DebuggerError("INVALID_ARGUMENT", `adapter option '${key}' must be a ${type}, not ${value === null ? "null" : typeof value}`, `e.g. {"options": {"${key}": ${type === "boolean" ? "false" : '"…"'}}}`);
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
  if ((command === "run" || command === "diff") && process.env.DEBUGGER_ADAPTER) args.options = { ...callerAdapterOption(), ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (command === "run" || command === "diff" || command === "restart") return;
  if (command !== "test") args.clientPid = process.pid;
  const options = { ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (typeof options.python === "string" && namesDirectory(options.python)) options.python = resolve(cwd, options.python);
  args.options = { ...callerAdapterOption(), ...options };
}
