// How a program under lldb-dap ended, from lldb-server's own log. LLDB 19 reports a death by
// signal N as the exit status N (SBProcess::GetExitStatus is 9 for a SIGKILL and for exit(9): the
// client drops the W/X distinction of the gdb-remote packet). lldb-server, which waits for the
// program, logs the wait status with its "posix process" channel: "waitpid(-1, &status, _) = PID,
// status = Killed by signal 9" or "Exited with status 9". LLDB starts lldb-server with
// --log-file/--log-channels when lldb-dap's environment has LLDB_DEBUGSERVER_LOG_FILE and
// LLDB_SERVER_LOG_CHANNELS. One log for the daemon, in its private runtime directory, appended by
// every lldb-server (lines tell the pids apart); emptied when it passes LOG_MAX_BYTES (lldb-server
// appends, so it goes on writing at the new end).
import { closeSync, openSync, readSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { runtimeDir } from "../common/paths.ts";

const LOG_MAX_BYTES = 8 * 1024 * 1024;
/** The end of the log read for a program's last line: its exit is among the last things logged. */
const TAIL_BYTES = 256 * 1024;
const CHECK_MS = 30_000;

let checker: ReturnType<typeof setInterval> | undefined;

export function lldbServerLogPath(): string {
  return join(runtimeDir(), "lldb-server.log");
}

/** The variables lldbServerLogEnv sets (the program is kept from them). */
export const LLDB_SERVER_LOG_VARS = ["LLDB_DEBUGSERVER_LOG_FILE", "LLDB_SERVER_LOG_CHANNELS"] as const;

/** lldb-dap's environment for the log (and the bound on its size, checked from now on). */
export function lldbServerLogEnv(): Record<string, string> {
  // Created 0600 here: lldb-server would create it with the umask's mode.
  try {
    closeSync(openSync(lldbServerLogPath(), "a", 0o600));
  } catch {}
  boundLog();
  checker ??= setInterval(boundLog, CHECK_MS);
  checker.unref?.();
  const [file, channels] = LLDB_SERVER_LOG_VARS;
  return { [file]: lldbServerLogPath(), [channels]: "posix process" };
}

function boundLog(): void {
  try {
    if (statSync(lldbServerLogPath()).size > LOG_MAX_BYTES) truncateSync(lldbServerLogPath(), 0);
  } catch {}
}

/** The signal that killed `pid` (0: it exited), or undefined when the log does not say. */
export function signalFromLldbServerLog(pid: number): number | undefined {
  let text: string;
  try {
    const path = lldbServerLogPath();
    const size = statSync(path).size;
    const from = Math.max(0, size - TAIL_BYTES);
    const buf = Buffer.alloc(size - from);
    const fd = openSync(path, "r");
    try {
      readSync(fd, buf, 0, buf.length, from);
    } finally {
      closeSync(fd);
    }
    text = buf.toString("latin1");
  } catch {
    return undefined;
  }
  const ends = [...text.matchAll(new RegExp(`waitpid\\([^)]*\\) = ${pid}, status = (?:Killed by signal (\\d+)|Exited with status \\d+)`, "g"))];
  const last = ends.at(-1);
  return last ? (last[1] ? Number(last[1]) : 0) : undefined;
}
