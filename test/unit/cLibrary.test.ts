// The C library calls cast to their declared return types (issue 31): which calls, which casts,
// and when the cast is tried (only after the debugger's own refusal names such a call).
import { describe, expect, test } from "bun:test";
import {
  castLibraryCalls,
  conditionInstead,
  libraryReturnType,
  retryWithLibraryCasts,
  retryWithLibraryCastsGdb,
  unknownReturnType,
} from "../../src/adapters/cLibrary.ts";
import { gdbOutputCategory } from "../../src/adapters/gdb.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";

describe("castLibraryCalls", () => {
  const rows: [string, string | undefined][] = [
    ['strcmp(key, "/index.html") == 0', '(int)strcmp(key, "/index.html") == 0'],
    ["!strncmp(a, b, 3)", "!(int)strncmp(a, b, 3)"],
    ["strlen(s) > 3 && memcmp(p, q, 2)", "(unsigned long)strlen(s) > 3 && (int)memcmp(p, q, 2)"],
    ["strlen(strchr(s, 'a'))", "(unsigned long)strlen((char *)strchr(s, 'a'))"],
    ["atoi (buf) + atol(x) + strtoul(p, 0, 10)", "(int)atoi (buf) + (long)atol(x) + (unsigned long)strtoul(p, 0, 10)"],
    ["atof(s) > strtod(t, 0)", "(double)atof(s) > (double)strtod(t, 0)"],
    ["*getenv(\"HOME\") == '/'", "*(char *)getenv(\"HOME\") == '/'"],
    ["memchr(p, 0, n) != 0", "(void *)memchr(p, 0, n) != 0"],
    ["isdigit(c) || toupper(c) == 'A'", "(int)isdigit(c) || (int)toupper(c) == 'A'"],
    // Already cast, a member, a qualified name, a name in a string, a name not called, a name not in the table.
    ["(int)strcmp(a, b) == 0", undefined],
    ["(int) strcmp(a, b) == 0 && strlen(a)", "(int) strcmp(a, b) == 0 && (unsigned long)strlen(a)"],
    ["s.strlen(x) + p->strcmp(a) + std::strlen(x)", undefined],
    ['name == "strcmp(a, b)"', undefined],
    ["strlen == 0", undefined],
    ["my_strcmp(a, b) == 0", undefined],
    ["count > 3", undefined],
  ];
  for (const [input, out] of rows) test(input, () => expect(castLibraryCalls(input)).toBe(out));
});

test("declared return types: size_t is unsigned long (LP64), the string searches char *", () => {
  expect(libraryReturnType("strlen")).toBe("unsigned long");
  expect(libraryReturnType("strstr")).toBe("char *");
  expect(libraryReturnType("index")).toBe("char *");
  expect(libraryReturnType("labs")).toBe("long");
  expect(libraryReturnType("toString")).toBeUndefined();
  expect(libraryReturnType("constructor")).toBeUndefined();
});

describe("when the cast is tried", () => {
  const lldbError = "error: <user expression 1>:1:1: 'strcmp' has unknown return type; cast the call to its declared return type";
  test("after LLDB's and gdb's refusal naming a table function", () => {
    expect(unknownReturnType(lldbError)).toBe("strcmp");
    expect(retryWithLibraryCasts('strcmp(k, "a") == 0', lldbError)).toBe('(int)strcmp(k, "a") == 0');
    expect(retryWithLibraryCasts("strcmp(k, x) == 0", "'strcmp' has unknown return type; cast the call to its declared return type")).toBe(
      "(int)strcmp(k, x) == 0",
    );
  });
  test("not for another error, nor for a function the table does not know", () => {
    expect(retryWithLibraryCasts("strcmp(k, x) == 0", "use of undeclared identifier 'k'")).toBeUndefined();
    expect(retryWithLibraryCasts("mine(k) == 0", "'mine' has unknown return type; cast the call to its declared return type")).toBeUndefined();
  });
  test("gdb through cdt-gdb-adapter: its variable objects' words, and an empty value", () => {
    expect(retryWithLibraryCastsGdb("strlen(key) == 14", "Invalid type combination in equality test.")).toBe("(unsigned long)strlen(key) == 14");
    expect(retryWithLibraryCastsGdb("strlen(key)", "(no value)")).toBe("(unsigned long)strlen(key)");
    expect(retryWithLibraryCastsGdb("n == 14", "Invalid type combination in equality test.")).toBeUndefined();
  });
  test("lldb-dap retries a C program's refused call", () => {
    expect(lldbDap.retryExpression?.("strcmp(a, b) == 0", lldbError, "/x/app")).toBe("(int)strcmp(a, b) == 0");
  });
});

test("what to write instead of a condition that cannot be evaluated", () => {
  expect(conditionInstead("helper(x) == 0", "'helper' has unknown return type; cast the call to its declared return type")).toBe(
    "cast the call to its declared return type: (int)helper(x) == 0",
  );
  expect(conditionInstead("nosuch == 1", "use of undeclared identifier 'nosuch'")).toContain("variables in scope");
  expect(conditionInstead("a.b == 1", "something else")).toContain("`debugger print`");
});

test("LLDB's complaint about a condition is the debugger's output, not the program's", () => {
  const complaint =
    'error: stopped due to an error evaluating condition of breakpoint 1.1: "strcmp(key, "/index.html") == 0"\nCouldn\'t parse conditional expression:\nerror: <user expression 1>:1:1: \'strcmp\' has unknown return type\n';
  expect(lldbDap.outputCategory?.("console", complaint)).toBe("console");
  expect(lldbDap.outputCategory?.("stdout", complaint)).toBe("console");
  expect(lldbDap.outputCategory?.("stdout", "error: stopped due to the user\n")).toBe("stdout");
  expect(gdbOutputCategory("stdout", "key 0 /index.html\n")).toBe("stdout");
});
