// What a blocked Python thread waits on, from the standard library's frames as debugpy names them
// and from the user's line where debugpy shows no frame: debugpy's runtime facet (AdapterSpec.waits).
import type { RuntimeWaits, WaitRule } from "./types.ts";

// Python: the standard library's frames between the user's line and the wait.
const PY: WaitRule[] = [
  { test: /^threading\.py:(join|_wait_for_tstate_lock)$/, waits: "Thread.join" },
  { test: /^queue\.py:get$/, waits: "queue.get" },
  { test: /^queue\.py:put$/, waits: "queue.put" },
  { test: /^threading\.py:wait$/, waits: "threading wait (Event, Condition or Barrier)" },
  { test: /^threading\.py:wait_for$/, waits: "Condition.wait_for" },
];

/**
 * A line of the user's that blocks in code that runs no Python, told by its text: with justMyCode
 * debugpy shows no frame of threading.py or queue.py, and none for a lock's C code. (`.join(` and
 * `.get(` name str.join and dict.get too, but those never block: a thread that stays there does not
 * run them.)
 */
const PY_LINE: WaitRule[] = [
  { test: /\.acquire\(/, waits: "Lock.acquire" },
  { test: /^\s*(async\s+)?with\b/, waits: "with (entering: a lock's acquire?)" },
  { test: /\.join\(/, waits: "Thread.join" },
  { test: /\.wait\(/, waits: "wait (Event, Condition or Barrier)" },
  { test: /\.get(_nowait)?\(/, waits: "queue.get" },
  { test: /\.put\(/, waits: "queue.put" },
  { test: /\bsleep\(/, waits: "time.sleep" },
  { test: /\.(recv|recvfrom|accept|read|readline|connect)\(|\binput\(/, waits: "I/O" },
];

function baseName(file: string | undefined): string {
  return file ? file.slice(file.lastIndexOf("/") + 1) : "";
}

export const pythonWaits: RuntimeWaits = {
  rules: PY,
  // pydevd answers a running thread's stackTrace after half a second, one thread at a time.
  runningThreads: 16,
  frameName: (f) => `${baseName(f.file)}:${f.function}`,
  otherwise: (_frames, userIndex, text, notStopped) => {
    if (userIndex !== 0) return undefined;
    const rule = text !== undefined ? PY_LINE.find((r) => r.test.test(text)) : undefined;
    if (rule) return { waits: rule.waits };
    // A thread that a pause did not stop runs no Python: it is inside a call of that line.
    return notStopped ? { waits: "a call that runs no Python (C code)" } : undefined;
  },
};
