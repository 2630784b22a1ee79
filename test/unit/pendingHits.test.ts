// The pending-hit queue: other threads' hits of one all-stop stop wait for the next `continue`,
// one report each; a thread is reported once per stop; a resume ends the stop; a hit told again
// after a step is known (not counted twice); Delve's goroutines at a breakpoint's address.
import { describe, expect, test } from "bun:test";
import { normaliseAddress, PendingHits, stoppedAtBreakpoints, type PendingHit } from "../../src/daemon/session/stops/pendingHits.ts";

const hit = (threadId: number, adapterIds = [1], ids = [1]): PendingHit => ({
  threadId,
  ids,
  body: { reason: "breakpoint", threadId, hitBreakpointIds: adapterIds, allThreadsStopped: true },
});

describe("PendingHits", () => {
  test("hits are reported in the order they came, one per thread", () => {
    const p = new PendingHits();
    expect(p.add(hit(11))).toBe(true);
    expect(p.add(hit(12))).toBe(true);
    expect(p.add(hit(11, [2], [2]))).toBe(false); // a thread keeps its first hit
    expect(p.size).toBe(2);
    expect(p.take()?.threadId).toBe(11);
    expect(p.take()?.threadId).toBe(12);
    expect(p.take()).toBeUndefined();
  });

  test("take(thread) takes that thread's hit, or none", () => {
    const p = new PendingHits();
    p.add(hit(11));
    p.add(hit(12));
    expect(p.take(12)?.threadId).toBe(12);
    expect(p.take(13)).toBeUndefined();
    expect(p.list().map((h) => h.threadId)).toEqual([11]);
  });

  test("a thread reported in this stop is not queued again (Delve: it still sits at the breakpoint)", () => {
    const p = new PendingHits();
    p.add(hit(11));
    p.reportedFor(10); // the stop's own thread
    p.reportedFor(11); // then 11's hit, by `continue`
    expect(p.size).toBe(0);
    expect(p.accepts(10)).toBe(false);
    expect(p.add(hit(10))).toBe(false);
    expect(p.add(hit(11))).toBe(false);
    expect(p.accepts(12)).toBe(true);
  });

  test("a resume ends the stop: nothing pending, every thread may hit again", () => {
    const p = new PendingHits();
    p.add(hit(11));
    p.reportedFor(10);
    expect(p.clear().map((h) => h.threadId)).toEqual([11]);
    expect(p.size).toBe(0);
    expect(p.accepts(10)).toBe(true);
    expect(p.again(11, [1])).toBe(false); // a continue carries nothing over
  });

  test("a new stop starts afresh", () => {
    const p = new PendingHits();
    p.add(hit(11));
    p.reportedFor(10);
    p.newStop();
    expect(p.size).toBe(0);
    expect(p.accepts(10)).toBe(true);
  });

  test("after a step, the same thread told again at the same breakpoints is the old hit (once); another breakpoint is a new one", () => {
    const p = new PendingHits();
    p.add(hit(11, [1]));
    p.add(hit(12, [1]));
    p.step();
    expect(p.size).toBe(0);
    p.newStop(); // the step's stop keeps what was carried
    expect(p.again(11, [1])).toBe(true);
    expect(p.again(11, [1])).toBe(false); // asking consumes it
    expect(p.again(12, [2])).toBe(false);
    expect(p.again(13, [1])).toBe(false);
    p.add(hit(14));
    p.step();
    p.clear(); // a continue after the step: nothing carried any more
    expect(p.again(14, [1])).toBe(false);
  });
});

describe("stoppedAtBreakpoints (Delve)", () => {
  const threads = [
    { id: 1, name: "[Go 1] sync.runtime_Semacquire" },
    { id: 20, name: "[Go 20] main.work (Thread 101)" },
    { id: 21, name: "* [Go 21] main.work (Thread 102)" },
    { id: 22, name: "[Go 22] main.work (Thread 103)" },
    { id: 23, name: "[Go 23] main.work" },
  ];
  const at = (pc: string) => ({ name: "main.work", line: 22, source: { path: "/p/main.go" }, instructionPointerReference: pc });
  const tops = new Map([
    [1, at("0x49b3c6")], // parked: not on a thread, cannot have hit anything
    [20, at("0x49b3c6")],
    [21, at("0x49b3c6")],
    [22, at("0x49b3d0")], // mid-line, past the breakpoint
    [23, at("0x49b3c6")],
  ]);
  const addresses = new Map([[normaliseAddress("0x000000000049b3c6"), 7]]);

  test("goroutines on a thread at a breakpoint's address, but the reported one", () => {
    expect(stoppedAtBreakpoints(threads, tops, addresses, 21)).toEqual([{ threadId: 20, breakpointId: 7 }]);
  });

  test("no known address, no inference", () => {
    expect(stoppedAtBreakpoints(threads, tops, new Map(), 21)).toEqual([]);
  });

  test("addresses compare as numbers written in hex", () => {
    expect(normaliseAddress("0x000049B3C6")).toBe("0x49b3c6");
    expect(normaliseAddress("0x0")).toBe("0x0");
  });
});
