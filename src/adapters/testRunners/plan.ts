// `debugger test -- CMD…`: the command line a user types to run tests, turned into what to launch
// under which adapter. Knows pytest, `python -m …`, Python console scripts (and pyenv shims),
// `go test`, `cargo test`, `ctest` and plain test executables (several targets: a `survey` runs
// them plainly first, survey.ts), and wrappers of a Python test run (make, tox, poetry …, a shell
// script by path: handoff.ts); anything else is a usage error that names them.
import { basename, isAbsolute, resolve } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { isDirectory, isExecutable, isFile } from "../which.ts";
import { buildTests, harnessArguments, matchingTests, parseCargoTest } from "./cargo.ts";
import { parseGoTest } from "./go.ts";
import { readNodeTestArgs, testFilesIn } from "./nodeTest.ts";
import { planJsRunner, planNpmScript, planNpx, type JsPlan } from "./js.ts";
import {
  pythonLaunch,
  pythonOfShebang,
  requireModule,
  resolveInterpreter,
  resolveProgram,
  resolveShim,
  shebang,
  whichIn,
  withoutXdist,
  type CallerEnv,
  type PythonLaunch,
} from "./python.ts";
import type { Runner } from "./summary.ts";
import type { Survey } from "./survey.ts";
import { namesDirectory } from "../../common/hostPath.ts";

export interface TestPlan {
  runner: Runner;
  /** The adapter the runner needs; undefined: chosen from the program as `start` does. */
  adapter?: "debugpy" | "delve" | "node";
  /** What is launched: a script, a package directory, a test executable. */
  program: string;
  args: string[];
  /** Where the runner would run it (a Go package's or a Rust package's directory). */
  cwd: string;
  env: Record<string, string>;
  /** debugpy: the interpreter, a module to run instead of a script, interpreter flags. */
  python?: PythonLaunch & { module?: string; pythonArgs?: string[] };
  /** node --test: node's own options (--test-name-pattern X, --import M …), given to the node that runs the file. */
  nodeArgs?: string[];
  /** Delve's test mode: `go build` flags. */
  goBuildFlags?: string[];
  /** Said beside the reply (another executable also has matching tests, a borrowed debugpy …). */
  notes: string[];
  /** The command as the user typed it. */
  command: string[];
  /** Several targets: run the runner plainly first to find the failing one (survey.ts). */
  survey?: Survey;
  /** Every failing test the plain run found, by name. */
  failures?: string[];
}

export interface PlanContext extends CallerEnv {
  /** --python: the interpreter for Python runners. */
  python?: string;
}

export const KNOWN_RUNNERS =
  "node --test FILE, npx vitest run, npx jest, npm test, npm run SCRIPT (a script that runs one of these), pytest …, python -m pytest|unittest|MODULE …, a Python console script, go test [PKG…] [-run RE], cargo test [FILTER] [-- ARGS], ctest [-R RE], ./test-executable, and wrappers of a Python test run: make, tox, nox, poetry, pipenv, hatch, pdm, uv, a shell script";

/** Commands that start a Python test run rather than being one: followed into it (handoff.ts). */
const WRAPPERS = new Set(["make", "gmake", "tox", "nox", "poetry", "pipenv", "hatch", "pdm", "uv", "uvx", "rye", "just"]);

function unknownRunner(word: string): DebuggerError {
  return new DebuggerError(
    "USAGE",
    `'${word}' is not a test runner debugger test knows (it knows: ${KNOWN_RUNNERS})`,
    "run the program the runner would run with `debugger start PROGRAM [--break LOC] -- ARGS`",
  );
}

export function planTest(command: string[], ctx: PlanContext): TestPlan {
  return { ...planCommand(command, ctx), command };
}

/** A toolchain's driver, on the caller's PATH: its absence is said as such, with where to get it. */
function toolchain(name: "go" | "cargo", ctx: CallerEnv): string {
  const found = whichIn(name, ctx);
  if (found) return found;
  const hint =
    name === "go"
      ? "install Go (https://go.dev/dl, or apt-get install golang-go) and put its bin directory on PATH"
      : "install Rust with rustup (https://rustup.rs) and put ~/.cargo/bin on PATH";
  throw new DebuggerError("PROGRAM_NOT_FOUND", `${name} is not on PATH (${ctx.path || "empty"})`, hint);
}

function planCommand(command: string[], ctx: PlanContext): Omit<TestPlan, "command"> {
  const [head, ...rest] = command;
  if (!head) throw new DebuggerError("USAGE", "test needs the command that runs the tests", "`debugger test -- pytest -x tests/test_calc.py`");
  const name = basename(head);
  if (name === "go") {
    if (rest[0] !== "test") throw new DebuggerError("USAGE", `'go ${rest[0] ?? ""}' is not a test run`, "`debugger test -- go test ./pkg -run TestName`");
    toolchain("go", ctx);
    const g = parseGoTest(rest.slice(1), ctx);
    // Several packages: `go test -json` finds the failing one first (survey.ts).
    const survey: Survey | undefined = g.packageDir ? undefined : { kind: "go", argv: rest.slice(1) };
    return {
      runner: "go",
      adapter: "delve",
      program: g.packageDir ?? ctx.cwd,
      args: g.args,
      cwd: g.packageDir ?? ctx.cwd,
      env: {},
      goBuildFlags: g.buildFlags,
      notes: [],
      survey,
    };
  }
  if (name === "cargo") {
    if (rest[0] !== "test" && rest[0] !== "t")
      throw new DebuggerError("USAGE", `'cargo ${rest[0] ?? ""}' is not a test run`, "`debugger test -- cargo test FILTER`");
    toolchain("cargo", ctx);
    return planCargo(rest.slice(1), ctx);
  }
  if (name === "ctest") return planCtest(head, rest, ctx);
  if (/^(python|pypy)[\d.]*$/.test(name)) return planPythonCommand(head, rest, ctx);
  if (name === "node" || name === "nodejs") return planNodeTest(head, rest, ctx);
  if (name === "npx") return jsPlan(planNpx(rest, ctx, jsInner));
  if (name === "npm") return jsPlan(planNpmScript(rest, ctx, jsInner));
  const js = planJsRunner(head, rest, ctx);
  if (js) return jsPlan(js);
  const found = resolveProgram(head, ctx);
  if (!found) {
    if (/^py\.?test(-?3)?$/.test(head)) {
      const venv = activeVenv(ctx);
      throw new DebuggerError(
        "PROGRAM_NOT_FOUND",
        `${head} is not on PATH${venv ? ` (the virtualenv ${venv} is on it, without pytest)` : ""}`,
        venv
          ? `\`${venv}/bin/python -m pip install pytest\``
          : "install it where the tests run: `VENV/bin/python -m pip install pytest` (then `debugger test -- VENV/bin/python -m pytest`), or `apt-get install python3-pytest`",
      );
    }
    if (!namesDirectory(head)) throw unknownRunner(head);
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `'${head}' does not exist or is not executable (looked in ${ctx.cwd})`,
      "build the tests first, or give the runner's command: `debugger test -- pytest`",
    );
  }
  const line = shebang(found);
  const python = pythonOfShebang(line, ctx);
  // A wrapper (make, tox, poetry run …) or a shell script by path: run as is, its Python test run followed.
  if (WRAPPERS.has(basename(head)) || (head.includes("/") && line && /\b(ba|da|z|k)?sh\b/.test(line))) {
    return { runner: "wrapper", program: found, args: rest, cwd: ctx.cwd, env: {}, notes: [] };
  }
  if (python) {
    const runner: Runner = /^py\.?test(-?3)?$/.test(basename(found)) ? "pytest" : "python";
    return pythonPlan(runner, { script: found }, rest, ctx.python ?? resolvePython(python, ctx), ctx);
  }
  // A plain test executable, given by its path (a name on PATH could be anything: make, npm).
  if (!head.includes("/") || shebang(found)) throw unknownRunner(head);
  return { runner: "program", program: found, args: rest, cwd: ctx.cwd, env: {}, notes: [] };
}

/** The first virtualenv whose bin directory is on PATH (an activated one). */
function activeVenv(ctx: CallerEnv): string | undefined {
  for (const dir of ctx.path.split(":").filter(Boolean)) {
    const root = resolve(ctx.cwd, dir, "..");
    if (basename(dir.replace(/\/+$/, "")) === "bin" && isFile(`${root}/pyvenv.cfg`)) return root;
  }
  return undefined;
}

function resolvePython(python: string, ctx: CallerEnv): string {
  const abs = isAbsolute(python) ? python : resolveInterpreter(python, ctx);
  return resolveShim(abs, ctx) ?? abs;
}

/** `python [FLAGS] -m MODULE ARGS` or `python [FLAGS] SCRIPT ARGS`. */
function planPythonCommand(head: string, rest: string[], ctx: PlanContext): Omit<TestPlan, "command"> {
  const python = ctx.python ?? resolveInterpreter(head, ctx);
  const pythonArgs: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === "-m" || (word.startsWith("-m") && word.length > 2)) {
      const module = word === "-m" ? rest[i + 1] : word.slice(2);
      if (!module) throw new DebuggerError("USAGE", "python -m needs a module", "`debugger test -- python -m pytest`");
      const args = rest.slice(word === "-m" ? i + 2 : i + 1);
      const runner: Runner = module === "pytest" || module === "py.test" ? "pytest" : module === "unittest" ? "unittest" : "python";
      return pythonPlan(runner, { module, pythonArgs }, args, python, ctx);
    }
    if (word === "-c")
      throw new DebuggerError(
        "USAGE",
        "python -c runs code given on the command line: debugger test runs scripts and modules",
        "put the code in a file, or `debugger test -- python -m pytest`",
      );
    if (word === "-W" || word === "-X" || word === "--check-hash-based-pycs") {
      pythonArgs.push(word, rest[++i] ?? "");
      continue;
    }
    if (word.startsWith("-")) {
      pythonArgs.push(word);
      continue;
    }
    const script = resolve(ctx.cwd, word);
    if (!isFile(script)) throw new DebuggerError("PROGRAM_NOT_FOUND", `script '${word}' does not exist (looked in ${ctx.cwd})`, "give the test script's path");
    return pythonPlan(/^py\.?test(-?3)?$/.test(basename(script)) ? "pytest" : "python", { script, pythonArgs }, rest.slice(i + 1), python, ctx);
  }
  throw new DebuggerError(
    "USAGE",
    "python with no script or module runs nothing to test",
    "`debugger test -- python -m pytest` or `debugger test -- python test_x.py`",
  );
}

function pythonPlan(
  runner: Runner,
  what: { script?: string; module?: string; pythonArgs?: string[] },
  args: string[],
  python: string,
  ctx: PlanContext,
): Omit<TestPlan, "command"> {
  if (!isExecutable(python))
    throw new DebuggerError("ADAPTER_NOT_FOUND", `Python interpreter '${python}' was not found or is not executable`, "name one with --python PATH");
  // The runner missing from the interpreter would be a program that exits 1 with a traceback: said first, with where to install it.
  const found = what.module ? requireModule(python, what.module, ctx, runner === "pytest" ? ["xdist"] : []) : undefined;
  const launch = pythonLaunch(python, ctx.env);
  const xdist = runner === "pytest" ? withoutXdist(args, python, ctx, found?.has("xdist")) : { args };
  return {
    runner,
    adapter: "debugpy",
    program: what.script ?? what.module!,
    args: xdist.args,
    cwd: ctx.cwd,
    env: {},
    python: { ...launch, module: what.module, pythonArgs: what.pythonArgs?.length ? what.pythonArgs : undefined },
    notes: [...(launch.note && firstTold(launch.note) ? [launch.note] : []), ...(xdist.note ? [xdist.note] : [])],
  };
}

function planCargo(argv: string[], ctx: PlanContext): Omit<TestPlan, "command"> {
  const t = parseCargoTest(argv);
  const exes = buildTests(t, ctx);
  if (!exes.length)
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      "cargo built no test executable",
      "is this a Rust package with tests? `cargo test --no-run` shows what it builds",
    );
  // The crate's own unit tests first, then binaries', then tests/*.rs, as cargo runs them.
  const order = (k: string) => (k === "lib" ? 0 : k === "bin" ? 1 : 2);
  exes.sort((a, b) => order(a.kind) - order(b.kind));
  const holding = exes.map((exe) => ({ exe, tests: matchingTests(exe, t.filter, t.harnessArgs) })).filter((e) => e.tests.length);
  if (!holding.length) {
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `no test${t.filter !== undefined ? ` matches '${t.filter}'` : ""} in ${exes.map((e) => `${e.kind} ${e.name}`).join(", ")}`,
      "`cargo test -- --list` lists the tests",
    );
  }
  const first = holding[0]!;
  // Several executables hold tests: each runs plainly first, the first failing one is debugged (survey.ts).
  const survey: Survey | undefined =
    holding.length > 1 ? { kind: "cargo", exes: holding, harnessArgs: [...(t.filter !== undefined ? [t.filter] : []), ...t.harnessArgs] } : undefined;
  return {
    runner: "cargo",
    program: first.exe.path,
    args: harnessArguments(t),
    cwd: first.exe.packageDir,
    env: { CARGO_MANIFEST_DIR: first.exe.packageDir },
    notes: [],
    survey,
  };
}

/** ctest runs each test as a process of its own: the test's own command is what runs under the debugger. */
function planCtest(head: string, rest: string[], ctx: PlanContext): Omit<TestPlan, "command"> {
  const ctest = resolveProgram(head, ctx);
  if (!ctest)
    throw new DebuggerError("PROGRAM_NOT_FOUND", "ctest is not on PATH", "install cmake, or run the test executable: `debugger test -- ./build/test_x`");
  const keep = new Set([
    "-R",
    "--tests-regex",
    "-E",
    "--exclude-regex",
    "-L",
    "--label-regex",
    "-LE",
    "--label-exclude",
    "--test-dir",
    "-C",
    "--build-config",
    "-I",
    "--tests-information",
  ]);
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (keep.has(w)) args.push(w, rest[++i] ?? "");
    else if (/^(-R|-E|-L)\S/.test(w) || w.startsWith("--test-dir=")) args.push(w);
  }
  const r = Bun.spawnSync([ctest, "--show-only=json-v1", ...args], { cwd: ctx.cwd, env: ctx.env, stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  let tests: { name: string; command?: string[]; properties?: { name: string; value: unknown }[] }[] = [];
  try {
    tests = JSON.parse(r.stdout.toString()).tests ?? [];
  } catch {
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `ctest --show-only=json-v1 failed: ${r.stderr.toString().trim().split("\n")[0] || `exit code ${r.exitCode}`}`,
      "run it in the build directory (or give --test-dir DIR)",
    );
  }
  const runnable = tests.filter((t) => t.command?.length);
  if (!runnable.length)
    throw new DebuggerError("PROGRAM_NOT_FOUND", "ctest lists no test to run here", "run it in the build directory, or narrow with -R REGEX");
  const cwdOf = (t: (typeof runnable)[number]) => {
    const wd = t.properties?.find((p) => p.name === "WORKING_DIRECTORY")?.value;
    return typeof wd === "string" ? wd : ctx.cwd;
  };
  const first = runnable[0]!;
  const [program, ...progArgs] = first.command!;
  // Several tests: ctest runs them plainly first, the first failing one is debugged (survey.ts).
  const survey: Survey | undefined =
    runnable.length > 1 ? { kind: "ctest", ctest, argv: rest, tests: runnable.map((t) => ({ name: t.name, command: t.command!, cwd: cwdOf(t) })) } : undefined;
  const notes = survey ? [] : [`ctest test '${first.name}' runs \`${first.command!.join(" ")}\``];
  return { runner: "program", program: program!, args: progArgs, cwd: cwdOf(first), env: {}, notes, survey };
}

/** A command an npm script or npx runs: a JavaScript runner, node --test, or what else debugger test knows. */
function jsInner(command: string[], ctx: CallerEnv): JsPlan {
  const [head, ...rest] = command;
  const js = planJsRunner(head!, rest, ctx);
  if (js) return js;
  const p = planCommand(command, ctx);
  if (p.runner !== "node")
    throw new DebuggerError(
      "USAGE",
      `\`${command.join(" ")}\` is not a JavaScript test run debugger test follows from npm or npx`,
      `give the command itself: \`debugger test -- ${command.join(" ")}\``,
    );
  return { runner: p.runner, program: p.program, args: p.args, cwd: p.cwd, env: p.env, notes: p.notes, nodeArgs: p.nodeArgs, survey: p.survey };
}

function jsPlan(p: JsPlan): Omit<TestPlan, "command"> {
  return { ...p, adapter: "node" };
}

/**
 * `node --test FILE|DIR…`: a file runs as the program, its node:test tests in the same process (Node's
 * runner would start each file in a child process, which the debugger does not follow). Several
 * files (a directory's): each runs plainly first, the first failing one is debugged (survey.ts).
 */
function planNodeTest(head: string, rest: string[], ctx: PlanContext): Omit<TestPlan, "command"> {
  if (!rest.includes("--test"))
    throw new DebuggerError(
      "USAGE",
      "`node` without --test is not a test run",
      "`debugger test -- node --test test/x.test.js`, or `debugger start FILE` to run a program",
    );
  const { files: given, nodeArgs, notes } = readNodeTestArgs(rest);
  if (!given.length)
    throw new DebuggerError(
      "USAGE",
      "node --test without a file would search for test files in child processes, which are not followed",
      "name the test file or directory: `debugger test -- node --test test/x.test.js`",
    );
  const files: string[] = [];
  for (const f of given) {
    const path = resolve(ctx.cwd, f);
    if (isFile(path)) files.push(path);
    else if (isDirectory(path)) {
      const found = testFilesIn(path);
      if (!found.length)
        throw new DebuggerError(
          "PROGRAM_NOT_FOUND",
          `no test file in ${f} (node:test's names: *.test.js, *-test.js, *_test.js, test-*.js, test/**/*.js)`,
          "give the test file's path",
        );
      files.push(...found);
    } else throw new DebuggerError("PROGRAM_NOT_FOUND", `test file '${f}' does not exist (looked in ${ctx.cwd})`, "give the test file's path or directory");
  }
  const unique = [...new Set(files)];
  const node = resolveProgram(head, ctx) ?? head;
  const survey: Survey | undefined = unique.length > 1 ? { kind: "node", node, nodeArgs, files: unique } : undefined;
  return { runner: "node", adapter: "node", program: unique[0]!, args: [], cwd: ctx.cwd, env: {}, notes, survey, ...(nodeArgs.length ? { nodeArgs } : {}) };
}

/**
 * Notes said once a daemon: which debugpy an interpreter without one borrows is the same at every
 * run (a blind agent read it on each of its Python `test` calls).
 */
const told = new Set<string>();
function firstTold(note: string): boolean {
  if (told.has(note)) return false;
  told.add(note);
  return true;
}
