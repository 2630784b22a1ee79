import { describe, expect, test } from "bun:test";
import { DebuggerError } from "../../src/common/errors.ts";
import * as v from "valibot";
import { formatLocation, parseLocation, resolveSourcePath, splitCondition, splitExpressions, splitPrints, type Location } from "../../src/common/location.ts";
import { argSchemas } from "../../src/ipc/commands.ts";

const HINT = "use FILE:LINE (main.c:12), FILE:LINE:COLUMN, a function name (main, Foo::bar) or an address (0x401000)";

describe("parseLocation: accepted", () => {
  test.each<[string, Location]>([
    ["main.c:10", { kind: "line", file: "main.c", line: 10 }],
    ["main.c:10:5", { kind: "line", file: "main.c", line: 10, column: 5 }],
    ["  main.c:10  ", { kind: "line", file: "main.c", line: 10 }],
    ["src/a.rs:7", { kind: "line", file: "src/a.rs", line: 7 }],
    ["/abs/path/prog.cpp:123", { kind: "line", file: "/abs/path/prog.cpp", line: 123 }],
    ["Makefile:3", { kind: "line", file: "Makefile", line: 3 }],
    ["dir with space/a b.c:3", { kind: "line", file: "dir with space/a b.c", line: 3 }],
    ["C:\\src\\x.c:10", { kind: "line", file: "C:\\src\\x.c", line: 10 }],
    ["C:\\src\\x.c:10:3", { kind: "line", file: "C:\\src\\x.c", line: 10, column: 3 }],
    ["C:/src/x.c:10", { kind: "line", file: "C:/src/x.c", line: 10 }],
    ["main", { kind: "function", name: "main" }],
    ["Foo::bar", { kind: "function", name: "Foo::bar" }],
    ["ns::Foo::bar", { kind: "function", name: "ns::Foo::bar" }],
    ["std::vector<int>::push_back", { kind: "function", name: "std::vector<int>::push_back" }],
    ["main.add", { kind: "function", name: "main.add" }],
    ["main.(*T).Add", { kind: "function", name: "main.(*T).Add" }],
    ["add(int, int)", { kind: "function", name: "add(int, int)" }],
    ["operator==", { kind: "function", name: "operator==" }],
    ["Foo::operator==", { kind: "function", name: "Foo::operator==" }],
    ["operator new", { kind: "function", name: "operator new" }],
    ["0x401000", { kind: "address", address: "0x401000" }],
    // Copied from compiler output (`main.c:10:5: error: …`).
    ["main.c:10:", { kind: "line", file: "main.c", line: 10 }],
    ["main.c:10:5:", { kind: "line", file: "main.c", line: 10, column: 5 }],
    ["Foo::operator new", { kind: "function", name: "Foo::operator new" }],
    ["*0x401000", { kind: "address", address: "0x401000" }],
    ["0x7FFF0000ABCD", { kind: "address", address: "0x7fff0000abcd" }],
  ])("%j", (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });
});

describe("parseLocation: rejected with INVALID_LOCATION", () => {
  test.each([
    ["main.c", "a file needs a line number"],
    ["src/prog", "a file needs a line number"],
    ["C:\\src\\x.c", "a file needs a line number"],
    ["main.c:abc", "'abc' is not a line number"],
    ["main.c:-1", "'-1' is not a line number"],
    ["main.c:12:abc", "'abc' is not a line number"],
    ["main.c:0", "line and column numbers start at 1"],
    ["main.c:", "a line number must follow ':'"],
    ["main.c:1:0", "line and column numbers start at 1"],
    ["", "it is empty"],
    ["   ", "it is empty"],
    ["foo bar", "a function name has no spaces"],
    ["my func", "a function name has no spaces"],
  ])("%j: %s", (text, why) => {
    let caught: unknown;
    try {
      parseLocation(text);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DebuggerError);
    expect((caught as DebuggerError).toData()).toEqual({ code: "INVALID_LOCATION", message: `invalid location '${text}': ${why}`, hint: HINT });
  });
});

describe("formatLocation", () => {
  test.each<[Location, string]>([
    [{ kind: "line", file: "main.c", line: 10 }, "main.c:10"],
    [{ kind: "line", file: "main.c", line: 10, column: 5 }, "main.c:10:5"],
    [{ kind: "function", name: "Foo::bar" }, "Foo::bar"],
    [{ kind: "address", address: "0x401000" }, "0x401000"],
  ])("%j → %s", (loc, text) => {
    expect(formatLocation(loc)).toBe(text);
  });

  test.each(["main.c:10", "main.c:10:5", "ns::Foo::bar", "0x401000", "C:\\src\\x.c:10"])("round trip %s", (text) => {
    expect(formatLocation(parseLocation(text))).toBe(text);
  });
});

describe("resolveSourcePath", () => {
  test("relative paths resolve against the CLI's cwd; absolute paths are kept", () => {
    expect(resolveSourcePath("main.c", "/home/u/proj")).toBe("/home/u/proj/main.c");
    expect(resolveSourcePath("../lib/x.c", "/home/u/proj")).toBe("/home/u/lib/x.c");
    expect(resolveSourcePath("/opt/src/y.c", "/home/u/proj")).toBe("/opt/src/y.c");
  });
});

describe("splitCondition: gdb's 'LOC if COND'", () => {
  test.each<[string, { location: string; condition?: string }]>([
    ["main.c:10", { location: "main.c:10" }],
    ["main.c:10 if i == 3", { location: "main.c:10", condition: "i == 3" }],
    ["  parse   if   n > 2 && s[0] == 'x'  ", { location: "parse", condition: "n > 2 && s[0] == 'x'" }],
    ["main.c:10 if x if y", { location: "main.c:10", condition: "x if y" }],
    ["modify_info", { location: "modify_info" }],
    ["dir/if.c:3 if a", { location: "dir/if.c:3", condition: "a" }],
  ])("%j", (text, want) => expect(splitCondition(text)).toEqual(want));

  test.each(["if x", "main.c:10 if"])("%j is refused", (text) => {
    expect(() => splitCondition(text)).toThrow(DebuggerError);
  });
});

describe("parseLocation: out of range", () => {
  test.each([":::", "::", "99999999999999999999", "main.c:99999999999999"])("%j is refused", (text) => {
    expect(() => parseLocation(text)).toThrow(DebuggerError);
  });
});

describe("splitPrints: prints that belong to a breakpoint (issue 31)", () => {
  test.each<[string, string, string[] | undefined]>([
    ["main.c:42", "main.c:42", undefined],
    ["main.c:42 print len", "main.c:42", ["len"]],
    ["main.c:42 if i == 3 print buf, len", "main.c:42 if i == 3", ["buf", "len"]],
    ["sqlite3.c:38904 print pKey, nKey", "sqlite3.c:38904", ["pKey", "nKey"]],
    // Commas inside calls, brackets and strings stay in their expression.
    ["a.py:3 print f(a, b), d['x,y'], [1, 2]", "a.py:3", ["f(a, b)", "d['x,y']", "[1, 2]"]],
    // A ` print ` inside a string of the condition is not the keyword.
    ["a.py:3 if s == 'a print b' print s", "a.py:3 if s == 'a print b'", ["s"]],
    ["a.py:3 if printed > 2", "a.py:3 if printed > 2", undefined],
  ])("%s", (text, rest, prints) => {
    const r = splitPrints(text);
    expect(r.text).toBe(rest);
    expect(r.prints).toEqual(prints);
  });

  test("refused: nothing after print, nothing before it", () => {
    expect(() => splitPrints("main.c:42 print ")).toThrow(/expressions must follow 'print'/);
    expect(() => splitPrints(" print x")).toThrow(DebuggerError);
  });
});

describe("--print with top-level commas is several expressions", () => {
  const cases: [string, string[]][] = [
    ["year, month, LENGTHS[month]", ["year", "month", "LENGTHS[month]"]],
    ["f(a, b)", ["f(a, b)"]],
    ["[year, month]", ["[year, month]"]],
    ['"a, b", x', ['"a, b"', "x"]],
    ["{x: 1, y: 2}", ["{x: 1, y: 2}"]],
    ["m[std::pair<int, int>(1, 2)], n", ["m[std::pair<int, int>(1, 2)]", "n"]],
    ["x,", ["x"]],
  ];
  for (const [text, want] of cases) test(text, () => expect(splitExpressions(text)).toEqual(want));

  test("the contract parts them for every command that takes --print, and leaves one without a comma alone", () => {
    const a = v.parse(argSchemas.run, { program: "./app", print: ["i, total", "p->x"] });
    expect(a.print).toEqual(["i", "total", "p->x"]);
    const c = v.parse(argSchemas.continue, { print: ["f(a, b)"] });
    expect(c.print).toEqual(["f(a, b)"]);
  });
});
