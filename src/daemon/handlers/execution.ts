// Execution commands: each resumes the program and waits for the stop it leads to.
import { DebuggerError } from "../../common/errors.ts";
import type { ArgsOut, Replies, StopData, TraceHit } from "../../ipc/commands.ts";
import type { StopReport } from "../../ipc/types.ts";
import type { ResumeKind, Session } from "../session/session.ts";
import { ClientGone, leaveStopped } from "../cancel.ts";
import { Interrupted } from "../session/runControl.ts";
import { located, stopData, waitForStop, withConditionCosts, type Handlers } from "./common.ts";
import { truthy } from "../session/breakpoints/conditionProbe.ts";
import { interruptRuns } from "../runInterrupts.ts";
import { pauseAndReport } from "../pause.ts";
import { laterRead, Passes } from "../runPasses.ts";
import { siteOf } from "../stopSite.ts";

/**
 * Runs a stepping command `count` times; stops early at anything that is not a plain step, and at a
 * pause (Ctrl-C): then the reply is where the program is.
 */
async function resume(s: Session, kind: ResumeKind, a: ArgsOut<"next">, signal?: AbortSignal): Promise<StopData & { loopHint?: string }> {
  const before = s.state === "stopped" ? s.lastReport : undefined;
  const paused = s.control.interrupts;
  const undrive = a.count > 1 ? s.control.drive() : () => {};
  try {
    return await resumeCounted(s, kind, a, paused, before, signal);
  } finally {
    undrive();
  }
}

async function resumeCounted(
  s: Session,
  kind: ResumeKind,
  a: ArgsOut<"next">,
  paused: number,
  before: StopReport | undefined,
  signal?: AbortSignal,
): Promise<StopData & { loopHint?: string }> {
  let report: StopReport | undefined;
  const began = Date.now();
  for (let i = 0; i < a.count; i++) {
    let waiter: Promise<StopReport>;
    try {
      // The prints travel with the last resume: the builder reads them at its stop (no second trip).
      ({ stop: waiter } = await s.control.resume(kind, a.thread, paused, a.wait && i === a.count - 1 ? a.print : undefined));
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
      report = await s.control.awaitStop();
      break;
    }
    if (!a.wait) {
      waiter.catch(() => {});
      return { state: s.state, waiting: true };
    }
    report = await waitForStop(s, waiter, a.timeout, signal);
    if (!s.live || (report.reason !== "step" && kind !== "continue")) break;
  }
  const data = await stopData(s, report!, a.print);
  if (kind === "continue" && data.stop) data.stop = withConditionCosts(s, data.stop, began);
  const hint = kind === "continue" && s.live ? loopHint(s, before, report!, a.print) : undefined;
  return hint ? { ...data, loopHint: hint } : data;
}

/** Passes a loop hint offers to walk. */
const LOOP_PASSES = 20;

/**
 * A `continue` back at the breakpoint it left (the same one, the same line, the same thread): a
 * loop walked one call a pass. The reply names the one call that walks N passes with a row each.
 */
export function loopHint(s: Session, before: StopReport | undefined, now: StopReport, prints: string[]): string | undefined {
  if (before?.reason !== "breakpoint" || now.reason !== "breakpoint" || !now.breakpointIds.length) return undefined;
  const same = now.breakpointIds.find((id) => before.breakpointIds.includes(id));
  if (same === undefined || before.threadId !== now.threadId || before.frame?.file !== now.frame?.file || before.frame?.line !== now.frame?.line)
    return undefined;
  const bp = s.breakpoints.registry.get(same);
  if (!bp || bp.kind === "data") return undefined;
  const location = bp.condition ? `${bp.location} if ${bp.condition}` : bp.location;
  const asked = prints.length ? prints : (bp.prints ?? []);
  const printed = asked.length ? asked.map((p) => ` --print ${shellWord(p)}`).join("") : " --print EXPR";
  return `Breakpoint ${same} again: \`debugger trace ${shellWord(location)}${printed} --max ${LOOP_PASSES}\` walks ${LOOP_PASSES} passes in one call, a row of values each.`;
}

/** A word as a POSIX shell reads it back: bare when safe, else single-quoted. */
function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

export const executionHandlers: Handlers<"continue" | "next" | "step" | "finish" | "until" | "pause" | "await" | "trace"> = {
  continue: (a, caller, ctx, stream): Promise<Replies["continue"]> => resume(ctx.registry.get(caller.session), "continue", a, stream?.signal),
  next: (a, caller, ctx, stream): Promise<Replies["next"]> => resume(ctx.registry.get(caller.session), "next", a, stream?.signal),
  step: (a, caller, ctx, stream): Promise<Replies["step"]> => resume(ctx.registry.get(caller.session), "stepIn", a, stream?.signal),
  finish: (a, caller, ctx, stream): Promise<Replies["finish"]> => resume(ctx.registry.get(caller.session), "stepOut", a, stream?.signal),

  async until(a, caller, ctx, stream): Promise<Replies["until"]> {
    const l = await located(a.location, caller.cwd);
    const s = ctx.registry.get(caller.session);
    s.requireRunnable("until");
    s.requireStopped();
    const bp = await s.breakpoints.add(l.text, l.loc, { temporary: true, condition: l.condition, prints: l.prints });
    try {
      const paused = s.control.interrupts;
      let waiter: Promise<StopReport>;
      try {
        ({ stop: waiter } = await s.control.resume("continue", undefined, paused));
      } catch (e) {
        // A pause came before the program ran: the reply is where it is.
        if (e instanceof Interrupted) return await stopData(s, await s.control.awaitStop(), a.print);
        throw e;
      }
      if (!a.wait) {
        waiter.catch(() => {});
        return { state: s.state, waiting: true, breakpoint: bp.id };
      }
      return await stopData(s, await waitForStop(s, waiter, a.timeout, stream?.signal), a.print);
    } finally {
      // Stopped somewhere else first: the temporary breakpoint goes all the same, as in gdb.
      if (s.breakpoints.registry.get(bp.id) && (s.state === "stopped" || !s.live)) await s.breakpoints.remove([bp.id]).catch(() => {});
    }
  },

  async pause(a, caller, ctx): Promise<Replies["pause"]> {
    if (a.ofRun) {
      // Ctrl-C in `run`: the run's reply says where its program was.
      interruptRuns(caller.session);
      return { state: "running", waiting: true };
    }
    const s = ctx.registry.get(caller.session);
    return pauseAndReport(s, a);
  },

  /**
   * Runs the program, recording values at each hit of a location (a breakpoint of its own, with
   * the condition), until `max` hits, the end, another stop or the timeout. Each hit is a real
   * stop: the values are exact, not a log message's text.
   */
  async trace(a, caller, ctx, stream): Promise<Replies["trace"]> {
    const l = await located(a.location, caller.cwd);
    if (l.condition && a.if) throw new DebuggerError("USAGE", "two conditions: 'LOC if COND' and --if", "give one of them");
    const s = ctx.registry.get(caller.session);
    s.requireRunnable("trace");
    s.requireLive();
    const bp = await s.breakpoints.add(l.text, l.loc, { condition: a.if ?? l.condition });
    // A breakpoint of the user's on the same line may be the only one the adapter names (one
    // breakpoint per line in DAP; lldb-dap, Delve): a breakpoint stop on its line is its hit too,
    // when the trace's own condition holds there (read at the stop: the user's held, not
    // necessarily the trace's). The line is told by where the program stopped (against where the
    // adapter put the trace's breakpoint) or by a named breakpoint asked for there.
    const onTraceLine = (stop: StopReport) =>
      stop.reason === "breakpoint" &&
      ((!!stop.frame?.file && stop.frame.file === (bp.resolvedFile ?? bp.file) && stop.frame.line === (bp.resolvedLine ?? bp.line)) ||
        stop.breakpointIds.some((id) => {
          const other = s.breakpoints.registry.get(id);
          return !!other && other.id !== bp.id && other.file !== undefined && other.file === bp.file && other.line === bp.line;
        }));
    // An adapter that names no breakpoint (cdt-gdb-adapter) gets every breakpoint of the line named
    // (stopReportBuilder's matchLocation), whichever condition held: a shared stop is checked too.
    const isHit = async (stop: StopReport): Promise<boolean> => {
      if (stop.breakpointIds.includes(bp.id) && (!bp.condition || stop.breakpointIds.length === 1)) return true;
      if (!onTraceLine(stop)) return false;
      if (!bp.condition) return true;
      const [held] = await s.displays.evaluate([bp.condition]);
      return held?.value !== undefined && truthy(held.value, s.adapter) === true;
    };
    const hits: TraceHit[] = [];
    const passes = new Passes();
    const deadline = a.timeout > 0 ? Date.now() + a.timeout * 1000 : Infinity;
    let stop: StopReport | undefined;
    let stoppedBy: Replies["trace"]["stoppedBy"] = "other";
    const signal = stream?.signal;
    let waiter: Promise<StopReport> | undefined;
    // A pause (Ctrl-C in the CLI) ends the trace where the program is, with the hits so far.
    const paused = s.control.interrupts;
    const undrive = s.control.drive();
    const began = Date.now();
    try {
      for (;;) {
        if (signal?.aborted) throw new ClientGone();
        if (s.state === "stopped") {
          try {
            waiter = (await s.control.resume("continue", undefined, paused)).stop;
          } catch (e) {
            if (!(e instanceof Interrupted)) throw e;
            stoppedBy = "interrupted";
            stop = await s.control.awaitStop();
            break;
          }
        } else waiter = s.control.awaitStop();
        const left = deadline === Infinity ? 0 : Math.max(0.001, (deadline - Date.now()) / 1000);
        try {
          stop = await waitForStop(s, waiter, left, signal);
        } catch (e) {
          if (e instanceof DebuggerError && e.code === "TIMEOUT" && !(e instanceof ClientGone)) {
            waiter.catch(() => {});
            stoppedBy = "timeout";
            break;
          }
          throw e;
        }
        if (!s.live) {
          stoppedBy = "exit";
          break;
        }
        if (!(await isHit(stop))) {
          if (s.control.interrupts !== paused) stoppedBy = "interrupted";
          break;
        }
        if (signal?.aborted) throw new ClientGone();
        // One pass of the line is one row, as in `run` (a call whose arguments span lines stops twice a pass).
        const samePass = passes.add(await siteOf(s, stop)) && hits.length > 0;
        // Past --max only to finish the last pass at its other code locations: a new pass is not shown.
        if (hits.length >= a.max && !samePass) {
          stoppedBy = "max";
          break;
        }
        const values = (await s.displays.evaluate([...new Set([...a.print, ...(l.prints ?? [])])], stop)).map(({ expression, value, error }) => ({
          expression,
          ...(error !== undefined ? { error } : { value }),
        }));
        if (samePass) {
          const row = hits.at(-1)!;
          row.values = laterRead(row.values, values);
          row.locations = (row.locations ?? 1) + 1;
        } else hits.push({ hit: hits.length + 1, threadId: stop.threadId, values });
        s.reportShownAsRow();
        if (hits.length >= a.max && !passes.mayGoOn()) {
          stoppedBy = "max";
          break;
        }
      }
      // Before its breakpoint goes: what its condition (or another's) cost.
      if (stop) stop = withConditionCosts(s, stop, began);
    } catch (e) {
      if (e instanceof ClientGone) {
        // Nobody reads this trace any more: the program is left stopped, and the next reply says where.
        const where = await leaveStopped(s, waiter);
        ctx.notify?.(s.name, `the trace of ${l.text} was interrupted after ${hits.length} hit${hits.length === 1 ? "" : "s"} (its client went away); ${where}`);
      }
      throw e;
    } finally {
      undrive();
      // The trace's breakpoint is its own: it goes when the trace ends, whatever ended it.
      if (s.breakpoints.registry.get(bp.id)) {
        if (s.live) await s.breakpoints.remove([bp.id]).catch(() => {});
        else s.breakpoints.registry.remove(bp.id);
      }
    }
    return { state: s.state, ...(stoppedBy === "timeout" ? {} : { stop }), hits, breakpoint: bp.id, stoppedBy };
  },

  async await(a, caller, ctx, stream): Promise<Replies["await"]> {
    const s = ctx.registry.get(caller.session);
    return stopData(s, await waitForStop(s, s.control.awaitStop(), a.timeout, stream?.signal), a.print);
  },
};
