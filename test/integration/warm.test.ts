// Warm adapters: the next start of a kind takes a spare that was spawned and initialized before;
// spares are bounded, replaced when dead, and never outlive the daemon.
import { afterAll, describe, expect, test } from "bun:test";
import { alive, Env, waitFor } from "./harness.ts";

const envs: Env[] = [];
afterAll(async () => {
  for (const e of envs) await e.close();
});

function newEnv(warm = "1"): Env {
  const env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: warm } });
  envs.push(env);
  return env;
}

async function spares(env: Env): Promise<{ adapter: string; pid: number }[]> {
  return (await env.ok(["daemon", "status"])).spares;
}

describe("warm adapters", () => {
  test("the second start of a kind takes the spare the first one left, and skips initialize", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    expect((await env.ok(["status", "--session", "a"])).warm).toBe(false);
    await waitFor(async () => (await spares(env)).length === 1, 10_000, "a spare");
    const [spare] = await spares(env);
    expect(spare).toMatchObject({ adapter: "fake" });
    const initializes = env.requests("initialize").length;
    await env.ok(["start", prog, "--break", "prog.c:4", "--session", "b"]);
    const b = await env.ok(["status", "--session", "b"]);
    expect(b).toMatchObject({ state: "stopped", warm: true, stop: { reason: "breakpoint", frame: { line: 4 } } });
    // b sent no initialize of its own; only the new spare made in the background may have.
    await waitFor(async () => (await spares(env)).length === 1 && (await spares(env))[0]!.pid !== spare!.pid, 10_000, "a fresh spare");
    expect(env.requests("initialize").length).toBe(initializes + 1);
    // Both sessions work side by side; at most one spare per kind.
    await env.ok(["continue", "--session", "b"]);
    const [before] = await spares(env);
    const made = env.requests("initialize").length;
    await env.ok(["start", prog, "--stop-on-entry", "--session", "c"]);
    // c takes the spare and one replacement is made: one initialize more, one spare.
    await waitFor(async () => (await spares(env)).some((s) => s.pid !== before!.pid), 10_000, "the spare c took to be replaced");
    expect(env.requests("initialize").length).toBe(made + 1);
    expect((await spares(env)).length).toBe(1);
    for (const s of ["a", "b", "c"]) await env.ok(["stop", "--session", s]);
  });

  test("a spare whose adapter died is not handed out; the start makes its own", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    await waitFor(async () => (await spares(env)).length === 1, 10_000, "a spare");
    const [spare] = await spares(env);
    process.kill(spare!.pid, "SIGKILL");
    await waitFor(() => !alive(spare!.pid), 5000, "the spare to die");
    const r = await env.ok(["start", prog, "--break", "prog.c:4", "--session", "b"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint" });
    expect((await env.ok(["status", "--session", "b"])).warm).toBe(false);
    for (const s of ["a", "b"]) await env.ok(["stop", "--session", s]);
  });

  test("a spare that runs but answers nothing is not handed out; the start makes its own at once", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    await waitFor(async () => (await spares(env)).length === 1, 10_000, "a spare");
    const [spare] = await spares(env);
    process.kill(spare!.pid, "SIGUSR2"); // deadlocked: alive, not stopped, silent
    const r = await env.ok(["start", prog, "--break", "prog.c:4", "--session", "b"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint" });
    expect((await env.ok(["status", "--session", "b"])).warm).toBe(false);
    // The liveness probe went to the hung spare, and nothing was launched on it.
    expect(env.requests("threads").length).toBeGreaterThanOrEqual(1);
    await waitFor(() => !alive(spare!.pid), 5000, "the hung spare to be killed");
    for (const s of ["a", "b"]) await env.ok(["stop", "--session", s]);
  });

  test("the daemon's spares go with it", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry"]);
    await waitFor(async () => (await spares(env)).length === 1, 10_000, "a spare");
    const [spare] = await spares(env);
    await env.ok(["daemon", "stop"]);
    await waitFor(() => !alive(spare!.pid), 5000, "the spare to go with the daemon");
  });

  test("a SIGKILLed daemon's spare is killed by the next daemon", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry"]);
    await waitFor(async () => (await spares(env)).length === 1, 10_000, "a spare");
    const [spare] = await spares(env);
    process.kill(await env.daemonPid(), "SIGKILL");
    await env.run(["sessions"]); // a new daemon reads what the dead one recorded
    await waitFor(() => !alive(spare!.pid), 5000, "the dead daemon's spare to be killed");
  });

  test("off (DEBUGGER_WARM_ADAPTERS=0): no spare is made", async () => {
    const env = newEnv("0");
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry"]);
    // The moment a spare would be made, the daemon says it makes none.
    await waitFor(
      async () => (await env.ok(["logs", "--tail", "200"])).text.includes("warm fake: no spare (warm adapters are off)"),
      10_000,
      "the warm pool's word",
    );
    expect(await spares(env)).toEqual([]);
    expect(env.requests("initialize").length).toBe(1);
    await env.ok(["stop"]);
  });
});
