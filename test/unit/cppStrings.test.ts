// std::string comparisons spelled with `compare` after the debugger refused `==` (cppStrings.ts),
// from lldb-dap 19's and gdb 13's own errors for test/fixtures/cpp/strings.cpp.
import { describe, expect, test } from "bun:test";
import { stringComparisons } from "../../src/adapters/cppStrings.ts";

const LLDB_LITERAL =
  "warning: <user expression 8>:1:15: result of comparison against a string literal is unspecified (use an explicit string comparison function instead)";
const LLDB_OPERANDS = "invalid operands to binary expression ('const std::string' (aka 'const std::basic_string<char>') and 'const std::string')";
const GDB = 'No symbol "operator==" in current context.';
const GDB_LEFT = "Can't do that binary op on that type";

describe("std::string compared", () => {
  const table: [string, string, string | undefined][] = [
    ['cust.contract == "GOLD"', LLDB_LITERAL, 'cust.contract.compare("GOLD") == 0'],
    ['"GOLD" != cust.contract', GDB_LEFT, 'cust.contract.compare("GOLD") != 0'],
    ['p->name == "x" && n > 2', GDB, 'p->name.compare("x") == 0 && n > 2'],
    ['!(s == "a") || t != "b"', LLDB_LITERAL, '!(s.compare("a") == 0) || t.compare("b") != 0'],
    ["cust.contract == plan", LLDB_OPERANDS, "cust.contract.compare(plan) == 0"],
    ["cust.contract == plan && cust.id > 0", GDB, "cust.contract.compare(plan) == 0 && cust.id > 0"],
    // Two comparisons of other operands: the error does not say which is the string's.
    ["a == b && c == d", GDB, undefined],
    // A comparison with a number is not a string's.
    ["n == 3", GDB, undefined],
    // Another error: nothing to spell.
    ['s == "x"', "use of undeclared identifier 's'", undefined],
    // Text the parser does not read stays as written.
    ['(int)s == "x"', LLDB_LITERAL, undefined],
  ];
  for (const [input, error, want] of table) test(`${input} → ${want}`, () => expect(stringComparisons(input, error)).toBe(want));
});
