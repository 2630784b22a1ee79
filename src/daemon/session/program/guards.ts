// Processes the debugger must never attach to. A tracer stops its tracee: attaching to the
// daemon, one of its adapters or a process the daemon waits on (its ancestors, the CLI that asked
// and that CLI's ancestors) freezes every session until the tracer is killed by hand.
import { readFileSync } from "node:fs";
import { DebuggerError } from "../../../common/errors.ts";

/** Parent pid from /proc/PID/stat, or undefined when the process is gone or /proc is absent. */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm (field 2) is in parentheses and may hold spaces or ')': fields resume after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(rest[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** PID and its ancestors, nearest first, up to and including pid 1 (bounded against cycles). */
export function ancestry(pid: number, parentOf: (pid: number) => number | undefined = parentPid): number[] {
  const chain: number[] = [];
  for (let p: number | undefined = pid; p !== undefined && p > 0 && chain.length < 4096 && !chain.includes(p); p = parentOf(p)) chain.push(p);
  return chain;
}

export interface AttachGuardContext {
  /** The daemon's pid (default: this process). */
  daemonPid?: number;
  /** Pids of the adapters the daemon runs. */
  adapterPids: readonly (number | undefined)[];
  /** The pid of the CLI that asked (request args `clientPid`). */
  clientPid?: number;
  /** The programs sessions debug (launched or attached), by session name. */
  programs?: readonly { pid: number | undefined; session: string }[];
  /** Spare adapters the daemon keeps warm. */
  sparePids?: readonly (number | undefined)[];
  /** For tests: the parent of a pid. */
  parentOf?: (pid: number) => number | undefined;
}

/** Throws INVALID_ARGUMENT when attaching to `pid` would stop the debugger itself or its caller. */
export function refuseSelfAttach(pid: number, ctx: AttachGuardContext): void {
  const daemon = ctx.daemonPid ?? process.pid;
  const parentOf = ctx.parentOf ?? parentPid;
  const refuse = (what: string) => {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `refusing to attach to pid ${pid}: it is ${what}, and stopping it under the debugger would freeze the debugger itself`,
      "attach to the program you are debugging: `debugger attach PID` with its pid (`pgrep -n NAME` finds it)",
    );
  };
  if (pid === daemon) refuse("the debugger's daemon");
  if (ctx.adapterPids.includes(pid)) refuse("one of the debugger's debug adapters");
  if (ctx.sparePids?.includes(pid)) refuse("a spare debug adapter the debugger keeps warm");
  const program = ctx.programs?.find((p) => p.pid === pid);
  if (program) {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `refusing to attach to pid ${pid}: it is the program of session '${program.session}', already under the debugger`,
      `\`debugger status --session ${program.session}\` shows it; \`debugger detach --session ${program.session}\` lets it go first`,
    );
  }
  // Below the daemon: an adapter's helper (lldb-server, gdb, debugpy's launcher), a spare, or
  // something they started. A program's own children (a forked worker) are fair game.
  const chain = ancestry(pid, parentOf);
  const below = chain.indexOf(daemon);
  if (below > 0) {
    const programs = new Set((ctx.programs ?? []).map((p) => p.pid));
    if (!chain.slice(1, below).some((p) => programs.has(p))) {
      const via = chain[below - 1]!;
      refuse(
        `a process the debugger itself runs (${ctx.adapterPids.includes(via) ? `started by debug adapter ${via}` : ctx.sparePids?.includes(via) ? `started by spare adapter ${via}` : `below the daemon ${daemon}`}: an adapter's helper such as lldb-server, gdb or debugpy's launcher)`,
      );
    }
  }
  if (ancestry(daemon, parentOf).includes(pid)) refuse("an ancestor of the debugger's daemon");
  if (ctx.clientPid !== undefined) {
    if (pid === ctx.clientPid) refuse("the debugger command that asked");
    if (ancestry(ctx.clientPid, parentOf).includes(pid)) refuse("an ancestor of the debugger command that asked (its shell or agent)");
  }
}
