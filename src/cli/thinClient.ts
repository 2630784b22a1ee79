// The thin client: a command line the daemon can run whole goes to it as words (../ipc/line.ts),
// and this process only checks the socket, sends the words and prints what comes back. Loading and
// parsing the CLI was most of a short command's own time (BENCHMARKS.md, "Micro rows"); the
// daemon has the command table loaded already. Anything else — no daemon yet, a daemon of another
// version, a terminal (the progress line, the program's output as it comes), a line the daemon
// leaves to the CLI (help, local commands, a launch other than `start` and `run`, one that reads a
// launch.json or config.toml's targets, or the client's own stdin) — runs the whole CLI as before,
// and only where nothing of the line ran.
import { ownEnv } from "../common/callerEnv.ts";
import { checkRuntimeDir, checkSocketOwner } from "../common/ownerCheck.ts";
import { configPath, runtimeDir, socketPath } from "../common/paths.ts";
import { BUILD, VERSION } from "../common/version.ts";
import { LineDecoder, MAX_REPLY_BYTES } from "../ipc/framing.ts";
import { INTERRUPT_COMMAND, LINE_COMMAND, LINE_GUARD_MS, type LineArgs, type LinePartial, type LineResult } from "../ipc/line.ts";
import { MAX_WAIT_MS, SyncSocket } from "./syncSocket.ts";
import { isTerminal } from "./terminal.ts";

/**
 * The first words of lines sent whole: commands on a session that exists (test/unit/thinClient.test.ts
 * holds each to a daemon command that starts no adapter), and the two launches agents make most,
 * `start` and `run`, whose lines carry the caller's environment. Others would only come back.
 */
// biome-ignore format: the words as lines, not one a line
export const THIN_WORDS: ReadonlySet<string> = new Set([
  "context", "where", "backtrace", "bt", "frame", "up", "down", "locals", "args", "print", "p", "display", "undisplay", "eval", "set",
  "registers", "memory", "list", "source", "disassemble", "threads", "thread", "events",
  "continue", "c", "next", "n", "step", "s", "finish", "out", "until", "pause", "trace", "await",
  "breakpoint", "bp", "breakpoints", "catch", "watch", "status", "sessions", "stop", "kill", "detach", "output", "raw",
  "start", "run",
]);

/** Of those, the lines that launch a program: sent with the caller's environment (LineArgs.env). */
export const LAUNCH_WORDS: ReadonlySet<string> = new Set(["start", "run"]);

/** Of those, the ones that wait for the program: Ctrl-C pauses it (cli/interrupt.ts, run by the daemon for the line). */
// biome-ignore format: the words on a line
export const WAITING_WORDS: ReadonlySet<string> = new Set([
  "continue", "c", "next", "n", "step", "s", "finish", "out", "until", "pause", "trace", "await", "start", "run",
]);

/** Replies that say nothing of the line ran: the CLI runs it itself (and replaces a daemon of another version). */
const NOT_RUN = new Set(["DAEMON_VERSION_MISMATCH", "UNKNOWN_COMMAND", "IPC_ERROR"]);

/** After a second Ctrl-C, how long the daemon has to say where the program is before this process leaves anyway. */
const LEAVE_AFTER_MS = 3000;

interface Answer {
  id: number | null;
  ok: boolean;
  partial?: boolean;
  data?: unknown;
  error?: { code: string; message: string; hint?: string };
}

/** The line's exit code once printed, or undefined: nothing of it ran, the CLI must run it. */
export async function runThin(argv: string[]): Promise<number | undefined> {
  if (process.env.DEBUGGER_THIN === "0" || isTerminal(1) || isTerminal(2)) return undefined;
  const path = socketPath();
  try {
    // The full CLI reports an unsafe runtime directory or socket; no socket: it starts a daemon.
    checkRuntimeDir(runtimeDir());
    if (!checkSocketOwner(path)) return undefined;
  } catch {
    return undefined;
  }
  const id = Math.floor(Math.random() * 2 ** 31);
  const version = BUILD ? `${VERSION}+${BUILD}` : VERSION;
  const args: LineArgs = { argv, json: process.env.DEBUGGER_JSON, session: process.env.DEBUGGER_SESSION, config: configPath(), guardMs: LINE_GUARD_MS };
  if (LAUNCH_WORDS.has(argv[0]!)) args.env = ownEnv();
  const cwd = process.cwd();
  const line = `${JSON.stringify({ id, version, command: LINE_COMMAND, session: "default", cwd, args })}\n`;

  const done = Promise.withResolvers<number | undefined>();
  // Text is written in the order it came.
  let printed: Promise<unknown> = Promise.resolve();
  let readerGone = false;
  let prints = 0;
  const print = (stream: "out" | "err", text: string) => {
    if (!text || readerGone) return;
    prints++;
    printed = printed
      .then(() => Bun.write(stream === "out" ? Bun.stdout : Bun.stderr, text))
      .catch(() => {
        // A reader that closed the pipe has had what it wanted (closedPipe.ts): nothing more is
        // written, the line ends (closing the connection ends an `output --follow` in the daemon),
        // and the exit status is the one it had.
        readerGone = true;
        finish(0);
      });
  };
  let sent = false;
  let settled = false;
  const finish = (code: number | undefined) => {
    if (settled) return;
    settled = true;
    clearTimeout(guard);
    void printed.then(() => done.resolve(code));
  };
  // Where the line cannot be answered here, the CLI's own path says so as it would have (run.ts failLine).
  const fail = (code: string, message: string, hint: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(guard);
    void printed.then(async () => done.resolve(await (await import("./run.ts")).failLine(argv, code, message, hint)));
  };
  let guard = setTimeout(onGuard, LINE_GUARD_MS);
  function onGuard() {
    fail(
      "TIMEOUT",
      `the daemon did not reply to '${argv[0]}' within ${Math.round(LINE_GUARD_MS / 1000)} s`,
      "`debugger status` shows the session; `debugger logs` the daemon log",
    );
  }

  // Bytes, not text: a socket's write says how many bytes went.
  let pending: Uint8Array = Buffer.from(line);
  let socket: { write(b: Uint8Array): number; end(): void } | undefined;
  const pump = () => {
    if (!socket || !pending.length) return;
    const n = socket.write(pending);
    if (n < 0) return fail("IPC_ERROR", "the connection to the daemon failed while sending the request", "`debugger logs` shows the daemon log; try again");
    pending = pending.subarray(n);
    if (!pending.length) sent = true;
  };
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    pending = Buffer.concat([pending, Buffer.from(`${JSON.stringify({ id, version, command: INTERRUPT_COMMAND, session: "default", cwd, args: {} })}\n`)]);
    pump();
    if (interrupts === 2)
      setTimeout(
        () => fail("INTERRUPTED", `left the ${argv[0]} at a second Ctrl-C; the daemon did not say where the program is`, "`debugger status` shows the session"),
        LEAVE_AFTER_MS,
      ).unref();
  };
  if (WAITING_WORDS.has(argv[0]!)) process.on("SIGINT", onSigint);

  const lines = new LineDecoder(MAX_REPLY_BYTES);
  const onAnswer = (a: Answer) => {
    if (a.id !== id && a.id !== null)
      return fail("IPC_ERROR", `the daemon's reply answers request ${JSON.stringify(a.id)}, not ${id}`, "`debugger daemon stop` and try again");
    if (a.partial) {
      const p = (a.data ?? {}) as LinePartial;
      if (p.out) print("out", p.out);
      if (p.err) print("err", p.err);
      if (typeof p.guardMs === "number") {
        clearTimeout(guard);
        guard = setTimeout(onGuard, Math.min(p.guardMs, 2 ** 31 - 1));
      }
      return;
    }
    if (!a.ok) {
      if (NOT_RUN.has(a.error?.code ?? "")) return finish(undefined);
      return fail(a.error?.code ?? "INTERNAL", a.error?.message ?? "the daemon replied without an error", a.error?.hint ?? "");
    }
    const r = a.data as LineResult;
    if ("fallback" in r) return finish(undefined);
    print("out", r.out);
    print("err", r.err);
    finish(r.exit);
  };

  // What the connection brings, whichever way it is made.
  const onData = (chunk: Uint8Array) => {
    let got: string[];
    try {
      got = lines.push(chunk);
    } catch {
      return fail(
        "IPC_ERROR",
        `the daemon's reply is larger than ${MAX_REPLY_BYTES} bytes`,
        "ask for less (--limit, --tail), or `debugger daemon stop` and try again",
      );
    }
    for (const one of got) {
      if (settled) return;
      let a: Answer;
      try {
        a = JSON.parse(one);
      } catch (e) {
        return fail("IPC_ERROR", `daemon sent a malformed reply: ${(e as Error).message}`, "`debugger daemon stop` and try again");
      }
      onAnswer(a);
    }
  };
  const onClose = () => {
    // Nothing sent whole: nothing ran, the CLI runs the line.
    if (!sent) return finish(undefined);
    fail("DAEMON_UNAVAILABLE", "the daemon closed the connection before replying", "`debugger logs` shows why; the next command starts a new daemon");
  };
  const onError = () => {
    if (!sent) return finish(undefined);
    fail("DAEMON_UNAVAILABLE", "the connection to the daemon failed before its reply", "`debugger logs` shows why; try again");
  };

  const sync = SyncSocket.connect(path);
  if (sync === null) finish(undefined);
  else if (sync) await exchange(sync);
  else
    Bun.connect({
      unix: path,
      socket: {
        open(s) {
          socket = s;
          pump();
        },
        drain: pump,
        data: (_s, chunk) => onData(chunk),
        close: onClose,
        error: onError,
        connectError() {
          finish(undefined);
        },
      },
    }).catch(() => finish(undefined));

  /**
   * The line's exchange on this thread (syncSocket.ts): a reply that comes within the first wait
   * is read without a turn of the event loop; between waits the loop runs (the SIGINT listener,
   * the guard's timer, the text printed so far).
   */
  async function exchange(conn: SyncSocket) {
    // A connection that fails before the line went whole ran nothing: the CLI runs it (as Bun's `error`).
    const write = (b: Uint8Array) => {
      const n = conn.send(b, 0);
      if (n < 0 && !sent) onError();
      return n < 0 && settled ? 0 : n;
    };
    socket = { write, end: () => conn.close() };
    pump();
    while (!settled) {
      if (pending.length) pump();
      const got = conn.receive(pending.length ? 10 : MAX_WAIT_MS);
      const before = prints;
      if (got === "closed") onClose();
      else if (got === "failed") onError();
      else if (got !== "nothing") onData(got.bytes);
      // A chunk of a longer reply is read on without a turn; a wait that ended empty, or text to print, takes one.
      if (!settled && (got === "nothing" || prints !== before)) await new Promise<void>((turn) => setTimeout(turn, 0));
    }
  }

  try {
    return await done.promise;
  } finally {
    process.off("SIGINT", onSigint);
    socket?.end();
  }
}
