// A command's `--print` values: read by the report builder at the stop (they travel with the
// resume), handed out without another trip through the session's queue, even once the program
// has moved on; a report without them is read as before.
import { expect, test } from "bun:test";
import { Displays } from "../../src/daemon/session/stops/displays.ts";
import type { InQueue } from "../../src/daemon/session/core/queue.ts";
import { newReport } from "../../src/daemon/session/stops/stopReport.ts";
import type { SessionState, StopReport } from "../../src/ipc/types.ts";

function displays(state: SessionState, last: StopReport | undefined, trips: string[]) {
  return new Displays(
    {
      run: (fn) => {
        trips.push("queue");
        return fn(Object.freeze({}) as InQueue);
      },
      state,
      lastReport: last,
    },
    { displaysNow: async (_q, items) => items.map(({ expression }) => ({ expression, value: "now" })) },
  );
}

test("prints the builder read are the reply's, with no queue trip, even after the program ran on", async () => {
  const report = newReport(1, "breakpoint");
  const trips: string[] = [];
  const d = displays("running", undefined, trips);
  d.printed(report, { expressions: ["x"], values: [{ expression: "x", value: "at the stop" }] });
  expect((await d.withPrints(report, ["x"])).displays).toEqual([{ expression: "x", value: "at the stop" }]);
  expect(trips).toEqual([]);
});

test("other expressions than those read at the stop are read now", async () => {
  const report = newReport(1, "breakpoint");
  const trips: string[] = [];
  const d = displays("stopped", report, trips);
  d.printed(report, { expressions: ["x"], values: [{ expression: "x", value: "at the stop" }] });
  expect((await d.withPrints(report, ["y"])).displays).toEqual([{ expression: "y", value: "now" }]);
  expect(trips).toEqual(["queue"]);
});

test("without them, a stop that is past says why", async () => {
  const report = newReport(1, "breakpoint");
  const d = displays("running", report, []);
  expect((await d.withPrints(report, ["x"])).displays).toEqual([{ expression: "x", error: "the program has run on" }]);
});
