// Checks the CLI makes before it sends a request, made again for tool calls: the daemon validates
// each argument's type and range (INVALID_ARGUMENT), but location syntax and combinations of
// arguments are the CLI's to check, with its error codes and hints.
import { DebuggerError } from "../common/errors.ts";
import type { CommandName } from "../ipc/commands.ts";
import { resolve } from "node:path";
import { location } from "../cli/spec.ts";

export function checkCall(command: CommandName, args: Record<string, unknown>): void {
  if (typeof args.location === "string" && args.location && command !== "memory.read") location(args.location);
  if (Array.isArray(args.break)) for (const b of args.break) if (typeof b === "string") location(b);
  if ((command === "start" || command === "attach") && args.connect !== undefined && !args.adapter) {
    throw new DebuggerError("USAGE", "connect needs adapter to know how to talk to it", "e.g. adapter: \"debugpy\", \"delve\" or \"lldb-dap\"");
  }
  if (command === "start" && (typeof args.program !== "string" || !args.program)) {
    throw new DebuggerError("USAGE", "start needs program (the executable to debug)", "e.g. {\"program\": \"./app\", \"break\": [\"main.c:42\"]}");
  }
  if (command === "attach" && args.pid === undefined && args.connect === undefined) {
    throw new DebuggerError("USAGE", "attach needs pid or connect {host, port}", "e.g. {\"pid\": 12345} or {\"connect\": {\"host\": \"127.0.0.1\", \"port\": 5678}, \"adapter\": \"debugpy\"}");
  }
  if (command === "backtrace" && args.all === true && (args.thread !== undefined || args.locals === true)) {
    throw new DebuggerError("USAGE", "all shows every thread: it takes no thread or locals", "backtrace {\"all\": true}, then backtrace {\"thread\": ID, \"locals\": true}");
  }
}

/**
 * What the CLI adds to start and attach from its own process, added from the server's: its pid
 * (attach refuses the process tree that asked), its virtualenv, and a relative interpreter path
 * resolved here (the daemon's cwd is not the caller's).
 */
export function fillIn(command: CommandName, args: Record<string, unknown>, cwd: string): void {
  // The runner is found on the caller's PATH, as its shell would find it.
  if (command === "test" && args.path === undefined) args.path = process.env.PATH;
  if (command !== "start" && command !== "attach" && command !== "test") return;
  if (command !== "test") args.clientPid = process.pid;
  const options = { ...((args.options as Record<string, unknown> | undefined) ?? {}) };
  if (typeof options.python === "string" && options.python.includes("/")) options.python = resolve(cwd, options.python);
  if (process.env.VIRTUAL_ENV && options.virtualEnv === undefined) options.virtualEnv = process.env.VIRTUAL_ENV;
  args.options = options;
}
