// The daemon: a Unix socket server speaking NDJSON, the session registry, idle exit.
import { existsSync, unlinkSync, writeSync } from "node:fs";
import { connect } from "node:net";
import type { Socket } from "bun";
import { EMPTY_CONFIG, adapterStartTimeoutMs, idleTimeoutMs, loadConfig, logLevel, requestTimeoutMs, warmMemoryMb } from "../common/config.ts";
import { DebuggerError, toErrorData } from "../common/errors.ts";
import { initLog, log } from "../common/log.ts";
import { configDir, configPath, runtimeDir, socketPath } from "../common/paths.ts";
import { mightBeListening, restrictToOwner } from "../common/platform.ts";
import { checkSocketOwner, ensurePrivateDir, errnoText, makeDirPrivate, makeFilePrivate } from "../common/privateFiles.ts";
import { BUILD, splitVersion, VERSION } from "../common/version.ts";
import { LineDecoder, parseRequest, type Reply, type Request } from "../ipc/protocol.ts";
import { INTERRUPT_COMMAND, LINE_COMMAND, type LineArgs, type LineHost, type LineResult, type LineRunner } from "../ipc/line.ts";
import { ClientGone } from "./cancel.ts";
import { isCommand, metaOf } from "../ipc/meta.ts";
import { liveOutput } from "./liveOutput.ts";
import { handle, type DaemonContext } from "./handlers.ts";
import { SessionRegistry } from "./registry.ts";
import { removeStdinCopy } from "../common/stdinFile.ts";
import { WarmPool } from "./session/program/warmPool.ts";
import { runSessionOf } from "./runInterrupts.ts";
import { conditionProgress } from "./handlers/common.ts";

/** [daemon] idle_timeout (DEBUGGER_IDLE_TIMEOUT wins); read at start-up. */
let IDLE_MS = idleTimeoutMs(EMPTY_CONFIG);

interface Conn {
  lines: LineDecoder;
  /** An oversized request was refused: whatever else arrives is ignored until the socket closes. */
  refused: boolean;
  out: Uint8Array[];
  closed: boolean;
  /** Resolves when the client goes away (a follower stops then). */
  closedPromise: Promise<void>;
  markClosed: () => void;
  /** Aborts when the client goes away: a trace or batch it asked for ends then. */
  gone: AbortController;
  /** Requests still being handled: their session and when they end. */
  inflight: Set<{ session: string; command: string; done: Promise<void> }>;
  /** What the client's Ctrl-C does while a line it sent runs (`__interrupt`). */
  interrupt?: () => void;
}

/** How long a request waits for the work an abandoned request is winding down on its session. */
const SETTLE_WAIT_MS = 10_000;

export function ensureRuntimeDir(dir = runtimeDir()): void {
  ensurePrivateDir(dir);
}

/**
 * A daemon that cannot start says why on stderr, one JSON error line the spawning CLI reads and
 * reports (path, errno, the variable to set) instead of waiting for a socket that never comes.
 */
function failStart(e: unknown): never {
  const error = e instanceof DebuggerError ? e.toData() : toErrorData(e);
  log("error", `daemon ${process.pid} cannot start: ${error.message}`);
  try {
    writeSync(2, `${JSON.stringify({ startError: error })}\n`);
  } catch {}
  process.exit(4);
}

/** Whether a request's `VERSION+BUILD` is another program than this daemon, and both as said to the user. */
function clientVersion(text: string): { other: boolean; ours: string; theirs: string } {
  const [version, build] = splitVersion(text);
  const otherBuild = version === VERSION && !!build && !!BUILD && build !== BUILD;
  return {
    other: version !== VERSION || otherBuild,
    ours: otherBuild ? `${VERSION} (build ${BUILD})` : VERSION,
    theirs: otherBuild ? `${version} (build ${build})` : version,
  };
}

/** A line request's arguments when they have the shape ../ipc/line.ts gives them. */
function lineArgs(a: Record<string, unknown>): LineArgs | undefined {
  const { argv, json, session, config, guardMs, env } = a;
  if (!Array.isArray(argv) || !argv.every((w) => typeof w === "string") || typeof config !== "string" || typeof guardMs !== "number") return undefined;
  if ((json !== undefined && typeof json !== "string") || (session !== undefined && typeof session !== "string")) return undefined;
  if (env === undefined) return { argv, json, session, config, guardMs };
  // The caller's environment, for a launch: every value a string.
  if (typeof env !== "object" || env === null || Array.isArray(env) || !Object.values(env).every((v) => typeof v === "string")) return undefined;
  return { argv, json, session, config, guardMs, env: env as Record<string, string> };
}

/** A socket file with nobody listening is removed; one with a live daemon behind it is left alone. */
export function socketInUse(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/** Commands that make a session: a daemon of another version leaves them to a daemon of the client's. */
const NEW_SESSION = new Set(["start", "attach", "test", "run", "diff"]);

/** Bun.listen, with a lost race (another daemon bound first) ending quietly and anything else reported. */
async function listenOrFail<T>(path: string, listen: () => T): Promise<T> {
  try {
    return listen();
  } catch (e) {
    if (await socketInUse(path)) {
      log("info", `another daemon already listens on ${path}; exiting`);
      process.exit(0);
    }
    failStart(
      new DebuggerError(
        "DAEMON_UNAVAILABLE",
        `cannot listen on ${path}: ${errnoText(e)}`,
        "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write",
      ),
    );
  }
}

export async function runDaemon(opts: { runLine?: LineRunner } = {}): Promise<void> {
  // A bad config.toml must not keep the daemon from starting: commands that need it report it.
  const config = await loadConfig().catch(() => EMPTY_CONFIG);
  IDLE_MS = idleTimeoutMs(config);
  initLog(undefined, logLevel(config));
  const dir = runtimeDir();
  const path = socketPath();
  try {
    ensureRuntimeDir(dir);
    if (checkSocketOwner(path)) {
      if (await socketInUse(path)) {
        log("info", `another daemon already listens on ${path}; exiting`);
        process.exit(0);
      }
      unlinkSync(path); // stale: refused
    }
  } catch (e) {
    failStart(e);
  }
  makeFilePrivate(configPath());
  if (existsSync(configDir())) makeDirPrivate(configDir());
  const registry = new SessionRegistry();
  registry.recoverLost();
  let lastActivity = Date.now();
  /** Requests being handled: a long one (`attach --wait`, `output --follow`) keeps the daemon up. */
  let busy = 0;
  let stopping = false;
  const encoder = new TextEncoder();

  // [daemon] warm_adapters (on by default); DEBUGGER_WARM_ADAPTERS=0 turns it off (tests that count processes).
  const warm = new WarmPool(
    () => process.env.DEBUGGER_WARM_ADAPTERS !== "0" && (process.env.DEBUGGER_WARM_ADAPTERS === "1" || config.daemon.warm_adapters !== false),
    () => requestTimeoutMs(config),
    () => registry.save(),
    // [daemon] warm_memory_mb (DEBUGGER_WARM_MEMORY_MB wins); DEBUGGER_WARM_IN_USE_SECONDS shortens
    // the minute a used kind keeps its spare over it (tests).
    {
      budgetMb: () => warmMemoryMb(config),
      inUseMs: Number.isFinite(Number(process.env.DEBUGGER_WARM_IN_USE_SECONDS || "x")) ? Number(process.env.DEBUGGER_WARM_IN_USE_SECONDS) * 1000 : undefined,
    },
    // [daemon] launch_ahead (on by default, with the warm adapters); DEBUGGER_LAUNCH_AHEAD=0 turns it off.
    {
      enabled: () => process.env.DEBUGGER_LAUNCH_AHEAD !== "0" && (process.env.DEBUGGER_LAUNCH_AHEAD === "1" || config.daemon.launch_ahead !== false),
      startTimeoutMs: () => adapterStartTimeoutMs(config),
    },
  );
  registry.spares = () => warm.records();
  // Notices wait here for the next reply on their session.
  const notices = new Map<string, string>();
  // Sessions whose requests lost their client and are still winding down (pausing the program):
  // the next request on the session waits for that, so its reply sees the outcome. `tells`: a
  // trace or batch, which leaves the program stopped and says so in a notice; a read (status)
  // waits only for those, not for an abandoned start still launching its adapter.
  const settling = new Map<string, { done: Promise<void>; tells: boolean }>();
  function clientGone(c: Conn): void {
    c.gone.abort();
    for (const r of c.inflight) {
      const entry: { done: Promise<void>; tells: boolean } = {
        done: r.done.then(() => {
          if (settling.get(r.session) === entry) settling.delete(r.session);
        }),
        tells: r.command === "trace" || r.command === "batch" || settling.get(r.session)?.tells === true,
      };
      settling.set(r.session, entry);
    }
  }
  const ctx: DaemonContext = {
    notify(session, text) {
      const before = notices.get(session);
      notices.set(session, before ? `${before}; ${text}` : text);
      log("info", `${session}: ${text}`);
    },
    registry,
    warm,
    startedAt: Date.now(),
    shutdown(reason) {
      void shutdown(reason);
    },
    stopListening: () => stopListening(),
  };
  registry.onStateFailure = (sessions, message) => {
    for (const name of sessions) ctx.notify?.(name, message);
  };

  /** No new clients from here on: the next command starts a new daemon instead of reaching this one. */
  let listening = true;
  function stopListening(): void {
    if (!listening) return;
    listening = false;
    try {
      unlinkSync(path);
    } catch {}
    try {
      server.stop(false);
    } catch {}
  }

  async function shutdown(reason: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log("info", `daemon ${process.pid} stopping: ${reason}`);
    stopListening();
    await Promise.all([...registry.all().map((s) => s.kill().catch(() => {})), warm.close()]);
    for (const s of registry.all()) removeStdinCopy(s.stdin);
    registry.clearState();
    process.exit(0);
  }

  function flush(sock: Socket<Conn>): void {
    const c = sock.data;
    while (c.out.length) {
      const chunk = c.out[0]!;
      const n = sock.write(chunk);
      if (n < chunk.length) {
        c.out[0] = chunk.subarray(Math.max(n, 0));
        return; // wait for drain
      }
      c.out.shift();
    }
  }

  function reply(sock: Socket<Conn>, r: Reply): void {
    if (sock.data.closed) return;
    sock.data.out.push(encoder.encode(`${wellFormedJson(r)}\n`));
    flush(sock);
  }

  async function onLine(sock: Socket<Conn>, line: string): Promise<void> {
    lastActivity = Date.now();
    const parsed = parseRequest(line);
    if ("reply" in parsed) {
      reply(sock, parsed.reply);
      return;
    }
    const req = parsed.request;
    if (req.command === INTERRUPT_COMMAND) {
      sock.data.interrupt?.();
      return;
    }
    if (req.command === LINE_COMMAND) return serveLine(sock, req);
    const r = await answer(sock, req, (data) => reply(sock, { id: req.id, ok: true, command: req.command, session: req.session, partial: true, data }));
    if (r) reply(sock, r);
  }

  /**
   * A command line sent whole: run as the CLI would run it, its text sent back. Anything that
   * needs the CLI's process, and a client of another version, is sent back to be run there, before
   * any of it ran.
   */
  async function serveLine(sock: Socket<Conn>, req: Request): Promise<void> {
    const base = { id: req.id, command: req.command, session: req.session };
    const client = clientVersion(req.version);
    if (client.other) {
      // The client runs the line itself, and its own request replaces this daemon where it should.
      reply(sock, {
        ...base,
        ok: false,
        error: { code: "DAEMON_VERSION_MISMATCH", message: `daemon is version ${client.ours}, client is ${client.theirs}`, hint: "" },
      });
      return;
    }
    const args = lineArgs(req.args);
    if (!opts.runLine || !args) {
      reply(sock, { ...base, ok: true, data: { fallback: args ? "this daemon runs no lines" : "malformed line" } satisfies LineResult });
      return;
    }
    const host: LineHost = {
      request: async (msg, o) => {
        // The CLI's second Ctrl-C closes its connection (the daemon winds the request down as for
        // any client gone); here the line's request is dropped the same way and its reply not awaited.
        const left = Promise.withResolvers<never>();
        const onAbort = () => {
          clientGone(sock.data);
          left.reject(new DebuggerError("INTERRUPTED", "left at a second Ctrl-C", "`debugger status` shows the session"));
        };
        o.signal?.addEventListener("abort", onAbort, { once: true });
        try {
          const inner: Request = { ...msg, id: req.id, version: req.version };
          // What the line reads is what a client reads off the socket (wellFormedJson): no lone surrogate.
          const emit = (data: unknown) =>
            o.onPartial?.({ id: req.id, ok: true, command: msg.command, session: msg.session, partial: true, data: wellFormed(data) });
          const r = await Promise.race([answer(sock, inner, emit), left.promise]);
          if (!r) throw new DebuggerError("DAEMON_UNAVAILABLE", "the client left", "");
          return wellFormed(r);
        } finally {
          o.signal?.removeEventListener("abort", onAbort);
        }
      },
      onInterrupt: (heard) => {
        sock.data.interrupt = heard;
        return () => {
          if (sock.data.interrupt === heard) sock.data.interrupt = undefined;
        };
      },
      emit: (p) => reply(sock, { ...base, ok: true, partial: true, data: p }),
    };
    const started = performance.now();
    try {
      const result = await opts.runLine(args, req.cwd, host);
      reply(sock, { ...base, ok: true, data: result });
      log(
        "debug",
        `a command line (${args.argv[0]}): ${"fallback" in result ? `left to the CLI (${result.fallback})` : `exit ${result.exit}`}, ${(performance.now() - started).toFixed(1)} ms`,
      );
    } catch (e) {
      log("error", `a command line: ${(e as Error).stack ?? e}`);
      reply(sock, { ...base, ok: false, error: toErrorData(e) });
    }
  }

  /** A request's reply; undefined when its client went away (or the reply was already sent). */
  async function answer(sock: Socket<Conn>, req: Request, emit: (data: unknown) => void): Promise<Reply | undefined> {
    const base = { id: req.id, command: req.command, session: req.session };
    // `ping` is answered whatever the version (doctor asks without replacing the daemon), and so
    // is `shutdown` (`daemon stop` is how the user replaces a daemon of another version).
    // Another build of the same version (a rebuilt or reinstalled binary) counts as another version.
    const { other: otherVersion, ours, theirs } = clientVersion(req.version);
    // A client that a `daemon stop` may leave holding a session (an MCP server) is told, by the
    // next daemon, who ended it (registry.ts, ended.json).
    if (req.command === "shutdown") registry.recordEnded(otherVersion ? `\`debugger daemon stop\` from a version ${theirs} client` : "`debugger daemon stop`");
    /** Said with every reply a daemon of another version gives for the sessions it keeps. */
    let upgradeNotice: string | undefined;
    if (otherVersion && req.command !== "ping" && req.command !== "shutdown") {
      const live = registry.all().filter((s) => s.live);
      if (live.length) {
        // An upgrade (a package manager replacing the binary) must not strand live sessions, and
        // replacing this daemon would end them: it keeps serving them, to a client of any
        // version, while a new session waits for a daemon of the client's version. A request this
        // daemon's contract does not know is refused by name (unknown command or argument).
        const names = live.map((s) => `'${s.name}'`).join(", ");
        const sessions = `${live.length} live session${live.length === 1 ? "" : "s"} (${names})`;
        const own = req.command === "sessions" || (registry.find(req.session)?.live === true && !NEW_SESSION.has(req.command));
        if (!own) {
          return {
            ...base,
            ok: false,
            error: {
              code: "DAEMON_VERSION_MISMATCH",
              message: `the daemon is version ${ours} and holds ${sessions}; this debugger is version ${theirs}: it drives those sessions in that daemon, but '${req.command}' on session '${req.session}' needs a version ${theirs} daemon`,
              hint: `end them (\`debugger stop --session NAME\` works from this version too): the next command then starts a version ${theirs} daemon; \`debugger daemon stop\` ends them and the daemon at once`,
            },
          };
        }
        upgradeNotice = `the daemon is version ${ours}, kept for its ${sessions}; this debugger is version ${theirs}. Once none is live, the next command starts a version ${theirs} daemon`;
      } else {
        stopListening();
        reply(sock, {
          ...base,
          ok: false,
          error: {
            code: "DAEMON_VERSION_MISMATCH",
            message: `daemon is version ${ours}, client is ${theirs}`,
            hint: "the client replaces the daemon (it has no live session)",
          },
        });
        void shutdown(`replaced by a client of version ${theirs}`);
        return undefined;
      }
    }
    const started = performance.now();
    // Reads (status, sessions, output) answer at once with what the daemon holds ("starting" while
    // an abandoned start still launches), unless a trace or batch is leaving the program stopped.
    const winding = settling.get(req.session);
    const read = isCommand(req.command) && metaOf(req.command).concurrency === "read";
    if (winding && (!read || winding.tells)) await Promise.race([winding.done, Bun.sleep(SETTLE_WAIT_MS)]);
    const finished = Promise.withResolvers<void>();
    const entry = { session: req.session, command: req.command, done: finished.promise };
    sock.data.inflight.add(entry);
    busy++;
    const withNotice = (r: Reply): Reply => {
      if (sock.data.closed) return r;
      const own = notices.get(req.session);
      if (own !== undefined) notices.delete(req.session);
      const notice = [upgradeNotice, own].filter(Boolean).join("; ");
      return notice ? { ...r, notice } : r;
    };
    try {
      const stream = {
        emit,
        closed: sock.data.closedPromise,
        signal: sock.data.gone.signal,
      };
      // The program's output as it comes, while an execution command waits (the CLI on a terminal).
      // `run` drives a session of its own (NAME.runN).
      const sessionOf = req.command === "run" ? () => runSessionOf(req.session) ?? "" : () => req.session;
      const live =
        req.liveOutput && isCommand(req.command) && metaOf(req.command).execution ? liveOutput(() => registry.find(sessionOf()), stream.emit) : undefined;
      // What a hot condition costs so far, for the same terminal's progress line.
      const hot =
        req.liveOutput && (req.command === "run" || req.command === "continue" || req.command === "trace")
          ? conditionProgress(() => registry.find(sessionOf()), stream.emit)
          : undefined;
      let data: unknown;
      try {
        data = await handle(req, ctx, stream);
      } finally {
        live?.end();
        hot?.end();
      }
      return withNotice({ ...base, ok: true, data });
    } catch (e) {
      if (e instanceof ClientGone) return undefined; // nobody to answer
      const error = toErrorData(e);
      if (!(e instanceof DebuggerError)) log("error", `${req.command}: ${(e as Error).stack ?? e}`);
      return withNotice({ ...base, ok: false, error });
    } finally {
      sock.data.inflight.delete(entry);
      busy--;
      finished.resolve();
      lastActivity = Date.now();
      log("debug", `${req.session} ${req.command} ${(performance.now() - started).toFixed(1)} ms`);
    }
  }

  const server = await listenOrFail(path, () =>
    Bun.listen<Conn>({
      unix: path,
      socket: {
        open(sock) {
          let markClosed!: () => void;
          const closedPromise = new Promise<void>((resolve) => (markClosed = resolve));
          sock.data = {
            lines: new LineDecoder(),
            refused: false,
            out: [],
            closed: false,
            closedPromise,
            markClosed,
            gone: new AbortController(),
            inflight: new Set(),
          };
        },
        data(sock, chunk) {
          const c = sock.data;
          if (c.refused) return; // the rest of an oversized request: dropped unread
          let lines: string[];
          try {
            lines = c.lines.push(chunk);
          } catch (e) {
            c.refused = true;
            reply(sock, {
              id: null,
              ok: false,
              command: "",
              session: "",
              error: { code: "IPC_ERROR", message: (e as Error).message, hint: "send smaller requests (one JSON object per line)" },
            });
            // Half-close and keep discarding: closing with unread input would reset the connection
            // and the client would never read the reply. A client that keeps sending is cut off.
            sock.shutdown();
            setTimeout(() => sock.terminate(), 10_000).unref();
            return;
          }
          for (const raw of lines) {
            const line = raw.trim();
            if (line) void onLine(sock, line);
          }
        },
        drain(sock) {
          flush(sock);
        },
        close(sock) {
          sock.data.closed = true;
          sock.data.markClosed();
          clientGone(sock.data);
        },
        error(sock, err) {
          sock.data.closed = true;
          sock.data.markClosed();
          clientGone(sock.data);
          log("warn", `socket error: ${err.message}`);
        },
      },
    }),
  );
  try {
    restrictToOwner(path);
  } catch (e) {
    // Two daemons started at once (eight CLIs on a busy machine): the other one found this socket
    // before it listened, took it for stale and replaced it. It serves; this one leaves quietly
    // (the chmod's ENOENT used to end it as an uncaught error, exit 1, which its CLI reported).
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (await socketInUse(path))) {
      log("info", `another daemon took ${path} as this one started; exiting`);
      server.stop(true);
      process.exit(0);
    }
    failStart(
      new DebuggerError(
        "DAEMON_UNAVAILABLE",
        `cannot make ${path} private: ${errnoText(e)}`,
        "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write",
      ),
    );
  }
  // stderr is the pipe the spawning CLI read start-up errors from; that CLI is gone by now, and a
  // stray write must not turn EPIPE into a crash.
  process.stderr.on("error", () => {});
  registry.save();
  log("info", `daemon ${process.pid} version ${VERSION} listening on ${path}`);

  const idleTimer = setInterval(
    () => {
      if (!registry.hasLive() && busy === 0 && Date.now() - lastActivity > IDLE_MS) void shutdown("idle");
      // Someone removed our socket (another daemon took over): leave.
      if (listening && !mightBeListening(path)) void shutdown("socket removed");
    },
    Math.min(60_000, Math.max(1000, IDLE_MS / 4)),
  );
  idleTimer.unref?.();
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(sig, () => void shutdown(sig));
  process.on("uncaughtException", (e) => log("error", `uncaught: ${e.stack ?? e}`));
  process.on("unhandledRejection", (e) => log("error", `unhandled rejection: ${(e as Error)?.stack ?? e}`));
}

/**
 * JSON with no lone surrogate: debugpy spells a byte that is not UTF-8 as one (surrogateescape) in
 * exception messages and values, and JSON.stringify writes it as `\udcff`, which strict parsers
 * refuse. U+FFFD instead, as the program's output has it. (The escape is looked for first: the
 * replacer costs time on a large reply.)
 */
/** The value with every lone surrogate in its strings made U+FFFD, as wellFormedJson writes it; the same value where there is none. */
export function wellFormed<T>(value: T): T {
  if (typeof value === "string") return (value.isWellFormed() ? value : value.toWellFormed()) as T;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const w = wellFormed(v);
      if (w !== v) (out ??= [...value])[i] = w;
    });
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const w = wellFormed(v);
    if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
  }
  return (out ?? value) as T;
}

export function wellFormedJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (!/\\ud[89a-f][0-9a-f]{2}/i.test(text)) return text;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v));
}
