// What a CLI command is: its words and arguments, and either the daemon request it makes (a
// contract command, whose group, summary and reply text come from ../ipc/meta.ts and
// ../present/) or a body that runs in the CLI process, loaded only when it runs.
import { DebuggerError } from "../common/errors.ts";
import type { CallOf } from "../ipc/commands.ts";
import type { Group, Single } from "../ipc/meta.ts";
import type { FlagDef, ParsedArgs, PositionalDef } from "./args.ts";

export interface CliContext {
  session: string;
  cwd: string;
  json: boolean;
  quiet: boolean;
  /** Seconds to wait for a stop (execution commands). */
  timeout: number;
  wait: boolean;
  /** [defaults] locals in config.toml: the stop report's locals when the command gives no --locals. */
  locals?: "none" | "changed" | "all";
}

/** What a local body gets: the caller's context and the command table (bodies never import it). */
export interface LocalContext extends CliContext {
  table: CommandTable;
}

interface Words {
  /** Canonical name; for groups "group sub" (e.g. "breakpoint add"). */
  name: string;
  aliases?: string[];
  positionals?: PositionalDef[];
  flags?: Record<string, FlagDef>;
  /** Takes program arguments after `--`. */
  passThrough?: boolean;
  /** How help writes them (default `[-- ARGS…]`). */
  passThroughUsage?: string;
  examples?: string[];
}

/** A command the daemon answers: `call` builds the request from the command line. */
export interface DaemonSpec extends Words {
  command: Single;
  /** Only where the CLI command is another spelling of the contract command (`watch remove`). */
  summary?: string;
  /** A promise where building the call reads files (`start --config`: launch.json). */
  call(a: ParsedArgs, ctx: CliContext): CallOf<Single> | Promise<CallOf<Single>>;
  /** Socket timeout in ms when the command may run long on purpose. */
  socketTimeoutMs?(a: ParsedArgs, ctx: CliContext): number;
  /** A line the CLI's text adds under the reply (what the command leaves as it was). */
  textNote?: string;
}

/** What a local body returns: the JSON document's data and the human text. */
export interface LocalResult<D = unknown> {
  data: D;
  text: string;
  /** A result that carries failures of its own (a batch); default 0. */
  exitCode?: number;
  /** What happened on the session while nobody listened (an interrupted trace or batch). */
  notice?: string;
}

/** A local command's failure that comes with a report of its own, printed before the error (doctor). */
export class ReportedFailure extends DebuggerError {
  constructor(
    e: DebuggerError,
    readonly text: string,
  ) {
    super(e.code, e.message, e.hint, e.details);
  }
}

/** A command that runs in the CLI process; its body is a dynamic import inside `run`. */
export interface LocalSpec extends Words {
  group: Group;
  summary: string;
  run(a: ParsedArgs, ctx: LocalContext): Promise<LocalResult>;
}

export type CommandSpec = DaemonSpec | LocalSpec;

/**
 * A word that holds sub-commands (`breakpoint add`): its other spellings, the sub-command the word
 * alone runs, and the sub-commands, each named by its own word (`add`); the table names them
 * `breakpoint add`.
 */
export interface GroupSpec {
  word: string;
  aliases?: string[];
  /** What the word alone runs (`breakpoint` is `breakpoint list`); none: a sub-command is needed. */
  default?: string;
  /** The default sub-command also takes the words that follow (`watch total` is `watch add total`). */
  open?: boolean;
  commands: CommandSpec[];
}

/** What a definition file exports: commands and groups of them, in the order help lists them. */
export type Definition = CommandSpec | GroupSpec;

export function isGroupSpec(d: Definition): d is GroupSpec {
  return "word" in d;
}

export function isDaemonSpec(spec: CommandSpec): spec is DaemonSpec {
  return "command" in spec;
}

/**
 * What reading a command line needs of the table: the group words, finding the command, its flags
 * and positional rules. The CLI's own (cli/lazyTable.ts) finds a command by loading only the
 * definition file that holds it, so its findCommand may answer later.
 */
export interface CommandLineTable {
  groups: Record<string, string | undefined>;
  groupAliases: Record<string, string>;
  flagsOf(spec: CommandSpec): Record<string, FlagDef>;
  findCommand(words: string[]): Found | Promise<Found>;
  splitCommandLine(argv: readonly string[]): CommandLine;
  checkPositionals(spec: CommandSpec, parsed: { positionals: string[]; sawDoubleDash: boolean }): void;
}

/** The command table, handed to the bodies that read it (help, completion, batch). */
export interface CommandTable extends CommandLineTable {
  commands: CommandSpec[];
  globalFlags: Record<string, FlagDef>;
  findCommand(words: string[]): Found;
  subCommands(group: string): CommandSpec[];
  /** Takes --timeout and --no-wait, and waits for a stop. */
  isExecution(spec: CommandSpec): boolean;
  groupOf(spec: CommandSpec): Group;
  summaryOf(spec: CommandSpec): string;
}

/** A command line split into the command's words and the rest, which still holds every flag. */
export interface CommandLine {
  /** The command's words (`breakpoint`, `add`), global flags and their values taken out. */
  words: string[];
  /** Everything else in order: flags (global ones included), positionals, `--` and the program's words. */
  rest: string[];
  /** `-v` / `--version` before the command. */
  version: boolean;
}

export interface Found {
  spec: CommandSpec;
  /** How many command words were used (1 or 2). */
  used: number;
  /** The group named, when the first word is one. */
  group?: string;
  /** The sub-command was written out (not the group's default). */
  explicitSub: boolean;
}

/** `--print EXPR` (repeatable) on every command that reports a stop: values evaluated at that stop. */
export const printFlag: Record<string, FlagDef> = {
  print: { type: "string", repeat: true, description: "evaluate EXPR at the stop (shown in the reply)", valueHint: "EXPR" },
  locals: {
    type: "string",
    description: "the stop's locals: all, none, changed since this frame's last stop (default with --print)",
    valueHint: "none|changed|all",
  },
};

/** `--locals`: none, changed or all; unset leaves the default ([defaults] locals, else all, or changed with --print). */
export function localsFlag(a: ParsedArgs): "none" | "changed" | "all" | undefined {
  const v = str(a, "locals");
  if (v === undefined || v === "none" || v === "changed" || v === "all") return v;
  throw new DebuggerError(
    "USAGE",
    `--locals takes none, changed or all, not '${v}'`,
    "e.g. --locals changed (the locals whose value changed since the last stop in this frame)",
  );
}

export function str(a: ParsedArgs, name: string): string | undefined {
  const v = a.flags[name];
  return v === undefined ? undefined : String(v);
}

export function num(a: ParsedArgs, name: string): number | undefined {
  const v = a.flags[name];
  return typeof v === "number" ? v : undefined;
}

export function bool(a: ParsedArgs, name: string): boolean | undefined {
  const v = a.flags[name];
  return typeof v === "boolean" ? v : undefined;
}

export function list(a: ParsedArgs, name: string): string[] {
  const v = a.flags[name];
  return Array.isArray(v) ? v : v === undefined ? [] : [String(v)];
}

/** Whole positive ids, or a usage error. */
export function ids(words: string[], what = "id"): number[] {
  return words.map((w) => {
    const n = Number(w.replace(/^#/, ""));
    if (!Number.isInteger(n) || n < 1)
      throw new DebuggerError("USAGE", `'${w}' is not a ${what}`, "ids are whole numbers from `debugger breakpoint list` (or `threads`, `backtrace`)");
    return n;
  });
}
