// Conditions and prints that call the C library (glibc without debug info), issue 31: the calls are
// cast to their declared return types, so `strcmp(key, "…") == 0` stops where it holds; a condition
// the debugger cannot evaluate is said once, beside the rows; LLDB's complaint about it is not the
// program's output. On lldb-dap and gdb.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

    test("a condition that cannot be evaluated stops at every pass: said once, with the error and what to write instead", async () => {
      const r = await env.run(["run", bin, "--adapter", adapter, "--break", "keys.c:11 if nosuch(key) == 0", "--print", "i", "--max", "3"], {
        cwd,
        json: false,
      });
      const text = r.stdout;
      expect(text.match(/cannot be evaluated, so it stops at every pass/g)?.length).toBe(1);
      expect(text).toContain("Instead: ");
      expect(text).not.toContain("error evaluating condition");
      // Every pass stopped (gdb through cdt-gdb-adapter unbound such a breakpoint once the condition was its own).
      expect(text).toContain("#3  i = 2");
      expect(text).not.toContain("did not bind");
    });

    test('strcmp(key, "/index.html") == 0 stops at the two passes where it holds; prints of strlen and strchr; the output is the program\'s alone', async () => {
      const d = await env.ok(
        [
          "run",
          bin,
          "--adapter",
          adapter,
          "--break",
          'keys.c:11 if strcmp(key, "/index.html") == 0',
          "--print",
          "i",
          "--print",
          "strlen(key)",
          "--print",
          "strchr(key, 105)",
        ],
        { cwd },
      );
      expect(d.hits.map((h: { values: { value?: string }[] }) => h.values.slice(0, 2).map((v) => v.value))).toEqual([
        ["0", "11"],
        ["3", "11"],
      ]);
      expect(d.hits[0].values[2].value).toEndWith('"index.html"');
      expect(d.stop!.output).toBe(PLAIN);
      expect(d.warnings ?? []).toEqual([]);
    });

    test("start says it once; the continue after it does not", async () => {
      const session = `libc-${adapter}`;
      const first = await env.run(
        ["start", bin, "--adapter", adapter, "--session", session, "--break", "keys.c:11 if nosuch(key) == 0", "--print", "strlen(key)"],
        {
          cwd,
          json: false,
        },
      );
      expect(first.stdout).toContain("cannot be evaluated, so it stops at every pass");
      expect(first.stdout).toContain("strlen(key) = 11");
      const next = await env.run(["continue", "--session", session], { cwd, json: false });
      expect(next.stdout).toContain("keys.c:11");
      expect(next.stdout).not.toContain("cannot be evaluated");
      await env.run(["stop", "--session", session], { cwd });
    });

    test("the cast a print needed is learned once for the session: later rows ask the cast spelling first", async () => {
      // The daemon's log at debug level holds every DAP request (its own env: the log is this test's).
      const dir = mkdtempSync(join(tmpdir(), "dbg-libc-log-"));
      const logged = new E2eEnv({ env: { DEBUGGER_LOG: "debug", DEBUGGER_LOG_FILE: join(dir, "daemon.log") } });
      try {
        const d = await logged.ok(["run", bin, "--adapter", adapter, "--break", "keys.c:11", "--print", "strlen(key)", "--print", 'strcmp(key, "42")'], {
          cwd,
        });
        expect(d.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["11", "14", "16", "11", "2"]);
        expect(d.hits[4].values[1].value).toBe("0");
        await logged.run(["daemon", "stop"]);
        const log = readFileSync(join(dir, "daemon.log"), "utf8");
        // Requests for the call as written, not cast (cdt-gdb-adapter's spelling wraps it: `(\tstrlen(key))`).
        const asked = (call: string) =>
          log.split("\n").filter((l) => l.includes('"type":"request","command":"evaluate"') && l.includes(call) && !l.includes(`)${call}`)).length;
        // Once as written (refused, or valueless on gdb), then the cast at each of the five rows.
        expect(asked("strlen(key)")).toBe(1);
        expect(asked("strcmp(key, ")).toBe(1);
      } finally {
        logged.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

describe.skipIf(!lldb)("on lldb-dap", () => {
  // With a hit count the condition is LLDB's from the start (the daemon checks plain conditions only).
  test("LLDB's complaint about a condition it evaluates stays out of the program's output", async () => {
    const session = "libc-complaint";
    await env.ok(["start", bin, "--session", session, "--break", "main"], { cwd });
    await env.ok(["break", "keys.c:11", "--condition", "nosuch(key) == 0", "--hit-count", "1", "--session", session], { cwd });
    let output = "";
    for (let n = 0; n < 3; n++) {
      const d = await env.ok(["continue", "--session", session], { cwd });
      output += d.stop?.output ?? "";
    }
    expect(output).toContain("key 0 /index.html\n");
    expect(output).not.toContain("error evaluating condition");
    expect(PLAIN.startsWith(output)).toBe(true);
    await env.run(["stop", "--session", session], { cwd });
  });
});
