// Python programs as the user runs them: a console script on PATH (pytest), a shim in front of it
// (pyenv), `python -m MODULE`, a script with a `#!…python` line. Finds the real script and the
// interpreter that runs it, and how that interpreter gets debugpy when it has none of its own.
import { mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import type { Env } from "../../common/callerEnv.ts";
import { findInterpreter, installFor, interpreterStamp, probeInterpreter } from "../debugpy.ts";
import { pythonOfShebang, shebang, whichIn, type CallerEnv } from "../shebang.ts";

export { pythonOfShebang, shebang, whichIn, type CallerEnv };

/** How debugpy runs a Python program: the interpreter and, when it lacks debugpy, where to borrow it from. */
export interface PythonLaunch {
  python: string;
  /** A directory holding only `debugpy` (a link to another interpreter's), for PYTHONPATH. */
  debugpyPath?: string;
  /** The interpreter whose debugpy that is (it runs the adapter). */
  lender?: string;
  /** What was done, said beside the reply. */
  note?: string;
}

/**
 * A version manager's shim in front of the real program: pyenv's shims are shell scripts that
 * `exec "$PYENV_ROOT/libexec/pyenv" exec NAME`. Asks the manager which file it would run, in the
 * caller's directory (a `.python-version` there chooses the version). Undefined when not a shim.
 */
export function resolveShim(path: string, env: CallerEnv): string | undefined {
  const line = shebang(path);
  if (!line || !/\b(ba|z|da)?sh\b/.test(line)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, "utf8").slice(0, 4096);
  } catch {
    return undefined;
  }
  const m = /exec\s+"?([^"\s]*\/libexec\/pyenv)"?\s+exec\b/.exec(text);
  if (!m) return undefined;
  const r = Bun.spawnSync([m[1]!, "which", basename(path)], {
    cwd: env.cwd,
    env: { ...(env.env ?? process.env), PATH: env.path },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 10_000,
  });
  const real = r.stdout.toString().trim();
  if (r.exitCode !== 0 || !real) {
    const why = r.stderr.toString().trim().split("\n")[0] || `exit code ${r.exitCode}`;
    throw new DebuggerError(
      "PROGRAM_NOT_FOUND",
      `${path} is a pyenv shim and pyenv cannot say what it runs: ${why}`,
      "`pyenv which NAME` in that directory; give the real script's path instead",
    );
  }
  return real;
}

/** A program found on PATH with its shim resolved. */
export function resolveProgram(name: string, env: CallerEnv): string | null {
  const found = whichIn(name, env);
  if (!found) return null;
  return resolveShim(found, env) ?? found;
}

/**
 * The interpreter `python` names as the caller would run it (a shim resolved to the real one).
 * Throws PROGRAM_NOT_FOUND when there is none.
 */
export function resolveInterpreter(name: string, env: CallerEnv): string {
  const found = resolveProgram(name, env);
  if (!found)
    throw new DebuggerError("PROGRAM_NOT_FOUND", `'${name}' is not on PATH`, "give the interpreter's path, e.g. `debugger test -- /usr/bin/python3 -m pytest`");
  return found;
}

/**
 * How debugpy runs a program with `python` (under the caller's environment `env`): as is when it
 * imports debugpy; else with the debugpy another interpreter on the caller's PATH has, when this
 * one can import it (the way VS Code runs any interpreter with the debugpy it bundles); else an
 * error naming its own pip (a virtualenv's: `<venv>/bin/python -m pip`) and --python.
 */
export function pythonLaunch(python: string, env?: Env): PythonLaunch {
  const own = probeInterpreter(python, env);
  if (own.debugpy) return { python };
  if (!own.libraryDirs.length)
    throw new DebuggerError("ADAPTER_NOT_FOUND", `${python} cannot be used: ${own.problem}`, "name a working Python 3 with --python PATH");
  const lender = findInterpreter({}, env, false);
  if (!lender)
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `${python} has no debugpy and no other Python here has one`,
      `${installFor(python)}, or name an interpreter that has it with --python PATH`,
    );
  // Both spawns below import debugpy and pydevd whole (~300 ms each): their answer is kept while
  // neither interpreter nor any directory on their sys.path has changed (interpreterStamp).
  const key = `${python}\0${lender.path}`;
  const stamp = `${interpreterStamp(python, env)}\0${interpreterStamp(lender.path, env)}`;
  const known = lent.get(key);
  if (known?.stamp === stamp) return { ...known.launch, debugpyPath: lendingDir(known.site, known.names) };
  const r = Bun.spawnSync([lender.path, "-c", LENDABLE], {
    cwd: tmpdir(),
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
    env: { ...(env ?? process.env), PYDEVD_DISABLE_FILE_VALIDATION: "1" },
  });
  const [site, ...names] = r.stdout.toString().trim().split("\n");
  if (r.exitCode !== 0 || !site || !names.includes("debugpy"))
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `${python} has no debugpy, and ${lender.path}'s could not be located`,
      `${installFor(python)}, or --python ${lender.path}`,
    );
  const debugpyPath = lendingDir(site, names);
  // The check is the import itself: debugpy 1.6 runs on Python 3.7–3.11, its compiled parts only on their own version.
  // sys.path[0] (the current directory, for -c) goes, so a `debugpy/` folder there is not what loads.
  const check = Bun.spawnSync([python, "-c", "import sys; sys.path.pop(0); import debugpy.server.api"], {
    cwd: tmpdir(),
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
    env: { ...(env ?? process.env), PYTHONPATH: debugpyPath, PYTHONDONTWRITEBYTECODE: "1", PYDEVD_DISABLE_FILE_VALIDATION: "1" },
  });
  if (check.exitCode !== 0) {
    const why = check.stderr.toString().trim().split("\n").pop() || `exit code ${check.exitCode}`;
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `${python} has no debugpy, and the debugpy ${lender.version ?? ""} of ${lender.path} does not load in it (${why})`,
      `${installFor(python)}, or run it with an interpreter that has it: --python ${lender.path}`,
    );
  }
  const launch = {
    python,
    debugpyPath,
    lender: lender.path,
    note: `${python} has no debugpy: it runs with the debugpy ${lender.version ?? ""} of ${lender.path}`,
  };
  if (lent.size > 32) lent.clear();
  lent.set(key, { stamp, site, names, launch });
  return launch;
}

/** pythonLaunch's answers for an interpreter given another's debugpy, by both paths; valid while `stamp` is. */
const lent = new Map<string, { stamp: string; site: string; names: string[]; launch: PythonLaunch }>();

/**
 * The lender's site directory, then the top-level modules debugpy loads from it: debugpy alone
 * where pip installed it (pydevd is vendored inside), debugpy, pydevd's modules and bytecode where
 * a distribution unbundled them (Debian). setuptools' pieces that come along are the target's own.
 */
const LENDABLE = `
import os, sys
sys.path.pop(0)
import debugpy, debugpy.server.api
site = os.path.dirname(os.path.dirname(debugpy.__file__))
out = set()
for m in list(sys.modules.values()):
    f = getattr(m, '__file__', None)
    if f and f.startswith(site + os.sep):
        out.add(os.path.relpath(f, site).split(os.sep)[0])
for n in os.listdir(site):
    if n.startswith(('pydev', '_pydev')) and not n.endswith('-info'):
        out.add(n)
out -= {'pkg_resources', '_distutils_hack', 'setuptools'}
print(site)
print('\\n'.join(sorted(out)))
`;

/**
 * A directory of links to just those modules: on PYTHONPATH it lends debugpy and nothing else
 * (the lender's whole site-packages would shadow the program's own packages).
 */
function lendingDir(site: string, names: string[]): string {
  const dir = join(tmpdir(), `debugger-debugpy-${process.getuid?.() ?? "u"}-${Bun.hash(site + names.join()).toString(36)}`);
  try {
    if (names.every((n) => readlinkSync(join(dir, n)) === join(site, n))) return dir;
  } catch {}
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const n of names) symlinkSync(join(site, n), join(dir, n));
  return dir;
}

/**
 * `python -m MODULE` where the interpreter cannot import MODULE (a virtualenv without pytest): a
 * PROGRAM_NOT_FOUND naming the interpreter, with the install command for where it is missing —
 * the virtualenv's own pip, Debian's package for the system Python, else that interpreter's pip.
 */
/** Whether the interpreter can import MODULE (as the caller's shell would run it). */
export function hasModule(python: string, module: string, env: CallerEnv): boolean {
  const probe = "import importlib.util, sys\nsys.exit(0 if importlib.util.find_spec(sys.argv[1]) else 3)";
  const r = Bun.spawnSync([python, "-c", probe, module], {
    cwd: env.cwd,
    env: { ...(env.env ?? process.env), PATH: env.path },
    stdout: "ignore",
    stderr: "ignore",
    timeout: 15_000,
  });
  return r.exitCode === 0;
}

/**
 * pytest-xdist runs the tests in worker processes (`-n N`, often from `addopts` in pytest.ini):
 * debugpy follows none of them, so no failure stops. `-n 0` (after the user's words: the last
 * wins, addopts come first) keeps every test in the debugged process. `-p no:xdist` cannot: an
 * `addopts = -n 2` is then an unknown option (exit 4).
 */
export function withoutXdist(args: string[], python: string, env: CallerEnv, installed?: boolean): { args: string[]; note?: string } {
  const off = args.some((a, i) => a === "no:xdist" && args[i - 1] === "-p") || args.includes("-pno:xdist");
  if (off || env.env?.PYTEST_DISABLE_PLUGIN_AUTOLOAD || !(installed ?? hasModule(python, "xdist", env))) return { args };
  const end = args.indexOf("--");
  const at = end < 0 ? args.length : end;
  return {
    args: [...args.slice(0, at), "-n", "0", ...args.slice(at)],
    note: "pytest-xdist is installed: the tests run with -n 0 (in the debugged process, not in workers debugpy does not follow)",
  };
}

/**
 * Throws PROGRAM_NOT_FOUND unless the interpreter can import `module`; returns which of `also` it
 * can import too (asked in the same interpreter start: one spawn is 20-60 ms of a test's planning).
 */
export function requireModule(python: string, module: string, env: CallerEnv, also: string[] = []): Set<string> {
  const probe = `
import importlib.util, sys
def found(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False
print(sys.prefix)
print(sys.base_prefix)
for name in sys.argv[2:]:
    if found(name):
        print("found:" + name)
sys.exit(0 if found(sys.argv[1]) else 3)
`;
  const r = Bun.spawnSync([python, "-c", probe, module, ...also], {
    cwd: env.cwd,
    env: { ...(env.env ?? process.env), PATH: env.path },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
  });
  const lines = r.stdout.toString().trim().split("\n");
  if (r.exitCode !== 3) return new Set(lines.filter((l) => l.startsWith("found:")).map((l) => l.slice(6)));
  const [prefix, base] = lines;
  const top = module.split(".")[0]!;
  const dist = top === "py" ? "pytest" : top;
  const inVenv = !!prefix && prefix !== base;
  const where = inVenv ? `the virtualenv ${prefix}` : python;
  const hint = inVenv
    ? `\`${prefix}/bin/python -m pip install ${dist}\``
    : python.startsWith("/usr/bin/")
      ? `\`apt-get install python3-${dist}\` (Debian's), or use a virtualenv: \`python3 -m venv .venv && .venv/bin/python -m pip install ${dist}\``
      : `\`${python} -m pip install ${dist}\``;
  throw new DebuggerError("PROGRAM_NOT_FOUND", `No module named ${top} in ${where} (${python} -m ${module} would exit with code 1)`, hint);
}

/** pytest narrowed to one test: `-k NAME`, or a node id in place of its file where the command names it (both would run the whole file). */
export function pytestOneTest(command: string[], name: string): string[] {
  if (!name.includes("::")) return [...command, "-k", name];
  const file = name.slice(0, name.indexOf("::"));
  const at = command.findIndex((w, i) => i > 0 && (w === file || w.replace(/^\.\//, "") === file.replace(/^\.\//, "")));
  return at < 0 ? [...command, name] : command.map((w, i) => (i === at ? name : w));
}
