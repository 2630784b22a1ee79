// Conditions and prints that call the C library (glibc without debug info), issue 31: the calls are
// cast to their declared return types, so `strcmp(key, "…") == 0` stops where it holds; a condition
// the debugger cannot evaluate is said once, beside the rows; LLDB's complaint about it is not the
// program's output. On lldb-dap and gdb.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv, ROOT } from "../harness/index.ts";

const FILE = "test/e2e/libcCalls.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);

const env = new E2eEnv();
let bin = "";
beforeAll(async () => {
  bin = (await buildFixtures())["c-keys"]!;
});
afterAll(() => env.close());

const cwd = dirname(`${ROOT}/test/fixtures/c/keys.c`);
const PLAIN = "key 0 /index.html\nkey 1 /api/v1/orders\nkey 2 /account/billing\nkey 3 /index.html\nkey 4 42\ntotal 54\n";

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`on ${adapter}`, () => {
    test("strlen in a condition and a print: cast to size_t, the condition holds where it should", async () => {
      const d = await env.ok(["run", bin, "--adapter", adapter, "--break", "keys.c:11 if strlen(key) == 14", "--print", "strlen(key)", "--print", "i"], {
        cwd,
      });
      expect(d.hits.map((h: { values: { value?: string }[] }) => h.values.map((v) => v.value))).toEqual([["14", "1"]]);
      expect(d.breakpoints[0]!.conditionError).toBeUndefined();
      expect(d.stop!.output).toBe(PLAIN);
    });

    // gdb through cdt-gdb-adapter refuses such a condition when it is set ("did not bind"): not yet said this way there.
    test.skipIf(adapter === "gdb")("a condition that cannot be evaluated: said once, with the error and what to write instead", async () => {
      const r = await env.run(["run", bin, "--adapter", adapter, "--break", "keys.c:11 if nosuch(key) == 0", "--print", "i", "--max", "3"], {
        cwd,
        json: false,
      });
      const text = r.stdout;
      expect(text.match(/cannot be evaluated, so it stops at every pass/g)?.length).toBe(1);
      expect(text).toContain("Instead: ");
      expect(text).not.toContain("error evaluating condition");
    });
  });
}

describe.skipIf(!lldb)("on lldb-dap", () => {
  test('strcmp(key, "/index.html") == 0 stops at the two passes where it holds; the output is the program\'s alone', async () => {
    const d = await env.ok(["run", bin, "--break", 'keys.c:11 if strcmp(key, "/index.html") == 0', "--print", "i"], { cwd });
    expect(d.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["0", "3"]);
    expect(d.stop!.output).toBe(PLAIN);
  });

  test("the condition LLDB itself evaluates and cannot: its complaint stays out of the program's output, the JSON says it on the breakpoint", async () => {
    const d = await env.ok(["run", bin, "--break", "keys.c:11 if nosuch(key) == 0", "--print", "i", "--max", "3"], { cwd });
    expect(d.breakpoints[0]!.conditionError).toMatchObject({ error: expect.stringContaining("nosuch") });
    expect(d.stop!.conditionErrors).toHaveLength(1);
    expect(PLAIN.startsWith(d.stop!.output ?? "")).toBe(true);
  });
});
