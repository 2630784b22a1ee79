// debugpy without the ~40 ms Nagle stalls: the bootstrap sitecustomize reaches the adapter, the
// launcher and the program, sets TCP_NODELAY, and still runs the user's own sitecustomize. It also
// spares pydevd's import of pkg_resources, wakes stopped threads when a command arrives, and
// ends pydevd's session as soon as the program is over.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2eEnv, CI, runCommand } from "./harness.ts";

const available = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).code === 0;
if (!available) {
  if (CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/pythonNoDelay.test.ts cannot run");
  console.warn("SKIP test/e2e/pythonNoDelay.test.ts: debugpy is not installed");
}

const env = new E2eEnv();
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/**
 * The forced tests' setup: a session writes the bootstrap (into the runtime directory), which the
 * test then loads into a plain interpreter beside Debian's pydevd.
 */
async function bootstrapWritten(name: string, session: string): Promise<{ prog: string; bootstrap: string; pydevdDir: string }> {
  const prog = join(env.dir, `${name}.py`);
  writeFileSync(prog, "x = 1\n");
  await env.session(session).ok(["start", prog, "--python", "/usr/bin/python3"]);
  const bootstrap = join(env.runtimeDir, "python");
  expect(readdirSync(bootstrap)).toContain("sitecustomize.py");
  const pydevdDir = runCommand([
    "/usr/bin/python3",
    "-c",
    "import debugpy, os; print(os.path.join(os.path.dirname(debugpy.__file__), '_vendored', 'pydevd'))",
  ]).out.trim();
  return { prog, bootstrap, pydevdDir };
}

describe.skipIf(!available)("debugpy with TCP_NODELAY", () => {
  test("the program's sockets get TCP_NODELAY and the user's sitecustomize still runs", async () => {
    const dir = join(env.dir, "py");
    const mine = join(dir, "mine");
    mkdirSync(mine, { recursive: true });
    writeFileSync(join(mine, "sitecustomize.py"), "import builtins\nbuiltins.USER_SITECUSTOMIZE = 'ran'\n");
    const prog = join(dir, "prog.py");
    writeFileSync(
      prog,
      [
        "import socket",
        "s = socket.create_server(('127.0.0.1', 0))",
        "c = socket.create_connection(s.getsockname())",
        "x = 1  # stop here",
        "print(x)",
        "",
      ].join("\n"),
    );
    const s = env.session("nodelay");
    const r = await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:4`, "--env", `PYTHONPATH=${mine}`]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { line: 4 } });
    const p = await s.ok(["print", "c.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)", "USER_SITECUSTOMIZE", "socket.socket.connect.__name__"]);
    expect(p.results.map((x) => x.result)).toEqual(["1", "'ran'", "'_connect'"]);
  });

  test("pydevd starts without importing pkg_resources, its plugins still load, and the program imports pkg_resources itself", async () => {
    const prog = join(env.dir, "trim.py");
    writeFileSync(
      prog,
      [
        "import sys, importlib.util",
        "x = 1",
        "has = importlib.util.find_spec('pkg_resources') is not None",
        "if has:",
        "    import pkg_resources",
        "y = 2",
        "",
      ].join("\n"),
    );
    const s = env.session("trim");
    await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:2`, "--break", `${prog}:6`]);
    const before = await s.ok(["print", "'pkg_resources' in sys.modules", "'pydevd_plugins.extensions.types' in sys.modules"]);
    expect(before.results.map((x) => x.result)).toEqual(["False", "True"]);
    const r = await s.ok(["continue"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { line: 6 } });
    const after = await s.ok(["print", "has == ('pkg_resources' in sys.modules)", "not has or sys.modules['pkg_resources'].__name__ == 'pkg_resources'"]);
    expect(after.results.map((x) => x.result)).toEqual(["True", "True"]);
  });

  test("debugpy's start runs no `uname -p`, and the program's platform answers are a plain run's", async () => {
    // debugpy's stderr log banner called platform.platform() at import: `uname -p` in a subprocess,
    // cached in platform._uname_cache before the program's first line.
    const prog = join(env.dir, "plat.py");
    writeFileSync(
      prog,
      ["import platform", "cache = platform._uname_cache", "computed = cache is not None and 'processor' in vars(cache)", "x = 1", ""].join("\n"),
    );
    const plain = runCommand(["/usr/bin/python3", "-c", "import platform; print(repr(platform.processor())); print(repr(platform.platform()))"]);
    expect(plain.exitCode).toBe(0);
    const s = env.session("plat");
    await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:4`]);
    const p = await s.ok(["print", "computed", "platform.processor()", "platform.platform()"]);
    expect(p.results.map((x: any) => x.result)).toEqual(["False", ...plain.out.trim().split("\n")]);
  });

  test("pydevd's PyDev console modules are not imported for the program; its own imports of them are the real ones", async () => {
    const prog = join(env.dir, "console.py");
    writeFileSync(
      prog,
      [
        "import sys",
        "before = [m for m in ('xmlrpc.client', 'xmlrpc.server', 'http.server', 'http.client', 'ssl') if m in sys.modules]",
        "import xmlrpc.client, http.server",
        "real = type(xmlrpc.client) is type(sys) and xmlrpc.client.ServerProxy.__module__ == 'xmlrpc.client' and hasattr(http.server, 'BaseHTTPRequestHandler')",
        "x = 1",
        "",
      ].join("\n"),
    );
    const s = env.session("console");
    await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:5`]);
    const p = await s.ok(["print", "before", "real", "sys.modules['xmlrpc.client'] is xmlrpc.client"]);
    expect(p.results.map((x: any) => x.result)).toEqual(["[]", "True", "True"]);
  });

  test("a library's import, run untraced, gives the program a plain run's tracebacks and warning locations", async () => {
    // The untraced import's wrapper is one more frame under importlib's name: the interpreter drops
    // it from an import's traceback with importlib's own, and warnings' stack levels skip it.
    const dir = join(env.dir, "untraced");
    const userBase = join(dir, "userbase");
    const callerEnv = { ...process.env, PYTHONUSERBASE: userBase };
    const site = Bun.spawnSync(["/usr/bin/python3", "-c", "import site; print(site.getusersitepackages())"], { env: callerEnv }).stdout.toString().trim();
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, "badlib.py"), "def boom():\n    raise ValueError('boom')\n\n\nboom()\n");
    writeFileSync(
      join(site, "warnlib.py"),
      "import sys, warnings\nwarnings.warn('old', DeprecationWarning, stacklevel=2)\nTRACED = sys.gettrace() is not None\n",
    );
    const prog = join(dir, "prog.py");
    writeFileSync(
      prog,
      [
        "import sys, traceback, warnings",
        "try:",
        "    import badlib",
        "except ValueError:",
        "    print(traceback.format_exc())",
        "with warnings.catch_warnings(record=True) as caught:",
        "    warnings.simplefilter('always')",
        "    import warnlib",
        "for w in caught:",
        "    print(w.filename, w.lineno, w.message)",
        "print(warnlib.TRACED, sys.gettrace() is not None)",
        "",
      ].join("\n"),
    );
    const plain = Bun.spawnSync(["/usr/bin/python3", prog], { stdout: "pipe", stderr: "pipe", env: callerEnv, cwd: dir });
    expect(plain.stdout.toString()).toContain(`File "${join(site, "badlib.py")}", line 5, in <module>`);
    expect(plain.stdout.toString()).toContain(`${prog} 8 old`);
    const r = await env.run(["run", prog, "--python", "/usr/bin/python3"], { cwd: dir, env: { PYTHONUSERBASE: userBase } });
    expect(r.json?.ok, r.stdout + r.stderr).toBe(true);
    // Only the tracer's presence differs: none in the library's import, pydevd's in the program.
    expect(r.json.data.stop.output).toBe(plain.stdout.toString().replace("False False\n", "False True\n"));
  });

  test("debugpy's objects are frozen before the program's first line; the program's own cycles are collected at its exit as in a plain run", async () => {
    // The interpreter's exit collected every object debugpy and pydevd made (100-200 ms a run):
    // they go to the collector's permanent generation before the program starts, its own do not.
    const prog = join(env.dir, "exitgc.py");
    writeFileSync(
      prog,
      [
        "import sys",
        "gc_imported = 'gc' in sys.modules",
        "import gc, os",
        "frozen_at_start = gc.get_freeze_count()",
        "class Cycle:",
        "    def __init__(self, name):",
        "        self.me = self",
        "        self.name = name",
        "    def __del__(self):",
        "        os.write(1, ('collected ' + self.name + '\\n').encode())",
        "garbage = Cycle('dropped')",
        "garbage = None",
        "kept = Cycle('kept to the end')",
        "print('the end')",
        "",
      ].join("\n"),
    );
    const plain = Bun.spawnSync(["/usr/bin/python3", prog], { stdout: "pipe", stderr: "pipe" });
    expect(plain.stdout.toString()).toBe("the end\ncollected dropped\ncollected kept to the end\n");
    const r = await env.run(["run", prog, "--python", "/usr/bin/python3"]);
    expect(r.json?.ok, r.stdout + r.stderr).toBe(true);
    expect(r.json.data.stop.output).toBe(plain.stdout.toString());
    const s = env.session("exitgc");
    await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:5`]);
    const p = await s.ok(["print", "frozen_at_start > 0", "gc.isenabled()", "gc_imported"]);
    expect(p.results.map((x: any) => x.result)).toEqual(["True", "True", "False"]);
  });

  test("stopped threads wake on commands: steps, values and continues with two threads stopped", async () => {
    const prog = join(env.dir, "workers.py");
    writeFileSync(
      prog,
      [
        "import threading",
        "results = {}",
        "gate = threading.Barrier(2)",
        "def work(name, n):",
        "    gate.wait()",
        "    total = 0",
        "    for i in range(n):",
        "        total += i",
        "    results[name] = total",
        "threads = [threading.Thread(target=work, args=(f'w{k}', 4 + k)) for k in range(2)]",
        "for t in threads:",
        "    t.start()",
        "for t in threads:",
        "    t.join()",
        "print(sorted(results.items()))",
        "",
      ].join("\n"),
    );
    const s = env.session("workers");
    const first = await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:6`]);
    expect(first.stop).toMatchObject({ reason: "breakpoint", frame: { line: 6 } });
    expect((await s.ok(["print", "type(__import__('sys').modules['pydevd'].time).__name__"])).result).toBe("'Time'");
    // Both workers are stopped at the line (pydevd stops every thread), the step goes to one.
    const threads = (await s.ok(["threads"])).threads;
    expect(threads.filter((t) => t.frame?.line === 6)).toHaveLength(2);
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push((await s.ok(["next"])).stop.frame.line);
    expect(steps).toEqual([7, 8, 7]);
    expect((await s.ok(["print", "total", "i"])).results.map((x) => x.result)).toEqual(["0", "0"]);
    const end = await s.ok(["continue"]);
    expect(end).toMatchObject({ state: "exited", stop: { exitCode: 0 } });
    expect(end.stop.output).toContain("[('w0', 6), ('w1', 10)]");
  });

  test("the exit: pydevd ends its session when the main thread ends, without its threads' 0.5 s timeout; a live thread and all output still count", async () => {
    const prog = join(env.dir, "ends.py");
    // A non-daemon worker outlives the main thread: the program is not over until it is.
    writeFileSync(
      prog,
      [
        "import threading, time",
        "def work():",
        "    time.sleep(0.3)",
        "    print('worker done')",
        "threading.Thread(target=work).start()",
        "print('main done')",
        "",
      ].join("\n"),
    );
    const log = join(env.dir, "pydevd.log");
    const s = env.session("ends");
    const r = await s.ok(["start", prog, "--python", "/usr/bin/python3", "--env", "PYDEVD_DEBUG=1", "--env", `PYDEVD_DEBUG_FILE=${log}`]);
    expect(r.stop).toMatchObject({ reason: "exited", exitCode: 0 });
    expect((await s.ok(["output"])).text).toContain("main done\nworker done\n");
    // pydevd's own log (its file gets the pid): no thread was left to the 0.5 s timeout ("may not
    // have finished correctly" is what pydevd says then). Which of pydevd's threads disposes of the
    // session, and which find it disposed, varies from run to run; the test below forces the
    // orders that waited.
    const files = readdirSync(env.dir).filter((n) => n.startsWith("pydevd.") && n.endsWith(".log"));
    const text = files.map((n) => readFileSync(join(env.dir, n), "utf8")).join("\n");
    expect(text, "pydevd's log").toContain("dispose_and_kill_all_pydevd_threads (first call)");
    expect(text.includes("may not have finished correctly"), "pydevd's log shows its 0.5 s timeout").toBe(false);
  });

  test("the exit races, forced: a pydevd thread does not wait for a wait for it (the main thread's, at exit) nor for a disposal under way", async () => {
    // The order the exit test above meets about 1 run in 10: the main thread (pydevd's atexit)
    // waits first for pydevd's threads to finish; the command thread, disposing of the session,
    // then waits for that wait to end. pydevd alone ends this only at the timeout (2 s here).
    const { bootstrap, pydevdDir } = await bootstrapWritten("one", "race");
    const script = join(env.dir, "race.py");
    writeFileSync(
      script,
      [
        "import sys, time, threading",
        "import pydevd",
        "from _pydevd_bundle.pydevd_daemon_thread import PyDBDaemonThread",
        "db = pydevd.PyDB(set_as_global=False)",
        "main_waits = threading.Event()",
        "class Disposer(PyDBDaemonThread):",
        "    def _on_run(self):",
        "        main_waits.wait()",
        "        time.sleep(0.05)",
        "        self.py_db._PyDB__wait_for_threads_to_finish(2)",
        "t = Disposer(db)",
        "t.start()",
        "started = time.time()",
        "main_waits.set()",
        "db._PyDB__wait_for_threads_to_finish(2)",
        "print('waited', round(time.time() - started, 1), 'alive', t.is_alive())",
        "# A pydevd thread (the reader, seeing the socket close) finds the session disposed while",
        "# the disposing thread waits for it.",
        "db = pydevd.PyDB(set_as_global=False)",
        "db.pydb_disposed = True",
        "db._wait_for_threads_to_finish_called = True",
        "class Reader(PyDBDaemonThread):",
        "    def _on_run(self):",
        "        self.py_db.dispose_and_kill_all_pydevd_threads(timeout=2)",
        "started = time.time()",
        "t = Reader(db)",
        "t.start()",
        "t.join()",
        "print('disposed', round(time.time() - started, 1))",
        "",
      ].join("\n"),
    );
    const run = (path: string) => runCommand(["env", `PYTHONPATH=${path}`, "PYDEVD_DISABLE_FILE_VALIDATION=1", "/usr/bin/python3", script]).out;
    const fixedOut = run(`${bootstrap}:${pydevdDir}`);
    const fixed = fixedOut.match(/waited ([\d.]+) alive (\w+)/);
    expect(fixed, "the script ran").not.toBeNull();
    expect(Number(fixed![1]), "the main thread's wait ended when the command thread did").toBeLessThan(1);
    expect(fixed![2]).toBe("False");
    expect(Number(fixedOut.match(/disposed ([\d.]+)/)![1]), "a pydevd thread finding the session disposed returned at once").toBeLessThan(1);
    // The same script without the bootstrap shows the waits this prevents: so the checks above can fail.
    const plainOut = run(pydevdDir);
    expect(Number(plainOut.match(/waited ([\d.]+)/)![1]), "pydevd alone waits to the timeout").toBeGreaterThanOrEqual(1.9);
    expect(Number(plainOut.match(/disposed ([\d.]+)/)![1]), "pydevd alone waits to the timeout").toBeGreaterThanOrEqual(1.9);
  }, 20_000);

  test("the exit, forced: a kill signal that reaches pydevd's command thread just before it clears its event is not lost (its 0.3 s wait)", async () => {
    const { bootstrap, pydevdDir } = await bootstrapWritten("two", "lost");
    const script = join(env.dir, "lost.py");
    writeFileSync(
      script,
      [
        "import threading",
        "import pydevd",
        "db = pydevd.PyDB(set_as_global=False)",
        "inside = threading.Event()",
        "go_on = threading.Event()",
        "def process_internal_commands():",
        "    inside.set()",
        "    go_on.wait()",
        "db.process_internal_commands = process_internal_commands",
        "t = pydevd.PyDBCommandThread(db)",
        "event = t._py_db_command_thread_event",
        "seen = []",
        "wait = event.wait",
        "def recording_wait(timeout=None):",
        "    seen.append(event.is_set())",
        "    return wait(timeout)",
        "event.wait = recording_wait",
        "event.set()",
        "t.start()",
        "inside.wait()",
        "# The session is disposed of and the thread told to end while it processes commands: its",
        "# next step is to clear the event, then wait on it.",
        "db.pydb_disposed = True",
        "t.do_kill_pydev_thread()",
        "go_on.set()",
        "t.join(5)",
        "print('set at its last wait', seen[-1], 'alive', t.is_alive())",
        "",
      ].join("\n"),
    );
    const run = (path: string) => runCommand(["env", `PYTHONPATH=${path}`, "PYDEVD_DISABLE_FILE_VALIDATION=1", "/usr/bin/python3", script]).out;
    expect(run(`${bootstrap}:${pydevdDir}`)).toContain("set at its last wait True alive False");
    // Without the bootstrap the kill's set() is cleared away and the thread waits out its 0.3 s.
    expect(run(pydevdDir)).toContain("set at its last wait False alive False");
  }, 20_000);

  test("the program's start, forced: pydevd does not sleep 0.1 s after connecting, and a configurationDone landing before its wait's clear is not lost", async () => {
    const { bootstrap, pydevdDir } = await bootstrapWritten("three", "ready");
    const script = join(env.dir, "ready.py");
    writeFileSync(
      script,
      [
        "import os, socket, time",
        "import pydevd",
        "db = pydevd.PyDB(set_as_global=False)",
        "ours, theirs = socket.socketpair()",
        "started = time.time()",
        "db.initialize_network(ours)",
        "print('connected after', round((time.time() - started) * 1000), 'ms', 'threads', db.writer.is_alive(), db.reader.is_alive())",
        "# configurationDone arrives while the main thread processes commands: after its loop's",
        "# test, before it clears the event.",
        "db.ready_to_run = False",
        "def process_internal_commands():",
        "    if not db.ready_to_run:",
        "        db.ready_to_run = True",
        "        db.on_configuration_done()",
        "db.process_internal_commands = process_internal_commands",
        "started = time.time()",
        "db.wait_for_ready_to_run()",
        "print('ran after', round((time.time() - started) * 1000), 'ms')",
        "os._exit(0)",
        "",
      ].join("\n"),
    );
    const run = (path: string) => {
      const out = runCommand(["env", `PYTHONPATH=${path}`, "PYDEVD_DISABLE_FILE_VALIDATION=1", "/usr/bin/python3", script]).out;
      const m = out.match(/connected after (\d+) ms threads (\w+) (\w+)\nran after (\d+) ms/);
      expect(m, `the script ran: ${out}`).not.toBeNull();
      return { connected: Number(m![1]), threads: [m![2], m![3]], ran: Number(m![4]) };
    };
    const fixed = run(`${bootstrap}:${pydevdDir}`);
    expect(fixed.threads, "its reader and writer run when it returns").toEqual(["True", "True"]);
    expect(fixed.connected, "no 0.1 s sleep after connecting").toBeLessThan(100);
    expect(fixed.ran, "the program runs as soon as configurationDone is in").toBeLessThan(100);
    // pydevd alone: both waits, so the checks above can fail.
    const plain = run(pydevdDir);
    expect(plain.connected).toBeGreaterThanOrEqual(100);
    expect(plain.ran).toBeGreaterThanOrEqual(100);
  }, 20_000);

  test("debugpy's environment report is built only for a log that takes it: no sysconfig import for a dropped line; DEBUGPY_LOG_DIR still gets it", async () => {
    const { prog, bootstrap } = await bootstrapWritten("four", "describe");
    const script = join(env.dir, "describe.py");
    writeFileSync(
      script,
      [
        "import sys",
        "from debugpy.common import log",
        "log.describe_environment('Pre-launch environment:')",
        "print('sysconfig imported', 'sysconfig' in sys.modules)",
        "log.stderr.levels |= {'info'}",
        "log.describe_environment('Pre-launch environment:')",
        "print('sysconfig imported', 'sysconfig' in sys.modules)",
        "",
      ].join("\n"),
    );
    const run = (path: string) => {
      const r = Bun.spawnSync(["/usr/bin/python3", script], { env: { ...env.env, PYTHONPATH: path }, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
      return { out: r.stdout.toString(), err: r.stderr.toString() };
    };
    const fixed = run(bootstrap);
    expect(fixed.out).toBe("sysconfig imported False\nsysconfig imported True\n");
    expect(fixed.err, "a log taking info still gets the report").toContain("Pre-launch environment:");
    expect(fixed.err).toContain("sysconfig.get_path('purelib')");
    // Without the bootstrap the first call builds it for nothing (this is what can fail above).
    expect(run(join(env.dir, "none")).out).toBe("sysconfig imported True\nsysconfig imported True\n");
    // A whole run with DEBUGPY_LOG_DIR: debugpy's own log of the program keeps the report.
    const logs = join(env.dir, "debugpy-logs");
    mkdirSync(logs);
    const r = await env.run(["run", prog, "--python", "/usr/bin/python3"], { env: { DEBUGPY_LOG_DIR: logs } });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    const server = readdirSync(logs).filter((n) => n.startsWith("debugpy.server"));
    expect(server.length, readdirSync(logs).join(", ")).toBeGreaterThan(0);
    expect(readFileSync(join(logs, server[0]!), "utf8")).toContain("Pre-launch environment:");
  }, 30_000);

  test("with the caller's PYTHONDONTWRITEBYTECODE the bootstrap is compiled once, by the adapter, and loaded compiled; the program still sees the setting", async () => {
    const own = new E2eEnv();
    try {
      own.env.PYTHONDONTWRITEBYTECODE = "1";
      const prog = join(own.dir, "prog.py");
      writeFileSync(prog, ["import sys", "x = sys.dont_write_bytecode", "print(x)", ""].join("\n"));
      const s = own.session("nobytecode");
      await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:3`]);
      expect((await s.ok(["print", "x", "'PYTHONDONTWRITEBYTECODE' in __import__('os').environ"])).results.map((r) => r.result)).toEqual(["True", "True"]);
      await s.ok(["stop"]);
      const bootstrap = join(own.runtimeDir, "python");
      expect(readdirSync(join(bootstrap, "__pycache__")).some((n) => /^sitecustomize\.cpython-\d+\.pyc$/.test(n))).toBe(true);
      // An interpreter started as the launcher and the program are (the caller's setting on) loads it compiled.
      const verbose = Bun.spawnSync(["/usr/bin/python3", "-v", "-c", "pass"], {
        env: { ...own.env, PYTHONPATH: bootstrap },
        stdout: "pipe",
        stderr: "pipe",
      }).stderr.toString();
      expect(verbose).toMatch(/code object from '[^']*__pycache__\/sitecustomize\.cpython-\d+\.pyc'/);
    } finally {
      await own.close();
    }
  }, 30_000);

  test("DEBUGGER_PYTHON_NODELAY=0 leaves debugpy's sockets alone", async () => {
    const off = new E2eEnv();
    try {
      off.env.DEBUGGER_PYTHON_NODELAY = "0";
      const prog = join(off.dir, "prog.py");
      writeFileSync(prog, ["import socket", "x = 1", "print(x)", ""].join("\n"));
      const s = off.session("plain");
      await s.ok(["start", prog, "--python", "/usr/bin/python3", "--break", `${prog}:2`]);
      expect((await s.ok(["print", "socket.socket.connect.__name__"])).result).toBe("'connect'");
      expect((await s.ok(["print", "type(__import__('sys').modules['pydevd'].time).__name__"])).result).toBe("'module'");
      await s.ok(["stop"]);
    } finally {
      await off.close();
    }
  });
});
