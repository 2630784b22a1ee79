// Which processes an adapter started, so a launched program can be ended when its adapter dies
// without ending it (it would otherwise live on with parent pid 1). A process is named by its pid
// and its start time, so a pid reused by an unrelated process is never signalled.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessId {
  pid: number;
  /** Start time in clock ticks since boot (/proc/PID/stat field 22). */
  start: string;
}

interface Stat {
  ppid: number;
  start: string;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may contain spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z") return undefined;
    return { ppid: Number(fields[1]), start: fields[19]! };
  } catch {
    return undefined;
  }
}

/** Whether a recorded process is still that process and not a zombie (Linux /proc). */
export function running(p: ProcessId): boolean {
  return stat(p.pid)?.start === p.start;
}

/**
 * How a recorded process ended, while it is a zombie its tracer has not yet waited for (gdb, when
 * the program is killed while stopped): the wait status in /proc/PID/stat (field 52, Linux 3.5+).
 * Undefined for a process that is alive, gone, or another process with the same pid.
 */
export function zombieEnd(p: ProcessId): { signal: number } | { code: number } | undefined {
  try {
    const text = readFileSync(`/proc/${p.pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z" || fields[19] !== p.start || fields.length < 50) return undefined;
    const status = Number(fields[49]);
    return status & 0x7f ? { signal: status & 0x7f } : { code: (status >> 8) & 0xff };
  } catch {
    return undefined;
  }
}

/** The kernel's PF_EXITING (include/linux/sched.h): the task is in do_exit. */
const PF_EXITING = 0x4;
/** SIGKILL's bit in /proc/PID/status's pending masks. */
const SIGKILL_BIT = 1n << 8n;

/**
 * A recorded process on its way out: in do_exit, or with SIGKILL pending. It is not a zombie yet,
 * and no tracer can touch it any more: a big program takes ~50 ms a GiB to free its memory (4 GiB
 * killed while stopped was a running process for ~200 ms, and the adapter's resume of it failed).
 */
export function dying(p: ProcessId): boolean {
  try {
    const text = readFileSync(`/proc/${p.pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // Stopped (a tracer holds it: SIGKILL would have woken it), a zombie, or another process.
    if (fields[19] !== p.start || "ZXtT".includes(fields[0]!)) return false;
    if (Number(fields[6]) & PF_EXITING) return true;
    // SIGKILL wakes a sleeper at once: pending, it is seen only on a running (or uninterruptible) one.
    if (fields[0] !== "R" && fields[0] !== "D") return false;
    const status = readFileSync(`/proc/${p.pid}/status`, "utf8");
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some((m) => (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n);
  } catch {
    return false;
  }
}

/** Every live descendant of `root` (Linux /proc; elsewhere only `also`), plus `also` if given. */
export function descendants(root: number, also?: number): ProcessId[] {
  const parents = new Map<number, number[]>();
  const starts = new Map<number, string>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {}
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    starts.set(Number(name), s.start);
    const list = parents.get(s.ppid) ?? [];
    list.push(Number(name));
    parents.set(s.ppid, list);
  }
  const out: ProcessId[] = [];
  const todo = [...(parents.get(root) ?? [])];
  while (todo.length) {
    const pid = todo.pop()!;
    out.push({ pid, start: starts.get(pid)! });
    todo.push(...(parents.get(pid) ?? []));
  }
  if (also && !out.some((p) => p.pid === also)) {
    const s = stat(also);
    if (s) out.push({ pid: also, start: s.start });
  }
  return out;
}

/**
 * Live processes whose environment holds `entry` (NAME=VALUE). Processes inherit it from the
 * adapter, and keep it when the adapter dies and they are re-parented, which the tree does not.
 */
export function withEnvironment(entry: string): ProcessId[] {
  const out: ProcessId[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {}
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, "latin1").split("\0").includes(entry)) continue;
    } catch {
      continue;
    }
    const s = stat(Number(name));
    if (s) out.push({ pid: Number(name), start: s.start });
  }
  return out;
}

/**
 * SIGKILLs each recorded process that is still the same process; returns the pids signalled.
 * Which are still theirs is read before any is signalled, and the list's later entries (a
 * tree's children) go first: ending a tracer (lldb-server, gdb) ends what it traces, and the
 * program gone by then was still ended here.
 */
export function endProcesses(list: readonly ProcessId[]): number[] {
  const live = list.filter((p) => {
    const now = stat(p.pid);
    return now !== undefined && now.start === p.start && p.pid !== process.pid;
  });
  const ended: number[] = [];
  for (const p of live.reverse()) {
    try {
      process.kill(p.pid, "SIGKILL");
      ended.push(p.pid);
    } catch (e) {
      // Gone since it was read: ended by one signalled before it.
      if ((e as NodeJS.ErrnoException).code === "ESRCH") ended.push(p.pid);
    }
  }
  return ended.reverse();
}
