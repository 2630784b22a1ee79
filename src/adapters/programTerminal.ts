// A pseudo-terminal the daemon owns, for the debuggee's stdin/stdout/stderr. lldb-dap-19 otherwise
// reads the program's pty itself and drains it through SBProcess::GetSTDOUT, which erases each
// 1 KiB it hands out from the front of one growing buffer: O(n²) in the output size (a 2 × 16 MB
// flood took 48 s, 42 s of it lldb-dap's CPU in that memmove). With `target.output-path` pointing
// at our pty the program writes to us directly and keeps a terminal (line-buffered stdio).
//
// What the program wrote before it stopped is read on the event loop, so it can trail the stop
// event. A wait for quiet cost every stop 1–3 ms (the timer's granularity) and still guessed; a
// marker the daemon writes on the slave side comes out of the master after the program's bytes
// (one tty, one queue), so once it is read, everything written before it was too.
import { closeSync, constants, openSync, readdirSync, readlinkSync, writeSync } from "node:fs";
import { SyncMarks } from "./syncMarks.ts";

export interface ProgramTerminal {
  /** The slave side, e.g. /dev/pts/7: what the program opens as its stdio. */
  path: string;
  /**
   * Resolves once what the program wrote so far has been read (at most `maxMs`): a marker behind
   * its bytes has come through. Where no marker can be written (the slave cannot be opened, or
   * the program stopped the terminal's output), once no output has come for `quietMs`.
   */
  settled(quietMs?: number, maxMs?: number): Promise<void>;
  close(): void;
}

function ptySlaves(): Map<string, string> {
  const found = new Map<string, string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith("/dev/pts/")) found.set(fd, target);
    } catch {}
  }
  return found;
}

/**
 * Opens a pty whose output goes to `onText`; undefined where the slave's path cannot be learned
 * (Bun.Terminal does not expose it; on Linux /proc/self/fd shows the fd it opened), in which case
 * the adapter keeps its own pty.
 */
export function openProgramTerminal(onText: (text: string) => void): ProgramTerminal | undefined {
  if (process.platform !== "linux" || typeof Bun.Terminal !== "function") return undefined;
  try {
    const before = ptySlaves();
    const decoder = new TextDecoder();
    const marks = new SyncMarks();
    const filter = marks.filter();
    let lastData = performance.now();
    const terminal = new Bun.Terminal({
      cols: 200,
      rows: 50,
      data: (_t, bytes) => {
        lastData = performance.now();
        const { text, markers } = filter.push(decoder.decode(bytes, { stream: true }));
        if (text) onText(text);
        // The tty's output processing may have made the marker's \n a \r\n.
        marks.seen(
          "stdout",
          markers.map((m) => (m.endsWith("\r") ? m.slice(0, -1) : m)),
        );
      },
    });
    const fresh = [...ptySlaves()].filter(([fd]) => !before.has(fd));
    if (fresh.length !== 1) {
      terminal.close();
      return undefined;
    }
    terminal.unref();
    const path = fresh[0]![1];
    const quiet = async (quietMs: number, deadline: number) => {
      do await Bun.sleep(quietMs);
      while (performance.now() - lastData < quietMs && performance.now() < deadline);
    };
    /** Writes a marker on the slave side; undefined where it cannot be written now (nothing is then written). */
    const mark = (): Promise<void> | undefined =>
      marks.mark("stdout", (line) => {
        const bytes = Buffer.from(line);
        // Non-blocking (a full or stopped pty must not hold the daemon) and never the daemon's
        // controlling terminal.
        let fd: number | undefined = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
        try {
          const wrote = writeSync(fd, bytes);
          if (wrote < bytes.length) {
            // Part of it went in (the pty nearly full): the rest must follow, or the program's
            // output would keep half a marker; the reader frees room as it reads.
            const owned = fd;
            fd = undefined;
            void finish(owned, bytes.subarray(wrote));
          }
          return true;
        } finally {
          if (fd !== undefined) closeSync(fd);
        }
      });
    const finish = async (fd: number, rest: Buffer) => {
      try {
        for (let i = 0; rest.length && i < 5000 && !terminal.closed; i++) {
          try {
            rest = rest.subarray(writeSync(fd, rest));
          } catch {
            await Bun.sleep(1);
          }
        }
      } finally {
        closeSync(fd);
      }
    };
    const settled = async (quietMs = 30, maxMs = 500) => {
      const deadline = performance.now() + maxMs;
      const marked = terminal.closed ? undefined : mark();
      if (!marked) return quiet(quietMs, deadline);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([marked, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
      clearTimeout(timer);
    };
    return {
      path,
      settled,
      close: () => {
        terminal.close();
        marks.release();
      },
    };
  } catch {
    return undefined;
  }
}
