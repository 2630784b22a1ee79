// Two named pipes the daemon reads, for a launched program's stdout and stderr, where the adapter
// would otherwise carry them on a channel that is not the program's. cdt-gdb-adapter: the program
// shares gdb's stdout, which the adapter parses as GDB/MI, line by line: a line starting with
// digits lost them as an MI token ("42\n" arrived as "2"), a line starting with `~`, `*`, `=` or `^`
// was taken for a record, bytes were decoded as UTF-8 per read. Through the pipes every byte
// arrives, each stream apart, and the program sees a pipe as it did before (and as under `| cat`).
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Stream, SyncMarks, writeToFifo } from "./syncMarks.ts";

export interface ProgramPipes {
  stdout: string;
  stderr: string;
  /**
   * Resolves once what the program wrote so far has been read (at most `maxMs`). Exact: a marker
   * written behind the program's bytes comes out of each pipe after them, since a pipe keeps order.
   */
  settled(maxMs?: number): Promise<void>;
  close(): void;
}

/** A private directory with two named pipes, `stdout` and `stderr`; undefined where they cannot be made. */
export function makeFifos(): { dir: string; stdout: string; stderr: string } | undefined {
  if (process.platform === "win32") return undefined;
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "debugger-out-"));
    // Node's fs has no mkfifo: coreutils' (argv, no shell).
    const made = Bun.spawnSync(["mkfifo", "-m", "600", join(dir, "stdout"), join(dir, "stderr")], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    if (made.exitCode !== 0) {
      rmSync(dir, { recursive: true, force: true });
      return undefined;
    }
  } catch {
    return undefined;
  }
  return { dir, stdout: join(dir, "stdout"), stderr: join(dir, "stderr") };
}

/** Opens the pipes; their output goes to `onText`. Undefined where named pipes cannot be made. */
export function openProgramPipes(onText: (stream: Stream, text: string) => void): ProgramPipes | undefined {
  const fifos = makeFifos();
  if (!fifos) return undefined;
  const { dir } = fifos;
  const marks = new SyncMarks();
  let closed = false;

  const read = async (stream: Stream) => {
    const path = join(dir, stream);
    // Each time the pipe's last writer closes it (the program ended; a restart opens it again).
    while (!closed) {
      const decoder = new TextDecoder();
      const filter = marks.filter();
      try {
        for await (const bytes of Bun.file(path).stream()) {
          const { text, markers } = filter.push(decoder.decode(bytes, { stream: true }));
          if (text) onText(stream, text);
          marks.seen(stream, markers);
        }
      } catch {
        if (closed) break;
        await Bun.sleep(10);
      }
      const rest = filter.flush() + decoder.decode();
      if (rest) onText(stream, rest);
    }
  };
  void read("stdout");
  void read("stderr");

  // Non-blocking: no reader at this moment (between two opens) or a pipe full of output the
  // program is blocked on is not waited for. A reader still waiting for its first writer gets
  // the marker, then the end of the stream, and opens again.
  const mark = (stream: Stream) => (closed ? undefined : marks.mark(stream, (line) => writeToFifo(join(dir, stream), line)));

  return {
    stdout: join(dir, "stdout"),
    stderr: join(dir, "stderr"),
    async settled(maxMs = 500) {
      await marks.settled([mark("stdout"), mark("stderr")], maxMs);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const s of ["stdout", "stderr"] as const) {
        // A reader still waiting for a program that never opened its pipe: a writer that comes
        // and goes lets its open return (and the loop end).
        try {
          closeSync(openSync(join(dir, s), constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {}
      }
      rmSync(dir, { recursive: true, force: true });
      marks.release();
    },
  };
}
