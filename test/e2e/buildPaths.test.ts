// Breakpoints match however the program was built (issue 28, item 3): compiled in another
// directory (the debug info names `sub/q.c` relative to it), given with `..` segments, through a
// symlinked directory either way round, and under -fdebug-prefix-map (the debug info names a
// directory that does not exist here). Each stop is its breakpoint's hit: a row in `run`, the hit
// count, never "never reached" after it stopped there. Under gdb the stop was not matched (a full
// report in `run`, "never reached" after `continue`); lldb-dap did not bind through a symlink or a
// rewritten prefix; a Go program under a symlinked directory did not build.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-paths-" }));
let top: string;
let link: string;

const Q = `int f(int x) {
  int y = x * 2;
  return y + x;
}
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) s += f(i);
  return s;
}
`;

const GO = `package main

import "os"

//go:noinline
func f(x int) int {
	y := x * 2
	return y + x
}

func main() {
	s := 0
	for i := 0; i < 3; i++ {
		s += f(i)
	}
	os.Exit(s)
}
`;

const PY = `import sys
def f(x):
    y = x * 2
    return y + x
sys.exit(sum(f(i) for i in range(3)))
`;

function cc(cwd: string, args: string[]): void {
  const r = Bun.spawnSync(["cc", "-g", "-O0", ...args], { cwd, stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
}

beforeAll(() => {
  top = mkdtempSync(join(tmpdir(), "dbg-paths-src-"));
  link = `${top}-link`;
  for (const d of ["sub", "other", "go", "py"]) mkdirSync(join(top, d));
  writeFileSync(join(top, "sub", "q.c"), Q);
  symlinkSync(top, link);
  // As the issue built it: from the top directory, with a relative source path.
  cc(top, ["sub/q.c", "-o", "q"]);
  // The debug info names /build/proj/sub/q.c, which does not exist here.
  cc(top, [`-fdebug-prefix-map=${top}=/build/proj`, "sub/q.c", "-o", "qmap"]);
  // Built through the symlinked directory: the debug info names the link's path.
  cc(link, [join(link, "sub", "q.c"), "-o", join(top, "qlink")]);
  writeFileSync(join(top, "go", "main.go"), GO);
  writeFileSync(join(top, "go", "go.mod"), "module paths\n\ngo 1.20\n");
  writeFileSync(join(top, "py", "q.py"), PY);
  // A bare name (`q.c:3`) in a program that also holds another q.c, from outside the project
  // (as a Rust test binary holds std's time.rs): the project's is meant.
  for (const d of ["proj/src", "lib", "flat", "proj2/src"]) mkdirSync(join(top, d), { recursive: true });
  writeFileSync(join(top, "proj", "src", "q.c"), Q.replace("int main(void) {\n  int s = 0;", "extern int g(int);\nint main(void) {\n  int s = g(7) - 8;"));
  writeFileSync(join(top, "lib", "q.c"), "int g(int v) {\n  int x = v + 1;\n  return x;\n}\n");
  cc(join(top, "proj"), ["src/q.c", "../lib/q.c", "-o", "p"]);
  // Built flat in another directory (the debug info names flat/q.c), the source kept in the
  // project's src/: no trailing part of src/q.c matches, the bare name still does.
  writeFileSync(join(top, "flat", "q.c"), Q);
  cc(join(top, "flat"), ["q.c", "-o", join(top, "proj2", "p")]);
  writeFileSync(join(top, "proj2", "src", "q.c"), Q);
});
afterAll(() => {
  if (!top) return;
  rmSync(link, { force: true });
  rmSync(top, { recursive: true, force: true });
});

const FILE = "test/e2e/buildPaths.test.ts";
const NATIVE = [
  ["gdb", adapterAvailable("gdb", FILE)],
  ["lldb-dap", adapterAvailable("lldb-dap", FILE)],
] as const;
const haveDlv = adapterAvailable("dlv", FILE);
const haveDebugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE);

/** `run` from `other/`: each stop is a row of breakpoint 1, then the exit (0 + 3 + 6 = 9). */
async function runRows(program: string, breakAt: string, extra: string[] = []) {
  const r = await env().ok(["run", program, ...extra, "--break", breakAt, "--print", "x", "--timeout", "100"], { cwd: join(top, "other") });
  expect(r.stoppedBy).toBe("exit");
  expect(r.stop).toMatchObject({ reason: "exited", exitCode: 9 });
  const line = Number(breakAt.split(":").at(-1));
  expect(r.hits.map((h) => [h.breakpointIds, h.frame?.line, h.values[0]?.value])).toEqual([
    [[1], line, "0"],
    [[1], line, "1"],
    [[1], line, "2"],
  ]);
  expect(r.stop!.neverHit ?? []).toEqual([]);
  return r;
}

describe("breakpoints in a C program built elsewhere", () => {
  for (const [adapter, have] of NATIVE) {
    const flags = ["--adapter", adapter];
    test.skipIf(!have)(
      `${adapter}: compiled in another directory, the breakpoint given with ..`,
      async () => {
        await runRows("../q", "../sub/q.c:3", flags);
      },
      120_000,
    );

    test.skipIf(!have)(
      `${adapter}: start, then continue: each stop is the breakpoint's hit`,
      async () => {
        const s = env().session(`paths-${adapter}`);
        const other = { cwd: join(top, "other") };
        const d = await s.ok(["start", "../q", ...flags, "--break", `${top}/sub/q.c:3`, "--timeout", "100"], other);
        expect(d.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1] });
        const c = await s.ok(["continue", "--timeout", "100"], other);
        expect(c.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1] });
        expect((await s.ok(["breakpoint", "list"], other)).breakpoints).toMatchObject([{ id: 1, hits: 2, verified: true }]);
        await s.ok(["continue", "--timeout", "100"], other);
        const e = await s.ok(["continue", "--timeout", "100"], other);
        expect(e.stop).toMatchObject({ reason: "exited", exitCode: 9 });
        expect(e.stop.neverHit ?? []).toEqual([]);
      },
      120_000,
    );

    test.skipIf(!have)(
      `${adapter}: a symlinked directory, either way round`,
      async () => {
        await runRows(join(top, "q"), `${link}/sub/q.c:3`, flags);
        await runRows(join(top, "qlink"), `${top}/sub/q.c:3`, flags);
      },
      120_000,
    );

    test.skipIf(!have)(
      `${adapter}: -fdebug-prefix-map (the debug info's directory is not here): the best suffix`,
      async () => {
        await runRows("../qmap", "../sub/q.c:3", flags);
      },
      120_000,
    );
  }
});

describe("a native source file by its bare name", () => {
  for (const [adapter, have] of NATIVE) {
    const flags = ["--adapter", adapter];
    test.skipIf(!have)(
      `${adapter}: the one file of that name below the cwd, not another of the program's`,
      async () => {
        const r = await env().ok(["run", "./p", ...flags, "--break", "q.c:3", "--print", "x", "--timeout", "100"], { cwd: join(top, "proj") });
        expect(r.stop).toMatchObject({ reason: "exited", exitCode: 9 });
        // lib/q.c's line 3 (x = 8) is not a stop: only the project's f, x = 0, 1, 2.
        expect(r.hits.map((h) => [h.frame?.function?.replace(/\(.*$/, ""), h.frame?.line, h.values[0]?.value])).toEqual([
          ["f", 3, "0"],
          ["f", 3, "1"],
          ["f", 3, "2"],
        ]);
      },
      120_000,
    );

    test.skipIf(!have)(
      `${adapter}: built flat in another directory, the bare name still binds`,
      async () => {
        const r = await env().ok(["run", "./p", ...flags, "--break", "q.c:3", "--print", "x", "--timeout", "100"], { cwd: join(top, "proj2") });
        expect(r.stop).toMatchObject({ reason: "exited", exitCode: 9 });
        expect(r.hits.map((h) => [h.frame?.line, h.values[0]?.value])).toEqual([
          [3, "0"],
          [3, "1"],
          [3, "2"],
        ]);
      },
      120_000,
    );
  }
});

describe("breakpoints through a symlinked directory", () => {
  test.skipIf(!haveDlv)(
    "Delve: a Go program built and broken by either path",
    async () => {
      await runRows(join(link, "go"), `${top}/go/main.go:8`);
      await runRows(join(top, "go"), `${link}/go/main.go:8`);
    },
    240_000,
  );

  test.skipIf(!haveDebugpy)(
    "debugpy: a Python program run and broken by either path",
    async () => {
      await runRows(join(link, "py", "q.py"), `${top}/py/q.py:4`);
      await runRows(join(top, "py", "q.py"), `${link}/py/q.py:4`);
    },
    120_000,
  );
});
