// What each daemon command is, apart from its argument schema (./commands.ts) and reply type
// (Replies there): its help group, its one summary (CLI help, MCP tool description), how it runs
// (waits for a stop, streams, answered by the daemon itself, how it queues beside other calls).
// The checks across its arguments are in ./calls.ts. Free of valibot: the CLI reads it on every
// command.

export type Group = "session" | "breakpoints" | "execution" | "inspection" | "output" | "tools";

/**
 * How a call queues beside the other calls on its session (MCP runs calls on a session in the
 * order they arrive): `read` only reads what the daemon holds and answers at once; `interrupt`
 * cuts in while an execution call waits for its stop; `ordered` (the default) waits its turn.
 */
export type Concurrency = "ordered" | "read" | "interrupt";

export interface Meta {
  group: Group;
  /** One line: what `debugger --help` and the MCP tool list say. */
  summary: string;
  /** Waits for a stop and replies with the stop report. */
  execution?: boolean;
  /** Replies more than once (partial replies). */
  stream?: boolean;
  /** Answered by the daemon itself, without a session. */
  daemon?: boolean;
  concurrency?: Concurrency;
  /** Starts a debug adapter (a wait over a second is announced on a terminal). */
  startsAdapter?: boolean;
}

export const meta = {
  ping: { group: "tools", summary: "Daemon version, pid and uptime", daemon: true, concurrency: "read" },
  shutdown: { group: "tools", summary: "Stop the daemon and every session", daemon: true },
  status: { group: "session", summary: "State of the session and its last stop", concurrency: "read" },
  sessions: { group: "session", summary: "All sessions of the daemon", daemon: true, concurrency: "read" },
  start: { group: "session", summary: "Launch a program and wait for its first stop", execution: true, startsAdapter: true },
  test: { group: "session", summary: "Run tests (pytest, go test, cargo test…), stop at the first failure in the test", execution: true, startsAdapter: true },
  attach: { group: "session", summary: "Attach to a process by pid, by name when it starts, or to a listening adapter", execution: true, startsAdapter: true },
  stop: { group: "session", summary: "End the session (a launched program is terminated)", concurrency: "interrupt" },
  detach: { group: "session", summary: "Detach and leave the program running", concurrency: "interrupt" },
  restart: { group: "session", summary: "Launch again with the same arguments and breakpoints", execution: true, startsAdapter: true },
  run: { group: "session", summary: "Start, a row of print values per breakpoint stop, end", execution: true, startsAdapter: true },
  diff: {
    group: "session",
    summary: "Run a program twice (a, b), or two tests of a suite, with the same breaks and prints: the first stop where values or flow part, both ends",
    execution: true,
    startsAdapter: true,
  },

  "breakpoint.add": { group: "breakpoints", summary: "Set a breakpoint (FILE:LINE, function, address; 'LOC if COND')" },
  "breakpoint.list": { group: "breakpoints", summary: "Breakpoints with where they bound and hit counts" },
  "breakpoint.remove": { group: "breakpoints", summary: "Remove breakpoints by id, or all" },
  "breakpoint.enable": { group: "breakpoints", summary: "Enable breakpoints" },
  "breakpoint.disable": { group: "breakpoints", summary: "Disable breakpoints" },
  "watch.add": { group: "breakpoints", summary: "Stop when a variable or lvalue is written (or read)" },
  "watch.list": { group: "breakpoints", summary: "List watchpoints" },
  catch: { group: "breakpoints", summary: "Exception filters: list, on, off; throw TYPE… for C++ types" },

  continue: { group: "execution", summary: "Resume until a breakpoint, exception or exit", execution: true },
  next: { group: "execution", summary: "Step over one line", execution: true },
  step: { group: "execution", summary: "Step into the call on this line", execution: true },
  finish: { group: "execution", summary: "Run until the current function returns", execution: true },
  until: { group: "execution", summary: "Run to a location (a temporary breakpoint)", execution: true },
  pause: {
    group: "execution",
    summary: "Interrupt the running program; a blocked one lists every waiting thread, its wait and locals",
    execution: true,
    concurrency: "interrupt",
  },
  await: { group: "execution", summary: "Wait for the next stop (the last one if stopped)", execution: true },
  trace: { group: "execution", summary: "Run, recording values at each hit of a location", execution: true },

  context: { group: "inspection", summary: "Source around the current line and the locals" },
  backtrace: { group: "inspection", summary: "The call stack (--all: every thread at its frame in your code)" },
  frame: { group: "inspection", summary: "Select a frame and show it" },
  up: { group: "inspection", summary: "Select the caller's frame" },
  down: { group: "inspection", summary: "Select the callee's frame" },
  locals: { group: "inspection", summary: "Variables of the selected frame" },
  args: { group: "inspection", summary: "Arguments of the selected frame" },
  print: { group: "inspection", summary: "Evaluate expressions in the selected frame" },
  display: { group: "inspection", summary: "Expressions shown at every stop (none given: list them)" },
  undisplay: { group: "inspection", summary: "Stop showing displays by id, or all" },
  eval: { group: "inspection", summary: "Evaluate in the adapter's console context (side effects allowed)" },
  set: { group: "inspection", summary: "Assign a variable in the selected frame" },
  threads: { group: "inspection", summary: "List threads" },
  thread: { group: "inspection", summary: "Select a thread (or show the current one)" },
  registers: { group: "inspection", summary: "Registers of the selected frame" },
  "memory.read": { group: "inspection", summary: "Bytes at an address or pointer expression" },
  list: { group: "inspection", summary: "Source around the current line, a line, a range, a file or a function" },
  disassemble: { group: "inspection", summary: "Instructions from the current one or an address" },
  events: { group: "inspection", summary: "History of stops and exits" },

  raw: { group: "tools", summary: "A command for the adapter's console" },
  batch: { group: "tools", summary: "Run several commands in order, one reply each" },

  output: { group: "output", summary: "Program output captured so far", stream: true, concurrency: "read" },
} as const satisfies Record<string, Meta>;

export type CommandName = keyof typeof meta;
/** Every command but `batch`, which runs the others. */
export type Single = Exclude<CommandName, "batch">;

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(meta, name);
}

/** The entry of a command, with the optional members visible whatever the command. */
export function metaOf(command: CommandName): Meta {
  return meta[command];
}
