// A condition's value read as true or false by each adapter's language (AdapterSpec.conditionTruth),
// from tables of the adapters' own text. `before` is the one list every adapter's text met until
// issue 30: on each adapter's text the adapter's reading says the same, except the rows marked new
// (the language's false values the one list did not know: the adapter was asked instead).
import { describe, expect, test } from "bun:test";
import { builtinAdapters } from "../../src/adapters/index.ts";
import { customAdapter } from "../../src/adapters/custom.ts";

function before(result: string): boolean | undefined {
  const r = result.trim().replace(/^\([^()]*\)\s*/, "");
  if (/^(false|False|None|nil|null|NULL|nullptr|'\\0'|0x0+)$/.test(r)) return false;
  if (/^(true|True)$/.test(r)) return true;
  const n = Number(r.replace(/[uUlLfF]+$/, ""));
  if (r !== "" && !Number.isNaN(n)) return n !== 0;
  return undefined;
}

const adapter = (name: string) => builtinAdapters.find((a) => a.name === name)!;
type Row = [text: string, truth: boolean | undefined, isNew?: "new"];

const tables: Record<string, Row[]> = {
  // lldb-dap 19 (C, C++, Rust): `i == 7` → `false`, in the repl context `(bool) true`; a null pointer,
  // a NUL char, an unsigned literal, Rust's None; gdb's char `0 '\000'` is not read (the adapter decides).
  "lldb-dap": [
    ["false", false],
    ["true", true],
    ["(bool) true", true],
    ["(int) 0", false],
    ["0", false],
    ["7", true],
    ["-3", true],
    ["10u", true],
    ["0.0f", false],
    ["0x0000000000000000", false],
    ["0x00005555555592a0", true],
    ["'\\0'", false],
    ["None", false],
    ["nullptr", false],
    ["error: use of undeclared identifier 'x'", undefined],
    ["", undefined],
  ],
  // gdb 13 through cdt-gdb-adapter: C's bool and ints, a null pointer as `0x0`.
  gdb: [
    ["false", false],
    ["true", true],
    ["0", false],
    ["1", true],
    ["0x0", false],
    ["NULL", false],
    ["0 '\\000'", undefined],
  ],
  // Delve: `false`/`true`, a nil map or interface as `nil`, numbers.
  delve: [
    ["false", false],
    ["true", true],
    ["nil", false],
    ["0", false],
    ["42", true],
    ["1.5", true],
    ['"go"', undefined],
    ["*main.Item nil", undefined],
  ],
  // debugpy with /usr/bin/python3: reprs.
  debugpy: [
    ["False", false],
    ["True", true],
    ["None", false],
    ["0", false],
    ["0.0", false],
    ["-2", true],
    ["''", false, "new"],
    ['""', false, "new"],
    ["[]", false, "new"],
    ["{}", false, "new"],
    ["()", false, "new"],
    ["set()", false, "new"],
    ["[1]", undefined],
    ["'abc'", undefined],
    ["NameError: name 'x' is not defined", undefined],
  ],
  // node (js-debug) previews.
  node: [
    ["false", false],
    ["true", true],
    ["null", false],
    ["0", false],
    ["3", true],
    ["Infinity", true],
    ["undefined", false, "new"],
    ["NaN", false, "new"],
    ["''", false, "new"],
    ["'abc'", undefined],
    ["{x: 1}", undefined],
  ],
};
tables.codelldb = tables["lldb-dap"]!;
tables["lldb-cli"] = tables["lldb-dap"]!;

describe.each(Object.keys(tables))("%s", (name) => {
  // Every row three long: a shorter one would hand the test a `done` callback.
  test.each(tables[name]!.map(([text, truth, isNew]) => [text, truth, isNew ?? ""] as const))("%p → %p", (text, truth, isNew) => {
    expect(adapter(name).conditionTruth!(text)).toBe(truth);
    if (!isNew) expect(before(text)).toBe(truth);
  });
});

test("every built-in adapter reads condition values in its language", () => {
  for (const a of builtinAdapters) expect(a.conditionTruth, a.name).toBeDefined();
});

test("a custom adapter reads every built-in language's values, as the one list did", () => {
  const custom = customAdapter("x", { command: ["x"], extensions: [".x"], transport: "stdio", launch: {}, attach: {}, env: {} } as never);
  for (const rows of Object.values(tables)) for (const [text, truth, isNew] of rows) if (!isNew) expect(custom.conditionTruth!(text)).toBe(truth);
});
