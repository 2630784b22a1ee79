// A launched program's stdin and its control bytes. stdin is /dev/null under lldb-dap, the LLDB
// command line, gdb and Delve (debugpy's launcher gives its own end-of-file), so a read gets
// end-of-file instead of blocking for ever (gdb: while
// program arguments keep their quoting); terminal escape sequences the program prints are shown
// as escapes in text mode, never replayed to the user's terminal, and kept as bytes in --json.
// Issue 24, item 11.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-io-" }));
let dir: string;

const READ_C = `#include <stdio.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) printf("arg%d=[%s]\\n", i, argv[i]);
  char line[64];
  if (!fgets(line, sizeof line, stdin)) {
    puts("eof");
    return 5;
  }
  printf("read %s", line);
  return 0;
}
`;

const READ_GO = `package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	for i, a := range os.Args[1:] {
		fmt.Printf("arg%d=[%s]\\n", i+1, a)
	}
	b, err := io.ReadAll(os.Stdin)
	fmt.Println("read", len(b), err)
	os.Exit(5)
}
`;

const READ_PY = `import sys
for i, a in enumerate(sys.argv[1:], 1):
    print(f"arg{i}=[{a}]")
print("read", len(sys.stdin.read()))
sys.exit(5)
`;

const ESC_C = `#include <stdio.h>
int main(void) {
  printf("\\x1b]0;title\\x07\\x1b[2J\\x1b[31mred\\x1b[0m\\n");
  int x = 1;
  return x;
}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-io-src-"));
  for (const [name, src] of [
    ["readin", READ_C],
    ["esc", ESC_C],
  ]) {
    writeFileSync(join(dir, `${name}.c`), src!);
    const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, name!), join(dir, `${name}.c`)], { stderr: "pipe" });
    if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  }
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/programIo.test.ts");
const haveGdb = adapterAvailable("gdb", "test/e2e/programIo.test.ts");
const haveLldbCli = Bun.which("lldb-19") !== null || Bun.which("lldb") !== null;
const haveDlv = adapterAvailable("dlv", "test/e2e/programIo.test.ts");
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/programIo.test.ts");

describe("stdin", () => {
  for (const [adapter, have] of [
    ["lldb-dap", haveLldb],
    ["gdb", haveGdb],
    ["lldb-cli", haveLldbCli],
  ] as const) {
    test.skipIf(!have)(
      `${adapter}: a program reading stdin gets end-of-file and runs to its exit`,
      async () => {
        const s = env().session(`stdin-${adapter}`);
        const r = await s.ok(["start", join(dir, "readin"), "--adapter", adapter, "--timeout", "30", "--", "a b", "c'd", '"q"', "<x"]);
        expect(r.stop.reason).toBe("exited");
        expect(r.stop.exitCode).toBe(5);
        // The arguments arrive as given, quotes and redirection characters included.
        expect(r.stop.output).toBe('arg1=[a b]\narg2=[c\'d]\narg3=["q"]\narg4=[<x]\neof\n');
      },
      60_000,
    );
  }

  // Delve's program inherits Delve's stdin, which was a pipe nobody wrote: the read waited for ever.
  test.skipIf(!haveDlv)(
    "Delve: a Go program reading stdin gets end-of-file and runs to its exit",
    async () => {
      const src = join(dir, "readgo", "main.go");
      mkdirSync(join(dir, "readgo"));
      writeFileSync(src, READ_GO);
      const r = await env().session("stdin-dlv").ok(["start", src, "--timeout", "100", "--", "a b"]);
      expect(r.stop.reason).toBe("exited");
      expect(r.stop.exitCode).toBe(5);
      expect(r.stop.output).toBe("arg1=[a b]\nread 0 <nil>\n");
    },
    120_000,
  );

  test.skipIf(!haveDebugpy)(
    "debugpy: a Python program reading stdin gets end-of-file and runs to its exit",
    async () => {
      const src = join(dir, "readin.py");
      writeFileSync(src, READ_PY);
      const r = await env().session("stdin-py").ok(["start", src, "--python", "/usr/bin/python3", "--timeout", "30", "--", "a b"]);
      expect(r.stop.reason).toBe("exited");
      expect(r.stop.exitCode).toBe(5);
      expect(r.stop.output).toBe("arg1=[a b]\nread 0\n");
    },
    60_000,
  );
});

describe.skipIf(!haveDebugpy)("bytes that are not UTF-8 under debugpy", () => {
  // Issue 33 (low): debugpy spells such a byte as a lone surrogate (surrogateescape), and the JSON
  // carried it as `\udcff`, which strict parsers refuse. Now U+FFFD, in output and exception alike.
  test("an exception message with a lone surrogate reaches --json as U+FFFD, the output too", async () => {
    const src = join(dir, "surrogate.py");
    writeFileSync(src, 'import sys\nsys.stdout.buffer.write(b"bad \\xff byte\\n"); sys.stdout.flush()\nraise ValueError("v" + chr(0xdcff))\n');
    const r = await env().run(["run", src]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toMatch(/(?<!\\)\\ud[89a-f][0-9a-f]{2}/i);
    expect(r.json.data.stop.description).toBe("v\uFFFD");
    expect(r.json.data.stop.output).toContain("bad \uFFFD byte");
  }, 60_000);
});

describe.skipIf(!haveLldb)("control bytes", () => {
  test("text mode shows escape sequences as \\x1b…, --json keeps the bytes", async () => {
    const s = env().session("esc");
    const text = await s.run(["start", join(dir, "esc"), "--break", `${join(dir, "esc.c")}:5`], { json: false });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("\\x1b]0;title\\x07\\x1b[2J\\x1b[31mred\\x1b[0m");
    expect(text.stdout).not.toContain("\x1b");
    expect(text.stdout).not.toContain("\x07");
    const out = await s.run(["output"], { json: false });
    expect(out.stdout).toContain("\\x1b[31mred");
    expect(out.stdout).not.toContain("\x1b");
    expect((await s.ok(["output"])).text).toBe("\x1b]0;title\x07\x1b[2J\x1b[31mred\x1b[0m\n");
  }, 60_000);
});
