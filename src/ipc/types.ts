// Shapes of `data` in replies (DESIGN §7). The renderers and the tests rely on these names.

export interface FrameView {
  index: number;
  id?: number;
  function: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface SourceLine {
  line: number;
  text: string;
  current: boolean;
}

export interface VariableView {
  name: string;
  type?: string;
  value: string;
  reference: number;
  children?: VariableView[];
  /** Set when `value` was cut to the value budget (it ends in `…`): how long the whole is, as the debugger showed it — characters of a string, or elements of a container. */
  whole?: { chars?: number; items?: number };
  /** `locals --scope all`: the adapter's scope the variable is in (Globals, Registers, …). */
  scope?: string;
}

export interface DisplayValue {
  /** Set for a session `display`; absent for a command's `--print`. */
  id?: number;
  expression: string;
  value?: string;
  type?: string;
  error?: string;
}

/** A condition checked at every pass of a hot line, and what it cost the command. */
/** A breakpoint whose condition the debugger could not evaluate, so that it stops at every pass (as gdb does): its error in one line and what to write instead. */
export interface ConditionErrorNote {
  id: number;
  location: string;
  condition: string;
  error: string;
  instead: string;
}

export interface ConditionCost {
  id: number;
  location: string;
  condition: string;
  /** Passes the debugger checked first itself (exact), and their time each (ms). */
  checked: number;
  checkedMs: number;
  /** Then the adapter checked every pass, for this long (s) of the command. */
  adapter: string;
  seconds: number;
  /** The adapter's cost per pass measured on the project's machine (common/conditionCost.ts), and the passes that makes of `seconds`: an estimate, the adapter says nothing per pass. */
  msEach?: number;
  about?: number;
  /** An installed adapter for the same programs that checks a condition markedly faster. */
  faster?: { adapter: string; msEach: number };
}

export interface StopReport {
  reason: string;
  threadId?: number;
  breakpointIds: number[];
  description?: string;
  exitCode?: number | null;
  /** The program was killed by this signal (`SIGKILL`): it has no exit code. */
  signal?: string;
  frame?: Omit<FrameView, "index" | "id">;
  source: SourceLine[];
  locals: VariableView[];
  /** `type`: what a C++ throw throws (`std::out_of_range`), read at the C++ runtime's `__cxa_throw`. */
  exception?: { id?: string; description?: string; details?: string; type?: string };
  /** What the program wrote since the previous report (stdout and stderr only). */
  output: string;
  /** What the debugger itself said since the previous report (adapter console text), kept apart from the program's output. */
  console?: string;
  /** `display` expressions and the command's `--print` expressions, evaluated at this stop. */
  displays?: DisplayValue[];
  /** The frame shown when it is not the top one: the first frame in the program's own code. */
  frameIndex?: number;
  /** Frames above `frameIndex` that were skipped (C library, runtime, standard library). */
  skipped?: string[];
  /** The value the function returned (after `finish`, where the adapter says). */
  returnValue?: string;
  /** After `finish`, where the adapter cannot tell what the function returned: why, and what to do instead. */
  returnValueNote?: string;
  /** On exit from `debugger test`: the runner's verdict ("1 failed, 1 passed"). */
  summary?: string;
  /** Breakpoints never hit, on exit. */
  neverHit?: number[];
  /** On exit: each breakpoint that never stopped the program, and why (never reached, reached with the condition false N times, never bound). */
  neverStopped?: { id: number; location: string; why: string }[];
  /**
   * Other threads that stopped at a breakpoint in the same instant (all-stop): where, and which
   * breakpoint. Each is reported on its own by the following `continue`, before anything resumes.
   */
  alsoStopped?: { threadId: number; breakpointIds?: number[]; function?: string; file?: string; line?: number }[];
  /** Conditions checked at every pass of a hot line during the command that ended here, and what they cost (issue 31 item 7). */
  conditions?: ConditionCost[];
  /** Breakpoints whose condition first failed to evaluate during the command that ended here: they stop at every pass (said once). */
  conditionErrors?: ConditionErrorNote[];
  /** What was cut to fit the budget. */
  truncated?: string[];
  /** When `output` was cut: the file (0600, kept after the session ends) holding all the program printed in this session. */
  outputFile?: string;
  /**
   * What this stop shares with the session's earlier reports; absent on the first stop of a
   * session (and after `restart`). The text reply leaves out what was already shown; the JSON
   * reply keeps `source` and `locals` whole.
   */
  seen?: {
    /** The previous report stopped in this same frame (same thread, function, file and stack depth): its source window was shown then. */
    sameFrame: boolean;
    /** Locals whose value is the one the last report in this frame showed (names; empty when this frame was not reported before). */
    unchanged: string[];
  };
  /** Monotonic per session, so `events` and `await` can tell reports apart. */
  seq: number;
  time: string;
}

export interface BreakpointView {
  id: number;
  /** line, function, address, or data (a watchpoint) */
  kind: string;
  location: string;
  file?: string;
  line?: number;
  /** The line asked for, when the adapter bound the breakpoint at another (`line`): the next line with code. */
  movedFrom?: number;
  function?: string;
  address?: string;
  verified: boolean;
  message?: string;
  condition?: string;
  hitCondition?: string;
  logMessage?: string;
  /** Expressions shown at this breakpoint's stops only (`LOC print EXPR, …`). */
  prints?: string[];
  temporary?: boolean;
  /** Watchpoints: read, write or readWrite, and what the adapter says is watched. */
  accessType?: string;
  description?: string;
  enabled: boolean;
  hits: number;
  /** A conditional breakpoint that was reached with its condition false: how often (as far as the daemon counted), and its operands at the last such hit. */
  conditionFalse?: { hits: number; more?: boolean; last?: { expression: string; value?: string; error?: string }[]; byAdapter?: boolean };
  /** Names its condition reads that its function declares on the line it sits on or below (not constructed or assigned yet at its stops), found when it was first reached. */
  notYet?: { name: string; line: number }[];
  /** Its condition could not be evaluated (the debugger's error, one line), so it stops at every pass; and what to write instead. */
  conditionError?: { error: string; instead: string };
}

export type SessionState = "idle" | "starting" | "running" | "stopped" | "exited" | "terminated" | "lost";

export interface SessionSummary {
  name: string;
  state: SessionState;
  program?: string;
  adapter?: string;
  pid?: number;
  mode?: "launch" | "attach";
  /** The core dump a post-mortem session opened (`start --core`). */
  core?: string;
}
