// The daemon's side of the program's output shown as it comes (the CLI asks on a terminal with the
// request's `liveOutput`): partial replies `{output}` while an execution command waits, holding
// exactly what the stop report's Output holds and what came before it — nothing twice, nothing
// after the stop. Without `liveOutput`, no partial reply (MCP, --json, pipes). Issue 23. (The
// terminal side, on real adapters: test/e2e/terminal.test.ts.)
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import pkg from "../../package.json" with { type: "json" };
import { Env, STANDARD_PROGRAM } from "./harness.ts";

let env: Env;
let prog: string;

beforeAll(async () => {
  env = new Env();
  prog = env.program({
    ...STANDARD_PROGRAM,
    output: {
      "3": "hello\n",
      "5": { category: "stderr", text: "warn\n" },
      "7": "no newline",
      "9": " then one\n",
      "10": { category: "console", text: "adapter says\n" },
    },
  });
  await env.ok(["sessions"]); // the daemon is up
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** One request on a socket of its own; every reply line until the last. */
async function ask(command: string, session: string, args: Record<string, unknown>, liveOutput?: boolean): Promise<{ partials: any[]; reply: any }> {
  const lines: any[] = [];
  const done = Promise.withResolvers<void>();
  let buffer = "";
  const sock = await Bun.connect({
    unix: env.socket,
    socket: {
      data(_s, chunk) {
        buffer += chunk.toString();
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const msg = JSON.parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          lines.push(msg);
          if (!msg.partial) done.resolve();
        }
      },
      close() {
        done.resolve();
      },
    },
  });
  sock.write(`${JSON.stringify({ id: 7, version: pkg.version, command, session, cwd: env.dir, args, ...(liveOutput === undefined ? {} : { liveOutput }) })}\n`);
  await done.promise;
  sock.end();
  return { partials: lines.filter((l) => l.partial).map((l) => l.data), reply: lines.find((l) => !l.partial) };
}

const streamed = (partials: any[]) => partials.map((p) => p.output).join("");

test("start: the new session's output from its first byte, all that its first report's Output holds; console text is not the program's", async () => {
  const r = await ask("start", "s1", { program: prog, break: ["prog.c:10"] }, true);
  expect(r.reply.ok).toBe(true);
  expect(r.reply.data.stop.frame.line).toBe(10);
  expect(r.partials.every((p) => Object.keys(p).join() === "output")).toBe(true);
  expect(streamed(r.partials)).toBe("hello\nwarn\nno newline then one\n");
  expect(streamed(r.partials)).toBe(r.reply.data.stop.output);
});

test("continue: what the program writes until the stop, nothing of the stop before; the next command streams only its own", async () => {
  await env.ok(["start", prog, "--break", "prog.c:4", "--session", "s2"]);
  await env.ok(["breakpoint", "add", "prog.c:8", "--session", "s2"]);
  const first = await ask("continue", "s2", {}, true);
  expect(first.reply.data.stop.frame.line).toBe(8);
  expect(streamed(first.partials)).toBe("warn\nno newline");
  expect(streamed(first.partials)).toBe(first.reply.data.stop.output);
  const second = await ask("continue", "s2", {}, true);
  expect(second.reply.data.stop.reason).toBe("exited");
  expect(streamed(second.partials)).toBe(" then one\n");
});

test("next --count 3: the output of every step, though the report holds only the last step's", async () => {
  await env.ok(["start", prog, "--break", "prog.c:3", "--session", "s3"]);
  const r = await ask("next", "s3", { count: 3 }, true);
  expect(r.reply.data.stop.frame.line).toBe(6);
  expect(streamed(r.partials)).toBe("hello\nwarn\n");
});

test("without liveOutput (MCP, --json, a pipe) there is no partial reply, and the report keeps the output", async () => {
  await env.ok(["start", prog, "--break", "prog.c:2", "--session", "s4"]);
  for (const live of [undefined, false]) {
    await env.ok(["restart", "--session", "s4"]);
    const r = await ask("continue", "s4", {}, live);
    expect(r.partials).toEqual([]);
    expect(r.reply.data.stop.output).toBe("hello\nwarn\nno newline then one\n");
  }
});
