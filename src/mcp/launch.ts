// The start and run tools' `config`: a VS Code launch configuration of the project the server runs
// in (its cwd, as the CLI's --config reads the caller's), expanded into an ordinary start, attach
// or run call by ../ipc/launchCall.ts. The tool's other arguments win over the configuration's.
import { homedir } from "node:os";
import { DebuggerError } from "../common/errors.ts";
import { mcpSpelling } from "../ipc/calls.ts";
import type { ArgsIn, CommandName } from "../ipc/commands.ts";
import { runFromConfig, startFromConfig } from "../ipc/launchCall.ts";

/** The tool properties this adds to start and run (not contract arguments: the daemon never sees them). */
export const LAUNCH_PROPERTIES = {
  config: { type: "string", description: "VS Code launch config" },
} as const;

export interface Expanded {
  command: "start" | "attach" | "run";
  args: Record<string, unknown>;
  notes: string[];
}

/** The call a `config` argument makes; undefined when the call names none. */
export function expandConfig(command: CommandName, args: Record<string, unknown>, cwd: string): Expanded | undefined {
  const { config, launchFile, ...given } = args;
  if (config === undefined) {
    if (launchFile !== undefined)
      throw new DebuggerError(
        "USAGE",
        "launchFile names the file config is read from: give config too",
        'e.g. {"config": "Launch app", "launchFile": "other/launch.json"}',
      );
    return undefined;
  }
  if (command !== "start" && command !== "run") return undefined;
  if (typeof config !== "string" || (launchFile !== undefined && typeof launchFile !== "string"))
    throw new DebuggerError("INVALID_ARGUMENT", "config and launchFile are strings", 'e.g. {"config": "Launch app"}');
  const ctx = { cwd, env: process.env, home: homedir() };
  // An empty args (a client's habit) leaves the configuration's in place; the CLI's bare `--` is the way to say "none".
  const argsGiven = Array.isArray(given.args) && given.args.length > 0;
  const r =
    command === "start"
      ? startFromConfig(config, launchFile as string | undefined, ctx, { ...(given as ArgsIn<"start">), clientPid: process.pid }, argsGiven, mcpSpelling)
      : runFromConfig(config, launchFile as string | undefined, ctx, given as Partial<ArgsIn<"run">>, argsGiven, mcpSpelling);
  return { command: r.call.command, args: r.call.args as Record<string, unknown>, notes: r.notes };
}
