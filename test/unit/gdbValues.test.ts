// gdb's value text (native DAP and cdt-gdb-adapter) → what the agent sees: gdb's value facet
// (src/adapters/gdbValues.ts), from a table of gdb 13's own text.
import { expect, test } from "bun:test";
import { gdb } from "../../src/adapters/gdb.ts";

test.each([
  // A char buffer: gdb escapes the NULs as octal.
  ['"ab\\000\\000"', "char [4]", '"ab"'],
  ['"bolt"', "char [16]", '"bolt"'],
  // A Rust char past ASCII: its code and an escape.
  ["955 '\\u{0003bb}'", "char", "'λ' U+03BB"],
  ["97 'a'", "char", "97 'a'"],
  ["956 '\\u{0003bb}'", "char", "956 '\\u{0003bb}'"],
  // A libstdc++ string_view without its pretty printer: its fields.
  ['{_M_len = 6, _M_str = 0x55555556407c "a view and more"}', "std::string_view", '"a view"'],
  // gdb's addresses are already short; a C char is `97 'a'`.
  ["0x5555555592a0", "int *", "0x5555555592a0"],
  ["-23 '\\351'", "char", "-23 '\\351'"],
  // LLDB's spelling of a wide char is not gdb's.
  ["U+0xe9 U'é'", "char32_t", "U+0xe9 U'é'"],
])("gdb: %s (%s) → %s", (value, type, want) => expect(gdb.compactValue?.(value, type)).toBe(want));
