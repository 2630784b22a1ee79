// `attach --wait NAME` (LLDB's `process attach --waitfor`): wait for a new process of that name to
// start, to attach to it — the way to debug a program that a script or a service starts. Linux
// only: /proc is read every POLL_MS; only processes that were not there when the wait began count
// (as LLDB's), only the user's own, and never one the caller says no to (the daemon's own tree).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { DebuggerError } from "../common/errors.ts";
import { log } from "../common/log.ts";
import { ClientGone } from "./cancel.ts";
import { lastSegment } from "../common/hostPath.ts";

const POLL_MS = 20;

export interface Appeared {
  pid: number;
  /** Other matching processes that appeared in the same poll (the newest was taken). */
  others: number[];
  /** Seconds waited. */
  seconds: number;
}

interface Seen {
  pid: number;
  /** Start time in clock ticks since boot: the newest is the greatest. */
  start: number;
}

/** The kernel's `comm` is the executable's name cut at 15 bytes. */
const COMM_MAX = 15;

/**
 * Does a process named NAME look like this one? Its `comm` (the executable's name, cut at 15
 * bytes), or the base name of its argv[0] (what `ps` and `pgrep -f` show, and a script's
 * `exec -a`); a long NAME matches a cut `comm` only when the executable's own name is NAME.
 */
export function processMatches(name: string, p: { comm: string; argv0?: string; exe?: string }): boolean {
  const base = (path: string | undefined) => (path === undefined ? undefined : lastSegment(path));
  if (base(p.argv0) === name) return true;
  if (name.length <= COMM_MAX) return p.comm === name;
  return p.comm === name.slice(0, COMM_MAX) && base(p.exe?.replace(/ \(deleted\)$/, "")) === name;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return undefined;
  }
}

/** Start time and state from /proc/PID/stat; undefined when gone. */
function stat(pid: number): { start: number; zombie: boolean } | undefined {
  const text = read(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // comm may hold spaces and ')': the fields resume after the last ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { start: Number(fields[19]), zombie: fields[0] === "Z" || fields[0] === "X" };
}

/** The real uid of a process (/proc/PID/status `Uid:`), or undefined. */
function uidOf(pid: number): number | undefined {
  const m = /^Uid:\s+(\d+)/m.exec(read(`/proc/${pid}/status`) ?? "");
  return m ? Number(m[1]) : undefined;
}

function pids(): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    const c = name.charCodeAt(0);
    if (c >= 48 && c <= 57) out.push(Number(name));
  }
  return out;
}

function matching(pid: number, name: string, uid: number | undefined): Seen | undefined {
  const comm = read(`/proc/${pid}/comm`)?.replace(/\n$/, "");
  if (comm === undefined) return undefined;
  const argv0 = read(`/proc/${pid}/cmdline`)?.split("\0")[0];
  let exe: string | undefined;
  if (name.length > COMM_MAX) {
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {}
  }
  if (!processMatches(name, { comm, argv0, exe })) return undefined;
  if (uid !== undefined && uidOf(pid) !== uid) return undefined;
  const s = stat(pid);
  return s && !s.zombie ? { pid, start: s.start } : undefined;
}

export interface WaitOptions {
  /** Seconds; 0 waits until the client goes. */
  timeout: number;
  /** Aborts when the client has gone (Ctrl-C, a killed CLI, an MCP cancel). */
  signal?: AbortSignal;
  /** False for a process that must not be attached (the daemon's tree, the caller's). */
  allowed(pid: number): boolean;
}

/** Waits for a new process named NAME; the newest when several appear at once. */
export async function waitForProcess(name: string, o: WaitOptions): Promise<Appeared> {
  if (process.platform !== "linux") {
    throw new DebuggerError(
      "UNSUPPORTED",
      `attach --wait watches /proc for new processes, which ${process.platform} has not`,
      "start the program, then attach by pid: `debugger attach $(pgrep -n NAME)`",
    );
  }
  const uid = process.getuid?.();
  const began = Date.now();
  // Processes there before the wait do not count (LLDB's --waitfor); a pid that goes away and
  // comes back is a new process.
  const before = new Set(pids());
  const existing = (): number[] => [...before].filter((pid) => matching(pid, name, uid) && o.allowed(pid));
  const skipped = new Set<number>();
  log("info", `attach --wait: waiting for a new process named '${name}'${o.timeout > 0 ? ` (at most ${o.timeout} s)` : ""}`);
  for (;;) {
    if (o.signal?.aborted) {
      log("info", `attach --wait: the client went away; no longer waiting for '${name}'`);
      throw new ClientGone();
    }
    const now = pids();
    const live = new Set(now);
    for (const pid of before) if (!live.has(pid)) before.delete(pid);
    const found: Seen[] = [];
    for (const pid of now) {
      if (before.has(pid) || skipped.has(pid)) continue;
      const m = matching(pid, name, uid);
      if (!m) continue;
      if (!o.allowed(pid)) {
        skipped.add(pid);
        continue;
      }
      found.push(m);
    }
    if (found.length) {
      found.sort((a, b) => b.start - a.start || b.pid - a.pid);
      log("info", `attach --wait: '${name}' started: pid ${found.map((f) => f.pid).join(", ")}`);
      return { pid: found[0]!.pid, others: found.slice(1).map((f) => f.pid), seconds: Math.round((Date.now() - began) / 100) / 10 };
    }
    if (o.timeout > 0 && Date.now() - began >= o.timeout * 1000) {
      const there = existing();
      throw new DebuggerError(
        "TIMEOUT",
        `no new process named '${name}' started within ${o.timeout} s`,
        there.length
          ? `${there.length === 1 ? `pid ${there[0]} was` : `pids ${there.slice(0, 5).join(", ")} were`} already running when the wait began (--wait takes only a new one): \`debugger attach ${Math.max(...there)}\``
          : `start it while \`debugger attach --wait ${name}\` waits (a name is the executable's, as \`pgrep\` matches it), or wait longer with --timeout SECONDS (0: until Ctrl-C)`,
      );
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(t);
        o.signal?.removeEventListener("abort", done);
        resolve();
      }
      o.signal?.addEventListener("abort", done, { once: true });
    });
  }
}
