// `threads` says each thread's state and its frame in the user's code; `continue --thread N` resumes that thread alone
// where the adapter can (singleThread), and is refused where it cannot.
import { afterAll, afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { FakeAdapterEnv, STANDARD_PROGRAM } from "../harness/index.ts";

const envs: FakeAdapterEnv[] = [];
afterEach(async () => {
  for (const e of envs) await e.stopSessions();
});
afterAll(async () => {
  for (const e of envs) await e.close();
});

function twoThreads(capabilities: Record<string, boolean> = {}) {
  const env = new FakeAdapterEnv({ script: { capabilities } });
  envs.push(env);
  const prog = env.program({
    ...STANDARD_PROGRAM,
    threads: [
      { id: 7, name: "main" },
      { id: 8, name: "worker" },
    ],
  });
  return { env, prog, src: join(env.dir, "prog.c") };
}

test("threads: state, the stop's reason on its thread, and each thread's frame", async () => {
  const { env, prog, src } = twoThreads();
  await env.ok(["start", prog, "--break", `${src}:8`]);
  const { threads } = await env.ok(["threads"]);
  expect(threads).toHaveLength(2);
  expect(threads[0]).toMatchObject({ id: 7, name: "main", current: true, state: "stopped", reason: "breakpoint", frame: { function: "main", line: 8 } });
  expect(threads[1]).toMatchObject({ id: 8, name: "worker", current: false, state: "stopped" });
  expect(threads[1].reason).toBeUndefined();
  const human = await env.run(["threads"], { json: false });
  expect(human.stdout).toContain("→ 7  main  stopped (breakpoint)  at main (prog.c:8)");
  // One stackTrace per other thread, deep enough to find its frame in the user's code; the
  // stopped thread's frames are the ones its stop report read (asked once, at the stop).
  const traces = env.requests("stackTrace");
  expect(traces.filter((r) => r.arguments.threadId === 8).map((r) => r.arguments.levels)).toEqual([20, 20]);
  expect(traces.filter((r) => r.arguments.threadId === 7)).toHaveLength(1);
});

test("threads while running: every thread running, no frames asked", async () => {
  const { env } = twoThreads();
  const spin = env.program({ ...STANDARD_PROGRAM, spin: 6, threads: [{ id: 7, name: "main" }] });
  await env.ok(["start", spin, "--no-wait"]);
  const { threads } = await env.ok(["threads"]);
  expect<unknown>(threads).toEqual([{ id: 7, name: "main", current: false, state: "running" }]);
});

test("continue --thread N: singleThread where the adapter supports it", async () => {
  const { env, prog, src } = twoThreads({ supportsSingleThreadExecutionRequests: true });
  await env.ok(["start", prog, "--break", `${src}:8`]);
  await env.ok(["continue", "--thread", "7"]);
  const last = env.requests("continue").at(-1)!;
  expect(last.arguments).toEqual({ threadId: 7, singleThread: true });
  // Without --thread every thread resumes, as before.
  await env.ok(["restart"]);
  await env.ok(["continue"]);
  expect(env.requests("continue").at(-1)!.arguments.singleThread).toBeUndefined();
});

test("continue --thread N where the adapter cannot: UNSUPPORTED, nothing resumed", async () => {
  const { env, prog, src } = twoThreads();
  await env.ok(["start", prog, "--break", `${src}:8`]);
  const before = env.requests("continue").length;
  const r = await env.run(["continue", "--thread", "8"]);
  expect(r.exitCode).not.toBe(0);
  expect(r.json.error.code).toBe("UNSUPPORTED");
  expect(r.json.error.message).toContain("cannot resume one thread alone");
  expect(env.requests("continue").length).toBe(before);
  expect((await env.ok(["status"])).state).toBe("stopped");
});

test("threads stopped at once (one stopped event each): the first reported, the others listed, then reported by `continue` without resuming", async () => {
  const env = new FakeAdapterEnv();
  envs.push(env);
  const threads = [
    { id: 7, name: "main" },
    { id: 8, name: "worker" },
    { id: 9, name: "other" },
  ];
  const prog = env.program({ ...STANDARD_PROGRAM, threads, coStops: [8, 9] });
  const src = join(env.dir, "prog.c");
  const start = await env.ok(["start", prog, "--break", `${src}:4`]);
  expect(start.stop).toMatchObject({ reason: "breakpoint", threadId: 7, breakpointIds: [1], frame: { function: "main", line: 4 } });
  expect(start.stop.alsoStopped).toEqual([
    { threadId: 8, breakpointIds: [1], function: "worker_wait", file: src, line: 1 },
    { threadId: 9, breakpointIds: [1], function: "other_wait", file: src, line: 1 },
  ]);
  const resumed = env.requests("continue").length;

  // The next continue is thread 8's hit: selected, its --print read in its own frame, nothing resumed.
  const second = await env.ok(["continue", "--print", "line"]);
  expect(second.stop).toMatchObject({ reason: "breakpoint", threadId: 8, breakpointIds: [1], frame: { function: "worker_wait", line: 1 } });
  expect(second.stop.alsoStopped).toEqual([{ threadId: 9, breakpointIds: [1], function: "other_wait", file: src, line: 1 }]);
  expect(env.requests("evaluate").at(-1)!.arguments.frameId).toBe(9001);
  expect(env.requests("continue").length).toBe(resumed);
  expect((await env.ok(["threads"])).threads.find((t) => t.current)?.id).toBe(8);

  const third = await env.ok(["continue"]);
  expect(third.stop).toMatchObject({ reason: "breakpoint", threadId: 9 });
  expect(third.stop.alsoStopped).toBeUndefined();
  expect(env.requests("continue").length).toBe(resumed);
  // Three hits, each counted once.
  expect((await env.ok(["breakpoints"])).breakpoints[0].hits).toBe(3);

  // Nothing left pending: now the program runs (from thread 9, the thread the report named).
  const last = await env.ok(["continue"]);
  expect(env.requests("continue").length).toBe(resumed + 1);
  expect(env.requests("continue").at(-1)!.arguments.threadId).toBe(9);
  expect(last.stop.reason).toBe("exited");
});

test("the report's text lists the other threads on one line", async () => {
  const env = new FakeAdapterEnv();
  envs.push(env);
  const prog = env.program({
    ...STANDARD_PROGRAM,
    threads: [
      { id: 7, name: "main" },
      { id: 8, name: "worker" },
    ],
    coStops: [8],
  });
  const r = await env.run(["start", prog, "--break", `${join(env.dir, "prog.c")}:4`], { json: false });
  expect(r.stdout).toContain("  also stopped: thread 8 at breakpoint 1 in worker_wait (");
  expect(r.stdout).toContain("(`debugger continue` reports it first, before anything runs)");
});

// js-debug gives each worker thread a session on a connection of its own: the worker's `continued`
// for the resume that led to the main thread's stop can come after that stop (seen under load:
// `continue` then said NOT_STOPPED). Only that thread ran on; the stop stands.
test("a `continued` of another thread alone, after a stop: the stop stands; of the stopped thread: it runs", async () => {
  for (const [threadId, state] of [
    [8, "stopped"],
    [7, "running"],
  ] as const) {
    const env = new FakeAdapterEnv();
    envs.push(env);
    const threads = [
      { id: 7, name: "main" },
      { id: 8, name: "worker" },
    ];
    const prog = env.program({ ...STANDARD_PROGRAM, threads, adapter: { continuedAfterStop: { threadId } } });
    const src = join(env.dir, "prog.c");
    const start = await env.ok(["start", prog, "--break", `${src}:4`, "--break", `${src}:10`]);
    expect(start.stop).toMatchObject({ reason: "breakpoint", threadId: 7, frame: { line: 4 } });
    // The event came right after the stop, before the report was built: the state now is its doing.
    expect((await env.ok(["status"])).state).toBe(state);
    if (state === "stopped") expect((await env.ok(["continue"])).stop).toMatchObject({ reason: "breakpoint", frame: { line: 10 } });
  }
});
