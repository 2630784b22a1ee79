// The end of the stop pipeline: reports numbered, kept (the last one, a bounded history for
// `events`) and handed to whoever waits for the next stop. A waiter registers before the request
// that causes the stop goes out, so a fast stop is never missed.
import type { StopReport } from "../../../ipc/types.ts";
import { SeenFrames } from "./seenFrames.ts";
import { newReport } from "./stopReport.ts";

const HISTORY_LIMIT = 100;

interface Waiter {
  resolve: (r: StopReport) => void;
  reject: (e: Error) => void;
}

export class Reports {
  readonly history: StopReport[] = [];
  last: StopReport | undefined;
  /** What the reports so far have shown (each report's `seen`). */
  readonly seen = new SeenFrames();
  private seq = 0;
  private readonly waiters = new Set<Waiter>();

  /** A new, empty report with the next number. */
  create(reason: string): StopReport {
    return newReport(++this.seq, reason);
  }

  /** Interest in the next report, or in the failure that means there will be none. */
  next(): { promise: Promise<StopReport>; cancel: () => void } {
    let waiter!: Waiter;
    const promise = new Promise<StopReport>((resolve, reject) => {
      waiter = { resolve, reject };
    });
    this.waiters.add(waiter);
    return { promise, cancel: () => this.waiters.delete(waiter) };
  }

  publish(report: StopReport): void {
    this.keep(report);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    for (const w of this.waiters) w.resolve(report);
    this.waiters.clear();
  }

  /** A report kept for `events` and `status`, while the waiters get `err` (the adapter died). */
  keep(report: StopReport): void {
    this.last = report;
    this.history.push(report);
  }

  fail(err: Error): void {
    for (const w of this.waiters) w.reject(err);
    this.waiters.clear();
  }
}
