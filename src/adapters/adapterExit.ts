// An adapter process's end, shared by the transports: the error for one that went away, its pipes
// drained after it exited, and an adapter server's wait for where it listens.
import { DebuggerError } from "../common/errors.ts";

/** ADAPTER_EXITED for an adapter that `how` ("exited with code 3"), with the tail of its stderr. */
export function exitMessage(how: string, tail: string): DebuggerError {
  const last = tail.trim() ? `; its last stderr output:\n${tail.trim().split("\n").slice(-10).join("\n")}` : "";
  return new DebuggerError(
    "ADAPTER_EXITED",
    `the debug adapter ${how}${last}`,
    "the session is over: `debugger start` begins a new one; `debugger logs` has details",
  );
}

const LISTEN_TIMEOUT_MS = 10_000;

/**
 * The adapter's pipes after it exited: drained, but not waited on for ever. A debuggee inherits
 * them (Delve gives the program its own stdout/stderr), so they close only when the program
 * does; waiting for that would keep a dead adapter's session "running" and its program alive.
 */
const DRAIN_AFTER_EXIT_MS = 1000;
export function drained(pipes: Promise<unknown>[]): Promise<unknown> {
  return Promise.race([Promise.all(pipes), Bun.sleep(DRAIN_AFTER_EXIT_MS)]);
}

/** A spawned adapter as `listening` watches it. */
interface Spawned {
  readonly exited: Promise<number>;
  readonly signalCode: NodeJS.Signals | number | null;
  kill(signal?: NodeJS.Signals): void;
}

/** How an adapter process ended: a signal, or its exit code. */
type ProcessEnd = { code: number | null; signal: string | null };

/**
 * An adapter server's address, once `announced` (from its output) says it: raced against the
 * process's end and LISTEN_TIMEOUT_MS; when it never says, the process is killed and the error
 * quotes `said()` (what it wrote). Also the process's end, after its `pipes` drain, and a kill.
 */
export async function listening(
  proc: Spawned,
  command: string[],
  announced: Promise<{ host: string; port: number }>,
  pipes: Promise<unknown>[],
  said: () => string,
) {
  const procExit: Promise<ProcessEnd> = proc.exited.then(async (code) => {
    await drained(pipes);
    const signal = proc.signalCode == null ? null : String(proc.signalCode);
    return { code: signal ? null : code, signal };
  });
  const kill = (signal: NodeJS.Signals = "SIGKILL") => {
    try {
      proc.kill(signal);
    } catch {}
  };
  const addr = await Promise.race([
    announced,
    procExit.then((how) => Promise.reject(exitMessage(how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code} before it listened`, said()))),
    Bun.sleep(LISTEN_TIMEOUT_MS).then(() =>
      Promise.reject(
        new DebuggerError("TIMEOUT", `${command[0]} did not say where it listens within ${LISTEN_TIMEOUT_MS / 1000} s`, "`debugger logs` shows its output"),
      ),
    ),
  ]).catch((e) => {
    kill();
    throw e;
  });
  return { addr, procExit, kill };
}
