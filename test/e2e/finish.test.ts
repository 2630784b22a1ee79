// `finish` says what the function returned, on every adapter that can tell (lldb-dap for C, C++
// and Rust, gdb for C and C++); Delve's DAP server cannot, and the reply says so. debugpy's is in
// test/e2e/python.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, CI, E2eEnv, missing, type SessionHandle } from "../harness/index.ts";
import type { StopReport } from "../../src/ipc/types.ts";
import { expectShape, stopOf } from "../harness/index.ts";

const FILE = "test/e2e/finish.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);
const dlv =
  (process.env.DEBUGGER_DLV || Bun.which("dlv")) && Bun.which("go") ? true : missing("dlv and go are not installed (apt-get install delve golang-go)", FILE);
const rust = !!Bun.which("rustc") || missing("rustc is not installed", FILE);

const env = new E2eEnv();
let bins: Record<string, string> = {};
beforeAll(async () => {
  bins = await buildFixtures();
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const at = (fixture: string, mark: string) => `${fixture.split("/").at(-1)}:${markerLine(fixture, mark)}`;

async function finish(s: SessionHandle): Promise<StopReport> {
  return stopOf(await s.ok(["finish"]));
}

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`finish on ${adapter}`, () => {
    test("C: an int, a struct, a string; nothing for a void function; nothing when a breakpoint cuts it short", async () => {
      const src = "c/returns.c";
      const s = env.session(`c-${adapter}`);
      const marks = ["nothing", "twice", "make_point", "greeting"];
      await s.ok(["start", bins["c-returns"]!, "--adapter", adapter, ...marks.flatMap((m) => ["--break", at(src, m)])]);
      const nothing = await finish(s);
      expect(nothing).toMatchObject({ reason: "step", frame: { function: "main" } });
      expect(nothing.returnValue).toBeUndefined();
      expect(nothing.returnValueNote).toBeUndefined();
      const want: [string, string | RegExp][] = [
        ["twice", "42"],
        ["make_point", "{x = 3, y = 4}"],
        ["greeting", /^0x[0-9a-f]+ "hello"$/],
      ];
      for (const [fn, value] of want) {
        expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "breakpoint", frame: { function: fn } });
        const stop = await finish(s);
        expect(stop).toMatchObject({ reason: "step", frame: { function: "main" } });
        if (typeof value === "string") expect(stop.returnValue).toBe(value);
        else expect(stop.returnValue).toMatch(value);
        // The debugger's answers (gdb's value history, LLDB's thread status) are not the program's output.
        expect(`${stop.output}${stop.console ?? ""}`).not.toMatch(/\$\d+ = |Return value/);
      }
      // depth(2) calls depth(1), whose breakpoint stops the finish first: nothing returned yet.
      await s.ok(["breakpoint", "add", at(src, "depth")]);
      expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "breakpoint", frame: { function: "depth" } });
      const cut = await finish(s);
      expect(cut).toMatchObject({ reason: "breakpoint", frame: { function: "depth" } });
      expect(cut.returnValue).toBeUndefined();
      await s.ok(["breakpoint", "remove", "--all"]);
      const inner = await finish(s);
      // depth(1) returns 1 + depth(0) to depth(2), which returns 2 to main.
      expectShape(inner, { reason: "step", frame: { function: "depth" }, returnValue: "1" });
      const text = await s.run(["finish"], { json: false });
      expect(text.stdout).toMatch(/^Returned: 2$/m);
    });

    test("C++: a std::string and a struct holding one", async () => {
      const src = "cpp/returns.cpp";
      const s = env.session(`cpp-${adapter}`);
      await s.ok(["start", bins["cpp-returns"]!, "--adapter", adapter, "--break", at(src, "label"), "--break", at(src, "make_part")]);
      expectShape(await finish(s), { reason: "step", frame: { function: "main" }, returnValue: '"part-7"' });
      await s.ok(["continue"]);
      expectShape(await finish(s), { reason: "step", frame: { function: "main" }, returnValue: '{name = "bolt", qty = 12}' });
    });
  });
}

describe.skipIf(!lldb || !rust)("finish on lldb-dap: Rust", () => {
  test("an i32 is shown; a String or a struct is not (LLDB reads them by C's calling convention): the reply says so", async () => {
    const s = env.session("rust");
    await s.ok(["start", bins["rust-returns"]!, "--break", "twice", "--break", "label", "--break", "make_point"]);
    expectShape(await finish(s), { reason: "step", frame: { function: "returns::main" }, returnValue: "42" });
    for (const fn of ["returns::label", "returns::make_point"]) {
      expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "breakpoint", frame: { function: fn } });
      const stop = await finish(s);
      expect(stop).toMatchObject({ reason: "step", frame: { function: "returns::main" } });
      // LLDB 19 read Point { x: 3, y: 4 } as {x = 3, y = 0}: rustc returned it in rax and rdx.
      expect(stop.returnValue).toBeUndefined();
      expect(stop.returnValueNote).toContain("rustc follows only for numbers and pointers");
    }
  });
});

describe.skipIf(!dlv)("finish on Delve", () => {
  test("Delve cannot tell what a function returned: the reply says so, and what to do", async () => {
    const bin = (await buildGoFixtures()).basic;
    const s = env.session("go");
    await s.ok(["start", bin, "--break", `${join(goFixturesDir, "basic", "main.go")}:${goMarkerLine("basic", "add_body")}`]);
    const stop = await finish(s);
    expect(stop).toMatchObject({ reason: "step", frame: { function: "main.main" } });
    expect(stop.returnValue).toBeUndefined();
    expect(stop.returnValueNote).toContain("Delve's DAP server does not report what a function returned");
    await s.ok(["continue"]);
    const human = await s.run(["finish"], { json: false });
    expect(human.stdout).toMatch(/^Returned: not known \(Delve's DAP server/m);
  });
});
