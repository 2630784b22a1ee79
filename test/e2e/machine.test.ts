// The daemon's own check of whether hardware watchpoints fire (a perf event on one of its words,
// src/common/hardwareWatch.ts) must agree with gdb's watchpoint on a real program (test/harness/machine.ts).
import { expect, test } from "bun:test";
import { hardwareWatchpointsFire as byPerfEvent } from "../../src/common/hardwareWatch.ts";
import { hardwareWatchpointsFire as byGdb } from "../harness/machine.ts";

const gdbHere = Bun.which("gdb") !== null && Bun.which("gcc") !== null;

test.skipIf(!gdbHere || process.platform !== "linux")("the perf-event check and gdb agree on whether hardware watchpoints fire", () => {
  const perf = byPerfEvent();
  // undefined: this kernel refuses perf events (perf_event_paranoid, seccomp), so the daemon says nothing.
  if (perf !== undefined) expect(perf).toBe(byGdb());
  expect(byPerfEvent()).toBe(perf); // asked once, remembered
});
