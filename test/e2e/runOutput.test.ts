// Fewer bytes and calls per hunt (issue 31), through the binary on the real adapters: a run that
// stopped at breakpoints ends with the output's last lines and the file that holds all of it; a
// --break past its file's end beside a good one is left out with one warning, on every adapter
// (debugpy refused the whole run before; lldb-dap ran with the other one).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { adapterAvailable, E2eEnv, missing, ROOT } from "./harness.ts";

const FILE = "test/e2e/runOutput.test.ts";
const T = 120_000;
const FLOOD = sourcePath("c/flood.c");
const env = new E2eEnv({ prefix: "dbg-e2e-runout-" });
let fixtures: Record<string, string> = {};
beforeAll(async () => {
  fixtures = await buildFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const lines = (text: string) => text.split("\n").filter(Boolean);

/** `run` on the C flood fixture (3,000 bytes: 60 lines of 100 bytes, stdout and stderr) with a past-the-end --break beside a good one. */
async function floodRun(flags: string[]) {
  const good = `${FLOOD}:${markerLine(FLOOD, "after_flood")}`;
  const r = await env.ok(["run", fixtures["c-flood"]!, ...flags, "--break", `${FLOOD}:99`, "--break", good, "--print", "done", "--", "3000"]);
  expect(r.warnings).toEqual([`breakpoint '${FLOOD}:99' left out: ${FLOOD} has 30 lines (\`debugger list ${FLOOD}:30\` shows its end)`]);
  expect(r.breakpoints).toHaveLength(1);
  expect(r.hits).toHaveLength(1);
  expect(r.stop).toMatchObject({ reason: "exited", exitCode: 0 });
  // The last 5 of 60 lines, and the file with every one.
  expect(lines(r.stop.output)).toHaveLength(5);
  expect(r.stop.truncated).toEqual([`output: the last 5 of 60 lines shown; all of it (6000 bytes) is in ${r.stop.outputFile}`]);
  expect(lines(readFileSync(r.stop.outputFile, "utf8"))).toHaveLength(60);
}

/**
 * A header named by its bare name (`half.h`, included from main.c with -Iinc) with a line past its
 * end: the same "has N lines" as its path gets (lldb-dap said "not in the program's debug info"),
 * left out beside a good --break, the error alone.
 */
async function bareHeader(flags: string[]) {
  const dir = join(env.dir, `hdr${flags.length}`);
  mkdirSync(join(dir, "inc"), { recursive: true });
  writeFileSync(join(dir, "inc", "half.h"), "static inline int half(int v) {\n  int h = v / 2;\n  return h;\n}\n");
  writeFileSync(join(dir, "main.c"), '#include <stdio.h>\n#include "half.h"\nint main(void) {\n  printf("%d\\n", half(8));\n  return 0;\n}\n');
  expect(Bun.spawnSync(["cc", "-g", "-O0", "-Iinc", "-o", "prog", "main.c"], { cwd: dir }).exitCode).toBe(0);
  const r = await env.ok(["run", "./prog", ...flags, "--break", "half.h:44", "--break", "half.h:3 print h"], { cwd: dir });
  expect(r.warnings).toEqual(["breakpoint 'half.h:44' left out: inc/half.h has 4 lines (`debugger list inc/half.h:4` shows its end)"]);
  expect(r.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["4"]);
  const bad = await env.run(["run", "./prog", ...flags, "--break", "half.h:44"], { cwd: dir });
  expect(bad.exitCode).toBe(2);
  expect(bad.json.error).toMatchObject({
    code: "INVALID_LOCATION",
    message: "invalid location 'half.h:44': inc/half.h has 4 lines",
    hint: "`debugger list inc/half.h:4` shows its end",
  });
}

describe.skipIf(!adapterAvailable("lldb-dap", FILE))("lldb-dap/C", () => {
  test("rows, the output's last lines, and a --break past the file's end left out", () => floodRun([]), T);
  test("a header by its bare name with a line past its end: its length, not 'not in the debug info'", () => bareHeader([]), T);
});

describe.skipIf(!(gdb.discover({ options: {} }) || missing("gdb with its DAP adapter is not installed", FILE)))("gdb/C", () => {
  test("rows, the output's last lines, and a --break past the file's end left out", () => floodRun(["--adapter", "gdb"]), T);
  test("a header by its bare name with a line past its end: its length", () => bareHeader(["--adapter", "gdb"]), T);
});

const hasDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy, pytest"], { stderr: "ignore" }).exitCode === 0 ||
  missing("/usr/bin/python3 cannot import debugpy and pytest (apt-get install python3-debugpy python3-pytest)", FILE);

describe.skipIf(!hasDebugpy)("debugpy", () => {
  test(
    "run: a --break past the end beside a good one runs (was INVALID_LOCATION), and the reply ends with the output's last lines",
    async () => {
      const app = join(env.dir, "app.py");
      writeFileSync(
        app,
        [
          "def total(items):",
          "    s = 0",
          "    for i in items:",
          "        s += i",
          "    return s",
          "",
          "",
          "for n in range(30):",
          '    print(f"line {n}: total so far {total(range(n))}")',
          'print("done")',
          "",
        ].join("\n"),
      );
      const r = await env.ok(["run", app, "--break", "app.py:40", "--break", "app.py:5 if n == 3", "--print", "s"], { cwd: env.dir });
      expect(r.warnings).toEqual(["breakpoint 'app.py:40' left out: app.py has 10 lines (`debugger list app.py:10` shows its end)"]);
      expect(r.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["3"]);
      expect(r.stop.output).toBe("line 26: total so far 325\nline 27: total so far 351\nline 28: total so far 378\nline 29: total so far 406\ndone\n");
      expect(r.stop.truncated).toEqual([`output: the last 5 of 31 lines shown; all of it (755 bytes) is in ${r.stop.outputFile}`]);
      // Text: the rows, five lines of output, the note; well under the 1 KB the whole output was.
      const text = await env.run(["run", app, "--break", "app.py:40", "--break", "app.py:5 if n == 3", "--print", "s"], { cwd: env.dir, json: false });
      expect(text.exitCode).toBe(0);
      expect(text.stdout).toContain("#1  s = 3\n");
      expect(text.stdout).not.toContain("line 25:");
      expect(text.stdout.match(/left out/g)).toHaveLength(1);
      // Every location bad: the error, nothing run.
      const bad = await env.run(["run", app, "--break", "app.py:40", "--break", "app.py:41"], { cwd: env.dir });
      expect(bad.exitCode).toBe(2);
      expect(bad.json.error.code).toBe("INVALID_LOCATION");
      expect(bad.json.error.message).toMatch(/'app\.py:40'.*has 10 lines; .*'app\.py:41'/);
    },
    T,
  );

  test(
    "test: pytest with a --break past calc.py's end beside a good one stops at the good one, saying once which was left out",
    async () => {
      const dir = join(env.dir, "pyproj");
      cpSync(join(ROOT, "test", "fixtures", "testRunners", "python"), dir, { recursive: true });
      const fail = markerLine(join(dir, "test_calc.py"), "fail");
      const PATH = `/usr/bin:/bin:${process.env.PATH}`;
      const s = env.session("left-test");
      const r = await s.ok(["test", "--break", "calc.py:38 if a > 1 print a", "--break", `test_calc.py:${fail}`, "--", "python3", "-m", "pytest", "-q"], {
        cwd: dir,
        env: { PATH },
      });
      expect(r.warnings).toEqual(["breakpoint 'calc.py:38 if a > 1 print a' left out: calc.py has 3 lines (`debugger list calc.py:3` shows its end)"]);
      expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { line: fail } });
      await s.ok(["stop"]);
    },
    T,
  );
});
