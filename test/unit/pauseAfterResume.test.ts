// A pause asked straight after a resume (Ctrl-C on a trace, an MCP cancel) waits up to 150 ms for
// the stop the program makes on its own, and answers with it; no `pause` request then goes out (an
// interrupt racing a breakpoint stop stalls lldb-dap for 20 s and wedges the session). Later, or
// with no stop of its own, the pause goes out as before.
import { describe, expect, test } from "bun:test";
import type { StopReport } from "../../src/ipc/types.ts";
import type { BreakpointSync } from "../../src/daemon/session/breakpoints/breakpointSync.ts";
import type { Displays } from "../../src/daemon/session/stops/displays.ts";
import type { Ending } from "../../src/daemon/session/ending.ts";
import type { SessionCore } from "../../src/daemon/session/facts.ts";
import type { Inspector } from "../../src/daemon/session/inspection/inspector.ts";
import { RunControl } from "../../src/daemon/session/runControl.ts";

/** A running session whose adapter answers every request at once and records it; `stopIn(ms)` makes the program stop on its own. */
function running() {
  const requests: string[] = [];
  const waiters: ((r: StopReport) => void)[] = [];
  const host = {
    name: "s",
    state: "running",
    live: true,
    client: {
      request: async (command: string) => {
        requests.push(command);
        return {};
      },
    },
    go(e: { type: string }) {
      if (e.type === "resumed") host.state = "running";
      return true;
    },
    nextStop() {
      let resolve!: (r: StopReport) => void;
      const promise = new Promise<StopReport>((r) => (resolve = r));
      waiters.push(resolve);
      return { promise, cancel: () => waiters.splice(waiters.indexOf(resolve), 1) };
    },
    requireRunnable() {},
    requireLive: () => host.client,
    run: async (fn: (q: unknown) => Promise<unknown>) => fn({}),
  };
  const stopIn = (ms: number, line: number) =>
    setTimeout(() => {
      host.state = "stopped";
      for (const w of waiters.splice(0)) w({ reason: "breakpoint", frame: { line } } as unknown as StopReport);
    }, ms);
  const inspector = { currentThreadId: 1, invalidate() {}, defaultThread: async () => 1, stopReader: {} };
  // Only what a pause and passing a stop touch: no breakpoints, displays or ending are read.
  const rc = new RunControl(host as unknown as SessionCore, inspector as unknown as Inspector, {} as BreakpointSync, {} as Ending, {} as Displays);
  return { rc, host, requests, stopIn };
}

describe("a pause straight after a resume", () => {
  test("the program's own stop within the window is the pause's answer; no pause request goes out", async () => {
    const { rc, requests, stopIn } = running();
    expect(await rc.passStop(1)).toBe(true); // a resume: `continue` goes out
    stopIn(30, 12);
    const { stop } = await rc.pause();
    expect((await stop).frame).toEqual({ line: 12 } as never);
    expect(requests).toEqual(["continue"]);
  });

  test("no stop of its own within the window: the pause goes out", async () => {
    const { rc, host, requests } = running();
    await rc.passStop(1);
    const asked = performance.now();
    const { stop } = await rc.pause();
    expect(performance.now() - asked).toBeGreaterThanOrEqual(140); // it waited the window out first
    expect(requests).toEqual(["continue", "pause"]);
    expect(host.state).toBe("running");
    void stop;
  });

  test("a pause long after the resume goes out at once", async () => {
    const { rc, requests, stopIn } = running();
    await rc.passStop(1);
    await Bun.sleep(200);
    stopIn(30, 12); // a stop that a pause still waiting would take as its answer
    await rc.pause();
    expect(requests).toEqual(["continue", "pause"]);
  });
});

test("a stop passed to finish the step it cut short sends that step, and the command's own resume kind stays", async () => {
  const { rc, requests } = running();
  rc.lastResume = "next";
  expect(await rc.passStop(1, "stepIn")).toBe(true);
  expect(requests).toEqual(["stepIn"]);
  expect(rc.lastResume).toBe("next");
});
