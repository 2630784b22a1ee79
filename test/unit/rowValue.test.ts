// Values in `run`'s rows sized by their meaning (issue 31 item 4): a pointer keeps its address and
// a short pointee, a sequence is cut between elements with the count left, never inside one.
import { expect, test } from "bun:test";
import { rowValue } from "../../src/daemon/session/values/truncate.ts";

test("short values are left whole", () => {
  expect(rowValue("42", 60)).toBe("42");
  expect(rowValue("0x5555 → {a = 1}", 60)).toBe("0x5555 → {a = 1}");
});

test("a pointer: the address and a short pointee, cut between fields", () => {
  const v = `0x7ffe0010 → {event_id = 12345, endpoint = "https://example.com/a/long/path", payload = {size = 4096, data = 0x5555}}`;
  const r = rowValue(v, 400);
  expect(r.startsWith("0x7ffe0010 → {event_id = 12345, ")).toBe(true);
  expect(r).toMatch(/, … 2 more\}$/);
  expect(r.length).toBeLessThan(80);
});

test("a long list is cut between elements, each shown whole, with how many are left", () => {
  const items = Array.from({ length: 20 }, (_, i) => `datetime.datetime(2024, 1, ${i + 1}, 0, 0)`);
  const r = rowValue(`[${items.join(", ")}]`, 120);
  expect(r).toBe(`[${items.slice(0, 2).join(", ")}, … 18 more]`);
  expect(r.length).toBeLessThanOrEqual(120);
  // No element lost its middle: each shown one is whole.
  expect(r).toContain("datetime.datetime(2024, 1, 2, 0, 0)");
});

test("an element too long alone keeps its start and its end", () => {
  const long = `["${"x".repeat(50)}${"y".repeat(50)}", "b"]`;
  const r = rowValue(long, 60);
  expect(r).toMatch(/^\["xxxx+…y+", … 1 more\]$/);
});

test("a long string: its start and its length", () => {
  expect(rowValue(`"${"a".repeat(100)}"`, 40)).toMatch(/^"a+…" \(100 chars\)$/);
});
