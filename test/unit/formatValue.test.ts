// print --format: integers in other bases, as characters, pointers as bare addresses.
import { expect, test } from "bun:test";
import { formatValue } from "../../src/daemon/session/values/values.ts";

test.each([
  ["255", "hex", "0xff"],
  ["-1", "hex", "0xffffffffffffffff"],
  ["5", "bin", "0b101"],
  ["8", "oct", "010"],
  ["0x10", "dec", "0x10"],
  ["42", "dec", "42"],
  ["65", "char", "'A' 65"],
  ["10", "char", "'\\n' 10"],
  ["0", "char", "'\\0' 0"],
  ["39", "char", "'\\'' 39"],
  ["233", "char", "'\\xe9' 233"],
  ["955", "char", "'λ' 955"],
  ["-3", "char", "'\\xfd' -3"],
  ["128512", "char", "'😀' 128512"],
  ["9999999", "char", "9999999"],
  ["'A'", "char", "'A'"],
  ['0x00005555 "hi"', "address", "0x00005555"],
  ["0x7FFE1234", "address", "0x7ffe1234"],
  ["4198400", "address", "0x401000"],
  ["{x = 1}", "address", "{x = 1}"],
  ["3.5", "hex", "3.5"],
  ['"text"', "bin", '"text"'],
] as const)("formatValue(%s, %s) = %s", (value, format, want) => expect(formatValue(value, format)).toBe(want));

test("no format leaves the value alone", () => expect(formatValue("65", undefined)).toBe("65"));
