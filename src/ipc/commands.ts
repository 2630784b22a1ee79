// The command contract: one entry per daemon command — its group, a one-line summary, the valibot
// schema of its arguments and (in `Replies`) the type of its reply data. The daemon's dispatch
// validates against it, the handlers and the CLI's requests are typed by it, and the MCP tools and
// shell completions are generated from it, so a renamed or missing command or field fails `tsc`.
import * as v from "valibot";
import { DebuggerError } from "../common/errors.ts";
import type { BreakpointView, DisplayValue, FrameView, SessionState, SessionSummary, SourceLine, StopReport, VariableView } from "./types.ts";
import { MAX_BATCH_COMMANDS } from "./protocol.ts";

export type Group = "session" | "breakpoints" | "execution" | "inspection" | "output" | "tools";

// ---- argument pieces ---------------------------------------------------------------------

const int = v.pipe(v.number(), v.integer());
const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const optStr = v.optional(v.string());
const optBool = v.optional(v.boolean());
const expression = v.pipe(v.string(), v.minLength(1, "give an expression"));
/** Seconds to wait for a stop; 0 waits forever. */
const timeout = v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2_000_000, "a timeout is at most 2000000 s (0 waits forever)")), 60);
/** Expressions evaluated at the stop an execution command reports (`--print`). */
const prints = v.optional(v.array(expression), []);
const waitArgs = { wait: v.optional(v.boolean(), true), timeout, print: prints };
const breakOpts = { condition: optStr, hitCount: optStr, log: optStr, temporary: optBool };
const format = v.optional(v.picklist(["hex", "bin", "oct", "dec", "char", "address"]));

const startArgs = v.object({
  program: optStr,
  args: v.optional(v.array(v.string()), []),
  cwd: optStr,
  env: v.optional(v.record(v.string(), v.string()), {}),
  stopOnEntry: optBool,
  /** A core dump of PROGRAM: opened as a stopped program that cannot run. */
  core: optStr,
  adapter: optStr,
  /** Breakpoints set before the program runs: LOC or 'LOC if COND'. */
  break: v.optional(v.array(v.string()), []),
  pid: v.optional(posInt),
  connect: v.optional(v.object({ host: v.string(), port: v.pipe(int, v.minValue(1), v.maxValue(65535)) })),
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  /** The calling CLI's pid: attach refuses the caller's own process tree. */
  clientPid: v.optional(posInt),
  ...waitArgs,
});

/** `run`: a start, a stop at every breakpoint hit recorded as one row, and the end — in one call. */
const runArgs = v.object({
  program: v.pipe(v.string(), v.minLength(1, "give a program")),
  args: v.optional(v.array(v.string()), []),
  adapter: optStr,
  break: v.optional(v.array(v.string()), []),
  print: prints,
  /** Stops recorded before the program is ended (default 20). */
  max: v.optional(posInt, 20),
  /** Leave the session at its last stop (under the request's session name) instead of ending it. */
  keep: optBool,
  timeout,
});

const stepArgs = v.object({ ...waitArgs, count: v.optional(posInt, 1), thread: v.optional(int) });
const noArgs = v.object({});

interface Entry {
  group: Group;
  summary: string;
  args: v.ObjectSchema<v.ObjectEntries, undefined>;
  /** Waits for a stop and replies with the stop report. */
  execution?: boolean;
  /** Replies more than once (partial replies). */
  stream?: boolean;
  /** Answered by the daemon itself, without a session. */
  daemon?: boolean;
}

export const contract = {
  ping: { group: "tools", summary: "daemon version, pid and uptime", args: noArgs, daemon: true },
  shutdown: { group: "tools", summary: "stop the daemon and every session", args: noArgs, daemon: true },
  status: { group: "session", summary: "state of the session and its last stop", args: noArgs },
  sessions: { group: "session", summary: "all sessions of the daemon", args: noArgs, daemon: true },
  start: { group: "session", summary: "launch a program and wait for its first stop", args: startArgs, execution: true },
  attach: { group: "session", summary: "attach to a process by pid or to a listening adapter", args: startArgs, execution: true },
  stop: { group: "session", summary: "end the session (a launched program is terminated)", args: noArgs },
  detach: { group: "session", summary: "detach and leave the program running", args: noArgs },
  run: { group: "session", summary: "start, a row of print values per breakpoint stop, end", args: runArgs, execution: true },
  restart: { group: "session", summary: "launch again with the same arguments and breakpoints", args: v.object(waitArgs), execution: true },

  "breakpoint.add": { group: "breakpoints", summary: "set a breakpoint (FILE:LINE, function, address; 'LOC if COND')", args: v.object({ location: v.pipe(v.string(), v.minLength(1, "give a location")), ...breakOpts }) },
  "breakpoint.list": { group: "breakpoints", summary: "breakpoints with where they bound and hit counts", args: noArgs },
  "breakpoint.remove": { group: "breakpoints", summary: "remove breakpoints by id, or all", args: v.object({ ids: v.optional(v.array(posInt), []), all: optBool }) },
  "breakpoint.enable": { group: "breakpoints", summary: "enable breakpoints", args: v.object({ ids: v.pipe(v.array(posInt), v.minLength(1, "give at least one breakpoint id")) }) },
  "breakpoint.disable": { group: "breakpoints", summary: "disable breakpoints", args: v.object({ ids: v.pipe(v.array(posInt), v.minLength(1, "give at least one breakpoint id")) }) },
  "watch.add": {
    group: "breakpoints",
    summary: "stop when a variable or lvalue is written (or read)",
    args: v.object({ expression: v.pipe(v.string(), v.minLength(1, "give a variable or expression")), access: v.optional(v.picklist(["read", "write", "readWrite"]), "write"), condition: optStr, hitCount: optStr }),
  },
  "watch.list": { group: "breakpoints", summary: "watchpoints", args: noArgs },
  catch: { group: "breakpoints", summary: "exception filters: list, on, off; throw TYPE… for C++ types", args: v.object({ add: v.optional(v.array(v.string()), []), remove: v.optional(v.array(v.string()), []) }) },

  continue: { group: "execution", summary: "resume until a breakpoint, exception or exit", args: stepArgs, execution: true },
  next: { group: "execution", summary: "step over one line", args: stepArgs, execution: true },
  step: { group: "execution", summary: "step into the call on this line", args: stepArgs, execution: true },
  finish: { group: "execution", summary: "run until the current function returns", args: stepArgs, execution: true },
  until: { group: "execution", summary: "run to a location (temporary breakpoint)", args: v.object({ location: v.pipe(v.string(), v.minLength(1, "give a location")), ...waitArgs }), execution: true },
  pause: { group: "execution", summary: "interrupt the running program", args: v.object({ ...waitArgs, thread: v.optional(int) }), execution: true },
  await: { group: "execution", summary: "wait for the next stop (the last one if stopped)", args: v.object({ timeout, print: prints }), execution: true },

  context: { group: "inspection", summary: "source around the current line and the locals", args: v.object({ lines: v.optional(v.pipe(int, v.minValue(0), v.maxValue(500))) }) },
  backtrace: { group: "inspection", summary: "the call stack (all: every thread's top frame)", args: v.object({ limit: v.optional(posInt), locals: optBool, thread: v.optional(int), all: optBool }) },
  frame: { group: "inspection", summary: "select a frame and show it", args: v.object({ index: v.optional(v.pipe(int, v.minValue(0))), thread: v.optional(int) }) },
  up: { group: "inspection", summary: "select the caller's frame", args: v.object({ count: v.optional(posInt, 1) }) },
  down: { group: "inspection", summary: "select the callee's frame", args: v.object({ count: v.optional(posInt, 1) }) },
  locals: { group: "inspection", summary: "variables of the selected frame", args: v.object({ depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(5)), 0), all: optBool }) },
  args: { group: "inspection", summary: "arguments of the selected frame", args: v.object({ depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(5)), 0) }) },
  print: { group: "inspection", summary: "evaluate expressions in the selected frame", args: v.object({ expressions: v.pipe(v.array(expression), v.minLength(1, "give an expression")), format, depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(10))) }) },
  display: { group: "inspection", summary: "expressions shown at every stop (none given: list them)", args: v.object({ expressions: v.optional(v.array(expression), []) }) },
  undisplay: { group: "inspection", summary: "stop showing displays by id, or all", args: v.object({ ids: v.optional(v.array(posInt), []), all: optBool }) },
  trace: {
    group: "execution",
    summary: "run, recording values at each hit of a location",
    args: v.object({ location: v.pipe(v.string(), v.minLength(1, "give a location")), print: prints, max: v.optional(v.pipe(int, v.minValue(1), v.maxValue(100_000)), 100), if: optStr, timeout }),
    execution: true,
  },
  batch: {
    group: "tools",
    summary: "run several commands in order, one reply each",
    args: v.object({
      commands: v.pipe(v.array(v.object({ command: v.string(), args: v.optional(v.record(v.string(), v.unknown()), {}), session: v.optional(v.string()) })), v.minLength(1, "give at least one command"), v.maxLength(MAX_BATCH_COMMANDS, `a batch runs at most ${MAX_BATCH_COMMANDS} commands`)),
      keepGoing: optBool,
    }),
  },
  eval: { group: "inspection", summary: "evaluate in the adapter's console context", args: v.object({ expression, format, depth: v.optional(v.pipe(int, v.minValue(0), v.maxValue(10)), 0) }) },
  raw: { group: "tools", summary: "a command for the adapter's console", args: v.object({ expression: v.pipe(v.string(), v.minLength(1, "give a console command")) }) },
  set: { group: "inspection", summary: "assign a variable in the selected frame", args: v.object({ name: v.pipe(v.string(), v.minLength(1, "give a variable")), value: v.string() }) },
  threads: { group: "inspection", summary: "list threads", args: noArgs },
  thread: { group: "inspection", summary: "select a thread", args: v.object({ id: v.optional(int) }) },
  registers: { group: "inspection", summary: "registers of the selected frame", args: v.object({ names: v.optional(v.array(v.string()), []), all: optBool }) },
  "memory.read": {
    group: "inspection",
    summary: "bytes at an address or pointer expression",
    args: v.object({ location: v.pipe(v.string(), v.minLength(1, "give an address")), count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(65536)), 64), format: v.optional(v.picklist(["hex", "bytes", "words", "chars"]), "hex") }),
  },
  list: { group: "inspection", summary: "source around the current line, a line, a range, a file or a function", args: v.object({ location: optStr, lines: v.optional(v.pipe(int, v.minValue(0), v.maxValue(500))) }) },
  disassemble: { group: "inspection", summary: "instructions from the current one or an address", args: v.object({ address: optStr, count: v.optional(v.pipe(int, v.minValue(1), v.maxValue(1000)), 16), source: optBool }) },
  events: { group: "inspection", summary: "history of stops and exits", args: v.object({ limit: v.optional(posInt, 20) }) },

  output: {
    group: "output",
    summary: "program output captured so far",
    args: v.object({
      tail: v.optional(v.pipe(int, v.minValue(0))),
      since: v.optional(v.pipe(int, v.minValue(0))),
      clear: optBool,
      stdout: optBool,
      stderr: optBool,
      console: optBool,
      follow: optBool,
      timeout: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2_000_000, "a timeout is at most 2000000 s (0 waits forever)")), 0),
    }),
    stream: true,
  },
} as const satisfies Record<string, Entry>;

export type CommandName = keyof typeof contract;
/** What a caller may send (defaults may be left out). */
export type ArgsIn<C extends CommandName> = v.InferInput<(typeof contract)[C]["args"]>;
/** What a handler receives (defaults filled in). */
export type ArgsOut<C extends CommandName> = v.InferOutput<(typeof contract)[C]["args"]>;
export type ReplyOf<C extends CommandName> = Replies[C];

/** A request as the CLI builds it: the command and its arguments, typed together. */
export type Call = { [C in CommandName]: { command: C; args: ArgsIn<C> } }[CommandName];

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(contract, name);
}

/** Validates a request's arguments against the contract; the first problem becomes INVALID_ARGUMENT. */
export function parseArgs<C extends CommandName>(command: C, raw: unknown): ArgsOut<C> {
  const r = v.safeParse(contract[command].args, raw ?? {});
  if (r.success) return r.output as ArgsOut<C>;
  const issue = r.issues[0];
  const key = v.getDotPath(issue);
  throw new DebuggerError("INVALID_ARGUMENT", `${command}: bad argument${key ? ` '${key}'` : ""}: ${issue.message}`, "`debugger help COMMAND` shows its arguments");
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
  /** `threads` only, when stopped: the thread's top frame. */
  frame?: { function?: string; file?: string; line?: number };
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
}

export interface RunHit {
  hit: number;
  breakpointIds: number[];
  threadId?: number;
  frame?: { function?: string; file?: string; line?: number };
  values: { expression: string; value?: string; error?: string }[];
}

export interface RunData {
  session: SessionSummary;
  hits: RunHit[];
  /** The last stop: the exit, or a stop that was not a breakpoint's (a crash, an exception); its output is all the program printed. */
  stop?: StopReport;
  /** What ended the run: the program's end, `max` stops, another kind of stop, the timeout. */
  stoppedBy: "max" | "exit" | "other" | "timeout";
  /** The session was left at its last stop (`keep`). */
  kept: boolean;
  breakpoints: BreakpointView[];
  warnings?: string[];
}

export interface BatchReply {
  ok: boolean;
  command: string;
  session: string;
  data?: unknown;
  error?: { code: string; message: string; hint?: string };
}

export interface ThreadStack {
  id: number;
  name: string;
  current: boolean;
  /** The frames asked for (the top one by default), and the first frame in the user's code. */
  frames: Omit<FrameView, "id">[];
  userFrame?: Omit<FrameView, "id">;
}

export interface Replies {
  ping: { version: string; pid: number; uptime: number; spares?: { adapter: string; pid?: number; ageSeconds: number }[] };
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
  attach: StartData;
  /** `ended`: the program's pids the daemon killed itself because the adapter did not answer. */
  stop: { stopped: string; was: SessionState; ended?: number[] };
  detach: { detached: string; pid?: number };
  restart: StopData;
  run: RunData;
  "breakpoint.add": { breakpoints: BreakpointView[]; resolvedAs: string };
  "breakpoint.list": { breakpoints: BreakpointView[] };
  "breakpoint.remove": { removed: number[]; breakpoints: BreakpointView[] };
  "breakpoint.enable": { breakpoints: BreakpointView[] };
  "breakpoint.disable": { breakpoints: BreakpointView[] };
  "watch.add": { breakpoints: BreakpointView[]; warnings?: string[] };
  "watch.list": { breakpoints: BreakpointView[] };
  catch: { filters: { filter: string; label: string; description?: string; enabled: boolean; alias?: string; types?: string[] }[] };
  continue: StopData;
  next: StopData;
  step: StopData;
  finish: StopData;
  until: StopData & { breakpoint?: number };
  pause: StopData;
  await: StopData;
  context: ContextData;
  backtrace: { threadId: number; frames: (Omit<FrameView, "id"> & { current: boolean; locals?: VariableView[] })[]; threads?: ThreadStack[] };
  frame: ContextData;
  up: ContextData;
  down: ContextData;
  locals: { frameIndex: number; frame: string; variables: VariableView[]; truncated?: string[] };
  args: { frameIndex: number; frame: string; variables: VariableView[]; truncated?: string[] };
  print: ValueData | { results: PrintResult[] };
  display: { displays: { id: number; expression: string }[]; values?: DisplayValue[] };
  undisplay: { removed: number[]; displays: { id: number; expression: string }[] };
  trace: StopData & { hits: TraceHit[]; breakpoint: number; stoppedBy: "max" | "exit" | "other" | "timeout" };
  batch: { replies: BatchReply[]; ran: number; total: number };
  eval: ValueData;
  raw: { result: string; type?: string; reference: number };
  set: { name: string; value: string; type?: string };
  threads: { threads: ThreadView[]; truncated?: string[] };
  thread: { threadId?: number; threads: ThreadView[] };
  registers: { frameIndex: number; registers: { name: string; value: string; group: string }[] };
  /** via: the adapter's `readMemory`, or the debugger's own command where it has none ("lldb"). */
  "memory.read": { address: string; count: number; unreadable: number; hex: string; dump: string[]; via: string };
  /** With `source`: the first instruction of each source line carries that line's text (`sourceText`). */
  list: ListData;
  disassemble: { address: string; instructions: { address: string; instruction: string; bytes?: string; symbol?: string; file?: string; line?: number; sourceText?: string; current: boolean }[] };
  events: { events: StopReport[] };
  output: OutputData;
}

// Every command has a reply type and every reply type a command.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _complete: Same<keyof Replies, CommandName> = true;
void _complete;
