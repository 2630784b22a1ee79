// Every byte a session's program prints (stdout and stderr, in the order they came) is also
// appended to a file of its own, so nothing is lost to the in-memory buffer's bound or to a reply's
// size, and it stays readable after the session ends (a `run` ends its session before it replies).
// A file is 0600 in a 0700 directory of the user's (beside daemon.log); it is created at the
// program's first byte. Disk is bounded: one file stops growing at `file_max_bytes` (and says so in
// its last line), and when a file is created, files older than `files_days` go, then the oldest
// until all of them together fit in `files_max_bytes`. Files of live sessions are never removed.
import { closeSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync, writeSync, constants } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../../common/config.ts";
import { makeDirPrivate } from "../../../common/privateFiles.ts";
import { outputDir } from "../../../common/paths.ts";
import { log } from "../../../common/log.ts";

export const FILE_MAX_BYTES = 256 * 1024 * 1024;
export const FILES_MAX_BYTES = 1024 * 1024 * 1024;
export const FILES_DAYS = 7;

/** Paths of files still written to: never pruned. */
const open = new Set<string>();

export interface OutputFileState {
  path: string;
  /** Bytes of the program's output written to the file (the whole output unless `full`). */
  bytes: number;
  /** Newlines among them. */
  lines: number;
  /** The file reached its bound: output after `bytes` is not in it. */
  full: boolean;
  /** Why writing stopped short (ENOSPC…): output after `bytes` is not in it. */
  error?: string;
}

export class OutputFile {
  private fd: number | undefined;
  private state: OutputFileState | undefined;
  /** The file could not be written (said once in the log; the replies then say where it stopped, state.error). */
  private failed = false;
  private readonly maxBytes: number;

  constructor(
    private readonly session: string,
    private readonly config: Config,
  ) {
    this.maxBytes = config.output.file_max_bytes ?? FILE_MAX_BYTES;
  }

  /** What the file holds so far; undefined before the first byte or when it cannot be written. */
  get info(): OutputFileState | undefined {
    return this.state && { ...this.state };
  }

  write(text: string): void {
    if (!text || this.failed || this.state?.full) return;
    try {
      if (this.fd === undefined) this.create();
      const st = this.state!;
      let bytes = Buffer.from(text);
      if (st.bytes + bytes.length > this.maxBytes) {
        // Cut at the last whole line that fits, then one line saying where the file stopped.
        let room = bytes.subarray(0, Math.max(0, this.maxBytes - st.bytes));
        const nl = room.lastIndexOf(10);
        room = nl >= 0 ? room.subarray(0, nl + 1) : room.subarray(0, 0);
        bytes = room;
        st.full = true;
      }
      // A full disk writes part of a buffer before it fails: only what was written is counted.
      for (let done = 0; done < bytes.length; ) {
        const n = writeSync(this.fd!, bytes, done);
        for (let i = bytes.indexOf(10, done); i >= 0 && i < done + n; i = bytes.indexOf(10, i + 1)) st.lines++;
        done += n;
        st.bytes += n;
      }
      if (st.full) {
        writeSync(this.fd!, `\n[debugger: this file stops at ${this.maxBytes} bytes ([output] file_max_bytes); the rest of the output is not kept here]\n`);
        this.close();
      }
    } catch (e) {
      this.failed = true;
      const code = (e as NodeJS.ErrnoException).code;
      // What happened and the way on, as the report's note says it (programOutput.ts).
      const room = "free space there, or set XDG_STATE_HOME elsewhere";
      if (this.state)
        this.state.error =
          code === "ENOSPC"
            ? `no space left on the device (ENOSPC); ${room}`
            : code === "EDQUOT"
              ? `disk quota exceeded (EDQUOT); ${room}`
              : code === "EFBIG"
                ? "the daemon's file size limit (EFBIG; `ulimit -f`, then `debugger daemon stop`)"
                : (e as Error).message;
      log("warn", `${this.session}: cannot keep the program's output in a file: ${(e as Error).message}`);
      this.close();
    }
  }

  close(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {}
      this.fd = undefined;
    }
    if (this.state) open.delete(this.state.path);
  }

  private create(): void {
    const dir = outputDir();
    makeDirPrivate(dir);
    prune(dir, this.config);
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
    const path = join(dir, `${stamp}-${this.session}-${process.pid}-${Math.random().toString(36).slice(2, 6)}.log`);
    // O_EXCL|O_NOFOLLOW: never written through a name someone else put there.
    this.fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_APPEND, 0o600);
    this.state = { path, bytes: 0, lines: 0, full: false };
    open.add(path);
  }
}

/** Removes old files, then the oldest until the rest fit the bound. */
export function prune(dir: string, config: Config, now = Date.now()): void {
  const maxTotal = config.output.files_max_bytes ?? FILES_MAX_BYTES;
  const maxAge = (config.output.files_days ?? FILES_DAYS) * 86_400_000;
  let files: { path: string; size: number; mtime: number }[] = [];
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(".log")) continue;
      const path = join(dir, name);
      try {
        const st = statSync(path);
        if (st.isFile()) files.push({ path, size: st.size, mtime: st.mtimeMs });
      } catch {}
    }
  } catch {
    return;
  }
  files = files.filter((f) => !open.has(f.path)).sort((a, b) => a.mtime - b.mtime);
  let total = files.reduce((sum, f) => sum + f.size, 0);
  for (const f of files) {
    if (now - f.mtime <= maxAge && total <= maxTotal) break;
    try {
      unlinkSync(f.path);
      total -= f.size;
    } catch {}
  }
}
