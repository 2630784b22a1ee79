// What a blocked thread waits on, told from the frames the runtime or the C library put above the
// user's own frame by the adapter's runtime facet (AdapterSpec.waits: src/adapters/goWaits.ts,
// cWaits.ts, pythonWaits.ts), and the hang report that groups identical waiters (same wait, same
// frame of the user's) as `dlv goroutines -group` does. Pure functions, unit-tested from tables; the inspector reads the frames and the locals.
import type { FrameView, VariableView } from "../../../ipc/types.ts";
import type { HangGroup, HangReport } from "../../../ipc/commands.ts";
import type { RuntimeWaits } from "../../../adapters/types.ts";

type Frame = Omit<FrameView, "id">;

/**
 * What the thread waits on: the first rule that a frame between the user's frame and the top
 * matches, nearest the user's frame first (the call the program made, not the futex under it).
 * `text` is the user's source line, for the waits Python shows no frame for. Undefined when the
 * frames say nothing known: the thread is shown without a wait rather than with a guess.
 */
export function classifyWait(
  runtime: RuntimeWaits,
  frames: readonly Frame[],
  userIndex: number,
  text?: string,
  notStopped = false,
): { waits: string; in?: string } | undefined {
  for (let i = userIndex - 1; i >= 0; i--) {
    const f = frames[i]!;
    const name = runtime.frameName ? runtime.frameName(f) : f.function;
    const rule = runtime.rules.find((r) => r.test.test(name));
    if (rule) return { waits: rule.waits, in: f.function };
  }
  return runtime.otherwise?.(frames, userIndex, text, notStopped);
}

/** A thread as the inspector read it: its frames, its user frame's index and source line, its locals. */
export interface ThreadRead {
  id: number;
  name: string;
  current: boolean;
  frames: Frame[];
  /** Index of the first frame in the user's code; undefined when none is. */
  userIndex?: number;
  text?: string;
  locals?: VariableView[];
}

/**
 * The hang report: threads with the user's code on their stack, grouped when they wait on the same
 * thing at the same frame of the user's (ids in order; the locals are the first one's), and the
 * threads with nothing of the user's on the stack, counted by their top function.
 */
export function hangReport(runtime: RuntimeWaits, threads: readonly ThreadRead[], notStopped = false): HangReport {
  const groups: HangGroup[] = [];
  const byKey = new Map<string, HangGroup>();
  const idle = new Map<string, number[]>();
  for (const t of threads) {
    if (t.userIndex === undefined) {
      const key = t.frames[0]?.function ?? "no frames";
      idle.set(key, [...(idle.get(key) ?? []), t.id]);
      continue;
    }
    const f = t.frames[t.userIndex]!;
    const wait = classifyWait(runtime, t.frames, t.userIndex, t.text, notStopped);
    const running = !wait && t.userIndex === 0;
    const key = JSON.stringify([f.function, f.file, f.line, f.index, wait?.waits, running]);
    const seen = byKey.get(key);
    if (seen) {
      seen.threads.push(t.id);
      if (t.current) seen.current = true;
      continue;
    }
    const group: HangGroup = {
      threads: [t.id],
      name: t.name,
      ...(t.current ? { current: true } : {}),
      frame: { index: f.index, function: f.function, file: f.file, line: f.line },
      ...(t.text !== undefined ? { text: t.text } : {}),
      ...(wait ? { waits: wait.waits, ...(wait.in ? { in: wait.in } : {}) } : running ? { running: true } : {}),
      ...(t.locals ? { locals: t.locals } : {}),
    };
    byKey.set(key, group);
    groups.push(group);
  }
  return {
    blocked: groups.length > 0 && !groups.some((g) => g.running),
    groups,
    idle: [...idle].map(([fn, ids]) => ({ function: fn, threads: ids })),
  };
}

/**
 * The first argument of a call of `fn` on a source line, as written (`&b`, `&locks[i]`,
 * `&(s->m)`): undefined when the line has no such call or the argument does not end on this line.
 */
export function firstArgument(text: string, fn: RegExp): string | undefined {
  const m = new RegExp(`\\b(?:${fn.source})\\s*\\(`).exec(text);
  if (!m) return undefined;
  let depth = 0;
  const start = m.index + m[0].length;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") {
      if (depth === 0) return text.slice(start, i).trim() || undefined;
      depth--;
    } else if (ch === "," && depth === 0) return text.slice(start, i).trim() || undefined;
  }
  return undefined;
}
