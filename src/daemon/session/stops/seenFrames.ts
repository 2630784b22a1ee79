// What the session's reports have already shown, for the next report's `seen`: the frame the last
// report stopped in, and each recent frame's locals as that frame's last report had them. Facts
// only; what the text leaves out because of them is ../../../present/sizing.ts.
import type { StopReport, VariableView } from "../../../ipc/types.ts";

/** Frames whose locals are remembered (the oldest goes first). */
const FRAMES_KEPT = 32;

/**
 * A frame's identity across stops (DAP frame ids are not): its thread, function, file, and its
 * depth counted from the bottom of the stack — a recursive call is another frame. Depth is
 * undefined when the stack was read only in part.
 */
export function frameKey(threadId: number | undefined, fn: string | undefined, file: string | undefined, depth: number | undefined): string {
  return JSON.stringify([threadId ?? null, fn ?? null, file ?? null, depth ?? null]);
}

export class SeenFrames {
  private last: string | undefined;
  private readonly locals = new Map<string, Map<string, string>>();
  /** What the last note replaced, for `unshown`. */
  private undo: { last: string | undefined; key: string; locals: Map<string, string> | undefined } | undefined;

  /**
   * A report in frame KEY with these locals (whole values, before any cut): what it shares with
   * the reports before it, and it becomes the last one. Undefined for the first report.
   */
  note(key: string, locals: readonly VariableView[]): StopReport["seen"] {
    const first = this.last === undefined;
    const before = this.locals.get(key);
    // A name shown twice (a shadowed variable) is never called unchanged: the name alone cannot say which.
    const twice = new Set(locals.filter((v, i) => locals.findIndex((w) => w.name === v.name) !== i).map((v) => v.name));
    const seen: StopReport["seen"] = first
      ? undefined
      : {
          sameFrame: this.last === key,
          unchanged: before ? locals.filter((v) => !twice.has(v.name) && before.get(v.name) === v.value).map((v) => v.name) : [],
        };
    this.undo = { last: this.last, key, locals: before };
    this.last = key;
    this.locals.delete(key);
    this.locals.set(key, new Map(locals.filter((v) => !twice.has(v.name)).map((v) => [v.name, v.value])));
    if (this.locals.size > FRAMES_KEPT) this.locals.delete(this.locals.keys().next().value!);
    return seen;
  }

  /**
   * The last report was not shown as a report (a row of `trace` or `run` shows only values): what
   * the reports before it showed stands, as if it had not been made.
   */
  unshown(): void {
    const u = this.undo;
    if (!u) return;
    this.undo = undefined;
    this.last = u.last;
    this.locals.delete(u.key);
    if (u.locals) this.locals.set(u.key, u.locals);
  }

  /** A new run of the program (`restart`): its first stop is shown whole. */
  reset(): void {
    this.last = undefined;
    this.locals.clear();
  }
}
