// A line the program wrote before a stop is whole in that stop's report, where its end trails the
// stop on the adapter's channel (debugpy under load: "stdout: total=10 f=24" in the report, its
// "\n" after it); a line that stays open longer is said to be open, and its rest is the next
// report's. Fake adapter (outputAfterStop), built binary.
import { afterEach, describe, expect, test } from "bun:test";
import { Env, STANDARD_PROGRAM, waitFor } from "./harness.ts";

const envs: Env[] = [];
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
});

function program(delayMs: number): { env: Env; prog: string } {
  const env = new Env();
  envs.push(env);
  const prog = env.program({
    ...STANDARD_PROGRAM,
    output: { "3": "total=10", "5": { category: "stderr", text: "warn\n" } },
    adapter: { outputAfterStop: { text: " f=24\n", delayMs } },
  });
  return { env, prog };
}

describe("a line's end that trails the stop", () => {
  test("arriving soon after the stop: the line is whole in the report", async () => {
    const { env, prog } = program(60);
    const d = await env.ok(["start", prog, "--break", "prog.c:8"]);
    expect(d.stop).toMatchObject({ reason: "breakpoint", frame: { line: 8 } });
    expect(d.stop.output.split("warn\n").join("")).toBe("total=10 f=24\n");
    expect(d.stop.truncated).toBeUndefined();
  }, 60_000);

  test("arriving much later: the report says the line is open, the next report has the rest", async () => {
    const { env, prog } = program(1500);
    const d = await env.ok(["start", prog, "--break", "prog.c:8", "--break", "prog.c:10"]);
    expect(d.stop.output.split("warn\n").join("")).toBe("total=10");
    expect(d.stop.truncated).toEqual([expect.stringContaining("no line end yet")]);
    await waitFor(async () => (await env.ok(["output", "--stdout"])).text.includes(" f=24"), 20_000, "the line's end");
    const c = await env.ok(["continue"]);
    expect(c.stop).toMatchObject({ reason: "breakpoint", frame: { line: 10 } });
    expect(c.stop.output).toBe(" f=24\n");
    expect(c.stop.truncated).toBeUndefined();
  }, 60_000);
});
