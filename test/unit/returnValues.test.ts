// What `finish` returned, read from the debuggers' own text (lldb-dap 19, cdt-gdb-adapter), from tables.
import { describe, expect, test } from "bun:test";
import { gdbReturnValue, lastHistoryValue, lldbBraces, lldbReturnValue, oneLine } from "../../src/adapters/returnValueText.ts";
import { returnedValue } from "../../src/daemon/session/stops/returnValues.ts";

const threadInfo = (tid: number, reason: string, value?: string) =>
  `thread #1: tid = ${tid}, 0x000055555555521f c-basic\`main at basic.c:29:13, name = 'c-basic', stop reason = ${reason}\n${value ? `Return value: ${value}\n` : ""}\n`;

describe("lldbReturnValue (LLDB's `thread info all`)", () => {
  test.each([
    ["an int", threadInfo(7, "step out", "(int) $0 = 42"), "42"],
    ["a struct on one line", threadInfo(7, "step out", "(point) $0 = (x = 3, y = 4)"), "{x = 3, y = 4}"],
    ["a string", threadInfo(7, "step out", '(const char *) $0 = 0x555555556004 "hello"'), '0x555555556004 "hello"'],
    ["a summary with children under it", threadInfo(7, "step out", '(std::string) $0 = "part-7" {\n  _M_dataplus = {\n    _M_p = 0x0\n  }\n}'), '"part-7"'],
    ["a struct over several lines", threadInfo(7, "step out", "(Point) $0 = {\n  x = 3\n  y = 4\n}"), "{x = 3, y = 4}"],
    ["a void function", threadInfo(7, "step out"), undefined],
    ["a step out cut short by a breakpoint", threadInfo(7, "breakpoint 1.1"), undefined],
    ["another thread's", threadInfo(8, "step out", "(int) $0 = 42"), undefined],
  ])("%s", (_what, text, want) => expect(lldbReturnValue(text, 7)).toBe(want));

  test("in Rust code only numbers and thin pointers: LLDB reads a small struct by C's rules, which rustc does not follow", () => {
    const rust = (type: string, value: string) =>
      `thread #1: tid = 7, 0x1 rust-returns\`returns::main::h23 at returns.rs:26:13, name = 'r', stop reason = step out\nReturn value: (${type}) $0 = ${value}\n\n`;
    expect(lldbReturnValue(rust("int", "42"), 7)).toBe("42");
    expect(lldbReturnValue(rust("double", "1.5"), 7)).toBe("1.5");
    expect(lldbReturnValue(rust("returns::Point *", "0x10"), 7)).toBe("0x10");
    // What LLDB 19 showed for Point { x: 3, y: 4 } (rustc returned it in rax and rdx).
    expect(lldbReturnValue(rust("returns::Point", "{\n  x = 3\n  y = 0\n}"), 7)).toEqual({
      cannot: expect.stringContaining("rustc follows only for numbers and pointers"),
    });
    expect(lldbReturnValue(rust("&str", '"hi"'), 7)).toEqual({ cannot: expect.any(String) });
    expect(lldbReturnValue(rust("alloc::string::String", '"part-7" {\n  vec = size=6 {\n  }\n}'), 7)).toEqual({ cannot: expect.any(String) });
  });

  test("the named thread's block among several", () => {
    const text = `${threadInfo(7, "breakpoint 1.1")}* ${threadInfo(9, "step out", "(int) $0 = 5")}`;
    expect(lldbReturnValue(text, 9)).toBe("5");
    expect(lldbReturnValue(text, 7)).toBeUndefined();
  });

  test.each([
    ["(x = 3, y = 4)", "{x = 3, y = 4}"],
    ['(name = "a (b) c", inner = (q = 1))', '{name = "a (b) c", inner = {q = 1}}'],
    ['(s = ")")', '{s = ")"}'],
    ["(int) 3", "(int) 3"],
    ["42", "42"],
  ])("lldbBraces(%s) → %s", (value, want) => expect(lldbBraces(value)).toBe(want));
});

describe("gdb's value history (`show values`)", () => {
  test("a new last entry after finish is its value; none is nothing returned", () => {
    expect(lastHistoryValue("")).toBeUndefined();
    expect(lastHistoryValue("$1 = 3\n$2 = {x = 3, y = 4}\n")).toEqual({ number: 2, value: "{x = 3, y = 4}" });
    expect(gdbReturnValue("$1 = 42\n", "")).toBe("42");
    expect(gdbReturnValue('$1 = 42\n$2 = 0x555555556004 "hello"\n', "$1 = 42\n")).toBe('0x555555556004 "hello"');
    // A void function, or a finish a breakpoint cut short: the history did not grow.
    expect(gdbReturnValue("$1 = 42\n", "$1 = 42\n")).toBeUndefined();
    expect(gdbReturnValue("", "")).toBeUndefined();
  });
});

test("oneLine", () => {
  expect(oneLine("{\n  x = 3\n  y = 4\n}")).toBe("{x = 3, y = 4}");
  expect(oneLine("7")).toBe("7");
});

test("returnedValue: an adapter that cannot say says why; a failed console read says nothing", async () => {
  expect(await returnedValue({ cannot: "why" }, undefined, 1, async () => "")).toEqual({ note: "why" });
  expect(await returnedValue(undefined, undefined, 1, async () => "")).toEqual({});
  const gdbLike = { before: "show values", after: "show values", parse: gdbReturnValue };
  expect(await returnedValue(gdbLike, "", 1, async () => "$1 = 9\n")).toEqual({ value: "9" });
  // What was there before is unknown: a value would be a guess.
  expect(await returnedValue(gdbLike, undefined, 1, async () => "$1 = 9\n")).toEqual({});
  expect(await returnedValue(gdbLike, "", 1, () => Promise.reject(new Error("gone")))).toEqual({});
  expect(await returnedValue({ after: "x", parse: () => ({ cannot: "no" }) }, undefined, 1, async () => "")).toEqual({ note: "no" });
});
