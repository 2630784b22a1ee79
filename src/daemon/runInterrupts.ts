// Ctrl-C in `run`: its program runs in a session of its own (NAME.runN), which the CLI does not
// know, so the CLI's `pause` names the session it was given and says it means that run (`ofRun`).
// The run then ends as at its timeout: paused, where it was shown, the program ended.
import { DebuggerError } from "../common/errors.ts";

/** One-shot runs under way, by the session name their callers gave. */
const underWay = new Map<string, Set<() => void>>();

/** Registers a run under CALLER's session name; the returned function unregisters it. */
export function runUnderWay(caller: string, interrupt: () => void): () => void {
  let runs = underWay.get(caller);
  if (!runs) underWay.set(caller, (runs = new Set()));
  runs.add(interrupt);
  return () => {
    runs.delete(interrupt);
    if (!runs.size && underWay.get(caller) === runs) underWay.delete(caller);
  };
}

/** The session of the latest run under each caller's session name (its output is streamed on a terminal). */
const latest = new Map<string, string>();

export function runStarted(caller: string, session: string): void {
  latest.set(caller, session);
}

/** The session of the latest run under CALLER's session name (kept after it ended). */
export function runSessionOf(caller: string): string | undefined {
  return latest.get(caller);
}

/** Interrupts the runs under CALLER's session name (a name run twice at once: both). */
export function interruptRuns(caller: string): void {
  const runs = underWay.get(caller);
  if (!runs?.size)
    throw new DebuggerError(
      "NO_SESSION",
      `no \`run\` under session '${caller}' is under way`,
      "it may have ended already; `debugger sessions` lists the live sessions",
    );
  for (const interrupt of runs) interrupt();
}
