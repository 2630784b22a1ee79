// A Go value's time.Duration parts read as Go spells them (src/adapters/delveParts.ts): Delve's text
// walked by the value's type, named types learned from children. Texts as dlv 1.20 sends them.
import { describe, expect, test } from "bun:test";
import { goLearnTypes, goTypedRead, NO_NAMED_TYPES } from "../../src/adapters/delveParts.ts";
import { delve } from "../../src/adapters/delve.ts";
import type { VariableView } from "../../src/ipc/types.ts";
import { atoms, judge } from "../fidelity/verdict.ts";

const config = "struct { Name string; Timeout time.Duration; Retry main.retry; Steps []main.retry; Every map[string]time.Duration; Grace *time.Duration }";
const known = new Map([
  ["main.config", config],
  ["main.retry", "struct { Every time.Duration; Tries int }"],
  ["main.Waits", "[]time.Duration"],
]);

describe("goTypedRead", () => {
  test.each([
    // Types the text says itself: no named type needed (AdapterSpec.compactValue reads them).
    [
      "[]time.Duration len: 2, cap: 2, [Millisecond (1000000),1500000]",
      "[]time.Duration",
      "[]time.Duration len: 2, cap: 2, [Millisecond (1000000),1500000 (1.5ms)]",
    ],
    [
      'map[string]time.Duration ["a": Minute (60000000000), "b": 61000000000, ]',
      "map[string]time.Duration",
      'map[string]time.Duration ["a": Minute (60000000000), "b": 61000000000 (1m1s), ]',
    ],
    ['map[time.Duration]string [2500000000: "x", ]', "map[time.Duration]string", 'map[time.Duration]string [2500000000 (2.5s): "x", ]'],
    ["struct { Wait time.Duration } {Wait: 2000000000}", "struct { Wait time.Duration }", "struct { Wait time.Duration } {Wait: 2000000000 (2s)}"],
    ["[2]time.Duration [11,12000]", "[2]time.Duration", "[2]time.Duration [11 (11ns),12000 (12µs)]"],
    ["[][]time.Duration len: 1, cap: 1, [[1500000000]]", "[][]time.Duration", "[][]time.Duration len: 1, cap: 1, [[1500000000 (1.5s)]]"],
    ["*90000000000", "*time.Duration", "*90000000000 (1m30s)"],
    ["interface {}(time.Duration) 4500000000", "interface {}", "interface {}(time.Duration) 4500000000 (4.5s)"],
    // A map's entry as Delve's child types it (`K: V`).
    ["61000000000", "string: time.Duration", "61000000000 (1m1s)"],
    ["-90000000000", "time.Duration", "-90000000000 (-1m30s)"],
    // Delve's cut (`...`, `...+N more`): what is whole is read, the cut number is not.
    ["[]time.Duration len: 70, cap: 70, [1000,2000,...+68 more]", "[]time.Duration", "[]time.Duration len: 70, cap: 70, [1000 (1µs),2000 (2µs),...+68 more]"],
    ["[]time.Duration len: 3, cap: 3, [1500000000,25000...", "[]time.Duration", "[]time.Duration len: 3, cap: 3, [1500000000 (1.5s),25000..."],
    // Numbers that are no Durations, and values with nothing to read.
    ["main.point {X: 1500000000, Y: 2}", "main.point", "main.point {X: 1500000000, Y: 2}"],
    ["chan time.Duration 1/2", "chan time.Duration", "chan time.Duration 1/2"],
    ["[]int len: 1, cap: 1, [1500000000]", "[]int", "[]int len: 1, cap: 1, [1500000000]"],
  ])("%s (%s)", (value, type, want) => expect(goTypedRead(value, type, NO_NAMED_TYPES).value).toBe(want));

  test("a named struct's fields read by its learned type, nested named types too; said once however often it is read", () => {
    const text =
      'main.config {Name: "x", Timeout: 23400000000000, Retry: main.retry {Every: 1500000000, Tries: 3}, Steps: []main.retry len: 2, cap: 2, [{Every: 7, Tries: 1},{Every: 2500000, Tries: 2}], Every: map[string]time.Duration ["a": 60000000000, ], Grace: *90000000000}';
    const want =
      'main.config {Name: "x", Timeout: 23400000000000 (6h30m0s), Retry: main.retry {Every: 1500000000 (1.5s), Tries: 3}, Steps: []main.retry len: 2, cap: 2, [{Every: 7 (7ns), Tries: 1},{Every: 2500000 (2.5ms), Tries: 2}], Every: map[string]time.Duration ["a": 60000000000 (1m0s), ], Grace: *90000000000 (1m30s)}';
    const once = goTypedRead(text, "main.config", known);
    expect(once).toEqual({ value: want, missing: [] });
    expect(goTypedRead(want, "main.config", known).value).toBe(want);
    // A pointer the daemon has read the address of, and an interface holding the struct.
    expect(goTypedRead("0xc000016090 → {Every: 2500000000, Tries: 0}", "*main.retry", known).value).toBe("0xc000016090 → {Every: 2500000000 (2.5s), Tries: 0}");
    expect(goTypedRead("error(main.retry) {Every: 1000, Tries: 0}", "error", known).value).toBe("error(main.retry) {Every: 1000 (1µs), Tries: 0}");
    expect(goTypedRead("main.Waits len: 2, cap: 2, [3000000000,5]", "main.Waits", known).value).toBe("main.Waits len: 2, cap: 2, [3000000000 (3s),5 (5ns)]");
  });

  test("a named type not known yet is named with where a value of it stands; an empty one, nil or unloaded needs none", () => {
    const text =
      "main.outer {In: main.inner {Wait: 3000000000}, Ins: []main.inner len: 1, cap: 1, [{Wait: 7}], Empty: main.inner {}, P: (*main.deep)(0xc000010000)}";
    const outer = new Map([["main.outer", "struct { In main.inner; Ins []main.inner; Empty main.inner; P main.deep }"]]);
    expect(goTypedRead(text, "main.outer", outer).missing).toEqual([
      { type: "main.inner", path: [{ field: "In" }] },
      { type: "main.inner", path: [{ field: "Ins" }, { index: 0 }] },
    ]);
    expect(goTypedRead(text, "main.outer", NO_NAMED_TYPES).missing).toEqual([{ type: "main.outer", path: [] }]);
  });

  test("Delve's own value rules apply it with the types the text says", () => {
    expect(delve.compactValue?.("struct { Wait time.Duration } {Wait: 2000000000}", "struct { Wait time.Duration }")).toBe(
      "struct { Wait time.Duration } {Wait: 2000000000 (2s)}",
    );
    expect(delve.compactValue?.("main.retry {Every: 2000000000}", "main.retry")).toBe("main.retry {Every: 2000000000}");
  });
});

describe("goLearnTypes", () => {
  /** Delve's children of the values below, by reference, as its DAP server names and types them. */
  const tree: Record<number, VariableView[]> = {
    1: [
      { name: "Name", type: "string", value: '"x"', reference: 0 },
      { name: "In", type: "main.inner", value: "main.inner {Wait: 3000000000}", reference: 2 },
      { name: "ByKey", type: "map[string]main.inner", value: "…", reference: 3 },
    ],
    2: [{ name: "Wait", type: "time.Duration", value: "3000000000 (3s)", reference: 0 }],
    3: [
      { name: "len()", type: "int", value: "1", reference: 0 },
      { name: '"k"', type: "string: main.leaf", value: "main.leaf {D: 5}", reference: 4 },
    ],
    4: [{ name: "D", type: "time.Duration", value: "5 (5ns)", reference: 0 }],
  };
  const reader = (asked: number[]) => ({
    children: async (reference: number) => {
      asked.push(reference);
      return tree[reference] ?? [];
    },
  });

  test("learns the whole's type, then the named types inside it, each from a value of it", async () => {
    const types = new Map<string, string>();
    const asked: number[] = [];
    const v = {
      name: "o",
      type: "main.outer",
      value: 'main.outer {Name: "x", In: main.inner {Wait: 3000000000}, ByKey: map[string]main.inner ["k": {D: 5}, ]}',
      reference: 1,
    };
    await goLearnTypes(v, reader(asked), types);
    expect(types.get("main.outer")).toBe("struct { Name string; In main.inner; ByKey map[string]main.inner }");
    expect(types.get("main.inner")).toBe("struct { Wait time.Duration }");
    expect(goTypedRead(v.value, v.type, types).value).toBe(
      'main.outer {Name: "x", In: main.inner {Wait: 3000000000 (3s)}, ByKey: map[string]main.inner ["k": {D: 5}, ]}',
    );
    // Known for the session: nothing is asked again.
    const again: number[] = [];
    await goLearnTypes(v, reader(again), types);
    expect(again).toEqual([]);
    expect(asked.length).toBeLessThanOrEqual(3);
  });

  test("a type whose value cannot be found is known as untold (not asked again); the budget bounds the requests", async () => {
    const types = new Map<string, string>();
    const v = { name: "o", type: "main.gone", value: "main.gone {A: main.x {B: 1}}", reference: 9 };
    await goLearnTypes(v, reader([]), types);
    expect(types.get("main.gone")).toBe("");
    // The path leads to a value of another type (a map's entry child, `len()` passed over): not learned from it.
    const zed = new Map([["main.outer", "struct { ByKey map[string]main.zed }"]]);
    await goLearnTypes({ name: "o", type: "main.outer", value: 'main.outer {ByKey: map[string]main.zed ["k": {D: 5}, ]}', reference: 1 }, reader([]), zed);
    expect(zed.get("main.zed")).toBe("");
    const many = new Map<string, string>();
    const asked: number[] = [];
    await goLearnTypes({ name: "o", type: "main.outer", value: "main.outer {In: main.inner {Wait: 1}}", reference: 1 }, reader(asked), many, 1);
    expect(asked).toEqual([1]);
  });
});

test("the fidelity judge: a struct's Durations spelled beside their nanoseconds are the program's %#v data", () => {
  const shown =
    'main.config {Name: "api", Timeout: 23400000000000 (6h30m0s), Retry: main.retry {Every: 1500000000 (1.5s), Tries: 3}, Backoff: []time.Duration len: 2, cap: 2, [250000000 (250ms),2000000000 (2s)], Limits: map[string]time.Duration ["read": 5000000000 (5s), ]}';
  const printed =
    'main.config{Name:"api", Timeout:23400000000000, Retry:main.retry{Every:1500000000, Tries:3}, Backoff:[]time.Duration{250000000, 2000000000}, Limits:map[string]time.Duration{"read":5000000000}}';
  expect(atoms(shown)).toEqual(atoms(printed));
  expect(judge({ name: "cfg" }, printed, shown).verdict).toBe("exact");
  // A spelling that says another amount is judged as data: not hidden.
  expect(judge({ name: "cfg" }, printed, shown.replace("(1.5s)", "(2.5s)")).verdict).toBe("WRONG");
});
