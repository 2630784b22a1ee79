// What a blocked thread waits on, told from the frames the runtime or the C library put above the
// user's own frame (Go: runtime.chansend1, sync.(*WaitGroup).Wait; C: pthread_join, the futex under
// pthread_mutex_lock; Python: threading.py's join and wait, queue.py's get), and the hang report
// that groups identical waiters (same wait, same frame of the user's) as `dlv goroutines -group`
// does. Pure functions, unit-tested from tables; the inspector reads the frames and the locals.
import type { FrameView, VariableView } from "../../ipc/types.ts";
import type { HangGroup, HangReport } from "../../ipc/commands.ts";

type Frame = Omit<FrameView, "id">;

interface WaitRule {
  /** The frame's function (and for Python its file's base name, `threading.py:join`). */
  test: RegExp;
  /** What the thread waits on, in the words a user of the language knows. */
  waits: string;
}

// Go: the runtime's frames name the wait (its waitReason is set by the same call).
const GO: WaitRule[] = [
  { test: /^runtime\.chansend1?$/, waits: "chan send" },
  { test: /^runtime\.chanrecv[12]?$/, waits: "chan receive" },
  { test: /^runtime\.selectgo$/, waits: "select" },
  { test: /^runtime\.block$/, waits: "select {} (forever)" },
  { test: /^sync\.\(\*WaitGroup\)\.Wait$/, waits: "sync.WaitGroup.Wait" },
  { test: /^sync\.\(\*RWMutex\)\.RLock$/, waits: "sync.RWMutex.RLock" },
  { test: /^sync\.\(\*RWMutex\)\.Lock$/, waits: "sync.RWMutex.Lock" },
  { test: /^sync\.\(\*Mutex\)\.Lock$/, waits: "sync.Mutex.Lock" },
  { test: /^sync\.\(\*Cond\)\.Wait$/, waits: "sync.Cond.Wait" },
  { test: /^time\.Sleep$/, waits: "time.Sleep" },
  { test: /^internal\/poll\.\(\*FD\)\.(Read|Write|Accept)$/, waits: "I/O" },
  { test: /^runtime\.netpollblock$/, waits: "I/O" },
];

// C (glibc): the entry point the program called, whatever internal name glibc gives it.
const C: WaitRule[] = [
  { test: /pthread_mutex_(timed|clock)?lock\b|^__lll_lock_wait/, waits: "pthread_mutex_lock" },
  { test: /pthread_(clock|timed|try)?join/, waits: "pthread_join" },
  { test: /pthread_cond_(timed|clock)?wait/, waits: "pthread_cond_wait" },
  { test: /pthread_rwlock_(timed|clock)?rdlock/, waits: "pthread_rwlock_rdlock" },
  { test: /pthread_rwlock_(timed|clock)?wrlock/, waits: "pthread_rwlock_wrlock" },
  { test: /pthread_barrier_wait/, waits: "pthread_barrier_wait" },
  { test: /(^|_)sem_(timed|clock)?wait/, waits: "sem_wait" },
  { test: /(^|_)(libc_)?(read|recv|recvfrom|recvmsg|readv|pread64)$/, waits: "read" },
  { test: /(^|_)(accept4?)$/, waits: "accept" },
  { test: /(^|_)(poll|ppoll|select|pselect6?|epoll_wait|epoll_pwait)$/, waits: "poll" },
  { test: /(^|_)(clock_nanosleep|nanosleep|usleep|sleep)$/, waits: "sleep" },
  { test: /(^|_)(wait4|waitpid|waitid)$/, waits: "waitpid" },
  { test: /futex/, waits: "futex" },
];

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

export type Language = "go" | "c" | "python";

/**
 * What the thread waits on: the first rule that a frame between the user's frame and the top
 * matches, nearest the user's frame first (the call the program made, not the futex under it).
 * `text` is the user's source line, for the waits Python shows no frame for. Undefined when the
 * frames say nothing known: the thread is shown without a wait rather than with a guess.
 */
export function classifyWait(language: Language, frames: readonly Frame[], userIndex: number, text?: string, notStopped = false): { waits: string; in?: string } | undefined {
  const rules = language === "go" ? GO : language === "c" ? C : PY;
  for (let i = userIndex - 1; i >= 0; i--) {
    const f = frames[i]!;
    const name = language === "python" ? `${baseName(f.file)}:${f.function}` : f.function;
    const rule = rules.find((r) => r.test.test(name));
    if (rule) return { waits: rule.waits, in: f.function };
  }
  if (language === "python" && userIndex === 0) {
    const rule = text !== undefined ? PY_LINE.find((r) => r.test.test(text)) : undefined;
    if (rule) return { waits: rule.waits };
    // A thread that a pause did not stop runs no Python: it is inside a call of that line.
    if (notStopped) return { waits: "a call that runs no Python (C code)" };
  }
  if (language === "go" && userIndex > 0 && frames[0]?.function === "runtime.gopark") return { waits: "parked", in: frames[userIndex - 1]!.function };
  return undefined;
}

function baseName(file: string | undefined): string {
  return file ? file.slice(file.lastIndexOf("/") + 1) : "";
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
export function hangReport(language: Language, threads: readonly ThreadRead[], notStopped = false): HangReport {
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
    const wait = classifyWait(language, t.frames, t.userIndex, t.text, notStopped);
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
