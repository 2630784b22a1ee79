// Ctrl-C while a command waits for a stop, as in gdb and lldb: the first one pauses the program
// (a `pause` on its session), and the waiting command then reports the stop where the program is,
// exit 0 — a trace ends with its hits so far, a batch runs no further line. A second Ctrl-C within
// LEAVE_WINDOW_MS leaves the CLI at once (exit 130, INTERRUPTED); the session keeps running in the
// daemon. The same with no terminal: SIGINT from `kill -INT` counts the same way. In `run` the
// first Ctrl-C ends the run as its timeout would (paused, where it was shown), the second at once.
import { DebuggerError } from "../common/errors.ts";
import { request, type Requester } from "../ipc/client.ts";
import { lastSegment } from "../common/hostPath.ts";

/** A second Ctrl-C within this long leaves instead of pausing again. */
export const LEAVE_WINDOW_MS = 2000;
/** A session not there yet (a `start` just sent) is asked again this often, this long. */
const RETRY_MS = 200;
const RETRY_FOR_MS = 5000;
/** Leaving waits this long at most for the pauses already asked for to reach the daemon. */
const PAUSE_DELIVERY_MS = 500;

export interface WaitInterrupt {
  /** Aborts at the second Ctrl-C: pass it to the request, whose connection then closes. */
  signal: AbortSignal;
  /** The command's reply, unless the CLI leaves first: then INTERRUPTED, saying what state the session is in. */
  race<T>(reply: Promise<T>): Promise<T>;
  /** The command is over: Ctrl-C is the shell's again. */
  dispose(): void;
}

export interface InterruptOptions {
  /** The sessions the command drives (a batch may name several). */
  sessions: string[];
  cwd: string;
  /** The command as typed (`continue`, `trace`…). */
  command: string;
  /** A trace or batch: the daemon winds it down when the CLI leaves (it pauses the program). */
  windsDown: boolean;
  /** `run`: the pause is the run's (its session is its own); leaving ends its program. */
  ofRun?: boolean;
  /** Says a line to the user (nothing with --json or --quiet). */
  say(text: string): void;
  /** When the command has no reply yet: a session that does not exist yet is asked again meanwhile. */
  pending(): boolean;
  /** How the pause and the status are asked (the daemon's own when it runs the line); default the socket. */
  request?: Requester;
  /** Hears Ctrl-C (default: this process's SIGINT); returns what stops hearing it. */
  onInterrupt?(heard: () => void): () => void;
}

export function interruptible(o: InterruptOptions): WaitInterrupt {
  const controller = new AbortController();
  const left = Promise.withResolvers<never>();
  left.promise.catch(() => {});
  let firstAt = 0;
  let leaving = false;
  // The pauses asked for: leaving waits for them to be delivered (briefly), or they die with the CLI.
  const asked: Promise<void>[] = [];
  const onSigint = () => {
    if (leaving) return;
    const now = Date.now();
    if (firstAt && now - firstAt <= LEAVE_WINDOW_MS) {
      leaving = true;
      controller.abort();
      void Promise.race([Promise.all(asked), Bun.sleep(PAUSE_DELIVERY_MS)])
        .then(() => leave(o))
        .then(left.reject, left.reject);
      return;
    }
    firstAt = now;
    o.say(
      o.ofRun
        ? `Ctrl-C: pausing the program to show where it is (Ctrl-C again within ${LEAVE_WINDOW_MS / 1000} s ends it at once)`
        : `Ctrl-C: pausing the program (Ctrl-C again within ${LEAVE_WINDOW_MS / 1000} s leaves it running)`,
    );
    for (const session of o.sessions) asked.push(pause(session, o));
  };
  const stopHearing = hear(onSigint, o.onInterrupt);
  return {
    signal: controller.signal,
    // The request fails when its connection closes at the second Ctrl-C: the leaving says why.
    race: (reply) => Promise.race([reply.catch((e) => (controller.signal.aborted ? left.promise : Promise.reject(e))), left.promise]),
    dispose: stopHearing,
  };
}

function hear(heard: () => void, onInterrupt?: (heard: () => void) => () => void): () => void {
  if (onInterrupt) return onInterrupt(heard);
  process.on("SIGINT", heard);
  return () => void process.off("SIGINT", heard);
}

/** Asks the daemon to pause SESSION; the waiting command's own reply then carries the stop. */
async function pause(session: string, o: InterruptOptions): Promise<void> {
  const until = Date.now() + RETRY_FOR_MS;
  for (;;) {
    let code: string | undefined;
    let message = "";
    try {
      const r = await (o.request ?? request)({ command: "pause", session, cwd: o.cwd, args: { wait: false, ...(o.ofRun ? { ofRun: true } : {}) } }, 10_000);
      if (r.ok) return;
      code = r.error?.code;
      message = r.error?.message ?? "";
    } catch (e) {
      code = (e as DebuggerError).code;
      message = (e as Error).message;
    }
    // Already stopped: the waiting command's reply says where.
    if (code === "NOT_RUNNING" || !o.pending()) return;
    // Not there yet, or still the ended session a `start` replaces: ask again while the command waits.
    if ((code === "NO_SESSION" || code === "SESSION_ENDED") && Date.now() < until) {
      await Bun.sleep(RETRY_MS);
      continue;
    }
    o.say(`could not pause session '${session}': ${message}`);
    return;
  }
}

/** The error the CLI leaves with: what the session is doing now, and what to run next. */
async function leave(o: InterruptOptions): Promise<DebuggerError> {
  const name = o.sessions[0]!;
  const others =
    o.sessions.length > 1
      ? ` (and ${o.sessions
          .slice(1)
          .map((s) => `'${s}'`)
          .join(", ")})`
      : "";
  if (o.ofRun)
    return new DebuggerError(
      "INTERRUPTED",
      "left the run at a second Ctrl-C; its program is ended",
      "a single Ctrl-C shows where the program is before ending it",
    );
  if (o.windsDown) {
    return new DebuggerError(
      "INTERRUPTED",
      `left the ${o.command} at a second Ctrl-C; session '${name}'${others} keeps running in the daemon, which ends the ${o.command} and leaves the program paused`,
      "the next command on the session says where it stopped (`debugger status`)",
    );
  }
  let state = "its state is not known (the daemon did not answer)";
  try {
    const r = await (o.request ?? request)({ command: "status", session: name, cwd: o.cwd, args: {} }, 1500);
    if (r.ok && r.data) {
      const d = r.data;
      const f = d.stop?.frame;
      const where = f
        ? ` at ${[f.file ? `${lastSegment(f.file)}:${f.line}` : undefined, f.function ? `in ${f.function}` : undefined].filter(Boolean).join(" ")}`
        : "";
      state =
        d.state === "stopped"
          ? `the program is stopped${where}`
          : d.state === "running"
            ? "the program is running (the pause asked for may still stop it)"
            : `it is ${d.state}`;
    }
  } catch {}
  return new DebuggerError(
    "INTERRUPTED",
    `left the ${o.command} at a second Ctrl-C; session '${name}'${others} keeps running in the daemon; ${state}`,
    "`debugger await` waits for its next stop, `debugger status` shows it, `debugger stop` ends it",
  );
}

/**
 * `attach --wait NAME` before its process starts: there is no program to pause, so the first
 * Ctrl-C leaves at once (exit 130); the connection closing ends the daemon's wait.
 */
export function leaveAtInterrupt(name: string): WaitInterrupt {
  const controller = new AbortController();
  const left = Promise.withResolvers<never>();
  left.promise.catch(() => {});
  const onSigint = () => {
    if (controller.signal.aborted) return;
    controller.abort();
    left.reject(
      new DebuggerError(
        "INTERRUPTED",
        `stopped waiting for a new process named '${name}' at Ctrl-C`,
        "had one just started, `debugger status` shows whether it was attached",
      ),
    );
  };
  process.on("SIGINT", onSigint);
  return {
    signal: controller.signal,
    race: (reply) => Promise.race([reply.catch((e) => (controller.signal.aborted ? left.promise : Promise.reject(e))), left.promise]),
    dispose: () => void process.off("SIGINT", onSigint),
  };
}
