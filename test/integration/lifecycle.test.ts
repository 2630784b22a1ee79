// A whole session through the built binary against the fake adapter.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Env } from "./harness.ts";

let env: Env;
let prog: string;
let src: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  src = join(env.dir, "prog.c");
});
// "full lifecycle" walks one default session through several tests and stops it in its last one.
afterEach(() => env.stopSessions({ keep: ["default"] }));
afterAll(() => env.close());

describe("full lifecycle", () => {
  test("start --break stops at the line with the stop report", async () => {
    const r = await env.run(["start", prog, "--break", "prog.c:8"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.ok).toBe(true);
    expect(r.json.command).toBe("start");
    expect(r.json.session).toBe("default");
    const stop = r.json.data.stop;
    expect(stop.reason).toBe("breakpoint");
    expect(stop.breakpointIds).toEqual([1]);
    expect(stop.threadId).toBe(7);
    expect(stop.frame).toEqual({ function: "main", file: src, line: 8, column: 1 });
    expect(stop.source.find((l) => l.current)).toEqual({ line: 8, text: "  total = add(total, 4);", current: true });
    expect(stop.source.map((l) => l.line)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect<unknown>(stop.locals.find((v) => v.name === "line")).toEqual({ name: "line", type: "int", value: "8", reference: 0 });
    expect(stop.output).toBe("hello\nwarn\n");
    expect(r.json.data.breakpoints).toEqual([
      expect.objectContaining({ id: 1, location: "prog.c:8", file: src, line: 8, verified: true, enabled: true, hits: 1 }),
    ]);
    // The breakpoint was set before configurationDone, so it bound before the first line ran.
    const order = env.traffic("in").map((m) => m.command);
    expect(order.indexOf("setBreakpoints")).toBeLessThan(order.indexOf("configurationDone"));
  });

  test("step enters add, backtrace shows add ← main, finish returns, next steps a line", async () => {
    const step = await env.ok(["step"]);
    expect(step.stop.reason).toBe("step");
    expect(step.stop.frame.function).toBe("add");
    expect(step.stop.frame.line).toBe(14);
    const bt = await env.ok(["backtrace"]);
    expect(bt.frames.map((f) => [f.index, f.function, f.line])).toEqual([
      [0, "add", 14],
      [1, "main", 8],
    ]);
    const fin = await env.ok(["finish"]);
    expect(fin.stop.frame).toMatchObject({ function: "main", line: 9 });
    const next = await env.ok(["next"]);
    expect(next.stop.frame.line).toBe(10);
    expect(next.stop.output).toBe("");
  });

  test("frame selection: up/down move the frame locals and print use", async () => {
    await env.ok(["break", "add"]);
    await env.ok(["restart"]);
    const stop = (await env.ok(["status"])).stop;
    expect(stop.frame.function).toBe("main"); // prog.c:8 comes first
    const inAdd = await env.ok(["continue"]);
    expect(inAdd.stop.frame.function).toBe("add");
    expect(inAdd.stop.breakpointIds).toEqual([2]);
    const up = await env.ok(["up"]);
    expect(up.frameIndex).toBe(1);
    expect(up.frame).toMatchObject({ function: "main", line: 8 });
    expect((await env.ok(["print", "line"])).result).toBe("8");
    const down = await env.ok(["down"]);
    expect(down.frameIndex).toBe(0);
    expect((await env.ok(["print", "line"])).result).toBe("14");
    const bad = await env.run(["frame", "5"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.json.error.code).toBe("NO_FRAME");
    await env.ok(["breakpoint", "remove", "2"]);
  });

  test("print, locals, threads", async () => {
    expect<unknown>(await env.ok(["print", "1+2"])).toEqual({ expression: "1+2", result: "3", type: "int", reference: 0 });
    expect((await env.ok(["print", "add(1, 2)"])).result).toBe("3");
    expect((await env.ok(["print", "line", "--format", "hex"])).result).toBe("0xe");
    const point = await env.ok(["print", "point"]);
    expect(point.reference).toBeGreaterThan(0);
    expect(point.children.map((c) => c.name)).toEqual(["x", "y"]);
    const locals = await env.ok(["locals"]);
    expect(locals.variables.map((v) => v.name)).toEqual(["line", "hits", "point"]);
    expect(locals.variables[2].reference).toBeGreaterThan(0);
    expect<unknown>(await env.ok(["threads"])).toEqual({
      threads: [{ id: 7, name: "main", current: true, state: "stopped", reason: "breakpoint", frame: { function: "add", file: src, line: 14 } }],
    });
    const bad = await env.run(["print", "nosuchvar"]);
    expect(bad.exitCode).toBe(1);
    expect<unknown>(bad.json).toEqual({
      ok: false,
      command: "print",
      session: "default",
      error: {
        code: "EVALUATE_FAILED",
        message: "cannot evaluate 'nosuchvar': undefined identifier: nosuchvar",
        hint: "`debugger locals` lists the names in scope",
      },
    });
  });

  test("continue to the end reports the exit code, and the output is all there", async () => {
    const end = await env.ok(["continue"]);
    expect(end.state).toBe("exited");
    expect(end.stop).toMatchObject({ reason: "exited", exitCode: 3, neverHit: [] });
    const status = await env.ok(["status"]);
    expect(status).toMatchObject({ state: "exited", exitCode: 3, adapter: "fake" });
    const out = await env.ok(["output"]);
    expect(out.text).toBe("hello\nwarn\nhello\nwarn\n"); // the first run and the restart
    expect(out.dropped).toBe(0);
    expect((await env.ok(["output", "--stderr"])).text).toBe("warn\nwarn\n");
    expect((await env.ok(["output", "--tail", "1"])).text).toBe("warn\n");
    const events = await env.ok(["events"]);
    expect(events.events.map((e) => e.reason)).toEqual(["breakpoint", "step", "step", "step", "breakpoint", "breakpoint", "exited"]);
    const after = await env.run(["next"]);
    expect(after.exitCode).toBe(1);
    expect(after.json.error.code).toBe("SESSION_ENDED");
  });

  test("stop ends the session; output cursors read only what is new", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "cursor"]);
    const first = await env.ok(["output", "--session", "cursor"]);
    expect(first.text).toBe("");
    await env.ok(["continue", "--session", "cursor"]);
    const all = await env.ok(["output", "--session", "cursor", "--since", String(first.cursor)]);
    expect(all.text).toBe("hello\nwarn\n");
    const none = await env.ok(["output", "--session", "cursor", "--since", String(all.cursor)]);
    expect(none.text).toBe("");
    expect((await env.ok(["stop"])).stopped).toBe("default");
    expect((await env.ok(["stop", "--session", "cursor"])).stopped).toBe("cursor");
    expect(await env.ok(["sessions"])).toEqual({ sessions: [] });
    const gone = await env.run(["status"]);
    expect(gone.json.data.state).toBe("idle");
  });

  test("human output: stop report on stdout, nothing on stderr", async () => {
    const r = await env.run(["start", prog, "--break", "prog.c:15", "--session", "human"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    const lines = r.stdout.split("\n");
    expect(lines[1]).toBe(`Stopped: breakpoint 1 in add (prog.c:15), thread 7`);
    expect(r.stdout).toContain("→ 15    int sum = a + b;");
    expect(r.stdout).toContain("Locals:\n  line (int) = 15");
    expect(r.stdout).toContain("Output:\n  hello\n  warn");
    await env.ok(["stop", "--session", "human"]);
  });

  test("output --follow prints each batch as it comes, one JSON document per line, until the end", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "follow"]);
    // Whether the follower connects before or after the program prints, it sees every line once.
    const follower = env.run(["output", "--follow", "--session", "follow"]);
    await env.ok(["continue", "--session", "follow"]);
    const r = await follower;
    expect(r.exitCode).toBe(0);
    const docs = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(docs.every((d) => d.ok === true && d.command === "output" && d.session === "follow")).toBe(true);
    expect(docs.map((d) => d.data.text).join("")).toBe("hello\nwarn\n");
    expect(docs.at(-1).data).toMatchObject({ done: "session exited", state: "exited" });
    const ended = await env.run(["output", "--follow", "--session", "follow"]);
    expect(JSON.parse(ended.stdout.trim().split("\n").at(-1)!).data.done).toBe("session exited");
    // A live session that prints nothing: --timeout ends the following, and that is not an error.
    await env.ok(["start", prog, "--stop-on-entry", "--session", "quiet"]);
    const t = await env.run(["output", "--follow", "--timeout", "0.3", "--session", "quiet"]);
    expect(t.exitCode).toBe(0);
    const lines = t.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.data.text)).toEqual(["", ""]);
    expect(lines.at(-1).data).toMatchObject({ done: "timeout", state: "stopped" });
    await env.ok(["stop", "--session", "quiet"]);
  });
});
