// Pausing a running program and saying where it is, or what it waits on: `pause`, and a `run` or
// `test` still running at its timeout or a Ctrl-C.
import type { Replies } from "../ipc/commands.ts";
import type { Session } from "./session/session.ts";
import { isUserFrame } from "./session/inspection/userCode.ts";
import { stopData, waitForStop } from "./handlers/common.ts";

/** How long a debugpy pause may take before the program counts as blocked in code that runs no Python. */
const PYTHON_PAUSE_GRACE_MS = 1500;

/**
 * Pauses the program and reports where it is; a program whose threads all wait gets the hang
 * report (every waiting thread, what it waits on, its user frame). `pause` and a `run` that
 * timed out both end here.
 */
export async function pauseAndReport(s: Session, a: { thread?: number; wait: boolean; timeout: number; print: string[] }): Promise<Replies["pause"]> {
  const { stop: waiter } = await s.control.pause(a.thread);
  if (!a.wait) {
    waiter.catch(() => {});
    return { state: s.state, waiting: true };
  }
  // Where a pause stops a thread only when it runs the language's own code (debugpy), a program
  // whose threads all wait never stops. Its stacks can still be read while it runs (pydevd
  // answers a running thread's stackTrace after half a second).
  if (s.adapter.pauseNeedsRunningCode && a.thread === undefined) {
    const early = await Promise.race([
      waiter.then(
        () => true,
        () => true,
      ),
      Bun.sleep(PYTHON_PAUSE_GRACE_MS).then(() => false),
    ]);
    if (!early && s.state === "running") {
      const hang = await s.inspector.hang();
      if (hang.blocked) {
        waiter.catch(() => {});
        return { state: s.state, hang };
      }
    }
  }
  const data = await stopData(s, await waitForStop(s, waiter, a.timeout), a.print);
  if (!s.live || data.stop?.reason !== "pause") return data;
  // The paused thread runs the program's own code: not blocked (an endless loop), no stacks to read.
  if (!data.stop.frameIndex && data.stop.frame && isUserFrame(data.stop.frame, s.codeFacts()) && !s.adapter.pauseNeedsRunningCode) return data;
  const hang = await s.inspector.hang().catch(() => undefined);
  // A blocked program with more than one thread of its own; or one whose stop report shows none of
  // its code (Go: the pause lands in runtime.gopark on a thread no goroutine of the user's runs,
  // e.g. a `go test` whose one test waits). Otherwise the stop report says it all.
  const own = hang?.groups.reduce((n, g) => n + g.threads.length, 0) ?? 0;
  const shownNone = !data.stop.frame || !isUserFrame(data.stop.frame, s.codeFacts());
  return hang?.blocked && (own > 1 || (own === 1 && shownNone)) ? { ...data, hang } : data;
}
