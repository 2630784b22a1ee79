// A reply sized to the question (issue 20): the value shapes read from debuggers' text, the short
// cut of long locals, the current line instead of the window in a frame just shown, the locals
// that changed, and the daemon's memory of what its reports showed.
import { describe, expect, test } from "bun:test";
import { escapedLength, valueShape, wholeOf } from "../../src/common/valueShape.ts";
import { SeenFrames, frameKey } from "../../src/daemon/session/stops/seenFrames.ts";
import { truncateVariables } from "../../src/daemon/session/values/truncate.ts";
import type { StopReport, VariableView } from "../../src/ipc/types.ts";
import { CUT_FROM, localsMode, localsShown, shortValue, sourceShown, STRING_CHARS } from "../../src/present/sizing.ts";
import { stopReport } from "../../src/present/text.ts";

const long = "abcdefghij".repeat(30);

describe("valueShape: what a debugger's text of a value is made of", () => {
  test.each([
    ['"abc"', { kind: "string", prefix: "", quote: '"', chars: 3, complete: true }],
    ['0x555555556008 "a\\nb\\"c"', { kind: "string", prefix: "0x555555556008 ", chars: 5, complete: true }],
    ["'it\\'s'", { kind: "string", quote: "'", chars: 4, complete: true }],
    ["b'\\x00\\xffA'", { kind: "string", prefix: "b", chars: 3, complete: true }],
    // Cut by the daemon's budget (`…` and no closing quote), or by LLDB / Delve themselves.
    ['"abcdef…', { kind: "string", body: "abcdef", chars: 6, complete: false }],
    ['"abc"...', { kind: "string", chars: 3, complete: false }],
    ['"abc"...+36 more', { kind: "string", chars: 3, complete: false }],
  ])("%s", (value, want) => {
    expect(valueShape(value)).toMatchObject(want);
  });

  test.each([
    // LLDB's container with its size, pydevd's repr with its own ellipsis, a closed list counted.
    ["size=3 [1, 2, 3]", { head: "size=3 ", items: ["1", "2", "3"], complete: true, total: 3 }],
    ["[0, 1, 2, 3, ...]", { items: ["0", "1", "2", "3"], complete: false, total: undefined }],
    ["{0: '0', 1: 'a, b'}", { items: ["0: '0'", "1: 'a, b'"], complete: true, total: 2 }],
    // Delve: its `(loaded 64/100)` and `[]int` are no list; its `...+36 more` counts.
    [
      "(loaded 64/100) []int len: 100, cap: 100, [0,1,2,...+97 more]",
      { head: "(loaded 64/100) []int len: 100, cap: 100, ", items: ["0", "1", "2"], total: 100 },
    ],
    ["[]int len: 5, cap: 5, [1,2,...+3 more]", { items: ["1", "2"], total: 5 }],
    // A struct's fields, a slice inside it with its own commas.
    [
      "main.node {keys: []int len: 3, cap: 3, [1,2,3], children: []*main.node len: 0, cap: 0, nil, n: 3}",
      { head: "main.node ", items: ["keys: []int len: 3, cap: 3, [1,2,3]", "children: []*main.node len: 0, cap: 0, nil", "n: 3"], total: 3 },
    ],
    ['map[string]int ["a": 1, "b": 2, ]', { head: "map[string]int ", items: ['"a": 1', '"b": 2'], total: 2 }],
    ["std::vector of length 3, capacity 3 = {1, 2, 3}", { items: ["1", "2", "3"], total: 3 }],
    ['{keys = {1, 2}, n = 8, name = 0x1 "root"}', { items: ["keys = {1, 2}", "n = 8", 'name = 0x1 "root"'], total: 3 }],
    // Cut by the daemon: the last, broken item goes; the count is not known from the text.
    ["[10, 20, 30, 4…", { items: ["10", "20", "30"], complete: false, total: undefined }],
  ])("%s", (value, want) => {
    expect(valueShape(value)).toMatchObject({ kind: "list", ...want });
  });

  test.each(["42", "0x0", "int[100] @ 0x7fffffffe270", "Point @ 0x7ffd1234", "std::map<int, int>"])("%s is plain", (value) => {
    expect(valueShape(value)).toBeUndefined();
  });

  test("escapes count as one character each", () => {
    expect(escapedLength("a\\n\\x1b[0m\\u00e9\\0\\\\")).toBe(9);
  });

  test("wholeOf: characters of a string, items of a container, else the text's length", () => {
    expect(wholeOf(`"${long}"`)).toEqual({ chars: 300 });
    expect(wholeOf("size=3 [1, 2, 3]")).toEqual({ items: 3 });
    expect(wholeOf("[1, 2, ...]")).toEqual({});
    expect(wholeOf("x".repeat(250))).toEqual({ chars: 250 });
  });
});

describe("shortValue: a long local cut short, saying how long the whole is", () => {
  test.each([
    // Short values stay as they are.
    ["42", undefined, "42"],
    ['"short"', undefined, '"short"'],
    [`"${long}"`, undefined, `"${long.slice(0, STRING_CHARS)}…" (300 chars)`],
    [`0x555555556008 "${long}\\n"`, undefined, `0x555555556008 "${long.slice(0, STRING_CHARS)}…" (301 chars)`],
    [`'${long}'`, undefined, `'${long.slice(0, STRING_CHARS)}…' (300 chars)`],
    // Cut by the daemon at 200 characters: its `whole` tells the length.
    [`"${long.slice(0, 199)}…`, { chars: 300 }, `"${long.slice(0, STRING_CHARS)}…" (300 chars)`],
    // Cut by the debugger itself: a lower bound, said as one.
    [`"${long}"...`, undefined, `"${long.slice(0, STRING_CHARS)}…" (over 300 chars)`],
    // An escape is never split.
    [`"${"x".repeat(STRING_CHARS - 1)}\\x1b${"y".repeat(120)}"`, undefined, `"${"x".repeat(STRING_CHARS - 1)}\\x1b…" (${STRING_CHARS + 120} chars)`],
  ])("%s", (value, whole, want) => {
    expect(shortValue({ value, whole })).toBe(want);
  });

  test("containers: the first elements and how many more", () => {
    const hundred = `[${Array.from({ length: 100 }, (_, i) => i).join(", ")}]`;
    expect(shortValue({ value: hundred })).toBe("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, … 80 more]");
    expect(shortValue({ value: `size=100 ${hundred}` })).toMatch(/^size=100 \[0, 1, .*, … \d+ more\]$/);
    // Delve says how many there are; pydevd does not (its own `...`): "more", without a number.
    expect(
      shortValue({
        value:
          "(loaded 64/100) []int len: 100, cap: 100, [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,...+36 more]",
      }),
    ).toBe("(loaded 64/100) []int len: 100, cap: 100, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 90 more]");
    expect(shortValue({ value: `{${Array.from({ length: 14 }, (_, i) => `${i}: 'v${i}'`).join(", ")}, ...}` })).toBe(
      "{0: 'v0', 1: 'v1', 2: 'v2', 3: 'v3', 4: 'v4', 5: 'v5', 6: 'v6', 7: 'v7', … more}",
    );
    // Cut by the daemon: its `whole` counts the items.
    expect(shortValue({ value: `${hundred.slice(0, 199)}…`, whole: { items: 100 } })).toMatch(/, … 80 more\]$/);
    // A struct: its fields, counted.
    expect(shortValue({ value: `{name = "${long}", n = 3}` })).toBe(`{name = "${long.slice(0, STRING_CHARS)}…" (300 chars), … 1 more}`);
    expect(shortValue({ value: `{${"q".repeat(150)}, n = 3}` })).toBe(`{${"q".repeat(71)}…, … 1 more}`);
  });

  test("a value up to 128 characters reads whole", () => {
    const four = '{0x555555556013 "alice:12", 0x55555555601c "bob:40", 0x555555556023 "margaret.hamilton:7", 0x555555556037 "linus:99"}';
    expect(shortValue({ value: four })).toBe(four);
    const s = `"${"x".repeat(CUT_FROM - 2)}"`;
    expect(shortValue({ value: s })).toBe(s);
    expect(shortValue({ value: `"${"x".repeat(CUT_FROM - 1)}"` })).toBe(`"${"x".repeat(STRING_CHARS)}…" (${CUT_FROM - 1} chars)`);
    // Cut by the daemon already: always said so.
    expect(shortValue({ value: `"${"x".repeat(70)}…`, whole: { chars: 71 } })).toBe(`"${"x".repeat(STRING_CHARS)}…" (71 chars)`);
  });

  test("anything else long: its start and its length", () => {
    expect(shortValue({ value: "z".repeat(150) })).toBe(`${"z".repeat(72)}… (150 chars)`);
    expect(shortValue({ value: `${"z".repeat(200)}…`, whole: { chars: 900 } })).toBe(`${"z".repeat(72)}… (900 chars)`);
  });
});

function report(over: Partial<StopReport> = {}): StopReport {
  return {
    reason: "breakpoint",
    breakpointIds: [1],
    frame: { function: "work", file: "/w/a.c", line: 13 },
    source: [12, 13, 14].map((line) => ({ line, text: line === 13 ? "  total += arr[i];" : `  // ${line}`, current: line === 13 })),
    locals: [
      { name: "i", type: "int", value: "2", reference: 0 },
      { name: "total", type: "int", value: "3", reference: 0 },
      { name: "name", type: "const char *", value: `0x1 "${long}"`, reference: 0 },
    ],
    output: "",
    seq: 2,
    time: "",
    ...over,
  };
}

describe("the stop report's text", () => {
  test("the first stop of a session is whole: the window and every local", () => {
    const text = stopReport(report(), "/w");
    expect(text).toContain("  12    // 12\n→ 13    total += arr[i];\n  14    // 14");
    expect(text).toContain("  i (int) = 2\n  total (int) = 3\n");
    expect(text).toContain(`name (const char *) = 0x1 "${long.slice(0, STRING_CHARS)}…" (300 chars)`);
    expect(text).toContain("(… = cut; `debugger print NAME` shows all)");
  });

  test("a stop in the frame the last report showed: its current line, not the window", () => {
    const r = report({ seen: { sameFrame: true, unchanged: ["total", "name"] } });
    expect(sourceShown(r)).toEqual([{ line: 13, text: "  total += arr[i];", current: true }]);
    const text = stopReport(r, "/w");
    expect(text).not.toContain("// 12");
    // The note on cuts was said with the window.
    expect(text).toContain('…" (300 chars)');
    expect(text).not.toContain("… = cut");
    expect(text).toContain("→ 13    total += arr[i];");
    // Without --print every local is shown.
    expect(text).toContain("total (int) = 3");
    // A new function (or the first stop in another frame): the window again.
    expect(stopReport(report({ seen: { sameFrame: false, unchanged: [] } }), "/w")).toContain("// 12");
    // status shows the stop whole.
    expect(stopReport(r, "/w", { whole: true })).toContain("// 12");
  });

  test("with --print the locals shrink to those that changed, saying how many were left out", () => {
    const r = report({ seen: { sameFrame: true, unchanged: ["total", "name"] }, displays: [{ expression: "total * 2", value: "6" }] });
    expect(localsMode(r, undefined)).toBe("changed");
    expect(stopReport(r, "/w")).toBe(
      [
        "Stopped: breakpoint 1 in work (a.c:13)",
        "Values:",
        "  total * 2 = 6",
        "→ 13    total += arr[i];",
        "Locals (2 unchanged: `debugger locals`):",
        "  i (int) = 2",
      ].join("\n"),
    );
    // Nothing changed: one line says so.
    expect(stopReport({ ...r, seen: { sameFrame: true, unchanged: ["i", "total", "name"] } }, "/w")).toEndWith("Locals: 3 unchanged: `debugger locals`");
    // A frame not reported before: all its locals are new.
    expect(localsShown({ ...r, seen: { sameFrame: false, unchanged: [] } }, r.locals, "changed").locals).toHaveLength(3);
    // A --print that failed asked for nothing: all locals.
    expect(localsMode(report({ displays: [{ expression: "nosuch", error: "undefined" }] }), undefined)).toBe("all");
  });

  test("--locals none|changed|all is the caller's choice over the default", () => {
    const r = report({ seen: { sameFrame: true, unchanged: ["total"] } });
    expect(stopReport(r, "/w", { locals: "none" })).not.toContain("Locals");
    expect(stopReport(r, "/w", { locals: "changed" })).toContain("Locals (1 unchanged: `debugger locals`):\n  i (int) = 2\n  name");
    const withPrint = { ...r, displays: [{ expression: "i", value: "2" }] };
    expect(stopReport(withPrint, "/w", { locals: "all" })).toContain("total (int) = 3");
    // The first stop has nothing to compare with: changed shows them all.
    expect(stopReport(report(), "/w", { locals: "changed" })).toContain("total (int) = 3");
  });

  test("the daemon's note on its own 200-character cut goes; the note on locals left out stays", () => {
    const cut = "locals: 2 values cut at 200 characters; `debugger locals` or `debugger print NAME` shows more";
    expect(stopReport(report({ truncated: [cut] }), "/w")).not.toContain("200 characters");
    const both = "locals: 3 more locals not shown; 1 value cut at 200 characters; `debugger locals` or `debugger print NAME` shows more";
    expect(stopReport(report({ truncated: [both] }), "/w")).toContain(
      "(locals: 3 more locals not shown; `debugger locals` or `debugger print NAME` shows more)",
    );
  });
});

describe("SeenFrames: what the session's reports have shown", () => {
  const locals = (pairs: Record<string, string>): VariableView[] => Object.entries(pairs).map(([name, value]) => ({ name, value, reference: 0 }));

  test("the first report has nothing before it; later ones say whether the frame and each local are the same", () => {
    const seen = new SeenFrames();
    const work = frameKey(1, "work", "/w/a.c", 2);
    expect(seen.note(work, locals({ i: "0", total: "0" }))).toBeUndefined();
    expect(seen.note(work, locals({ i: "1", total: "0" }))).toEqual({ sameFrame: true, unchanged: ["total"] });
    // Another function, then back: the window again, and the locals compared with this frame's last report.
    expect(seen.note(frameKey(1, "add", "/w/a.c", 3), locals({ x: "1" }))).toEqual({ sameFrame: false, unchanged: [] });
    expect(seen.note(work, locals({ i: "1", total: "1" }))).toEqual({ sameFrame: false, unchanged: ["i"] });
    // Another thread in the same function is another frame; so is a deeper (recursive) call.
    expect(seen.note(frameKey(2, "work", "/w/a.c", 2), locals({ i: "1", total: "1" }))).toEqual({ sameFrame: false, unchanged: [] });
    expect(seen.note(frameKey(2, "work", "/w/a.c", 3), locals({ i: "1" }))).toEqual({ sameFrame: false, unchanged: [] });
    seen.reset();
    expect(seen.note(work, locals({ i: "1" }))).toBeUndefined();
  });

  test("a stop shown as a row (trace, run) is as if it had not been reported", () => {
    const seen = new SeenFrames();
    const entry = frameKey(1, "_start", undefined, 1);
    const work = frameKey(1, "work", "/w/a.c", 2);
    seen.note(entry, []);
    seen.note(work, locals({ i: "0" }));
    seen.unshown();
    seen.note(work, locals({ i: "1" }));
    seen.unshown();
    // The next report in work: its window and all its locals, as at its first report.
    expect(seen.note(work, locals({ i: "1" }))).toEqual({ sameFrame: false, unchanged: [] });
    // Shown once, a row after it leaves that report the one compared with.
    seen.note(work, locals({ i: "2" }));
    seen.unshown();
    expect(seen.note(work, locals({ i: "1" }))).toEqual({ sameFrame: true, unchanged: ["i"] });
  });

  test("a name shown twice (a shadowed variable) is never called unchanged", () => {
    const seen = new SeenFrames();
    const k = frameKey(1, "main.main", "/w/main.go", 1);
    seen.note(k, locals({ err: "nil" }).concat(locals({ err: "nil", n: "1" })));
    expect(seen.note(k, [...locals({ err: "nil" }), ...locals({ err: "nil", n: "1" })])).toEqual({ sameFrame: true, unchanged: ["n"] });
  });

  test("values are compared whole: a change past the 200-character cut is a change", () => {
    const seen = new SeenFrames();
    const k = frameKey(1, "f", "/w/a.c", 1);
    seen.note(k, locals({ s: `"${"a".repeat(300)}"` }));
    expect(seen.note(k, locals({ s: `"${"a".repeat(299)}b"` }))!.unchanged).toEqual([]);
  });

  test("the daemon's cut keeps how long the whole was", () => {
    const { variables } = truncateVariables(locals({ s: `"${long}"`, n: "3" }), { maxValueLength: 200, maxLocals: 40 });
    expect(variables[0]!.whole).toEqual({ chars: 300 });
    expect(variables[0]!.value).toEndWith("…");
    expect(variables[1]!.whole).toBeUndefined();
  });
});
