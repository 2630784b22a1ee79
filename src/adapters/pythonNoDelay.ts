// debugpy's processes talk over loopback TCP without TCP_NODELAY (debugpy issue #2054), so every
// small message waits on Nagle's algorithm and delayed ACKs: ~40 ms per request. A sitecustomize
// module on the adapter's PYTHONPATH (which the launcher and the program inherit) sets TCP_NODELAY
// on every TCP socket those interpreters connect or accept, without touching the installed
// package. It then runs the user's own sitecustomize, if there is one further along sys.path.
// Not covered: a program started by the user under `python -m debugpy --listen` (--connect).
//
// The same module speeds pydevd up in two places, each a no-op where pydevd differs:
// - Start-up: pydevd_plugins declares itself a namespace package through pkg_resources when it
//   can, and importing pkg_resources (setuptools) is ~55 ms of the program's ~200 ms pydevd
//   import. For that one import, from those packages only, pkg_resources is reported missing, so
//   pydevd takes its own fallback (pkgutil.extend_path, the path it takes wherever setuptools is
//   not installed, as on Python 3.12+). The program imports pkg_resources as usual.
// - The banner of debugpy's stderr log: debugpy.common.log calls platform.platform() at import,
//   which runs `uname -p` in a subprocess (10–20 ms, in the launcher and again in the program), for
//   a line that log drops unless it logs "info" (DEBUGPY_LOG_STDERR). Answered "" for that import.
//   Its describe_environment (a report of sys.path and sysconfig's paths, also logged at "info")
//   is skipped while no log takes "info": in the program it ran under pydevd's tracing between
//   configurationDone and the program's first line, and the launcher imported sysconfig for it.
// - Its PyDev console's modules: pydevd imports xmlrpc.client, xmlrpc.server and http.server at
//   start (with http.client, email, ssl, decimal: ~30% of its import), used only by PyDev's
//   console and test runner, never under DAP. Stand-ins, never in sys.modules, import them when
//   first used.
// - The exit: the interpreter's last garbage collections went over every object debugpy and
//   pydevd made (100–400 ms after the program's end). Those that exist when configurationDone
//   arrives (the program's thread still held in pydevd) are moved to the collector's permanent
//   generation (gc.freeze); the program's own are collected as in a plain run.
// - The program's start: after connecting, pydevd slept 0.1 s "to let its threads start" (they
//   have: Thread.start returns once they run), so the program began 60-90 ms after
//   configurationDone on a quiet machine. The sleep is skipped; the program still waits for
//   configurationDone, whose wake-up can no longer be lost between its test and its wait.
// - Stops: a stopped thread polls for commands every 10 ms, so a step, and each request the
//   stopped thread serves (variables, evaluate), waited 5 ms on average. Its sleep now ends
//   when a command arrives (locks from _thread taken at start-up, so gevent's patching of the
//   program does not reach them).
// - Exit: after the program's last line pydevd noticed the end only at its next 0.3 s poll, and
//   a second pydevd thread finding the session being disposed (the reader, seeing the adapter
//   close the socket) and the thread disposing of it waited for each other until a 0.5 s
//   timeout: ~0.75 s before the launcher could report the exit. Now the end of the main thread
//   (threading's own atexit hook, run before non-daemon threads are joined) counts as the end of
//   the program and wakes the pollers, and pydevd's own threads do not wait for a disposal
//   already under way, nor for another thread's wait for them to finish.
// - Imports: under justMyCode with no breakpoint set and no step under way, a library module's
//   import runs with the thread's tracer off (every call reached pydevd's tracer, ~0.3-0.8 us
//   each: pytest's and its plugins' imports were most of a small test run); a module of the
//   user's imported meanwhile runs traced.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { runtimeDir } from "../common/paths.ts";

const HEADER = `# Written by debugger: sets TCP_NODELAY on debugpy's loopback connections (~40 ms per message
# otherwise), then runs the sitecustomize this one shadows, if any.
import socket as _socket


def _debugger_nodelay(sock):
    try:
        if sock.family in (_socket.AF_INET, _socket.AF_INET6) and sock.type == _socket.SOCK_STREAM:
            sock.setsockopt(_socket.IPPROTO_TCP, _socket.TCP_NODELAY, 1)
    except Exception:
        pass


_debugger_connect = _socket.socket.connect
_debugger_accept = _socket.socket.accept


def _connect(self, address):
    result = _debugger_connect(self, address)
    _debugger_nodelay(self)
    return result


def _accept(self):
    conn, address = _debugger_accept(self)
    _debugger_nodelay(conn)
    return conn, address


_socket.socket.connect = _connect
_socket.socket.accept = _accept


def _debugger_forked():
    # A forked child (os.fork, a multiprocessing worker) is not debugged: subProcess is off. It
    # would still inherit pydevd's trace function, stop at the parent's breakpoints with no
    # debugger to answer, and hang; so tracing ends in the child and it runs on.
    import sys
    if "pydevd" not in sys.modules:
        return
    try:
        import threading
        threading.settrace(None)
        # pydevd wraps sys.settrace to warn about callers; its module holds the original.
        tracing = sys.modules.get("pydevd_tracing") or sys.modules.get("_pydevd_bundle.pydevd_tracing")
        holder = getattr(tracing, "TracingFunctionHolder", None)
        original = getattr(holder, "_original_tracing", None) or sys.settrace
        original(None)
    except Exception:
        pass


def _debugger_tell_fork(pid):
    # The parent says so on the debugger's console (not as program output), so the stop report
    # tells what happened to the child.
    import sys
    if "pydevd" not in sys.modules:
        return
    try:
        from _pydevd_bundle.pydevd_constants import get_global_debugger
        py_db = get_global_debugger()
        if py_db is not None:
            py_db.writer.add_command(py_db.cmd_factory.make_console_message(
                "forked child process %d runs without the debugger: breakpoints stop only this process\\n" % pid))
    except Exception:
        pass


def _debugger_wrap_fork(fork):
    def fork_noting_child():
        pid = fork()
        if pid > 0:
            _debugger_tell_fork(pid)
        return pid
    fork_noting_child.__wrapped__ = fork
    return fork_noting_child


try:
    import os as _debugger_os
    _debugger_os.register_at_fork(after_in_child=_debugger_forked)
    # os.fork only: multiprocessing looks it up at each call, so its workers are named too.
    _debugger_os.fork = _debugger_wrap_fork(_debugger_os.fork)
except Exception:
    pass
`;

const SPEEDUPS = `

import _thread as _debugger_thread
import time as _debugger_time


class _DebuggerPydevdHooks:
    """Speed-ups for pydevd, each a no-op where pydevd is not what they expect.

    pydevd_plugins declares itself a namespace package through pkg_resources when it can;
    importing pkg_resources is ~55 ms. For that import, from those packages only, it is missing.

    A thread stopped in pydevd polls for commands every 10 ms (time.sleep(0.01) in
    PyDB._do_wait_suspend), and a step it has just taken from its queue waits out one more
    sleep: ~15 ms a step, ~5 ms a request the stopped thread serves. Here the sleep ends as
    soon as a command arrives, and is skipped once the thread has been resumed.
    """

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name == "pkg_resources":
            import sys
            frame = sys._getframe(1)
            while frame is not None:
                if str(frame.f_globals.get("__name__", "")).startswith("pydevd_plugins"):
                    raise ImportError("pkg_resources is not used by pydevd_plugins under debugger", name=name)
                frame = frame.f_back
            return None
        if name == "debugpy.common.log":
            return _debugger_log_spec(name, path)
        if name in _DEBUGGER_CONSOLE_MODULES:
            return _debugger_console_spec(name, path)
        if name != "pydevd":
            return None
        import importlib.machinery
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module):
            run(module)
            try:
                _debugger_wake_pydevd(module)
            except Exception:
                pass
            try:
                _debugger_quick_exit(module)
            except Exception:
                pass

        loader.exec_module = exec_module
        return spec


def _debugger_log_spec(name, path):
    # debugpy.common.log makes its stderr log at import, and that log's banner calls
    # platform.platform(), which runs \`uname -p\` in a subprocess (10-20 ms in the launcher and
    # again in the program) for a line the stderr log drops unless it logs "info". While the module
    # runs, platform.platform() answers "" instead; nothing is cached, so the program's own
    # platform calls compute what they always do.
    import importlib.machinery, os
    if "info" in os.getenv("DEBUGPY_LOG_STDERR", "warning error").split():
        return None
    spec = importlib.machinery.PathFinder.find_spec(name, path)
    loader = getattr(spec, "loader", None)
    if loader is None or not hasattr(loader, "exec_module"):
        return spec
    run = loader.exec_module

    def exec_module(module):
        import platform
        real = platform.platform

        def unnamed_platform(*args, **kwargs):
            return ""

        platform.platform = unnamed_platform
        try:
            run(module)
        finally:
            if platform.platform is unnamed_platform:
                platform.platform = real
        _debugger_quiet_environment(module)

    loader.exec_module = exec_module
    return spec


def _debugger_quiet_environment(log):
    # describe_environment (in the adapter, the launcher, and twice in the program: the second
    # time under pydevd's tracing, between configurationDone and the program's first line) builds
    # a report of sys.path, site and every sysconfig path, which it logs at "info" (importing
    # sysconfig in the launcher for it). With no log that takes "info" (DEBUGPY_LOG_DIR, a
    # debugpy.log_to() of the program's own), it is not built: the text was dropped unwritten.
    describe = getattr(log, "describe_environment", None)
    code = getattr(describe, "__code__", None)
    if code is None or not hasattr(log, "_levels"):
        return
    # Compiled under log.py's name: the program's call runs under pydevd's tracing, which judges a
    # frame by its file, and a frame of this file is the user's (--stop-on-entry stopped in it).
    namespace = {"log": log, "describe": describe}
    exec(compile(
        "def describe_environment(header):\\n"
        "    if 'info' in log._levels:\\n"
        "        return describe(header)\\n",
        code.co_filename, "exec"), namespace)
    quiet = namespace["describe_environment"]
    quiet.__wrapped__ = describe
    log.describe_environment = quiet


# pydevd imports the XML-RPC and HTTP server modules at start for its PyDev console (not used
# under DAP): xmlrpc.client pulls in http.client, email, ssl and decimal, ~30% of the program's
# pydevd import. While these two modules run, those three imports give stand-ins that import the
# real module when pydevd first uses one; the stand-ins never enter sys.modules, so the program's
# own imports are a plain run's.
_DEBUGGER_CONSOLE_MODULES = ("_pydev_bundle._pydev_saved_modules", "_pydev_bundle.pydev_imports")
_DEBUGGER_DEFERRED = ("xmlrpc.client", "xmlrpc.server", "http.server")
_debugger_deferring = []


class _DebuggerDeferredModule(object):
    def __init__(self, name):
        self.__dict__["_debugger_name"] = name

    def _debugger_real(self):
        import importlib
        return importlib.import_module(self.__dict__["_debugger_name"])

    def __getattr__(self, attr):
        # The import system asks for __spec__ (is it initializing?): not the real module's, which
        # would import it, through this very stand-in while it is in sys.modules.
        if attr.startswith("__"):
            raise AttributeError(attr)
        if not _debugger_deferring:
            return getattr(self._debugger_real(), attr)
        # At import, pydevd checks the module has its names and keeps one class
        # (pydev_imports.SimpleXMLRPCServer): a callable that looks it up when called.
        return _DebuggerDeferredName(self, attr)


class _DebuggerDeferredName(object):
    def __init__(self, module, attr):
        self._debugger_module = module
        self._debugger_attr = attr

    def __call__(self, *args, **kwargs):
        return getattr(self._debugger_module._debugger_real(), self._debugger_attr)(*args, **kwargs)


def _debugger_console_spec(name, path):
    import importlib.machinery, sys
    spec = importlib.machinery.PathFinder.find_spec(name, path)
    loader = getattr(spec, "loader", None)
    if loader is None or not hasattr(loader, "exec_module") or any(m in sys.modules for m in _DEBUGGER_DEFERRED):
        return spec
    run = loader.exec_module

    def exec_module(module):
        placed = {}
        for deferred in _DEBUGGER_DEFERRED:
            if deferred not in sys.modules:
                placed[deferred] = sys.modules[deferred] = _DebuggerDeferredModule(deferred)
        _debugger_deferring.append(name)
        try:
            run(module)
        finally:
            _debugger_deferring.remove(name)
            for deferred, stand_in in placed.items():
                if sys.modules.get(deferred) is stand_in:
                    del sys.modules[deferred]

    loader.exec_module = exec_module
    return spec


def _debugger_freeze_at_configuration_done(contents):
    # The interpreter's exit ran its garbage collector over every object debugpy and pydevd had
    # made (~250 modules' worth): 100-400 ms between the program's end and the process's, on
    # every run. When configurationDone arrives, the program's thread is still held in pydevd's
    # settrace (it runs the program once this command is done): every object that exists then
    # goes to the collector's permanent generation (gc.freeze). The program's own objects are
    # made later and are collected as in a plain run, at its exit too. Not from a wrapper on the
    # program's thread: a frame of ours under the program's would be traced (stop-on-entry
    # stopped in it).
    if isinstance(contents, bytes):
        contents = contents.decode("utf-8", "replace")
    if not isinstance(contents, str) or '"configurationDone"' not in contents:
        return False
    import json, sys
    try:
        if json.loads(contents).get("command") != "configurationDone":
            return False
    except Exception:
        return False
    # gc is built in; the program's sys.modules has it only if something imports it.
    imported = "gc" in sys.modules
    import gc
    if not imported:
        sys.modules.pop("gc", None)
    if hasattr(gc, "freeze"):
        gc.freeze()
    return True


def _debugger_wake_pydevd(pydevd):
    from _pydevd_bundle import pydevd_process_net_command_json as net_json
    processor = net_json.PyDevJsonCommandProcessor
    process = processor.process_net_command_json
    post = pydevd.PyDB.post_internal_command
    suspended = pydevd.STATE_SUSPEND
    if getattr(pydevd, "time", None) is not _debugger_time:
        return
    import sys
    waiting = {}
    allocate = _debugger_thread.allocate_lock

    def wake():
        try:
            locks = tuple(waiting.values())
        except RuntimeError:
            return
        for lock in locks:
            try:
                lock.release()
            except RuntimeError:
                pass

    class Time(object):
        def __getattr__(self, name):
            return getattr(_debugger_time, name)

        @staticmethod
        def sleep(seconds):
            if seconds != 0.01:
                if seconds == 0.1 and sys._getframe(1).f_code.co_name == "initialize_network":
                    # "give threads time to start": Thread.start() has returned only once each
                    # thread runs, and the program waits for configurationDone after this
                    # (wait_for_ready_to_run). The sleep held its start 60-90 ms past
                    # configurationDone whenever the client configured within 0.1 s.
                    return None
                return _debugger_time.sleep(seconds)
            caller = sys._getframe(1)
            if caller.f_code.co_name == "_do_wait_suspend":
                # The command just processed (a step, a continue) resumed the thread: no wait.
                info = caller.f_locals.get("info")
                if info is not None and getattr(info, "pydev_state", suspended) != suspended:
                    return None
            lock = allocate()
            lock.acquire()
            waiting[id(lock)] = lock
            try:
                lock.acquire(True, seconds)
            finally:
                waiting.pop(id(lock), None)

    frozen = []

    def process_net_command_json(self, *args, **kwargs):
        if not frozen and len(args) >= 2:
            try:
                if _debugger_freeze_at_configuration_done(args[1]):
                    frozen.append(True)
            except Exception:
                pass
        try:
            return process(self, *args, **kwargs)
        finally:
            wake()

    def post_internal_command(self, *args, **kwargs):
        try:
            return post(self, *args, **kwargs)
        finally:
            wake()

    processor.process_net_command_json = process_net_command_json
    pydevd.PyDB.post_internal_command = post_internal_command
    pydevd.time = Time()

    ready_wait = getattr(pydevd.PyDB, "wait_for_ready_to_run", None)
    if ready_wait is None:
        return

    def wait_for_ready_to_run(self):
        event = getattr(self, "_py_db_command_thread_event", None)
        if event is None:
            return ready_wait(self)
        while not self.ready_to_run:
            self.process_internal_commands()
            event.clear()
            # configurationDone sets ready_to_run, then the event: one set between the loop's
            # test and this clear was lost, and the program waited out the 0.1 s.
            if self.ready_to_run:
                break
            event.wait(0.1)

    pydevd.PyDB.wait_for_ready_to_run = wait_for_ready_to_run


def _debugger_quick_exit(pydevd):
    import threading
    from _pydevd_bundle.pydevd_daemon_thread import PyDBDaemonThread
    dispose = getattr(pydevd.PyDB, "dispose_and_kill_all_pydevd_threads", None)
    register = getattr(threading, "_register_atexit", None)
    if dispose is None:
        return

    def dispose_and_kill_all_pydevd_threads(self, wait=True, timeout=.5):
        # One of pydevd's own threads finding the session disposed already returns at once: the
        # thread disposing of it is waiting for exactly that thread to finish.
        if wait and getattr(self, "pydb_disposed", False) and isinstance(threading.current_thread(), PyDBDaemonThread):
            wait = False
        return dispose(self, wait, timeout)

    pydevd.PyDB.dispose_and_kill_all_pydevd_threads = dispose_and_kill_all_pydevd_threads
    wait_for_threads = getattr(pydevd.PyDB, "_PyDB__wait_for_threads_to_finish", None)
    if wait_for_threads is not None:

        def wait_for_threads_to_finish(self, timeout):
            # pydevd's second waiter waits for the first waiter's event, and the first waiter waits
            # for every pydevd thread but itself. So one of pydevd's own threads (the command
            # thread disposing once the program is over) that comes second while the main thread
            # (at exit) waits first would wait for a thread that waits for it: the 0.5 s timeout.
            # Such a thread waits only as the first waiter; the flag is checked and set under
            # pydevd's lock, so no such pair can form.
            # Any other caller (pydevd's CheckAliveThread at the program's end) waits as pydevd's
            # own does, but joins the threads instead of polling every 100 ms (a 10 ms poll still
            # cost ~5 ms of the program's end): they end within milliseconds of being told to.
            current = threading.current_thread()
            lock = getattr(self, "_wait_for_threads_to_finish_called_lock", None)
            event = getattr(self, "_wait_for_threads_to_finish_called_event", None)
            threads = getattr(self, "created_pydb_daemon_threads", None)
            check_alive = getattr(self, "check_alive_thread", None)
            if lock is None or event is None or threads is None:
                return wait_for_threads(self, timeout)
            own = isinstance(current, PyDBDaemonThread) and current is not check_alive
            with lock:
                called = getattr(self, "_wait_for_threads_to_finish_called", False)
                self._wait_for_threads_to_finish_called = True
            if called:
                if not own:
                    event.wait(timeout)
                return None
            try:
                ends = _debugger_time.time() + timeout
                while True:
                    try:
                        left = set(threads) - {check_alive, current}
                    except RuntimeError:  # a thread left the dict while it was read
                        continue
                    if not left or _debugger_time.time() >= ends:
                        break
                    # Each put itself in the dict as it ran, so it has started: join returns as it ends.
                    for thread in left:
                        thread.join(max(0.0, ends - _debugger_time.time()))
                    try:
                        # Ended yet still listed (not pydevd's way; no spin until the timeout if it happens).
                        stuck = not any(thread.is_alive() for thread in left) and bool(left & set(threads))
                    except RuntimeError:
                        stuck = False
                    if stuck:
                        _debugger_time.sleep(0.001)
            finally:
                event.set()
            return None

        pydevd.PyDB._PyDB__wait_for_threads_to_finish = wait_for_threads_to_finish
    has_alive = getattr(pydevd.PyDB, "has_user_threads_alive", None)
    if register is None or has_alive is None:
        return
    from _pydevd_bundle import pydevd_utils
    from _pydev_bundle.pydev_is_thread_alive import is_thread_alive
    main = threading.main_thread()
    ended = []

    def has_user_threads_alive(self):
        if not ended:
            return has_alive(self)
        # The main thread is in the interpreter's shutdown: its program is over.
        for t in pydevd_utils.get_non_pydevd_threads():
            if t is not main and is_thread_alive(t) and (not t.daemon or hasattr(t, "__pydevd_main_thread")):
                return True
        return False

    pydevd.PyDB.has_user_threads_alive = has_user_threads_alive

    # pydevd's command thread clears its event, then waits 0.3 s on it: a kill signal (which sets
    # it) landing just before the clear was lost, and the program's end waited the 0.3 s. Once
    # the session is being disposed of, the event stays set.
    command_thread = getattr(pydevd, "PyDBCommandThread", None)
    command_init = getattr(command_thread, "__init__", None)
    if command_thread is not None and command_init is not None:

        class _DebuggerCommandEvent(threading.Event):
            def clear(self):
                if not getattr(getattr(self, "_debugger_db", None), "pydb_disposed", False):
                    threading.Event.clear(self)

        def command_thread_init(self, py_db, *args, **kwargs):
            command_init(self, py_db, *args, **kwargs)
            event = getattr(self, "_py_db_command_thread_event", None)
            if type(event) is threading.Event:
                event._debugger_db = py_db
                event.__class__ = _DebuggerCommandEvent

        command_thread.__init__ = command_thread_init

    def main_thread_ended():
        try:
            if threading.current_thread() is not main:
                return
            ended.append(True)
            py_db = pydevd.get_global_debugger()
            if py_db is None:
                return
            event = getattr(py_db, "_py_db_command_thread_event", None)
            if event is not None:
                event.set()
            alive = getattr(getattr(py_db, "check_alive_thread", None), "_wait_event", None)
            if alive is not None:
                alive.set()
        except Exception:
            pass

    try:
        register(main_thread_ended)
    except Exception:
        pass


__import__("sys").meta_path.insert(0, _DebuggerPydevdHooks)


# A library module's import, run untraced. Under settrace every Python call reaches pydevd's
# tracer (~0.3-0.8 us each, more than most calls themselves), though with justMyCode it traces no
# line of a library: pytest's import, its plugins' (hypothesis: 1M calls) and the standard
# library's are most of a small test run. While such a module executes, on this thread only, the
# tracer is off when nothing could want it there: justMyCode (pydevd's library filter, no
# exclusion rules), no line, function or plugin breakpoint, the thread not stepping. A module of
# the user's imported meanwhile (judged by pydevd's own project roots) runs traced, and its own
# library imports untraced again. User code can still run inside a library's import without an
# import of its own (a __del__ the collector runs, a signal handler, a callback a library calls):
# its exceptions then do not stop (there is no breakpoint, by the conditions above). The wrapper's
# code carries importlib's file name: pydevd skips it as library code, the interpreter drops it
# from tracebacks with importlib's frames, and warnings' stack levels skip it as theirs.
def _debugger_untraced_load_unlocked(spec):
    me = _ident()
    held = _held.get(me)
    if held is not None:
        if _gettrace() is not None or _library(spec) is True:
            return _real(spec)
        del _held[me]
        _settrace(held)
        try:
            return _real(spec)
        finally:
            _held[me] = held
            if _gettrace() is held:
                _settrace(None)
    tracer = _gettrace()
    if tracer is None or _library(spec) is not True or not _quiet():
        return _real(spec)
    _settrace(None)
    _held[me] = tracer
    try:
        return _real(spec)
    finally:
        del _held[me]
        if _gettrace() is None:
            _settrace(tracer)


def _debugger_untraced_debugger():
    pydevd = _modules.get("pydevd")
    return pydevd.get_global_debugger() if pydevd is not None else None


def _debugger_untraced_library(spec):
    # True: pydevd would count the module's code and its loader's as library code.
    origin = getattr(spec, "origin", None)
    if not isinstance(origin, str):
        return None
    if not _isabs(origin):
        # "built-in", "frozen": pydevd counts a "<...>" file name as library code.
        origin = "<frozen " + str(spec.name) + ">"
    loader = type(getattr(spec, "loader", None))
    key = (origin, loader)
    try:
        return _judged[key]
    except KeyError:
        pass
    db = _debugger()
    if db is None:
        return None
    try:
        files = [origin]
        module = _modules.get(getattr(loader, "__module__", None))
        loader_file = getattr(module, "__file__", None)
        if loader_file is not None:
            files.append(loader_file)
        elif module is None:
            return None
        answer = not any(db.in_project_roots_filename_uncached(f) for f in files)
    except Exception:
        return None
    _judged[key] = answer
    return answer


def _debugger_untraced_quiet():
    db = _debugger()
    if db is None:
        return False
    try:
        if not db._is_libraries_filter_enabled or db._exclude_filters_enabled:
            return False
        if db.breakpoints or db.function_breakpoint_name_to_breakpoint or db.has_plugin_line_breaks or db.has_plugin_exception_breaks:
            return False
        info = getattr(_modules["threading"].current_thread(), "additional_info", None)
        return info is None or info.pydev_step_cmd == -1
    except Exception:
        return False


def _debugger_untraced_imports():
    import os, sys
    # The program only (the launcher has no debugger to trace it).
    if "DEBUGGER_PYTHON_RESTORE" not in os.environ:
        return
    try:
        import _frozen_importlib as bootstrap
    except ImportError:
        return
    real = getattr(bootstrap, "_load_unlocked", None)
    if getattr(real, "__code__", None) is None:
        return
    namespace = {
        "__name__": bootstrap.__name__, "_real": real, "_modules": sys.modules, "_held": {}, "_judged": {},
        "_gettrace": sys.gettrace, "_settrace": sys.settrace, "_ident": _debugger_thread.get_ident, "_isabs": os.path.isabs,
    }
    # The same functions under importlib's file name, with globals of their own (above).
    for name, function in (
        ("_load_unlocked", _debugger_untraced_load_unlocked),
        ("_debugger", _debugger_untraced_debugger),
        ("_library", _debugger_untraced_library),
        ("_quiet", _debugger_untraced_quiet),
    ):
        code = function.__code__.replace(co_filename="<frozen importlib._bootstrap>", co_name=name)
        namespace[name] = type(function)(code, namespace, name)
    bootstrap._load_unlocked = namespace["_load_unlocked"]


try:
    _debugger_untraced_imports()
except Exception:
    pass
`;

const CHAIN = `

def _debugger_chain():
    import importlib.machinery, importlib.util, os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec and spec.loader:
        module = importlib.util.module_from_spec(spec)
        sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)


_debugger_chain()
`;

// With the caller's PYTHONDONTWRITEBYTECODE set, the launcher and the program compiled this file
// at every start (3 ms each); nothing else of theirs changes. The adapter (started ahead, `-c`,
// without the program's restore list) writes the compiled file beside it; Python checks it
// against this file's mtime and size as for any module, so a stale one is never used.
const CACHE = `

def _debugger_cache():
    import os, sys
    if not sys.dont_write_bytecode or sys.argv[:1] != ["-c"] or "${"DEBUGGER_PYTHON_RESTORE"}" in os.environ:
        return
    try:
        import importlib.util
        cached = importlib.util.cache_from_source(__file__)
        if os.path.exists(cached) and os.path.getmtime(cached) >= os.path.getmtime(__file__):
            return
        import py_compile
        py_compile.compile(__file__, cfile=cached, doraise=False, quiet=2)
    except Exception:
        pass


_debugger_cache()
`;

/** Set only in the launched program's environment: what to put back in os.environ (JSON, null unsets). */
export const RESTORE_VARIABLE = "DEBUGGER_PYTHON_RESTORE";

// In the program only (the variable is in its launch environment alone): the caller's
// environment back in os.environ (and so in what its children inherit), this directory off
// sys.path. Python has read PYTHONUNBUFFERED and PYTHONIOENCODING already; they keep working.
const RESTORE = `

def _debugger_restore():
    import os, sys
    spec = os.environ.pop("${"DEBUGGER_PYTHON_RESTORE"}", None)
    if spec is None:
        return
    try:
        import json
        for key, value in json.loads(spec).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        here = os.path.dirname(os.path.abspath(__file__))
        sys.path[:] = [p for p in sys.path if not p or os.path.abspath(p) != here]
    except Exception:
        pass


_debugger_restore()
`;

/** The bootstrap: TCP_NODELAY, pydevd's speed-ups unless `nodelayOnly`, the caller's environment put back, the user's sitecustomize. */
export function sitecustomize(nodelayOnly = false): string {
  return HEADER + (nodelayOnly ? "" : SPEEDUPS) + CACHE + RESTORE + CHAIN;
}

/** The directory holding the bootstrap (created when missing or stale); `nodelayOnly` (the benchmark's raw client) leaves pydevd's speed-ups out. */
export function noDelayDir(env = process.env, nodelayOnly = false): string | undefined {
  const dir = join(runtimeDir(env), nodelayOnly ? "python-nodelay" : "python");
  const file = join(dir, "sitecustomize.py");
  const text = sitecustomize(nodelayOnly);
  try {
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(file, text, { mode: 0o600 });
    }
    return dir;
  } catch {
    return undefined; // an unwritable runtime directory only costs the speed-up
  }
}

/** PYTHONPATH with the bootstrap first. */
export function withNoDelay(pythonPath: string | undefined, env = process.env, nodelayOnly = false): string | undefined {
  const dir = noDelayDir(env, nodelayOnly);
  if (!dir) return pythonPath;
  return [dir, ...(pythonPath ? pythonPath.split(delimiter).filter((p) => p && p !== dir) : [])].join(delimiter);
}
