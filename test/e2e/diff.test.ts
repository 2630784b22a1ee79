// `debugger diff` (issue 35): one program, two inputs (arguments, an environment variable, a stdin
// file), a defect on one iteration (a number with a leading zero is read as 0). On every adapter
// one call names the first stop where the values part and both values, where control flow parts
// (only run b reaches the `zeros++` line), both ends and the output lines that differ, under 2 KB,
// and leaves nothing running. Then a hang at --timeout, a run that never stops, and bad input.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DiffData } from "../../src/ipc/commands.ts";
import { adapterAvailable, E2eEnv, missing, useEnv, waitFor } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-diff-" }));
let dir: string;

// strtol(…, 0) reads "08" as octal: 0, then stops at the 8. A negative number hangs (line 9).
const SUM_C = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long total = 0;
  int zeros = 0;
  for (int i = 1; i < argc; i++) {
    char *end;
    long x = strtol(argv[i], &end, 0);
    while (x < 0) {}
    total += x;
    if (x == 0)
      zeros++;
  }
  printf("total %ld zeros %d\\n", total, zeros);
  return zeros ? 1 : 0;
}
`;
// ParseInt(…, 0, 64) refuses "08" (an octal literal with an 8): 0 and an error nobody reads.
const SUM_GO = `package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	total, zeros := 0, 0
	for _, w := range strings.Split(os.Getenv("ITEMS"), ",") {
		x, _ := strconv.ParseInt(w, 0, 64)
		total += int(x)
		if x == 0 {
			zeros++
		}
	}
	fmt.Printf("total %d zeros %d\\n", total, zeros)
	if zeros > 0 {
		os.Exit(1)
	}
}
`;
// int("08", 0) raises: the except reads it as 0.
const SUM_PY = `import sys
total = zeros = 0
for w in sys.stdin.read().split():
    try:
        x = int(w, 0)
    except ValueError:
        x = 0
    total += x
    if x == 0:
        zeros += 1
print(f"total {total} zeros {zeros}")
sys.exit(1 if zeros else 0)
`;

// Two tests of one suite: the same function, three items against four; the fourth is subtracted.
// Four pytest runs under debugpy in a case: over a minute on a busy machine, hence 240 s.
const CALC_PY = `def total(items):
    s = 0
    for i, x in enumerate(items):
        s += x if i < 3 else -x
    return s
`;
const TEST_CALC_PY = `from calc import total

def test_small():
    assert total([1, 2, 3]) == 6

def test_big():
    assert total([1, 2, 3, 4]) == 10

def test_typo():
    assert total([1, 2, 5]) == 8
`;
const CALC_GO = `package calc

func Total(items []int) int {
	s := 0
	for i, x := range items {
		if i < 3 {
			s += x
		} else {
			s -= x
		}
	}
	return s
}
`;
const CALC_TEST_GO = `package calc

import "testing"

func TestSmall(t *testing.T) {
	if got := Total([]int{1, 2, 3}); got != 6 {
		t.Fatalf("small: got %d", got)
	}
}

func TestBig(t *testing.T) {
	if got := Total([]int{1, 2, 3, 4}); got != 10 {
		t.Fatalf("big: got %d", got)
	}
}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-diff-src-"));
  mkdirSync(join(dir, "pytests"));
  writeFileSync(join(dir, "pytests", "calc.py"), CALC_PY);
  writeFileSync(join(dir, "pytests", "test_calc.py"), TEST_CALC_PY);
  mkdirSync(join(dir, "gotests"));
  writeFileSync(join(dir, "gotests", "calc.go"), CALC_GO);
  writeFileSync(join(dir, "gotests", "calc_test.go"), CALC_TEST_GO);
  writeFileSync(join(dir, "gotests", "go.mod"), "module calc\n\ngo 1.19\n");
  writeFileSync(join(dir, "sum.c"), SUM_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "sum"), join(dir, "sum.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  mkdirSync(join(dir, "gosum"));
  writeFileSync(join(dir, "gosum", "main.go"), SUM_GO);
  writeFileSync(join(dir, "gosum", "go.mod"), "module gosum\n\ngo 1.19\n");
  writeFileSync(join(dir, "sum.py"), SUM_PY);
  writeFileSync(join(dir, "good.txt"), "5 6 7 8 9\n");
  writeFileSync(join(dir, "bad.txt"), "5 6 7 08 9\n");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

const FILE = "test/e2e/diff.test.ts";
const haveLldb = adapterAvailable("lldb-dap", FILE);
const haveGdb = adapterAvailable("gdb", FILE);
const haveDlv = adapterAvailable("dlv", FILE);
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE);

/** The line of SOURCE holding TEXT (1-based). */
function lineOf(source: string, text: string): number {
  return source.split("\n").findIndex((l) => l.includes(text)) + 1;
}

interface Case {
  name: string;
  have: boolean;
  program: () => string;
  file: string;
  source: string;
  /** The two sides: the same numbers but for a leading zero on the fourth. */
  sides: () => string[];
  flags: string[];
  timeout: number;
}

const cases: Case[] = [
  {
    name: "C on lldb-dap",
    have: haveLldb,
    program: () => join(dir, "sum"),
    file: "sum.c",
    source: SUM_C,
    sides: () => ["--a", "5 6 7 8 9", "--b", "5 6 7 08 9"],
    flags: [],
    timeout: 90_000,
  },
  {
    name: "C on gdb",
    have: haveGdb,
    program: () => join(dir, "sum"),
    file: "sum.c",
    source: SUM_C,
    sides: () => ["--a", "5 6 7 8 9", "--b", "5 6 7 08 9"],
    flags: ["--adapter", "gdb"],
    timeout: 90_000,
  },
  // Delve builds the sources first (cached after the first run).
  {
    name: "Go on Delve (--a-env/--b-env)",
    have: haveDlv,
    program: () => join(dir, "gosum"),
    file: "main.go",
    source: SUM_GO,
    sides: () => ["--a-env", "ITEMS=5,6,7,8,9", "--b-env", "ITEMS=5,6,7,08,9"],
    flags: [],
    timeout: 240_000,
  },
  {
    name: "Python on debugpy (--a-stdin/--b-stdin)",
    have: haveDebugpy,
    program: () => join(dir, "sum.py"),
    file: "sum.py",
    source: SUM_PY,
    sides: () => ["--a-stdin", join(dir, "good.txt"), "--b-stdin", join(dir, "bad.txt")],
    flags: [],
    timeout: 90_000,
  },
];

/** Processes still running PROGRAM (the runs' programs, debugpy's launcher): their command lines. */
function running(program: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (argv.includes(program)) found.push(`${pid}: ${argv.join(" ")}`);
    } catch {}
  }
  return found;
}

/** None is left: an ended program's launcher (debugpy's) may take a moment to be reaped after the reply. */
async function noneLeft(program: string): Promise<void> {
  await waitFor(() => running(program).length === 0, 5_000, `the runs' processes to end (${running(program).join("; ")})`);
}

describe("diff", () => {
  for (const c of cases) {
    const opts = c.name.includes("debugpy") ? { env: { DEBUGGER_PYTHON: "/usr/bin/python3" } } : {};
    test.skipIf(!c.have)(
      `${c.name}: one call names stop #4, x 8 against 0, where control flow parts, both ends; under 2 KB; nothing left`,
      async () => {
        const file = join(c.program().endsWith("gosum") ? join(dir, "gosum") : dir, c.file);
        const add = lineOf(c.source, "total += ");
        const zero = lineOf(c.source, "zeros++") || lineOf(c.source, "zeros += 1");
        const argv = [
          "diff",
          c.program(),
          ...c.flags,
          ...c.sides(),
          "--break",
          `${file}:${add}`,
          "--break",
          `${file}:${zero}`,
          "--print",
          "x",
          "--print",
          "total",
          "--timeout",
          "120",
        ];
        const d = (await env().ok(argv, opts)) as DiffData;
        expect(d.agree).toBe(3);
        expect(d.differs?.stop).toBe(4);
        expect(d.differs?.at).toBe(`${c.file}:${add}`);
        // total is the same at stop 4 (5+6+7 on both sides): only x differs.
        expect(d.differs?.values).toEqual([{ expression: "x", a: "8", b: "0" }]);
        expect(d.parts).toEqual({
          after: 4,
          lastCommon: `${c.file}:${add}`,
          a: `${c.file}:${add}`,
          b: `${c.file}:${zero}`,
          counts: [{ at: `${c.file}:${zero}`, a: 0, b: 1 }],
        });
        expect(d.a).toMatchObject({ stops: 5, stoppedBy: "exit", exitCode: 0 });
        expect(d.b).toMatchObject({ stops: 6, stoppedBy: "exit", exitCode: 1 });
        expect(d.output).toEqual([{ line: 1, a: "total 35 zeros 0", b: "total 27 zeros 1" }]);
        await noneLeft(c.program());
        expect((await env().ok(["sessions"])).sessions).toEqual([]);

        // The text an agent reads: the same, in one reply under 2 KB.
        const text = await env().run(argv, { ...opts, json: false });
        expect(text.exitCode).toBe(0);
        expect(Buffer.byteLength(text.stdout)).toBeLessThan(2048);
        expect(text.stdout).toContain(`The first 3 stops agree; stop #4 (${c.file}:${add}) differs:`);
        expect(text.stdout).toMatch(/ x +a: 8 +b: 0\n/);
        expect(text.stdout).toContain(
          `Control flow parts after stop #4 (${c.file}:${add}, the last in common): a goes to ${c.file}:${add}, b to ${c.file}:${zero}.`,
        );
        expect(text.stdout).toContain("a: 5 stops, exited with code 0.");
        expect(text.stdout).toContain("b: 6 stops, exited with code 1.");
      },
      c.timeout,
    );
  }

  test.skipIf(!haveLldb)(
    "--ignore drops an expression; a pointer's address is no difference unless --addresses",
    async () => {
      const at = `${join(dir, "sum.c")}:${lineOf(SUM_C, "total += ")}`;
      // `end` points into each side's own argv string: the addresses differ, the strings do not ("").
      const base = ["diff", join(dir, "sum"), "--a", "1 2", "--b", "1 2 3", "--break", at, "--print", "end", "--timeout", "120"];
      const same = (await env().ok(base)) as DiffData;
      expect(same.differs).toBeUndefined();
      expect(same.agree).toBe(2);
      const withAddresses = (await env().ok([...base, "--addresses"])) as DiffData;
      expect(withAddresses.differs?.stop).toBe(1);
      expect(withAddresses.differs?.values[0]?.expression).toBe("end");
      // b has one stop more: control flow parts after the two in common.
      expect(same.parts).toMatchObject({ after: 2, a: "end", b: `sum.c:${lineOf(SUM_C, "total += ")}` });
      const ignored = await env().ok([
        "diff",
        join(dir, "sum"),
        "--a",
        "1 8",
        "--b",
        "1 08",
        "--break",
        at,
        "--print",
        "x",
        "--print",
        "total",
        "--ignore",
        "x",
        "--timeout",
        "120",
      ]);
      expect(ignored.differs).toBeUndefined();
      expect(ignored.agree).toBe(2);
    },
    90_000,
  );

  test.skipIf(!haveLldb)(
    "a run that hangs is reported at --timeout, paused where it waits; one that never stops says so; nothing is left",
    async () => {
      const at = `${join(dir, "sum.c")}:${lineOf(SUM_C, "total += ")}`;
      const r = await env().run(["diff", join(dir, "sum"), "--a", "5 -1", "--b", "", "--break", at, "--print", "x", "--timeout", "5"], { json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(`a: 1 stop, still running at the timeout (a hang?), paused in main (sum.c:${lineOf(SUM_C, "while (x < 0)")}).`);
      expect(r.stdout).toContain("b: 0 stops, exited with code 0; it never stopped at a breakpoint.");
      await noneLeft(join(dir, "sum"));
      expect((await env().ok(["sessions"])).sessions).toEqual([]);
    },
    90_000,
  );

  // Two tests of one suite (`--test-a`/`--test-b` and the runner after --): the passing one's
  // stops are the prefix, the failing one goes on to a fourth pass and ends at its assertion.
  const testCases = [
    {
      name: "pytest on debugpy",
      have: haveDebugpy && !!Bun.which("pytest"),
      sub: "pytests",
      file: "calc.py",
      source: CALC_PY,
      at: "s += x",
      tests: ["test_small", "test_big"],
      command: ["pytest", "test_calc.py"],
      fails: "assert 2 == 10",
      timeout: 240_000,
    },
    {
      name: "go test on Delve",
      have: haveDlv,
      sub: "gotests",
      file: "calc.go",
      source: CALC_GO,
      at: "if i < 3",
      tests: ["TestSmall", "TestBig"],
      command: ["go", "test", "."],
      fails: "big: got 2",
      timeout: 240_000,
    },
  ];
  for (const c of testCases) {
    test.skipIf(!c.have)(
      `two tests of one suite, ${c.name}: one call says where they part and how each ended; under 2 KB; nothing left`,
      async () => {
        const line = lineOf(c.source, c.at);
        const cwd = join(dir, c.sub);
        const argv = [
          "diff",
          "--break",
          `${c.file}:${line}`,
          "--print",
          "s",
          "--print",
          "x",
          "--test-a",
          c.tests[0]!,
          "--test-b",
          c.tests[1]!,
          "--timeout",
          "120",
          "--",
          ...c.command,
        ];
        const opts = { cwd, env: { DEBUGGER_PYTHON: "/usr/bin/python3" } };
        const d = (await env().ok(argv, opts)) as DiffData;
        expect(d.tests).toEqual({ a: c.tests[0], b: c.tests[1] });
        expect(d.agree).toBe(3);
        expect(d.differs).toBeUndefined();
        expect(d.parts).toMatchObject({
          after: 3,
          lastCommon: `${c.file}:${line}`,
          a: "end",
          b: `${c.file}:${line}`,
          counts: [{ at: `${c.file}:${line}`, a: 3, b: 4 }],
        });
        expect(d.a).toMatchObject({ stops: 3, stoppedBy: "exit", exitCode: 0 });
        expect(d.b).toMatchObject({ stops: 4, stoppedBy: "other" });
        expect(d.b.reason).toContain(c.fails);
        expect(d.b.reason).not.toContain("\n");
        // b was ended at its failure, before its runner's summary: the outputs are not evidence.
        expect(d.output).toBeUndefined();
        expect(d.outputNotCompared).toContain("b ended");
        await noneLeft(join(cwd, c.file));
        expect((await env().ok(["sessions"], opts)).sessions).toEqual([]);
        const text = await env().run(argv, { ...opts, json: false });
        expect(text.exitCode).toBe(0);
        expect(Buffer.byteLength(text.stdout)).toBeLessThan(2048);
        expect(text.stdout).toContain(`a (${c.tests[0]}): 3 stops, exited with code 0.`);
        expect(text.stdout).toContain(`b (${c.tests[1]}): 4 stops, stopped: `);
        expect(text.stdout).toContain("Output: not compared (b ended before its runner finished).");
      },
      c.timeout,
    );
  }

  test.skipIf(!haveDebugpy || !Bun.which("pytest"))(
    "two tests whose values part: the first stop that differs, both values side by side, in one call under 2 KB",
    async () => {
      const cwd = join(dir, "pytests");
      const line = lineOf(CALC_PY, "s += x");
      const argv = [
        "diff",
        "--break",
        `calc.py:${line}`,
        "--print",
        "s",
        "--print",
        "x",
        "--test-a",
        "test_small",
        "--test-b",
        "test_typo",
        "--timeout",
        "120",
        "--",
        "pytest",
        "test_calc.py",
      ];
      const text = await env().run(argv, { cwd, env: { DEBUGGER_PYTHON: "/usr/bin/python3" }, json: false });
      expect(text.exitCode).toBe(0);
      expect(Buffer.byteLength(text.stdout)).toBeLessThan(2048);
      // s is 3 before the third pass on both sides; x is 3 against 5.
      expect(text.stdout).toContain(`The first 2 stops agree; stop #3 (calc.py:${line}) differs:`);
      expect(text.stdout).toMatch(/ x +a: 3 +b: 5\n/);
      expect(text.stdout).not.toMatch(/ s +a: /);
      expect(text.stdout).toContain("Control flow agrees: the same places, in the same order.");
      expect(text.stdout).toContain("a (test_small): 3 stops, exited with code 0.");
      expect(text.stdout).toContain("b (test_typo): 3 stops, exited with code 0.");
    },
    240_000,
  );

  test.skipIf(!haveDebugpy || !Bun.which("pytest"))(
    "the same test twice: everything agrees, the runner's timings are no difference",
    async () => {
      const cwd = join(dir, "pytests");
      const d = (await env().ok(
        [
          "diff",
          "--break",
          `calc.py:${lineOf(CALC_PY, "s += x")}`,
          "--print",
          "s",
          "--test-a",
          "test_small",
          "--test-b",
          "test_calc.py::test_small",
          "--timeout",
          "120",
          "--",
          "pytest",
          "test_calc.py",
        ],
        { cwd, env: { DEBUGGER_PYTHON: "/usr/bin/python3" } },
      )) as DiffData;
      expect(d.agree).toBe(3);
      expect(d.parts).toBeUndefined();
      expect(d.a).toMatchObject({ stops: 3, stoppedBy: "exit", exitCode: 0 });
      expect(d.b).toMatchObject({ stops: 3, stoppedBy: "exit", exitCode: 0 });
      // "-k test_small" deselects one test and the node id does not: the summary lines differ in that word only.
      expect((d.output ?? []).every((o) => /deselected/.test(`${o.a}${o.b}`))).toBe(true);
    },
    240_000,
  );

  test("two tests, bad input: a missing side, no command, a program and tests, a runner diff cannot narrow, several packages", async () => {
    const cwd = join(dir, "pytests");
    const oneSide = await env().run(["diff", "--break", "calc.py:4", "--test-a", "test_small", "--", "pytest", "test_calc.py"], { cwd });
    expect(oneSide.exitCode).toBe(2);
    expect(oneSide.stdout).toContain("--test-b NAME");
    const noCommand = await env().run(["diff", "--break", "calc.py:4", "--test-a", "x", "--test-b", "y"], { cwd });
    expect(noCommand.exitCode).toBe(2);
    expect(noCommand.stdout).toContain("command after --");
    const both = await env().run(["diff", "./calc.py", "--break", "calc.py:4", "--test-a", "x", "--test-b", "y", "--", "pytest"], { cwd });
    expect(both.exitCode).toBe(2);
    expect(both.stdout).toContain("is not needed");
    const restOnly = await env().run(["diff", "--break", "calc.py:4", "--", "pytest"], { cwd });
    expect(restOnly.exitCode).toBe(2);
    expect(restOnly.stdout).toContain("--test-a NAME --test-b NAME");
    const script = await env().run(["diff", "--break", "calc.py:4", "--test-a", "x", "--test-b", "y", "--", "python3", "calc.py"], {
      cwd,
      env: { DEBUGGER_PYTHON: "/usr/bin/python3" },
    });
    expect(script.exitCode).toBe(2);
    expect(script.stdout).toContain("diff of two tests knows pytest");
    if (haveDlv) {
      const several = await env().run(["diff", "--break", "calc.go:6", "--test-a", "TestSmall", "--test-b", "TestBig", "--", "go", "test", "./..."], {
        cwd: join(dir, "gotests"),
      });
      expect(several.exitCode).toBe(2);
      expect(several.stdout).toContain("name one package");
    }
    // The daemon took none of it badly: it still answers.
    expect((await env().ok(["sessions"], { cwd })).sessions).toEqual([]);
  }, 60_000);

  test("bad input: no breakpoint, an unbalanced quote, --a-stdin -, an unknown flag: a usage error naming the fix", async () => {
    const program = join(dir, "sum");
    const noBreak = await env().run(["diff", program, "--a", "1"]);
    expect(noBreak.exitCode).not.toBe(0);
    expect(noBreak.json.ok).toBe(false);
    expect(noBreak.stdout).toContain("USAGE");
    expect(noBreak.stdout).toContain("--break");
    const quote = await env().run(["diff", program, "--a", "'1 2", "--break", "sum.c:10"]);
    expect(quote.stdout).toContain("USAGE");
    expect(quote.stdout).toContain("--a");
    const dash = await env().run(["diff", program, "--b-stdin", "-", "--break", "sum.c:10"]);
    expect(dash.stdout).toContain("cannot be read twice");
    const unknown = await env().run(["diff", program, "--c", "1", "--break", "sum.c:10"]);
    expect(unknown.stdout).toContain("UNKNOWN_FLAG");
    const help = await env().run(["diff", "--help"], { json: false });
    for (const flag of ["--a 'ARGS'", "--b 'ARGS'", "--a-stdin FILE", "--a-env KEY=VALUE", "--ignore EXPR", "--addresses"])
      expect(help.stdout.replace(/\s+/g, " ")).toContain(flag);
    expect(help.stdout).toContain("e.g. debugger diff ./sum --break sum.c:10 --print x --a '5 8' --b '5 08'");
  });
});
