// Two named pipes the daemon reads, for a launched program's stdout and stderr, where the adapter
// would otherwise carry them on a channel that is not the program's. cdt-gdb-adapter: the program
// shares gdb's stdout, which the adapter parses as GDB/MI, line by line: a line starting with
// digits lost them as an MI token ("42\n" arrived as "2"), a line starting with `~`, `*`, `=` or `^`
// was taken for a record, bytes were decoded as UTF-8 per read. Through the pipes every byte
// arrives, each stream apart, and the program sees a pipe as it did before (and as under `| cat`).
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

type Stream = "stdout" | "stderr";

/** Splits a stream's text into the program's and the daemon's markers, across reads. Pure. */
export class MarkerFilter {
  private held = "";
  constructor(private readonly prefix: string) {}

  /** The program's text in `text` (a tail that may begin a marker is held), and the markers seen. */
  push(text: string): { text: string; markers: string[] } {
    let all = this.held + text;
    this.held = "";
    const markers: string[] = [];
    let out = "";
    for (;;) {
      const at = all.indexOf(this.prefix);
      if (at < 0) break;
      const end = all.indexOf("\n", at + this.prefix.length);
      if (end < 0) break;
      out += all.slice(0, at);
      markers.push(all.slice(at + this.prefix.length, end));
      all = all.slice(end + 1);
    }
    // Hold a tail that could be the start of a marker (or a whole one still missing its end).
    const open = all.indexOf(this.prefix);
    let keep = open >= 0 ? open : all.length;
    if (open < 0) {
      for (let n = Math.min(this.prefix.length - 1, all.length); n > 0; n--) {
        if (this.prefix.startsWith(all.slice(-n))) {
          keep = all.length - n;
          break;
        }
      }
    }
    this.held = all.slice(keep);
    return { text: out + all.slice(0, keep), markers };
  }

  /** Whatever is held (the stream ended). */
  flush(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }
}

/** Opens the pipes; their output goes to `onText`. Undefined where named pipes cannot be made. */
export function openProgramPipes(onText: (stream: Stream, text: string) => void): ProgramPipes | undefined {
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
  const prefix = `\u0000debugger-sync-${crypto.randomUUID()}:`;
  let closed = false;
  let serial = 0;
  const waiting = new Map<string, () => void>();

  const read = async (stream: Stream) => {
    const path = join(dir, stream);
    // Each time the pipe's last writer closes it (the program ended; a restart opens it again).
    while (!closed) {
      const decoder = new TextDecoder();
      const filter = new MarkerFilter(prefix);
      try {
        for await (const bytes of Bun.file(path).stream()) {
          const { text, markers } = filter.push(decoder.decode(bytes, { stream: true }));
          if (text) onText(stream, text);
          for (const m of markers) waiting.get(`${stream}:${m}`)?.();
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

  const mark = (stream: Stream): Promise<void> | undefined => {
    if (closed) return undefined;
    const id = String(++serial);
    let fd: number | undefined;
    try {
      // Non-blocking: no reader at this moment (between two opens) or a pipe full of output the
      // program is blocked on is not waited for. A reader still waiting for its first writer gets
      // the marker, then the end of the stream, and opens again.
      fd = openSync(join(dir, stream), constants.O_WRONLY | constants.O_NONBLOCK);
      const done = new Promise<void>((resolve) => waiting.set(`${stream}:${id}`, resolve));
      writeSync(fd, `${prefix}${id}\n`);
      return done.finally(() => waiting.delete(`${stream}:${id}`));
    } catch {
      waiting.delete(`${stream}:${id}`);
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  };

  return {
    stdout: join(dir, "stdout"),
    stderr: join(dir, "stderr"),
    async settled(maxMs = 500) {
      const marks = (["stdout", "stderr"] as const).flatMap((s) => mark(s) ?? []);
      if (!marks.length) return;
      await Promise.race([Promise.all(marks), Bun.sleep(maxMs)]);
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
      for (const done of waiting.values()) done();
      waiting.clear();
    },
  };
}
