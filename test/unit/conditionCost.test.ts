// Issue 31 item 7: what a condition checked at every pass of a hot line cost, and the faster
// adapter where one is installed for the same programs.
import { describe, expect, test } from "bun:test";
import { CONDITION_MS, fasterAdapter } from "../../src/common/conditionCost.ts";
import { conditionCosts } from "../../src/daemon/session/breakpoints/conditionProbe.ts";
import type { Breakpoint } from "../../src/daemon/session/breakpoints/breakpointRegistry.ts";
import { conditionCostLines } from "../../src/present/text.ts";

function hot(handedAgoMs: number): Breakpoint {
  const bp = { id: 1, location: "hot.c:7", kind: "line", enabled: true, verified: true, hits: 0, condition: "i < 0" } as Breakpoint;
  (bp as Breakpoint & { probe: unknown }).probe = {
    active: false,
    done: true,
    more: true,
    hits: 100,
    spentMs: 900,
    handedAt: Date.now() - handedAgoMs,
  };
  return bp;
}

describe("condition costs", () => {
  test("a faster adapter for the same programs, only where installed and markedly faster", () => {
    const slow = CONDITION_MS["lldb-dap"]!;
    const fast = CONDITION_MS.gdb!;
    expect(fasterAdapter("lldb-dap", () => true)).toEqual(fast * 2 <= slow ? { adapter: "gdb", msEach: fast } : undefined);
    expect(fasterAdapter("lldb-dap", () => false)).toBeUndefined();
    expect(fasterAdapter("gdb", () => true)).toBeUndefined();
    expect(fasterAdapter("delve", () => true)).toBeUndefined();
  });

  test("a condition the adapter checked for 3 s of the command: the passes estimated from its measured cost, the debugger's own exactly", () => {
    const since = Date.now() - 5000;
    const [c] = conditionCosts([hot(3000)], "lldb-dap", since, () => ({ adapter: "gdb", msEach: 0.3 }));
    expect(c).toMatchObject({
      id: 1,
      location: "hot.c:7",
      condition: "i < 0",
      checked: 100,
      checkedMs: 9,
      adapter: "lldb-dap",
      msEach: CONDITION_MS["lldb-dap"],
      faster: { adapter: "gdb", msEach: 0.3 },
    });
    expect(c!.seconds).toBeGreaterThanOrEqual(3);
    expect(c!.about).toBe(Math.round((c!.seconds * 1000) / CONDITION_MS["lldb-dap"]!));
    const text = conditionCostLines([{ ...c!, seconds: 3, about: 1000 }]);
    expect(text).toBe(
      `Condition of #1 (hot.c:7 if i < 0) evaluated ≈1,100 times in 3 s (≈${CONDITION_MS["lldb-dap"]} ms each by lldb-dap, its cost measured on this machine: it reports no count; the first 100 by the debugger, 9 ms each). gdb evaluates one in ≈0.3 ms: add --adapter gdb.`,
    );
  });

  test("handed over before the command began: only the command's time counts, none of the debugger's checks; under a second: not said", () => {
    const [c] = conditionCosts([hot(10_000)], "gdb", Date.now() - 2000, () => undefined);
    expect(c).toMatchObject({ checked: 0, adapter: "gdb" });
    expect(c!.seconds).toBeLessThan(2.5);
    expect(conditionCosts([hot(500)], "gdb", Date.now() - 2000, () => undefined)).toEqual([]);
    const cold = hot(3000);
    delete (cold as Breakpoint & { probe?: { handedAt?: number } }).probe!.handedAt;
    expect(conditionCosts([cold], "gdb", 0, () => undefined)).toEqual([]);
  });
});
