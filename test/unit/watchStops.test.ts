// Which watchpoint a stop is about when the adapter names none (lldb-dap 19), from tables.
import { describe, expect, test } from "bun:test";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { parseLldbWatchpoints } from "../../src/adapters/lldbWatchpoints.ts";
import { dataIdAddress, identifyWatchpoint, watchAtAddress, watchNumber } from "../../src/daemon/session/breakpoints/watchStops.ts";

// What LLDB 19 answers `watchpoint list -b` with, after lldb-dap set [total, f] (it sets them in reverse order).
const LIST = `Number of supported hardware watchpoints: 4
Current watchpoints:
Watchpoint 2: addr = 0x7fffffffe604 size = 4 state = enabled type = m
Watchpoint 3: addr = 0x7fffffffe60c size = 4 state = enabled type = m
`;
const watches = [
  { id: 2, location: "total", enabled: true, dataId: "7FFFFFFFE60C/4" },
  { id: 3, location: "f", enabled: true, dataId: "7FFFFFFFE604/4" },
];

describe("watchStops", () => {
  test.each([
    ["watchpoint 3", 3],
    ["data breakpoint 12", 12],
    [" Watchpoint 7 ", 7],
    ["breakpoint 1.1", undefined],
    [undefined, undefined],
  ] as const)("watchNumber(%j) → %j", (description, want) => {
    expect(watchNumber(description)).toBe(want);
  });

  test.each([
    ["7FFFFFFFE60C/4", 0x7fffffffe60cn],
    ["0x10/8", 0x10n],
    ["total", undefined],
    ["*(0x10)", undefined],
    [undefined, undefined],
  ] as const)("dataIdAddress(%p) → %p", (dataId, want) => {
    expect(dataIdAddress(dataId)).toBe(want);
  });

  test("LLDB's list maps its numbers to addresses, and an address to the watchpoint set there", () => {
    const list = parseLldbWatchpoints(LIST);
    expect([...list]).toEqual([
      [2, 0x7fffffffe604n],
      [3, 0x7fffffffe60cn],
    ]);
    expect(watchAtAddress(watches, list.get(3))).toBe(2);
    expect(watchAtAddress(watches, list.get(2))).toBe(3);
    expect(watchAtAddress(watches, list.get(9))).toBeUndefined();
    // A disabled watchpoint is not at the adapter: it cannot be the one that fired.
    expect(watchAtAddress([{ ...watches[0]!, enabled: false }, watches[1]!], list.get(3))).toBeUndefined();
  });

  test("identifyWatchpoint: the only enabled one without asking; otherwise LLDB's list; nothing when it cannot tell", async () => {
    const asked: string[] = [];
    const console = async (command: string) => {
      asked.push(command);
      return LIST;
    };
    expect(await identifyWatchpoint(lldbDap, [watches[0]!], "watchpoint 3", console)).toBe(2);
    expect(asked).toEqual([]);
    expect(await identifyWatchpoint(lldbDap, watches, "watchpoint 3", console)).toBe(2);
    expect(await identifyWatchpoint(lldbDap, watches, "watchpoint 2", console)).toBe(3);
    expect(asked).toEqual(["`watchpoint list -b", "`watchpoint list -b"]);
    expect(await identifyWatchpoint(lldbDap, watches, "watchpoint 5", console)).toBeUndefined();
    expect(await identifyWatchpoint(lldbDap, watches, undefined, console)).toBeUndefined();
    // An adapter with no list to ask, or a console that fails: not guessed.
    expect(await identifyWatchpoint({ ...lldbDap, watchpointList: undefined } as AdapterSpec, watches, "watchpoint 3", console)).toBeUndefined();
    expect(await identifyWatchpoint(lldbDap, watches, "watchpoint 3", () => Promise.reject(new Error("gone")))).toBeUndefined();
  });
});
