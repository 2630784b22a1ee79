// The stop report: what an agent reads after every step. The pure pieces (reason normalisation;
// frames: ../inspection/frameView.ts, watchpoints: ../breakpoints/watchStops.ts)
// are unit-tested from tables; `buildStopReport` puts them together with what the inspector
// reads from the adapter.
import type { StopReport } from "../../../ipc/types.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { AdapterSpec } from "../../../adapters/types.ts";

const REASONS: Record<string, string> = {
  "function breakpoint": "breakpoint",
  "instruction breakpoint": "breakpoint",
  "data breakpoint": "watchpoint",
};

/**
 * The first stop of a core dump whose adapter reports none (cdt-gdb-adapter): a crash keeps its
 * signal, as the debugger told it on opening the core (AdapterSpec.coreSignal); a dump taken from a
 * running program (gcore) is a plain `core` stop.
 */
export function coreStop(spec: Pick<AdapterSpec, "coreSignal">, console: string): DapEventMap["stopped"] {
  const s = spec.coreSignal?.(console);
  return s ? { reason: "exception", description: `signal ${s.signal}: ${s.meaning}`, allThreadsStopped: true } : { reason: "entry", allThreadsStopped: true };
}

/**
 * The same stop reads the same whatever the adapter: lldb-dap reports a stop on entry and a pause
 * as `exception` "signal SIGSTOP", and real signals as `exception` "signal SIGSEGV". An adapter's
 * own words for a reason are read by its facet first (AdapterSpec.stopReason, stopDescription):
 * the signal names here are the system's (`signal SIGSTOP`), as every native debugger then says them.
 */
export function normaliseReason(
  reason: string,
  description: string | undefined,
  expecting: "entry" | "pause" | undefined,
  breakpointIds: number[] = [],
): string {
  // A stop on entry done with a temporary breakpoint at main (cdt-gdb-adapter) is still the entry stop.
  if (expecting === "entry" && reason === "breakpoint" && breakpointIds.length === 0) return "entry";
  const signal = /^signal\s+SIG/i.test(description ?? "");
  if (expecting && (reason === expecting || reason === "exception" || reason === "signal" || reason === "pause" || reason === "entry")) {
    if (reason === expecting || !signal || /SIGSTOP|SIGTRAP|SIGINT/.test(description ?? "")) return expecting;
  }
  if (reason === "exception" && signal) return "signal";
  return REASONS[reason] ?? reason;
}

export function newReport(seq: number, reason: string): StopReport {
  return { reason, breakpointIds: [], source: [], locals: [], output: "", seq, time: new Date().toISOString() };
}
