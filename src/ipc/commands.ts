// The command contract: per daemon command the valibot schema of its arguments (strict: a sender
// with a stale or misspelt argument fails loudly) and, in `Replies`, the type of its reply data;
// everything else about a command (group, summary, how it runs, cross-field checks) is in
// ./meta.ts. The daemon's dispatch validates against it, handlers and CLI calls declare their types
// by it, the MCP tools are generated from it: a renamed or missing command or field fails `tsc`.
import * as v from "valibot";
import { DebuggerError, type ErrorData } from "../common/errors.ts";
import { splitExpressions } from "../common/location.ts";
import type { CommandName } from "./meta.ts";
import type { BreakpointView, DisplayValue, FrameView, SessionState, SessionSummary, SourceLine, StopReport, VariableView } from "./types.ts";
import { MAX_BATCH_COMMANDS } from "./framing.ts";

export { isCommand, meta, type CommandName, type Group } from "./meta.ts";

// ---- argument pieces ---------------------------------------------------------------------

const int = v.pipe(v.number(), v.integer());
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const optStr = v.optional(v.string());
const optBool = v.optional(v.boolean());
const expression = v.pipe(v.string(), v.minLength(1, "give an expression"));
/** Seconds to wait for a stop; 0 waits forever. */
const timeout = v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2_000_000, "a timeout is at most 2000000 s (0 waits forever)")), 60);
/** Seconds an evaluation may take (print, eval, raw): unset is the adapter's usual 30 s; 0 waits forever. */
const answerTimeout = v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2_000_000, "a timeout is at most 2000000 s (0 waits forever)")));
/** Expressions evaluated at the stop an execution command reports (`--print`). */
/** `--print` expressions; one with top-level commas is several (`'year, month'`), as after a breakpoint's ` print `. */
const prints = v.optional(
  v.pipe(
    v.array(expression),
    v.transform((list) => list.flatMap((e) => (e.includes(",") ? splitExpressions(e) : [e]))),
  ),
  [],
);
/** Which locals the text of the stop report shows (presentation only: the daemon and `--json` keep them all). */
const locals = v.optional(v.picklist(["none", "changed", "all"], "none, changed or all"));
const waitArgs = { wait: v.optional(v.boolean(), true), timeout, print: prints, locals };
const breakOpts = { condition: optStr, hitCount: optStr, log: optStr, temporary: optBool };
const format = v.optional(v.picklist(["hex", "bin", "oct", "dec", "char", "address"]));
/** The program's world (DESIGN §7b): the caller's environment (filled in by the CLI or MCP server), --env on top, --clear-env. */
const envArgs = {
  env: v.optional(v.record(v.string(), v.string()), {}),
  clearEnv: optBool,
  /** The caller's whole environment at this call: the program's starts from it; adapters, interpreters and runners are found in it. */
  callerEnv: v.optional(v.record(v.string(), v.string())),
};

/** `--via`: the command (argv) that reaches the target the adapter runs in; `--map`: REMOTE=LOCAL pairs. */
const viaArgs = {
  via: v.optional(v.pipe(v.array(v.string()), v.minLength(1, 'give the command that reaches the target, e.g. ["docker", "exec", "-i", "NAME"]'))),
  map: v.optional(v.array(v.string())),
};

/**
 * What a program the debugger launches is given, one definition for `start` and `run` (and the
 * MCP tools generated from them): `run` takes what `start` takes.
 */
const launchArgs = {
  program: optStr,
  args: v.optional(v.array(v.string()), []),
  cwd: optStr,
  ...envArgs,
  adapter: optStr,
  /** Breakpoints set before the program runs: LOC or 'LOC if COND' (+ ' print EXPR, …'). */
  break: v.optional(v.array(v.string()), []),
  /** The chosen adapter's options (common/adapterOptions.ts), and the caller's DEBUGGER_ADAPTER (common/callerAdapter.ts). */
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  /** A file the program reads as its stdin (`--stdin`); unset: end-of-file. */
  stdin: optStr,
};
/** Python: `module` runs `python -m MODULE` instead of a program file; `via` reaches a target. */
const launchedArgs = { ...launchArgs, ...viaArgs, module: optStr };

/** start and attach (not run, which starts its own adapter): an adapter already listening there. */
const sessionArgs = {
  ...launchArgs,
  connect: v.optional(v.strictObject({ host: v.string(), port: v.pipe(int, v.minValue(1), v.maxValue(65535)) })),
  stopOnEntry: optBool,
  /** A core dump of PROGRAM: opened as a stopped program that cannot run. */
  core: optStr,
  pid: v.optional(posInt),
  /** The calling CLI's pid: attach refuses the caller's own process tree. */
  clientPid: v.optional(posInt),
  ...waitArgs,
};
/** `waitFor`: the name of a process to wait for (a new one, at most `timeout` s), then attach. */
const attachArgs = v.strictObject({ ...sessionArgs, ...viaArgs, waitFor: v.optional(v.pipe(v.string(), v.minLength(1, "give a process name"))) });
const startArgs = v.strictObject({ ...sessionArgs, ...launchedArgs });

/** `test -- CMD…`: the command that runs the tests, as the user types it. */
const testArgs = v.strictObject({
  command: v.pipe(v.array(v.string()), v.minLength(1, 'give the command that runs the tests, e.g. ["pytest", "-x"]')),
  cwd: optStr,
  ...envArgs,
  adapter: optStr,
  break: v.optional(v.array(v.string()), []),
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  /** false: run with breakpoints only (no stop at a failing assertion). */
  stopOnFailure: v.optional(v.boolean(), true),
  stdin: optStr,
  ...viaArgs,
  ...waitArgs,
  /** Walk as `run` walks: one row per breakpoint stop, up to `max`, then the failure or the runner's end, and the session ended. */
  max: v.optional(posInt),
  /** With `max`: leave the session at its last stop (as `run --keep`). */
  keep: optBool,
});

/** `run`'s --max when none is given, and `test`'s when a breakpoint has prints. */
export const RUN_MAX = 20;

/** `run`: a start, a stop at every breakpoint hit recorded as one row, and the end — in one call. */
const runArgs = v.strictObject({
  ...launchedArgs,
  print: prints,
  locals,
  /** Stops recorded before the program is ended (default 20). */
  max: v.optional(posInt, RUN_MAX),
  /** Leave the session at its last stop (under the request's session name) instead of ending it. */
  keep: optBool,
  timeout,
});

/** One side of `diff`: its arguments, stdin file and environment (on top of the caller's). */
const diffSide = v.optional(
  v.strictObject({
    args: v.optional(v.array(v.string()), []),
    stdin: optStr,
    env: v.optional(v.record(v.string(), v.string()), {}),
    test: v.optional(v.pipe(v.string(), v.minLength(1, "give the test's name"))),
  }),
  {},
);

/**
 * `diff`: the same program run twice (sides a and b) with the same breakpoints and prints, compared
 * stop by stop; or, with `command` (a test run as `test` takes it), two tests of one suite (each
 * side's `test`).
 */
const diffArgs = v.strictObject({
  program: optStr,
  command: v.optional(v.pipe(v.array(v.string()), v.minLength(1, 'give the command that runs the tests, e.g. ["pytest"]'))),
  a: diffSide,
  b: diffSide,
  break: v.pipe(v.array(v.string()), v.minLength(1, "give at least one breakpoint")),
  print: prints,
  /** Expressions left out of the comparison. */
  ignore: v.optional(v.array(v.string()), []),
  /** Addresses (0x…) count as differences. */
  addresses: optBool,
  adapter: optStr,
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  clearEnv: optBool,
  callerEnv: envArgs.callerEnv,
  /** Stops recorded per run (default 200). */
  max: v.optional(posInt, 200),
  timeout,
});

const stepArgs = v.strictObject({ ...waitArgs, count: v.optional(posInt, 1), thread: v.optional(int) });
const noArgs = v.strictObject({});

type ArgsSchema = v.StrictObjectSchema<v.ObjectEntries, undefined>;

/** The arguments of each command. */
export const argSchemas = {
  ping: noArgs,
  shutdown: noArgs,
  status: noArgs,
  sessions: noArgs,
  start: startArgs,
  test: testArgs,
  attach: attachArgs,
  stop: noArgs,
  detach: noArgs,
  restart: v.strictObject({ ...waitArgs, callerEnv: envArgs.callerEnv }),
  run: runArgs,
  diff: diffArgs,

  "breakpoint.add": v.strictObject({ location: v.pipe(v.string(), v.minLength(1, "give a location")), ...breakOpts }),
  "breakpoint.list": noArgs,
  "breakpoint.remove": v.strictObject({ ids: v.optional(v.array(posInt), []), all: optBool }),
  "breakpoint.enable": v.strictObject({ ids: v.pipe(v.array(posInt), v.minLength(1, "give at least one breakpoint id")) }),
  "breakpoint.disable": v.strictObject({ ids: v.pipe(v.array(posInt), v.minLength(1, "give at least one breakpoint id")) }),
  "watch.add": v.strictObject({
    expression: v.pipe(v.string(), v.minLength(1, "give a variable or expression")),
    access: v.optional(v.picklist(["read", "write", "readWrite"]), "write"),
    condition: optStr,
    hitCount: optStr,
  }),
  "watch.list": noArgs,
  catch: v.strictObject({ add: v.optional(v.array(v.string()), []), remove: v.optional(v.array(v.string()), []) }),

  continue: stepArgs,
  next: stepArgs,
  step: stepArgs,
  finish: stepArgs,
  until: v.strictObject({ location: v.pipe(v.string(), v.minLength(1, "give a location")), ...waitArgs }),
  // ofRun: the CLI's Ctrl-C in `run` pauses the run started under this session name (its own session is NAME.runN).
  pause: v.strictObject({ ...waitArgs, thread: v.optional(int), ofRun: v.optional(v.boolean()) }),
  await: v.strictObject({ timeout, print: prints, locals }),

  context: v.strictObject({ lines: v.optional(v.pipe(int, v.minValue(0), v.maxValue(500))) }),
  backtrace: v.strictObject({ limit: v.optional(posInt), locals: optBool, thread: v.optional(int), all: optBool }),
  frame: v.strictObject({ index: v.optional(v.pipe(int, v.minValue(0))), thread: v.optional(int) }),
  up: v.strictObject({ count: v.optional(posInt, 1) }),
  down: v.strictObject({ count: v.optional(posInt, 1) }),
  locals: v.strictObject({
    depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(5)), 0),
    all: optBool,
    scope: v.optional(v.pipe(v.string(), v.minLength(1, "give a scope name or all"))),
  }),
  args: v.strictObject({ depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(5)), 0) }),
  print: v.strictObject({
    expressions: v.pipe(v.array(expression), v.minLength(1, "give an expression")),
    format,
    depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(10))),
    timeout: answerTimeout,
    /** Evaluated in this frame of the current stop (0 innermost, as `backtrace` numbers them); the selected frame stays. */
    frame: v.optional(v.pipe(int, v.minValue(0))),
  }),
  display: v.strictObject({ expressions: v.optional(v.array(expression), []) }),
  undisplay: v.strictObject({ ids: v.optional(v.array(posInt), []), all: optBool }),
  trace: v.strictObject({
    location: v.pipe(v.string(), v.minLength(1, "give a location")),
    print: prints,
    locals,
    max: v.optional(v.pipe(int, v.minValue(1), v.maxValue(100_000)), 100),
    if: optStr,
    timeout,
  }),
  batch: v.strictObject({
    commands: v.pipe(
      v.array(v.strictObject({ command: v.string(), args: v.optional(v.record(v.string(), v.unknown()), {}), session: v.optional(v.string()) })),
      v.minLength(1, "give at least one command"),
      v.maxLength(MAX_BATCH_COMMANDS, `a batch runs at most ${MAX_BATCH_COMMANDS} commands`),
    ),
    keepGoing: optBool,
  }),
  eval: v.strictObject({ expression, format, depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(10)), 0), timeout: answerTimeout }),
  raw: v.strictObject({ expression: v.pipe(v.string(), v.minLength(1, "give a console command")), timeout: answerTimeout }),
  set: v.strictObject({ name: v.pipe(v.string(), v.minLength(1, "give a variable")), value: v.string() }),
  threads: noArgs,
  thread: v.strictObject({ id: v.optional(int) }),
  registers: v.strictObject({ names: v.optional(v.array(v.string()), []), all: optBool }),
  "memory.read": v.strictObject({
    location: v.pipe(v.string(), v.minLength(1, "give an address")),
    count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(65536)), 64),
    format: v.optional(v.picklist(["hex", "bytes", "words", "chars"]), "hex"),
  }),
  list: v.strictObject({ location: optStr, lines: v.optional(v.pipe(int, v.minValue(0), v.maxValue(500))) }),
  /** `function`: true for the selected frame's whole function, or a function's name; `count` then caps it (default 400; else 16). */
  disassemble: v.strictObject({
    address: optStr,
    count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(1000))),
    source: optBool,
    function: v.optional(v.union([v.boolean(), v.string()])),
  }),
  events: v.strictObject({ limit: v.optional(posInt, 20) }),

  output: v.strictObject({
    tail: v.optional(v.pipe(int, v.minValue(0))),
    since: v.optional(v.pipe(int, v.minValue(0))),
    clear: optBool,
    stdout: optBool,
    stderr: optBool,
    console: optBool,
    follow: optBool,
    timeout: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2_000_000, "a timeout is at most 2000000 s (0 waits forever)")), 0),
  }),
} as const satisfies Record<CommandName, ArgsSchema>;

/** What a caller may send (defaults may be left out). */
export type ArgsIn<C extends CommandName> = v.InferInput<(typeof argSchemas)[C]>;
/** What a handler receives (defaults filled in). */
export type ArgsOut<C extends CommandName> = v.InferOutput<(typeof argSchemas)[C]>;

/** A request as a sender builds it: the command and its arguments, typed together. */
export type CallOf<K extends CommandName> = { [C in K]: { command: C; args: ArgsIn<C> } }[K];
export type Call = CallOf<CommandName>;

/** The arguments when they are valid, else undefined (the daemon will say what is wrong). */
export function tryParseArgs<C extends CommandName>(command: C, raw: unknown): ArgsOut<C> | undefined {
  const r = v.safeParse(argSchemas[command], raw ?? {});
  return r.success ? (r.output as ArgsOut<C>) : undefined;
}

/** Validates a request's arguments against the contract; the first problem becomes INVALID_ARGUMENT. */
export function parseArgs<C extends CommandName>(command: C, raw: unknown): ArgsOut<C> {
  const r = v.safeParse(argSchemas[command], raw ?? {});
  if (r.success) return r.output as ArgsOut<C>;
  const issue = r.issues[0];
  const key = v.getDotPath(issue);
  // A required argument left out: valibot reports it as a key it expected and got undefined for.
  if (issue.kind === "schema" && issue.received === "undefined" && issue.path?.at(-1)?.origin === "key" && key) {
    throw new DebuggerError("INVALID_ARGUMENT", `${command}: missing argument '${key}'`, "`debugger help COMMAND` shows its arguments");
  }
  // A strict object names the argument it does not know: a sender of another version, or a typo.
  if (issue.type === "strict_object") {
    throw new DebuggerError("INVALID_ARGUMENT", `${command}: unknown argument${key ? ` '${key}'` : ""}`, "`debugger help COMMAND` shows its arguments");
  }
  throw new DebuggerError(
    "INVALID_ARGUMENT",
    `${command}: bad argument${key ? ` '${key}'` : ""}: ${issue.message}`,
    "`debugger help COMMAND` shows its arguments",
  );
}

// ---- replies -----------------------------------------------------------------------------

export interface StopData {
  state: SessionState;
  stop?: StopReport;
  /** --no-wait: the command returned before the stop. */
  waiting?: boolean;
}

export interface StartData extends StopData {
  session: SessionSummary;
  breakpoints: BreakpointView[];
  /** Said once, beside the reply: all breakpoints failed to bind, … */
  warnings?: string[];
}

export interface TestData extends StartData {
  /** Which runner the command is, and what runs under the debugger. */
  runner: string;
  program: string;
  args: string[];
  /** Said beside the reply: another test executable also matches, a borrowed debugpy … */
  notes?: string[];
  /** Several targets (`go test ./...`, cargo's executables, ctest): every test the plain run saw fail, by name; the first is the one debugged. */
  failures?: string[];
  /** Nothing failed when the runner ran plainly: `stop` is its exit and verdict, and no session was started. */
  ranPlainly?: boolean;
  /** At the --timeout the tests were still running: paused, `stop` is where, and every waiting thread is listed (as `pause` lists them). */
  hang?: HangReport;
  /** The session a previous `test` left at its failure, which this one replaced. */
  replaced?: string;
  /** `max` given: the tests walked as `run` walks (one row per breakpoint stop); how it ended, and whether the session was kept. `stop` is the last stop. */
  hits?: RunHit[];
  stoppedBy?: RunData["stoppedBy"];
  kept?: boolean;
  outputDifferences?: string[];
}

export interface ListData {
  /** The file's path (or, for a source without one, the adapter's name for it). */
  file: string;
  /** The first and last line shown, and the file's length. */
  from: number;
  to: number;
  total: number;
  /** The line asked for: FILE:LINE's, a function's first line, the current line. */
  line?: number;
  /** The function asked for, and other definitions of the same name. */
  function?: string;
  others?: string[];
  /** Read with the adapter's `source` request: the source has no file on disk. */
  via?: "source";
  /** current: where the selected frame is stopped. */
  lines: SourceLine[];
}

export interface ContextData {
  state: SessionState;
  threadId: number;
  frameIndex: number;
  reason?: string;
  breakpointIds: number[];
  frame: Omit<FrameView, "index" | "id">;
  source: SourceLine[];
  locals: VariableView[];
  truncated?: string[];
}

export interface ValueData {
  expression: string;
  result: string;
  type?: string;
  reference: number;
  children?: VariableView[];
  truncated?: string[];
}

export interface OutputData {
  text: string;
  dropped: number;
  /** When chunks were dropped: the file (kept after the session ends) holding every byte of the program's stdout and stderr. */
  file?: string;
  cursor: number;
  state: SessionState;
  /** The last reply of `--follow`: why it stopped. */
  done?: string;
}

export interface ThreadView {
  id: number;
  name: string;
  current: boolean;
  /** `threads` only: running or stopped; the thread the stop is about carries its reason. */
  state?: "running" | "stopped";
  reason?: string;
  /** `threads` only, when stopped: the thread's first frame in the user's code (its top frame when none is). */
  frame?: { function?: string; file?: string; line?: number };
  /** `threads` only: the number of that frame when it is not the top one (`frame N --thread ID` selects it), */
  frameIndex?: number;
  /** and the function on top, where the thread waits (a library's or the runtime's). */
  top?: string;
}

export interface PrintResult {
  expression: string;
  result?: string;
  type?: string;
  reference?: number;
  error?: string;
}

export interface TraceHit {
  hit: number;
  threadId?: number;
  values: { expression: string; value?: string; error?: string }[];
  /** The pass stopped at this many code locations of its line, merged into this one row (as RunHit's). */
  locations?: number;
}

export interface RunHit {
  hit: number;
  breakpointIds: number[];
  threadId?: number;
  frame?: { function?: string; file?: string; line?: number };
  values: { expression: string; value?: string; error?: string }[];
  /** The pass stopped at this many code locations of its line (a `for` line, a call spanning lines), merged into this one row; the values are those read at the last (runPasses.ts). */
  locations?: number;
}

export interface RunData {
  session: SessionSummary;
  hits: RunHit[];
  /** The last stop: the exit, or a stop that was not a breakpoint's (a crash, an exception); its output is all the program printed. */
  stop?: StopReport;
  /** What ended the run: the program's end, `max` stops, another kind of stop, the timeout, a Ctrl-C (`interrupted`). */
  /** `printsFailed`: every value of the first row failed for a name unknown there, so the run ended at that stop (`stop`) instead of repeating it. */
  stoppedBy: "max" | "exit" | "other" | "timeout" | "interrupted" | "printsFailed";
  /** At the timeout or a Ctrl-C the program was still running: it was paused first, and `stop` is that pause; every thread waiting (a hang) is listed here as `pause` lists them. */
  hang?: HangReport;
  /** The session was left at its last stop (`keep`). */
  kept: boolean;
  breakpoints: BreakpointView[];
  /** How the output shown differs from the program's bytes where the adapter cannot carry them (README: "The program's output"). */
  outputDifferences?: string[];
  warnings?: string[];
}

/** How one side of a `diff` ended. */
export interface DiffEnd {
  stops: number;
  stoppedBy: RunData["stoppedBy"];
  exitCode?: number | null;
  signal?: string;
  /** A stop that was not a breakpoint's (a crash, an exception), or where a hang was paused: where, and why. */
  at?: string;
  reason?: string;
}

export interface DiffData {
  /** Stops (compared in order) whose place and values agree before the first difference. */
  agree: number;
  /** The first stop at the same place whose values differ: its number, place, and each differing value on both sides. */
  differs?: { stop: number; at: string; values: { expression: string; a: string; b: string }[] };
  /** Where control flow parts: the last common stop, each side's next place (`end`: none), and the places reached a different number of times. */
  parts?: { after: number; lastCommon?: string; a: string; b: string; counts: { at: string; a: number; b: number }[] };
  a: DiffEnd;
  b: DiffEnd;
  /** The first output lines that differ (line number from 1; absent: no such line). */
  output?: { line: number; a?: string; b?: string }[];
  /** Files holding each run's whole output, where it was cut. */
  outputFiles?: { a?: string; b?: string };
  /** Why the outputs were not compared (a test run ended at its failure, before its runner's summary). */
  outputNotCompared?: string;
  /** Two tests of one suite: each side's test. */
  tests?: { a: string; b: string };
  warnings?: string[];
}

/** A step of a batch that succeeded: command K's reply. */
export type BatchOk<K extends CommandName = CommandName> = { [C in K]: { ok: true; command: C; session: string; data: Replies[C] } }[K];
/** One step of a batch: the command's own reply, or its error. */
export type BatchReply = BatchOk | BatchFailure;

export interface BatchFailure {
  ok: false;
  command: string;
  session: string;
  error: ErrorData;
}

export interface ThreadStack {
  id: number;
  name: string;
  current: boolean;
  /** The frames asked for (the top one by default), and the first frame in the user's code. */
  frames: Omit<FrameView, "id">[];
  userFrame?: Omit<FrameView, "id">;
}

/** One line of the hang report: threads that wait on the same thing at the same frame of the user's. */
export interface HangGroup {
  /** Thread (goroutine) ids, in order; `locals` are the first one's. */
  threads: number[];
  /** The first thread's name. */
  name: string;
  current?: boolean;
  /** The first frame in the user's code (`index`: `frame N --thread ID` goes there). */
  frame: Omit<FrameView, "id" | "column">;
  /** That frame's source line, trimmed. */
  text?: string;
  /** What it waits on (`chan send`, `sync.WaitGroup.Wait`, `pthread_mutex_lock`, `Thread.join`); absent when the frames do not say. */
  waits?: string;
  /** The runtime's or library's function that tells it (`runtime.chansend1`, `___pthread_mutex_lock`). */
  in?: string;
  /** The thread that holds the pthread mutex it waits for (glibc's `__data.__owner`; `lwp` its kernel id, `thread` the debugger's id of it, absent when no thread has it). */
  heldBy?: { lwp: number; thread?: number };
  /** Its top frame is the user's and nothing says that line waits: it runs (an endless loop). */
  running?: boolean;
  locals?: VariableView[];
}

/** `pause` on a program with more than one thread: every thread with the user's code on its stack. */
export interface HangReport {
  /** No thread runs the program's own code: every one waits. */
  blocked: boolean;
  groups: HangGroup[];
  /** Threads with nothing of the user's on the stack, by their top function. */
  idle: { function: string; threads: number[] }[];
  /** The program did not stop (debugpy pauses a thread only when it runs Python code): stacks read while it runs, without locals. */
  notStopped?: boolean;
  truncated?: string[];
}

export interface Replies {
  ping: {
    version: string;
    pid: number;
    uptime: number;
    spares?: { adapter: string; pid?: number; ageSeconds: number }[];
    /** Launches made ahead: a program held before its first line for the next start of the same launch. */
    launched?: { adapter: string; pid?: number; program: string; ageSeconds: number }[];
  };
  shutdown: { stopped: boolean; pid: number };
  status: {
    session: string;
    state: SessionState;
    daemon: { version: string; pid: number };
    program?: string;
    adapter?: string;
    pid?: number;
    mode?: "launch" | "attach";
    /** The session started from a warm spare adapter. */
    warm?: boolean;
    threadId?: number;
    exitCode?: number | null;
    breakpoints?: number;
    stop?: StopReport;
  };
  sessions: { sessions: SessionSummary[] };
  start: StartData;
  test: TestData;
  /** `waited`: attach --wait — the process that started, after how long, and others that started with it. */
  attach: StartData & { waited?: { name: string; pid: number; seconds: number; others: number[] } };
  /** `ended`: the program's pids the daemon killed itself because the adapter did not answer. */
  stop: { stopped: string; was: SessionState; ended?: number[] };
  detach: { detached: string; pid?: number };
  restart: StopData;
  run: RunData;
  diff: DiffData;
  "breakpoint.add": { breakpoints: BreakpointView[]; resolvedAs: string };
  "breakpoint.list": { breakpoints: BreakpointView[] };
  "breakpoint.remove": { removed: number[]; breakpoints: BreakpointView[] };
  "breakpoint.enable": { breakpoints: BreakpointView[] };
  "breakpoint.disable": { breakpoints: BreakpointView[] };
  "watch.add": { breakpoints: BreakpointView[]; warnings?: string[] };
  "watch.list": { breakpoints: BreakpointView[] };
  catch: { filters: { filter: string; label: string; description?: string; enabled: boolean; alias?: string; types?: string[] }[] };
  /** loopHint: stopped at the same breakpoint as the stop before it; the one call that walks the loop (`trace … --max N`). */
  continue: StopData & { loopHint?: string };
  next: StopData;
  step: StopData;
  finish: StopData;
  until: StopData & { breakpoint?: number };
  pause: StopData & { hang?: HangReport };
  await: StopData;
  context: ContextData;
  backtrace: { threadId: number; frames: (Omit<FrameView, "id"> & { current: boolean; locals?: VariableView[] })[]; threads?: ThreadStack[] };
  frame: ContextData;
  up: ContextData;
  down: ContextData;
  /** `scopes`: with `scope`, each scope shown, how many variables it has and how many are shown. */
  locals: { frameIndex: number; frame: string; variables: VariableView[]; scopes?: { name: string; total: number; shown: number }[]; truncated?: string[] };
  args: { frameIndex: number; frame: string; variables: VariableView[]; truncated?: string[] };
  print: ValueData | { results: PrintResult[] };
  display: { displays: { id: number; expression: string }[]; values?: DisplayValue[] };
  undisplay: { removed: number[]; displays: { id: number; expression: string }[] };
  /** `interrupted`: a pause (Ctrl-C in the CLI) ended it; the program waits at `stop`. */
  trace: StopData & { hits: TraceHit[]; breakpoint: number; stoppedBy: "max" | "exit" | "other" | "timeout" | "interrupted" };
  /** `interrupted`: a pause (Ctrl-C) on a session the plan drives stopped it after the step under way. */
  batch: { replies: BatchReply[]; ran: number; total: number; interrupted?: true };
  eval: ValueData;
  raw: { result: string; type?: string; reference: number };
  set: { name: string; value: string; type?: string };
  threads: { threads: ThreadView[]; truncated?: string[] };
  /** `context`: after `thread ID`, that thread at its first frame in the user's code, with source and locals. */
  thread: { threadId?: number; threads: ThreadView[]; context?: ContextData };
  registers: { frameIndex: number; registers: { name: string; value: string; group: string }[] };
  /** via: the adapter's `readMemory`, or the debugger's own command where it has none ("lldb"). */
  "memory.read": { address: string; count: number; unreadable: number; hex: string; dump: string[]; via: string };
  /** With `source`: the first instruction of each source line carries that line's text (`sourceText`). */
  list: ListData;
  /** `function`/`truncated`: with `function`, the function shown, and where a long one was cut. `next`: without it, where the listing ran into another function. */
  disassemble: {
    address: string;
    function?: string;
    truncated?: string;
    next?: { address: string; function: string; note: string };
    instructions: {
      address: string;
      instruction: string;
      bytes?: string;
      symbol?: string;
      file?: string;
      line?: number;
      sourceText?: string;
      current: boolean;
    }[];
  };
  events: { events: StopReport[] };
  output: OutputData;
}

// Every command has a reply type and every reply type a command.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _complete: Same<keyof Replies, CommandName> = true;
void _complete;
