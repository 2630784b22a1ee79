// Markers written behind a stopped program's output, to know when all it wrote has been read: a
// pipe keeps order, so the marker comes out after the program's bytes. The daemon's own pipes
// (programPipes.ts) and the pipes debugpy's launcher reads (launcherPipes.ts) both use them; the
// markers are taken out of the text before anything keeps it.

import { closeSync, constants, openSync, writeSync } from "node:fs";

export type Stream = "stdout" | "stderr";

/**
 * A marker line written into a named pipe the daemon reads. Non-blocking: a pipe the program filled
 * (its reader behind) is not waited on, and one with no reader at the moment is not written (a
 * throw, which SyncMarks.mark takes for "not written"). A marker is shorter than PIPE_BUF: all or nothing.
 */
export function writeToFifo(path: string, line: string): boolean {
  const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  try {
    writeSync(fd, line);
    return true;
  } finally {
    closeSync(fd);
  }
}

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

/** The markers of one set of streams: made, written, seen coming back, waited for. */
export class SyncMarks {
  readonly prefix = `\u0000debugger-sync-${crypto.randomUUID()}:`;
  private serial = 0;
  private readonly waiting = new Map<string, () => void>();

  /** A filter for one stream's text (a new one each time the stream is opened again). */
  filter(): MarkerFilter {
    return new MarkerFilter(this.prefix);
  }

  /** Markers a filter took out of `stream`: what waited for them goes on. */
  seen(stream: Stream, markers: readonly string[]): void {
    for (const m of markers) this.waiting.get(`${stream}:${m}`)?.();
  }

  /**
   * Writes a marker with `write` (false, or a throw: it could not be written) and resolves once it
   * came out of `stream`; undefined when it was not written.
   */
  mark(stream: Stream, write: (line: string) => boolean): Promise<void> | undefined {
    const key = `${stream}:${++this.serial}`;
    const done = new Promise<void>((resolve) => this.waiting.set(key, resolve));
    let written = false;
    try {
      written = write(`${this.prefix}${this.serial}\n`);
    } catch {}
    if (!written) {
      this.waiting.delete(key);
      return undefined;
    }
    return done.finally(() => this.waiting.delete(key));
  }

  /** Waits for the marks (at most maxMs); true when every stream's came back. */
  async settled(marks: readonly (Promise<void> | undefined)[], maxMs: number): Promise<boolean> {
    const made = marks.filter((m): m is Promise<void> => !!m);
    if (!made.length) return marks.length === 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const all = await Promise.race([
      Promise.all(made).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), maxMs);
      }),
    ]);
    clearTimeout(timer);
    return all && made.length === marks.length;
  }

  /** Lets every wait go (the streams are closed). */
  release(): void {
    for (const done of this.waiting.values()) done();
    this.waiting.clear();
  }
}
