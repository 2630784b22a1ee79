// The pure parts of the condition probe: which operands a condition reads, how a condition's
// value reads as true or false, and why a breakpoint that never stopped did not.
import { describe, expect, test } from "bun:test";
import { adapterCondition, startProbe, type Breakpoint } from "../../src/daemon/session/breakpoints/breakpointRegistry.ts";
import {
  checkConditions,
  conditionOperands,
  declares,
  neverStopped,
  PROBE_MAX_HITS,
  truthy,
  type ProbeHost,
} from "../../src/daemon/session/breakpoints/conditionProbe.ts";
import type { BreakpointView } from "../../src/ipc/types.ts";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { jsTruth } from "../../src/adapters/jsValues.ts";
import { nativeTruth } from "../../src/adapters/nativeValues.ts";

describe("conditionOperands", () => {
  test.each([
    ["i == 7", ["i"]],
    ['count == 36 && strcmp(name, "bob") == 0', ["count", "name"]],
    ["p->next != NULL && p->value > limit", ["p->next", "p->value", "limit"]],
    ["self.items[0] is None and len(buf) > 3", ["self.items[0]", "buf"]],
    ["x.y.z < 10u", ["x.y.z"]],
    ["a + b + c + d + e > 0", ["a", "b", "c", "d"]],
    ["name == 'it''s'", ["name"]],
    // A container's size is read again (issue 31: `v.size() == 4` said no operand); other calls are not.
    ["v.size() == 4", ["v.size()"]],
    ["p->items.empty() || it.next() == 3", ["p->items.empty()"]],
    ["self.runs.len() > n", ["self.runs.len()", "n"]],
    ["v.at(2) == 1", []],
  ])("%s", (cond, operands) => {
    expect(conditionOperands(cond)).toEqual(operands);
  });
});

describe("truthy", () => {
  // Each language's readings: conditionTruth.test.ts.
  test("reads a value by the adapter's language, and tells nothing without one", () => {
    expect(truthy("None", debugpy)).toBe(false);
    expect(truthy("None", { conditionTruth: jsTruth })).toBeUndefined();
    expect(truthy("false", {})).toBeUndefined();
  });
});

describe("neverStopped", () => {
  const base: BreakpointView = { id: 1, kind: "line", location: "a.c:5", verified: true, enabled: true, hits: 0 };
  test("why each breakpoint that never stopped did not", () => {
    expect(
      neverStopped([
        base,
        { ...base, id: 2, condition: "i == 7", conditionFalse: { hits: 5, last: [{ expression: "i", value: "4" }] } },
        { ...base, id: 3, condition: "i == 7", conditionFalse: { hits: 100, more: true } },
        { ...base, id: 4, verified: false, message: "no code at line 99" },
        { ...base, id: 5, enabled: false },
        { ...base, id: 6, hits: 2 },
        { ...base, id: 7, logMessage: "i={i}" },
        { ...base, id: 8, condition: "i", hitCondition: "3" },
      ]),
    ).toEqual([
      { id: 1, location: "a.c:5", why: "never reached" },
      { id: 2, location: "a.c:5 if i == 7", why: "reached 5 times, the condition false each time (last time: i = 4)" },
      { id: 3, location: "a.c:5 if i == 7", why: "reached at least 100 times, the condition false each time; the daemon stopped counting after 100" },
      { id: 4, location: "a.c:5", why: "never bound (no code at line 99)" },
      { id: 5, location: "a.c:5", why: "disabled" },
      { id: 8, location: "a.c:5 if i", why: "the adapter checked its condition and never stopped: not reached, or the condition never held" },
    ]);
  });
});

test("words after a keyword are operands too (Python's and/or)", () => {
  expect(conditionOperands("i == 7 and total > 0")).toEqual(["i", "total"]);
  expect(conditionOperands("not done or x.y")).toEqual(["done", "x.y"]);
});

describe("a condition the adapter's evaluator reads in another spelling (translateExpression)", () => {
  const bp = (condition: string): Breakpoint => {
    const b = { id: 1, location: "a.rs:3", kind: "line", file: "a.rs", line: 3, enabled: true, verified: true, hits: 0, condition } as Breakpoint;
    startProbe(b);
    return b;
  };
  const host = (spell: (e: string) => { expression: string; readNow?: boolean }) => {
    const asked: string[] = [];
    const h: ProbeHost & { asked: string[]; translations: number } = {
      asked,
      translations: 0,
      evaluate: async (e) => {
        asked.push(e);
        return "false";
      },
      resync: async () => {},
      truthy: nativeTruth,
      translate: async (e) => {
        h.translations++;
        return spell(e);
      },
    };
    return h;
  };

  test("is evaluated as translated, found once, and handed to the adapter translated when the budget is spent", async () => {
    const b = bp("v.len() > limit");
    const h = host((e) => ({ expression: e === "v.len() > limit" ? "v.len > limit" : e }));
    for (let i = 0; i < PROBE_MAX_HITS; i++) await checkConditions(h, [b], 1, true);
    expect(h.asked.filter((e) => e.includes(">"))).toEqual(Array(PROBE_MAX_HITS).fill("v.len > limit"));
    // Once for the condition; the operands (`v.len()`, `limit`) at each hit.
    expect(h.translations).toBe(1 + 2 * PROBE_MAX_HITS);
    expect(b.probe?.active).toBe(false);
    expect(adapterCondition(b)).toBe("v.len > limit");
  });

  test("one that read values now (an enum's variant) stays the daemon's to check", async () => {
    const b = bp("opt == None");
    const h = host((e) => (e === "opt == None" ? { expression: "false", readNow: true } : { expression: e }));
    for (let i = 0; i < PROBE_MAX_HITS + 5; i++) await checkConditions(h, [b], 1, true);
    expect(b.probe?.active).toBe(true);
    expect(b.probe?.hits).toBe(PROBE_MAX_HITS + 5);
    expect(adapterCondition(b)).toBeUndefined();
  });
});

describe("declares (a condition's name not constructed yet where the breakpoint sits, issue 31)", () => {
  test.each([
    ["  std::vector<Interval> v; // @mark", "v", true],
    ["  int *n = malloc(4);", "n", true],
    ["  const auto& item = items[i];", "item", true],
    ["  std::map<int, std::vector<int>> m{};", "m", true],
    ["    let mut total = 0;", "total", true],
    ["\tgot, err := parse(s)", "err", true],
    ["\tgot := Add(7, 3)", "got", true],
    ["  for (const Interval& i : items) {", "i", true],
    ["  return v;", "v", false],
    ["  total = v;", "v", false],
    ["  if (i > v) x++;", "v", false],
    ["    prev = i", "prev", false],
    ["    if x in v:", "v", false],
    ["  v.push_back(i);", "v", false],
  ])("%s (%s) → %p", (text, name, expected) => {
    expect(declares(text, name)).toBe(expected);
  });
});
