// LLDB's value text → what the agent sees: the value facet of lldb-dap, CodeLLDB and the lldb
// console adapter (src/adapters/lldbValues.ts), from a table of LLDB 19's own text.
import { expect, test } from "bun:test";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { lldbCli } from "../../src/adapters/lldbCli/index.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { shortAddresses, wideChar } from "../../src/adapters/lldbValues.ts";

test.each([
  // A char buffer: all N bytes, cut at the NUL.
  ['"hello world\\0\\0\\0\\xc0_"', "char[32]", '"hello world"'],
  // Pointers: padded to 16 digits.
  ["0x00005555555592a0", "int *", "0x5555555592a0"],
  ['0x0000555555556008 "a message"', "const char *", '0x555555556008 "a message"'],
  ["0x0000000000000000", "Node *", "0x0"],
  // A wide char: the code (twice, from lldb-dap) and the character.
  ["U+0xe9 U+0xe9 U'é'", "char32_t", "'é' U+00E9"],
  ["U+0x0001f600 U'😀'", "char32_t", "'😀' U+1F600"],
  // libstdc++'s string_view has no LLDB 19 formatter: its fields, read as the bytes it views.
  ['{_M_len = 6, _M_str = 0x000055555556407c "a view and more"}', "std::string_view", '"a view"'],
  // A struct a Rust formatter made from bytes (a map entry's value): its type name alone says nothing.
  ["generics::Cell<unsigned long>", "generics::Cell<unsigned long>", "{...}"],
  // Nothing to cut.
  ["42", "int", "42"],
  ["size=3", "std::vector<int>", "size=3"],
])("lldb-dap: %s (%s) → %s", (value, type, want) => {
  for (const spec of [lldbDap, codelldb, lldbCli]) expect(spec.compactValue?.(value, type)).toBe(want);
});

test.each([
  ["0x00005555555592a0", "0x5555555592a0"],
  ["0x0000000000000000", "0x0"],
  ["{0x01, 0x02, 0xfa}", "{0x01, 0x02, 0xfa}"],
  ["0x401000", "0x401000"],
  ["0x00401000", "0x00401000"],
])("shortAddresses(%s) = %s", (value, want) => expect(shortAddresses(value)).toBe(want));

test.each([
  ["U+0x000000e9 U'é'", "char32_t", "'é' U+00E9"],
  ["U+0x41 u'A'", "char16_t", "'A' U+0041"],
  ["U+0xe9 U'é'", "int", "U+0xe9 U'é'"],
  ["65", "char32_t", "65"],
  // gdb's spelling of a Rust char is not LLDB's: left to gdb's facet.
  ["955 '\\u{0003bb}'", "char", "955 '\\u{0003bb}'"],
])("wideChar(%s, %s) = %s", (value, type, want) => expect(wideChar(value, type)).toBe(want));
