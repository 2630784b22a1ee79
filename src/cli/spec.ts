// What a CLI command is: its words, arguments, the daemon request it makes and how its reply reads.
import { DebuggerError } from "../common/errors.ts";
import { parseLocation, splitCondition } from "../common/location.ts";
import type { ArgsIn, CommandName, Group, ReplyOf } from "../ipc/commands.ts";
import type { FlagDef, ParsedArgs, PositionalDef } from "./args.ts";

export interface CliContext {
  session: string;
  cwd: string;
  json: boolean;
  quiet: boolean;
  /** Seconds to wait for a stop (execution commands). */
  timeout: number;
  wait: boolean;
}

/**
 * A CLI command. One that talks to the daemon names its contract command (`command`); its
 * arguments and the data its renderer reads are typed by the contract. Local commands (doctor,
 * setup, guide, …) run in the CLI process and say their help group themselves.
 */
export interface CommandSpec<C extends CommandName = CommandName> {
  /** Canonical name; for groups "group sub" (e.g. "breakpoint add"). */
  name: string;
  aliases?: string[];
  summary: string;
  positionals?: PositionalDef[];
  flags?: Record<string, FlagDef>;
  /** Waits for a stop: takes --no-wait and --timeout. */
  execution?: boolean;
  /** Takes program arguments after `--`. */
  passThrough?: boolean;
  examples?: string[];
  /** The daemon command it sends (its group is the help section). */
  command?: C;
  /** Help section of a local command. */
  group?: Group;
  /** The request sent to the daemon. */
  call?(a: ParsedArgs, ctx: CliContext): { command: C; args: ArgsIn<C> };
  /** Commands that run in the CLI process itself. */
  local?(a: ParsedArgs, ctx: CliContext): Promise<unknown>;
  /** Human rendering of each partial reply of a streaming command (`output --follow`). */
  renderPartial?(data: ReplyOf<C>, a: ParsedArgs, ctx: CliContext): string;
  /** Socket timeout in ms when the command may run long on purpose. */
  socketTimeoutMs?(a: ParsedArgs, ctx: CliContext): number;
  /** The exit code of a successful reply that carries failures of its own (a batch); default 0. */
  exitCode?(data: any): number;
  /** Human rendering of the reply's data. */
  render(data: ReplyOf<C>, a: ParsedArgs, ctx: CliContext): string;
}

/** A daemon command's CLI spec, type-checked against its contract entry. */
export function daemonCommand<C extends CommandName>(spec: CommandSpec<C> & { command: C }): CommandSpec {
  return spec as unknown as CommandSpec;
}

/** A command that runs in the CLI process. */
export function localCommand(spec: Omit<CommandSpec, "command" | "call" | "render"> & { group: Group; local: NonNullable<CommandSpec["local"]>; render(data: any, a: ParsedArgs, ctx: CliContext): string }): CommandSpec {
  return spec as CommandSpec;
}

/** `--print EXPR` (repeatable) on every command that reports a stop: values evaluated at that stop. */
export const printFlag: Record<string, FlagDef> = {
  print: { type: "string", repeat: true, description: "evaluate EXPR at the stop (shown in the reply)", valueHint: "EXPR" },
};

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
    if (!Number.isInteger(n) || n < 1) throw new DebuggerError("USAGE", `'${w}' is not a ${what}`, "ids are whole numbers from `debugger breakpoint list` (or `threads`, `backtrace`)");
    return n;
  });
}

/** A location's syntax is checked here, so a typo is a usage error before anything runs (the daemon resolves files). */
export function location(text: string): string {
  parseLocation(splitCondition(text).location);
  return text;
}

export function locations(texts: string[]): string[] {
  return texts.map(location);
}
