// Several threads can stop at once (all-stop: one thread's breakpoint stops every thread, and
// others may have hit a breakpoint in the same instant). A report shows one thread; the others'
// hits wait here and the next `continue` reports them, one each, before anything resumes — as gdb
// does in all-stop mode. How they are known depends on the adapter:
// - lldb-dap sends one `stopped` event per thread that has a stop reason, all for the same stop;
// - Delve reports one goroutine and, on the next resume, steps the others past their breakpoints
//   unreported: a goroutine on a thread whose program counter is a breakpoint's address (learnt
//   from a hit reported there) stopped at it;
// - gdb keeps them and reports each on the next resume by itself: nothing to do.
// Any real resume ends the stop: what is still pending has run on (and was listed in the report).
import type { DapEventMap } from "../../../dap/types.ts";

export interface PendingHit {
  threadId: number;
  /** The `stopped` event to report it with (made up for an inferred one). */
  body: DapEventMap["stopped"];
  /** The breakpoints it hit (the CLI's ids; their hit counts already include it). */
  ids: number[];
}

/** Another thread's stop, as a report lists it. */
export interface OtherStop {
  threadId: number;
  breakpointIds?: number[];
  function?: string;
  file?: string;
  line?: number;
}

export class PendingHits {
  private hits: PendingHit[] = [];
  /** Threads already reported in this stop: a thread still sitting at the breakpoint it was reported at is not a new hit. */
  private reported = new Set<number>();
  /** Hits still pending when a step went out: thread → its adapter's breakpoint ids. */
  private readonly carried = new Map<number, string>();

  /** Would a hit of this thread be queued (not queued yet, not reported in this stop)? */
  accepts(threadId: number): boolean {
    return !this.reported.has(threadId) && !this.hits.some((h) => h.threadId === threadId);
  }

  /** Queues a hit; a thread already queued keeps its first, and a thread reported in this stop is not queued again. */
  add(hit: PendingHit): boolean {
    if (!this.accepts(hit.threadId)) return false;
    this.hits.push(hit);
    return true;
  }

  /** The next hit to report (or that thread's, when it has one), taken off the queue. */
  take(threadId?: number): PendingHit | undefined {
    const i = threadId === undefined ? 0 : this.hits.findIndex((h) => h.threadId === threadId);
    if (i < 0 || i >= this.hits.length) return undefined;
    return this.hits.splice(i, 1)[0];
  }

  /** A thread's hit is the one being reported: no longer pending, and not to be queued again in this stop. */
  reportedFor(threadId: number | undefined): void {
    if (threadId === undefined) return;
    this.reported.add(threadId);
    this.hits = this.hits.filter((h) => h.threadId !== threadId);
  }

  has(threadId: number): boolean {
    return this.hits.some((h) => h.threadId === threadId);
  }

  /** The program resumes: every thread runs on, and the next stop starts afresh. Returns what was still pending. */
  clear(): PendingHit[] {
    const was = this.hits;
    this.hits = [];
    this.reported.clear();
    this.carried.clear();
    return was;
  }

  /** A new stop: nothing of the last one is pending (the hits carried over a step stay known until the next resume). */
  newStop(): void {
    this.hits = [];
    this.reported.clear();
  }

  /**
   * A step resumes one thread: LLDB leaves the others where they are (a line without a call), and
   * lldb-dap then tells their old hits again with the step's stop. Such a hit is already counted:
   * `again` knows it by its thread and its breakpoints.
   */
  step(): void {
    const was = this.clear();
    for (const h of was) this.carried.set(h.threadId, (h.body.hitBreakpointIds ?? []).join(","));
  }

  /** Is this hit one that was pending before the step, told again (so not counted twice)? Asking consumes it. */
  again(threadId: number, adapterIds: readonly number[] | undefined): boolean {
    const ids = this.carried.get(threadId);
    this.carried.delete(threadId);
    return ids !== undefined && ids === (adapterIds ?? []).join(",");
  }

  list(): readonly PendingHit[] {
    return this.hits;
  }

  get size(): number {
    return this.hits.length;
  }
}

/** A frame as the adapter gives it, with its program counter. */
export interface TopFrame {
  name: string;
  line: number;
  source?: { path?: string; name?: string };
  instructionPointerReference?: string;
}

/**
 * Delve: the goroutines (other than the reported one) that sit on an OS thread with their program
 * counter at an address where a breakpoint was hit before. Delve names a goroutine that runs on a
 * thread `[Go 23] main.work (Thread 15731)`; a parked goroutine cannot have hit anything. Each
 * match gives the breakpoint (the CLI's id) it stopped at.
 */
export function stoppedAtBreakpoints(
  threads: readonly { id: number; name: string }[],
  tops: ReadonlyMap<number, TopFrame | undefined>,
  addresses: ReadonlyMap<string, number>,
  reported: number | undefined,
): { threadId: number; breakpointId: number }[] {
  const out: { threadId: number; breakpointId: number }[] = [];
  for (const t of threads) {
    if (t.id === reported || !/\(Thread \d+\)/.test(t.name)) continue;
    const pc = tops.get(t.id)?.instructionPointerReference;
    const id = pc ? addresses.get(normaliseAddress(pc)) : undefined;
    if (id !== undefined) out.push({ threadId: t.id, breakpointId: id });
  }
  return out;
}

/** `0x0049b3c6` and `0x49b3c6` are one address. */
export function normaliseAddress(pc: string): string {
  const m = /^0x0*([0-9a-f]+)$/i.exec(pc.trim());
  return m ? `0x${m[1]!.toLowerCase()}` : pc.trim().toLowerCase();
}
