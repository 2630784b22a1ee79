// Warm adapters on the real ones: a second start of lldb-dap, debugpy and Delve takes the spare
// the first left, and the session behaves exactly as a cold one. Go sources are built by the
// daemon into its cache and run by a warm Delve: a second start builds nothing, an edit rebuilds.
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, CI, E2eEnv, runCommand, waitFor } from "./harness.ts";

const env = new E2eEnv();
env.env.DEBUGGER_WARM_ADAPTERS = "1";
afterAll(() => env.close());

const debugpy = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).code === 0;
if (!debugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/warm.test.ts cannot run");

const go = !!(process.env.DEBUGGER_DLV || Bun.which("dlv")) && !!Bun.which("go");
if (!go) {
  if (CI) throw new Error("CI=true and dlv or go is missing: test/e2e/warm.test.ts cannot run");
  console.warn("SKIP test/e2e/warm.test.ts (delve): dlv or go is not installed");
}

const cases = [
  {
    name: "lldb-dap",
    ok: () => adapterAvailable("lldb-dap", "test/e2e/warm.test.ts"),
    program: async () => (await buildFixtures())["c-basic"]!,
    source: sourcePath("c/basic.c"),
    flags: [] as string[],
  },
  {
    name: "debugpy",
    ok: () => debugpy,
    program: async () => sourcePath("python/basic.py"),
    source: sourcePath("python/basic.py"),
    flags: ["--python", "/usr/bin/python3"],
  },
  // A Go binary: Delve's exec mode, from a warm spare.
  {
    name: "delve",
    ok: () => go,
    program: async () => (await buildGoFixtures()).basic!,
    source: join(goFixturesDir, "basic", "main.go"),
    flags: [] as string[],
  },
];

for (const c of cases) {
  describe.skipIf(!c.ok())(`warm ${c.name}`, () => {
    test("the second start takes the spare and stops where a cold one does", async () => {
      const program = await c.program();
      const where = `${c.source}:${markerLine(c.source, "loop_body")}`;
      const first = await env.ok(["start", program, ...c.flags, "--break", where, "--session", `${c.name}-1`]);
      expect((await env.ok(["status", "--session", `${c.name}-1`])).warm).toBe(false);
      await env.ok(["stop", "--session", `${c.name}-1`]);
      await waitFor(async () => (await env.ok(["daemon", "status"])).spares.some((s) => s.adapter === c.name), 20_000, `a ${c.name} spare`);
      const second = await env.ok(["start", program, ...c.flags, "--break", where, "--session", `${c.name}-2`]);
      expect((await env.ok(["status", "--session", `${c.name}-2`])).warm).toBe(true);
      expect(second.stop).toMatchObject({ reason: first.stop.reason, frame: first.stop.frame, locals: first.stop.locals });
      const end = await env.ok(["continue", "--session", `${c.name}-2`, "--timeout", "30"]);
      expect(end.stop.reason).toBe("breakpoint");
      await env.ok(["stop", "--session", `${c.name}-2`]);
    });
  });
}

/** The daemon's log lines about builds, in order. */
async function buildLines(): Promise<string[]> {
  const { text } = await env.ok(["logs", "--tail", "400"]);
  return (text as string).split("\n").filter((l) => l.includes("] build: "));
}

describe.skipIf(!go)("Go sources: built by the daemon, cached, run by a warm Delve", () => {
  test("the second start uses the cache and a spare; an edited file rebuilds; a build error is the compiler's", async () => {
    // A copy of the fixture module, so it can be edited.
    const dir = mkdtempSync(join(tmpdir(), "dbg-go-cache-"));
    try {
      cpSync(join(goFixturesDir, "basic"), dir, { recursive: true });
      const main = join(dir, "main.go");
      const where = `${main}:${goMarkerLine("basic", "loop_body")}`;
      const start = async (session: string) => {
        const r = await env.ok(["start", dir, "--break", where, "--session", session]);
        const status = await env.ok(["status", "--session", session]);
        const lines = await buildLines();
        return { r, warm: status.warm as boolean, last: lines.at(-1) ?? "", count: lines.length };
      };
      const first = await start("go-1");
      expect(first.last).toMatch(/\[go-1\] build: built \S+go-builds\//);
      expect(first.r.stop).toMatchObject({ reason: "breakpoint", frame: { function: "main.main", file: main, line: goMarkerLine("basic", "loop_body") } });
      // Delve ran the cached binary: nothing was built in the module.
      expect(readdirSync(dir).sort()).toEqual(["go.mod", "main.go"]);
      await env.ok(["stop", "--session", "go-1"]);
      await waitFor(async () => (await env.ok(["daemon", "status"])).spares.some((s) => s.adapter === "delve"), 20_000, "a delve spare");

      const second = await start("go-2");
      expect(second.last).toMatch(/\[go-2\] build: cached \S+go-builds\//);
      expect(second.last.split(" build: cached ")[1]!.split(" ")[0]).toBe(first.last.split(" build: built ")[1]!.split(" ")[0]);
      expect(second.warm).toBe(true);
      expect(second.r.stop).toMatchObject({ reason: first.r.stop.reason, frame: first.r.stop.frame, locals: first.r.stop.locals });
      // The program's output, on the spare Delve's own stdout/stderr, reaches the session; the exit code too.
      await env.ok(["breakpoint", "remove", "--all", "--session", "go-2"]);
      const end = (await env.ok(["continue", "--session", "go-2", "--timeout", "30"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      expect((await env.ok(["output", "--session", "go-2"])).text).toContain("stdout: total=10 f=24\nstderr: p.x=3 p.y=4\n");
      await env.ok(["stop", "--session", "go-2"]);

      // An edit (a value the stop shows) rebuilds, and the new binary runs.
      writeFileSync(main, readFileSync(main, "utf8").replace("p := Point{x: 3, y: 4}", "p := Point{x: 7, y: 4}"));
      const third = await start("go-3");
      expect(third.last).toMatch(/\[go-3\] build: built /);
      expect(third.r.stop.locals.find((v) => v.name === "p")?.value).toBe("main.Point {x: 7, y: 4}");
      await env.ok(["stop", "--session", "go-3"]);
      // The stale build of the program is gone from the cache: one binary per program.
      const cached = readdirSync(join(env.dir, "cache", "debugger-cli", "go-builds"));
      expect(cached.filter((n) => !n.includes(".tmp-"))).toHaveLength(1);
      expect(statSync(join(env.dir, "cache", "debugger-cli", "go-builds")).mode & 0o777).toBe(0o700);

      // A build error: the same code and the compiler's words, as when Delve built.
      const broken = await env.run(["start", join(goFixturesDir, "broken"), "--session", "go-broken"]);
      expect(broken.exitCode).toBe(4);
      expect(broken.json.error.code).toBe("LAUNCH_FAILED");
      expect(broken.json.error.message).toContain("Build error");
      expect(broken.json.error.message).toContain('./main.go:5:14: cannot use "not a number" (untyped string constant) as int value');
      expect(readdirSync(join(goFixturesDir, "broken")).sort()).toEqual(["go.mod", "main.go"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
