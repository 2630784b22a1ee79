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
}

export interface StopReport {
  reason: string;
  threadId?: number;
  breakpointIds: number[];
  description?: string;
  exitCode?: number | null;
  frame?: Omit<FrameView, "index" | "id">;
  source: SourceLine[];
  locals: VariableView[];
  exception?: { id?: string; description?: string; details?: string };
  output: string;
  /** Breakpoints never hit, on exit. */
  neverHit?: number[];
  /** What was cut to fit the budget. */
  truncated?: string[];
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
  function?: string;
  address?: string;
  verified: boolean;
  message?: string;
  condition?: string;
  hitCondition?: string;
  logMessage?: string;
  temporary?: boolean;
  /** Watchpoints: read, write or readWrite, and what the adapter says is watched. */
  accessType?: string;
  description?: string;
  enabled: boolean;
  hits: number;
}

export type SessionState = "idle" | "starting" | "running" | "stopped" | "exited" | "terminated" | "lost";

export interface SessionSummary {
  name: string;
  state: SessionState;
  program?: string;
  adapter?: string;
  pid?: number;
  mode?: "launch" | "attach";
}
