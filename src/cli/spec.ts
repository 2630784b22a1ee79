// What a CLI command is: its words, arguments, the daemon request it makes and how its reply reads.
import { DebuggerError } from "../common/errors.ts";
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

export interface DaemonCall {
  command: string;
  args: Record<string, unknown>;
}

export interface CommandSpec {
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
  /** The request sent to the daemon. */
  call?(a: ParsedArgs, ctx: CliContext): DaemonCall;
  /** Commands that run in the CLI process itself. */
  local?(a: ParsedArgs, ctx: CliContext): Promise<unknown>;
  /** Human rendering of each partial reply of a streaming command (`output --follow`). */
  renderPartial?(data: any, a: ParsedArgs, ctx: CliContext): string;
  /** Socket timeout in ms when the command may run long on purpose. */
  socketTimeoutMs?(a: ParsedArgs, ctx: CliContext): number;
  /** Human rendering of the reply's data. */
  render(data: any, a: ParsedArgs, ctx: CliContext): string;
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
    if (!Number.isInteger(n) || n < 1) throw new DebuggerError("USAGE", `'${w}' is not a ${what}`, "ids are whole numbers from `debugger breakpoint list` (or `threads`, `backtrace`)");
    return n;
  });
}
