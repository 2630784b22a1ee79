// A test run behind a wrapper (`make test`, `tox -e py`, `poetry run pytest`, a shell script): the
// wrapper runs as it would, with a `sitecustomize` first on PYTHONPATH. Every Python process it
// starts loads it; the first that is a test runner (pytest, `-m unittest`) hands its own command
// line, directory and environment to the daemon, which runs exactly that under debugpy, and waits;
// when the debugged run ends its exit code is that process's, so the wrapper goes on as before.
// The other Python processes (the wrapper itself, later runs) run untouched.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** Set in the wrapper's environment: the handoff directory. */
export const HANDOFF_VAR = "DEBUGGER_TEST_HANDOFF";

// Python 3.10+ (sys.orig_argv). The claim is an O_EXCL file: one process of the run hands off.
// A site's own sitecustomize (Debian's, a venv's) still runs: ours is found first, then it.
const SITECUSTOMIZE = `
import os, sys

def _debugger_handoff():
    d = os.environ.get("${HANDOFF_VAR}")
    argv = getattr(sys, "orig_argv", None)
    if not d or not argv or not os.path.isdir(d):
        return
    args = argv[1:]
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] not in ("-m", "-c"):
        i += 1
    rest = args[i:]
    if rest[:1] == ["-m"]:
        runner = rest[1:2] in (["pytest"], ["py.test"], ["unittest"])
    elif rest:
        runner = os.path.basename(rest[0]) in ("pytest", "py.test", "pytest-3")
    else:
        runner = False
    if not runner:
        return
    try:
        os.close(os.open(os.path.join(d, "claim"), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:
        return
    import json, time
    env = dict(os.environ)
    env.pop("${HANDOFF_VAR}", None)
    req = {"python": sys.executable, "argv": args, "cwd": os.getcwd(), "env": env, "pid": os.getpid()}
    tmp = os.path.join(d, "request.tmp")
    with open(tmp, "w") as f:
        json.dump(req, f)
    os.rename(tmp, os.path.join(d, "request.json"))
    done = os.path.join(d, "exit")
    try:
        with open(os.path.join(d, "owner")) as f:
            owner = int(f.read().strip())
    except (OSError, ValueError):
        owner = 0
    while not os.path.exists(done):
        gone = not os.path.isdir(d)
        if not gone and owner:
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                gone = True
            except OSError:
                pass
        # No daemon to hand back (it ended, or removed the directory): end as a failed run.
        if gone:
            import shutil
            shutil.rmtree(d, ignore_errors=True)
            os._exit(1)
        time.sleep(0.05)
    with open(done) as f:
        code = int(f.read().strip() or "1")
    # The run is handed back: the directory goes (later Python processes run plainly), whether or
    # not the daemon is still there to remove it.
    import shutil
    shutil.rmtree(d, ignore_errors=True)
    sys.stdout.flush()
    os._exit(code)

_debugger_handoff()
del _debugger_handoff

def _debugger_chain():
    import importlib.machinery, importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec and spec.loader:
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)

_debugger_chain()
del _debugger_chain
`;

export interface HandoffRequest {
  python: string;
  /** The interpreter's arguments: flags, then `-m MODULE …` or `SCRIPT …`. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  pid: number;
}

export class Handoff {
  readonly dir: string;
  readonly siteDir: string;

  constructor() {
    this.dir = join(tmpdir(), `debugger-handoff-${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
    this.siteDir = join(this.dir, "site");
    mkdirSync(this.siteDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(this.siteDir, "sitecustomize.py"), SITECUSTOMIZE);
    // The waiting process gives up when the daemon is gone: it would wait for ever.
    writeFileSync(join(this.dir, "owner"), String(process.pid));
  }

  /** The wrapper's environment on top of the caller's. */
  env(base: Record<string, string | undefined>): Record<string, string | undefined> {
    // tox passes only the variables it is told to its test environments (3: TOX_TESTENV_PASSENV; 4: TOX_OVERRIDE).
    const pass = ["PYTHONPATH", HANDOFF_VAR];
    return {
      ...base,
      PYTHONPATH: [this.siteDir, base.PYTHONPATH].filter(Boolean).join(delimiter),
      [HANDOFF_VAR]: this.dir,
      TOX_TESTENV_PASSENV: [base.TOX_TESTENV_PASSENV, ...pass].filter(Boolean).join(" "),
      TOX_OVERRIDE: [base.TOX_OVERRIDE, `testenv.pass_env+=${pass.join(",")}`].filter(Boolean).join("\n"),
    };
  }

  /** The handed-off request, once a test runner asked. */
  request(): HandoffRequest | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dir, "request.json"), "utf8"));
    } catch {
      return undefined;
    }
  }

  /** The debugged run ended: the waiting process exits with its code. */
  finish(code: number): void {
    try {
      writeFileSync(join(this.dir, "exit"), String(code));
    } catch {}
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The handed-off process's environment without the handoff: the debugged run must not hand off again. */
export function debuggedEnv(req: HandoffRequest, siteDir: string): Record<string, string> {
  const env = { ...req.env };
  delete env[HANDOFF_VAR];
  delete env.TOX_TESTENV_PASSENV;
  delete env.TOX_OVERRIDE;
  const kept = (env.PYTHONPATH ?? "").split(delimiter).filter((p) => p && p !== siteDir);
  if (kept.length) env.PYTHONPATH = kept.join(delimiter);
  else delete env.PYTHONPATH;
  return env;
}
