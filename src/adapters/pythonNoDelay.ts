// debugpy's processes talk over loopback TCP without TCP_NODELAY (debugpy issue #2054), so every
// small message waits on Nagle's algorithm and delayed ACKs: ~40 ms per request. A sitecustomize
// module on the adapter's PYTHONPATH (which the launcher and the program inherit) sets TCP_NODELAY
// on every TCP socket those interpreters connect or accept, without touching the installed
// package. It then runs the user's own sitecustomize, if there is one further along sys.path.
// Not covered: a program started by the user under `python -m debugpy --listen` (--connect).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { runtimeDir } from "../common/paths.ts";

const SITECUSTOMIZE = `# Written by debugger: sets TCP_NODELAY on debugpy's loopback connections (~40 ms per message
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

/** The directory holding the bootstrap (created when missing or stale). */
export function noDelayDir(env = process.env): string | undefined {
  const dir = join(runtimeDir(env), "python");
  const file = join(dir, "sitecustomize.py");
  try {
    if (!existsSync(file) || readFileSync(file, "utf8") !== SITECUSTOMIZE) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(file, SITECUSTOMIZE, { mode: 0o600 });
    }
    return dir;
  } catch {
    return undefined; // an unwritable runtime directory only costs the speed-up
  }
}

/** PYTHONPATH with the bootstrap first. */
export function withNoDelay(pythonPath: string | undefined, env = process.env): string | undefined {
  const dir = noDelayDir(env);
  if (!dir) return pythonPath;
  return [dir, ...(pythonPath ? pythonPath.split(delimiter).filter((p) => p && p !== dir) : [])].join(delimiter);
}
