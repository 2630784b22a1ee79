// Ctrl-C (SIGINT) while a command waits for a stop, on a pipe (no terminal): the first pauses the
// program and the command reports that stop, exit 0 — a trace ends with its hits so far, a batch
// runs no further line; a second one within 2 s leaves at once (exit 130, INTERRUPTED) and the
// session lives on. Another session and the daemon are untouched. Issue 23. (On a real terminal
// with real adapters: test/e2e/terminal.test.ts.)
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { BIN, Env, SOCKETS, STANDARD_PROGRAM, waitFor, withFlags } from "./harness.ts";

let env: Env;
let prog: string;
let spinner: string;
let slowPause: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  spinner = env.program({ ...STANDARD_PROGRAM, spin: 6 });
  // An adapter that takes 3 s to answer a pause: time for a second Ctrl-C before the stop.
  slowPause = env.program({ ...STANDARD_PROGRAM, spin: 6, adapter: { delays: { pause: 3000 } } });
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** A CLI command left running, its stderr read as it comes. */
function launch(args: string[], json = true, extra: Record<string, string> = {}) {
  const proc = Bun.spawn([BIN, ...(json ? withFlags(args, ["--json"]) : args)], {
    cwd: env.dir,
    env: { ...env.env, ...extra },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let stderr = "";
  const decoder = new TextDecoder();
  const readErr = (async () => {
    for await (const chunk of proc.stderr) stderr += decoder.decode(chunk, { stream: true });
  })();
  const stdout = new Response(proc.stdout).text();
  return {
    proc,
    stderr: () => stderr,
    async done() {
      const [out, code] = await Promise.all([stdout, proc.exited, readErr]);
      let json: any;
      try {
        json = JSON.parse(out);
      } catch {}
      return { exitCode: code as number, stdout: out, stderr, json };
    },
  };
}

const running = (session: string) => async () => (await env.run(["status", "--session", session])).json?.data?.state === "running";

// The CLI waits on the daemon's socket through libc on Linux and through Bun's socket elsewhere
// (harness SOCKETS): a Ctrl-C must reach it either way.

test.each(SOCKETS)(
  "SIGINT during continue pauses the program: the continue reports the pause where it was, exit 0; another session is untouched (%s)",
  async (_way, extra) => {
    await env.ok(["start", spinner, "--stop-on-entry", "--session", "spin"]);
    await env.ok(["start", prog, "--break", "prog.c:4", "--session", "other"]);
    const c = launch(["continue", "--session", "spin", "--timeout", "30"], true, extra);
    await waitFor(running("spin"), 10_000, "the program to run");
    c.proc.kill("SIGINT");
    const r = await c.done();
    expect(r.exitCode).toBe(0);
    expect(r.json.data.stop).toMatchObject({ reason: "pause", frame: { line: 6 } });
    expect(r.stderr).toBe(""); // --json: the document alone
    expect((await env.ok(["status", "--session", "spin"])).state).toBe("stopped");
    // The other session, and the daemon, went on as before.
    expect((await env.ok(["status", "--session", "other"])).stop.frame.line).toBe(4);
    expect((await env.ok(["next", "--session", "other"])).stop.frame.line).toBe(5);
  },
);

test.each(SOCKETS)("in text mode the first SIGINT says what it does on stderr, and the report follows on stdout (%s)", async (_way, extra) => {
  await env.ok(["start", spinner, "--stop-on-entry", "--session", "txt"]);
  const c = launch(["continue", "--session", "txt"], false, extra);
  await waitFor(running("txt"), 10_000, "the program to run");
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toBe("Ctrl-C: pausing the program (Ctrl-C again within 2 s leaves it running)\n");
  expect(r.stdout).toStartWith("Stopped: pause in main (prog2.c:6)");
});

test("a second SIGINT within 2 s leaves at once: exit 130, INTERRUPTED with the session's state; the session lives on and its stop comes", async () => {
  await env.ok(["start", slowPause, "--stop-on-entry", "--session", "slow"]);
  const c = launch(["continue", "--session", "slow", "--timeout", "30"], false);
  await waitFor(running("slow"), 10_000, "the program to run");
  const sent = Date.now();
  c.proc.kill("SIGINT");
  await waitFor(() => c.stderr().includes("pausing the program"), 5000, "the first Ctrl-C to be taken");
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(130);
  // Before the adapter's 3 s pause answered: the CLI did not wait for it.
  expect(Date.now() - sent).toBeLessThan(3000);
  expect(r.stdout).toBe("");
  expect(r.stderr).toContain(
    "error: left the continue at a second Ctrl-C; session 'slow' keeps running in the daemon; the program is running (the pause asked for may still stop it) [INTERRUPTED]",
  );
  expect(r.stderr).toContain("hint: `debugger await` waits for its next stop");
  // The pause asked for at the first Ctrl-C still lands; the session answers as before.
  const got = await env.ok(["await", "--session", "slow", "--timeout", "10"]);
  expect(got.stop).toMatchObject({ reason: "pause", frame: { line: 6 } });
  expect((await env.ok(["print", "line", "--session", "slow"])).result).toBe("6");
});

test("--json: the second SIGINT gives the INTERRUPTED document on stdout", async () => {
  await env.ok(["start", slowPause, "--stop-on-entry", "--session", "slowj"]);
  const c = launch(["continue", "--session", "slowj", "--timeout", "30"]);
  await waitFor(running("slowj"), 10_000, "the program to run");
  const pauses = env.requests("pause").length;
  c.proc.kill("SIGINT");
  // --json says nothing on stderr: wait for the pause to reach the adapter instead.
  await waitFor(() => env.requests("pause").length > pauses, 5000, "the pause request");
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(130);
  expect(r.json).toMatchObject({ ok: false, command: "continue", session: "slowj", error: { code: "INTERRUPTED" } });
  expect(r.stderr).toBe("");
  await env.ok(["await", "--session", "slowj", "--timeout", "10"]);
});

test("SIGINT during start's wait for the first stop: start reports the pause", async () => {
  const c = launch(["start", spinner, "--session", "st", "--timeout", "30"]);
  await waitFor(running("st"), 10_000, "the program to run");
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(0);
  expect(r.json.data.stop).toMatchObject({ reason: "pause", frame: { line: 6 } });
});

test("SIGINT during until: it reports the pause, and its temporary breakpoint goes", async () => {
  await env.ok(["start", spinner, "--stop-on-entry", "--session", "un"]);
  const u = launch(["until", "prog2.c:10", "--session", "un", "--timeout", "30"]);
  await waitFor(running("un"), 10_000, "until to run the program");
  u.proc.kill("SIGINT");
  const r = await u.done();
  expect(r.exitCode).toBe(0);
  expect(r.json.data.stop).toMatchObject({ reason: "pause", frame: { line: 6 } });
  expect((await env.ok(["breakpoint", "list", "--session", "un"])).breakpoints).toEqual([]);
});

test("SIGINT during trace ends it where the program is, with the hits so far (stoppedBy interrupted); its breakpoint goes", async () => {
  await env.ok(["start", spinner, "--stop-on-entry", "--session", "tr"]);
  const evaluations = env.requests("evaluate").length;
  const c = launch(["trace", "prog2.c:4", "--print", "line", "--session", "tr", "--timeout", "30"]);
  // Running after its hit (its value read): a SIGINT before the hit would end a trace of no hits.
  await waitFor(
    async () => env.requests("evaluate").length > evaluations && (await env.ok(["status", "--session", "tr"])).state === "running",
    10_000,
    "the trace to pass its hit and run the program",
  );
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(0);
  expect(r.json.data).toMatchObject({
    stoppedBy: "interrupted",
    hits: [{ hit: 1, values: [{ expression: "line", value: "4" }] }],
    stop: { reason: "pause", frame: { line: 6 } },
  });
  expect((await env.ok(["breakpoint", "list", "--session", "tr"])).breakpoints).toEqual([]);
  const text = await env.run(["status", "--session", "tr"], { json: false });
  expect(text.stdout).toContain("pause");
});

test("SIGINT while a trace is at a hit (the program stopped, its values being read): the trace resumes no more", async () => {
  // Reading the values takes 2 s: the pause comes while the program is stopped at the hit.
  const slowEval = env.program({ ...STANDARD_PROGRAM, spin: 6, adapter: { delays: { evaluate: 2000 } } });
  await env.ok(["start", slowEval, "--stop-on-entry", "--session", "trh"]);
  const evaluations = env.requests("evaluate").length;
  const c = launch(["trace", "prog4.c:4", "--print", "line", "--session", "trh", "--timeout", "30"]);
  await waitFor(() => env.requests("evaluate").length > evaluations, 10_000, "the trace to read its values at the hit");
  c.proc.kill("SIGINT");
  const r = await c.done();
  expect(r.exitCode).toBe(0);
  expect(r.json.data).toMatchObject({ stoppedBy: "interrupted", hits: [{ hit: 1 }], stop: { reason: "breakpoint", frame: { line: 4 } } });
  // It never ran on to the spin line.
  expect((await env.ok(["status", "--session", "trh"])).stop.frame.line).toBe(4);
});

test("`pause` from another CLI while a trace is at a hit ends the trace there and answers where (issue 33 item 9)", async () => {
  // Reading the values takes 2 s: the pause comes while the program is stopped at the hit. Before,
  // the pause said NOT_RUNNING (exit 1) while the trace ended all the same.
  const slowEval = env.program({ ...STANDARD_PROGRAM, spin: 6, adapter: { delays: { evaluate: 2000 } } });
  await env.ok(["start", slowEval, "--stop-on-entry", "--session", "trp"]);
  const evaluations = env.requests("evaluate").length;
  const c = launch(["trace", `${slowEval.replace(/\.json$/, ".c")}:4`, "--print", "line", "--session", "trp", "--timeout", "30"]);
  await waitFor(() => env.requests("evaluate").length > evaluations, 10_000, "the trace to read its values at the hit");
  const p = await env.run(["pause", "--session", "trp"]);
  expect(p.exitCode).toBe(0);
  expect(p.json.data.stop).toMatchObject({ reason: "breakpoint", frame: { line: 4 } });
  const r = await c.done();
  expect(r.exitCode).toBe(0);
  expect(r.json.data).toMatchObject({ stoppedBy: "interrupted", hits: [{ hit: 1 }], stop: { frame: { line: 4 } } });
  expect((await env.ok(["status", "--session", "trp"])).stop.frame.line).toBe(4);
  // Nothing under way: a pause of a stopped program is still NOT_RUNNING.
  expect((await env.run(["pause", "--session", "trp"])).json.error.code).toBe("NOT_RUNNING");
});

test("SIGINT during a batch stops the plan after the line under way (data.interrupted), exit 0", async () => {
  await env.ok(["start", spinner, "--stop-on-entry", "--session", "bat"]);
  const plan = `${env.dir}/plan.txt`;
  await Bun.write(plan, "continue\nprint line\ncontinue\n");
  const b = launch(["batch", plan, "--session", "bat"], false);
  await waitFor(running("bat"), 10_000, "the batch's continue to run the program");
  b.proc.kill("SIGINT");
  const r = await b.done();
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toContain("» continue\nStopped: pause in main (prog2.c:6)");
  expect(r.stdout).toContain("(interrupted after line 1: 2 more not run)");
  expect(r.stdout).not.toContain("» print line");
  expect((await env.ok(["print", "line", "--session", "bat"])).result).toBe("6");
  // --json: the replies so far and data.interrupted.
  const j = launch(["batch", plan, "--session", "bat"]);
  await waitFor(running("bat"), 10_000, "the batch's continue to run the program");
  j.proc.kill("SIGINT");
  const rj = await j.done();
  expect(rj.exitCode).toBe(0);
  expect(rj.json.data).toMatchObject({
    ran: 1,
    total: 3,
    interrupted: true,
    replies: [{ ok: true, command: "continue", data: { stop: { reason: "pause" } } }],
  });
});

test("a run whose CLI is killed ends its program at once, not at its timeout (here none): nothing is left behind", async () => {
  const sessions = async () => (await env.ok(["sessions"])).sessions as { name: string; state: string }[];
  for (const when of ["running", "at a stop"] as const) {
    const r = launch(
      when === "running"
        ? ["run", spinner, "--timeout", "0", "--session", "gone"]
        : ["run", slowPause, "--break", "prog.c:6", "--print", "i", "--timeout", "0", "--session", "gone2"],
    );
    await waitFor(
      async () => (await sessions()).some((s) => s.name.startsWith(when === "running" ? "gone.run" : "gone2.run")),
      10_000,
      `the run's session (${when})`,
    );
    r.proc.kill("SIGKILL");
    await r.done();
    await waitFor(
      async () => (await sessions()).length === 0,
      10_000,
      `the killed run's session to end (${when}): ${JSON.stringify(await sessions())} ${(await env.run(["logs"], { json: false })).stdout.slice(-3000)}`,
    );
  }
});
