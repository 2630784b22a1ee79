// What a command line's JSON reply holds, by type: the harness's `run` and `ok` are typed by the
// command their argv names, through the contract's `Replies[C]` (../../src/ipc/commands.ts) for a
// daemon command and the body's own type for a command the CLI answers itself. Renaming a reply
// field in the contract then fails `tsc` in the tests that read it, too.
//
// `cliWords` is the CLI's command table as types can see it (the registry is a runtime list);
// test/unit/harnessWords.test.ts holds it equal to src/cli/registry.ts.
import type { ErrorData } from "../../src/common/errors.ts";
import type { BatchData } from "../../src/cli/batch.ts";
import type { completion } from "../../src/cli/completion.ts";
import type { DoctorReport } from "../../src/cli/doctor.ts";
import type { ConfigsData } from "../../src/cli/launch.ts";
import type { runSetup } from "../../src/cli/setup.ts";
import type { UninstallData } from "../../src/cli/uninstall.ts";
import type { VersionInfo } from "../../src/common/version.ts";
import type { Replies } from "../../src/ipc/commands.ts";

/** Every command word (and `group sub` pair) of the CLI, and the command it runs: a contract command, or `cli:NAME` for one the CLI answers itself. */
export const cliWords = {
  start: "start",
  attach: "attach",
  stop: "stop",
  kill: "stop",
  detach: "detach",
  restart: "restart",
  status: "status",
  sessions: "sessions",
  configs: "cli:configs",
  run: "run",
  diff: "diff",
  test: "test",
  "breakpoint add": "breakpoint.add",
  break: "breakpoint.add",
  "breakpoint break": "breakpoint.add",
  b: "breakpoint.add",
  "breakpoint b": "breakpoint.add",
  "breakpoint list": "breakpoint.list",
  "breakpoint remove": "breakpoint.remove",
  delete: "breakpoint.remove",
  "breakpoint delete": "breakpoint.remove",
  "breakpoint enable": "breakpoint.enable",
  "breakpoint disable": "breakpoint.disable",
  catch: "catch",
  "watch add": "watch.add",
  "watch list": "watch.list",
  "watch remove": "breakpoint.remove",
  continue: "continue",
  c: "continue",
  next: "next",
  n: "next",
  step: "step",
  s: "step",
  finish: "finish",
  out: "finish",
  until: "until",
  pause: "pause",
  trace: "trace",
  await: "await",
  context: "context",
  where: "context",
  backtrace: "backtrace",
  bt: "backtrace",
  frame: "frame",
  up: "up",
  down: "down",
  locals: "locals",
  args: "args",
  print: "print",
  p: "print",
  display: "display",
  undisplay: "undisplay",
  eval: "eval",
  set: "set",
  registers: "registers",
  "memory read": "memory.read",
  list: "list",
  source: "list",
  disassemble: "disassemble",
  threads: "threads",
  thread: "thread",
  events: "events",
  output: "output",
  raw: "raw",
  "daemon stop": "shutdown",
  "daemon status": "ping",
  logs: "cli:logs",
  version: "cli:version",
  guide: "cli:guide",
  mcp: "cli:mcp",
  batch: "cli:batch",
  doctor: "cli:doctor",
  setup: "cli:setup",
  completion: "cli:completion",
  uninstall: "cli:uninstall",
  // A group word alone runs its default sub-command.
  breakpoint: "breakpoint.list",
  memory: "memory.read",
  watch: "watch.add",
} as const;

/** Group spellings the CLI takes for `breakpoint`. */
export const cliGroupAliases = { bp: "breakpoint", breakpoints: "breakpoint" } as const;

/** The data of the commands the CLI answers itself (their bodies' types). */
export interface LocalReplies {
  "cli:logs": { path: string; text: string };
  "cli:version": VersionInfo;
  "cli:guide": { text: string };
  "cli:mcp": Record<string, never>;
  "cli:batch": BatchData;
  "cli:doctor": DoctorReport;
  "cli:setup": Awaited<ReturnType<typeof runSetup>>;
  "cli:completion": Awaited<ReturnType<typeof completion>>;
  "cli:configs": ConfigsData;
  "cli:uninstall": UninstallData;
}

type Words = typeof cliWords;
type Named = Words[keyof Words];
type AllReplies = Replies & LocalReplies;

/** Global flags a command line may start with, and how many words each takes. */
type Leading = { "--json": 1; "--quiet": 1; "--session": 2 };

type Drop<A extends readonly string[], N> = N extends 2
  ? A extends readonly [string, string, ...infer R extends readonly string[]]
    ? R
    : []
  : A extends readonly [string, ...infer R extends readonly string[]]
    ? R
    : [];

type GroupOf<W extends string> = W extends keyof typeof cliGroupAliases ? (typeof cliGroupAliases)[W] : W;

/** The command an argv runs, when its command words are literals; `never` when they are not. */
export type CommandOfArgv<A extends readonly string[]> = A extends readonly [infer W extends string, ...infer R extends readonly string[]]
  ? W extends keyof Leading
    ? CommandOfArgv<Drop<A, Leading[W]>>
    : R extends readonly [infer S extends string, ...unknown[]]
      ? `${GroupOf<W>} ${S}` extends keyof Words
        ? Words[`${GroupOf<W>} ${S}`]
        : GroupOf<W> extends keyof Words
          ? Words[GroupOf<W>]
          : never
      : GroupOf<W> extends keyof Words
        ? Words[GroupOf<W>]
        : never
  : never;

/**
 * What a test may read of a reply: every field the type names, at any depth, with the members of a
 * union merged (print answers `ValueData` for one expression, `{results}` for several) and optional
 * fields typed as present. A field the contract does not name is an error; whether a field is there
 * is the test's to assert, at run time, as it asserts the values.
 */
export type Reading<T> = Exclude<T, object | null | undefined> | ReadObject<Extract<T, object>>;
type ReadObject<O> = [O] extends [never] ? never : [O] extends [readonly unknown[]] ? Reading<O[number]>[] : { [K in KeysOf<O>]-?: Reading<FieldOf<O, K>> };
type KeysOf<O> = O extends unknown ? keyof O : never;
type FieldOf<O, K extends PropertyKey> = O extends unknown ? (K extends keyof O ? O[K] : never) : never;

/** The `data` of a successful reply to ARGV, as a test reads it: the named command's reply; `unknown` where the argv is not literal. */
export type DataOf<A extends readonly string[]> = [CommandOfArgv<A>] extends [never]
  ? unknown
  : CommandOfArgv<A> extends Named
    ? Reading<AllReplies[CommandOfArgv<A>]>
    : unknown;

/**
 * The `--json` document of a command. `data` is there when `ok` is true, `error` when it is not;
 * the test asserts which (exitCode, ok) before it reads either, so both are typed as present.
 */
export interface CliJson<D> {
  ok: boolean;
  command: string;
  session: string;
  data: D;
  error: ErrorData;
  /** What happened on the session while no client was listening. */
  notice?: string;
}

/** The stop an execution command's reply holds; a reply without one (it did not wait) fails the test here. */
export function stopOf<T extends { stop?: import("../../src/ipc/types.ts").StopReport }>(data: T): NonNullable<T["stop"]> {
  if (!data.stop) throw new Error(`the reply holds no stop: ${JSON.stringify(data).slice(0, 300)}`);
  return data.stop as NonNullable<T["stop"]>;
}
