// The CLI's side of the socket: connect (spawning the daemon when nobody answers), send one
// request, read one reply. A daemon of another version is replaced once.
import { unlinkSync } from "node:fs";
import { DebuggerError } from "../common/errors.ts";
import type { ErrorData } from "../common/errors.ts";
import { runtimeDir, socketPath } from "../common/paths.ts";
import { socketFilePresent } from "../common/platform.ts";
import { checkRuntimeDir, checkSocketOwner } from "../common/privateFiles.ts";
import { VERSION } from "../common/version.ts";
import type { ArgsIn, CommandName, Replies } from "./commands.ts";
import type { Reply, Request } from "./protocol.ts";

const SPAWN_DEADLINE_MS = 5000;

type Outgoing<C extends CommandName> = Omit<Request, "id" | "version" | "command" | "args"> & { command: C; args: ArgsIn<C> };

interface Conn<T> {
  send(line: string): void;
  reply: Promise<Reply<T>>;
  close(): void;
}

// Promise.withResolvers, not `new Promise(executor)`: every command comes this way, and the first
// Promise constructor call of a process costs ~0.3 ms (withResolvers: ~0.06 ms).
function open<T>(path: string, onPartial: ((r: Reply<T>) => void) | undefined, id: number): Promise<Conn<T>> {
  const { promise, resolve: resolveOpen, reject: rejectOpen } = Promise.withResolvers<Conn<T>>();
  let buf = "";
  let settled = false;
  const pending = Promise.withResolvers<Reply<T>>();
  const reply = pending.promise;
  const settle = {
    resolve: (r: Reply<T>) => ((settled = true), pending.resolve(r)),
    reject: (e: Error) => ((settled = true), pending.reject(e)),
  };
  reply.catch(() => {});
  let opened = false;
  Bun.connect({
    unix: path,
    socket: {
      open(sock) {
        opened = true;
        resolveOpen({
          send: (line) => {
            sock.write(line);
            sock.flush();
          },
          reply,
          close: () => sock.end(),
        });
      },
      data(_sock, chunk) {
        buf += chunk.toString();
        let nl: number;
        while ((nl = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          let reply: Reply<T>;
          try {
            // The daemon replies to command C with C's reply: the one place the wire is taken at its word.
            reply = JSON.parse(line);
          } catch (e) {
            settle.reject(new DebuggerError("IPC_ERROR", `daemon sent a malformed reply: ${(e as Error).message}`, "`debugger daemon stop` and try again"));
            return;
          }
          // Whoever answers with another id is not answering this request (a forged or confused peer).
          // (A request the daemon could not parse is answered with id null.)
          if (reply.id !== id && !(reply.id === null && !reply.ok)) {
            settle.reject(new DebuggerError("IPC_ERROR", `the daemon's reply answers request ${JSON.stringify(reply.id)}, not ${id}`, "`debugger daemon stop` and try again; `debugger doctor` checks the runtime directory"));
            return;
          }
          // `output --follow` gets several replies; the last one has no `partial`.
          if (reply.partial) onPartial?.(reply);
          else settle.resolve(reply);
        }
      },
      close() {
        // The usual close: ours, after the reply (no error object to build then).
        if (settled) return;
        settle.reject(new DebuggerError("DAEMON_UNAVAILABLE", "the daemon closed the connection before replying", "`debugger logs` shows why; the next command starts a new daemon"));
      },
      error(_sock, err) {
        if (!opened) rejectOpen(err);
        else settle.reject(err);
      },
      connectError(_sock, err) {
        rejectOpen(err);
      },
    },
  }).catch(rejectOpen);
  return promise;
}

function isCompiled(): boolean {
  return import.meta.url.includes("$bunfs") || Bun.main.includes("~BUN");
}

type DaemonProcess = ReturnType<typeof spawnDaemon>;

// stderr is a pipe read only while the daemon starts: a daemon that cannot start writes one JSON
// line there ({startError}) and exits, and the CLI reports it at once instead of after 5 s.
function spawnDaemon() {
  const argv = isCompiled() ? [process.execPath, "__daemon"] : [process.execPath, Bun.main, "__daemon"];
  const proc = Bun.spawn(argv, { stdin: "ignore", stdout: "ignore", stderr: "pipe", detached: true, cwd: "/", env: process.env });
  proc.unref();
  return proc;
}

/** The error a daemon that exited during start-up gave, or undefined (it left because another daemon runs). */
async function startFailure(proc: DaemonProcess, path: string): Promise<DebuggerError | undefined> {
  if (proc.exitCode === 0) return undefined;
  const text = (await new Response(proc.stderr).text()).trim();
  for (const line of text.split("\n").reverse()) {
    try {
      const e = (JSON.parse(line) as { startError?: ErrorData }).startError;
      if (e) return new DebuggerError(e.code, e.message, e.hint);
    } catch {}
  }
  const how = proc.signalCode ? `was killed by ${proc.signalCode}` : `exited with code ${proc.exitCode}`;
  return new DebuggerError("DAEMON_UNAVAILABLE", `the daemon ${how} before listening on ${path}${text ? `: ${text.split("\n").slice(-5).join("\n")}` : ""}`, "`debugger logs` shows the daemon log; set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write");
}

async function connectOrSpawn<T>(path: string, onPartial: ((r: Reply<T>) => void) | undefined, id: number): Promise<Conn<T>> {
  try {
    return await open(path, onPartial, id);
  } catch (e) {
    // Nobody answers: a stale socket (refused) is removed, then a daemon is started.
    const err = e as NodeJS.ErrnoException;
    const refused = err.code === "ECONNREFUSED" || /refused/i.test(err.message ?? "");
    if (refused && socketFilePresent(path)) {
      try {
        unlinkSync(path);
      } catch {}
    }
  }
  const daemon = spawnDaemon();
  const deadline = Date.now() + SPAWN_DEADLINE_MS;
  let delay = 2;
  let exited = false;
  while (Date.now() < deadline) {
    await Bun.sleep(delay);
    delay = Math.min(delay * 2, 50);
    // After checking the socket: a daemon that lost the race to another exits, and the winner answers.
    const gone = daemon.exitCode !== null || daemon.signalCode !== null;
    if (checkSocketOwner(path)) {
      try {
        return await open(path, onPartial, id);
      } catch {}
    }
    if (gone && !exited) {
      exited = true;
      const failure = await startFailure(daemon, path);
      if (failure) throw failure;
    }
  }
  throw new DebuggerError("DAEMON_UNAVAILABLE", `the daemon did not start within ${SPAWN_DEADLINE_MS / 1000} s (socket ${path})`, "`debugger logs` shows the daemon log; check that the runtime directory is writable");
}

async function waitForSocketGone(path: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (socketFilePresent(path) && Date.now() < deadline) await Bun.sleep(10);
}

/** Sends command C with its arguments and returns the daemon's reply; `onPartial` sees each partial reply (`output --follow`). */
export async function request<C extends CommandName>(msg: Outgoing<C>, timeoutMs: number, onPartial?: (r: Reply<Replies[C]>) => void): Promise<Reply<Replies[C]>> {
  const path = socketPath();
  if (Buffer.byteLength(path) > 104) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `socket path is longer than 104 bytes: ${path}`, "set DEBUGGER_RUNTIME_DIR to a shorter directory");
  }
  for (let attempt = 0; ; attempt++) {
    checkRuntimeDir(runtimeDir());
    checkSocketOwner(path);
    const id = Math.floor(Math.random() * 2 ** 31);
    const conn = await connectOrSpawn<Replies[C]>(path, onPartial, id);
    conn.send(JSON.stringify({ ...msg, id, version: VERSION }) + "\n");
    const timeout = Promise.withResolvers<never>();
    const timer = setTimeout(() => timeout.reject(new DebuggerError("TIMEOUT", `the daemon did not reply to '${msg.command}' within ${timeoutMs / 1000} s`, "`debugger status` shows the session; `debugger logs` the daemon log")), timeoutMs);
    try {
      const reply = await Promise.race([conn.reply, timeout.promise]);
      if (reply.error?.code === "DAEMON_VERSION_MISMATCH" && attempt === 0) {
        await waitForSocketGone(path, 5000);
        continue;
      }
      return reply;
    } finally {
      clearTimeout(timer);
      conn.close();
    }
  }
}
