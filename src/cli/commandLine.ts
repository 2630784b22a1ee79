// A command line → what it asks for: help, a body that runs in the CLI, or the request a daemon
// command sends. One function for every reader of command lines (the CLI, each line of a batch,
// the request table test), so the same words make the same request and the same errors. The
// command table comes in as an argument: batch is loaded by the table, so it cannot import it.
import { DebuggerError } from "../common/errors.ts";
import { checkSessionName } from "../common/sessionName.ts";
import { checkArgs, cliSpelling } from "../ipc/calls.ts";
import type { CallOf } from "../ipc/commands.ts";
import type { Single } from "../ipc/meta.ts";
import { parseArgv, type ParsedArgs } from "./args.ts";
import { isDaemonSpec, type CliContext, type CommandLineTable, type CommandSpec, type DaemonSpec, type LocalSpec } from "./spec.ts";

/** The longest --timeout: 2,000,000 s (23 days) stays under the 2^31-1 ms a timer can wait. */
export const MAX_TIMEOUT_S = 2_000_000;

/** Which help a command line asks for. */
export type HelpAsk =
  /** The main page; `usage`: asked for by no command at all (exit 2), not by --help or `help`. */
  { of: "main"; all: boolean; usage: boolean } | { of: "group"; group: string } | { of: "command"; spec: CommandSpec; all: boolean };

/** What a command's context starts from before the line's own global flags. */
export interface ContextDefaults {
  /** Read only when the line gives no --session (an unset one is never checked then). */
  session: () => string;
  cwd: string;
  json: boolean;
  quiet: boolean;
  timeout: number;
  locals?: CliContext["locals"];
}

export type CommandLineAsk =
  | { help: HelpAsk }
  | { spec: LocalSpec; args: ParsedArgs; ctx: CliContext }
  | { spec: DaemonSpec; args: ParsedArgs; ctx: CliContext; call: CallOf<Single> };

/** What is known of a line as it is read, for an error's JSON document (`command`, `session`). */
export interface Seen {
  command?: string;
  session?: string;
}

function beforeDoubleDash(argv: readonly string[]): readonly string[] {
  const i = argv.indexOf("--");
  return i < 0 ? argv : argv.slice(0, i);
}

/**
 * Reads a command line: the command's words wherever the global flags are, its flags strictly,
 * its positionals, then the context its global flags make on top of `defaults` (given once the
 * command is known: the CLI reads its config only for daemon commands) and, for a daemon command,
 * the request, checked across its arguments as every sender checks it.
 */
export async function parseCommandLine(
  argv: readonly string[],
  table: CommandLineTable,
  defaults: (spec: CommandSpec) => ContextDefaults | Promise<ContextDefaults>,
  seen: Seen = {},
): Promise<CommandLineAsk> {
  const line = table.splitCommandLine(argv);
  seen.command = line.words[0] ?? "";
  const flagWords = beforeDoubleDash(argv);
  const helpFlag = flagWords.includes("--help") || flagWords.includes("-h");
  const all = flagWords.includes("--all") || flagWords.includes("-a");
  if (line.version && !line.words.length) line.words.push("version");
  if (!line.words.length || line.words[0] === "help") {
    const target = line.words.slice(1);
    if (!target.length) return { help: { of: "main", all, usage: argv.length === 0 || (!helpFlag && line.words[0] !== "help") } };
    const group = table.groupAliases[target[0]!] ?? target[0]!;
    if (group in table.groups && target.length === 1) return { help: { of: "group", group } };
    return { help: { of: "command", spec: (await table.findCommand(target)).spec, all } };
  }
  const found = await table.findCommand(line.words);
  const spec = found.spec;
  seen.command = spec.name;
  // `breakpoint --help`: the group's page, whatever else the line holds.
  if (helpFlag && found.group && !found.explicitSub) return { help: { of: "group", group: found.group } };
  const args = parseArgv([...line.words.slice(found.used), ...line.rest], table.flagsOf(spec), spec.name);
  if (args.flags.help) return { help: { of: "command", spec, all: false } };
  table.checkPositionals(spec, args);
  const ctx = contextOf(args, await defaults(spec), seen);
  if (!isDaemonSpec(spec)) return { spec, args, ctx };
  const call = await spec.call(args, ctx);
  checkArgs(call.command, call.args, cliSpelling);
  return { spec, args, ctx, call };
}

/** The context a line's global flags (--session, --json, --quiet, --timeout, --no-wait) make on top of the defaults. */
function contextOf(args: ParsedArgs, d: ContextDefaults, seen: Seen): CliContext {
  const session = typeof args.flags.session === "string" ? checkSessionName(args.flags.session, "--session") : d.session();
  seen.session = session;
  const timeout = typeof args.flags.timeout === "number" ? args.flags.timeout : d.timeout;
  if (timeout < 0) throw new DebuggerError("USAGE", "--timeout cannot be negative", "seconds, e.g. --timeout 120 (0 waits forever)");
  // Timers take at most 2^31-1 ms; a longer one fires at once (a bogus TIMEOUT before anything ran).
  if (timeout > MAX_TIMEOUT_S)
    throw new DebuggerError("USAGE", `--timeout ${timeout} is more than ${MAX_TIMEOUT_S} s`, "seconds, e.g. --timeout 120; 0 waits forever");
  return {
    session,
    cwd: d.cwd,
    json: d.json || args.flags.json === true,
    quiet: d.quiet || args.flags.quiet === true,
    timeout,
    wait: args.flags.wait !== false,
    locals: d.locals,
  };
}
