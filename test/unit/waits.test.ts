// What a blocked thread waits on, from the frames above its user frame (waits.ts), and the grouping
// of the hang report. Frames as Delve, gdb (libc6-dbg), lldb-dap and debugpy name them, read by each
// adapter's runtime facet (AdapterSpec.waits).
import { describe, expect, test } from "bun:test";
import { gdb, gdbThreadsByLwp } from "../../src/adapters/gdb.ts";
import { cWaits } from "../../src/adapters/cWaits.ts";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { goWaits } from "../../src/adapters/goWaits.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { pythonWaits } from "../../src/adapters/pythonWaits.ts";
import { classifyWait, firstArgument, hangReport, type ThreadRead } from "../../src/daemon/session/inspection/waits.ts";

const f = (names: string[], file = "/lib/x.c") => names.map((name, index) => ({ index, function: name, file, line: 1 }));

describe("classifyWait", () => {
  test.each([
    [["runtime.gopark", "runtime.chansend", "runtime.chansend1", "main.worker"], "chan send", "runtime.chansend1"],
    [["runtime.gopark", "runtime.chanrecv", "runtime.chanrecv1", "main.main"], "chan receive", "runtime.chanrecv1"],
    [["runtime.gopark", "runtime.selectgo", "main.watcher"], "select", "runtime.selectgo"],
    [["runtime.gopark", "runtime.block", "main.main"], "select {} (forever)", "runtime.block"],
    [
      ["runtime.gopark", "runtime.goparkunlock", "runtime.semacquire1", "sync.runtime_Semacquire", "sync.(*WaitGroup).Wait", "main.main"],
      "sync.WaitGroup.Wait",
      "sync.(*WaitGroup).Wait",
    ],
    [
      [
        "runtime.gopark",
        "runtime.goparkunlock",
        "runtime.semacquire1",
        "sync.runtime_SemacquireMutex",
        "sync.(*Mutex).lockSlow",
        "sync.(*Mutex).Lock",
        "main.guarded",
      ],
      "sync.Mutex.Lock",
      "sync.(*Mutex).Lock",
    ],
    [["runtime.gopark", "time.Sleep", "main.nap"], "time.Sleep", "time.Sleep"],
  ])("Go %j", (names, waits, where) => {
    expect(classifyWait(goWaits, f(names), names.length - 1)).toEqual({ waits, in: where });
  });

  test("Go: parked in the runtime with no known call says only that", () => {
    expect(classifyWait(goWaits, f(["runtime.gopark", "runtime.somethingNew", "main.x"]), 2)).toEqual({ waits: "parked", in: "runtime.somethingNew" });
  });

  test.each([
    // gdb with libc6-dbg, and lldb-dap (same glibc names)
    [["futex_wait", "__GI___lll_lock_wait", "lll_mutex_lock_optimized", "___pthread_mutex_lock", "transfer_ab"], "pthread_mutex_lock"],
    [
      ["__futex_abstimed_wait_common64", "__futex_abstimed_wait_common", "__GI___futex_abstimed_wait_cancelable64", "__pthread_clockjoin_ex", "main"],
      "pthread_join",
    ],
    [["__futex_abstimed_wait_common64", "__futex_abstimed_wait_common", "__pthread_cond_wait_common", "___pthread_cond_wait", "waiter"], "pthread_cond_wait"],
    [["__GI___libc_read", "__GI___libc_read", "reader"], "read"],
    [["read", "reader"], "read"],
    [["__GI___poll", "serve"], "poll"],
    [["__GI___clock_nanosleep", "__GI___nanosleep", "usleep", "tick"], "sleep"],
    [["syscall", "futex_wait_private", "spin"], "futex"],
  ])("C %j", (names, waits) => {
    expect(classifyWait(cWaits, f(names), names.length - 1)?.waits).toBe(waits);
  });

  test("C: the call nearest the user's frame names it, not the futex under it", () => {
    expect(classifyWait(cWaits, f(["futex_wait", "__GI___lll_lock_wait", "___pthread_mutex_lock", "worker"]), 3)).toEqual({
      waits: "pthread_mutex_lock",
      in: "___pthread_mutex_lock",
    });
  });

  test("C: frames that say nothing known give no wait (no guess)", () => {
    expect(classifyWait(cWaits, f(["memcpy", "copy"]), 1)).toBeUndefined();
    expect(classifyWait(cWaits, f(["compute"]), 0)).toBeUndefined();
  });

  test("Python: threading.py and queue.py frames (justMyCode off)", () => {
    const frames = [
      { index: 0, function: "_wait_for_tstate_lock", file: "/usr/lib/python3.11/threading.py", line: 1 },
      { index: 1, function: "join", file: "/usr/lib/python3.11/threading.py", line: 1 },
      { index: 2, function: "<module>", file: "/p/app.py", line: 9 },
    ];
    expect(classifyWait(pythonWaits, frames, 2)?.waits).toBe("Thread.join");
    const get = [
      { index: 0, function: "wait", file: "/usr/lib/python3.11/threading.py", line: 1 },
      { index: 1, function: "get", file: "/usr/lib/python3.11/queue.py", line: 1 },
      { index: 2, function: "consumer", file: "/p/app.py", line: 9 },
    ];
    expect(classifyWait(pythonWaits, get, 2)?.waits).toBe("queue.get");
  });

  test.each([
    ["a.acquire()", "Lock.acquire"],
    ["with b:", "with (entering: a lock's acquire?)"],
    ["threads[0].join()", "Thread.join"],
    ["never.wait()", "wait (Event, Condition or Barrier)"],
    ["job = jobs.get()", "queue.get"],
    ["time.sleep(5)", "time.sleep"],
  ])("Python line %j (justMyCode: no library frames)", (text, waits) => {
    expect(classifyWait(pythonWaits, f(["fn"], "/p/app.py"), 0, text)?.waits).toBe(waits);
  });

  test("Python: a line that says nothing waits only when the pause did not stop the thread", () => {
    expect(classifyWait(pythonWaits, f(["fn"], "/p/app.py"), 0, "x = compute(y)")).toBeUndefined();
    expect(classifyWait(pythonWaits, f(["fn"], "/p/app.py"), 0, "x = compute(y)", true)?.waits).toBe("a call that runs no Python (C code)");
  });
});

describe("hangReport", () => {
  const worker = (id: number, line = 16): ThreadRead => ({
    id,
    name: `[Go ${id}] main.worker`,
    current: false,
    frames: [
      { index: 0, function: "runtime.gopark", file: "/go/src/runtime/proc.go", line: 363 },
      { index: 1, function: "runtime.chansend", file: "/go/src/runtime/chan.go", line: 259 },
      { index: 2, function: "runtime.chansend1", file: "/go/src/runtime/chan.go", line: 145 },
      { index: 3, function: "main.worker", file: "/p/main.go", line },
    ],
    userIndex: 3,
    text: "results <- square",
  });

  test("identical waiters are one group; another line is another group; runtime-only threads are counted", () => {
    const idle: ThreadRead = {
      id: 2,
      name: "[Go 2] runtime.gopark",
      current: false,
      frames: [{ index: 0, function: "runtime.gopark", file: "/go/src/runtime/proc.go", line: 363 }],
    };
    const r = hangReport(goWaits, [worker(20), worker(21), worker(22), worker(23, 17), idle]);
    expect(r.blocked).toBe(true);
    expect(r.groups.map((g) => g.threads)).toEqual([[20, 21, 22], [23]]);
    expect(r.groups[0]).toMatchObject({
      waits: "chan send",
      in: "runtime.chansend1",
      frame: { index: 3, function: "main.worker", line: 16 },
      text: "results <- square",
    });
    expect(r.idle).toEqual([{ function: "runtime.gopark", threads: [2] }]);
  });

  test("a thread at the user's code on top that is not known to wait runs: the program is not blocked", () => {
    const spin: ThreadRead = {
      id: 7,
      name: "spin",
      current: true,
      frames: [{ index: 0, function: "spin", file: "/p/a.c", line: 3 }],
      userIndex: 0,
      text: "while (x) n++;",
    };
    const r = hangReport(cWaits, [spin]);
    expect(r.blocked).toBe(false);
    expect(r.groups[0]).toMatchObject({ running: true, current: true });
  });

  test("nothing of the user's anywhere is not a blocked program", () => {
    expect(hangReport(goWaits, [{ id: 1, name: "x", current: false, frames: [] }]).blocked).toBe(false);
  });
});

describe("firstArgument and gdb's thread numbers", () => {
  const lock = /pthread_mutex_(?:timed|clock)?lock/;
  test.each([
    ["pthread_mutex_lock(&b); // @mark lock_b", "&b"],
    ["  if (pthread_mutex_lock(&locks[i]) != 0) return;", "&locks[i]"],
    ["pthread_mutex_lock(&(s->m));", "&(s->m)"],
    ["pthread_mutex_timedlock(&m, &ts);", "&m"],
    ["pthread_mutex_lock(", undefined],
    ["pthread_mutex_unlock(&m);", undefined],
    ["x = 1;", undefined],
  ])("%j → %j", (text, arg) => expect(firstArgument(text, lock)).toBe(arg));

  test("info threads: LWP → gdb's thread number", () => {
    const text = `  Id   Target Id                                  Frame \n* 1    Thread 0x7ffff7d8b740 (LWP 15446) "c-hang" __futex_abstimed_wait_common64 (…)\n  2    Thread 0x7ffff7d8a6c0 (LWP 15500) "c-hang" futex_wait (…)\n  3    Thread 0x7ffff75896c0 (LWP 15501) "c-hang" futex_wait (…)\n`;
    expect([...gdbThreadsByLwp(text)]).toEqual([
      [15446, 1],
      [15500, 2],
      [15501, 3],
    ]);
  });
});

test("each adapter reads its own runtime's waits: Go's under Delve, Python's under debugpy, glibc's under the native debuggers", () => {
  expect(delve.waits).toBe(goWaits);
  expect(debugpy.waits).toBe(pythonWaits);
  expect(lldbDap.waits).toBe(cWaits);
  expect(gdb.waits).toBe(cWaits);
  // A Go frame name means nothing to glibc's rules.
  expect(classifyWait(cWaits, f(["runtime.gopark", "time.Sleep", "main.nap"]), 2)).toBeUndefined();
});
