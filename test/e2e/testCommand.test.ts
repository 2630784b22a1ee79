// `debugger test -- CMD…` end to end with the real runners: Debian's pytest and unittest under
// debugpy, `go test` under Delve's test mode, `cargo test` under lldb-dap. Each project
// (test/fixtures/testRunners, copied to a temp dir so builds stay out of the tree) has one passing
// and one failing test: the first reply stops on the failing line with the failing values, and
// `continue` ends with the runner's exit code and verdict. Locally a missing tool skips with a
// message; in CI (CI=true) it fails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, ROOT, skipped, waitFor } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const T = 180_000;
const FIXTURES = join(ROOT, "test", "fixtures", "testRunners");

// The machine's Go build cache, not the env's empty XDG cache: from a cold one Delve's test-mode
// build (optimisations off, the standard library too) outlasts the adapter's 30 s start under load.
const goCache = Bun.which("go") ? Bun.spawnSync(["go", "env", "GOCACHE"]).stdout.toString().trim() : "";
const env = new E2eEnv({ prefix: "dbg-e2e-test-", env: goCache ? { GOCACHE: goCache } : {} });
afterAll(() => env.close());

function markLine(file: string, mark: string): number {
  const i = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(`@mark ${mark}`));
  if (i < 0) throw new Error(`no @mark ${mark} in ${file}`);
  return i + 1;
}

/** A fresh copy of a fixture project: builds and caches stay in the temp dir. */
function project(name: string): string {
  const dir = join(env.dir, name);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

const local = (stop: StopReport, name: string) => stop.locals.find((v) => v.name === name)?.value;

beforeAll(async () => {
  // The daemon starts with the suite's own environment; each `test` names the caller's PATH itself.
  await env.ok(["sessions"]);
});

const hasDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy, pytest"], { stderr: "ignore" }).exitCode === 0 ||
  missing("/usr/bin/python3 cannot import debugpy and pytest (apt-get install python3-debugpy python3-pytest)", "test/e2e/testCommand.test.ts");

describe.skipIf(!hasDebugpy)("python", () => {
  // Debian's pytest first on PATH, whatever the machine has before it (a pyenv shim).
  const PATH = `/usr/bin:/bin:${process.env.PATH}`;

  // Not an adapter: skipped (said) without it, in CI too.
  const hasXdist =
    hasDebugpy &&
    (Bun.spawnSync(["/usr/bin/python3", "-c", "import xdist"], { stderr: "ignore" }).exitCode === 0 ||
      skipped("SKIP test/e2e/testCommand.test.ts xdist case: /usr/bin/python3 cannot import xdist (apt-get install python3-pytest-xdist)"));
  test.skipIf(!hasXdist)(
    "pytest-xdist with `addopts = -n 2`: the tests run with -n 0 and the failing assert stops (issue 33 item 2)",
    async () => {
      // A copy of its own: the other tests' copy must not get this pytest.ini.
      const dir = join(env.dir, "python-xdist");
      cpSync(join(FIXTURES, "python"), dir, { recursive: true });
      writeFileSync(join(dir, "pytest.ini"), "[pytest]\naddopts = -n 2\n");
      const s = env.session("xdist");
      const d = await s.ok(["test", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d.args).toEqual(["-q", "test_calc.py", "-n", "0"]);
      expect(d.notes.join("\n")).toContain("pytest-xdist is installed: the tests run with -n 0");
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_calc.py"), "fail") });
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1, summary: "1 failed, 1 passed, 1 skipped" });
      // `python3 -m pytest` asks whether pytest and xdist are there in one interpreter start.
      const m = env.session("xdist-m");
      const dm = await m.ok(["test", "--", "python3", "-m", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(dm.args).toEqual(["-q", "test_calc.py", "-n", "0"]);
      expect(dm.stop.reason).toBe("exception");
      await m.ok(["stop"]);
    },
    T,
  );

  test(
    "pytest: the failing assert stops in the test's frame with its locals and message; skips pass; continue ends with pytest's verdict",
    async () => {
      const dir = project("python");
      const s = env.session("pytest");
      const d = await s.ok(["test", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d.runner).toBe("pytest");
      expect(d.program).toBe("/usr/bin/pytest");
      const stop = d.stop;
      expect(stop.reason).toBe("exception");
      expect(stop.frame).toMatchObject({ function: "test_big", file: join(dir, "test_calc.py"), line: markLine(join(dir, "test_calc.py"), "fail") });
      expect(local(stop, "got")).toBe("11");
      expect(local(stop, "expected")).toBe("10");
      // pytest's own assertion-rewriting variables are not the test's.
      expect(stop.locals.some((v) => v.name.startsWith("@py_"))).toBe(false);
      expect(stop.exception.id).toBe("AssertionError");
      expect(stop.exception.description).toContain("add is off");
      expect(stop.exception.description).toContain("assert 11 == 10");
      // The passing test ran before it: pytest's progress dot is in the output so far.
      expect(stop.output).toContain(".");
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      expect(end.exitCode).toBe(1);
      expect(end.summary).toBe("1 failed, 1 passed, 1 skipped");
    },
    T,
  );

  test(
    "pytest.xfail() and pytest.skip() inside a test are its verdict, not a failure: the first stop is the failing assert after them; pytest.fail() stops",
    async () => {
      const dir = join(env.dir, "python-xfail");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "test_outcomes.py"),
        [
          "import pytest",
          "",
          "def test_xfail():",
          '    pytest.xfail("known bug")',
          "",
          "def test_skip():",
          '    pytest.skip("not here")',
          "",
          "def test_fails():",
          "    got = 3",
          "    assert got == 4  # @mark fail",
          "",
          "def test_fail_call():",
          '    pytest.fail("said so")  # @mark called',
          "",
        ].join("\n"),
      );
      const s = env.session("pyxfail");
      const d = await s.ok(["test", "--", "pytest", "-q", "-p", "no:cacheprovider", "test_outcomes.py"], { cwd: dir, env: { PATH } });
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "test_fails", line: markLine(join(dir, "test_outcomes.py"), "fail") });
      const next = (await s.ok(["continue"])).stop;
      expect(next.frame).toMatchObject({ function: "test_fail_call", line: markLine(join(dir, "test_outcomes.py"), "called") });
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1, summary: "2 failed, 1 skipped, 1 xfailed" });
    },
    T,
  );

  test(
    "test --max walks as run does: a row per stop with the breakpoint's own prints, then the failure's stop, and no session left (issue 31)",
    async () => {
      const dir = project("python");
      const s = env.session("pywalk");
      const r = await s.run(["test", "--break", "calc.py:3 print a, b", "--max", "5", "--", "pytest", "-q", "test_calc.py"], {
        cwd: dir,
        env: { PATH },
      });
      expect(r.exitCode).toBe(0);
      const d = r.json.data;
      expect(d.runner).toBe("pytest");
      // test_small's add(1, 2), then test_big's add(7, 3): the breakpoint's own prints.
      expect(d.hits.map((h: any) => h.values)).toEqual([
        [
          { expression: "a", value: "1" },
          { expression: "b", value: "2" },
        ],
        [
          { expression: "a", value: "7" },
          { expression: "b", value: "3" },
        ],
      ]);
      expect(d.stoppedBy).toBe("other");
      expect(d.kept).toBe(false);
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_calc.py"), "fail") });
      expect(local(d.stop, "got")).toBe("11");
      // Nothing left behind: the walk's session ended with the reply.
      expect((await s.ok(["sessions"])).sessions.filter((x: any) => x.name.startsWith("pywalk"))).toEqual([]);
      const text = (
        await s.run(["test", "--break", "calc.py:3 print a, b", "--max", "1", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH }, json: false })
      ).stdout;
      expect(text).toContain("#1  a = 1  b = 2");
      expect(text).toContain("Stopped after 1 stop (--max); the program was ended.");
    },
    T,
  );

  test(
    "test --break with prints and no --max walks as run does (rows, then the failure, nothing left); without prints it stops there and keeps the session (issue 31)",
    async () => {
      const dir = project("python");
      const s = env.session("pyrows");
      const d = await s.ok(["test", "--break", "calc.py:3 print a, b", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d.hits.map((h: any) => h.values.map((v: any) => v.value))).toEqual([
        ["1", "2"],
        ["7", "3"],
      ]);
      expect(d).toMatchObject({ stoppedBy: "other", kept: false, stop: { reason: "exception" } });
      expect((await s.ok(["sessions"])).sessions.filter((x: any) => x.name.startsWith("pyrows"))).toEqual([]);
      const stay = await s.ok(["test", "--break", "calc.py:3", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(stay.hits).toBeUndefined();
      expect(stay).toMatchObject({ state: "stopped", stop: { reason: "breakpoint", frame: { line: 3 } } });
      expect((await s.ok(["print", "a"])).result).toBe("1");
      await s.ok(["stop"]);
    },
    T,
  );

  test(
    "after rows, a --print that is no name at the failure's frame is not shown there (it was an error line each)",
    async () => {
      const dir = project("python");
      const s = env.session("pyprint");
      const d = await s.ok(["test", "--break", "calc.py:3", "--print", "b", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d.hits.map((h: any) => h.values.map((v: any) => v.value))).toEqual([["2"], ["3"]]);
      expect(d.stop.reason).toBe("exception");
      expect((d.stop.displays ?? []).filter((x: any) => x.expression === "b")).toEqual([]);
      // Without rows, the values at the failure are all there is: shown, errors too.
      const plain = await s.ok(["test", "--print", "b", "--print", "got", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(plain.stop.displays.map((x: any) => x.expression)).toEqual(["b", "got"]);
      expect(plain.stop.displays[1].value).toBe("11");
      await s.run(["stop"]);
    },
    T,
  );

  test(
    "test --max --keep leaves the walk's session at its last stop, and the next test replaces it; --keep alone is a usage error",
    async () => {
      const dir = project("python");
      const s = env.session("pykeep");
      const d = await s.ok(["test", "--break", "calc.py:3", "--max", "1", "--keep", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(d).toMatchObject({ stoppedBy: "max", kept: true, state: "stopped" });
      expect((await s.ok(["print", "a"])).result).toBe("1");
      const again = await s.ok(["test", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(again.replaced).toBe("pykeep");
      await s.ok(["stop"]);
      const bad = await s.run(["test", "--keep", "--", "pytest", "-q", "test_calc.py"], { cwd: dir, env: { PATH } });
      expect(bad.exitCode).toBe(2);
      expect(bad.json.error.code).toBe("USAGE");
      expect(bad.json.error.hint).toContain("--max");
    },
    T,
  );

  test(
    "python -m unittest with an interpreter that has no debugpy (a venv): debugpy is lent, the failing assertEqual stops at the test's line",
    async () => {
      const dir = project("python");
      const venv = join(dir, "venv");
      expect(Bun.spawnSync(["/usr/bin/python3", "-m", "venv", "--without-pip", venv]).exitCode).toBe(0);
      const s = env.session("unittest");
      const r = await s.run(["test", "--", "venv/bin/python", "-m", "unittest", "test_unit"], { cwd: dir, env: { PATH } });
      expect(r.exitCode).toBe(0);
      const d = r.json.data;
      expect(d.runner).toBe("unittest");
      expect(d.notes.join()).toContain("has no debugpy: it runs with the debugpy");
      expect(d.stop.frame).toMatchObject({ function: "test_big", line: markLine(join(dir, "test_unit.py"), "unittest-fail") });
      expect(local(d.stop, "total")).toBe("10");
      expect(d.stop.exception.description).toContain("10 != 9");
      const end = (await s.ok(["continue"])).stop;
      expect(end.exitCode).toBe(1);
      expect(end.summary).toBe("ran 2: FAILED (failures=1)");
      // Which debugpy it borrows is said once a daemon, not at every run.
      const again = await s.run(["test", "--", "venv/bin/python", "-m", "unittest", "test_unit"], { cwd: dir, env: { PATH } });
      expect(again.json.data.stop.frame).toMatchObject({ function: "test_big" });
      expect((again.json.data.notes ?? []).join()).not.toContain("has no debugpy");
      await s.ok(["stop"]);
    },
    T,
  );

  // debugpy's userUnhandled filter stops where a library's __exit__ swallows the test's own
  // exception (pytest.raises, assertRaises, suppress): those tests pass, and do not stop.
  test(
    "pytest: exceptions the tests expect (pytest.raises with match=, suppress, try/except) do not stop; the failing assert does, then a wrong type in pytest.raises",
    async () => {
      const dir = project("pyraises");
      const s = env.session("pyraises");
      const d = await s.ok(["test", "--", "pytest", "-q", "test_billing.py"], { cwd: dir, env: { PATH } });
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "test_total", file: join(dir, "test_billing.py"), line: markLine(join(dir, "test_billing.py"), "fail") });
      expect(d.stop.exception.id).toBe("AssertionError");
      expect(local(d.stop, "got")).toBe("4");
      // The four passing tests ran before it.
      expect(d.stop.output).toContain("....");
      const wrong = (await s.ok(["continue"])).stop;
      expect(wrong.reason).toBe("exception");
      expect(wrong.exception.id).toBe("ValueError");
      expect(wrong.exception.description).toContain("negative days overdue: -5");
      expect(wrong.frame).toMatchObject({ function: "bucket_for", line: markLine(join(dir, "billing.py"), "raise") });
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      expect(end.summary).toBe("2 failed, 4 passed");
    },
    T,
  );

  // debugpy tells the expected exception at the test function's return, also when a step gets
  // there: the step goes on to where it would have ended without the exception filter.
  test(
    "pytest: next, finish and step out of tests whose exceptions they expect (pytest.raises, suppress, try/except) land in the next test, saying nothing of them; the failing assert and a wrong type still stop",
    async () => {
      const dir = project("pyraises");
      const file = join(dir, "test_billing.py");
      const s = env.session("pyraisesstep");
      const d = await s.ok(["test", "--break", `test_billing.py:${markLine(file, "expected-call")}`, "--", "pytest", "-q", "test_billing.py"], {
        cwd: dir,
        env: { PATH },
      });
      expect(d.stop.frame).toMatchObject({ function: "test_rejects_negative" });
      // Steps while in `test` (or the function it calls), each a step stop; the first outside it returned.
      const stepOut = async (command: string, test: string): Promise<any> => {
        for (let i = 0; i < 12; i++) {
          const stop = ((await s.ok([command])) as { stop: any }).stop;
          expect(stop.reason).toBe("step");
          expect(stop.exception).toBeUndefined();
          if (stop.frame?.function !== test && stop.frame?.function !== "bucket_for") return stop;
        }
        throw new Error(`still in ${test} after 12 ${command}s`);
      };
      const next = await stepOut("next", "test_rejects_negative");
      expect(next.frame).toMatchObject({ function: "test_rejects_with_message", file });
      // `finish` out of a test whose pytest.raises(match=) swallows its exception: on to the next test.
      const out = (await s.ok(["finish"])).stop;
      expect(out).toMatchObject({ reason: "step", frame: { function: "test_suppressed" } });
      expect(out.exception).toBeUndefined();
      // `step` into bucket_for and out through suppress(KeyError, ValueError).
      const stepped = await stepOut("step", "test_suppressed");
      expect(stepped.frame).toMatchObject({ function: "test_caught" });
      expect((await stepOut("next", "test_caught")).frame).toMatchObject({ function: "test_total" });
      // The failing assert is a failure when a step reaches it, and so is a wrong type in pytest.raises.
      let failure = (await s.ok(["next"])).stop;
      if (failure.reason === "step") failure = (await s.ok(["next"])).stop;
      expect(failure).toMatchObject({ reason: "exception", frame: { function: "test_total" }, exception: { id: "AssertionError" } });
      const wrong = (await s.ok(["next"])).stop;
      expect(wrong).toMatchObject({ reason: "exception", frame: { function: "bucket_for" }, exception: { id: "ValueError" } });
      expect(wrong.exception.description).toContain("negative days overdue: -5");
    },
    T,
  );

  test(
    "unittest: assertRaises (a with and called) and assertRaisesRegex do not stop; the failing assertEqual does, and an exception from assertRaises' own arguments",
    async () => {
      const dir = project("pyraises");
      const s = env.session("unitraises");
      const d = await s.ok(["test", "--", "python3", "-m", "unittest", "test_unit"], { cwd: dir, env: { PATH } });
      expect(d.stop.frame).toMatchObject({ function: "test_d_total", line: markLine(join(dir, "test_unit.py"), "unittest-fail") });
      expect(d.stop.exception.description).toContain("4 != 3");
      const args = (await s.ok(["continue"])).stop;
      expect(args.reason).toBe("exception");
      expect(args.exception.description).toContain("negative days overdue: -4");
      const bt = await s.ok(["backtrace"]);
      expect(bt.frames[1]).toMatchObject({ function: "test_e_arguments", line: markLine(join(dir, "test_unit.py"), "args") });
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      expect(end.summary).toBe("ran 5: FAILED (failures=1, errors=1)");
    },
    T,
  );

  test(
    "test --break: a row at each pass of the raise inside pytest.raises, suppress, try; the walk ends at the failing assert",
    async () => {
      const dir = project("pyraises");
      const s = env.session("pyraisesrows");
      const raise = markLine(join(dir, "billing.py"), "raise");
      const r = await s.run(["test", "--break", `billing.py:${raise} print days`, "--max", "10", "--", "pytest", "-q", "test_billing.py"], {
        cwd: dir,
        env: { PATH },
      });
      expect(r.exitCode).toBe(0);
      const d = r.json.data;
      expect(d.hits.map((h: any) => h.values)).toEqual(["-1", "-2", "-3", "-4"].map((v) => [{ expression: "days", value: v }]));
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "test_total", line: markLine(join(dir, "test_billing.py"), "fail") });
    },
    T,
  );

  test(
    "--no-stop-on-failure runs to the breakpoints only; the human reply says the runner and the verdict",
    async () => {
      const dir = project("python");
      const s = env.session("pytest-break");
      const add = markLine(join(dir, "calc.py"), "add");
      const first = await s.run(["test", "--no-stop-on-failure", "--break", `calc.py:${add} if a > 5`, "--", "python3", "-m", "pytest", "-q", "test_calc.py"], {
        cwd: dir,
        env: { PATH },
        json: false,
      });
      expect(first.exitCode).toBe(0);
      expect(first.stdout).toContain("Testing with pytest: pytest -q test_calc.py");
      expect(first.stdout).toContain(`Stopped: breakpoint 1 in add (calc.py:${add})`);
      const end = await s.run(["continue"], { json: false });
      expect(end.stdout).toContain("Program exited with code 1.");
      expect(end.stdout).toContain("Tests: 1 failed, 1 passed, 1 skipped");
    },
    T,
  );

  test(
    "an installed library's import runs untraced; the user's module it imports runs traced and stops where its exception is caught in the library; the failing test stops; a breakpoint keeps the library traced",
    async () => {
      // A package in the user site directory (PYTHONUSERBASE): pydevd's library roots include it.
      const dir = join(env.dir, "python-untraced");
      const userBase = join(dir, "userbase");
      const site = Bun.spawnSync(["/usr/bin/python3", "-c", "import site; print(site.getusersitepackages())"], {
        env: { ...process.env, PYTHONUSERBASE: userBase },
      })
        .stdout.toString()
        .trim();
      mkdirSync(site, { recursive: true });
      writeFileSync(
        join(site, "slowlib.py"),
        [
          "import sys",
          "TRACED_AT_IMPORT = sys.gettrace() is not None",
          "try:",
          "    import userbad",
          "except ValueError:",
          "    pass",
          "import userhelper",
          "USER_TRACED = userhelper.TRACED",
          "",
        ].join("\n"),
      );
      writeFileSync(join(dir, "userbad.py"), ["def fail():", "    raise ValueError('bad at import')  # @mark bad", "", "", "fail()", ""].join("\n"));
      writeFileSync(join(dir, "userhelper.py"), "import sys\nTRACED = sys.gettrace() is not None\n");
      writeFileSync(
        join(dir, "test_lib.py"),
        [
          "import sys",
          "import slowlib",
          "",
          "",
          "def test_where_tests_look():",
          "    assert sys.gettrace() is not None",
          "    assert slowlib.USER_TRACED",
          "",
          "",
          "def test_library_import_untraced():",
          "    assert not slowlib.TRACED_AT_IMPORT  # @mark look",
          "",
          "",
          "def test_fails():",
          "    got = 2",
          "    assert got == 3  # @mark fail",
          "",
        ].join("\n"),
      );
      const caller = { cwd: dir, env: { PATH, PYTHONUSERBASE: userBase } };
      const s = env.session("untraced");
      const d = await s.ok(["test", "--", "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_lib.py"], caller);
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.exception.id).toBe("ValueError");
      expect(d.stop.frame).toMatchObject({ file: join(dir, "userbad.py"), function: "fail", line: markLine(join(dir, "userbad.py"), "bad") });
      const failed = (await s.ok(["continue"])).stop;
      expect(failed.reason).toBe("exception");
      expect(failed.frame).toMatchObject({ function: "test_fails", line: markLine(join(dir, "test_lib.py"), "fail") });
      expect(local(failed, "got")).toBe("2");
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1, summary: "1 failed, 2 passed" });
      // With a breakpoint set, nothing runs untraced.
      const b = env.session("untraced-break");
      const look = markLine(join(dir, "test_lib.py"), "look");
      const hit = await b.ok(
        ["test", "--no-stop-on-failure", "--break", `test_lib.py:${look}`, "--", "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_lib.py"],
        caller,
      );
      expect(hit.stop).toMatchObject({ reason: "breakpoint", frame: { line: look } });
      const p = await b.ok(["print", "slowlib.TRACED_AT_IMPORT", "slowlib.USER_TRACED"]);
      expect(p.results.map((x) => x.result)).toEqual(["True", "True"]);
      await b.ok(["stop"]);
    },
    T,
  );

  test(
    "start runs a console script through its #! line under debugpy, and start -m runs a module",
    async () => {
      const dir = project("python");
      const add = markLine(join(dir, "calc.py"), "add");
      const s = env.session("shebang");
      const d = await s.ok(["start", "/usr/bin/pytest-3", "--break", `calc.py:${add}`, "--", "-q", "test_calc.py"], { cwd: dir });
      expect(d.session.adapter).toBe("debugpy");
      expect(d.stop.frame).toMatchObject({ function: "add", line: add });
      await s.ok(["stop"]);
      const m = await s.ok(["start", "-m", "pytest", "--break", `calc.py:${add}`, "--", "-q", "test_calc.py"], { cwd: dir });
      expect(m.session.program).toBe("-m pytest");
      expect(m.stop.frame).toMatchObject({ function: "add", line: add });
    },
    T,
  );
});

const hasGo =
  adapterAvailable("dlv", "test/e2e/testCommand.test.ts") &&
  (!!Bun.which("go") || missing("go is not installed (apt-get install golang-go)", "test/e2e/testCommand.test.ts"));

describe.skipIf(!hasGo)("go test", () => {
  test(
    "pause of a go test whose one test waits: the hang report names the test's goroutine and line (issue 33 item 7)",
    async () => {
      // One goroutine of the user's, waiting: the pause lands in runtime.gopark, and the report
      // used to stop there (a hang report only for more than one waiting thread of the user's).
      const dir = join(env.dir, "gohang");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "go.mod"), "module gohang\n\ngo 1.18\n");
      writeFileSync(
        join(dir, "h_test.go"),
        'package gohang\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestHang(t *testing.T) {\n\tv := time.After(time.Hour)\n\t<-v // hang\n}\n',
      );
      const s = env.session("gohang");
      const started = await s.ok(["test", "--no-wait", "--", "go", "test", "."], { cwd: dir });
      expect(started.state).toBe("running");
      // Under load the test may not wait yet at the first pause: paused again until it does.
      let p: any;
      await waitFor(
        async () => {
          p = await s.ok(["pause"]);
          if (p.hang?.blocked) return true;
          await s.ok(["continue", "--no-wait"]);
          return false;
        },
        60_000,
        "the test to wait at its line",
      );
      expect(p.hang.groups[0]).toMatchObject({ frame: { function: "gohang.TestHang", file: join(dir, "h_test.go"), line: 10 }, waits: "chan receive" });
    },
    T,
  );

  test(
    "t.Errorf stops at the test's line with got and want and the message; continue ends with the binary's FAIL",
    async () => {
      const dir = project("go");
      const s = env.session("gotest");
      const d = await s.ok(["test", "--", "go", "test", "-run", "TestSmall|TestBig", "-count=1"], { cwd: dir });
      expect(d.runner).toBe("go");
      expect(d.args).toEqual(["-test.run=TestSmall|TestBig", "-test.count=1"]);
      const stop = d.stop;
      expect(stop.reason).toBe("failure");
      expect(stop.frame).toMatchObject({
        function: "example.com/calc.TestBig",
        file: join(dir, "calc_test.go"),
        line: markLine(join(dir, "calc_test.go"), "fail"),
      });
      expect(local(stop, "got")).toBe("11");
      expect(local(stop, "want")).toBe("10");
      expect(stop.description).toBe("calc_test.go:15: Add(7, 3) = 11, want 10");
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      expect(end.exitCode).toBe(1);
      expect(end.summary).toBe("FAIL: 1 failed (TestBig)");
    },
    T,
  );

  test(
    "test --max under Delve: a row per stop of a conditional breakpoint with its prints, then t.Errorf's stop (issue 31)",
    async () => {
      const dir = project("go");
      const s = env.session("gowalk");
      const d = await s.ok(["test", "--break", "calc.go:5 if a > 5 print a, b", "--max", "5", "--", "go", "test", "-run", "TestSmall|TestBig", "-count=1"], {
        cwd: dir,
      });
      expect(d.hits.map((h: any) => h.values.map((v: any) => `${v.expression}=${v.value}`).join(" "))).toEqual(["a=7 b=3"]);
      expect(d.stoppedBy).toBe("other");
      expect(d.stop.reason).toBe("failure");
      expect(d.stop.frame).toMatchObject({ function: "example.com/calc.TestBig", line: markLine(join(dir, "calc_test.go"), "fail") });
      expect((await s.ok(["sessions"])).sessions.filter((x: any) => x.name.startsWith("gowalk"))).toEqual([]);
    },
    T,
  );
});

const hasCargo =
  adapterAvailable("lldb-dap", "test/e2e/testCommand.test.ts") &&
  (!!Bun.which("cargo") || missing("cargo is not installed (rustup, or apt-get install cargo)", "test/e2e/testCommand.test.ts"));

const hasGdb = hasCargo && adapterAvailable("gdb", "test/e2e/testCommand.test.ts");

describe.skipIf(!hasCargo)("cargo test", () => {
  test(
    "assert_eq! stops at the test's line (not in core::panicking) with its values and message; continue ends with libtest's verdict",
    async () => {
      const dir = project("rust");
      const s = env.session("cargotest");
      const d = await s.ok(["test", "--", "cargo", "test", "--offline"], { cwd: dir });
      expect(d.runner).toBe("cargo");
      expect(d.program).toContain(join(dir, "target", "debug", "deps", "calc-"));
      expect(d.args).toEqual(["--test-threads=1", "--nocapture"]);
      const stop = d.stop;
      expect(stop.reason).toBe("panic");
      expect(stop.frame).toMatchObject({ function: "calc::tests::big", file: join(dir, "src", "lib.rs"), line: markLine(join(dir, "src", "lib.rs"), "fail") });
      expect(local(stop, "got")).toBe("11");
      expect(local(stop, "expected")).toBe("10");
      expect(stop.description).toContain("add is off");
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      expect(end.exitCode).toBe(101);
      expect(end.summary).toBe("FAILED: 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out");
    },
    T,
  );

  test(
    "test --max under lldb-dap: the rows of the breakpoint's prints, then the panic's stop, and no session left (issue 31)",
    async () => {
      const dir = project("rust");
      const s = env.session("cargowalk");
      const d = await s.ok(["test", "--break", "src/lib.rs:3 print a, b", "--max", "10", "--", "cargo", "test", "--offline"], { cwd: dir });
      // libtest runs `big` first (one thread, by name): it panics at its first add.
      expect(d.hits.map((h: any) => h.values.map((v: any) => `${v.expression}=${v.value}`).join(" "))).toEqual(["a=7 b=3"]);
      expect(d.stoppedBy).toBe("other");
      expect(d.stop.reason).toBe("panic");
      expect(d.stop.frame).toMatchObject({ function: "calc::tests::big", line: markLine(join(dir, "src", "lib.rs"), "fail") });
      expect((await s.ok(["sessions"])).sessions.filter((x: any) => x.name.startsWith("cargowalk"))).toEqual([]);
    },
    T,
  );

  test.skipIf(!hasGdb)(
    "--adapter gdb: the same stop at the assert_eq! line, with the panic's message",
    async () => {
      const dir = project("rust");
      const s = env.session("cargogdb");
      const d = await s.ok(["test", "--adapter", "gdb", "--", "cargo", "test", "--offline", "--lib", "big"], { cwd: dir });
      expect(d.session.adapter).toBe("gdb");
      expect(d.stop.reason).toBe("panic");
      expect(d.stop.frame).toMatchObject({ function: "calc::tests::big", line: markLine(join(dir, "src", "lib.rs"), "fail") });
      expect(local(d.stop, "got")).toBe("11");
      expect(d.stop.description).toContain("add is off");
      const end = (await s.ok(["continue"])).stop;
      expect(end.exitCode).toBe(101);
    },
    T,
  );
});

test("an unknown runner is a usage error naming the runners and start", async () => {
  const r = await env.run(["test", "--", "mocha", "--recursive"]);
  expect(r.exitCode).toBe(2);
  expect(r.json.error.code).toBe("USAGE");
  expect(r.json.error.message).toContain("cargo test");
  expect(r.json.error.hint).toContain("debugger start");
});
