// `catch`: exception filters, switched on and off while the program runs.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures } from "../fixtures/go/build.ts";
import { adapterAvailable } from "../harness/index.ts";
import { CI, E2eEnv } from "./harness.ts";

const env = new E2eEnv();
afterEach(() => env.stopSessions());
afterAll(() => env.close());
const CAUGHT = sourcePath("python/caught.py");
const hasDebugpy = Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0;
if (!hasDebugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3");
if (!hasDebugpy) console.warn("SKIP test/e2e/catch.test.ts: debugpy is not installed");

describe.skipIf(!hasDebugpy)("catch with debugpy", () => {
  test("a caught exception stops only once `catch raised` is on; `catch remove` turns it off", async () => {
    // Without catch: the program runs to the end.
    const plain = await env.ok(["start", CAUGHT, "--session", "c1"]);
    expect(plain.stop).toMatchObject({ reason: "exited", exitCode: 0 });
    await env.ok(["stop", "--session", "c1"]);

    await env.ok(["start", CAUGHT, "--stop-on-entry", "--session", "c2"]);
    const list = await env.ok(["catch", "list", "--session", "c2"]);
    expect(list.filters.map((f) => [f.filter, f.enabled])).toEqual([
      ["raised", false],
      ["uncaught", true],
      ["userUnhandled", false],
    ]);
    const on = await env.ok(["catch", "raised", "--session", "c2"]);
    expect(on.filters.find((f) => f.filter === "raised")!.enabled).toBe(true);
    const stop = (await env.ok(["continue", "--session", "c2"])).stop;
    expect(stop).toMatchObject({ reason: "exception", frame: { function: "parse", line: markerLine(CAUGHT, "raise_site") } });
    expect(stop.exception).toMatchObject({ id: "ValueError" });
    expect(stop.exception.description).toContain("forty-two");
    await env.ok(["catch", "remove", "raised", "--session", "c2"]);
    const end = (await env.ok(["continue", "--session", "c2"])).stop;
    expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
    expect((await env.ok(["output", "--stdout", "--session", "c2"])).text).toContain("caught: invalid literal for int() with base 10: 'forty-two'");

    const bad = await env.run(["catch", "nosuch", "--session", "c2"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.json.error.code).toBe("SESSION_ENDED");
    await env.ok(["start", CAUGHT, "--stop-on-entry", "--session", "c3"]);
    const unknown = await env.run(["catch", "nosuch", "--session", "c3"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.json.error).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "debugpy has no exception filter 'nosuch'",
      hint: "its filters: raised, uncaught, userUnhandled (`debugger catch list`)",
    });
    await env.ok(["stop", "--session", "c3"]);
  }, 60_000);
});

// C++ throw and catch, and panics: the adapter's own filters where it has them (lldb-dap's
// cpp_throw, also spelled `throw`), the daemon's catchpoints where it has not (gdb: __cxa_throw;
// Delve: runtime.gopanic, so a recovered panic stops too).
const lldb = adapterAvailable("lldb-dap", "test/e2e/catch.test.ts");
const gdbFound = adapterAvailable("gdb", "test/e2e/catch.test.ts");
const dlv = adapterAvailable("dlv", "test/e2e/catch.test.ts") && adapterAvailable("go", "test/e2e/catch.test.ts");
const THROWS = "cpp/throws.cpp";

describe("catch throw, catch panic", () => {
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
  });

  test.skipIf(!lldb)("lldb-dap: `catch throw` is cpp_throw; the stop is at the user's throw, not in the C++ runtime", async () => {
    const s = env.session("throw-lldb");
    await s.ok(["start", bins["cpp-throws"]!, "--break", "main"]);
    const list = await s.ok(["catch", "list"]);
    expect(list.filters.find((f) => f.filter === "cpp_throw")).toMatchObject({ alias: "throw", enabled: false });
    expect((await s.ok(["catch", "throw"])).filters.find((f) => f.filter === "cpp_throw")!.enabled).toBe(true);
    const stop = (await s.ok(["continue"])).stop;
    expect(stop).toMatchObject({ reason: "exception", frame: { function: expect.stringContaining("check"), line: markerLine(THROWS, "throw_range") } });
    expect(stop.skipped.join(" ")).toContain("__cxa_throw");
    await s.ok(["catch", "remove", "throw"]);
    expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited", exitCode: 0 });
  });

  test.skipIf(!gdbFound)("gdb: `catch throw` and `catch catch` are the daemon's catchpoints, hidden from breakpoint list", async () => {
    const s = env.session("throw-gdb");
    await s.ok(["start", bins["cpp-throws"]!, "--adapter", "gdb", "--break", "main"]);
    expect((await s.ok(["catch", "list"])).filters.map((f) => [f.filter, f.enabled])).toEqual([
      ["throw", false],
      ["catch", false],
    ]);
    await s.ok(["catch", "throw"]);
    const stop = (await s.ok(["continue"])).stop;
    expect(stop).toMatchObject({
      reason: "exception",
      breakpointIds: [],
      exception: { id: "throw", description: "C++ throw" },
      frame: { line: markerLine(THROWS, "throw_range") },
    });
    expect((await s.ok(["breakpoint", "list"])).breakpoints.map((b) => b.id)).toEqual([1]);
    await s.ok(["catch", "remove", "throw"]);
    await s.ok(["catch", "catch"]);
    const caught = (await s.ok(["continue"])).stop;
    expect(caught).toMatchObject({
      reason: "exception",
      exception: { id: "catch" },
      frame: { function: expect.stringContaining("main"), line: markerLine(THROWS, "caught_std") - 1 },
    });
    const bad = await s.run(["catch", "std::out_of_range"]);
    expect(bad.json.error).toMatchObject({ code: "INVALID_ARGUMENT", hint: expect.stringContaining("throw, catch") });
  });

  test.skipIf(!lldb)("the LLDB command-line backend: `catch throw` is the daemon's catchpoint there too", async () => {
    const s = env.session("throw-lldb-cli");
    await s.ok(["start", bins["cpp-throws"]!, "--adapter", "lldb-cli", "--break", "main"]);
    await s.ok(["catch", "throw"]);
    const stop = (await s.ok(["continue"])).stop;
    expect(stop).toMatchObject({ reason: "exception", exception: { id: "throw" }, frame: { line: markerLine(THROWS, "throw_range") } });
  });

  for (const adapter of ["lldb-dap", "gdb", "lldb-cli"]) {
    test.skipIf(adapter === "gdb" ? !gdbFound : !lldb)(
      `${adapter}: \`catch throw TYPE…\` stops only for those types, each stop naming what it throws`,
      async () => {
        const s = env.session(`throw-type-${adapter}`);
        await s.ok(["start", bins["cpp-throws"]!, "--adapter", adapter, "--break", "main"]);
        const on = await s.ok(["catch", "throw", "runtime_error", "Custom"]);
        expect(on.filters.find((f) => f.enabled && f.types)).toMatchObject({ types: ["runtime_error", "Custom"] });
        // std::out_of_range (thrown first) is passed without a stop.
        const custom = (await s.ok(["continue"])).stop;
        expect(custom).toMatchObject({ reason: "exception", exception: { type: "Custom" }, frame: { line: markerLine(THROWS, "throw_custom") } });
        const runtime = (await s.ok(["continue"])).stop;
        expect(runtime).toMatchObject({ reason: "exception", exception: { type: "std::runtime_error" }, frame: { line: markerLine(THROWS, "throw_runtime") } });
        expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited", exitCode: 0 });
        expect((await s.ok(["output", "--stdout"])).text).toContain("caught=44"); // all three were thrown and caught
      },
    );
  }

  test.skipIf(!lldb)("`catch throw` again stops for every type; what is not a type is refused", async () => {
    const s = env.session("throw-retype");
    await s.ok(["start", bins["cpp-throws"]!, "--break", "main"]);
    await s.ok(["catch", "throw", "Custom"]);
    const all = await s.ok(["catch", "throw"]);
    expect(all.filters.find((f) => f.filter === "cpp_throw")!.types).toBeUndefined();
    expect((await s.ok(["continue"])).stop.exception).toMatchObject({ type: "std::out_of_range" });
    const bad = await s.run(["catch", "throw", "no-such(type)"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: "'no-such(type)' is not a C++ type name" });
  });

  test.skipIf(!dlv)(
    "Delve: `catch panic` stops at a recovered panic, with its value; off again, the program runs through",
    async () => {
      const bin = (await buildGoFixtures()).panics!;
      const s = env.session("panic-go");
      await s.ok(["start", bin, "--break", "main.main"]);
      expect((await s.ok(["catch", "list"])).filters).toEqual([expect.objectContaining({ filter: "panic", enabled: false })]);
      await s.ok(["catch", "panic"]);
      const stop = (await s.ok(["continue"])).stop;
      expect(stop).toMatchObject({
        reason: "panic",
        frame: { function: "main.risky", line: markerLine("go/panics/main.go", "panic_here") },
        exception: { id: "panic" },
      });
      expect(stop.exception.description).toContain("too big");
      expect(stop.skipped).toEqual(["runtime.gopanic"]);
      await s.ok(["catch", "remove", "panic"]);
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
      expect(end.output).toContain("recovered: too big");
    },
    120_000,
  );
});
