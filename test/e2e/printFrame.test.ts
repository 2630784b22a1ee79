// `print --frame N` (issue 31): an expression evaluated in frame N of the stop, the selected frame
// left where it was (gdb users' `frame N` + `print`, which here took `up`, `print`, `down`), on
// lldb-dap and gdb (C) and debugpy; a frame out of range is NO_FRAME naming `backtrace`.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv, missing, ROOT } from "../harness/index.ts";

const FILE = "test/e2e/printFrame.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);
// Debian's python3-debugpy serves /usr/bin/python3 (the adapter is found through the interpreter).
const debugpy =
  Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"], { stderr: "ignore" }).exitCode === 0 ||
  missing("/usr/bin/python3 cannot import debugpy (apt-get install python3-debugpy)", FILE);

const env = new E2eEnv();
let bins: Record<string, string> = {};
beforeAll(async () => {
  bins = await buildFixtures();
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`print --frame on ${adapter}`, () => {
    test("a caller's n in the recursion, several expressions, the selection unmoved; a frame out of range is NO_FRAME", async () => {
      const s = env.session(`frame-${adapter}`);
      // factorial(4) → 3 → 2 → 1: stopped at the base case, frame 1 is factorial(2), frame 3 factorial(4).
      await s.ok(["start", bins["c-basic"]!, "--adapter", adapter, "--break", `basic.c:${markerLine("c/basic.c", "factorial_base")}`]);
      expect((await s.ok(["print", "n"])).result).toBe("1");
      expect((await s.ok(["print", "n", "--frame", "1"])).result).toBe("2");
      const several = await s.ok(["print", "n", "n * 10", "--frame", "3"]);
      expect(several.results.map((r: any) => r.result)).toEqual(["4", "40"]);
      // main's locals in frame 4, by name.
      expect((await s.ok(["print", "total", "--frame", "4"])).result).toBe("10");
      // The selection stayed at frame 0.
      expect((await s.ok(["print", "n"])).result).toBe("1");
      expect((await s.ok(["frame"])).frameIndex).toBe(0);
      const far = await s.run(["print", "n", "--frame", "99"]);
      expect(far.exitCode).not.toBe(0);
      expect(far.json.error.code).toBe("NO_FRAME");
      expect(far.json.error.message).toContain("no frame 99");
      expect(far.json.error.hint).toContain("debugger backtrace");
      // After `up`, --frame 0 is still the innermost frame, and the selection stays up.
      await s.ok(["up"]);
      expect((await s.ok(["print", "n", "--frame", "0"])).result).toBe("1");
      expect((await s.ok(["print", "n"])).result).toBe("2");
    });
  });
}

describe.skipIf(!debugpy)("print --frame on debugpy", () => {
  test("the caller's local, from a batch line too", async () => {
    const src = join(ROOT, "test", "fixtures", "python", "basic.py");
    const s = env.session("frame-py");
    const lines = (await Bun.file(src).text()).split("\n");
    const mark = lines.findIndex((l) => l.includes("@mark add_body")) + 1;
    await s.ok(["start", src, "--python", "/usr/bin/python3", "--break", `${src}:${mark}`]);
    const bt = await s.ok(["backtrace"]);
    expect(bt.frames.length).toBeGreaterThan(1);
    const batch = await env.run(["batch", "--session", "frame-py"], { stdin: "print total --frame 1\nprint a\n" });
    expect(batch.exitCode).toBe(0);
    const replies = batch.json.data.replies;
    // The first pass: add(total=0, i=0) called from main, whose total is 0.
    expect(replies.map((r: any) => [r.ok, r.data?.result])).toEqual([
      [true, "0"],
      [true, "0"],
    ]);
    const far = await s.run(["print", "total", "--frame", "40"]);
    expect(far.json.error.code).toBe("NO_FRAME");
  });
});
