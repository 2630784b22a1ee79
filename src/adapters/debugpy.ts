// debugpy: Python. The adapter is `PYTHON -m debugpy.adapter` over stdio, and the same interpreter
// runs the program. Facts in shared/ADAPTERS.md.
import { realpathSync } from "node:fs";
import { extname, sep } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import type { AdapterSpec, FoundAdapter } from "./types.ts";
import { isExecutable, which } from "./which.ts";

/** What one interpreter told us about itself; `debugpy` is its version, or undefined if it cannot import it. */
export interface Interpreter {
  path: string;
  ok: boolean;
  debugpy?: string;
  /** Directories of the standard library and installed packages (not the user's code). */
  libraryDirs: string[];
  /** Why it cannot be used (it does not run, or cannot import debugpy). */
  problem?: string;
}

// One spawn answers everything: library dirs first (printed even when debugpy is missing), then
// debugpy's version. ~40 ms for /usr/bin/python3, ~170 ms through a pyenv shim.
const PROBE = [
  "import os, sys, sysconfig",
  "p = sysconfig.get_paths()",
  "dirs = [os.path.join(sys.prefix, 'lib'), os.path.join(sys.base_prefix, 'lib'), p['stdlib'], p['platstdlib'], p['purelib'], p['platlib']]",
  "print('\\n'.join('dir:' + d for d in dirs))",
  "import debugpy",
  "print('debugpy:' + debugpy.__version__)",
].join("\n");

// Discovery runs on every `start`: remember each interpreter's answer for the daemon's lifetime.
const probed = new Map<string, Interpreter>();

export function probeInterpreter(path: string): Interpreter {
  const cached = probed.get(path);
  if (cached) return cached;
  let r: { stdout: Buffer; stderr: Buffer; exitCode: number | null };
  try {
    r = Bun.spawnSync([path, "-c", PROBE], { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
  } catch (e) {
    // Not cached: the path may be fixed (a venv created) while the daemon runs.
    return { path, ok: false, libraryDirs: [], problem: `it cannot be run (${(e as Error).message})` };
  }
  const out = r.stdout.toString().split("\n");
  const libraryDirs = out.filter((l) => l.startsWith("dir:")).map((l) => l.slice(4).trim()).filter(Boolean);
  const version = out.find((l) => l.startsWith("debugpy:"))?.slice(8).trim();
  const err = r.stderr.toString().trim().split("\n").pop() ?? "";
  const ok = r.exitCode === 0 && version !== undefined;
  const problem = ok ? undefined : libraryDirs.length ? `it cannot import debugpy (${err || `exit code ${r.exitCode}`})` : `it does not run as Python (${err || `exit code ${r.exitCode}`})`;
  const found: Interpreter = { path, ok, debugpy: version, libraryDirs, problem };
  probed.set(path, found);
  return found;
}

/** Interpreters to try when none is named: the active virtualenv, then every python3 on PATH, then the system one. */
function candidates(): string[] {
  const out: string[] = [];
  const venv = process.env.VIRTUAL_ENV;
  if (venv) out.push(`${venv}/bin/python`);
  const path = (process.env.PATH ?? "").split(":").filter(Boolean);
  for (const dir of path) for (const name of ["python3", "python"]) out.push(`${dir}/${name}`);
  // Debian's python3-debugpy is importable only by /usr/bin/python3 (a pyenv python3 may come first).
  out.push("/usr/bin/python3", "/usr/local/bin/python3");
  if (process.platform === "darwin") out.push("/opt/homebrew/bin/python3");
  return [...new Set(out)].filter(isExecutable);
}

/** `PYTHON -m debugpy.adapter`, or the interpreter of a config.toml command of that shape. */
function interpreterOf(found: FoundAdapter | undefined): string | undefined {
  if (!found) return undefined;
  const c = found.command;
  return c.length >= 3 && c[1] === "-m" && c[2]!.startsWith("debugpy") ? c[0] : undefined;
}

function foundFor(i: Interpreter): FoundAdapter {
  return { path: i.path, command: [i.path, "-m", "debugpy.adapter"], version: i.debugpy, variant: `python ${i.path}` };
}

const INSTALL =
  process.platform === "darwin"
    ? "`pip install debugpy` into that interpreter"
    : "`apt-get install python3-debugpy` (Debian/Ubuntu, for /usr/bin/python3) or `PYTHON -m pip install debugpy`";

export function findInterpreter(options: Record<string, unknown>): FoundAdapter {
  const named = typeof options.python === "string" && options.python ? options.python : process.env.DEBUGGER_PYTHON || undefined;
  if (named) {
    const path = named.includes("/") ? named : which(named);
    if (!path || !isExecutable(path)) {
      throw new DebuggerError("ADAPTER_NOT_FOUND", `Python interpreter '${named}' was not found or is not executable`, "give the path of a python3 that has debugpy with --python PATH (`which -a python3` lists them)");
    }
    const i = probeInterpreter(path);
    if (!i.ok) throw new DebuggerError("ADAPTER_NOT_FOUND", `Python interpreter ${path} cannot be used for debugging: ${i.problem}`, `install debugpy for it (${INSTALL}), or pick another with --python PATH`);
    return foundFor(i);
  }
  const tried: Interpreter[] = [];
  for (const path of candidates()) {
    const i = probeInterpreter(path);
    if (i.ok) return foundFor(i);
    tried.push(i);
  }
  throw new DebuggerError(
    "ADAPTER_NOT_FOUND",
    tried.length
      ? `no Python interpreter here can import debugpy (tried ${tried.map((i) => i.path).join(", ")})`
      : "no Python interpreter (python3) was found on PATH",
    `${INSTALL}; or name an interpreter that has it with --python PATH`,
  );
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

const LIBRARY_PATH = /[\\/](site|dist)-packages[\\/]|^\/usr\/lib\/python3|^\/usr\/lib64\/python3/;

/** Is this file part of Python itself or an installed package, rather than the user's code? */
export function isLibraryFile(file: string, libraryDirs: string[]): boolean {
  const candidates = new Set([file, real(file)]);
  for (const f of candidates) {
    if (LIBRARY_PATH.test(f)) return true;
    for (const dir of libraryDirs) {
      for (const d of new Set([dir, real(dir)])) if (f.startsWith(d.endsWith(sep) ? d : d + sep)) return true;
    }
  }
  return false;
}

function justMyCode(options: Record<string, unknown>, files: string[], found: FoundAdapter | undefined): boolean {
  if (typeof options.justMyCode === "boolean") return options.justMyCode;
  const python = interpreterOf(found);
  const dirs = python ? probeInterpreter(python).libraryDirs : [];
  // A breakpoint in the standard library or a package would never be hit with justMyCode on.
  return !files.some((f) => isLibraryFile(f, dirs));
}

const VARIABLE_PRESENTATION = { special: "hide", function: "group", class: "group", protected: "inline" };

export const debugpy: AdapterSpec = {
  name: "debugpy",
  title: "debugpy: Python",
  transport: { kind: "stdio" },
  installHint: `${INSTALL}; or name an interpreter that has it with --python PATH`,
  discover(o) {
    return findInterpreter(o?.options ?? {});
  },
  handles(program) {
    const ext = extname(program).toLowerCase();
    return ext === ".py" || ext === ".pyw";
  },
  launchArgs(o) {
    const python = interpreterOf(o.found);
    return {
      type: "python",
      request: "launch",
      name: "debugger",
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      env: o.env,
      // Keeps stdout and stderr apart as output categories (a terminal would merge them).
      console: "internalConsole",
      justMyCode: justMyCode(o.options, o.breakpointFiles, o.found),
      stopOnEntry: o.stopOnEntry,
      // Dunder names are noise in a stop report's locals; `print obj.__dict__` still works.
      variablePresentation: VARIABLE_PRESENTATION,
      ...(python ? { python: [python] } : {}),
    };
  },
  attachArgs(o) {
    // Through --connect the port is debugpy's own server in the program (`-m debugpy --listen`).
    // Attach by pid injects through gdb, which does not work on every machine (ADAPTERS.md).
    const args: Record<string, unknown> = { type: "python", request: "attach", name: "debugger", justMyCode: o.options.justMyCode !== false, variablePresentation: VARIABLE_PRESENTATION };
    if (o.pid) args.processId = o.pid;
    const python = interpreterOf(o.found);
    if (python && !o.remote) args.python = [python];
    return args;
  },
  printContext: "watch",
  defaultExceptionFilters: ["uncaught"],
  quirks: {},
};
