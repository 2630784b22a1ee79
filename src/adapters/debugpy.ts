// debugpy: Python. The adapter is `PYTHON -m debugpy.adapter` over stdio, and the same interpreter
// runs the program. Facts in shared/ADAPTERS.md.
import { statSync } from "node:fs";
import { extname, sep } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { withNoDelay } from "./pythonNoDelay.ts";
import { isPythonScript } from "./shebang.ts";
import type { AdapterSpec, FoundAdapter } from "./types.ts";
import { isExecutable, realPath, which } from "./which.ts";
import { signalName } from "../common/signals.ts";

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

export function probeInterpreter(path: string): Interpreter {
  const cached = probes.get(path);
  if (cached && fingerprint(path, cached.searchPath) === cached.fingerprint) return cached.interpreter;
  let r: { stdout: Buffer; stderr: Buffer; exitCode: number | null };
  try {
    r = Bun.spawnSync([path, "-c", PROBE], { stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 10_000, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
  } catch (e) {
    return { path, libraryDirs: [], problem: `it cannot be run (${(e as Error).message})` };
  }
  const lines = r.stdout.toString().split("\n");
  const tagged = (tag: string) => lines.filter((l) => l.startsWith(tag)).map((l) => l.slice(tag.length).trim()).filter(Boolean);
  const libraryDirs = [...new Set(tagged("dir:"))];
  const searchPath = tagged("path:");
  const version = tagged("debugpy:")[0];
  const err = r.stderr.toString().trim().split("\n").pop() || `exit code ${r.exitCode}`;
  const interpreter: Interpreter = { path, libraryDirs };
  if (r.exitCode === 0 && version) interpreter.debugpy = version;
  else interpreter.problem = libraryDirs.length ? `it cannot import debugpy (${err})` : `it does not run as Python 3 (${err})`;
  probes.set(path, { interpreter, searchPath, fingerprint: fingerprint(path, searchPath) });
  return interpreter;
}

/**
 * Interpreters to try when none is chosen: every python3 on PATH in order, then the system one
 * (Debian's python3-debugpy is importable only by /usr/bin/python3, and a pyenv python3 earlier
 * on PATH may lack it).
 */
function candidates(): string[] {
  const out: string[] = [];
  for (const dir of (process.env.PATH ?? "").split(":").filter(Boolean)) out.push(`${dir}/python3`);
  out.push("/usr/bin/python3", "/usr/local/bin/python3");
  if (process.platform === "darwin") out.push("/opt/homebrew/bin/python3");
  const seen = new Set<string>();
  return out.filter((p) => {
    if (!isExecutable(p)) return false;
    // /bin/python3 and /usr/bin/python3 are one file on merged-/usr systems. Shims are scripts, not links.
    const key = realPath(p);
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

function foundFor(i: Interpreter): FoundAdapter {
  // DEBUGGER_PYTHON_NODELAY=0 leaves debugpy's sockets as they are (to measure the difference).
  const pythonPath = process.env.DEBUGGER_PYTHON_NODELAY === "0" ? undefined : withNoDelay(process.env.PYTHONPATH);
  return { path: i.path, command: [i.path, "-c", ADAPTER_BOOT], version: i.debugpy, variant: `python ${i.path}`, ...(pythonPath ? { env: { PYTHONPATH: pythonPath } } : {}) };
}

function installFor(python: string): string {
  if (process.platform === "linux" && realPath(python) === realPath("/usr/bin/python3")) return "`apt-get install python3-debugpy` (Debian/Ubuntu) or `/usr/bin/python3 -m pip install debugpy`";
  return `\`${python} -m pip install debugpy\``;
}

const INSTALL = process.platform === "darwin" ? "`python3 -m pip install debugpy`" : "`apt-get install python3-debugpy` (Debian/Ubuntu, for /usr/bin/python3) or `python3 -m pip install debugpy`";

/** The interpreter the user chose: --python, $DEBUGGER_PYTHON, else (withVenv) the active virtualenv's. */
function chosenInterpreter(options: Record<string, unknown>, withVenv = true): { named: string; path: string | null; why: string } | undefined {
  const fromFlag = typeof options.python === "string" && options.python ? options.python : undefined;
  const named = fromFlag ?? (process.env.DEBUGGER_PYTHON || undefined);
  if (named) {
    const path = named.includes("/") ? (isExecutable(named) ? named : null) : which(named);
    return { named, path, why: fromFlag ? "Python interpreter" : "Python interpreter from $DEBUGGER_PYTHON" };
  }
  const venv = withVenv ? virtualEnvOf(options) : undefined;
  if (!venv) return undefined;
  const path = [`${venv}/bin/python3`, `${venv}/bin/python`].find(isExecutable) ?? null;
  return { named: `${venv}/bin/python3`, path, why: "the active virtualenv's Python" };
}

function virtualEnvOf(options: Record<string, unknown>): string | undefined {
  return (typeof options.virtualEnv === "string" ? options.virtualEnv : process.env.VIRTUAL_ENV) || undefined;
}

/**
 * The interpreter that runs the adapter and the program. A chosen one (--python, $DEBUGGER_PYTHON,
 * an active virtualenv: the program's packages live there) must work, and its problem is the
 * error; otherwise the first python3 that can import debugpy, or null (the session then reports
 * ADAPTER_NOT_FOUND with installHint; doctor and setup take null as "not installed").
 */
export function findInterpreter(options: Record<string, unknown>): FoundAdapter | null {
  const chosen = chosenInterpreter(options);
  if (chosen) {
    if (!chosen.path) {
      throw new DebuggerError("ADAPTER_NOT_FOUND", `${chosen.why} '${chosen.named}' was not found or is not executable`, `give the path of a python3 that has debugpy with --python PATH${alternative(chosen.named)}; \`which -a python3\` lists them`);
    }
    const i = probeInterpreter(chosen.path);
    if (i.problem) {
      throw new DebuggerError("ADAPTER_NOT_FOUND", `${chosen.why} ${chosen.path} cannot be used for debugging: ${i.problem}`, `install debugpy for it: ${installFor(chosen.path)}${alternative(chosen.path)}`);
    }
    return foundFor(i);
  }
  for (const path of candidates()) {
    const i = probeInterpreter(path);
    if (!i.problem) return foundFor(i);
  }
  return null;
}

/** "; or use --python X, which has debugpy N" when some other interpreter here has it (error path only). */
function alternative(not: string): string {
  for (const path of candidates()) {
    if (realPath(path) === realPath(not)) continue;
    const i = probeInterpreter(path);
    if (!i.problem) return `; or use --python ${path}, which has debugpy ${i.debugpy}`;
  }
  return "";
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

function justMyCode(options: Record<string, unknown>, files: string[], found: FoundAdapter | undefined): boolean {
  if (typeof options.justMyCode === "boolean") return options.justMyCode;
  const python = interpreterOf(found);
  const dirs = python ? probeInterpreter(python).libraryDirs : [];
  // With justMyCode on, debugpy refuses breakpoints in the standard library or a package
  // ("Breakpoint in file excluded by filters"), so one there switches it off.
  return !files.some((f) => isLibraryFile(f, dirs));
}

// Dunder names are noise in a stop report's locals; `print obj.__class__` still works.
const VARIABLE_PRESENTATION = { special: "hide", function: "group", class: "group", protected: "inline" };

export const debugpy: AdapterSpec = {
  name: "debugpy",
  sourceExtensions: [".py", ".pyw"],
  title: "debugpy: Python",
  transport: { kind: "stdio" },
  installHint: `no python3 here can import debugpy: ${INSTALL}; or name an interpreter that has it with --python PATH`,
  discover(o) {
    return findInterpreter(o?.options ?? {});
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
    const python = chosenInterpreter(o.options, false)?.path ?? interpreterOf(o.found);
    return {
      type: "python",
      request: "launch",
      name: "debugger",
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      // The program inherits the adapter's PYTHONPATH (with the TCP_NODELAY bootstrap) unless
      // --env names its own: then the bootstrap goes first in that one.
      env: o.env.PYTHONPATH !== undefined && o.found?.env?.PYTHONPATH ? { ...o.env, PYTHONPATH: withNoDelay(o.env.PYTHONPATH) ?? o.env.PYTHONPATH } : o.env,
      // Keeps stdout and stderr apart as output categories (a terminal would merge them).
      console: "internalConsole",
      justMyCode: justMyCode(o.options, o.breakpointFiles, o.found),
      stopOnEntry: o.stopOnEntry,
      variablePresentation: VARIABLE_PRESENTATION,
      // After `finish`, locals show what the call returned as `(return) NAME`, like gdb's "Value returned".
      showReturnValue: true,
      // A forked child (os.fork, multiprocessing) is left undebugged and runs on: with debugpy's
      // subprocess support the child waits for a client to attach a session of its own, which
      // ours never does, so the parent hung waiting for it (issue 24).
      subProcess: false,
      ...(python ? { python: [python] } : {}),
    };
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
    return { type: "python", request: "attach", name: "debugger", justMyCode: o.options.justMyCode !== false, variablePresentation: VARIABLE_PRESENTATION, showReturnValue: true };
  },
  printContext: "watch",
  language: "python",
  valuesAreRepr: true,
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
  quirks: {},
};
