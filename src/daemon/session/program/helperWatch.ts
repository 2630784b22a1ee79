// An adapter's helper processes: what runs between the adapter and the program it launched
// (lldb-server under lldb-dap, gdb under cdt-gdb-adapter, debugpy's launcher). When one dies the
// adapter may not notice (cdt-gdb-adapter kept the session "running" for ever) or may report an
// exit while the program runs on with parent pid 1 (lldb-dap after lldb-server's death): the
// session then ends, the program is ended, and the report names the process that died.
import { readFileSync, readlinkSync, realpathSync } from "node:fs";
import { parentPid } from "./guards.ts";

export interface Helper {
  pid: number;
  /** Start time (/proc/PID/stat field 22): a reused pid is not the helper. */
  start: string;
  name: string;
}

function stat(pid: number): { state: string; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "?";
  }
}

/**
 * The adapter's helpers among the processes it started: its direct children other than the
 * program (lldb-server, gdb, debugpy's launcher; the program runs below them). Works without the
 * program's pid, which cdt-gdb-adapter never reports.
 */
/** The program's real path, to tell it from a helper (Delve runs it as its own child). */
export function realProgram(path: string | undefined): string | undefined {
  try {
    return path ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}

export function helpersOf(
  adapterPid: number,
  started: readonly { pid: number }[],
  programPid: number | undefined,
  programPath?: string,
  parentOf: (pid: number) => number | undefined = parentPid,
): Helper[] {
  const out: Helper[] = [];
  for (const { pid } of started) {
    if (pid === programPid || parentOf(pid) !== adapterPid || (programPath && exeOf(pid) === programPath)) continue;
    const s = stat(pid);
    if (s) out.push({ pid, start: s.start, name: comm(pid) });
  }
  return out;
}

function exeOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie, and still the same process. */
export function isAlive(pid: number, start?: string): boolean {
  const s = stat(pid);
  return !!s && s.state !== "Z" && s.state !== "X" && (start === undefined || s.start === start);
}

/** The first helper that is gone, if any. */
export function deadHelper(helpers: readonly Helper[]): Helper | undefined {
  return helpers.find((h) => !isAlive(h.pid, h.start));
}
