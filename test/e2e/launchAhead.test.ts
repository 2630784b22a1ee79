// Launches made ahead on the real adapters (debugpy, Delve): the next run of the same launch takes
// the launch made when the last one ended, and the program is the same program — everything it can
// tell of its world (argv, cwd, the whole environment, sys.path and modules, fds, signals, limits,
// its parent, its exit code) equal to the cold run before it; any change of the launch, or of what
// that launch read (a rebuilt binary, a package directory), discards it and the new program runs;
// one discarded never ran the program's code (its first line counts runs); the memory budget
// drops it.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CI, E2eEnv, runCommand, waitFor } from "./harness.ts";

const envs: E2eEnv[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const e of envs) await e.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function newEnv(extra: Record<string, string> = {}): E2eEnv {
  const env = new E2eEnv({ env: { DEBUGGER_WARM_ADAPTERS: "1", DEBUGGER_LAUNCH_AHEAD: "1", ...extra } });
  envs.push(env);
  return env;
}

function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

const PYTHON = "/usr/bin/python3";
const debugpy = runCommand([PYTHON, "-c", "import debugpy"]).code === 0;
if (!debugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/launchAhead.test.ts cannot run");
if (!debugpy) console.warn("SKIP test/e2e/launchAhead.test.ts (debugpy): /usr/bin/python3 cannot import debugpy");
const go = !!(process.env.DEBUGGER_DLV || Bun.which("dlv")) && !!Bun.which("go");
if (!go && CI) throw new Error("CI=true and dlv or go is missing: test/e2e/launchAhead.test.ts cannot run");
if (!go) console.warn("SKIP test/e2e/launchAhead.test.ts (delve): dlv or go is not installed");

/** Waits until the daemon holds a launch of `program` made ahead. */
async function parked(env: E2eEnv, program: string): Promise<void> {
  await waitFor(
    async () => ((await env.ok(["daemon", "status"])).launched ?? []).some((l) => l.program === program),
    30_000,
    `a launch of ${program} made ahead`,
  );
}

/** The daemon's log lines about launches made ahead of `program`, each cut to what it says. */
async function aheadLines(env: E2eEnv, program: string): Promise<string[]> {
  const { text } = await env.ok(["logs", "--tail", "2000"]);
  return (text as string)
    .split("\n")
    .filter((l) => l.includes(`launch of ${program} made ahead taken`) || l.includes(`launch of ${program} made ahead discarded`))
    .map((l) => l.slice(l.indexOf("made ahead ")).replace(/ \(adapter \d+\)$/, ""));
}

/** The program's output and exit code from a `run`, but the adapter's mark, which each adapter process has of its own. */
async function runOf(env: E2eEnv, args: string[], cwd: string): Promise<{ output: string; exitCode: number | undefined }> {
  const r = await env.ok(["run", ...args], { cwd });
  expect(r.stop.reason).toBe("exited");
  return { output: (r.stop.output ?? "").replace(/DEBUGGER_ADAPTER_ID=\S+/g, "DEBUGGER_ADAPTER_ID=…"), exitCode: r.stop.exitCode };
}

/** Live processes whose command line names `file`. */
function processesOf(file: string): number[] {
  return readdirSync("/proc").flatMap((p) => {
    if (!/^\d+$/.test(p)) return [];
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").includes(file) ? [Number(p)] : [];
    } catch {
      return [];
    }
  });
}

/** A launch of `program` made ahead ends with the daemon, its program never run (`runs` still holds `count` lines). */
async function endsWithDaemonUnrun(env: E2eEnv, program: string, runs: string, count: number): Promise<void> {
  await parked(env, program);
  await env.ok(["daemon", "stop"]);
  await waitFor(() => processesOf(program).length === 0, 10_000, "the launch made ahead ended with the daemon");
  expect(lines(runs)).toBe(count);
}

const lines = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
};

// Everything a Python program can tell of its world that a launch made earlier could have changed.
// (The run's reply holds the output's last 8 KB: the modules are told by their number and a hash.)
const PY_WORLD = `import os, sys, resource, signal, gc
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "runs.txt"), "a").write("run\\n")
def status(key):
    return next(l.split()[1] for l in open("/proc/self/status") if l.startswith(key))
print("argv", sys.argv)
print("cwd", os.getcwd())
for k in sorted(os.environ):
    print("env", k, os.environ[k])
print("path", sys.path)
print("flags", sys.flags, sys._xoptions, len(sys.orig_argv))
print("modules", len(sys.modules), __import__("hashlib").sha1(repr(sorted(sys.modules)).encode()).hexdigest())
print("stdin", os.fstat(0).st_mode, os.path.realpath("/proc/self/fd/0"))
print("fds", sorted(os.listdir("/proc/self/fd")), os.fstat(1).st_mode, os.fstat(2).st_mode)
print("signals", status("SigIgn:"), status("SigBlk:"), signal.getsignal(signal.SIGINT))
print("umask", os.umask(0o22), resource.getrlimit(resource.RLIMIT_NOFILE), resource.getrlimit(resource.RLIMIT_STACK))
print("process", os.getpgrp() == os.getpid(), os.getsid(0) == os.getpid(), open(f"/proc/{os.getppid()}/comm").read().strip())
print("gc", gc.get_freeze_count() > 0, gc.isenabled(), gc.get_threshold())
try:
    import extra
    print("extra", extra.V)
except ImportError:
    print("extra none")
print("tail", TAIL)
sys.exit(3)
`;

describe.skipIf(!debugpy)("debugpy: launches made ahead", () => {
  test("the next run of the same launch takes it and the program's world is the cold run's; a changed launch discards it; an edited script runs as edited", async () => {
    const env = newEnv();
    const dir = tempDir("dbg-ahead-py-");
    const script = join(dir, "world.py");
    writeFileSync(script, PY_WORLD.replace("TAIL", "'first'"));
    const launch = (value: string, ...more: string[]) => [script, "--python", PYTHON, "--env", `AHEAD_TEST=${value}`, "--", "a", "b c", "", ...more];
    const args = launch("one two");

    const cold = await runOf(env, args, dir);
    expect(cold.exitCode).toBe(3);
    expect(cold.output).toContain("argv ['");
    expect(await aheadLines(env, script)).toEqual([]);
    await parked(env, script);
    const warm = await runOf(env, args, dir);
    expect(await aheadLines(env, script)).toEqual(["made ahead taken"]);
    expect(warm).toEqual(cold);

    // Another argument: another launch. It runs as asked, and the one made ahead is discarded.
    await parked(env, script);
    const other = await runOf(env, launch("one two", "more"), dir);
    expect(other.output).toContain("'b c', '', 'more']");
    expect((await aheadLines(env, script)).at(-1)).toBe("made ahead discarded (another launch: args[3] differs)");

    // Another variable: another launch.
    await parked(env, script);
    const moreEnv = await runOf(env, launch("three", "more"), dir);
    expect(moreEnv.output).toContain("env AHEAD_TEST three");
    expect((await aheadLines(env, script)).at(-1)).toBe("made ahead discarded (another launch: env.AHEAD_TEST differs)");

    // The script is read once the launch is taken: an edit is run, and the launch is still taken.
    await parked(env, script);
    writeFileSync(script, PY_WORLD.replace("TAIL", "'edited'"));
    const edited = await runOf(env, launch("three", "more"), dir);
    expect(edited.output).toContain("tail edited");
    expect((await aheadLines(env, script)).at(-1)).toBe("made ahead taken");

    // Each run ran the program once; the launches made ahead ran none of it.
    expect(lines(join(dir, "runs.txt"))).toBe(5);
    await endsWithDaemonUnrun(env, script, join(dir, "runs.txt"), 5);
  });

  test("a package directory changed after the launch was made (a .pth added to the virtualenv) discards it: the new package is importable", async () => {
    const env = newEnv();
    const dir = tempDir("dbg-ahead-venv-");
    const venv = join(dir, "venv");
    // Its packages are the system's (debugpy among them); pip is not needed.
    expect(runCommand([PYTHON, "-m", "venv", "--without-pip", "--system-site-packages", venv]).code).toBe(0);
    const python = join(venv, "bin", "python");
    const site = runCommand([python, "-c", "import site; print(site.getsitepackages()[0])"]).out.trim();
    expect(site.startsWith(venv)).toBe(true);
    const script = join(dir, "world.py");
    writeFileSync(script, PY_WORLD.replace("TAIL", "'t'"));
    const args = [script, "--python", python];

    const before = await runOf(env, args, dir);
    expect(before.output).toContain("extra none");
    await parked(env, script);
    // What `pip install -e` does: a .pth naming a directory, read by the interpreter as it starts.
    const lib = join(dir, "lib");
    mkdirSync(lib);
    writeFileSync(join(lib, "extra.py"), "V = 'installed'\n");
    writeFileSync(join(site, "extra.pth"), `${lib}\n`);
    const after = await runOf(env, args, dir);
    expect(after.output).toContain("extra installed");
    expect((await aheadLines(env, script)).at(-1)).toBe("made ahead discarded (what the launch read changed)");
    // And the launch made after it is taken, with the package.
    await parked(env, script);
    const again = await runOf(env, args, dir);
    expect(again).toEqual(after);
    expect((await aheadLines(env, script)).at(-1)).toBe("made ahead taken");
  });

  test("`test -- pytest` takes the launch made ahead by the run before it", async () => {
    const env = newEnv();
    const dir = tempDir("dbg-ahead-pytest-");
    writeFileSync(join(dir, "test_a.py"), "def test_one():\n    assert 1 + 1 == 2\n\ndef test_two():\n    assert 'a' * 2 == 'aa'\n");
    const first = await env.ok(["test", "--", PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider"], { cwd: dir });
    await parked(env, "pytest");
    const second = await env.ok(["test", "--", PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider"], { cwd: dir });
    expect((await aheadLines(env, "pytest")).at(-1)).toBe("made ahead taken");
    const seen = (r: typeof first) => ({ summary: r.stop.summary, exitCode: r.stop.exitCode, output: r.stop.output?.replace(/ in [\d.]+s/g, "") });
    expect(seen(second)).toEqual(seen(first));
    expect(seen(first)).toMatchObject({ summary: "2 passed", exitCode: 0 });
  });
});

const GO_WORLD = (tail: string) => `package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

func main() {
	exe, _ := os.Executable()
	f, _ := os.OpenFile(filepath.Join(filepath.Dir(exe), "runs.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	f.WriteString("run\\n")
	f.Close()
	fmt.Println("argv", fmt.Sprintf("%q", os.Args[1:]))
	wd, _ := os.Getwd()
	fmt.Println("cwd", wd)
	env := os.Environ()
	sort.Strings(env)
	for _, e := range env {
		fmt.Println("env", e)
	}
	fds, _ := os.ReadDir("/proc/self/fd")
	names := []string{}
	for _, d := range fds {
		names = append(names, d.Name())
	}
	fmt.Println("fds", names)
	status, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(status), "\\n") {
		if strings.HasPrefix(l, "SigIgn:") || strings.HasPrefix(l, "SigBlk:") {
			fmt.Println(l)
		}
	}
	var lim syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	fmt.Println("umask", syscall.Umask(0o22), lim.Cur)
	comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", os.Getppid()))
	fmt.Println("parent", strings.TrimSpace(string(comm)), syscall.Getpgrp() == os.Getpid())
	fmt.Println("tail", "${tail}")
	os.Exit(3)
}
`;

describe.skipIf(!go)("Delve: launches made ahead", () => {
  test("the next run of the same binary takes it, the program's world the cold run's; a rebuilt binary discards it and runs", async () => {
    const env = newEnv();
    const dir = tempDir("dbg-ahead-go-");
    writeFileSync(join(dir, "go.mod"), "module world\n\ngo 1.19\n");
    const build = (tail: string) => {
      writeFileSync(join(dir, "main.go"), GO_WORLD(tail));
      const r = Bun.spawnSync(["go", "build", "-gcflags=all=-N -l", "-o", "world", "."], { cwd: dir, env: { ...process.env, GOFLAGS: "-mod=mod" } });
      expect(r.exitCode).toBe(0);
    };
    build("first");
    const program = join(dir, "world");
    const args = [program, "--env", "AHEAD_TEST=one two", "--", "a", "b c", ""];

    const cold = await runOf(env, args, dir);
    expect(cold.exitCode).toBe(3);
    expect(cold.output).toContain('argv ["a" "b c" ""]');
    await parked(env, program);
    const warm = await runOf(env, args, dir);
    expect(await aheadLines(env, program)).toEqual(["made ahead taken"]);
    expect(warm).toEqual(cold);

    // Rebuilt: the launch made ahead holds the old executable; it is discarded and the new one runs.
    await parked(env, program);
    build("rebuilt");
    const rebuilt = await runOf(env, args, dir);
    expect(rebuilt.output).toContain("tail rebuilt");
    expect((await aheadLines(env, program)).at(-1)).toBe("made ahead discarded (what the launch read changed)");

    // A breakpoint in a run that takes one: the stop and its values are the program's.
    await parked(env, program);
    const r = await env.ok(["run", ...args.slice(0, 3), "--break", `${join(dir, "main.go")}:19`, "--print", "wd", "--", "a", "b c", ""], { cwd: dir });
    expect((await aheadLines(env, program)).at(-1)).toBe("made ahead taken");
    expect(JSON.stringify(r.hits)).toContain(dir);

    expect(lines(join(dir, "runs.txt"))).toBe(4);
    await endsWithDaemonUnrun(env, program, join(dir, "runs.txt"), 4);
  });

  test("Go sources built by the daemon: the cached build's launch is taken (its file is touched at each use, not changed); an edit builds another and runs it", async () => {
    const env = newEnv();
    const dir = tempDir("dbg-ahead-gosrc-");
    writeFileSync(join(dir, "go.mod"), "module v\n\ngo 1.19\n");
    const source = (v: string) => writeFileSync(join(dir, "main.go"), `package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("version", "${v}")\n}\n`);
    source("one");
    expect((await runOf(env, [dir], dir)).output).toBe("version one\n");
    await parked(env, dir);
    expect((await runOf(env, [dir], dir)).output).toBe("version one\n");
    expect((await aheadLines(env, dir)).at(-1)).toBe("made ahead taken");
    await parked(env, dir);
    source("two");
    expect((await runOf(env, [dir], dir)).output).toBe("version two\n");
    expect((await aheadLines(env, dir)).at(-1)).toBe("made ahead discarded (another launch: program differs)");
  });
});

describe.skipIf(!go || !debugpy)("the memory budget", () => {
  test("over the budget, the launch made ahead of a kind out of use is dropped first; its program never runs", async () => {
    const env = newEnv({ DEBUGGER_WARM_MEMORY_MB: "1", DEBUGGER_WARM_IN_USE_SECONDS: "0" });
    const dir = tempDir("dbg-ahead-budget-");
    const script = join(dir, "w.py");
    writeFileSync(script, `open(${JSON.stringify(join(dir, "runs.txt"))}, "a").write("run\\n")\n`);
    await env.ok(["run", script, "--python", PYTHON], { cwd: dir });
    await parked(env, script);
    writeFileSync(join(dir, "go.mod"), "module w\n\ngo 1.19\n");
    writeFileSync(join(dir, "main.go"), "package main\n\nfunc main() {}\n");
    expect(Bun.spawnSync(["go", "build", "-o", "w", "."], { cwd: dir }).exitCode).toBe(0);
    await env.ok(["run", join(dir, "w")], { cwd: dir });
    await waitFor(
      async () => ((await env.ok(["logs", "--tail", "400"])).text as string).includes("warm debugpy launch made ahead"),
      30_000,
      "the debugpy launch made ahead dropped",
    );
    expect(((await env.ok(["daemon", "status"])).launched ?? []).some((l) => l.program === script)).toBe(false);
    await waitFor(() => processesOf(script).length === 0, 10_000, "its processes ended");
    expect(lines(join(dir, "runs.txt"))).toBe(1);
  });
});
