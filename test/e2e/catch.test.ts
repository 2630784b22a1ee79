// `catch`: exception filters, switched on and off while the program runs.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
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
    expect(list.filters.map((f: any) => [f.filter, f.enabled])).toEqual([
      ["raised", false],
      ["uncaught", true],
      ["userUnhandled", false],
    ]);
    const on = await env.ok(["catch", "raised", "--session", "c2"]);
    expect(on.filters.find((f: any) => f.filter === "raised").enabled).toBe(true);
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
    expect(unknown.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: "debugpy has no exception filter 'nosuch'", hint: "its filters: raised, uncaught, userUnhandled (`debugger catch list`)" });
    await env.ok(["stop", "--session", "c3"]);
  }, 60_000);
});
