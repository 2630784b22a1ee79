// What a start and a stop report send the adapter, request by request: no more than a raw client
// would (issue 25): one stackTrace per stop for a short stack, no empty exception-filter set.
import { afterAll, afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { FakeAdapterEnv, STANDARD_PROGRAM } from "../harness/index.ts";

const envs: FakeAdapterEnv[] = [];
afterEach(async () => {
  for (const e of envs) await e.stopSessions();
});
afterAll(async () => {
  for (const e of envs) await e.close();
});

function newEnv() {
  const env = new FakeAdapterEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  envs.push(env);
  return { env, prog: env.program(STANDARD_PROGRAM), src: join(env.dir, "prog.c") };
}

test("a stop report of a short stack asks for its frames once; after an evaluate (which may run code) they are asked again", async () => {
  const { env, prog, src } = newEnv();
  const r = await env.ok(["start", prog, "--break", `${src}:15`]);
  expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { function: "add", line: 15 } });
  // The stack (add ← main) is shorter than the 64 frames asked: the report's second look at it is the same answer.
  expect(env.requests("stackTrace").filter((q) => q.arguments.levels === 64)).toHaveLength(1);
  expect((await env.ok(["backtrace"])).frames.map((f) => f.function)).toEqual(["add", "main"]);
  expect(env.requests("stackTrace").filter((q) => q.arguments.levels === 64)).toHaveLength(1);
  // A call in the program could stop in it: the frames read before are not trusted after.
  await env.ok(["print", "1+2"]);
  expect((await env.ok(["backtrace"])).frames.map((f) => f.function)).toEqual(["add", "main"]);
  expect(env.requests("stackTrace").filter((q) => q.arguments.levels === 64)).toHaveLength(2);
  // A step is a new stop: asked again.
  await env.ok(["next"]);
  expect(env.requests("stackTrace").filter((q) => q.arguments.levels === 64)).toHaveLength(3);
});

test("no exception filter wanted: none is sent at the start; `catch` sends the set", async () => {
  const { env, prog, src } = newEnv();
  await env.ok(["start", prog, "--break", `${src}:8`]);
  expect(env.requests("setExceptionBreakpoints")).toHaveLength(0);
  await env.ok(["catch", "raised"]);
  expect(env.requests("setExceptionBreakpoints").map((q) => q.arguments.filters)).toEqual([["raised"]]);
});
