// The session's lifecycle, from tables: each event in each phase, and what clients see.
import { describe, expect, test } from "bun:test";
import { expectation, hasEnded, publicState, reportPending, transition, type LifeEvent, type Phase } from "../../src/daemon/session/core/lifecycle.ts";

const starting: Phase = { name: "starting" };
const running: Phase = { name: "running" };
const stopped: Phase = { name: "stopped", reported: true };
const pending: Phase = { name: "stopped", reported: false };
const ending: Phase = { name: "ending", shown: "stopped" };
const exited: Phase = { name: "exited" };
const terminated: Phase = { name: "terminated" };

describe("transition", () => {
  const cases: [Phase, LifeEvent, Phase | "same"][] = [
    [terminated, { type: "start" }, starting],
    [starting, { type: "started" }, running],
    [running, { type: "started" }, "same"],
    [starting, { type: "stopped" }, pending],
    [running, { type: "stopped" }, pending],
    [stopped, { type: "stopped" }, pending],
    [pending, { type: "reported" }, stopped],
    [running, { type: "reported" }, "same"],
    [stopped, { type: "resumed" }, running],
    [pending, { type: "resumed" }, running],
    [running, { type: "resumed" }, "same"],
    [running, { type: "resumeFailed" }, pending],
    [stopped, { type: "resumeFailed" }, "same"],
    // After `terminated` the adapter's events no longer count.
    [running, { type: "terminated" }, { name: "ending", shown: "running" }],
    [ending, { type: "terminated" }, "same"],
    [ending, { type: "stopped" }, "same"],
    [ending, { type: "resumed" }, "same"],
    [exited, { type: "stopped" }, "same"],
    [ending, { type: "finished", exited: true }, exited],
    [ending, { type: "finished", exited: false }, terminated],
    [terminated, { type: "finished", exited: true }, exited],
    [running, { type: "ended" }, terminated],
    [ending, { type: "ended" }, terminated],
    [exited, { type: "ended" }, "same"],
    // The stop asked for travels with the phase until a report uses it.
    [starting, { type: "expect", what: "entry" }, { name: "starting", expecting: "entry" }],
    [running, { type: "expect", what: "pause" }, { name: "running", expecting: "pause" }],
    [stopped, { type: "expect", what: "pause" }, "same"],
    [{ name: "starting", expecting: "entry" }, { type: "started" }, { name: "running", expecting: "entry" }],
    [{ name: "running", expecting: "pause" }, { type: "stopped" }, { name: "stopped", reported: false, expecting: "pause" }],
    [{ name: "stopped", reported: false, expecting: "pause" }, { type: "expectationUsed" }, pending],
    [{ name: "stopped", reported: false, expecting: "pause" }, { type: "resumed" }, { name: "running", expecting: "pause" }],
    [pending, { type: "expectationUsed" }, "same"],
  ];
  for (const [from, event, to] of cases) {
    test(`${JSON.stringify(from)} + ${JSON.stringify(event)}`, () => {
      const next = transition(from, event);
      if (to === "same") expect(next).toBe(from);
      else expect(next).toEqual(to);
    });
  }
});

describe("what the phase says", () => {
  test("an ending session shows the state it had until its final report", () => {
    expect(publicState(ending)).toBe("stopped");
    expect(hasEnded(ending)).toBe(true);
    expect(publicState(pending)).toBe("stopped");
    expect(hasEnded(pending)).toBe(false);
  });
  test("a report is pending only between a stop and its report", () => {
    expect([starting, running, pending, stopped, ending, exited].map(reportPending)).toEqual([false, false, true, false, false, false]);
  });
  test("the expectation is read from the phase", () => {
    expect(expectation({ name: "running", expecting: "pause" })).toBe("pause");
    expect(expectation(stopped)).toBeUndefined();
    expect(expectation(terminated)).toBeUndefined();
  });
});
