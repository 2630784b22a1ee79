// `debugger test`'s pure pieces: the runners' command lines, their verdict lines, which failure
// stops stand, and the Python scripts told by their #! line.
import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { harnessArguments, parseCargoTest } from "../../src/adapters/testRunners/cargo.ts";
import { parseGoTest, readGoJson } from "../../src/adapters/testRunners/go.ts";
import { readLibtest } from "../../src/adapters/testRunners/survey.ts";
import { planTest } from "../../src/adapters/testRunners/plan.ts";
import { pythonLaunch } from "../../src/adapters/testRunners/python.ts";
import { goPassStop, lastTestLog } from "../../src/adapters/testRunners/runnerAdapter.ts";
import { cargoSummary, goSummary, pytestSummary, unittestSummary } from "../../src/adapters/testRunners/summary.ts";
import { pythonOfShebang } from "../../src/adapters/shebang.ts";
import { DebuggerError } from "../../src/common/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "testrunners-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { cwd: dir, path: "/usr/bin:/bin" };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DebuggerError ? e.code : String(e);
  }
  return undefined;
}

describe("go test -json read back", () => {
  const ev = (o: object) => JSON.stringify(o);
  test("failing tests in package order, a parent named by its failing subtest, build failures from go's plain line, unfinished tests", () => {
    const out = [
      ev({ Action: "run", Package: "ex/b", Test: "TestB" }),
      ev({ Action: "run", Package: "ex/b", Test: "TestB/sub" }),
      ev({ Action: "fail", Package: "ex/b", Test: "TestB/sub" }),
      ev({ Action: "fail", Package: "ex/b", Test: "TestB" }),
      ev({ Action: "fail", Package: "ex/b" }),
      ev({ Action: "run", Package: "ex/a", Test: "TestOk" }),
      ev({ Action: "pass", Package: "ex/a", Test: "TestOk" }),
      ev({ Action: "run", Package: "ex/a", Test: "TestA" }),
      ev({ Action: "fail", Package: "ex/a", Test: "TestA" }),
      ev({ Action: "fail", Package: "ex/a" }),
      "FAIL\tex/c [build failed]",
      ev({ Action: "run", Package: "ex/d", Test: "TestExit" }),
      ev({ Action: "fail", Package: "ex/d" }),
      ev({ Action: "pass", Package: "ex/e" }),
      ev({ Action: "run", Package: "ex/f", Test: "TestHang" }),
    ].join("\n");
    const g = readGoJson(out);
    expect(g.failed).toEqual([
      { pkg: "ex/a", test: "TestA" },
      { pkg: "ex/b", test: "TestB/sub" },
    ]);
    expect(g.buildFailed).toEqual(["ex/c"]);
    expect(g.packageFailed).toEqual(["ex/d"]);
    expect(g.passed).toEqual(["ex/e"]);
    expect(g.passedTests).toBe(1);
    expect(g.running).toEqual([
      { pkg: "ex/d", test: "TestExit" },
      { pkg: "ex/f", test: "TestHang" },
    ]);
  });
  test("go 1.24's build events name the package without its test suffix", () => {
    const g = readGoJson(ev({ ImportPath: "ex/c [ex/c.test]", Action: "build-fail" }));
    expect(g.buildFailed).toEqual(["ex/c"]);
  });
});

describe("libtest's plain output", () => {
  test("failing tests and the verdict's counts", () => {
    const r = readLibtest(
      "running 2 tests\ntest tests::small ... ok\ntest tests::big ... FAILED\n\nfailures:\n\ntest result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n",
    );
    expect(r).toEqual({ failed: ["tests::big"], counts: { passed: 1, failed: 1, ignored: 0 } });
  });
});

describe("go test's command line", () => {
  test("test flags become the test binary's, build flags Delve's, the package a directory", () => {
    mkdirSync(join(dir, "calc"), { recursive: true });
    const g = parseGoTest(["-tags", "slow", "./calc", "-run", "TestAdd", "-v", "-count=1", "-race", "-args", "-x", "y"], env);
    expect(g).toEqual({
      packageDir: join(dir, "calc"),
      packages: ["./calc"],
      args: ["-test.run=TestAdd", "-test.v", "-test.count=1", "-x", "y"],
      buildFlags: ["-tags=slow", "-race"],
    });
  });
  test("no package is the current directory; -test.run is taken as written too", () => {
    expect(parseGoTest(["-test.run=X"], env)).toEqual({ packageDir: dir, packages: [], args: ["-test.run=X"], buildFlags: [] });
  });
  test("several packages and ./... leave the package to the plain run (no directory yet)", () => {
    expect(parseGoTest(["./...", "-run", "X"], env)).toEqual({ packages: ["./..."], args: ["-test.run=X"], buildFlags: [] });
    expect(parseGoTest([".", "./calc"], env).packageDir).toBeUndefined();
  });
  test("-c and -json are refused as usage errors; a missing directory is not found", () => {
    expect(codeOf(() => parseGoTest(["-c"], env))).toBe("USAGE");
    expect(codeOf(() => parseGoTest(["-json"], env))).toBe("USAGE");
    expect(codeOf(() => parseGoTest(["./nowhere"], env))).toBe("PROGRAM_NOT_FOUND");
  });
});

describe("cargo test's command line", () => {
  test("options for cargo, one filter, harness arguments after --", () => {
    expect(parseCargoTest(["-p", "calc", "--lib", "big", "--", "--exact"])).toEqual({
      cargoArgs: ["-p", "calc", "--lib"],
      filter: "big",
      harnessArgs: ["--exact"],
    });
    expect(codeOf(() => parseCargoTest(["a", "b"]))).toBe("USAGE");
    expect(codeOf(() => parseCargoTest(["--doc"]))).toBe("USAGE");
  });
  test("the harness runs one test at a time with its output as it comes, unless told otherwise", () => {
    expect(harnessArguments({ cargoArgs: [], filter: "big", harnessArgs: [] })).toEqual(["big", "--test-threads=1", "--nocapture"]);
    expect(harnessArguments({ cargoArgs: [], harnessArgs: ["--test-threads=4", "--show-output"] })).toEqual(["--test-threads=4", "--show-output"]);
  });
});

describe("runners' verdicts", () => {
  test.each([
    [pytestSummary, "F.s\n=========== 1 failed, 1 passed, 1 skipped in 0.24s ===========\n", "1 failed, 1 passed, 1 skipped"],
    [pytestSummary, "..\n2 passed in 0.01s\n", "2 passed"],
    [pytestSummary, "no tests ran\n", undefined],
    [unittestSummary, "-----\nRan 2 tests in 0.001s\n\nFAILED (failures=1)\n", "ran 2: FAILED (failures=1)"],
    [unittestSummary, "Ran 1 test in 0.000s\n\nOK\n", "ran 1: OK"],
    [goSummary, "--- FAIL: TestBig (0.00s)\n    calc_test.go:15: got 11\nFAIL\n", "FAIL: 1 failed (TestBig)"],
    [goSummary, "=== RUN   TestSmall\n--- PASS: TestSmall (0.00s)\nPASS\n", "PASS: 1 passed"],
    [
      cargoSummary,
      "test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.40s\n",
      "FAILED: 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out",
    ],
  ] as const)("%#", (fn, output, want) => {
    expect(fn(output)).toBe(want as string | undefined);
  });
});

describe("Go failure stops", () => {
  const fail = "testing.(*common).Fail";
  test.each([
    // t.Errorf in the test: stands
    ["failure", [fail, "testing.(*common).Errorf", "example.com/calc.TestBig", "testing.tRunner"], false],
    // t.Fatalf in a subtest's closure: stands
    ["failure", [fail, "testing.(*common).FailNow", "testing.(*common).Fatalf", "example.com/calc.TestSub.func1"], false],
    // Fail marking the parent test: passed
    ["failure", [fail, fail, "testing.(*common).Errorf", "example.com/calc.TestBig"], true],
    // testing's recovery of a panic calls t.Fail(): passed (the panic was shown)
    ["failure", [fail, "testing.tRunner.func1.2", "testing.tRunner.func1", "runtime.gopanic", "example.com/calc.TestPanic"], true],
    // the panic where it happened: stands; testing's re-panic: passed
    ["panic", ["runtime.gopanic", "runtime.mapassign_faststr", "example.com/calc.TestPanic"], false],
    ["panic", ["runtime.gopanic", "testing.tRunner.func1.2", "testing.tRunner.func1", "runtime.gopanic", "example.com/calc.TestPanic"], true],
    ["exception", ["runtime.fatalpanic", "runtime.gopanic", "testing.tRunner.func1.2"], true],
    ["breakpoint", ["example.com/calc.Add"], false],
  ] as const)("%s %#", (reason, names, pass) => {
    expect(
      goPassStop(
        reason,
        names.map((n) => ({ function: n })),
      ),
    ).toBe(pass);
  });
  test("under -v the failure's message is the last line the test logged", () => {
    expect(lastTestLog("=== RUN   TestBig\n    calc_test.go:15: Add(7, 3) = 11, want 10\n")).toBe("calc_test.go:15: Add(7, 3) = 11, want 10");
  });
});

describe("Python scripts by their #! line", () => {
  test.each([
    ["/usr/bin/python3", "/usr/bin/python3"],
    ["/usr/bin/python3.11 -I", "/usr/bin/python3.11"],
    ["/root/.pyenv/versions/3.11.7/bin/python", "/root/.pyenv/versions/3.11.7/bin/python"],
    ["/usr/bin/env python3", "python3"],
    ["/usr/bin/env -S python3 -u", "python3"],
    ["/bin/bash", undefined],
    ["/usr/bin/env node", undefined],
  ])("%s", (line, want) => {
    const got = pythonOfShebang(line, { cwd: dir, path: "" });
    expect(got).toBe(want as string | undefined);
  });
});

describe("the command line's runner", () => {
  test("an unknown runner is a usage error naming the known ones and `start`", () => {
    let err: DebuggerError | undefined;
    try {
      planTest(["mocha", "--recursive"], { cwd: dir, path: "/usr/bin:/bin" });
    } catch (e) {
      err = e as DebuggerError;
    }
    expect(err?.code).toBe("USAGE");
    expect(err?.message).toContain("pytest");
    expect(err?.message).toContain("go test");
    expect(err?.message).toContain("cargo test");
    expect(err?.hint).toContain("debugger start");
  });
  test("go and cargo need their test subcommand; an empty command is a usage error", () => {
    expect(codeOf(() => planTest(["go", "build"], env))).toBe("USAGE");
    expect(codeOf(() => planTest(["cargo", "run"], env))).toBe("USAGE");
    expect(codeOf(() => planTest([], env))).toBe("USAGE");
    expect(codeOf(() => planTest(["python3", "-c", "pass"], env))).toBe("USAGE");
  });
  test("a shell script given by path and make, tox, poetry … are wrappers (their Python test run is followed); a script's name on PATH is not", () => {
    const sh = join(dir, "run-tests.sh");
    writeFileSync(sh, "#!/bin/sh\nexit 0\n");
    chmodSync(sh, 0o755);
    expect(planTest(["./run-tests.sh", "-x"], env)).toMatchObject({ runner: "wrapper", program: sh, args: ["-x"] });
    expect(planTest(["make", "test"], env)).toMatchObject({ runner: "wrapper", program: "/usr/bin/make" });
    expect(codeOf(() => planTest(["run-tests.sh"], { cwd: dir, path: dir }))).toBe("USAGE");
  });
});

// An interpreter without debugpy borrows another's: locating the lender's and checking it loads
// are two interpreter starts that import debugpy and pydevd (~300 ms each), kept while nothing on
// either interpreter's sys.path has changed.
const hasLender = Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy, venv"], { stderr: "ignore" }).exitCode === 0;
describe.skipIf(!hasLender)("a lent debugpy's answers are kept", () => {
  test("a second launch spawns nothing; a new entry in the interpreter's site-packages asks again", () => {
    const venv = join(dir, "venv-without-debugpy");
    expect(Bun.spawnSync(["/usr/bin/python3", "-m", "venv", "--without-pip", venv]).exitCode).toBe(0);
    const python = join(venv, "bin", "python3");
    const first = pythonLaunch(python);
    expect(first.lender).toBeDefined();
    expect(first.debugpyPath).toBeDefined();
    const spawns = spyOn(Bun, "spawnSync");
    try {
      expect(pythonLaunch(python)).toEqual(first);
      expect(spawns).toHaveBeenCalledTimes(0);
      const site = Bun.spawnSync([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.toString().trim();
      spawns.mockClear();
      writeFileSync(join(site, "newly_installed.py"), "");
      expect(pythonLaunch(python)).toEqual(first);
      expect(spawns.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      spawns.mockRestore();
    }
  });
});
