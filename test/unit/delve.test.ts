// The Delve module's pure parts: call detection, expression and breakpoint spelling, exit codes,
// and the cheap "is this a Go binary" check.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { delve, exitCodeFromText, isGoBinary, moduleRoot, needsCall } from "../../src/adapters/delve.ts";

const ROOT = join(import.meta.dir, "..", "..");

describe("needsCall / rewriteExpression", () => {
  const table: [string, { expression: string; context?: "repl" }][] = [
    ["add(2, 3)", { expression: "call add(2, 3)", context: "repl" }],
    ["factorial(add(1, 2)) + 1", { expression: "call factorial(add(1, 2)) + 1", context: "repl" }],
    ["p.String()", { expression: "call p.String()", context: "repl" }],
    ["fns[0](1)", { expression: "call fns[0](1)", context: "repl" }],
    ["  call add(1, 2) ", { expression: "call add(1, 2)", context: "repl" }],
    ["a + b", { expression: "a + b" }],
    ["p.x", { expression: "p.x" }],
    ["len(s) + cap(s)", { expression: "len(s) + cap(s)" }],
    ["int64(x) * 2", { expression: "int64(x) * 2" }],
    ["x.(int)", { expression: "x.(int)" }],
    ['m["f(x)"]', { expression: 'm["f(x)"]' }],
    ["`g(y)`", { expression: "`g(y)`" }],
    ["(*p).x", { expression: "(*p).x" }],
  ];
  for (const [input, want] of table) {
    test(JSON.stringify(input), () => expect(delve.rewriteExpression!(input)).toEqual(want));
  }
  test("needsCall agrees", () => {
    expect(needsCall("add(1, 2)")).toBe(true);
    expect(needsCall("len(s)")).toBe(false);
  });
});

test("a bare function name is the program's own (Delve finds `add` in runtime and reflect too)", () => {
  expect(delve.functionBreakpointName!("add")).toBe("main.add");
  expect(delve.functionBreakpointName!("main.add")).toBe("main.add");
  expect(delve.functionBreakpointName!("pkg.(*T).Method")).toBe("pkg.(*T).Method");
  expect(delve.functionBreakpointName!("main.go:32")).toBe("main.go:32");
});

test("exit code from Delve's words", () => {
  expect(exitCodeFromText("stdout\nProcess 4242 has exited with status 3\nDetaching\n")).toBe(3);
  expect(exitCodeFromText("Unable to evaluate expression: Process 7 has exited with status 0")).toBe(0);
  expect(exitCodeFromText("Process 1 has exited with status 1\nProcess 2 has exited with status 2\n")).toBe(2);
  expect(exitCodeFromText("nothing here")).toBeUndefined();
});

describe("handles", () => {
  const dir = mkdtempSync(join(tmpdir(), "dbg-delve-"));
  test("sources, package directories and Go binaries; not other files", () => {
    writeFileSync(join(dir, "notes.txt"), "hello\n");
    writeFileSync(join(dir, "fake.bin"), Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]));
    expect(delve.handles(join(dir, "main.go"))).toBe(true);
    expect(delve.handles(join(ROOT, "test", "fixtures", "go", "basic"))).toBe(true);
    expect(delve.handles(join(ROOT, "test", "fixtures", "c"))).toBe(false);
    expect(delve.handles(join(dir, "notes.txt"))).toBe(false);
    expect(delve.handles(join(dir, "fake.bin"))).toBe(false);
    expect(delve.handles(join(dir, "missing"))).toBe(false);
    expect(isGoBinary(process.execPath)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

test("sources Delve builds start it in their module root; a binary (or sources the daemon built) anywhere", () => {
  const basic = join(ROOT, "test", "fixtures", "go", "basic");
  expect(moduleRoot(basic)).toBe(basic);
  expect(moduleRoot(join(basic, "main.go"))).toBe(basic);
  const o = { args: [], cwd: "/tmp", env: {}, stopOnEntry: false, breakpointFiles: [], callerEnv: {}, options: {} };
  expect(delve.spawnCwd!({ ...o, program: join(basic, "main.go") })).toBe(basic);
  expect(delve.spawnCwd!({ ...o, program: join(basic, "main.go"), built: "/cache/bin" })).toBeUndefined();
  expect(delve.spawnCwd!({ ...o, program: "/bin/prog" })).toBeUndefined();
});

test("launch and attach arguments", () => {
  // The program's environment is exactly `env`: what dlv's own has beside it (and the CGO_CFLAGS dlv sets) is unset.
  const o = { args: ["a"], cwd: "/w", env: { K: "V" }, inherited: ["K", "DAEMON_ONLY"], stopOnEntry: false, breakpointFiles: [], callerEnv: {}, options: {} };
  const env = { K: "V", DAEMON_ONLY: null, CGO_CFLAGS: null };
  expect(delve.launchArgs({ ...o, program: "/bin/prog" })).toEqual({ mode: "exec", program: "/bin/prog", args: ["a"], cwd: "/w", env, stopOnEntry: false });
  const debug = delve.launchArgs({ ...o, program: join(ROOT, "test", "fixtures", "go", "basic") });
  // Delve builds: its CGO_CFLAGS (-O0 -g) must stay for the build.
  expect(debug).toMatchObject({ mode: "debug", program: join(ROOT, "test", "fixtures", "go", "basic"), env: { K: "V", DAEMON_ONLY: null } });
  expect(String(debug.output)).toStartWith(join(tmpdir(), "debugger-go-basic-"));
  // Built by the daemon: Delve runs the binary.
  expect(delve.launchArgs({ ...o, program: join(ROOT, "test", "fixtures", "go", "basic"), built: "/cache/bin" })).toEqual({
    mode: "exec",
    program: "/cache/bin",
    args: ["a"],
    cwd: "/w",
    env,
    stopOnEntry: false,
  });
  expect(delve.attachArgs({ pid: 42, remote: false, options: {} })).toEqual({ mode: "local", processId: 42 });
  expect(delve.attachArgs({ remote: true, options: {} })).toEqual({ mode: "remote" });
});
