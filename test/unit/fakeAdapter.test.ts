// The fake adapter is itself test infrastructure: these tests speak DAP to it the way the daemon
// will, so integration tests can trust what it does.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeMessage, MessageDecoder } from "../../src/dap/codec.ts";

const ADAPTER = join(import.meta.dir, "../fake-adapter/fakeAdapter.ts");
const dir = mkdtempSync(join(tmpdir(), "fake-adapter-test-"));
const SOURCE = join(dir, "prog.c");
writeFileSync(SOURCE, Array.from({ length: 17 }, (_, i) => `line ${i + 1};\n`).join(""));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function writeJson(value: unknown): string {
  const path = join(dir, `f${files++}.json`);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

// main runs 1..12 and calls add (14..17) at lines 8 and 10; execution then falls through 13..17.
const BASE = {
  source: "prog.c", // relative to the program file
  functions: [
    { name: "main", start: 1, end: 12 },
    { name: "add", start: 14, end: 17 },
  ],
  calls: { "8": "add", "10": "add" },
  output: { "3": "hello\n", "15": { category: "stderr", text: "in add\n" } },
  evaluate: { "1+2": { result: "3", type: "int" } },
  exitCode: 3,
};
const program = (extra: Record<string, unknown> = {}) => writeJson({ ...BASE, ...extra });

type Msg = {
  seq: number;
  type: string;
  command?: string;
  event?: string;
  request_seq?: number;
  success?: boolean;
  message?: string;
  body?: any;
  arguments?: any;
};
const label = (m: Msg) => (m.type === "event" ? `event:${m.event}` : `${m.type}:${m.command}`);

class Client {
  readonly proc;
  readonly messages: Msg[] = [];
  private seq = 1;
  private taken = new Set<Msg>();
  private waiters: (() => void)[] = [];

  constructor(args: string[] = []) {
    this.proc = Bun.spawn([process.execPath, ADAPTER, ...args], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    void this.read();
  }

  private async read(): Promise<void> {
    const decoder = new MessageDecoder();
    for await (const chunk of this.proc.stdout) {
      this.messages.push(...(decoder.push(chunk) as Msg[]));
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  send(command: string, args?: unknown): number {
    const seq = this.seq++;
    this.proc.stdin.write(encodeMessage({ seq, type: "request", command, arguments: args }));
    this.proc.stdin.flush();
    return seq;
  }

  reply(req: Msg, body: unknown): void {
    const msg = { seq: this.seq++, type: "response", request_seq: req.seq, command: req.command, success: true, body };
    this.proc.stdin.write(encodeMessage(msg));
    this.proc.stdin.flush();
  }

  /** The first message not yet returned that matches; waits for new messages, never sleeps blindly. */
  async waitFor(what: string, match: (m: Msg) => boolean, timeoutMs = 5000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => !this.taken.has(m) && match(m));
      if (found) {
        this.taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what}; got ${this.messages.map(label).join(", ")}`);
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), Bun.sleep(left)]);
    }
  }

  response(seq: number): Promise<Msg> {
    return this.waitFor(`response to #${seq}`, (m) => m.type === "response" && m.request_seq === seq);
  }

  request(command: string, args?: unknown): Promise<Msg> {
    return this.response(this.send(command, args));
  }

  event(name: string): Promise<Msg> {
    return this.waitFor(`${name} event`, (m) => m.type === "event" && m.event === name);
  }

  index(match: (m: Msg) => boolean): number {
    return this.messages.findIndex(match);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.proc.kill();
    await this.proc.exited;
  }
}

/** The daemon's start-up order (DESIGN §3.4): launch is sent but awaited only after configurationDone. */
async function start(c: Client, prog: string, setup: (c: Client) => Promise<void> = async () => {}, stopOnEntry = false) {
  expect((await c.request("initialize", { adapterID: "fake" })).success).toBe(true);
  const launch = c.send("launch", { program: prog, stopOnEntry });
  await c.event("initialized");
  await setup(c);
  expect((await c.request("configurationDone")).success).toBe(true);
  expect((await c.response(launch)).success).toBe(true);
}

const top = async (c: Client) => (await c.request("stackTrace", { threadId: 7 })).body.stackFrames;
const stopped = async (c: Client) => (await c.event("stopped")).body;

describe("fake adapter", () => {
  test("lldb-style start-up: launch response, then initialized; breakpoint stop with adapter ids on thread 7", async () => {
    const log = join(dir, "lldb.log");
    await using c = new Client(["--log", log]);
    const prog = program();
    let ids: number[] = [];
    await start(c, prog, async () => {
      const wanted = [{ line: 4 }, { line: 30 }, { line: 6, condition: "bogus (" }];
      const res = await c.request("setBreakpoints", { source: { path: SOURCE }, breakpoints: wanted });
      const bps = res.body.breakpoints;
      expect(bps.map((b: any) => [b.verified, b.line, b.message])).toEqual([
        [true, 4, undefined],
        [false, 30, "no code at line"],
        [true, 6, 'could not parse condition "bogus ("; the breakpoint will always stop'],
      ]);
      ids = bps.map((b: any) => b.id);
      expect(Math.min(...ids)).toBeGreaterThanOrEqual(1001);
    });
    expect(c.index((m) => m.type === "response" && m.command === "launch")).toBeLessThan(c.index((m) => m.event === "initialized"));
    expect(await stopped(c)).toEqual({ reason: "breakpoint", threadId: 7, allThreadsStopped: true, hitBreakpointIds: [ids[0]] });
    expect((await c.event("output")).body).toEqual({ category: "stdout", output: "hello\n" });
    expect((await c.request("threads")).body).toEqual({ threads: [{ id: 7, name: "main" }] });
    expect((await top(c))[0]).toMatchObject({ name: "main", line: 4, column: 1, source: { path: SOURCE } });
    await c.request("continue", { threadId: 7 });
    expect(await stopped(c)).toMatchObject({ reason: "breakpoint", hitBreakpointIds: [ids[2]] });

    const logged = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const sent = logged.find((l) => l.dir === "in" && l.msg.command === "setBreakpoints");
    expect(sent.msg.arguments.breakpoints).toEqual([{ line: 4 }, { line: 30 }, { line: 6, condition: "bogus (" }]);
    expect(logged.some((l) => l.dir === "out" && l.msg.event === "stopped")).toBe(true);
  });

  test("debugpy-style start-up: initialized at once, launch answered after configurationDone", async () => {
    await using c = new Client(["--script", writeJson({ initializedTiming: "launchAfterConfigurationDone" })]);
    await start(c, program());
    await c.event("terminated");
    const order = c.messages.map(label).filter((l) => !l.startsWith("event:output"));
    expect(order).toEqual(["response:initialize", "event:initialized", "response:configurationDone", "response:launch", "event:exited", "event:terminated"]);
    expect((await c.event("exited")).body).toEqual({ exitCode: 3 });
  });

  test("initialized before launch when scripted so", async () => {
    await using c = new Client(["--script", writeJson({ initializedTiming: "beforeLaunch" })]);
    await c.request("initialize");
    await c.event("initialized");
    expect(c.messages.map(label)).toEqual(["response:initialize", "event:initialized"]);
  });

  test("next steps over calls, stepIn enters them, stepOut returns to the caller's next line", async () => {
    await using c = new Client();
    await start(
      c,
      program(),
      async () => {
        await c.request("setBreakpoints", { source: { path: SOURCE }, breakpoints: [{ line: 8 }] });
      },
      true,
    );
    expect(await stopped(c)).toMatchObject({ reason: "entry", threadId: 7 });
    expect((await top(c))[0].line).toBe(1);
    await c.request("continue", { threadId: 7 });
    expect((await stopped(c)).reason).toBe("breakpoint");
    await c.request("next", { threadId: 7 });
    expect(await stopped(c)).toMatchObject({ reason: "step", threadId: 7 });
    expect((await top(c)).map((f: any) => [f.name, f.line])).toEqual([["main", 9]]);
    expect((await c.waitFor("add's output", (m) => m.body?.category === "stderr")).body.output).toBe("in add\n");
    await c.request("next", { threadId: 7 });
    await stopped(c);
    await c.request("stepIn", { threadId: 7 });
    expect((await stopped(c)).reason).toBe("step");
    const frames = await top(c);
    expect(frames.map((f: any) => [f.name, f.line])).toEqual([
      ["add", 14],
      ["main", 10],
    ]);
    const caller = await c.request("evaluate", { expression: "line", frameId: frames[1].id, context: "watch" });
    expect(caller.body).toMatchObject({ result: "10", type: "int" });
    await c.request("next", { threadId: 7 });
    await stopped(c);
    expect((await top(c))[0].line).toBe(15);
    await c.request("stepOut", { threadId: 7 });
    expect((await stopped(c)).reason).toBe("step");
    expect((await top(c)).map((f: any) => [f.name, f.line])).toEqual([["main", 11]]);

    const [frame] = await top(c);
    const scopes = (await c.request("scopes", { frameId: frame.id })).body.scopes;
    expect(scopes.map((s: any) => s.name)).toEqual(["Locals", "Globals"]);
    const locals = (await c.request("variables", { variablesReference: scopes[0].variablesReference })).body.variables;
    expect(locals.map((v: any) => [v.name, v.value])).toEqual([
      ["line", "11"],
      ["hits", "1"],
      ["point", "{x=11, y=1}"],
    ]);
    const point = (await c.request("variables", { variablesReference: locals[2].variablesReference })).body.variables;
    expect(point.map((v: any) => [v.name, v.value])).toEqual([
      ["x", "11"],
      ["y", "1"],
    ]);
    const set = await c.request("setVariable", { variablesReference: scopes[0].variablesReference, name: "hits", value: "42" });
    expect(set.body.value).toBe("42");
    expect((await c.request("evaluate", { expression: "hits", frameId: frame.id })).body.result).toBe("42");
    expect((await c.request("evaluate", { expression: "1+2", frameId: frame.id })).body.result).toBe("3");
    const bad = await c.request("evaluate", { expression: "nope", frameId: frame.id });
    expect([bad.success, bad.message]).toEqual([false, "undefined identifier: nope"]);
  });

  test("function breakpoints, hit conditions and logpoints", async () => {
    await using c = new Client();
    let fnId = 0;
    let hitId = 0;
    await start(c, program(), async () => {
      const fns = await c.request("setFunctionBreakpoints", { breakpoints: [{ name: "add" }, { name: "nosuch" }] });
      expect(fns.body.breakpoints.map((b: any) => [b.verified, b.line ?? null, b.message ?? null])).toEqual([
        [true, 14, null],
        [false, null, "no function named nosuch"],
      ]);
      fnId = fns.body.breakpoints[0].id;
      const bps = [
        { line: 15, logMessage: "at {line}" },
        { line: 16, hitCondition: "3" },
      ];
      hitId = (await c.request("setBreakpoints", { source: { path: SOURCE }, breakpoints: bps })).body.breakpoints[1].id;
    });
    expect(await stopped(c)).toMatchObject({ reason: "breakpoint", hitBreakpointIds: [fnId] });
    expect((await top(c))[0]).toMatchObject({ name: "add", line: 14 });
    await c.request("continue", { threadId: 7 });
    expect((await stopped(c)).hitBreakpointIds).toEqual([fnId]); // the second call, at line 10
    await c.request("continue", { threadId: 7 });
    expect((await stopped(c)).hitBreakpointIds).toEqual([fnId]); // falling through into add at the end
    await c.request("continue", { threadId: 7 });
    expect((await stopped(c)).hitBreakpointIds).toEqual([hitId]); // third pass over line 16
    const logs = c.messages.filter((m) => m.body?.category === "console").map((m) => m.body.output);
    expect(logs).toEqual(["at 15\n", "at 15\n", "at 15\n"]);
    await c.request("continue", { threadId: 7 });
    expect((await c.event("exited")).body.exitCode).toBe(3);
    await c.event("terminated");
    const late = await c.request("stackTrace", { threadId: 7 });
    expect([late.success, late.message]).toEqual([false, "process has exited"]);
  });

  test("noExited ends with terminated only, like Delve", async () => {
    await using c = new Client();
    await start(c, program({ adapter: { noExited: true } }));
    await c.event("terminated");
    expect(c.messages.some((m) => m.event === "exited")).toBe(false);
  });

  test("crash on a command: stderr text and exit code, no answer", async () => {
    const c = new Client(["--script", writeJson({ crash: { on: "setBreakpoints", exitCode: 3, stderr: "fatal: boom\n" } })]);
    await c.request("initialize");
    const launch = c.send("launch", { program: program() });
    await c.event("initialized");
    await c.response(launch);
    c.send("setBreakpoints", { source: { path: SOURCE }, breakpoints: [{ line: 4 }] });
    expect(await c.proc.exited).toBe(3);
    expect(await new Response(c.proc.stderr).text()).toBe("fatal: boom\n");
    expect(c.messages.some((m) => m.command === "setBreakpoints")).toBe(false);
  });

  test("crash with a signal", async () => {
    const c = new Client(["--script", writeJson({ crash: { on: "initialize", signal: "SIGKILL" } })]);
    c.send("initialize");
    await c.proc.exited;
    expect(c.proc.signalCode).toBe("SIGKILL");
  });

  test("attach to a spinning program, pause it, detach", async () => {
    const prog = program({ spin: 6 });
    await using c = new Client(["--script", writeJson({ program: prog })]);
    await c.request("initialize");
    const attach = c.send("attach", { pid: 4242 });
    await c.event("initialized");
    await c.request("configurationDone");
    expect((await c.response(attach)).success).toBe(true);
    const busy = await c.request("stackTrace", { threadId: 7 });
    expect([busy.success, busy.message]).toEqual([false, "process is running"]);
    expect((await c.request("threads")).success).toBe(true);
    expect(c.messages.some((m) => m.event === "stopped")).toBe(false);
    await c.request("pause", { threadId: 7 });
    expect(await stopped(c)).toEqual({ reason: "pause", threadId: 7, allThreadsStopped: true });
    expect((await top(c))[0].line).toBe(6);
    expect((await c.request("disconnect", { terminateDebuggee: false })).success).toBe(true);
    expect(await c.proc.exited).toBe(0);
  });

  test("disconnect like lldb-dap-19: stderr output event, then exit 134", async () => {
    const script = writeJson({ exitOnDisconnectCode: 134, stderrOnDisconnect: "PLEASE submit a bug report\n" });
    await using c = new Client(["--script", script]);
    await start(c, program({ spin: 2 }));
    expect((await c.request("disconnect", { terminateDebuggee: true })).success).toBe(true);
    expect((await c.event("output")).body).toEqual({ category: "stderr", output: "PLEASE submit a bug report\n" });
    expect(await c.proc.exited).toBe(134);
  });

  test("scripted errors, hangs, delays and unknown requests", async () => {
    const script = writeJson({ errors: { launch: "could not launch: no such file" }, hang: ["evaluate"], delays: { threads: 200 } });
    await using c = new Client(["--script", script]);
    await c.request("initialize");
    const launch = await c.request("launch", { program: program() });
    expect([launch.success, launch.message, launch.body.error.format]).toEqual([false, "could not launch: no such file", "could not launch: no such file"]);
    const hung = c.send("evaluate", { expression: "1+2" });
    const slow = c.send("threads");
    const bogus = await c.request("bogus");
    expect([bogus.success, bogus.message]).toEqual([false, "unrecognized request"]);
    expect(c.index((m) => m.request_seq === slow)).toBe(-1); // the delayed one is still pending
    await c.response(slow);
    expect(c.messages.some((m) => m.request_seq === hung || m.event === "initialized")).toBe(false);
  });

  test("reverse requests, scripted events and output floods", async () => {
    const log = join(dir, "reverse.log");
    const script = writeJson({
      reverseRequests: [{ command: "runInTerminal", arguments: { kind: "integrated", args: ["prog"] }, when: "afterConfigurationDone" }],
      events: [{ when: "afterLaunch", event: "output", body: { category: "console", output: "launched\n" } }],
      floodOutput: { count: 2000, bytes: 100 },
    });
    await using c = new Client(["--script", script, "--log", log]);
    await start(c, program({ spin: 2 }));
    const rit = await c.waitFor("runInTerminal", (m) => m.type === "request");
    expect(rit).toMatchObject({ command: "runInTerminal", arguments: { kind: "integrated", args: ["prog"] } });
    c.reply(rit, { processId: 99 });
    expect((await c.event("output")).body.output).toBe("launched\n");
    await c.request("threads"); // the reply was read before this request
    const flood = c.messages.filter((m) => m.body?.output?.startsWith("flood "));
    expect(flood.length).toBe(2000);
    expect(flood[0].body.output.length).toBe(100);
    const logged = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(logged.find((l) => l.dir === "in" && l.msg.type === "response")?.msg).toMatchObject({ command: "runInTerminal", body: { processId: 99 } });
  });

  test("exits 0 when its stdin closes", async () => {
    const c = new Client();
    await c.request("initialize");
    c.proc.stdin.end();
    expect(await c.proc.exited).toBe(0);
  });
});
