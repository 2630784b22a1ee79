// `list`'s targets, the definition patterns per language, and the function search over a tree.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { definitionPattern, languageExtensions } from "../../src/adapters/languages.ts";
import { baseName, listing, parseListTarget, window } from "../../src/daemon/session/inspection/sourceList.ts";
import { readLines } from "../../src/daemon/session/inspection/sourceWindow.ts";

describe("parseListTarget", () => {
  test.each([
    ["", { kind: "here" }],
    ["42", { kind: "line", line: 42 }],
    ["10-20", { kind: "range", from: 10, to: 20 }],
    ["main.c:12", { kind: "line", file: "main.c", line: 12 }],
    ["main.c:12:5", { kind: "line", file: "main.c", line: 12 }],
    ["src/a.c:3-9", { kind: "range", file: "src/a.c", from: 3, to: 9 }],
    ["src/a.c", { kind: "file", file: "src/a.c" }],
    ["Foo::bar", { kind: "function", name: "Foo::bar" }],
    ["main.add", { kind: "function", name: "main.add" }],
    ["Foo::bar(int, char*)", { kind: "function", name: "Foo::bar(int, char*)" }],
    ["Foo::operator==", { kind: "function", name: "Foo::operator==" }],
  ])("'%s'", (text, want) => expect(parseListTarget(text)).toEqual(want as any));

  test.each([["0"], ["9-3"], ["a b"], ["a.c:0"], ['system("id")'], ["*main"], ["x=1"]])("'%s' is INVALID_LOCATION", (text) => {
    expect(() => parseListTarget(text)).toThrow(expect.objectContaining({ code: "INVALID_LOCATION" }));
  });
});

test("window clips to the file", () => {
  expect(window({ line: 2, before: 5, after: 5 }, 40)).toEqual({ from: 1, to: 7 });
  expect(window({ line: 39, before: 2, after: 2 }, 40)).toEqual({ from: 37, to: 40 });
  expect(window({ from: 30, to: 90 }, 40)).toEqual({ from: 30, to: 40 });
});

test.each([
  ["main.add", "add"],
  ["pkg.(*Server).Run", "Run"],
  ["Foo::bar(int)", "bar"],
  ["Parser.parse", "parse"],
  ["main", "main"],
])("baseName(%s) = %s", (name, want) => expect(baseName(name)).toBe(want));

describe("definitionPattern", () => {
  const yes = (name: string, ext: string, line: string) => expect(definitionPattern(name, ext)!.test(line)).toBe(true);
  const no = (name: string, ext: string, line: string) => expect(definitionPattern(name, ext)!.test(line)).toBe(false);
  test("Python: def, async def, class; not a call", () => {
    yes("parse", ".py", "    def parse(self, text):");
    yes("parse", ".py", "async def parse(x):");
    yes("Parser", ".py", "class Parser(Base):");
    no("parse", ".py", "    result = parse(text)");
    no("parse", ".py", "def parse_all():");
  });
  test("Go: functions and methods", () => {
    yes("Run", ".go", "func (s *Server) Run(ctx context.Context) error {");
    yes("add", ".go", "func add(a, b int) int {");
    yes("Map", ".go", "func Map[T any](xs []T) []T {");
    no("add", ".go", "\tsum := add(1, 2)");
  });
  test("Rust: fn with its qualifiers", () => {
    yes("nth", ".rs", "pub fn nth(&self, n: usize) -> u64 {");
    yes("run", ".rs", "    pub(crate) async fn run() {");
    no("nth", ".rs", "    let x = nth(3);");
  });
  test("C and C++: a definition, not a prototype, a call or a return", () => {
    yes("add", ".c", "int add(int a, int b) {");
    yes("add", ".c", "static inline int add(int a,");
    yes("bar", ".cpp", "void Foo::bar(int n) {");
    yes("get", ".cpp", "const std::string &get() const {");
    no("add", ".c", "int add(int a, int b);");
    no("add", ".c", "  total = add(total, i);");
    no("add", ".c", "  return add(1, 2);");
  });
});

describe("listing a function with no debugger to ask", () => {
  const dir = mkdtempSync(join(tmpdir(), "dbg-list-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "pkg"));
  mkdirSync(join(dir, "node_modules", "dep"), { recursive: true });
  writeFileSync(join(dir, "pkg", "util.py"), "import os\n\n\ndef helper(x):\n    return x * 2\n");
  writeFileSync(join(dir, "node_modules", "dep", "helper.py"), "def helper():\n    pass\n");
  writeFileSync(join(dir, "app.py"), "from pkg.util import helper\n\nprint(helper(2))\n");

  test("is found below the program's directory, installed packages skipped", async () => {
    const d = await listing(parseListTarget("util.helper"), 1, { cwd: dir, program: join(dir, "app.py"), adapter: debugpy, readLines });
    expect(d).toMatchObject({ file: join(dir, "pkg", "util.py"), function: "util.helper", line: 4, from: 3, to: 5, total: 5 });
    expect(d.others).toBeUndefined();
  });

  test("a missing one is INVALID_LOCATION naming where it looked", async () => {
    const r = listing(parseListTarget("nowhere"), 1, { cwd: dir, adapter: debugpy, readLines });
    await expect(r).rejects.toMatchObject({ code: "INVALID_LOCATION", message: expect.stringContaining(`below ${dir}`) });
  });

  test("a bare line with nothing stopped and nothing listed asks for a file", async () => {
    await expect(listing(parseListTarget("3"), 1, { cwd: dir, adapter: debugpy, readLines })).rejects.toMatchObject({ code: "NOT_STOPPED" });
    const after = await listing(parseListTarget("3"), 0, { cwd: dir, adapter: debugpy, readLines, lastFile: join(dir, "app.py") });
    expect(after.lines).toEqual([{ line: 3, text: "print(helper(2))", current: false }]);
  });
});

describe("the languages a listing searches", () => {
  test("an adapter's own source extensions, else the program's language, else every one", async () => {
    const { delve } = await import("../../src/adapters/delve.ts");
    const { lldbDap } = await import("../../src/adapters/lldbDap.ts");
    expect(languageExtensions("/bin/app", debugpy)).toEqual([".py", ".pyw"]);
    expect(languageExtensions(undefined, delve)).toEqual([".go"]);
    expect(languageExtensions("/work/tool.py", lldbDap)).toEqual([".py", ".pyw"]);
    expect(languageExtensions("/work/app", lldbDap)).toEqual([".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".rs", ".m", ".mm"]);
    expect(languageExtensions(undefined, undefined)).toEqual([".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".rs", ".go", ".py"]);
  });
});
