// `--stdin FILE` and `--stdin -` (issue 28 item 4): on every adapter the program's fd 0 is the file
// itself (a regular file: its size and seek work, as under `prog < FILE`), the value it computes
// from its input is what `--print` shows at a breakpoint after the read, and with no `--stdin` it
// still reads end-of-file. Then the errors, and the copies of the CLI's stdin the daemon deletes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-stdin-" }));
let dir: string;
/** A name a shell or a debugger's command line would have to quote. */
let input: string;

const SUM_C = `#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  long total = 0, n = 0, x;
  while (scanf("%ld", &x) == 1) { total += x; n++; }
  struct stat st;
  int regular = fstat(0, &st) == 0 && S_ISREG(st.st_mode);
  long size = (long)lseek(0, 0, SEEK_END);
  printf("read %ld numbers, total %ld, regular %d, size %ld\\n", n, total, regular, size);
  return 0;
}
`;
const C_LINE = 10;

const SUM_GO = `package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func main() {
	b, _ := io.ReadAll(os.Stdin)
	total, n := 0, 0
	for _, w := range strings.Fields(string(b)) {
		x, _ := strconv.Atoi(w)
		total += x
		n++
	}
	st, _ := os.Stdin.Stat()
	size, _ := os.Stdin.Seek(0, io.SeekEnd)
	regular := 0
	if st != nil && st.Mode().IsRegular() {
		regular = 1
	}
	fmt.Printf("read %d numbers, total %d, regular %d, size %d\\n", n, total, regular, size)
}
`;
const GO_LINE = 25;

const SUM_PY = `import os, stat, sys
nums = [int(w) for w in sys.stdin.read().split()]
total = sum(nums)
regular = int(stat.S_ISREG(os.fstat(0).st_mode))
size = os.lseek(0, 0, os.SEEK_END)
print(f"read {len(nums)} numbers, total {total}, regular {regular}, size {size}")
`;
const PY_LINE = 6;

const FILE_TEXT = "1 2 3\n4\n";
const PIPED_TEXT = "10 20\n";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-stdin-src-"));
  writeFileSync(join(dir, "sum.c"), SUM_C);
  const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "sum"), join(dir, "sum.c")], { stderr: "pipe" });
  if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  mkdirSync(join(dir, "gosum"));
  writeFileSync(join(dir, "gosum", "main.go"), SUM_GO);
  writeFileSync(join(dir, "gosum", "go.mod"), "module gosum\n\ngo 1.19\n");
  writeFileSync(join(dir, "sum.py"), SUM_PY);
  input = join(dir, `in put 'x' "y".txt`);
  writeFileSync(input, FILE_TEXT);
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

const FILE = "test/e2e/stdin.test.ts";
const haveLldb = adapterAvailable("lldb-dap", FILE);
const haveGdb = adapterAvailable("gdb", FILE);
const haveDlv = adapterAvailable("dlv", FILE);
const haveLldbCli = Bun.which("lldb-19") !== null || Bun.which("lldb") !== null;
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE);

interface Case {
  name: string;
  have: boolean;
  program: () => string;
  at: () => string;
  flags: string[];
  timeout: number;
  /** The program's last line, printed after the stop, arrives whole in the exit report. */
  exitOutput?: false;
}

const cases: Case[] = [
  { name: "lldb-dap", have: haveLldb, program: () => join(dir, "sum"), at: () => `${join(dir, "sum.c")}:${C_LINE}`, flags: [], timeout: 60_000 },
  {
    name: "lldb-cli",
    have: haveLldbCli,
    program: () => join(dir, "sum"),
    at: () => `${join(dir, "sum.c")}:${C_LINE}`,
    flags: ["--adapter", "lldb-cli"],
    timeout: 60_000,
    exitOutput: false,
  },
  { name: "gdb", have: haveGdb, program: () => join(dir, "sum"), at: () => `${join(dir, "sum.c")}:${C_LINE}`, flags: ["--adapter", "gdb"], timeout: 60_000 },
  // Delve builds the sources first (cached after the first run).
  { name: "Delve", have: haveDlv, program: () => join(dir, "gosum"), at: () => `${join(dir, "gosum", "main.go")}:${GO_LINE}`, flags: [], timeout: 180_000 },
  { name: "debugpy", have: haveDebugpy, program: () => join(dir, "sum.py"), at: () => `${join(dir, "sum.py")}:${PY_LINE}`, flags: [], timeout: 60_000 },
];

function line(numbers: number, total: number, regular: number, size: number): string {
  return `read ${numbers} numbers, total ${total}, regular ${regular}, size ${size}\n`;
}

describe("--stdin", () => {
  for (const c of cases) {
    const opts = c.name === "debugpy" ? { env: { DEBUGGER_PYTHON: "/usr/bin/python3" } } : {};
    // What the program computed from its stdin, read at the breakpoint after the read.
    const values = (r: { hits: { values: { value?: string }[] }[] }) => r.hits.map((h) => h.values.map((v) => v.value));
    const printed = ["--print", "total", "--print", "regular", "--print", "size"];
    // The LLDB command line's pty can lose the last line printed just before the exit (its own
    // known timing, not stdin's): there the values at the stop are the proof.
    const output = (r: { stop?: { output: string } }, expected: string) => c.exitOutput !== false && expect(r.stop?.output).toBe(expected);

    test.skipIf(!c.have)(
      `${c.name}: --stdin FILE is the program's stdin, a real file; the value computed from it prints at the breakpoint`,
      async () => {
        const r = await env().ok(["run", c.program(), ...c.flags, "--stdin", input, "--break", c.at(), ...printed, "--timeout", "120"], opts);
        expect(values(r)).toEqual([["10", "1", String(FILE_TEXT.length)]]);
        expect(r.stoppedBy).toBe("exit");
        output(r, line(4, 10, 1, FILE_TEXT.length));
      },
      c.timeout,
    );

    test.skipIf(!c.have)(
      `${c.name}: --stdin - gives the program what the CLI's stdin carried`,
      async () => {
        const r = await env().ok(["run", c.program(), ...c.flags, "--stdin", "-", "--break", c.at(), ...printed, "--timeout", "120"], {
          ...opts,
          stdin: PIPED_TEXT,
        });
        // A copy in a private file: still a regular file.
        expect(values(r)).toEqual([["30", "1", String(PIPED_TEXT.length)]]);
        output(r, line(2, 30, 1, PIPED_TEXT.length));
        // The copy is gone with the run's session.
        expect(readdirSync(join(env().runtimeDir, "stdin"))).toEqual([]);
      },
      c.timeout,
    );

    test.skipIf(!c.have)(
      `${c.name}: without --stdin the program reads end-of-file`,
      async () => {
        const r = await env().ok(["run", c.program(), ...c.flags, "--break", c.at(), ...printed, "--timeout", "120"], opts);
        expect(values(r)).toEqual([["0", "0", "0"]]);
        output(r, line(0, 0, 0, 0));
      },
      c.timeout,
    );
  }

  test.skipIf(!haveLldb)(
    "start --stdin -: the copy lives with the session, restart reads it again from its start, stop deletes it",
    async () => {
      const s = env().session("keep");
      const started = await s.ok(["start", join(dir, "sum"), "--stdin", "-", "--break", `${join(dir, "sum.c")}:${C_LINE}`, "--print", "total"], {
        stdin: PIPED_TEXT,
      });
      expect(started.stop?.displays?.map((v) => v.value)).toEqual(["30"]);
      const copies = readdirSync(join(env().runtimeDir, "stdin"));
      expect(copies.length).toBe(1);
      // Private to the user.
      const mode = Bun.spawnSync(["stat", "-c", "%a", join(env().runtimeDir, "stdin", copies[0]!)])
        .stdout.toString()
        .trim();
      expect(mode).toBe("600");
      const again = await s.ok(["restart", "--print", "total"]);
      expect(again.stop?.displays?.map((v) => v.value)).toEqual(["30"]);
      await s.ok(["stop"]);
      expect(readdirSync(join(env().runtimeDir, "stdin"))).toEqual([]);
    },
    60_000,
  );

  test.skipIf(!haveLldb)(
    "batch: a start line takes --stdin FILE, and --stdin - when the plan is a file",
    async () => {
      const plan = join(dir, "plan.txt");
      writeFileSync(plan, `start ${join(dir, "sum")} --session b1 --stdin - --break ${join(dir, "sum.c")}:${C_LINE} --print total\nstop --session b1\n`);
      const r = await env().ok(["batch", plan], { stdin: PIPED_TEXT });
      const first = r.replies[0]!;
      expect(first.ok).toBe(true);
      expect(first.ok && (first.data as { stop?: { displays?: { value?: string }[] } }).stop?.displays?.map((v) => v.value)).toEqual(["30"]);
      expect(readdirSync(join(env().runtimeDir, "stdin"))).toEqual([]);
      // The plan on stdin: `-` cannot be the program's input too.
      const refused = await env().run(["batch"], { stdin: `start ${join(dir, "sum")} --stdin -\n` });
      expect(refused.exitCode).toBe(2);
      expect(refused.json.ok).toBe(false);
      expect(!refused.json.ok && refused.json.error.code).toBe("USAGE");
    },
    60_000,
  );
});

describe.skipIf(!haveLldb)("--stdin errors", () => {
  const refuse = async (args: string[], code: string, message: RegExp, exit = 2) => {
    const r = await env().run(args);
    expect(r.exitCode).toBe(exit);
    expect(r.json.ok).toBe(false);
    if (r.json.ok) return;
    expect(r.json.error.code as string).toBe(code);
    expect(r.json.error.message).toMatch(message);
    expect(r.json.error.hint).toBeTruthy();
  };

  test("a missing file, a directory: INVALID_ARGUMENT, exit 2, nothing started", async () => {
    await refuse(["run", join(dir, "sum"), "--stdin", join(dir, "nope.txt")], "INVALID_ARGUMENT", /no such file/);
    await refuse(["start", join(dir, "sum"), "--stdin", dir], "INVALID_ARGUMENT", /is a directory/);
    await refuse(["test", "--stdin", "nope.txt", "--", "python3", "-m", "pytest"], "INVALID_ARGUMENT", /no such file/);
    const sessions = await env().ok(["sessions"]);
    expect(sessions.sessions).toEqual([]);
  }, 60_000);

  test("a named pipe: INVALID_ARGUMENT (the daemon would wait on its writer), with `--stdin - <` as the way", async () => {
    const fifo = join(dir, "fifo");
    if (!existsSync(fifo)) expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    await refuse(["run", join(dir, "sum"), "--stdin", fifo], "INVALID_ARGUMENT", /not a regular file/);
  }, 60_000);

  test("a path of the CLI's own descriptors (`<(cmd)`, /dev/stdin) is copied as `-` is", async () => {
    const r = await env().ok(["run", join(dir, "sum"), "--stdin", "/dev/stdin", "--break", `${join(dir, "sum.c")}:${C_LINE}`, "--print", "total"], {
      stdin: PIPED_TEXT,
    });
    expect(r.hits.map((h) => h.values.map((v) => v.value))).toEqual([["30"]]);
    expect(readdirSync(join(env().runtimeDir, "stdin"))).toEqual([]);
  }, 60_000);

  test("an unreadable file: INVALID_ARGUMENT, exit 2", async () => {
    if (process.getuid?.() === 0) {
      console.log("skipped: root reads a file of mode 000, so there is no unreadable file to give");
      return;
    }
    const locked = join(dir, "locked.txt");
    writeFileSync(locked, "1\n", { mode: 0o000 });
    await refuse(["run", join(dir, "sum"), "--stdin", locked], "INVALID_ARGUMENT", /cannot be read/);
  }, 60_000);

  test("with attach, --core or --connect: a usage error", async () => {
    await refuse(["attach", "1", "--stdin", input], "UNKNOWN_FLAG", /--stdin/);
    await refuse(["start", join(dir, "sum"), "--core", input, "--stdin", input], "USAGE", /--core starts none/);
    await refuse(["start", join(dir, "sum"), "--connect", "127.0.0.1:9", "--adapter", "lldb-dap", "--stdin", input], "USAGE", /--connect starts none/);
  }, 60_000);

  test("--stdin - from a copy that failed to start is deleted with the failure", async () => {
    const r = await env().run(["start", join(dir, "sum"), "--core", input, "--stdin", "-"], { stdin: PIPED_TEXT });
    expect(r.exitCode).toBe(2);
    const copies = join(env().runtimeDir, "stdin");
    expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]);
  }, 60_000);

  // `script` gives the CLI a terminal as its stdin.
  const script = Bun.which("script");
  test.skipIf(!script)(
    "--stdin - at a terminal: USAGE, said before anything starts",
    async () => {
      const cmd = `${JSON.stringify(join(process.cwd(), "dist", "debugger"))} run ${JSON.stringify(join(dir, "sum"))} --stdin - --json`;
      const p = Bun.spawnSync([script!, "-qec", cmd, "/dev/null"], { env: env().env, stdout: "pipe", stderr: "pipe", timeout: 30_000 });
      expect(p.exitCode).toBe(2);
      expect(p.stdout.toString()).toContain('"code":"USAGE"');
      expect(p.stdout.toString()).toContain("terminal");
    },
    60_000,
  );
  if (!script) console.log("skipped: no `script` (util-linux) to give the CLI a terminal");
});
