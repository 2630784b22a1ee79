// A stop report with --print values: the values lead, and a local of the same name is shown once.
import { expect, test } from "bun:test";
import { stopReport } from "../../src/present/text.ts";
import type { StopReport } from "../../src/ipc/types.ts";

test("values asked for lead the report; a local that is also a --print expression is not repeated", () => {
  const r: StopReport = {
    reason: "breakpoint",
    breakpointIds: [1],
    frame: { function: "main", file: "/w/a.c", line: 5 },
    source: [{ line: 5, text: "  total += i;", current: true }],
    locals: [
      { name: "i", type: "int", value: "3", reference: 0 },
      { name: "total", type: "int", value: "3", reference: 0 },
    ],
    displays: [
      { expression: "i", value: "3", type: "int" },
      { expression: "nosuch", error: "undefined" },
    ],
    output: "",
    seq: 1,
    time: "",
  };
  expect(stopReport(r, "/w")).toBe(
    [
      "Stopped: breakpoint 1 in main (a.c:5)",
      "Values:",
      "  i = 3 (int)",
      "  nosuch — error: undefined",
      "→ 5    total += i;",
      "Locals:",
      "  total (int) = 3",
    ].join("\n"),
  );
});
