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
  const prog = env.program({ ...STANDARD_PROGRAM, threads: [{ id: 7, name: "main" }, { id: 8, name: "worker" }] });
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
  // One stackTrace per thread, deep enough to find its frame in the user's code.
  const traces = env.requests("stackTrace").filter((r) => r.arguments.levels === 20);
  expect(new Set(traces.map((r) => r.arguments.threadId))).toEqual(new Set([7, 8]));
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
  const last = env.requests("continue").at(-1);
  expect(last.arguments).toEqual({ threadId: 7, singleThread: true });
  // Without --thread every thread resumes, as before.
  await env.ok(["restart"]);
  await env.ok(["continue"]);
  expect(env.requests("continue").at(-1).arguments.singleThread).toBeUndefined();
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
