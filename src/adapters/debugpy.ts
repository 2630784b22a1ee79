// debugpy: Python. The adapter is `PYTHON -m debugpy.adapter` over stdio, and the same interpreter
// runs the program. Facts in shared/ADAPTERS.md.
import { existsSync, statSync } from "node:fs";
import { delimiter, dirname, extname, join, sep } from "node:path";
import { envChanges, type Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { RESTORE_VARIABLE, withNoDelay } from "./pythonNoDelay.ts";
import { pythonStopOffset } from "./pythonSites.ts";
import { pythonWaits } from "./pythonWaits.ts";
import { isPythonScript, pythonOfShebang, shebang } from "./shebang.ts";
import { type AdapterSpec, type FoundAdapter, type LaunchOptions, numberTruth } from "./types.ts";
import { isExecutable, realPath, which } from "./which.ts";
import { signalName } from "../common/signals.ts";
import { isAbsolutePath, namesDirectory, venvInterpreters } from "../common/hostPath.ts";

/** What one interpreter told us about itself. */
export interface Interpreter {
  path: string;
  /** debugpy's version, when the interpreter can import it. */
  debugpy?: string;
  /** Where the standard library and installed packages live (not the user's code). */
  libraryDirs: string[];
  /** Why it cannot be used (it does not run, or cannot import debugpy). */
  problem?: string;
}

// One spawn answers everything: library dirs and sys.path first (printed even when debugpy is
// missing), then debugpy's version. ~40 ms for /usr/bin/python3, ~170 ms through a pyenv shim.
// sys.path[0] ('' for -c, the current directory) goes first, as for the adapter (ADAPTER_BOOT).
const PROBE = `
import os, sys, sysconfig
sys.path.pop(0)
p = sysconfig.get_paths()
base = getattr(sys, 'base_prefix', sys.prefix)
for d in [os.path.join(sys.prefix, 'lib'), os.path.join(base, 'lib'), p['stdlib'], p['platstdlib'], p['purelib'], p['platlib']]:
    print('dir:' + d)
for d in sys.path:
    if d and os.path.isdir(d):
        print('path:' + d)
import debugpy
print('debugpy:' + debugpy.__version__)
`;

interface Probe {
  interpreter: Interpreter;
  /** sys.path directories: installing debugpy changes one of their mtimes. */
  searchPath: string[];
  fingerprint: string;
}

// Discovery runs on every `start`: each interpreter's answer is kept for the daemon's lifetime,
// until the interpreter or a directory on its sys.path changes (`pip install debugpy`).
const probes = new Map<string, Probe>();

function fingerprint(path: string, dirs: string[]): string {
  return [path, ...dirs]
    .map((p) => {
      try {
        return statSync(p).mtimeMs;
      } catch {
        return "-";
      }
    })
    .join(",");
}

/** Python's answer depends on these of the caller's variables (its sys.path, user site): part of the cache key. */
function pythonVars(env: Env | NodeJS.ProcessEnv): string {
  return JSON.stringify(
    Object.entries(env)
      .filter(([k]) => k.startsWith("PYTHON") || k === "HOME")
      .sort(),
  );
}

/** What the interpreter says of itself under the caller's environment (`env`; default this process's). */
export function probeInterpreter(path: string, env: Env | NodeJS.ProcessEnv = process.env): Interpreter {
  const key = `${path}\0${pythonVars(env)}`;
  const cached = probes.get(key);
  if (cached && fingerprint(path, cached.searchPath) === cached.fingerprint) return cached.interpreter;
  let r: { stdout: Buffer; stderr: Buffer; exitCode: number | null };
  try {
    r = Bun.spawnSync([path, "-c", PROBE], {
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: 10_000,
      env: { ...(env as Env), PYTHONDONTWRITEBYTECODE: "1" },
    });
  } catch (e) {
    return { path, libraryDirs: [], problem: `it cannot be run (${(e as Error).message})` };
  }
  const lines = r.stdout.toString().split("\n");
  const tagged = (tag: string) =>
    lines
      .filter((l) => l.startsWith(tag))
      .map((l) => l.slice(tag.length).trim())
      .filter(Boolean);
  const libraryDirs = [...new Set(tagged("dir:"))];
  const searchPath = tagged("path:");
  const version = tagged("debugpy:")[0];
  const err = r.stderr.toString().trim().split("\n").pop() || `exit code ${r.exitCode}`;
  const interpreter: Interpreter = { path, libraryDirs };
  if (r.exitCode === 0 && version) interpreter.debugpy = version;
  else interpreter.problem = libraryDirs.length ? `it cannot import debugpy (${err})` : `it does not run as Python 3 (${err})`;
  if (probes.size > 64) probes.clear();
  probes.set(key, { interpreter, searchPath, fingerprint: fingerprint(path, searchPath) });
  return interpreter;
}

/**
 * What an answer about this interpreter under the caller's environment depends on: the caller's
 * PYTHON* variables and HOME, and the mtimes of the interpreter and of its sys.path directories
 * (installing or removing a package changes one). Equal stamps, equal answers.
 */
export function interpreterStamp(path: string, env: Env | NodeJS.ProcessEnv = process.env): string {
  probeInterpreter(path, env);
  const probe = probes.get(`${path}\0${pythonVars(env)}`);
  return probe ? `${pythonVars(env)}\0${probe.fingerprint}` : `${Math.random()}`;
}

/**
 * Interpreters to try when none is chosen: every python3 on PATH in order, then the system one
 * (Debian's python3-debugpy is importable only by /usr/bin/python3, and a pyenv python3 earlier
 * on PATH may lack it).
 */
function candidates(env: Env | NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const dir of (env.PATH ?? "").split(":").filter(Boolean)) out.push(`${dir}/python3`);
  out.push("/usr/bin/python3", "/usr/local/bin/python3");
  if (process.platform === "darwin") out.push("/opt/homebrew/bin/python3");
  const seen = new Set<string>();
  return out.filter((p) => {
    if (!isExecutable(p)) return false;
    // /bin/python3 and /usr/bin/python3 are one file on merged-/usr systems. Shims are scripts, not links.
    // A virtualenv's python links to the system's but is another interpreter (its own sys.prefix).
    const key = virtualEnvOfInterpreter(p) ? p : realPath(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs debugpy's adapter without the current directory on sys.path: with `-m`, a `debugpy/`
 * folder in the directory the debugger was started from would be imported instead of the real
 * one (a cloned repository could choose what runs). `-c` puts '' first; it goes, and the rest of
 * sys.path (PYTHONPATH, site-packages) stays. `-P` would do the same but needs Python 3.11, and
 * PYTHONSAFEPATH would reach the program through the environment.
 */
export const ADAPTER_BOOT = "import sys, runpy; sys.path.pop(0); runpy.run_module('debugpy.adapter', run_name='__main__', alter_sys=True)";

/** `PYTHON -m debugpy.adapter` (also from a config.toml command of that shape) or our boot line: PYTHON. */
function interpreterOf(found: FoundAdapter | undefined): string | undefined {
  const c = found?.command ?? [];
  if (c.length === 3 && c[1] === "-c" && c[2] === ADAPTER_BOOT) return c[0];
  return c.length >= 3 && c[1] === "-m" && c[2]!.startsWith("debugpy") ? c[0] : undefined;
}

function foundFor(i: Interpreter, env: Env | NodeJS.ProcessEnv): FoundAdapter {
  // DEBUGGER_PYTHON_NODELAY=0 (the daemon's setting) leaves debugpy's sockets as they are (to measure the difference).
  // The adapter runs with the caller's PYTHONPATH (where it may find debugpy), the bootstrap first.
  const pythonPath = process.env.DEBUGGER_PYTHON_NODELAY === "0" ? undefined : withNoDelay(env.PYTHONPATH);
  return {
    path: i.path,
    command: [i.path, "-c", ADAPTER_BOOT],
    version: i.debugpy,
    variant: `python ${i.path}`,
    ...(pythonPath ? { env: { PYTHONPATH: pythonPath } } : {}),
  };
}

/** The virtualenv an interpreter belongs to (`<venv>/bin/python` beside `<venv>/pyvenv.cfg`), if any. */
export function virtualEnvOfInterpreter(python: string): string | undefined {
  const venv = dirname(dirname(python));
  return existsSync(join(venv, "pyvenv.cfg")) ? venv : undefined;
}

export function installFor(python: string): string {
  // A virtualenv's python links to the system's, but apt cannot install into the virtualenv.
  const venv = virtualEnvOfInterpreter(python);
  if (venv) return `\`${venvInterpreters(venv).at(-1)} -m pip install debugpy\``;
  if (process.platform === "linux" && realPath(python) === realPath("/usr/bin/python3"))
    return "`apt-get install python3-debugpy` (Debian/Ubuntu) or `/usr/bin/python3 -m pip install debugpy`";
  return `\`${python} -m pip install debugpy\``;
}

const INSTALL =
  process.platform === "darwin"
    ? "`python3 -m pip install debugpy`"
    : "`apt-get install python3-debugpy` (Debian/Ubuntu, for /usr/bin/python3) or `python3 -m pip install debugpy`";

/** The interpreter the user chose: --python, $DEBUGGER_PYTHON, else (withVenv) the active virtualenv's (all in the caller's environment). */
function chosenInterpreter(
  options: Record<string, unknown>,
  env: Env | NodeJS.ProcessEnv,
  withVenv = true,
): { named: string; path: string | null; why: string } | undefined {
  const fromFlag = typeof options.python === "string" && options.python ? options.python : undefined;
  const named = fromFlag ?? (env.DEBUGGER_PYTHON || undefined);
  if (named) {
    const path = namesDirectory(named) ? (isExecutable(named) ? named : null) : which(named, env);
    return { named, path, why: fromFlag ? "Python interpreter" : "Python interpreter from $DEBUGGER_PYTHON" };
  }
  const venv = withVenv ? env.VIRTUAL_ENV || undefined : undefined;
  if (!venv) return undefined;
  const path = venvInterpreters(venv).find(isExecutable) ?? null;
  return { named: venvInterpreters(venv)[0]!, path, why: "the active virtualenv's Python" };
}

/**
 * The interpreter that runs the adapter and the program. A chosen one (--python, $DEBUGGER_PYTHON,
 * an active virtualenv: the program's packages live there) must work, and its problem is the
 * error; otherwise the first python3 that can import debugpy, or null (the session then reports
 * ADAPTER_NOT_FOUND with installHint; doctor and setup take null as "not installed").
 */
export function findInterpreter(options: Record<string, unknown>, env: Env | NodeJS.ProcessEnv = process.env, withChosen = true): FoundAdapter | null {
  const chosen = withChosen ? chosenInterpreter(options, env) : undefined;
  if (chosen) {
    if (!chosen.path) {
      throw new DebuggerError(
        "ADAPTER_NOT_FOUND",
        `${chosen.why} '${chosen.named}' was not found or is not executable`,
        `give the path of a python3 that has debugpy with --python PATH${alternative(chosen.named, env)}; \`which -a python3\` lists them`,
      );
    }
    const i = probeInterpreter(chosen.path, env);
    if (i.problem) {
      throw new DebuggerError(
        "ADAPTER_NOT_FOUND",
        `${chosen.why} ${chosen.path} cannot be used for debugging: ${i.problem}`,
        `install debugpy for it: ${installFor(chosen.path)}${alternative(chosen.path, env)}`,
      );
    }
    return foundFor(i, env);
  }
  for (const path of candidates(env)) {
    const i = probeInterpreter(path, env);
    if (!i.problem) return foundFor(i, env);
  }
  return null;
}

/** "; or use --python X, which has debugpy N" when some other interpreter here has it (error path only). */
function alternative(not: string, env: Env | NodeJS.ProcessEnv): string {
  for (const path of candidates(env)) {
    if (path === not || (!virtualEnvOfInterpreter(path) && !virtualEnvOfInterpreter(not) && realPath(path) === realPath(not))) continue;
    const i = probeInterpreter(path, env);
    if (!i.problem) return `; or use --python ${path}, which has debugpy ${i.debugpy}`;
  }
  return "";
}

/**
 * How debugpy runs the program's interpreter (`python` and `debugLauncherPython` of launch). With
 * a stdin file (`--stdin`), `/bin/sh` opens it as fd 0 and execs the interpreter, so the program's
 * stdin is that file itself (seek and size work), as `python3 prog.py < FILE` gives; debugpy's
 * launcher, which has no redirection of its own, still runs under the interpreter itself. The
 * script is constant; the path and the interpreter are its arguments (no quoting, nothing in the
 * program's environment).
 */
export function pythonCommand(python: string, stdin: string | undefined): { python: string[]; debugLauncherPython?: string } {
  if (!stdin) return { python: [python] };
  return { python: ["/bin/sh", "-c", 'f=$1; shift; exec "$@" <"$f"', "debugger-stdin", stdin, python], debugLauncherPython: python };
}

const LIBRARY_PATH = /[\\/](site|dist)-packages[\\/]|^\/usr\/lib(64)?\/python\d/;

/** Is this file part of Python itself or of an installed package, rather than the user's code? */
export function isLibraryFile(file: string, libraryDirs: string[]): boolean {
  const files = new Set([file, realPath(file)]);
  const dirs = new Set(libraryDirs.flatMap((d) => [d, realPath(d)]).map((d) => (d.endsWith(sep) ? d : d + sep)));
  for (const f of files) {
    if (LIBRARY_PATH.test(f)) return true;
    for (const d of dirs) if (f.startsWith(d)) return true;
  }
  return false;
}

function justMyCode(options: Record<string, unknown>, files: string[], found: FoundAdapter | undefined, env: Env): boolean {
  if (typeof options.justMyCode === "boolean") return options.justMyCode;
  const python = interpreterOf(found);
  const dirs = python ? probeInterpreter(python, env).libraryDirs : [];
  // With justMyCode on, debugpy refuses breakpoints in the standard library or a package
  // ("Breakpoint in file excluded by filters"), so one there switches it off.
  return !files.some((f) => isLibraryFile(f, dirs));
}

/** Variables debugpy's launcher sets for the program itself (redirected output). */
const LAUNCHER_SETS = ["PYTHONUNBUFFERED", "PYTHONIOENCODING"];

/**
 * debugpy's `env` for the program: its launcher starts from the adapter's environment, applies
 * `env` (null unsets) and adds LAUNCHER_SETS. So every inherited variable the program must not
 * have is unset, and the TCP_NODELAY bootstrap (when the adapter has it) goes first on PYTHONPATH
 * — `prefix` (a lent debugpy) after it — and, run first in the program, puts back the caller's
 * values of PYTHONPATH, LAUNCHER_SETS and the adapter mark in os.environ (RESTORE_VARIABLE), and
 * drops its directory from sys.path: the program sees the caller's environment.
 */
export function pythonProgramEnv(o: LaunchOptions, prefix?: string): Record<string, string | null> {
  const wanted: Env = { ...o.env };
  const bootstrap = o.found?.env?.PYTHONPATH !== undefined;
  const paths = [prefix, wanted.PYTHONPATH].filter((p): p is string => !!p);
  if (bootstrap) {
    const restore: Record<string, string | null> = Object.fromEntries(["PYTHONPATH", ...LAUNCHER_SETS].map((k) => [k, o.env[k] ?? null]));
    // The adapter's mark is ours (it finds the program's processes), not the caller's: out of os.environ, still in /proc.
    restore.DEBUGGER_ADAPTER_ID = null;
    wanted.PYTHONPATH = withNoDelay(paths.join(delimiter) || undefined) ?? paths.join(delimiter);
    wanted[RESTORE_VARIABLE] = JSON.stringify(restore);
  } else if (paths.length) wanted.PYTHONPATH = paths.join(delimiter);
  return envChanges(wanted, o.inherited ?? []);
}

// Dunder names are noise in a stop report's locals; `print obj.__class__` still works.
const VARIABLE_PRESENTATION = { special: "hide", function: "group", class: "group", protected: "inline" };

const PY_EXTENSIONS = [".py", ".pyw"];

/** A condition's value as Python reads it, from its repr: `False`, `None`, zero, an empty string or container. */
export function pythonTruth(value: string): boolean | undefined {
  const r = value.trim();
  if (/^(?:False|None|b?''|b?""|\[\]|\{\}|\(\)|set\(\))$/.test(r)) return false;
  if (r === "True") return true;
  return numberTruth(r);
}

export const debugpy: AdapterSpec = {
  name: "debugpy",
  sourceExtensions: PY_EXTENSIONS,
  title: "debugpy: Python",
  transport: { kind: "stdio" },
  // In a target (`--via`): its python3 runs the adapter; the program needs no ptrace.
  remote: { names: ["python3"], command: (path) => [path, "-m", "debugpy.adapter"] },
  installHint: `no python3 here can import debugpy: ${INSTALL}; or name an interpreter that has it with --python PATH`,
  discover(o) {
    return findInterpreter(o?.options ?? {}, o?.env);
  },
  install: {
    // Homebrew has no debugpy: pip is its channel there.
    packages: { apt: ["python3-debugpy"], dnf: ["python3-debugpy"], pacman: ["python-debugpy"] },
    fallback: () => ({ argv: [which("python3") ?? "python3", "-m", "pip", "install", "--user", "debugpy"], why: "install debugpy with pip" }),
  },
  handles(program) {
    const ext = extname(program).toLowerCase();
    // A console script (pytest, a package's entry point) is Python by its `#!` line.
    return ext === ".py" || ext === ".pyw" || isPythonScript(program);
  },
  launchArgs(o) {
    // --python wins over a config.toml [adapters.debugpy] command, which wins over the virtualenv
    // (discovery has checked that the one named can import debugpy).
    const python = chosenInterpreter(o.options, o.callerEnv, false)?.path ?? interpreterOf(o.found);
    if (o.stdin && !python)
      throw new DebuggerError(
        "UNSUPPORTED",
        "--stdin: which Python runs the program is not known (a config.toml command that is not `PYTHON -m debugpy.adapter`)",
        "name the interpreter with --python PATH",
      );
    return {
      type: "python",
      request: "launch",
      name: "debugger",
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      env: pythonProgramEnv(o),
      // Keeps stdout and stderr apart as output categories (a terminal would merge them).
      console: "internalConsole",
      justMyCode: justMyCode(o.options, o.breakpointFiles, o.found, o.callerEnv),
      stopOnEntry: o.stopOnEntry,
      variablePresentation: VARIABLE_PRESENTATION,
      // After `finish`, locals show what the call returned as `(return) NAME`, like gdb's "Value returned".
      showReturnValue: true,
      // A forked child (os.fork, multiprocessing) is left undebugged and runs on: with debugpy's
      // subprocess support the child waits for a client to attach a session of its own, which
      // ours never does, so the parent hung waiting for it (issue 24).
      subProcess: false,
      ...(python ? pythonCommand(python, o.stdin) : {}),
    };
  },
  // The program's interpreter starts at launch and waits in pydevd for configurationDone before the
  // script is read: what it read is the interpreter and its package directories (a `pip install`
  // changes one), under the program's PYTHON* variables. A --stdin file is opened at launch: not ahead.
  launchAhead: {
    stamp(o) {
      const python = chosenInterpreter(o.options, o.callerEnv, false)?.path ?? interpreterOf(o.found);
      return python && !o.stdin ? interpreterStamp(python, o.env) : undefined;
    },
  },
  attachArgs(o) {
    // Attach by pid makes debugpy inject itself through gdb, which fails on some CPUs and killed
    // the target when tried (ADAPTERS.md): refuse rather than risk the user's process.
    if (!o.remote) {
      throw new DebuggerError(
        "UNSUPPORTED",
        `debugpy cannot attach to a Python process by pid here${o.pid ? ` (${o.pid})` : ""}: it injects itself through gdb, which can kill the process`,
        "start the program under debugpy instead: `python3 -m debugpy --listen 127.0.0.1:5678 prog.py`, then `debugger attach --connect 127.0.0.1:5678 --adapter debugpy`",
      );
    }
    // Through --connect the port is debugpy's own server inside the program (`-m debugpy --listen`).
    return {
      type: "python",
      request: "attach",
      name: "debugger",
      justMyCode: o.options.justMyCode !== false,
      variablePresentation: VARIABLE_PRESENTATION,
      showReturnValue: true,
    };
  },
  printContext: "watch",
  stopOffset: pythonStopOffset,
  waits: pythonWaits,
  // Unless --python or DEBUGGER_PYTHON names one: the caller's active virtualenv's (its packages
  // are the program's), else for a script without a .py name the one its `#!` line names.
  programInterpreter(program, options, { cwd, env }) {
    if (options.python || env.DEBUGGER_PYTHON) return undefined;
    const venv = env.VIRTUAL_ENV;
    const name = program?.toLowerCase();
    const python = venv
      ? venvInterpreters(venv).find(isExecutable)
      : program && name && !PY_EXTENSIONS.some((e) => name.endsWith(e))
        ? pythonOfShebang(shebang(program), { cwd, path: env.PATH ?? "", env })
        : undefined;
    return python && isAbsolutePath(python) ? python : undefined;
  },
  valuesAreRepr: true,
  noAddressOf: "Python has no `&`: `id(x)` is an object's identity (CPython: its address), `x is y` whether two names hold one object",
  // pydevd cuts each element of a container past 30 characters in its middle (`[datetime.datetime(20...
  // 31, 0, 0)]`: the years gone) in every context but the clipboard's.
  cutByAdapter: (text) => /[^\s.,[({]\.\.\./.test(text),
  conditionTruth: pythonTruth,
  // debugpy's text of a deque leaves out its maxlen (`deque([1, 2, 3])` for maxlen=5): Python's own repr() says it.
  ownText: {
    applies: (v) => v.type === "deque" && /^[A-Za-z_]\w*$/.test(v.name) && !/maxlen=/.test(v.value),
    expression: (name) => `repr(${name})`,
    parse(result) {
      const text = /^'(.*)'$/.exec(result.trim())?.[1];
      return text && /^deque\(/.test(text) ? text.replace(/\\'/g, "'") : undefined;
    },
  },
  // debugpy marks the frame an exception stop is in: "test_big (Current frame)".
  frameName: (name) => name.replace(/ \(Current frame\)$/, ""),
  // Python's exception is the traceback's last line (`NameError: name 'x' is not defined`).
  evaluateError: (message) => (/^Traceback \(most recent call last\):/.test(message) ? message.trim().split("\n").at(-1)!.trim() : undefined),
  // pydevd stops a thread only when it runs Python code: one blocked in a lock, a join or a queue
  // never does (its stacks can still be read while it runs).
  pauseNeedsRunningCode: true,
  // debugpy groups dunder names, functions and classes under rows of its own and adds `len()`
  // rows to containers: they are not the program's variables.
  hideVariable: (name) => name === "special variables" || name === "function variables" || name === "class variables" || name === "len()",
  // debugpy 1.6 offers raised, uncaught and userUnhandled. `raised` stops at every handled
  // exception and `userUnhandled` where a library catches one from user code: too noisy by default.
  defaultExceptionFilters: ["uncaught"],
  // With `uncaught` alone, sys.exit(3) stops as an uncaught SystemExit (only 0 and None are
  // ignored). Scoping the unhandled break mode to Exception subclasses leaves SystemExit out.
  defaultExceptionOptions: [{ path: [{ names: ["Python Exceptions"] }, { names: ["Exception"] }], breakMode: "unhandled" }],
  // debugpy's launcher gives a death by signal N as the status 256 - N (Popen's -N & 0xFF: SIGKILL is
  // 247): told as the signal. A Python program cannot exit with those codes on its own without
  // reading the same (sys.exit(247) is reported as SIGKILL): the launcher passes nothing else.
  exitSignal: (code) => (process.platform !== "win32" && typeof code === "number" && code >= 129 && code <= 255 ? signalName(256 - code) : undefined),
  // debugpy's launcher reads the program's pipes and sends each piece with "\r\n" made "\n".
  quirks: { launcherReadsProgram: true, outputDifferences: ['a "\\r\\n" the program writes arrives as "\\n" (debugpy\'s launcher rewrites it)'] },
};
