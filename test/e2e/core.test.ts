// Post-mortem: `start PROGRAM --core FILE` opens a core dump as a stopped program that cannot run.
// Cores come from gcore (a running fixture) and from real crashes the kernel dumps (a C segfault,
// a Go program aborted with GOTRACEBACK=crash) where core_pattern writes a file.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, spawnAndReadPid } from "../harness/index.ts";

const lldb = adapterAvailable("lldb-dap", "test/e2e/core.test.ts");
const gdb = adapterAvailable("gdb", "test/e2e/core.test.ts");
const gcore = Bun.which("gcore") !== null || missing("gcore is not installed (apt-get install gdb)", "test/e2e/core.test.ts");
const dlv = (!!Bun.which("dlv") && !!Bun.which("go")) || missing("dlv and go are not installed (apt-get install delve golang-go)", "test/e2e/core.test.ts");

/** Where the kernel writes a crash's core: a plain file in the crashing process's cwd, unless core_pattern pipes it to a program. */
function kernelWritesCoreFiles(): boolean {
  try {
    const pattern = readFileSync("/proc/sys/kernel/core_pattern", "utf8").trim();
    if (!pattern.startsWith("|") && !pattern.includes("/")) return true;
    const why = `core_pattern is '${pattern}': crashes do not leave a core in their directory`;
    console.warn(`SKIP (some tests in) test/e2e/core.test.ts: ${why}`);
    return false;
  } catch {
    return false;
  }
}
const kernelCores = process.platform === "linux" && kernelWritesCoreFiles();

const dir = mkdtempSync(join(tmpdir(), "dbg-core-"));
const env = new E2eEnv();
let bins: Record<string, string>;
beforeAll(async () => {
  bins = await buildFixtures();
});
afterEach(() => env.stopSessions());
afterAll(async () => {
  await env.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs argv in a fresh directory with cores allowed; returns the core file it left. */
function crash(argv: string[], extraEnv: Record<string, string> = {}, signal?: NodeJS.Signals): Promise<string> {
  const cwd = mkdtempSync(join(dir, "crash-"));
  const proc = Bun.spawn(["bash", "-c", 'ulimit -c unlimited; exec "$@"', "bash", ...argv], {
    cwd,
    env: { ...process.env, ...extraEnv },
    stdout: "pipe",
    stderr: "pipe",
  });
  return (async () => {
    if (signal) {
      // Let it start (it prints its pid), then abort it.
      const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
      let text = "";
      while (!/pid=\d+/.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`${argv[0]} ended before printing its pid: ${text}`);
        text += new TextDecoder().decode(value);
      }
      // The pid line is printed before the program's loop; give it time to be inside it, so the
      // core holds the loop's locals.
      await Bun.sleep(300);
      proc.kill(signal);
    }
    await proc.exited;
    const core = readdirSync(cwd).find((f) => /^core(\.\d+)?$/.test(f));
    if (!core) throw new Error(`no core in ${cwd} after ${argv.join(" ")} (exit ${proc.exitCode}, signal ${proc.signalCode})`);
    return join(cwd, core);
  })();
}

/** A core of the sleeper fixture written by gcore while it runs. */
async function gcoreOfSleeper(): Promise<string> {
  const { proc, pid } = await spawnAndReadPid([bins["c-sleeper"]!]);
  try {
    const out = join(mkdtempSync(join(dir, "gcore-")), "sleeper");
    const r = Bun.spawnSync(["gcore", "-o", out, String(pid)], { stdout: "pipe", stderr: "pipe" });
    expect(r.exitCode).toBe(0);
    return `${out}.${pid}`;
  } finally {
    proc.kill(9);
    await proc.exited;
  }
}

/** A C program that dereferences a null pointer in `total` (line marked `fault`), built once. */
let segv: { bin: string; src: string } | undefined;
function segfaulter(): { bin: string; src: string } {
  if (segv) return segv;
  const src = join(dir, "segv.c");
  writeFileSync(
    src,
    [
      "struct Account { char name[8]; int *balance; };",
      "int total(struct Account *a, int n) {",
      "  int sum = 0;",
      "  for (int i = 0; i < n; i++) sum += *a[i].balance; // @mark fault",
      "  return sum;",
      "}",
      "int main(void) {",
      "  int x = 5;",
      '  struct Account accounts[2] = {{"ann", &x}, {"bob", 0}};',
      "  return total(accounts, 2);",
      "}",
      "",
    ].join("\n"),
  );
  const bin = join(dir, "segv");
  expect(Bun.spawnSync(["gcc", "-g", "-O0", "-o", bin, src]).exitCode).toBe(0);
  segv = { bin, src };
  return segv;
}

/** The segfaulter's crash opened as a core: SIGSEGV at the faulting line with its locals; the null pointer lists nothing behind it. */
async function checkSegfaultCore(session: string, flags: string[]): Promise<void> {
  const { bin, src } = segfaulter();
  const core = await crash([bin]);
  const s = env.session(session);
  const stop = (await s.ok(["start", bin, "--core", core, ...flags])).stop;
  expect(stop).toMatchObject({ reason: "signal", frame: { function: "total", line: markerLine(src, "fault") } });
  expect(stop.description).toContain("SIGSEGV");
  expect(stop.locals.find((v) => v.name === "i")?.value).toBe("1");
  const nul = await s.ok(["print", "a[1].balance"]);
  expect(nul.result).toBe("0x0");
  expect(nul.children).toBeUndefined();
}

describe.skipIf(!lldb)("lldb-dap: post-mortem", () => {
  test.skipIf(!gcore)("a gcore of a running program: stop report, backtrace, print, threads; running and breakpoints refused", async () => {
    const core = await gcoreOfSleeper();
    const s = env.session("gcore");
    const start = await s.ok(["start", bins["c-sleeper"]!, "--core", core]);
    expect(start.session).toMatchObject({ state: "stopped", core, adapter: "lldb-dap" });
    expect(start.stop.frame.function).toMatch(/^(main|tick)$/); // the user's frame, not nanosleep's
    const frames = (await s.ok(["backtrace"])).frames.map((f) => f.function);
    expect(frames).toContain("main");
    expect(Number((await s.ok(["print", "counter"])).result)).toBeGreaterThan(0);
    expect((await s.ok(["threads"])).threads.length).toBeGreaterThan(0);
    for (const args of [["continue"], ["next"], ["step"], ["finish"], ["break", "main"], ["until", "main"], ["pause"]]) {
      const r = await s.run(args);
      expect(r.exitCode).not.toBe(0);
      expect(r.json.error.code).toBe("UNSUPPORTED");
      expect(r.json.error.message).toContain("is a core dump");
    }
    const human = await s.run(["sessions"], { json: false });
    expect(human.stdout).toContain(`core ${core}`);
    // Still inspectable after the refusals.
    expect((await s.ok(["locals"])).variables).toBeDefined();
  });

  test.skipIf(!kernelCores)("a real segfault's core stops at the faulting line with SIGSEGV and its locals", async () => {
    await checkSegfaultCore("segv", []);
  });
});

describe.skipIf(!gdb)("gdb: post-mortem (cdt-gdb-adapter's target adapter)", () => {
  test.skipIf(!gcore)("a gcore of a running program: a core stop in the user's frame, backtrace, print, memory; running refused", async () => {
    const core = await gcoreOfSleeper();
    const s = env.session("gcore-gdb");
    const start = await s.ok(["start", bins["c-sleeper"]!, "--core", core, "--adapter", "gdb"]);
    expect(start.session).toMatchObject({ state: "stopped", core, adapter: "gdb" });
    expect(start.stop).toMatchObject({ reason: "core", frame: { function: expect.stringMatching(/^(main|tick)$/) } });
    // What gdb says on opening it is in `output --console`, not in the report.
    expect(start.stop.console ?? "").not.toContain("Core was generated by");
    expect(start.stop.output).toBe("");
    expect((await s.ok(["output", "--console"])).text).toContain("Core was generated by");
    expect((await s.ok(["backtrace"])).frames.map((f) => f.function)).toContain("main");
    expect(Number((await s.ok(["print", "counter"])).result)).toBeGreaterThan(0);
    expect((await s.ok(["memory", "read", "&counter", "--count", "4"])).hex).toMatch(/^[0-9a-f]{8}$/);
    expect((await s.ok(["threads"])).threads.length).toBeGreaterThan(0);
    for (const args of [["continue"], ["next"], ["break", "main"]]) {
      const r = await s.run(args);
      expect(r.json.error.code).toBe("UNSUPPORTED");
    }
    // `restart` opens the dump again.
    expect((await s.ok(["restart"])).stop.reason).toBe("core");
  });

  test.skipIf(!kernelCores)("a real segfault's core: signal, the faulting line, its locals", async () => {
    await checkSegfaultCore("segv-gdb", ["--adapter", "gdb"]);
  });

  test("a core path gdb would split is refused before gdb sees it", async () => {
    const spaced = join(mkdtempSync(join(dir, "spaced-")), "a core");
    writeFileSync(spaced, "not empty");
    const r = await env.run(["start", bins["c-basic"]!, "--core", spaced, "--adapter", "gdb", "--session", "spaced"]);
    expect(r.json.error).toMatchObject({ code: "INVALID_ARGUMENT", hint: expect.stringContaining("plain path") });
    expect((await env.run(["sessions"])).json.data.sessions).toEqual([]);
  });
});

describe.skipIf(!dlv || !kernelCores)("Delve: post-mortem", () => {
  test("a Go program aborted with GOTRACEBACK=crash: the user's frame, its locals, no running", async () => {
    const bin = (await buildGoFixtures()).sleeper!;
    const core = await crash([bin], { GOTRACEBACK: "crash" }, "SIGABRT");
    const s = env.session("gocore");
    const stop = (await s.ok(["start", bin, "--core", core])).stop;
    expect(stop).toMatchObject({ reason: "core", frame: { function: "main.main" } });
    expect(stop.frame.file).toEndWith("sleeper/main.go");
    expect(Number(stop.locals.find((v) => v.name === "i")?.value)).toBeGreaterThanOrEqual(0);
    const r = await s.run(["continue"]);
    expect(r.json.error.code).toBe("UNSUPPORTED");
  }, 120_000); // a cold `go build` of the fixture
});

describe("errors", () => {
  test("a missing core, an empty one, flags that would run it, adapters that cannot open one", async () => {
    const prog = bins["c-basic"]!;
    const none = await env.run(["start", prog, "--core", join(dir, "nope"), "--session", "e1"]);
    expect(none.json.error.code).toBe("PROGRAM_NOT_FOUND");
    expect(none.json.error.message).toContain("core file");
    const empty = join(dir, "empty.core");
    writeFileSync(empty, "");
    expect((await env.run(["start", prog, "--core", empty, "--session", "e2"])).json.error.code).toBe("INVALID_ARGUMENT");
    const withBreak = await env.run(["start", prog, "--core", empty, "--break", "main", "--session", "e3"]);
    expect(withBreak.exitCode).toBe(2);
    expect(withBreak.json.error.code).toBe("USAGE");
    const py = await env.run(["start", sourcePath("python/basic.py"), "--core", empty, "--session", "e5"]);
    expect(py.json.error.code).toBe("UNSUPPORTED");
    expect((await env.run(["sessions"])).json.data.sessions).toEqual([]);
  });
});
