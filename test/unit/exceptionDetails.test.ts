// An exception's traceback in the text report: its last lines are left out where they only say the
// head again (debugpy's traceback ends with `Type: message`).
import { expect, test } from "bun:test";
import type { StopReport } from "../../src/ipc/types.ts";
import { stopReport } from "../../src/present/text.ts";

const stop = (exception: StopReport["exception"]): StopReport =>
  ({ reason: "exception", breakpointIds: [], source: [], locals: [], exception, frame: { function: "t", file: "/p/t.py", line: 3 } }) as unknown as StopReport;

const MESSAGE = "assert {'6-20': 1} == {'21-40': 1}\n  \n  Left contains 1 more item:\n  {'6-20': 1}";
const TRACE = `  File "/p/t.py", line 3, in t (Current frame)\n    assert a == b\nAssertionError: ${MESSAGE}\n`;

test("a traceback ending in the head's own words keeps its frames only", () => {
  const text = stopReport(stop({ id: "AssertionError", description: MESSAGE, details: TRACE }), "/p");
  expect(text.match(/Left contains 1 more item/g)?.length).toBe(1);
  expect(text).toContain('File "/p/t.py", line 3, in t (Current frame)');
  expect(text).toContain("    assert a == b");
});

test("a traceback that says something else stays whole", () => {
  const other = `  File "/p/t.py", line 3, in t\nKeyError: 'x'\n`;
  const text = stopReport(stop({ id: "ValueError", description: "bad", details: other }), "/p");
  expect(text).toContain("KeyError: 'x'");
  expect(text).toContain("Exception: ValueError: bad");
});

test("details that are only the head again are not shown twice", () => {
  const text = stopReport(stop({ id: "E", description: "boom", details: "E: boom\n" }), "/p");
  expect(text.match(/boom/g)?.length).toBe(1);
});
