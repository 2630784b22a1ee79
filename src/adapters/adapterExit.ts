// The error for an adapter process that went away, shared by the transports.
import { DebuggerError } from "../common/errors.ts";

/** ADAPTER_EXITED for an adapter that `how` ("exited with code 3"), with the tail of its stderr. */
export function exitMessage(how: string, tail: string): DebuggerError {
  const last = tail.trim() ? `; its last stderr output:\n${tail.trim().split("\n").slice(-10).join("\n")}` : "";
  return new DebuggerError("ADAPTER_EXITED", `the debug adapter ${how}${last}`, "the session is over: `debugger start` begins a new one; `debugger logs` has details");
}
