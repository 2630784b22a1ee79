// Warm adapters: the next start of a kind takes a spare that was spawned and initialized before;
// spares are bounded, replaced when dead, and never outlive the daemon.
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { alive, Env, waitFor } from "./harness.ts";

const envs: Env[] = [];
afterAll(async () => {
  for (const e of envs) await e.close();
});

function newEnv(warm = "1", extra: Record<string, string> = {}): Env {
  const env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: warm, ...extra } });
  envs.push(env);
  return env;
}

/** A second adapter kind, `fake2`: the same fake adapter under another name (its own spares). */
function withSecondKind(env: Env): void {
  const config = join(env.env.XDG_CONFIG_HOME!, "debugger-cli", "config.toml");
  const command = /^command = (.*)$/m.exec(readFileSync(config, "utf8"))![1]!;
  appendFileSync(config, `\n[adapters.fake2]\ncommand = ${command}\nextensions = [".json"]\n`);
}

async function logText(env: Env): Promise<string> {
  return (await env.ok(["logs", "--tail", "400"])).text;
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

  test("over the memory budget, a kind out of use loses its spare, least recently used first; the kind used last keeps its own", async () => {
    // A budget of 1 MB (the daemon alone is over it) and a kind out of use after 1 s.
    const env = newEnv("1", { DEBUGGER_WARM_MEMORY_MB: "1", DEBUGGER_WARM_IN_USE_SECONDS: "1" });
    withSecondKind(env);
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    await env.ok(["stop", "--session", "a"]);
    await waitFor(async () => (await spares(env)).some((s) => s.adapter === "fake"), 10_000, "a fake spare");
    const [first] = await spares(env);
    await env.ok(["start", prog, "--adapter", "fake2", "--stop-on-entry", "--session", "b"]);
    await env.ok(["stop", "--session", "b"]);
    // fake was used more than a second before fake2's spare was ready: dropped then, or at the next look.
    await waitFor(async () => /warm fake spare \d+ dropped \(memory: /.test(await logText(env)), 10_000, "fake's spare dropped for memory");
    await waitFor(async () => JSON.stringify((await spares(env)).map((s) => s.adapter)) === '["fake2"]', 10_000, "fake2's spare alone");
    await waitFor(() => !alive(first!.pid), 5000, "the dropped spare's adapter to end");
    // fake2, used last, keeps its spare though the total stays over the budget.
    const log = await logText(env);
    expect(log).not.toMatch(/warm fake2 spare \d+ dropped/);
    expect(log).toMatch(/over the 1 MB budget; fake unused for \d+ s\)/);
  });

  test("over the memory budget, a kind used within the last minute keeps its spare", async () => {
    const env = newEnv("1", { DEBUGGER_WARM_MEMORY_MB: "1" });
    withSecondKind(env);
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    await env.ok(["stop", "--session", "a"]);
    await waitFor(async () => (await spares(env)).some((s) => s.adapter === "fake"), 10_000, "a fake spare");
    await env.ok(["start", prog, "--adapter", "fake2", "--stop-on-entry", "--session", "b"]);
    await env.ok(["stop", "--session", "b"]);
    // The budget is checked as fake2's spare becomes ready; both kinds were used within the minute.
    await waitFor(async () => /warm fake2 spare \d+ ready/.test(await logText(env)), 10_000, "fake2's spare");
    expect((await spares(env)).map((s) => s.adapter).sort()).toEqual(["fake", "fake2"]);
    expect(await logText(env)).not.toMatch(/dropped \(memory/);
  });
});
