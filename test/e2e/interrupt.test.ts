// A `trace` or `batch` whose client goes away (killed CLI, Ctrl-C, an MCP cancel) ends inside the
// daemon: the program is left stopped at a known place, the trace's breakpoint is gone, and the
// next reply on the session says what happened. Issue 24, item 3. Real lldb-dap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { adapterAvailable, BIN, E2eEnv, useEnv, waitFor, type DataOf } from "../harness/index.ts";

const LOOP_C = `int tick(int n) {
  return n + 1;
}

int main(void) {
  int n = 0;
  for (;;) {
    n = tick(n);
  }
}
`;

const env = useEnv(() => new E2eEnv({ prefix: "dbg-intr-" }));
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/interrupt.test.ts");
const t = haveLldb ? test : test.skip;
let dir: string;
let prog: string;

beforeAll(() => {
  if (!haveLldb) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-intr-src-"));
  writeFileSync(join(dir, "loop.c"), LOOP_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "loop"), join(dir, "loop.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  prog = join(dir, "loop");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Hits counted so far on breakpoint ID (read while the trace runs). */
async function hitsOf(s: ReturnType<ReturnType<typeof env>["session"]>, id: number): Promise<number> {
  const list = await s.run(["breakpoint", "list"]);
  return list.json?.data?.breakpoints?.find((b) => b.id === id)?.hits ?? 0;
}

/** Runs `debugger ARGS` in the background for session NAME; the caller kills it. */
function background(name: string, args: string[], stdin?: string) {
  return Bun.spawn([BIN, ...args, "--session", name], {
    env: env().env,
    cwd: dir,
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Ctrl-C to a background trace or run with --json: it exits 0 saying it was interrupted; its reply's data. */
async function interruptJson(proc: ReturnType<typeof background>): Promise<DataOf<["trace"]> | DataOf<["run"]>> {
  proc.kill("SIGINT");
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  expect(code).toBe(0);
  const data = JSON.parse(out).data;
  expect(data.stoppedBy).toBe("interrupted");
  return data;
}

/** The session a `run` under NAME made for itself (NAME.runN), once it exists and has stopped three times. */
async function runSession(name: string): Promise<string> {
  let runName = "";
  await waitFor(
    async () => !!(runName = ((await env().run(["sessions"])).json?.data?.sessions ?? []).find((x) => x.name.startsWith(`${name}.run`))?.name ?? ""),
    30_000,
    "the run's session",
  );
  await waitFor(async () => (await hitsOf(env().session(runName), 1)) >= 3, 30_000, "the run to stop a few times");
  return runName;
}

async function expectStoppedAndStill(s: ReturnType<ReturnType<typeof env>["session"]>, notice: RegExp) {
  const status = await s.run(["status"]);
  expect(status.json.data.state).toBe("stopped");
  expect(status.json.notice).toMatch(notice);
  // Said once: the reply after it has no notice.
  expect((await s.run(["status"])).json.notice).toBeUndefined();
  // Still stopped: nothing drives the program any more.
  const n1 = (await s.ok(["print", "n"])).result;
  const n2 = (await s.ok(["print", "n"])).result;
  expect(n1).toBeDefined();
  expect(n2).toBe(n1);
  expect((await s.ok(["status"])).state).toBe("stopped");
  return status.json.notice as string;
}

describe("an interrupted trace", () => {
  t(
    "a Ctrl-C (SIGINT) pauses it: the trace replies with its hits so far, stoppedBy interrupted; the program stays there",
    async () => {
      // A breakpoint hit in a tight loop: the pause mostly finds the program stopped at a hit.
      const s = env().session("trace-int");
      await s.ok(["start", prog, "--break", "main"]);
      const trace = background(s.name, ["trace", "loop.c:2", "--max", "100000", "--print", "n", "--json"]);
      await waitFor(async () => (await hitsOf(s, 2)) >= 5, 30_000, "the trace to hit a few times");
      const data = await interruptJson(trace);
      expect(data.hits.length).toBeGreaterThanOrEqual(5);
      expect(data.stop.frame.function).toBe("tick");
      // Nothing left to say: the reply said it.
      const status = await s.run(["status"]);
      expect(status.json.data.state).toBe("stopped");
      expect(status.json.notice).toBeUndefined();
      const n1 = (await s.ok(["print", "n"])).result;
      expect((await s.ok(["print", "n"])).result).toBe(n1);
      expect((await s.ok(["breakpoint", "list"])).breakpoints.map((b) => b.id)).toEqual([1]);
    },
    90_000,
  );

  for (const signal of ["SIGKILL"] as const) {
    t(
      `ends when its CLI gets ${signal}: the program stays stopped at the trace's line, its breakpoint is gone`,
      async () => {
        const s = env().session(`trace-${signal}`);
        await s.ok(["start", prog, "--break", "main"]);
        const trace = background(s.name, ["trace", "loop.c:2", "--max", "100000", "--print", "n"]);
        await waitFor(async () => (await hitsOf(s, 2)) >= 5, 30_000, "the trace to hit a few times");
        trace.kill(signal);
        await trace.exited;
        const notice = await expectStoppedAndStill(
          s,
          /^the trace of loop\.c:2 was interrupted after \d+ hits? \(its client went away\); the program is stopped at loop\.c:\d+ in tick$/,
        );
        expect(notice).toContain("in tick");
        const bps = (await s.ok(["breakpoint", "list"])).breakpoints.map((b) => b.id);
        expect(bps).toEqual([1]);
        // The session goes on as usual.
        const next = await s.ok(["finish"]);
        expect(next.stop.frame.function).toBe("main");
      },
      90_000,
    );
  }
});

describe("an interrupted batch", () => {
  t(
    "ends at the step that waits; the program it set running is paused; the rest of the plan does not run",
    async () => {
      const s = env().session("batch-kill");
      await s.ok(["start", prog, "--break", "main"]);
      const batch = background(s.name, ["batch"], "next\ncontinue\nprint n\nstop\n");
      await waitFor(async () => (await s.run(["status"])).json?.data?.state === "running", 30_000, "the batch's continue to run the program");
      batch.kill("SIGTERM");
      await batch.exited;
      await expectStoppedAndStill(s, /^the batch was interrupted at step 2 of 4 \(continue; its client went away\); the program is stopped at loop\.c:\d+/);
    },
    90_000,
  );
});

describe("an interrupted run", () => {
  t(
    "a Ctrl-C shows where the program is, ends it, and leaves the session of the same name alone",
    async () => {
      // The user's own session, stopped, under the name the run is given.
      const s = env().session("run-int");
      await s.ok(["start", prog, "--break", "main"]);
      const before = (await s.ok(["print", "n"])).result;
      const run = background(s.name, ["run", prog, "--break", "loop.c:2", "--print", "n", "--max", "100000", "--timeout", "0", "--json"]);
      // The run's own session (NAME.runN) exists once it runs.
      await runSession("run-int");
      const data = await interruptJson(run);
      expect(data.hits.length).toBeGreaterThanOrEqual(3);
      expect(["tick", "main"]).toContain(data.stop.frame.function);
      // The run's program is ended; the user's session is as it was (the pause was the run's).
      const names = (await s.ok(["sessions"])).sessions.map((x) => x.name);
      expect(names).toEqual(["run-int"]);
      expect((await s.ok(["status"])).state).toBe("stopped");
      expect((await s.ok(["print", "n"])).result).toBe(before);
    },
    90_000,
  );

  t(
    "the human reply says it was interrupted, with the stop where the program was",
    async () => {
      const run = background("run-int2", ["run", prog, "--break", "loop.c:2", "--print", "n", "--max", "100000", "--timeout", "0"]);
      await runSession("run-int2");
      run.kill("SIGINT");
      const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
      expect(code).toBe(0);
      expect(err).toContain("Ctrl-C: pausing the program to show where it is");
      expect(out).toMatch(/^Stops at tick \(loop\.c:2\):\n#1  n = 0\n/);
      expect(out).toMatch(/\nInterrupted \(Ctrl-C\) after \d+ stops?(, still running; paused to show where it was|; the program was here):\n/);
      expect(out).toContain("The program was ended");
      expect((await env().ok(["sessions"])).sessions).toEqual([]);
    },
    90_000,
  );
});

describe("an MCP cancel", () => {
  t(
    "a cancelled trace call ends in the daemon too",
    async () => {
      const client = new Client({ name: "intr-test", version: "1" });
      await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: env().env, cwd: dir, stderr: "inherit" }));
      try {
        const s = env().session("mcp-cancel");
        await s.ok(["start", prog, "--break", "main"]);
        const abort = new AbortController();
        const call = client.callTool({ name: "trace", arguments: { session: s.name, location: "loop.c:2", max: 100000, print: ["n"] } }, undefined, {
          signal: abort.signal,
          timeout: 120_000,
        });
        call.catch(() => {});
        await waitFor(async () => (await hitsOf(s, 2)) >= 5, 30_000, "the trace to hit a few times");
        abort.abort("cancelled by the test");
        await expect(call).rejects.toThrow();
        // The next call through MCP says what happened.
        const r = (await client.callTool({ name: "status", arguments: { session: s.name } })) as any;
        expect(r.structuredContent.state).toBe("stopped");
        expect(r.structuredContent.notice).toMatch(
          /^the trace of loop\.c:2 was interrupted after \d+ hits? \(its client went away\); the program is stopped at loop\.c:\d+ in tick$/,
        );
        expect(r.content[0].text).toStartWith("note: the trace of loop.c:2 was interrupted");
        expect((await s.ok(["breakpoint", "list"])).breakpoints.map((b) => b.id)).toEqual([1]);
      } finally {
        await client.close();
      }
    },
    90_000,
  );
});
