// lldb-dap's facets that read LLDB's own console text, from what LLDB 19 printed.
import { expect, test } from "bun:test";
import { lldbDap } from "../../src/adapters/lldbDap.ts";

test("functionBreakpointIds: each function breakpoint's LLDB id by name (lldb-dap 19 answers in its own order)", () => {
  const text = `Current breakpoints:
1: name = 'twice', locations = 1, resolved = 1, hit count = 1
2: name = 'rust_panic', locations = 1, resolved = 1, hit count = 0
3: name = 'make_point', locations = 1, resolved = 1, hit count = 0
4: name = 'label', locations = 1, resolved = 1, hit count = 0
5: file = '/src/a.c', line = 3, exact_match = 0, locations = 1
6: name = 'Shape::area', locations = 2, resolved = 2, hit count = 0
`;
  expect([...lldbDap.functionBreakpointIds!.parse(text)]).toEqual([
    ["twice", 1],
    ["rust_panic", 2],
    ["make_point", 3],
    ["label", 4],
    ["Shape::area", 6],
  ]);
});

// lldb-dap 19's stopped event at a watchpoint: reason "breakpoint", description "watchpoint 1".
test.each([
  ["breakpoint", "watchpoint 1", "watchpoint"],
  ["breakpoint", "Watchpoint 12", "watchpoint"],
  ["breakpoint", "breakpoint 1.1", undefined],
  ["breakpoint", undefined, undefined],
  ["exception", "watchpoint 1", undefined],
])("stopReason(%s, %s) = %s", (reason, description, want) => {
  expect(lldbDap.stopReason!(reason, "", description)).toBe(want);
});
