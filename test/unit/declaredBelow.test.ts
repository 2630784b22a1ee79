// A --print of a name declared at or below the stop line (a breakpoint stops before its line
// runs) says so before the adapter's message, which can mislead; other failures are left as they are.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StopReport } from "../../src/ipc/types.ts";
import { declaredBelow } from "../../src/daemon/session/stops/displays.ts";

const dir = mkdtempSync(join(tmpdir(), "dbg-below-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "main.rs");
writeFileSync(
  file,
  ["fn checksum(len: usize) -> u16 {", "    let h = len as u8;", "    let n = h as usize;", "    let mut sum = 0;", "    sum + n as u16", "}"].join("\n"),
);
const at = (line: number, locals: string[], truncated?: string[]): StopReport =>
  ({
    reason: "breakpoint",
    threadId: 1,
    breakpointIds: [1],
    frame: { function: "checksum", file, line },
    source: [],
    locals: locals.map((name) => ({ name, value: "0", reference: 0 })),
    output: "",
    seq: 1,
    time: "",
    ...(truncated ? { truncated } : {}),
  }) as StopReport;
const lldbSays = "unexpected namespace name 'n': expected expression";

test("a name declared on the stop line: the reason leads, the adapter's words follow", async () => {
  const [v] = await declaredBelow([{ expression: "n", error: lldbSays }], at(3, ["len", "h"]));
  expect(v!.error).toBe(`'n' is no local here yet: it appears from line 3 on, and a breakpoint stops before its line runs (${lldbSays})`);
});

test("a name declared below the stop line gets the same note", async () => {
  const [v] = await declaredBelow([{ expression: "sum", error: "not found" }], at(2, ["len"]));
  // Issue 31: the line it first appears on, not the stop's.
  expect(v!.error).toMatch(/^'sum' is no local here yet: it appears from line 4 on/);
});

test("a name that appears only in the next function is not 'not declared yet' (issue 31: the line was in another function)", async () => {
  const other = join(dir, "inv.rs");
  writeFileSync(other, ["fn apply(n: u32) {", "    let q = n;", "}", "fn restock() {", "    let sku = 3;", "}"].join("\n"));
  const stop = { ...at(2, ["n"]), frame: { function: "apply", file: other, line: 2 } } as StopReport;
  expect(await declaredBelow([{ expression: "sku", error: "undeclared" }], stop)).toEqual([{ expression: "sku", error: "undeclared" }]);
  const py = join(dir, "inv.py");
  writeFileSync(
    py,
    ["class Inventory:", "    def apply(self, n):", "        q = n", "        return q", "", "    def restock(self):", "        sku = 3"].join("\n"),
  );
  const pyStop = { ...at(3, ["self", "n"]), frame: { function: "apply", file: py, line: 3 } } as StopReport;
  expect(await declaredBelow([{ expression: "sku", error: "NameError: name 'sku' is not defined" }], pyStop)).toEqual([
    { expression: "sku", error: "NameError: name 'sku' is not defined" },
  ]);
});

test("left alone: a value, a local that failed, a name not in the file, an expression, locals the report cut", async () => {
  const values = [
    { expression: "h", value: "1" },
    { expression: "h", error: "x" },
    { expression: "nosuch", error: "undeclared" },
    { expression: "n + 1", error: "e" },
  ];
  expect(await declaredBelow(values, at(3, ["len", "h"]))).toEqual(values);
  const cut = [{ expression: "n", error: lldbSays }];
  expect(await declaredBelow(cut, at(3, ["len"], ["locals: 40 more"]))).toEqual(cut);
  // Above the stop only: a name used before the stop line is not "below".
  expect(await declaredBelow([{ expression: "len", error: "e" }], at(5, []))).toEqual([{ expression: "len", error: "e" }]);
});
