// A test run's adapter: the built-in one with the facets a test run changes — how the runner is
// launched (a module, Delve's test mode), where a failure stops (debugpy's userUnhandled filter,
// a breakpoint on Go's testing.(*common).Fail, Rust's panic), which of those stops stand, and the
// runner's verdict at the end. The session code sees one AdapterSpec, as for any other start.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pythonCommand, pythonProgramEnv } from "../debugpy.ts";
import { moduleRoot, programEnv } from "../delve.ts";
import { lldbDap } from "../lldbDap.ts";
import { WORKERS_FIELD } from "../sessionServer.ts";
import type { AdapterSpec, CatchpointDef } from "../types.ts";
import { buildFlagsString } from "./go.ts";
import type { TestPlan } from "./plan.ts";
import type { PythonLaunch } from "./python.ts";
import { expectedPythonException } from "./pythonExpected.ts";
import { summaryFor } from "./summary.ts";

/** debugpy running a module (`-m pytest`), or a script with the interpreter its `#!` line names. */
export function pythonAdapter(base: AdapterSpec, launch: PythonLaunch & { module?: string; pythonArgs?: string[] }): AdapterSpec {
  return {
    ...base,
    launchArgs(o) {
      const args: Record<string, unknown> = { ...base.launchArgs(o), python: [launch.python] };
      // debugpy borrowed from another interpreter goes first on the program's PYTHONPATH.
      if (launch.debugpyPath) args.env = pythonProgramEnv(o, launch.debugpyPath);
      Object.assign(args, pythonCommand(launch.python, o.stdin));
      if (launch.module) {
        delete args.program;
        args.module = launch.module;
      }
      if (launch.pythonArgs) args.pythonArgs = launch.pythonArgs;
      return args;
    },
  };
}

const PYTHON_EXCEPTIONS = { names: ["Python Exceptions"] };

/**
 * A failing test in Python: the exception leaving the test function for the runner's code
 * (debugpy's userUnhandled: raised in the user's code, caught in a library's). Scoped to
 * Exception, so pytest.skip (a BaseException subclass) passes; pytest.fail is named apart, and
 * pytest.xfail's XFailed, a subclass of Failed, is passed as an exception the test expects.
 * An exception the test expects is no failure (expectedException).
 */
function pythonFailures(base: AdapterSpec, plan: TestPlan, stopOnFailure: boolean): Partial<AdapterSpec> {
  const userUnhandled = [{ names: ["Exception"] }, ...(plan.runner === "pytest" ? [{ names: ["_pytest.outcomes.Failed"] }] : [])];
  return {
    defaultExceptionFilters: stopOnFailure ? ["uncaught", "userUnhandled"] : [],
    defaultExceptionOptions: stopOnFailure
      ? [
          { path: [PYTHON_EXCEPTIONS, { names: ["Exception"] }], breakMode: "unhandled" },
          ...userUnhandled.map((n) => ({ path: [PYTHON_EXCEPTIONS, n], breakMode: "userUnhandled" as const })),
        ]
      : [],
    // debugpy stops where the test expects the exception too: `with pytest.raises(E)`, assertRaises,
    // suppress catch it in a library's __exit__ (pythonExpected.ts). Those stops are the test passing.
    // It tells them at the test function's return, also when a step gets there (a step in from it finishes the step).
    ...(stopOnFailure ? { expectedException: expectedPythonException, expectedExceptionStep: "stepIn" as const } : {}),
    // pytest's assertion rewriting adds @py_assert1, @py_format3 …: its own, not the test's.
    hideVariable: (name, type) => name.startsWith("@py_") || !!base.hideVariable?.(name, type),
  };
}

/** Go's testing package: every t.Error*, t.Fatal*, t.Fail* ends in (*common).Fail. */
const GO_FAIL = "testing.(*common).Fail";

function goFailures(base: AdapterSpec, plan: TestPlan, stopOnFailure: boolean): Partial<AdapterSpec> {
  const failure: CatchpointDef = {
    filter: "failure",
    label: "Go test failure",
    description: "t.Error, t.Fatal, t.Fail… (testing.(*common).Fail), shown at the test's line",
    function: GO_FAIL,
    reason: "failure",
    on: stopOnFailure,
    value: "string(c.output)",
    valueIsMessage: true,
  };
  // Under -v the testing package prints a test's log at once (the failure message is then the last
  // line of output); otherwise it keeps it in the test's own buffer until the test ends.
  const chatty = plan.args.some((a) => a === "-test.v" || a === "-test.v=true");
  return {
    launchArgs: (o) => ({
      mode: "test",
      program: plan.program,
      args: o.args,
      cwd: o.cwd,
      env: programEnv(o, true),
      stopOnEntry: o.stopOnEntry,
      output: join(tmpdir(), `debugger-gotest-${process.pid}-${Date.now().toString(36)}`),
      ...(plan.goBuildFlags?.length ? { buildFlags: buildFlagsString(plan.goBuildFlags) } : {}),
    }),
    spawnCwd: () => moduleRoot(plan.program),
    // Delve's test mode builds the test binary itself (from the package's directory).
    prebuild: undefined,
    quirks: { ...base.quirks, buildsWhileLaunching: true },
    catchpoints: (program) => [...(base.catchpoints?.(program) ?? []).map((c) => (c.reason === "panic" ? { ...c, on: stopOnFailure } : c)), failure],
    describeInternalStop: (reason, output) => (reason === "failure" ? (chatty ? lastTestLog(output) : undefined) : base.describeInternalStop?.(reason, output)),
    passStop: goPassStop,
  };
}

/** `    calc_test.go:12: got 11, want 10`: the last line a test logged. */
export function lastTestLog(output: string): string | undefined {
  const all = [...output.matchAll(/^\s+(\S+\.go:\d+: .*)$/gm)];
  return all.at(-1)?.[1];
}

/**
 * Which failure stops are not the test's own: (*common).Fail called again for the parent test
 * (Fail marks every ancestor), and testing's own recovery of a panic — its t.Fail() and its
 * re-panic — after the panic was already shown where it happened.
 */
export function goPassStop(reason: string, frames: readonly { function?: string }[]): boolean {
  const names = frames.map((f) => f.function ?? "");
  if (reason === "failure") {
    if (names[1] === GO_FAIL) return true;
    const firstOther = names.findIndex((n) => !/^testing\.\(\*(common|T|B|F)\)\./.test(n));
    return firstOther < 0 || /^(testing|runtime)\./.test(names[firstOther]!);
  }
  if (reason === "panic" || reason === "exception") {
    const firstOther = names.findIndex((n) => !n.startsWith("runtime."));
    return firstOther >= 0 && names[firstOther]!.startsWith("testing.");
  }
  return false;
}

/**
 * A failing Rust test is a panic: LLDB's adapters stop at std's `rust_panic` already; gdb is
 * given the same catchpoint here (its built-in ones are C++'s throw and catch).
 */
function rustPanics(base: AdapterSpec, program: string | undefined, stopOnFailure: boolean): CatchpointDef[] {
  const own = base.catchpoints?.(program) ?? [];
  const panic: CatchpointDef = {
    filter: "panic",
    label: "Rust panic",
    description: "where a panic starts, before it unwinds (std's rust_panic)",
    function: "rust_panic",
    reason: "panic",
    on: stopOnFailure,
  };
  const all = own.some((c) => c.function === "rust_panic") ? own : [...own, panic];
  return all.map((c) => (c.function === "rust_panic" ? { ...c, on: stopOnFailure } : c));
}

/**
 * node:test: a failing assert throws an AssertionError that the runner catches, so the stop is
 * js-debug's caught-exception filter. Node's internals are not skipped (a throw in a skipped file,
 * node:assert's, never stops; a negated skipFiles pattern did not bring it back); the report
 * shows the first frame in the test's code. An exception thrown and caught wholly inside Node
 * is not the test's: passed.
 */
function nodeFailures(base: AdapterSpec, plan: TestPlan, stopOnFailure: boolean): Partial<AdapterSpec> {
  return {
    launchArgs: (o) => {
      const args = base.launchArgs(o);
      // node's own options (--test-name-pattern X …) go to the node that runs the file, before it.
      const runtimeArgs = [...((args.runtimeArgs as string[] | undefined) ?? []), ...(plan.nodeArgs ?? [])];
      return { ...args, runtimeArgs, skipFiles: [] };
    },
    defaultExceptionFilters: stopOnFailure ? ["all"] : [],
    passStop: (reason, frames) => reason === "exception" && frames.every((f) => !f.file || f.file.startsWith("<node_internals>") || f.file.startsWith("node:")),
  };
}

/**
 * vitest and jest: a failing expect throws an error the runner catches, as node:test's assert
 * does, but from the assertion library in node_modules, and the runners throw and catch errors
 * of their own there too (module resolution, file probes). A caught exception stands when the
 * program's own code (outside node_modules and Node's internals) is on its stack: the test's
 * frame below the expect's; one wholly inside the runner is passed.
 */
function jsRunnerFailures(base: AdapterSpec, plan: TestPlan, stopOnFailure: boolean): Partial<AdapterSpec> {
  const inside = (file: string | undefined) => !file || file.startsWith("<node_internals>") || file.startsWith("node:") || /[\\/]node_modules[\\/]/.test(file);
  // vitest runs the tests in child processes (js.ts): exception stops there only (sessionServer.ts).
  // Their filters are set before their tests run (sessionServer.ts testGate), and an import after
  // that goes through Node's ESM resolver, which tries each bare specifier as a URL: `new URL` in a
  // try, two caught TypeErrors thrown in node:internal/url per import (~240 in the fixture's worker
  // where it has no gate; 0.14 s each judged by the condition). That file is skipped: js-debug
  // resumes a caught error whose top frame is skipped without judging (V8 still pauses: its
  // blackboxing did not keep these away). A test's own `new URL("bad")` therefore does not stop.
  const workers = plan.runner === "vitest" ? { [WORKERS_FIELD]: true } : {};
  const skipFiles = plan.runner === "vitest" ? ["<node_internals>/internal/url"] : [];
  let lastStood: string | undefined;
  return {
    launchArgs: (o) => ({ ...base.launchArgs(o), skipFiles, ...workers }),
    defaultExceptionFilters: stopOnFailure ? ["all"] : [],
    // Judged first in the program (no stop, no round trip): an error whose stack shows a frame of
    // the program's own code; the runners' own caught errors were 0.1 s each as stops.
    defaultExceptionConditions: { all: USER_FRAME_CONDITION },
    passStop: (reason, frames) => {
      if (reason !== "exception") return false;
      if (frames.every((f) => inside(f.file))) return true;
      // Thrown while the program's code loads a module, inside the loader (babel-jest transforming
      // a file it has not cached: @babel/template throws and catches an Error of its own for every
      // template): the loader's, not the test's.
      const first = frames.findIndex((f) => !inside(f.file));
      if (first > 0 && LOADER_FRAME.test(frames[first - 1]!.function ?? "")) return true;
      // jest catches a failed expect's error in its matcher and throws it again: the same test
      // frame below a library frame, at once after the stop that stood.
      const below = frames
        .slice(frames.findIndex((f) => !inside(f.file)))
        .map((f) => `${f.file}:${f.function}`)
        .join("|");
      const again = below === lastStood && inside(frames[0]?.file);
      lastStood = below;
      return again;
    },
    // vitest's module runner names each import `__vite_ssr_import_N__`: its, not the test's.
    hideVariable: (name, type) => name.startsWith("__vite_ssr_") || !!base.hideVariable?.(name, type),
  };
}

/** Function names of module loaders (jest-runtime's, Node's `require`, vitest's module runner). */
const LOADER_NAMES = String.raw`require\w*|_load|_execModule|__vite_ssr_\w*import\w*`;
/** A frame of a module loader, by its function's name. */
const LOADER_FRAME = new RegExp(`(?:^|\\.)(?:${LOADER_NAMES})$`);

/**
 * True (stop) unless `error` has a stack whose every frame is in node_modules or Node's internals
 * (by the frame's location: `Object.<anonymous> (/app/x.test.ts:5:3)` is the program's, `new
 * Promise (<anonymous>)` is not), or whose first frame of the program's own code is loading a
 * module (the frame above it a loader's: see LOADER_FRAME and passStop). An expression over `error`
 * alone: js-debug evaluates it without the program's globals.
 */
const USER_FRAME_CONDITION = String.raw`!error || typeof error.stack !== "string" || ((ls) => { const own = (l) => { const m = /^\s+at (?:(.*?) \((.*)\)|(.*))$/.exec(l); const where = m ? (m[2] ?? m[3]) : ""; return !!m && !/node_modules|^node:|^<anonymous>$|^native$/.test(where); }; const i = ls.findIndex(own); return i >= 0 && !(i > 0 && /^\s+at (?:\S+\.)?(?:${LOADER_NAMES}) /.test(ls[i - 1])); })(error.stack.split("\n").slice(1))`;

/** The adapter a test run uses. */
export function testAdapter(base: AdapterSpec, plan: TestPlan, stopOnFailure: boolean): AdapterSpec {
  let spec: AdapterSpec = base;
  if (plan.python) spec = { ...pythonAdapter(base, plan.python), ...pythonFailures(base, plan, stopOnFailure) };
  else if (plan.runner === "go") spec = { ...base, ...goFailures(base, plan, stopOnFailure) };
  else if (plan.runner === "cargo") {
    // The panic's message, as the panic hook printed it (lldb-dap's reading, for gdb too).
    spec = {
      ...base,
      catchpoints: (program) => rustPanics(base, program, stopOnFailure),
      describeInternalStop: base.describeInternalStop ?? lldbDap.describeInternalStop,
    };
  } else if (plan.runner === "node") spec = { ...base, ...nodeFailures(base, plan, stopOnFailure) };
  else if (plan.runner === "vitest" || plan.runner === "jest") spec = { ...base, ...jsRunnerFailures(base, plan, stopOnFailure) };
  else if (!stopOnFailure) spec = { ...base, catchpoints: (program) => (base.catchpoints?.(program) ?? []).map((c) => ({ ...c, on: false })) };
  const summary = summaryFor(plan.runner);
  // A runner that dies mid-test (os._exit, abort, a kill) prints no verdict: that is said, not left out.
  return summary ? { ...spec, exitSummary: (output) => summary(output) ?? `no verdict: ${plan.runner} ended before printing one` } : spec;
}
