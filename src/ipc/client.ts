// The CLI's side of the socket: connect (spawning the daemon when nobody answers), send one
// request, read one reply. A daemon of another version is replaced once.
import { DebuggerError } from "../common/errors.ts";
import type { ErrorData } from "../common/errors.ts";
import { runtimeDir, socketPath } from "../common/paths.ts";
import { socketFilePresent } from "../common/platform.ts";
import { checkRuntimeDir, checkSocketOwner } from "../common/ownerCheck.ts";
import { BUILD, VERSION, versionLine } from "../common/version.ts";
import type { ArgsIn, CommandName, Replies } from "./commands.ts";
import { LineDecoder, MAX_LINE_BYTES, MAX_REPLY_BYTES } from "./framing.ts";
import type { Reply, Request } from "./protocol.ts";

const SPAWN_DEADLINE_MS = 5000;
/** setTimeout fires at once past this many ms, so longer waits are this one. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A request for C: its arguments typed by the contract. */
export type Outgoing<C extends CommandName> = Omit<Request, "id" | "version" | "command" | "args"> & { command: C; args: ArgsIn<C> };

interface Conn<T> {
  /** Resolves when every byte is handed to the kernel; rejects when the socket fails first. */
  send(line: string): Promise<void>;
  reply: Promise<Reply<T>>;
  close(): void;
}

// Promise.withResolvers, not `new Promise(executor)`: every command comes this way, and the first
// Promise constructor call of a process costs ~0.3 ms (withResolvers: ~0.06 ms).
function open<T>(path: string, onPartial: ((r: Reply<T>) => void) | undefined, id: number): Promise<Conn<T>> {
  const { promise, resolve: resolveOpen, reject: rejectOpen } = Promise.withResolvers<Conn<T>>();
  // Bytes, decoded per line: a character cut between two chunks stays whole.
  const lines = new LineDecoder(MAX_REPLY_BYTES);
  let settled = false;
  const pending = Promise.withResolvers<Reply<T>>();
  const reply = pending.promise;
  const settle = {
    resolve: (r: Reply<T>) => {
      settled = true;
      pending.resolve(r);
    },
    reject: (e: Error) => {
      settled = true;
      pending.reject(e);
    },
  };
  reply.catch(() => {});
  let opened = false;
  // What the kernel did not take yet: a socket write may be partial, and the rest goes on 'drain'.
  let out: Uint8Array | undefined;
  let sent: PromiseWithResolvers<void> | undefined;
  const pump = (sock: { write(b: Uint8Array): number; flush(): void }) => {
    if (!out || !sent) return;
    const n = sock.write(out);
    sock.flush();
    if (n < 0)
      return fail(
        new DebuggerError("IPC_ERROR", "the connection to the daemon failed while sending the request", "`debugger logs` shows the daemon log; try again"),
      );
    out = n < out.length ? out.subarray(n) : undefined;
    if (!out) sent.resolve();
  };
  const fail = (e: Error) => {
    sent?.reject(e);
    out = undefined;
    if (!opened) rejectOpen(e);
    else settle.reject(e);
  };
  Bun.connect({
    unix: path,
    socket: {
      open(sock) {
        opened = true;
        resolveOpen({
          send: (line) => {
            sent = Promise.withResolvers<void>();
            sent.promise.catch(() => {});
            out = Buffer.from(line);
            pump(sock);
            return sent.promise;
          },
          reply,
          close: () => sock.end(),
        });
      },
      drain(sock) {
        pump(sock);
      },
      data(_sock, chunk) {
        let got: string[];
        try {
          got = lines.push(chunk);
        } catch {
          settle.reject(
            new DebuggerError(
              "IPC_ERROR",
              `the daemon's reply is larger than ${MAX_REPLY_BYTES} bytes`,
              "ask for less (--limit, --tail), or `debugger daemon stop` and try again",
            ),
          );
          return;
        }
        for (const line of got) {
          if (settled) return;
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
            settle.reject(
              new DebuggerError(
                "IPC_ERROR",
                `the daemon's reply answers request ${JSON.stringify(reply.id)}, not ${id}`,
                "`debugger daemon stop` and try again; `debugger doctor` checks the runtime directory",
              ),
            );
            return;
          }
          // `output --follow` gets several replies; the last one has no `partial`.
          if (reply.partial) onPartial?.(reply);
          else settle.resolve(reply);
        }
      },
      close() {
        const unsent = out !== undefined;
        sent?.reject(
          new DebuggerError("DAEMON_UNAVAILABLE", "the daemon closed the connection before the whole request was sent", "`debugger logs` shows why"),
        );
        out = undefined;
        // The usual close: ours, after the reply (no error object to build then).
        if (settled) return;
        settle.reject(
          new DebuggerError(
            "DAEMON_UNAVAILABLE",
            `the daemon closed the connection before replying${unsent ? " (the request was not sent in full)" : ""}`,
            "`debugger logs` shows why; the next command starts a new daemon",
          ),
        );
      },
      error(_sock, err) {
        fail(err);
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
/**
 * Our executable on disk, when it is no longer this program: an upgrade replaced the binary while
 * this process ran (a long-lived `debugger mcp`, typically), so every daemon it starts is the new
 * version and is replaced again by this one's next request. Only restarting this process helps.
 */
function replacedExecutable(): ErrorData | undefined {
  if (!isCompiled()) return undefined;
  const r = Bun.spawnSync([process.execPath, "--version"], { stdout: "pipe", stderr: "ignore" });
  const line = r.stdout.toString().trim();
  const ours = versionLine();
  if (r.exitCode !== 0 || !line || line === ours) return undefined;
  return {
    code: "DAEMON_VERSION_MISMATCH",
    message: `this debugger process is ${ours.split(" (")[0]} but its executable ${process.execPath} is now ${line}: the binary was replaced (an upgrade) while this process ran, and each daemon it starts is the new one`,
    hint: "restart this process: an MCP server is restarted by its client (reconnect or restart the server there); the sessions of the daemon that was stopped are gone",
  };
}

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
  return new DebuggerError(
    "DAEMON_UNAVAILABLE",
    `the daemon ${how} before listening on ${path}${text ? `: ${text.split("\n").slice(-5).join("\n")}` : ""}`,
    "`debugger logs` shows the daemon log; set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write",
  );
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
        // node:fs only here: a plain command finds its daemon and never loads it.
        (require("node:fs") as typeof import("node:fs")).unlinkSync(path);
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
  throw new DebuggerError(
    "DAEMON_UNAVAILABLE",
    `the daemon did not start within ${SPAWN_DEADLINE_MS / 1000} s (socket ${path})`,
    "`debugger logs` shows the daemon log; check that the runtime directory is writable",
  );
}

async function waitForSocketGone(path: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (socketFilePresent(path) && Date.now() < deadline) await Bun.sleep(10);
}

export interface RequestOptions<T = unknown> {
  /** Partial replies (`output --follow`). */
  onPartial?: (r: Reply<T>) => void;
  /** Aborting closes the connection: the daemon ends the request's work (a trace, a batch, a wait). */
  signal?: AbortSignal;
}

/** Sends one request and returns its reply: `request` below, or the daemon's own when it runs a thin client's line. */
export type Requester = <C extends CommandName>(msg: Outgoing<C>, timeoutMs: number, opts?: RequestOptions<Replies[C]>) => Promise<Reply<Replies[C]>>;

/** Refuses a request the daemon would refuse for its size, before connecting. */
export function encodeRequest(msg: { command: string }, id: number): string {
  // The build rides in the version string: a daemon from before builds were told apart reads
  // it as another version and leaves (a field of its own would be refused by its strict schema).
  const line = `${JSON.stringify({ ...msg, id, version: BUILD ? `${VERSION}+${BUILD}` : VERSION })}\n`;
  // Most requests are short: count bytes only when the characters alone could reach the limit.
  const bytes = line.length * 3 > MAX_LINE_BYTES ? Buffer.byteLength(line) : line.length;
  if (bytes > MAX_LINE_BYTES) {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `the '${msg.command}' request is ${bytes} bytes; the limit of one request is ${MAX_LINE_BYTES} bytes (16 MiB)`,
      "send less: shorter expressions, or split the plan into several batches",
    );
  }
  return line;
}

/** Sends command C with its arguments and returns the daemon's reply, whose data is C's reply. */
export async function request<C extends CommandName>(
  msg: Outgoing<C>,
  timeoutMs: number,
  onPartialOrOptions?: ((r: Reply<Replies[C]>) => void) | RequestOptions<Replies[C]>,
): Promise<Reply<Replies[C]>> {
  const opts: RequestOptions<Replies[C]> = typeof onPartialOrOptions === "function" ? { onPartial: onPartialOrOptions } : (onPartialOrOptions ?? {});
  const path = socketPath();
  if (Buffer.byteLength(path) > 104) {
    throw new DebuggerError("DAEMON_UNAVAILABLE", `socket path is longer than 104 bytes: ${path}`, "set DEBUGGER_RUNTIME_DIR to a shorter directory");
  }
  // `daemon stop` with no daemon: said, not a daemon started to be stopped.
  if (msg.command === "shutdown" && !socketFilePresent(path))
    return { id: null, ok: true, command: msg.command, session: msg.session, data: { stopped: false, pid: 0 } as Replies[C] };
  const waitMs = Math.min(Math.max(timeoutMs, 1), MAX_TIMER_MS);
  for (let attempt = 0; ; attempt++) {
    const id = Math.floor(Math.random() * 2 ** 31);
    const line = encodeRequest(msg, id);
    checkRuntimeDir(runtimeDir());
    checkSocketOwner(path);
    opts.signal?.throwIfAborted();
    const conn = await connectOrSpawn<Replies[C]>(path, opts.onPartial, id);
    const timeout = Promise.withResolvers<never>();
    const timer = setTimeout(
      () =>
        timeout.reject(
          new DebuggerError(
            "TIMEOUT",
            `the daemon did not reply to '${msg.command}' within ${Math.round(waitMs / 1000)} s`,
            "`debugger status` shows the session; `debugger logs` the daemon log",
          ),
        ),
      waitMs,
    );
    const onAbort = () => conn.close();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      // Aborted while connecting: the listener came too late to fire, and the request must not go out.
      opts.signal?.throwIfAborted();
      await Promise.race([conn.send(line), timeout.promise]);
      const reply = await Promise.race([conn.reply, timeout.promise]);
      if (reply.error?.code === "DAEMON_VERSION_MISMATCH" && attempt === 0 && !socketFilePresent(path)) {
        // The old daemon is leaving (it had no live session): the next attempt starts ours.
        await waitForSocketGone(path, 5000);
        continue;
      }
      if (reply.error?.code === "DAEMON_VERSION_MISMATCH" && attempt > 0) {
        const replaced = replacedExecutable();
        if (replaced) return { ...reply, error: replaced };
      }
      return reply;
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
      clearTimeout(timer);
      conn.close();
    }
  }
}
