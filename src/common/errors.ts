// Errors are data: a stable code, a message, a hint naming the next command. They cross the
// daemon socket unchanged and become the CLI's exit code.

export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  timeout: 3,
  startFailed: 4,
  /** Left at a second Ctrl-C (128 + SIGINT, as shells report it). */
  interrupted: 130,
} as const;

export type ErrorCode =
  | "USAGE"
  | "UNKNOWN_COMMAND"
  | "UNKNOWN_FLAG"
  /** An adapter option the chosen adapter does not read (`options: {justMyCod: false}`). */
  | "UNKNOWN_OPTION"
  | "INVALID_LOCATION"
  | "INVALID_ARGUMENT"
  | "NO_SESSION"
  | "SESSION_EXISTS"
  | "SESSION_LOST"
  | "SESSION_ENDED"
  | "NOT_STOPPED"
  | "NOT_RUNNING"
  | "ADAPTER_NOT_FOUND"
  | "ADAPTER_EXITED"
  | "ADAPTER_START_FAILED"
  | "ADAPTER_ERROR"
  | "LAUNCH_FAILED"
  | "ATTACH_FAILED"
  | "PROGRAM_NOT_FOUND"
  | "BREAKPOINT_NOT_FOUND"
  | "UNSUPPORTED"
  | "TIMEOUT"
  | "EVALUATE_FAILED"
  | "NO_FRAME"
  | "NO_THREAD"
  | "DAEMON_UNAVAILABLE"
  | "DAEMON_VERSION_MISMATCH"
  | "IPC_ERROR"
  | "RUNTIME_DIR_UNSAFE"
  | "SETUP_FAILED"
  | "CHECK_FAILED"
  /** A VS Code launch configuration that cannot be read or used (`--config`). */
  | "LAUNCH_CONFIG"
  | "INTERRUPTED"
  | "INTERNAL";

const exitCodes: Partial<Record<ErrorCode, number>> = {
  USAGE: ExitCode.usage,
  UNKNOWN_COMMAND: ExitCode.usage,
  UNKNOWN_FLAG: ExitCode.usage,
  UNKNOWN_OPTION: ExitCode.usage,
  INVALID_LOCATION: ExitCode.usage,
  INVALID_ARGUMENT: ExitCode.usage,
  LAUNCH_CONFIG: ExitCode.usage,
  TIMEOUT: ExitCode.timeout,
  ADAPTER_NOT_FOUND: ExitCode.startFailed,
  ADAPTER_START_FAILED: ExitCode.startFailed,
  DAEMON_UNAVAILABLE: ExitCode.startFailed,
  RUNTIME_DIR_UNSAFE: ExitCode.startFailed,
  LAUNCH_FAILED: ExitCode.startFailed,
  ATTACH_FAILED: ExitCode.startFailed,
  PROGRAM_NOT_FOUND: ExitCode.startFailed,
  INTERRUPTED: ExitCode.interrupted,
};

export function exitCodeFor(code: string): number {
  return exitCodes[code as ErrorCode] ?? ExitCode.failed;
}

export interface ErrorData {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: unknown;
}

export class DebuggerError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, hint?: string, details?: unknown) {
    super(message);
    this.name = "DebuggerError";
    this.code = code;
    this.hint = hint;
    this.details = details;
  }

  toData(): ErrorData {
    const data: ErrorData = { code: this.code, message: this.message };
    if (this.hint) data.hint = this.hint;
    if (this.details !== undefined) data.details = this.details;
    return data;
  }
}

export function toErrorData(e: unknown): ErrorData {
  if (e instanceof DebuggerError) return e.toData();
  const message = e instanceof Error ? e.message : String(e);
  return { code: "INTERNAL", message, hint: "this is a bug in debugger; `debugger logs` shows the daemon log" };
}
