// Delve end to end: the built binary, a real `dlv dap`, the fixtures in test/fixtures/go.
// Lines are found by their `// @mark NAME` comments (the same names as the C fixture).
// Locally a missing dlv or go skips with a message; in CI (CI=true) it fails.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import type { DataOf } from "../harness/index.ts";
import { alive, E2eEnv, ROOT, waitFor } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const CI = process.env.CI === "true";
const T = 60_000;
const DLV = process.env.DEBUGGER_DLV || Bun.which("dlv");
const GO = Bun.which("go");
const BASIC_SRC = join(goFixturesDir, "basic", "main.go");
const SLEEPER_SRC = join(goFixturesDir, "sleeper", "main.go");
const GOROUTINES_SRC = join(goFixturesDir, "goroutines", "main.go");

const at = (file: string, fixture: string, mark: string) => `${file}:${goMarkerLine(fixture, mark)}`;
const basicAt = (mark: string) => at(BASIC_SRC, "basic", mark);

function local(stop: StopReport, name: string): string | undefined {
  return stop.locals.find((v) => v.name === name)?.value;
}

const missing = [!DLV && "dlv (apt-get install delve, or go install github.com/go-delve/delve/cmd/dlv@latest)", !GO && "go (apt-get install golang-go)"].filter(
  Boolean,
);
if (missing.length) {
  const why = `not installed: ${missing.join(", ")}`;
  if (CI) test("delve and go are installed", () => expect(why).toBe("nothing missing"));
  else console.warn(`SKIP test/e2e/go.test.ts: ${why}`);
}

describe.skipIf(missing.length > 0)("delve", () => {
  let env: E2eEnv;
  let bin: Record<string, string>;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    bin = await buildGoFixtures();
    env = new E2eEnv();
  }, T);

  afterEach(() => env.stopSessions());

  afterAll(async () => {
    await env?.close();
    console.log(`delve e2e timings (ms, CLI start → reply with the first stop): ${JSON.stringify(timings)}`);
  });

  /** `start` with --json; returns data and records how long the first stop took. */
  async function start(session: string, args: string[], opts: { cwd?: string } = {}): Promise<DataOf<["start"]>> {
    const t0 = performance.now();
    const data = await env.ok(["start", ...args, "--session", session], opts);
    timings[session] = Math.round(performance.now() - t0);
    return data;
  }

  test(
    "a Go binary picks delve; line breakpoint, locals, call in print, step/next/finish, backtrace, output, exit code",
    async () => {
      const s = "go-basic";
      const r = await start(s, [bin.basic!, "--break", basicAt("loop_body")]);
      expect(r.session.adapter).toBe("delve");
      expect(r.breakpoints[0]).toMatchObject({ id: 1, verified: true, line: goMarkerLine("basic", "loop_body") });
      expect(r.stop).toMatchObject({
        reason: "breakpoint",
        breakpointIds: [1],
        frame: { function: "main.main", file: BASIC_SRC, line: goMarkerLine("basic", "loop_body") },
      });
      expect(local(r.stop, "p")).toBe("main.Point {x: 3, y: 4}");
      expect(local(r.stop, "total")).toBe("0");
      expect(local(r.stop, "i")).toBe("0");
      // Delve's banner ("Type 'dlv help' …") is dropped: nothing is printed before the first stop.
      expect(r.stop.output).toBe("");

      // Calls go through `call EXPR` in the repl context; plain expressions stay plain.
      expect((await env.ok(["print", "add(2, 3)", "--session", s])).result).toBe("5");
      expect((await env.ok(["print", "factorial(add(1, 2))", "--session", s])).result).toBe("6");
      expect(await env.ok(["print", "p.x + p.y", "--session", s])).toMatchObject({ result: "7", type: "int" });
      const p = await env.ok(["print", "p", "--session", s]);
      expect(p.children.map((c) => `${c.name}=${c.value}`)).toEqual(["x=3", "y=4"]);
      const bad = await env.run(["print", "nosuch + 1", "--session", s]);
      expect(bad.json.error.code).toBe("EVALUATE_FAILED");
      expect(bad.json.error.message).toContain("could not find symbol value for nosuch");

      // step lands on add's `func` line (Delve stops before the prologue), next walks its body.
      const step = (await env.ok(["step", "--session", s])).stop;
      expect(step).toMatchObject({ reason: "step", frame: { function: "main.add", line: goMarkerLine("basic", "add_body") - 1 } });
      const next1 = (await env.ok(["next", "--session", s])).stop;
      expect(next1.frame).toMatchObject({ function: "main.add", line: goMarkerLine("basic", "add_body") });
      expect(local(next1, "a")).toBe("0");
      expect(local(next1, "b")).toBe("0");
      const next2 = (await env.ok(["next", "--session", s])).stop;
      // `return sum` (no mark: Rust has no line-table entry there) is the line after add_body.
      const addReturn = goMarkerLine("basic", "add_body") + 1;
      expect(next2.frame.line).toBe(addReturn);
      expect(local(next2, "sum")).toBe("0");

      const bt = await env.ok(["backtrace", "--session", s]);
      expect(bt.frames.slice(0, 3).map((f) => [f.function, f.line])).toEqual([
        ["main.add", addReturn],
        ["main.main", goMarkerLine("basic", "loop_body")],
        ["runtime.main", expect.any(Number)],
      ]);

      const fin = (await env.ok(["finish", "--session", s])).stop;
      expect(fin).toMatchObject({ reason: "step", frame: { function: "main.main", line: goMarkerLine("basic", "loop_body") } });
      const next3 = (await env.ok(["next", "--session", s])).stop;
      expect(next3.frame.line).toBe(goMarkerLine("basic", "loop_head"));

      // Delve sends no `exited`: the session disconnects at `terminated` and reads the code from
      // "Process N has exited with status 3". stdout and stderr both come through dlv's own stdio.
      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      await env.ok(["break", basicAt("stdout_flushed"), "--session", s]);
      const flushed = (await env.ok(["continue", "--session", s])).stop;
      expect(flushed.frame.line).toBe(goMarkerLine("basic", "stdout_flushed"));
      expect(flushed.output).toBe("stdout: total=10 f=24\n");
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3, description: "program exited with code 3" });
      expect(end.output).toStartWith("stderr: p.x=3 p.y=4\n");
      expect(end.console).toMatch(/Process \d+ has exited with status 3/);
      expect((await env.ok(["status", "--session", s])).state).toBe("exited");
      const out = await env.ok(["output", "--session", s]);
      expect(out.text).toContain("stdout: total=10 f=24\nstderr: p.x=3 p.y=4\n");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "function breakpoints: main.add, plain add (spelled main.add for Delve), conditions",
    async () => {
      const s = "go-functions";
      const r = await start(s, [bin.basic!, "--break", "add"]);
      // A bare `add` is ambiguous to Delve (runtime and reflect have one too): the module asks for main.add.
      expect(r.breakpoints[0]).toMatchObject({ id: 1, location: "add", verified: true, file: BASIC_SRC });
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "main.add" } });
      expect(local(r.stop, "a")).toBe("0");

      const fact = await env.ok(["break", "main.factorial", "--session", s]);
      expect(fact.breakpoints.find((b) => b.location === "main.factorial")).toMatchObject({ id: 2, verified: true, file: BASIC_SRC });
      const nosuch = await env.ok(["break", "nosuch", "--session", s]);
      expect(nosuch.breakpoints.find((b) => b.id === 3)).toMatchObject({ verified: false, message: 'location "main.nosuch" not found' });
      await env.ok(["breakpoint", "remove", "1", "3", "--session", s]);

      const cond = await env.ok(["break", basicAt("loop_body"), "--condition", "i == 3", "--session", s]);
      expect(cond.breakpoints.find((b) => b.id === 4)).toMatchObject({ verified: true, condition: "i == 3" });
      const hit = (await env.ok(["continue", "--session", s])).stop;
      expect(hit).toMatchObject({ reason: "breakpoint", breakpointIds: [4], frame: { function: "main.main", line: goMarkerLine("basic", "loop_body") } });
      expect(local(hit, "i")).toBe("3");
      expect(local(hit, "total")).toBe("3");

      const f = (await env.ok(["continue", "--session", s])).stop;
      expect(f).toMatchObject({ reason: "breakpoint", breakpointIds: [2], frame: { function: "main.factorial" } });
      expect(local(f, "n")).toBe("4");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "goroutines are the threads",
    async () => {
      const s = "go-goroutines";
      const r = await start(s, [bin.goroutines!, "--break", at(GOROUTINES_SRC, "goroutines", "all_alive")]);
      expect(r.stop.frame).toMatchObject({ function: "main.main", line: goMarkerLine("goroutines", "all_alive") });
      const { threads } = await env.ok(["threads", "--session", s]);
      const ids = threads.map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(threads.find((t) => t.current)!.name).toMatch(/^\* \[Go \d+\] main\.main/);
      const workers = threads.filter((t) => /\[Go \d+\] main\.worker/.test(t.name));
      expect(workers.length).toBe(2);

      await env.ok(["thread", String(workers[0].id), "--session", s]);
      const bt = await env.ok(["backtrace", "--session", s]);
      expect(bt.frames.map((f) => f.function)).toContain("main.worker");

      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
      expect(end.output).toContain("worker 1 done\n");
      expect(end.output).toContain("worker 2 done\n");
      expect(end.output).toContain("main done\n");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "a package directory given relative to the cwd is built in its module (no binary left behind)",
    async () => {
      const s = "go-debug-mode";
      const dir = join(goFixturesDir, "basic");
      const before = readdirSync(dir).sort();
      // Relative to the CLI's cwd, as a user would type it.
      const r = await start(s, ["test/fixtures/go/basic", "--break", `test/fixtures/go/basic/main.go:${goMarkerLine("basic", "add_body")}`], { cwd: ROOT });
      expect(r.session).toMatchObject({ adapter: "delve", program: dir });
      expect(r.stop).toMatchObject({
        reason: "breakpoint",
        breakpointIds: [1],
        frame: { function: "main.add", file: BASIC_SRC, line: goMarkerLine("basic", "add_body") },
      });
      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      await env.ok(["stop", "--session", s]);
      expect(readdirSync(dir).sort()).toEqual(before);
    },
    T,
  );

  test(
    "a build cache that is a symlink or someone else's is refused: Delve builds the program itself, as before",
    async () => {
      const elsewhere = mkdtempSync(join(tmpdir(), "dbg-other-cache-"));
      const owners: [string, (dir: string) => void][] = [["a symlink", (dir) => symlinkSync(elsewhere, dir)]];
      if (process.getuid?.() === 0)
        owners.push([
          "owned by uid 65534",
          (dir) => {
            mkdirSync(dir);
            chownSync(dir, 65534, 65534);
          },
        ]);
      else console.warn("SKIP (part): a cache owned by another user needs root to make here");
      for (const [what, make] of owners) {
        const other = new E2eEnv();
        try {
          mkdirSync(other.env.XDG_CACHE_HOME!, { recursive: true });
          make(join(other.env.XDG_CACHE_HOME!, "debugger-cli"));
          const s = "go-untrusted-cache";
          const r = await other.ok(["start", join(goFixturesDir, "basic"), "--break", basicAt("add_body"), "--session", s]);
          expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { function: "main.add", line: goMarkerLine("basic", "add_body") } });
          const log = (await other.ok(["logs", "--tail", "200"])).text as string;
          expect(log, what).toContain(`[${s}] build: no build cache`);
          expect(log, what).not.toContain(`[${s}] build: built`);
          await other.ok(["stop", "--session", s]);
          expect(readdirSync(elsewhere)).toEqual([]);
        } finally {
          await other.close();
        }
      }
      rmSync(elsewhere, { recursive: true, force: true });
    },
    T,
  );

  test(
    "attach by pid (--adapter delve), break in tick, continue, detach leaves it running",
    async () => {
      const s = "go-attach";
      const sleeper = Bun.spawn([bin.sleeper!], { stdout: "pipe", stderr: "ignore", stdin: "ignore" });
      try {
        const reader = sleeper.stdout.getReader();
        let said = "";
        await waitFor(
          async () => {
            const { value } = await reader.read();
            said += new TextDecoder().decode(value ?? new Uint8Array());
            return said.includes(`pid=${sleeper.pid}`);
          },
          10_000,
          "the sleeper to print its pid",
        );
        reader.releaseLock();

        const t0 = performance.now();
        const a = await env.ok(["attach", String(sleeper.pid), "--adapter", "delve", "--session", s]);
        expect(a.session).toMatchObject({ adapter: "delve", mode: "attach", pid: sleeper.pid });
        expect(a.state).toBe("running");
        const b = await env.ok(["break", at(SLEEPER_SRC, "sleeper", "tick_body"), "--session", s]);
        expect(b.breakpoints[0]).toMatchObject({ id: 1, verified: true });
        const hit = (await env.ok(["await", "--session", s])).stop;
        timings[s] = Math.round(performance.now() - t0);
        expect(hit).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "main.tick", line: goMarkerLine("sleeper", "tick_body") } });
        expect(local(hit, "n")).toBe("1");
        const counter = Number((await env.ok(["print", "counter", "--session", s])).result);
        const again = (await env.ok(["continue", "--session", s])).stop;
        expect(again).toMatchObject({ reason: "breakpoint", breakpointIds: [1] });
        expect(Number((await env.ok(["print", "counter", "--session", s])).result)).toBe(counter + 1);

        const d = await env.ok(["detach", "--session", s]);
        expect(d).toMatchObject({ detached: s, pid: sleeper.pid });
        // Still alive and no longer traced (TracerPid 0): it carries on by itself.
        await waitFor(() => /TracerPid:\s+0\b/.test(readFileSync(`/proc/${sleeper.pid}/status`, "utf8")), 5000, "the tracer to let go");
        expect(alive(sleeper.pid)).toBe(true);
      } finally {
        sleeper.kill("SIGKILL");
        await sleeper.exited;
      }
    },
    T,
  );

  test(
    "bad input: a missing program, a compile error, a binary without Go debug info; the daemon keeps serving",
    async () => {
      const gone = await env.run(["start", join(goFixturesDir, "nope"), "--session", "go-missing"]);
      expect(gone.exitCode).toBe(4);
      expect(gone.json.error.code).toBe("PROGRAM_NOT_FOUND");

      // Delve answers only "Build error: Check the debug console"; the compiler's words come as output.
      const broken = await env.run(["start", join(goFixturesDir, "broken"), "--session", "go-broken"]);
      expect(broken.exitCode).toBe(4);
      expect(broken.json.error.code).toBe("LAUNCH_FAILED");
      expect(broken.json.error.message).toContain("Build error");
      expect(broken.json.error.message).toContain('./main.go:5:14: cannot use "not a number" (untyped string constant) as int value');
      // Nothing was sent after the failed launch but disconnect (more requests make dlv 1.20 panic).
      expect(broken.json.error.message).not.toContain("Internal Error");
      expect(readdirSync(join(goFixturesDir, "broken")).sort()).toEqual(["go.mod", "main.go"]);

      const notGo = await env.run(["start", "/bin/true", "--adapter", "delve", "--session", "go-not-go"]);
      expect(notGo.json.error.code).toBe("LAUNCH_FAILED");
      expect(notGo.json.error.message).toContain("could not open debug info");

      const { sessions } = await env.ok(["sessions"]);
      expect(sessions.map((x) => x.name)).not.toContain("go-broken");
      const ok = await start("go-after-errors", [bin.basic!, "--break", basicAt("factorial_base")]);
      expect(ok.stop).toMatchObject({ reason: "breakpoint", frame: { function: "main.factorial", line: goMarkerLine("basic", "factorial_base") } });
      expect(local(ok.stop, "n")).toBe("1");
      const bt = await env.ok(["backtrace", "--session", "go-after-errors"]);
      // factorial(4) → 3 → 2 → 1 under main.
      expect(bt.frames.slice(0, 5).map((f) => f.function)).toEqual(["main.factorial", "main.factorial", "main.factorial", "main.factorial", "main.main"]);
      await env.ok(["stop", "--session", "go-after-errors"]);
    },
    T,
  );
});
