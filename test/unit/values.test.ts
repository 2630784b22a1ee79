// Values that are compact and true, from tables.
import { expect, test } from "bun:test";
import { builtinAdapters } from "../../src/adapters/index.ts";
import { compactValue, isStringLike, typeAsWritten } from "../../src/daemon/session/values/values.ts";

test.each([
  ['"abc"', true],
  ['0x0000555555556008 "a message"', true],
  ["'a'", true],
  ["{x = 1}", false],
  ["42", false],
])("isStringLike(%s) = %s", (value, want) => expect(isStringLike(value)).toBe(want));

test("compactValue applies the adapter's own rules, and none without them", () => {
  expect(compactValue({ compactValue: (v) => v.toUpperCase() }, "abc", "char[4]")).toBe("ABC");
  expect(compactValue({}, '"ab\\0\\0"', "char[4]")).toBe('"ab\\0\\0"');
});

test("a type is spelled by the adapter's own rules: the native debuggers shorten C++ and Rust types, the others keep theirs", () => {
  const by = (name: string) => builtinAdapters.find((a) => a.name === name)!;
  for (const name of ["lldb-dap", "codelldb", "gdb", "lldb-cli"])
    expect(typeAsWritten(by(name), "alloc::vec::Vec<i32, alloc::alloc::Global>")).toBe("Vec<i32>");
  for (const name of ["debugpy", "delve", "node"]) expect(by(name).nativeValues).toBeUndefined();
  expect(typeAsWritten(by("delve"), "map[string]main.Item")).toBe("map[string]main.Item");
  expect(typeAsWritten(by("gdb"), undefined)).toBeUndefined();
});
