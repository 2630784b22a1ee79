// A pseudo-terminal the daemon owns, for the debuggee's stdin/stdout/stderr. lldb-dap-19 otherwise
// reads the program's pty itself and drains it through SBProcess::GetSTDOUT, which erases each
// 1 KiB it hands out from the front of one growing buffer: O(n²) in the output size (a 2 × 16 MB
// flood took 48 s, 42 s of it lldb-dap's CPU in that memmove). With `target.output-path` pointing
// at our pty the program writes to us directly and keeps a terminal (line-buffered stdio).
import { readdirSync, readlinkSync } from "node:fs";

export interface ProgramTerminal {
  /** The slave side, e.g. /dev/pts/7: what the program opens as its stdio. */
  path: string;
  /**
   * Resolves once no output has come for `quietMs` (at most `maxMs`). A program that has exited
   * wrote everything already, but the pty is read on the event loop: its last bytes can trail
   * the adapter's `exited` event.
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
    let lastData = performance.now();
    const terminal = new Bun.Terminal({
      cols: 200,
      rows: 50,
      data: (_t, bytes) => {
        lastData = performance.now();
        onText(decoder.decode(bytes, { stream: true }));
      },
    });
    const fresh = [...ptySlaves()].filter(([fd]) => !before.has(fd));
    if (fresh.length !== 1) {
      terminal.close();
      return undefined;
    }
    terminal.unref();
    const settled = async (quietMs = 30, maxMs = 500) => {
      const deadline = performance.now() + maxMs;
      do await Bun.sleep(quietMs);
      while (performance.now() - lastData < quietMs && performance.now() < deadline);
    };
    return { path: fresh[0]![1], settled, close: () => terminal.close() };
  } catch {
    return undefined;
  }
}
