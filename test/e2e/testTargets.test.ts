// `debugger test` for the commands people type on a whole project (issue 32), through the built
// binary with the real runners: `go test ./...` over three packages and `cargo test` over several
// test executables (a crate with unit and integration tests; a two-crate workspace) run plainly
// first and stop at the failing test of the right target; nothing failing is the runner's verdict
// with no session; a build error is an error; a missing pytest or toolchain says where to install
// it; a test that hangs gets the hang report; a runner that dies says it left no verdict; and the
// next `test` replaces the session a `test` left at its failure. Each fixture is copied once per
// file (cargo builds are slow on a shared machine). Locally a missing tool skips with a message;
// in CI it fails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, ROOT, skipped } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const T = 240_000;
const FILE = "test/e2e/testTargets.test.ts";
const FIXTURES = join(ROOT, "test", "fixtures", "testRunners");

// The machine's Go build cache, not the env's empty XDG cache: Delve's test mode builds with
// optimisations off, and from a cold cache (the standard library too) that takes over the 30 s an
// adapter has to initialise on a loaded machine, as it would not on a developer's.
const goCache = Bun.which("go") ? Bun.spawnSync(["go", "env", "GOCACHE"]).stdout.toString().trim() : "";
const env = new E2eEnv({ prefix: "dbg-e2e-targets-", env: goCache ? { GOCACHE: goCache } : {} });
afterAll(() => env.close());
beforeAll(async () => {
  await env.ok(["sessions"]);
});

function markLine(file: string, mark: string): number {
  const i = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(`@mark ${mark}`));
  if (i < 0) throw new Error(`no @mark ${mark} in ${file}`);
  return i + 1;
}

/** A copy of a fixture project, made once per name: builds and caches stay in the temp dir. */
function project(name: string, as = name): string {
  const dir = join(env.dir, as);
  if (!existsSync(dir)) cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

const local = (stop: StopReport, name: string) => stop.locals.find((v) => v.name === name)?.value;

const hasGo = adapterAvailable("dlv", FILE) && (!!Bun.which("go") || missing("go is not installed (apt-get install golang-go)", FILE));

describe.skipIf(!hasGo)("go test over several packages", () => {
  test(
    "go test ./...: the failing test of the right package (alpha passes, beta and gamma fail) stops with its values; the other failure is named; continue ends with beta's FAIL",
    async () => {
      const dir = project("gomulti");
      const s = env.session("gomulti");
      const d = await s.ok(["test", "--", "go", "test", "./...", "-count=1"], { cwd: dir });
      expect(d.runner).toBe("go");
      expect(d.program).toBe(join(dir, "beta"));
      expect(d.failures).toEqual(["example.com/shop/beta.TestLargeDiscount", "example.com/shop/gamma.TestNeg"]);
      expect(d.notes!.join("\n")).toContain("go test example.com/shop/gamma -run '^TestNeg$'");
      expect(d.stop!.reason).toBe("failure");
      expect(d.stop!.frame).toMatchObject({
        function: "example.com/shop/beta.TestLargeDiscount",
        file: join(dir, "beta", "beta_test.go"),
        line: markLine(join(dir, "beta", "beta_test.go"), "fail"),
      });
      expect(local(d.stop, "got")).toBe("160");
      expect(local(d.stop, "want")).toBe("180");
      const end = (await s.ok(["continue"])).stop!;
      expect(end.exitCode).toBe(1);
      expect(end.summary).toBe("FAIL: 1 failed (TestLargeDiscount)");
    },
    T,
  );

  test(
    "nothing failing: the plain run's verdict, exit 0, no session started; the human reply says so",
    async () => {
      const dir = project("gomulti");
      const s = env.session("gopass");
      const r = await s.run(["test", "--", "go", "test", "./...", "-run", "TestDouble|TestSmallDiscount"], { cwd: dir, json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain("Tests: ok: 3 packages, 2 tests passed");
      expect(r.stdout).toContain("No session was started.");
      const d = await s.ok(["test", "--", "go", "test", "./...", "-run", "TestDouble"], { cwd: dir });
      expect(d.ranPlainly).toBe(true);
      expect(d.stop).toMatchObject({ reason: "exited", exitCode: 0 });
      expect((await s.ok(["status"])).state).toBe("idle");
    },
    T,
  );

  test(
    "a package that does not build: the compiler's error, LAUNCH_FAILED, non-zero exit — over ./... and for one package",
    async () => {
      const dir = project("gomulti", "gobroken");
      writeFileSync(join(dir, "alpha", "broken.go"), 'package alpha\n\nfunc Broken() int { return "x" }\n');
      const many = await env.run(["test", "--", "go", "test", "./...", "-run", "TestDouble"], { cwd: dir });
      expect(many.exitCode).toBe(4);
      expect(many.json.error.code).toBe("LAUNCH_FAILED");
      expect(many.json.error.message).toContain("example.com/shop/alpha did not build");
      expect(many.json.error.message).toContain("broken.go:3");
      const one = await env.run(["test", "--", "go", "test", "./alpha"], { cwd: dir });
      expect(one.exitCode).toBe(4);
      expect(one.json.error.message).toContain("broken.go:3");
      expect(one.json.error.hint).toContain("go vet");
    },
    T,
  );

  test(
    "a test that hangs: the plain run is ended at --timeout, its package is debugged, and at the timeout the hang report shows the waiting goroutine at the test's line",
    async () => {
      const dir = project("gomulti", "gohang");
      writeFileSync(
        join(dir, "gamma", "gamma_test.go"),
        'package gamma\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestNeg(t *testing.T) {\n\tdone := make(chan bool)\n\tgo func() { time.Sleep(time.Hour); done <- true }()\n\t<-done // @mark hang\n}\n',
      );
      const s = env.session("gohang");
      const d = await s.ok(["test", "--timeout", "15", "--", "go", "test", "./gamma/...", "./alpha/..."], { cwd: dir });
      expect(d.program).toBe(join(dir, "gamma"));
      expect(d.notes!.join("\n")).toContain("still running TestNeg in example.com/shop/gamma at the --timeout");
      expect(d.stop!.reason).toBe("pause");
      const test = d.hang!.groups.find((g) => g.frame.function === "example.com/shop/gamma.TestNeg");
      expect(test).toMatchObject({ waits: "chan receive", frame: { line: markLine(join(dir, "gamma", "gamma_test.go"), "hang") } });
      expect(d.session.state).toBe("stopped");
      await s.ok(["stop"]);
    },
    T,
  );

  test("no go on the caller's PATH: PROGRAM_NOT_FOUND naming the toolchain", async () => {
    const r = await env.run(["test", "--", "go", "test", "./..."], { cwd: project("gomulti"), env: { PATH: join(env.dir, "nowhere") } });
    expect(r.exitCode).toBe(4);
    expect(r.json.error.code).toBe("PROGRAM_NOT_FOUND");
    expect(r.json.error.message).toContain("go is not on PATH");
    expect(r.json.error.hint).toContain("install Go");
  });
});

const hasCargo = adapterAvailable("lldb-dap", FILE) && (!!Bun.which("cargo") || missing("cargo is not installed (rustup, or apt-get install cargo)", FILE));

describe.skipIf(!hasCargo)("cargo test over several test executables", () => {
  test(
    "a crate with unit tests and two integration tests: the failing assert_eq! in tests/totals.rs stops with its values; continue ends with that executable's verdict",
    async () => {
      const dir = project("rustmulti");
      const s = env.session("rustmulti");
      const d = await s.ok(["test", "--", "cargo", "test", "--offline"], { cwd: dir });
      expect(d.program).toContain(join(dir, "target", "debug", "deps", "totals-"));
      expect(d.failures).toEqual(["totals (test): large_totals_get_ten_percent"]);
      expect(d.stop!.reason).toBe("panic");
      expect(d.stop!.frame).toMatchObject({
        function: "totals::large_totals_get_ten_percent",
        file: join(dir, "tests", "totals.rs"),
        line: markLine(join(dir, "tests", "totals.rs"), "fail"),
      });
      expect(local(d.stop, "got")).toBe("160");
      expect(local(d.stop, "want")).toBe("180");
      expect(d.stop!.description).toContain("discount is off");
      const end = (await s.ok(["continue"])).stop!;
      expect(end.exitCode).toBe(101);
      expect(end.summary).toBe("FAILED: 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out");
    },
    T,
  );

  test(
    "the same crate with the failing test skipped: every executable passes plainly, the verdict adds them up, no session",
    async () => {
      const d = await env.ok(["test", "--", "cargo", "test", "--offline", "--", "--skip", "large"], { cwd: project("rustmulti") });
      expect(d.ranPlainly).toBe(true);
      expect(d.stop!.exitCode).toBe(0);
      expect(d.stop!.summary).toBe("ok: 2 passed; 0 failed; 0 ignored in 3 test executables");
    },
    T,
  );

  test(
    "an integration test that does not compile: cargo's error with the compiler's words, LAUNCH_FAILED, non-zero exit",
    async () => {
      const dir = project("rustmulti", "rustbroken");
      writeFileSync(join(dir, "tests", "basics.rs"), '#[test]\nfn zero_is_zero() {\n    let n: u32 = "zero";\n    assert_eq!(shop::discount(n), 0);\n}\n');
      const r = await env.run(["test", "--", "cargo", "test", "--offline"], { cwd: dir });
      expect(r.exitCode).toBe(4);
      expect(r.json.error.code).toBe("LAUNCH_FAILED");
      expect(r.json.error.message).toContain("mismatched types");
      expect(r.json.error.message).toContain("tests/basics.rs:3");
    },
    T,
  );

  test(
    "a two-crate workspace: the failing test of the second crate's integration test stops at its assertion",
    async () => {
      const dir = project("rustws");
      const s = env.session("rustws");
      const d = await s.ok(["test", "--", "cargo", "test", "--offline"], { cwd: dir });
      expect(d.program).toContain(join(dir, "target", "debug", "deps", "basket-"));
      expect(d.stop!.frame).toMatchObject({
        function: "basket::total_adds_every_item",
        file: join(dir, "app", "tests", "basket.rs"),
        line: markLine(join(dir, "app", "tests", "basket.rs"), "fail"),
      });
      expect(local(d.stop, "sum")).toBe("3");
      // The test runs where cargo runs it: the package's directory.
      expect(d.stop!.description).toContain("an item is missing");
      await s.ok(["stop"]);
    },
    T,
  );
});

const hasCmake =
  adapterAvailable("lldb-dap", FILE) &&
  ((!!Bun.which("cmake") && !!Bun.which("ctest") && !!Bun.which("cc")) || missing("cmake, ctest or cc is not installed (apt-get install cmake gcc)", FILE));

describe.skipIf(!hasCmake)("ctest with several tests", () => {
  test(
    "ctest runs plainly first; the failing test's own command runs under the debugger and stops at its assert",
    async () => {
      const dir = project("ctest");
      const build = join(dir, "build");
      expect(Bun.spawnSync(["cmake", "-S", dir, "-B", build, "-DCMAKE_BUILD_TYPE=Debug"], { stdout: "ignore" }).exitCode).toBe(0);
      expect(Bun.spawnSync(["cmake", "--build", build], { stdout: "ignore" }).exitCode).toBe(0);
      const s = env.session("ctest");
      const d = await s.ok(["test", "--", "ctest"], { cwd: build });
      expect(d.program).toBe(join(build, "test_big"));
      expect(d.args).toEqual(["7", "3"]);
      expect(d.failures).toEqual(["big"]);
      expect(d.stop!.frame).toMatchObject({ function: "main", file: join(dir, "test_big.c"), line: markLine(join(dir, "test_big.c"), "fail") });
      expect(local(d.stop, "got")).toBe("11");
      await s.ok(["stop"]);
    },
    T,
  );
});

const hasPython =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy, pytest"], { stderr: "ignore" }).exitCode === 0 ||
  missing("/usr/bin/python3 cannot import debugpy and pytest (apt-get install python3-debugpy python3-pytest)", FILE);

describe.skipIf(!hasPython)("python: a missing runner, a runner that dies, the session left", () => {
  const PATH = `/usr/bin:/bin:${process.env.PATH}`;

  test(
    "a virtualenv without pytest: `python -m pytest` and an activated venv's `pytest` are PROGRAM_NOT_FOUND with the venv's pip",
    async () => {
      const dir = project("python");
      const venv = join(dir, "venv");
      expect(Bun.spawnSync(["/usr/bin/python3", "-m", "venv", "--without-pip", venv]).exitCode).toBe(0);
      const m = await env.run(["test", "--", "venv/bin/python", "-m", "pytest", "-q"], { cwd: dir, env: { PATH } });
      expect(m.exitCode).toBe(4);
      expect(m.json.error.code).toBe("PROGRAM_NOT_FOUND");
      expect(m.json.error.message).toContain(`No module named pytest in the virtualenv ${venv}`);
      expect(m.json.error.hint).toBe(`\`${venv}/bin/python -m pip install pytest\``);
      // Activated: its bin first on PATH and nothing else with a pytest.
      const a = await env.run(["test", "--", "pytest", "-q"], { cwd: dir, env: { PATH: `${venv}/bin:${join(env.dir, "nowhere")}` } });
      expect(a.exitCode).toBe(4);
      expect(a.json.error.code).toBe("PROGRAM_NOT_FOUND");
      expect(a.json.error.hint).toBe(`\`${venv}/bin/python -m pip install pytest\``);
    },
    T,
  );

  test(
    "a test that calls os._exit: the exit code and a verdict that says pytest printed none",
    async () => {
      const dir = project("python");
      writeFileSync(join(dir, "test_exit.py"), "import os\n\n\ndef test_leaves():\n    os._exit(3)\n");
      const d = await env.ok(["test", "--", "python3", "-m", "pytest", "-q", "test_exit.py"], { cwd: dir, env: { PATH } });
      expect(d.stop!.reason).toBe("exited");
      expect(d.stop!.exitCode).toBe(3);
      expect(d.stop!.summary).toBe("no verdict: pytest ended before printing one");
    },
    T,
  );

  test(
    "the session a test left at its failure is replaced by the next test (no stop needed), and the reply says what stays",
    async () => {
      const dir = project("python");
      const s = env.session("left");
      const first = await s.run(["test", "--", "python3", "-m", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH }, json: false });
      expect(first.stdout).toContain("Session 'left' stays here to inspect");
      expect(first.stdout).toContain("the next `debugger test` replaces it");
      const again = await s.ok(["test", "--", "python3", "-m", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(again.replaced).toBe("left");
      expect(again.stop!.reason).toBe("exception");
      // Another kind of session in the way is not replaced.
      await s.ok(["stop"]);
      await s.ok(["start", "calc.py", "--stop-on-entry"], { cwd: dir });
      const blocked = await s.run(["test", "--", "python3", "-m", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(blocked.json.error.code).toBe("SESSION_EXISTS");
      await s.ok(["stop"]);
    },
    T,
  );

  test(
    "make test and a shell script: the pytest they start stops at the failing assertion; continue ends it with pytest's verdict and the wrapper goes on with that exit code",
    async () => {
      const dir = project("python");
      writeFileSync(join(dir, "Makefile"), "test:\n\tpython3 -m pytest -q test_calc.py\n");
      const marker = join(dir, "after-tests.txt");
      writeFileSync(join(dir, "run-tests.sh"), `#!/bin/sh\npython3 -m pytest -q test_calc.py\necho $? > ${marker}\n`, { mode: 0o755 });
      const s = env.session("wrapped");
      const d = await s.ok(["test", "--", "make", "test"], { cwd: dir, env: { PATH } });
      expect(d.runner).toBe("pytest");
      expect(d.notes!.join("\n")).toContain("`make test` started `/usr/bin/python3 -m pytest -q test_calc.py`");
      expect(d.stop!.frame).toMatchObject({ function: "test_big", file: join(dir, "test_calc.py"), line: markLine(join(dir, "test_calc.py"), "fail") });
      expect(local(d.stop, "got")).toBe("11");
      expect((await s.ok(["continue"])).stop!.summary).toBe("1 failed, 1 passed, 1 skipped");
      const sh = await s.ok(["test", "--", "./run-tests.sh"], { cwd: dir, env: { PATH } });
      expect(sh.stop!.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_calc.py"), "fail") });
      const end = (await s.ok(["continue"])).stop!;
      expect(end.exitCode).toBe(1);
      // The script went on after its pytest, with pytest's exit code.
      for (let i = 0; i < 200 && !existsSync(marker); i++) await Bun.sleep(50);
      expect(readFileSync(marker, "utf8").trim()).toBe("1");
    },
    T,
  );

  test(
    "a wrapper that starts no Python test run: its exit and output, nothing debugged, and the command that works",
    async () => {
      const dir = project("python");
      writeFileSync(join(dir, "Makefile.other"), "check:\n\techo no python here; exit 2\n");
      const d = await env.ok(["test", "--", "make", "-f", "Makefile.other", "check"], { cwd: dir, env: { PATH } });
      expect(d.ranPlainly).toBe(true);
      expect(d.stop!.exitCode).toBe(2);
      expect(d.stop!.output).toContain("no python here");
      expect(d.notes!.join("\n")).toContain("debugger test -- pytest");
    },
    T,
  );

  // tox is no adapter: where it is not installed the test says so and skips, in CI too.
  const hasTox = !!Bun.which("tox", { PATH }) || skipped(`${FILE}: tox is not installed (apt-get install tox): the tox wrapper test is skipped`);
  test.skipIf(!hasTox)(
    "tox -e py (its test environment passes only what it is told): the pytest in tox's virtualenv stops at the failing assertion",
    async () => {
      const dir = project("python");
      // Offline: Debian's pytest through the site packages, nothing to install.
      writeFileSync(
        join(dir, "tox.ini"),
        "[tox]\nskipsdist = true\nenvlist = py\n\n[testenv]\nsitepackages = true\ndeps =\ncommands = python -m pytest -q test_calc.py\n",
      );
      const s = env.session("tox");
      const d = await s.ok(["test", "--", "tox", "-e", "py"], { cwd: dir, env: { PATH } });
      expect(d.notes!.join("\n")).toContain(`\`tox -e py\` started \`${join(dir, ".tox", "py", "bin", "python")} -m pytest -q test_calc.py\``);
      expect(d.stop!.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_calc.py"), "fail") });
      expect((await s.ok(["continue"])).stop!.summary).toBe("1 failed, 1 passed, 1 skipped");
    },
    T,
  );

  const hasPoetry =
    !!Bun.which("poetry", { PATH }) || skipped(`${FILE}: poetry is not installed (apt-get install python3-poetry): the poetry wrapper test is skipped`);
  test.skipIf(!hasPoetry)(
    "poetry run pytest: the pytest poetry starts stops at the failing assertion",
    async () => {
      const dir = project("python", "poetry");
      // Offline: a virtualenv in the project that sees Debian's pytest; nothing to install.
      writeFileSync(
        join(dir, "pyproject.toml"),
        '[tool.poetry]\nname = "calc"\nversion = "0.1.0"\ndescription = ""\nauthors = ["x <x@example.com>"]\npackages = []\n\n[tool.poetry.dependencies]\npython = "^3.9"\n\n[build-system]\nrequires = ["poetry-core"]\nbuild-backend = "poetry.core.masonry.api"\n',
      );
      writeFileSync(join(dir, "poetry.toml"), "[virtualenvs]\nin-project = true\n\n[virtualenvs.options]\nsystem-site-packages = true\n");
      const s = env.session("poetry");
      const d = await s.ok(["test", "--", "poetry", "run", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d.notes!.join("\n")).toContain("`poetry run pytest -q test_calc.py` started");
      expect(d.stop!.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_calc.py"), "fail") });
      expect((await s.ok(["continue"])).stop!.summary).toBe("1 failed, 1 passed, 1 skipped");
    },
    T,
  );
});
