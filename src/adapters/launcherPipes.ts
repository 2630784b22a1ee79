// The pipes an adapter's launcher reads for the program it started (debugpy's: the program's stdout
// and stderr are pipes to the launcher, which sends what it reads as output events). The stop comes
// on another connection (pydevd's), so at a stop the program's last output could still be in the
// launcher or on its way: a program that printed 3,000 lines and raised was reported with 2,164 of
// them. A marker written into the same pipe behind the program's bytes comes back as output after
// them: once it has, the output is whole. Linux only (/proc), and only while the program's fd 1 and
// 2 are still the pipes its launcher reads: a program that sent its stdout to a file gets no marker.
import { closeSync, constants, fstatSync, openSync, readdirSync, readlinkSync, writeSync } from "node:fs";
import { type Stream, SyncMarks } from "./syncMarks.ts";

export interface LauncherPipes {
  readonly programPid: number;
  /** The program's text in one output event of `stream`, without the markers. */
  pass(stream: Stream, text: string): string;
  /** Resolves once what the program wrote so far came back as output (at most `maxMs`); true if exactly so. */
  settled(maxMs: number): Promise<boolean>;
  close(): void;
}

const FDS: Record<Stream, number> = { stdout: 1, stderr: 2 };

/** The inode of the pipe `link` names (`pipe:[123]`), if it is one. */
function pipeInode(link: string | undefined): number | undefined {
  const m = link && /^pipe:\[(\d+)\]$/.exec(link);
  return m ? Number(m[1]) : undefined;
}

function link(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The program's stdout and stderr pipes, where `launcherPid` holds the other end of each; undefined
 * where it does not (or /proc cannot tell).
 */
export function followLauncherPipes(programPid: number, launcherPid: number): LauncherPipes | undefined {
  if (process.platform !== "linux") return undefined;
  let theirs: Set<number>;
  try {
    theirs = new Set(readdirSync(`/proc/${launcherPid}/fd`).flatMap((fd) => pipeInode(link(`/proc/${launcherPid}/fd/${fd}`)) ?? []));
  } catch {
    return undefined;
  }
  const inodes = {} as Record<Stream, number>;
  for (const stream of ["stdout", "stderr"] as const) {
    const inode = pipeInode(link(`/proc/${programPid}/fd/${FDS[stream]}`));
    if (inode === undefined || !theirs.has(inode)) return undefined;
    inodes[stream] = inode;
  }
  const marks = new SyncMarks();
  const filters = { stdout: marks.filter(), stderr: marks.filter() };
  let closed = false;

  const mark = (stream: Stream) =>
    closed
      ? undefined
      : marks.mark(stream, (line) => {
          // Non-blocking: a pipe the program filled (its launcher behind) is not waited on.
          const fd = openSync(`/proc/${programPid}/fd/${FDS[stream]}`, constants.O_WRONLY | constants.O_NONBLOCK);
          try {
            // The fd is checked once open: between a look and the open the program may have
            // pointed it elsewhere, and then nothing is written.
            if (fstatSync(fd).ino !== inodes[stream]) return false;
            writeSync(fd, line);
            return true;
          } finally {
            closeSync(fd);
          }
        });

  return {
    programPid,
    pass(stream, text) {
      const { text: out, markers } = filters[stream].push(text);
      marks.seen(stream, markers);
      return out;
    },
    settled(maxMs) {
      return marks.settled([mark("stdout"), mark("stderr")], maxMs);
    },
    close() {
      closed = true;
      marks.release();
    },
  };
}
