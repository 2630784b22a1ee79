// A child's stdout and stderr as named pipes the daemon reads, where Bun's "pipe" would give the
// child Unix socket pairs: a program that inherits them saw a socket where a plain `prog | cat`
// gives it a pipe. Used for an adapter whose launched program inherits its stdio (Delve: dlv
// 1.20's launch cannot redirect the program's) and for a program the daemon starts itself for an
// adapter (js-debug's runInTerminal). The program sees a FIFO, as under a shell's pipe, and a stop
// can wait for a marker written behind its bytes (syncMarks.ts), so its report has every byte the
// program wrote before it (no wait for a line end).
import { closeSync, constants, openSync, rmSync } from "node:fs";
import { makeFifos } from "./programPipes.ts";
import { type Stream, SyncMarks, writeToFifo } from "./syncMarks.ts";

export interface StdioFifos {
  /** The write ends, for the child's stdout and stderr; closed here by spawned(). */
  readonly fds: Readonly<Record<Stream, number>>;
  /** After the spawn (or its failure): the daemon keeps only the read ends. */
  spawned(): void;
  /** A stream's bytes, in the order written, until every writer has closed it. */
  stream(which: Stream): ReadableStream<Uint8Array>;
  /** `onText` for one stream, with the markers taken out (and waits on them released). */
  filtered(which: Stream, onText: (text: string) => void): { push(text: string): void; end(): void };
  /** Resolves once what was written so far has been read (at most `maxMs`); true if exactly so. */
  settled(maxMs: number): Promise<boolean>;
  /** The adapter is gone and its streams drained (or given up on), or it never started: the pipes' directory goes. */
  close(): void;
}

/**
 * Undefined where named pipes cannot be made (Windows, no mkfifo) or are not tried: off Linux a
 * FIFO's non-blocking read end under Bun's stream has not been run, so Bun's own pipes stay there.
 */
export function openStdioFifos(): StdioFifos | undefined {
  if (process.platform !== "linux") return undefined;
  const made = makeFifos();
  if (!made) return undefined;
  const paths: Record<Stream, string> = { stdout: made.stdout, stderr: made.stderr };
  const read: Partial<Record<Stream, number>> = {};
  const write: Partial<Record<Stream, number>> = {};
  try {
    for (const s of ["stdout", "stderr"] as const) {
      // The read end first, non-blocking (no writer yet); then the write end, which a reader lets open.
      read[s] = openSync(paths[s], constants.O_RDONLY | constants.O_NONBLOCK);
      write[s] = openSync(paths[s], constants.O_WRONLY);
    }
  } catch {
    for (const fd of [...Object.values(read), ...Object.values(write)]) closeSync(fd);
    rmSync(made.dir, { recursive: true, force: true });
    return undefined;
  }
  const marks = new SyncMarks();
  const ended: Record<Stream, boolean> = { stdout: false, stderr: false };
  const reading: Record<Stream, boolean> = { stdout: false, stderr: false };
  let closed = false;
  const mark = (s: Stream) => (closed || ended[s] ? undefined : marks.mark(s, (line) => writeToFifo(paths[s], line)));
  return {
    fds: { stdout: write.stdout!, stderr: write.stderr! },
    spawned() {
      for (const s of ["stdout", "stderr"] as const) {
        if (write[s] === undefined) continue;
        closeSync(write[s]);
        write[s] = undefined;
      }
    },
    stream(s) {
      reading[s] = true;
      return Bun.file(read[s]!).stream();
    },
    filtered(s, onText) {
      const filter = marks.filter();
      return {
        push(text) {
          const { text: own, markers } = filter.push(text);
          if (own) onText(own);
          marks.seen(s, markers);
        },
        end() {
          const rest = filter.flush();
          if (rest) onText(rest);
          ended[s] = true;
          // Bun's stream leaves the descriptor open at the end.
          closeSync(read[s]!);
        },
      };
    },
    settled: (maxMs) => marks.settled([mark("stdout"), mark("stderr")], maxMs),
    close() {
      if (closed) return;
      closed = true;
      // A stream never read (the spawn failed): its descriptor is closed here, not by its end.
      for (const s of ["stdout", "stderr"] as const) if (!reading[s]) closeSync(read[s]!);
      rmSync(made.dir, { recursive: true, force: true });
      marks.release();
    },
  };
}

/** What Bun.spawn takes for stdout and stderr: the fifos' write ends, or Bun's own pipes without them. */
type Outputs = { stdout: "pipe"; stderr: "pipe" };

/**
 * Runs `spawn` with the fifos' write ends as the child's stdout and stderr (Bun's pipes without
 * fifos); the daemon then keeps only the read ends, and a failed spawn leaves nothing behind.
 */
export function spawnOnFifos<T>(fifos: StdioFifos | undefined, spawn: (outputs: Outputs) => T): T {
  try {
    // Typed as Bun's "pipe" so the child's type stays one: with fifos its own streams go unread.
    return spawn({ stdout: (fifos?.fds.stdout ?? "pipe") as "pipe", stderr: (fifos?.fds.stderr ?? "pipe") as "pipe" });
  } catch (e) {
    fifos?.close();
    throw e;
  } finally {
    fifos?.spawned();
  }
}

/** One of the child's streams as text, in order: from its fifo (markers taken out) where it has one, else `own`. */
export async function readOutput(fifos: StdioFifos | undefined, which: Stream, own: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  const marked = fifos?.filtered(which, onText);
  const push = marked?.push ?? onText;
  try {
    for await (const chunk of fifos ? fifos.stream(which) : own) push(decoder.decode(chunk, { stream: true }));
    const rest = decoder.decode();
    if (rest) push(rest);
  } finally {
    marked?.end();
  }
}
