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
  // Two elements: both shown, the long one by its start and end.
  expect(rowValue(long, 60)).toMatch(/^\["x+…y+", "b"\]$/);
  expect(rowValue(long, 60).length).toBeLessThanOrEqual(60);
  // Twelve: the first by its start and end, then how many are left.
  const many = `["${"x".repeat(50)}${"y".repeat(50)}", ${Array.from({ length: 11 }, () => `"${"b".repeat(40)}"`).join(", ")}]`;
  expect(rowValue(many, 60)).toMatch(/^\["x+…y+", … 11 more\]$/);
});

// Real adapters' texts (issue 31 item 4, measured on this machine): a few elements whole or each by
// its start and end, a long sequence cut between elements with the count left, a type's package
// path not eating the budget.
const order = (i: number) => `{id = ${i}, sym = "SYM${i}", price = ${i * 1.5}}`;
const twenty = Array.from({ length: 20 }, (_, i) => order(i));
const heap =
  'example.com/logmerge/internal/pq.Interface(*main.queue) *[{ts: (*time.Time)(0xc0000ba000), source: 2, text: "WARN conn closed"},{ts: (*time.Time)(0xc0000ba030), source: 3, text: "INFO job picked up"},{ts: (*time.Time)(0xc0000ba060), source: 0, text: "INFO GET /v1/items 200"},{ts: (*time.Time)(0xc0000ba090), source: 1, text: "INFO webhook sent"}]';
const matchbook = [
  [105, "gina", "Sell", 10100, 12, 0, 34201000, 5],
  [102, "dave", "Sell", 10050, 8, 0, 34200000, 2],
  [103, "erin", "Buy", 9950, 12, 0, 34200000, 3],
  [104, "frank", "Sell", 10100, 20, 0, 34201000, 4],
  [106, "hank", "Buy", 9975, 10, 6, 34202000, 6],
].map(
  ([id, trader, side, price, qty, filled, at, seq]) =>
    `{id = ${id}, trader = "${trader}", side = ${side}, price = ${price}, qty = ${qty}, filled = ${filled}, entered_at = ${at}, seq = ${seq}}`,
);
const cases: { adapter: string; value: string; max: number; row: string }[] = [
  // Delve, a heap.Interface holding a *main.queue of four (the blind logmerge hunt): whole where it fits.
  { adapter: "Delve interface", value: heap, max: 400, row: heap },
  {
    adapter: "Delve interface, a tighter budget",
    value: heap,
    max: 240,
    row: 'pq.Interface(*main.queue) *[{ts: (*time.Time)(0xc0000…text: "WARN conn closed"}, {ts: (*time.Time)(0xc0000…xt: "INFO job picked up"}, {ts: (*time.Time)(0xc0000…"INFO GET /v1/items 200"}, {ts: (*time.Time)(0xc0000…ext: "INFO webhook sent"}]',
  },
  {
    adapter: "Delve pointer to slice",
    value:
      '*[]main.Order len: 4, cap: 4, [{ID: 1, Sym: "ACME", Price: 12.5},{ID: 2, Sym: "BOLT", Price: 7.25},{ID: 3, Sym: "CRUX", Price: 41.05},{ID: 4, Sym: "DYNA", Price: 3.5}]',
    max: 400,
    row: '*[]main.Order len: 4, cap: 4, [{ID: 1, Sym: "ACME", Price: 12.5},{ID: 2, Sym: "BOLT", Price: 7.25},{ID: 3, Sym: "CRUX", Price: 41.05},{ID: 4, Sym: "DYNA", Price: 3.5}]',
  },
  {
    adapter: "Delve map",
    value: `map[string]float64 [${Array.from({ length: 40 }, (_, i) => `"SYM${i}": ${i * 1.5}`).join(", ")}, ]`,
    max: 120,
    row: 'map[string]float64 ["SYM0": 0, "SYM1": 1.5, "SYM2": 3, "SYM3": 4.5, "SYM4": 6, "SYM5": 7.5, "SYM6": 9, … 33 more]',
  },
  {
    adapter: "lldb-dap std::vector / Vec of four structs, each by its start and end",
    value:
      'size=4 [{id = 1, sym = "ACME", price = 12.5}, {id = 2, sym = "BOLT", price = 7.25}, {id = 3, sym = "CRUX", price = 41.049999999999997}, {id = 4, sym = "DYNA", price = 3.5}]',
    max: 120,
    row: "size=4 [{id = 1, sym…price = 12.5}, {id = 2, sym…price = 7.25}, {id = 3, sym…999999999997}, {id = 4, …, price = 3.5}]",
  },
  {
    // The blind rust-matchbook hunt: each order was cut inside a field (`side = Se…d = 0`).
    adapter: "lldb-dap Vec of five structs of eight fields: whole fields from both ends",
    value: `size=5 [${matchbook.join(", ")}]`,
    max: 400,
    row: 'size=5 [{id = 105, trader = "gina", …, filled = 0, entered_at = 34201000, seq = 5}, {id = 102, trader = "dave", …, filled = 0, entered_at = 34200000, seq = 2}, {id = 103, trader = "erin", side = Buy, …, entered_at = 34200000, seq = 3}, {id = 104, trader = "frank", …, entered_at = 34201000, seq = 4}, {id = 106, trader = "hank", side = Buy, …, entered_at = 34202000, seq = 6}]',
  },
  {
    adapter: "lldb-dap std::vector / Vec of twenty structs",
    value: `size=20 [${twenty.join(", ")}]`,
    max: 400,
    row: `size=20 [${twenty.slice(0, 10).join(", ")}, … 10 more]`,
  },
  {
    adapter: "gdb std::vector of twenty structs",
    value: `std::vector of length 20, capacity 32 = {${twenty.join(", ")}}`,
    max: 400,
    row: `std::vector of length 20, capacity 32 = {${twenty.slice(0, 9).join(", ")}, … 11 more}`,
  },
  {
    adapter: "debugpy list of objects (pydevd lists 15, then `...`)",
    value: `[${Array.from({ length: 15 }, (_, i) => `Order(id=${i}, sym='SYM${i}', price=${i * 1.5})`).join(", ")}, ...]`,
    max: 120,
    row: "[Order(id=0, sym='SYM0', price=0), Order(id=1, sym='SYM1', price=1.5), Order(id=2, sym='SYM2', price=3), … more]",
  },
  {
    adapter: "debugpy dict",
    value: `{${Array.from({ length: 20 }, (_, i) => `'SYM${i}': ${i * 1.5}`).join(", ")}}`,
    max: 100,
    row: "{'SYM0': 0, 'SYM1': 1.5, 'SYM2': 3, 'SYM3': 4.5, 'SYM4': 6, 'SYM5': 7.5, 'SYM6': 9, … 13 more}",
  },
];

for (const c of cases)
  test(`row text of a real value: ${c.adapter}`, () => {
    const row = rowValue(c.value, c.max);
    expect(row).toBe(c.row);
    expect(row.length).toBeLessThanOrEqual(c.max);
  });

test("a long string: its start and its length", () => {
  expect(rowValue(`"${"a".repeat(100)}"`, 40)).toMatch(/^"a+…" \(100 chars\)$/);
});
