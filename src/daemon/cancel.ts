// Work a client abandons: when the connection of a `trace` or `batch` closes (Ctrl-C, a killed
// CLI, an MCP cancel) the daemon ends that work instead of driving the program on for nobody, and
// leaves the session stopped at a known place. What happened is said in the next reply on that
// session (a notice), since the client that asked is gone.
import { DebuggerError } from "../common/errors.ts";
import { log } from "../common/log.ts";
import type { StopReport } from "../ipc/types.ts";
import type { Session } from "./session/session.ts";
import { lastSegment } from "../common/hostPath.ts";

/** Thrown inside a handler whose client has gone; nobody reads the reply it leads to. */
export class ClientGone extends DebuggerError {
  constructor() {
    super("TIMEOUT", "the client went away before the reply", "");
  }
}

/** Resolves with the stop, or rejects with ClientGone as soon as the signal aborts. */
export function unlessGone<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(new ClientGone());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(new ClientGone());
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Where a stop is, in a few words: `main.c:12 in add` or the reason. */
export function placeOf(stop: StopReport | undefined): string {
  const f = stop?.frame;
  if (!f) return stop ? `(${stop.reason})` : "an unknown place";
  const file = f.file ? `${lastSegment(f.file)}:${f.line}` : undefined;
  return [file, f.function ? `in ${f.function}` : undefined].filter(Boolean).join(" ") || `(${stop!.reason})`;
}

/**
 * Leaves a live session stopped: a running program is paused and its stop awaited (bounded).
 * Returns what the session says now, for the notice.
 */
export async function leaveStopped(s: Session, pending?: Promise<StopReport>): Promise<string> {
  if (!s.live) return `the session is ${s.state}`;
  try {
    if (s.state !== "stopped") {
      // A stop already on its way (the trace's own breakpoint) counts; otherwise pause.
      const paused = s.control.pause().then((p) => p.stop);
      await Promise.race([...[pending ?? new Promise<never>(() => {}), paused].map((p) => p.catch(() => undefined)), timeout(5000)]);
      if ((s.state as string) !== "stopped") await Promise.race([paused.catch(() => undefined), timeout(3000)]);
      if (!s.live) return `the session is ${s.state}`;
      if ((s.state as string) !== "stopped") return `the program could not be paused (session is ${s.state})`;
    }
    const stop = await Promise.race([s.control.awaitStop().catch(() => undefined), timeout(2000)]);
    return `the program is stopped at ${placeOf(stop ?? s.lastReport)}`;
  } catch (e) {
    log("warn", `${s.name}: leaving the session stopped after its client left: ${(e as Error).message}`);
    return `the session is ${s.state}`;
  }
}

function timeout(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref?.());
}
