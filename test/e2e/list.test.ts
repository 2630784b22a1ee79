// `list` (alias `source`) against the real adapters: the current line, a line, a range, a file and
// a function — found by the debugger where it can say (LLDB's `image lookup`, gdb's `info line`),
// by a search of the project's sources otherwise (Python, Go) — and a source with no file on disk
// read with the adapter's `source` request (a Python module imported from a zip).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing } from "../harness/index.ts";

const lldb = adapterAvailable("lldb-dap", "test/e2e/list.test.ts");
const gdb = adapterAvailable("gdb", "test/e2e/list.test.ts");
const debugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 ||
  missing("debugpy is not importable by /usr/bin/python3", "test/e2e/list.test.ts");
const delve = adapterAvailable("dlv", "test/e2e/list.test.ts") && adapterAvailable("go", "test/e2e/list.test.ts");

const C_SRC = sourcePath("c/basic.c");
const ADD = markerLine("c/basic.c", "add_body") - 1; // `int add(int a, int b) {`

let env: E2eEnv;
let bins: Record<string, string>;
beforeAll(async () => {
  bins = await buildFixtures();
  env = new E2eEnv();
});
afterEach(() => env.stopSessions());
afterAll(() => env?.close());

describe("list without a session", () => {
  test("a file's line, a range and a file need no session; a bare line does, and says so", async () => {
    const around = await env.ok(["list", `${C_SRC}:${ADD}`, "--lines", "2"]);
    expect(around).toMatchObject({ file: C_SRC, line: ADD, from: ADD - 2, to: ADD + 2 });
    expect(around.lines.map((l) => l.line)).toEqual([ADD - 2, ADD - 1, ADD, ADD + 1, ADD + 2]);
    expect(around.lines[2].text).toContain("int add(int a, int b)");
    expect(around.lines.every((l) => l.current === false)).toBe(true);
    const range = await env.ok(["list", `${C_SRC}:1-3`]);
    expect(range.lines.map((l) => l.line)).toEqual([1, 2, 3]);
    const whole = await env.ok(["list", C_SRC, "--lines", "1"]);
    expect(whole).toMatchObject({ from: 1, to: 3 });
    const bare = await env.run(["list", "10"]);
    expect(bare.exitCode).toBe(1);
    expect(bare.json.error.code).toBe("NO_SESSION");
    expect(bare.json.error.hint).toContain("list main.c:");
    // Human output: the file, the span, the numbered lines.
    const human = await env.run(["list", `${C_SRC}:${ADD}`, "--lines", "0"], { json: false });
    expect(human.stdout).toContain(`:${ADD}-${ADD} (of `);
    expect(human.stdout).toMatch(new RegExp(`^\\s+${ADD}  int add\\(int a, int b\\) \\{$`, "m"));
  });

  test("bad listings are INVALID_LOCATION with a hint, and the daemon goes on", async () => {
    for (const [args, fragment] of [
      [["list", `${C_SRC}:99999`], "lines, not 99999"],
      [["list", `${C_SRC}:9-3`], "ends (3) before it starts (9)"],
      [["list", "no_such_file.c:3"], "no file 'no_such_file.c'"],
      [["list", "what is this"], "a function name has no spaces"],
    ] as const) {
      const r = await env.run([...args]);
      expect(r.exitCode).toBe(2); // bad input, as for any location
      expect(r.json.error.code).toBe("INVALID_LOCATION");
      expect(r.json.error.message).toContain(fragment);
      expect(r.json.error.hint).toBeTruthy();
    }
    expect((await env.ok(["list", `${C_SRC}:1`])).line).toBe(1);
  });
});

describe.skipIf(!lldb)("list on lldb-dap", () => {
  test("the current line is marked; a function comes from LLDB's debug info; `list 5` stays in the file", async () => {
    const s = env.session("l-lldb");
    await s.ok(["start", bins["c-basic"]!, "--break", `basic.c:${markerLine("c/basic.c", "loop_body")}`]);
    const here = await s.ok(["list", "--lines", "1"]);
    expect(here.file).toBe(C_SRC);
    expect(here.lines.find((l) => l.current)?.line).toBe(markerLine("c/basic.c", "loop_body"));
    const fn = await s.ok(["source", "factorial", "--lines", "0"]);
    expect(fn).toMatchObject({ file: C_SRC, function: "factorial", line: markerLine("c/basic.c", "factorial_base") - 2 });
    const bare = await s.ok(["list", "5", "--lines", "0"]);
    expect(bare).toMatchObject({ file: C_SRC, line: 5 });
    const none = await s.run(["list", "no_such_function"]);
    expect(none.json.error.code).toBe("INVALID_LOCATION");
    expect(none.json.error.message).toContain("no function 'no_such_function'");
  });
});

describe.skipIf(!gdb)("list on gdb", () => {
  test("a function from gdb's `info line`, its file found from the relative name gdb gives", async () => {
    const s = env.session("l-gdb");
    await s.ok(["start", bins["c-basic"]!, "--adapter", "gdb", "--break", "main"]);
    const fn = await s.ok(["list", "add", "--lines", "1"]);
    expect(fn).toMatchObject({ file: C_SRC, function: "add", line: ADD });
    expect(fn.lines[1].text).toContain("int add(int a, int b)");
  });
});

describe.skipIf(!debugpy)("list on debugpy", () => {
  test("a function found in the project's sources; a module from a zip read with the adapter's source request", async () => {
    const dir = join(env.dir, "zipped");
    mkdirSync(dir, { recursive: true });
    // A zip holding zmod.py, written by Python itself; the program calls into it and back.
    const made = Bun.spawnSync(
      [
        "/usr/bin/python3",
        "-c",
        "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.writestr('zmod.py','def apply(fn, value):\\n    doubled = value * 2\\n    return fn(doubled)\\n'); z.close()",
        join(dir, "mods.zip"),
      ],
      { stderr: "pipe" },
    );
    expect(made.exitCode).toBe(0);
    writeFileSync(
      join(dir, "app.py"),
      [
        "import os, sys",
        "sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'mods.zip'))",
        "import zmod",
        "",
        "def callback(x):",
        "    result = x + 1",
        "    return result",
        "",
        "print(zmod.apply(callback, 20))",
        "",
      ].join("\n"),
    );
    const s = env.session("l-py");
    await s.ok(["start", "app.py", "--break", "app.py:6"], { cwd: dir });
    const fn = await s.ok(["list", "callback", "--lines", "0"], { cwd: dir });
    expect(fn).toMatchObject({ file: join(dir, "app.py"), function: "callback", line: 5 });
    await s.ok(["up"], { cwd: dir });
    const zipped = await s.ok(["list"], { cwd: dir });
    expect(zipped.via).toBe("source");
    expect(zipped.file).toContain("mods.zip");
    expect(zipped.lines.find((l) => l.current)?.line).toBe(3);
  });
});

describe.skipIf(!delve)("list on Delve", () => {
  test("a qualified Go function found in the package's sources", async () => {
    const bin = (await buildGoFixtures()).basic!;
    const s = env.session("l-go");
    await s.ok(["start", bin, "--break", "main.main"]);
    const fn = await s.ok(["list", "main.add", "--lines", "0"], { cwd: join(goFixturesDir, "basic") });
    expect(fn.file).toBe(join(goFixturesDir, "basic", "main.go"));
    expect(fn.lines[0].text).toMatch(/^func add\(/);
  }, 120_000);
});
