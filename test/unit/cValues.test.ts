// C and C++ value text both native debuggers print, from tables (src/adapters/cValues.ts).
import { expect, test } from "bun:test";
import { cString, quoteBytes } from "../../src/adapters/cValues.ts";

test.each([
  ['"hello world\\0\\0\\0\\xc0_"', "char[32]", '"hello world"'],
  ['"full"', "char[4]", '"full"'],
  ['"a\\0b"', "const char[4]", '"a"'],
  ['"ab\\000\\000"', "char [4]", '"ab"'],
  ['"hello\\0"', "char *", '"hello\\0"'],
  ['"\\U00000001\\xfa"', "unsigned char[2]", '"\\U00000001\\xfa"'],
  ["0x1234", "char[8]", "0x1234"],
])("cString(%s, %s) = %s", (value, type, want) => expect(cString(value, type)).toBe(want));

test.each([
  [[104, 105], '"hi"'],
  [[97, 34, 10, 9, 92, 233, 0], '"a\\"\\n\\t\\\\\\xe9\\x00"'],
  [[], '""'],
])("quoteBytes(%p) = %s", (bytes, want) => expect(quoteBytes(bytes as number[])).toBe(want));
