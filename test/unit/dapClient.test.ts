// DapClient against an in-memory transport that records every frame the client writes and lets
// the test play the adapter by feeding bytes back.
import { describe, expect, test } from "bun:test";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { DebuggerError } from "../../src/common/errors.ts";
import { DapClient, DapRequestError, type Transport } from "../../src/dap/client.ts";
import { encodeMessage, MessageDecoder } from "../../src/dap/codec.ts";

class FakeTransport implements Transport {
  readonly sent: any[] = [];
  closed = 0;
  private readonly decoder = new MessageDecoder();
  private waiters: (() => void)[] = [];
  write(bytes: Uint8Array): void {
    this.sent.push(...this.decoder.push(bytes));
    for (const w of this.waiters.splice(0)) w();
  }
  close(): void {
    this.closed++;
  }
  /** Resolves once at least `n` messages have been written. */
  async waitFor(n: number): Promise<void> {
    while (this.sent.length < n) await new Promise<void>((r) => this.waiters.push(r));
  }
}

function setup(options: ConstructorParameters<typeof DapClient>[1] = {}) {
  const t = new FakeTransport();
  const client = new DapClient(t, options);
  let seq = 1000;
  const feed = (m: Record<string, unknown>) => client.receive(encodeMessage({ seq: seq++, ...m }));
  const respond = (request_seq: number, command: string, body?: unknown, extra: Record<string, unknown> = {}) =>
    feed({ type: "response", request_seq, command, success: true, body, ...extra });
  const event = (event: string, body?: unknown) => feed({ type: "event", event, body });
  return { t, client, feed, respond, event };
}

async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("promise resolved; expected a rejection");
}

describe("DapClient: requests and responses", () => {
  test("writes framed requests with increasing seq", () => {
    const { t, client } = setup({ timeoutMs: 0 }); // 0: no timer, these requests stay unanswered
    void client.request("threads", undefined);
    void client.request("stackTrace", { threadId: 7, levels: 20 });
    expect(t.sent).toEqual([
      { seq: 1, type: "request", command: "threads" },
      { seq: 2, type: "request", command: "stackTrace", arguments: { threadId: 7, levels: 20 } },
    ]);
  });

  test("responses are matched by request_seq, even out of order", async () => {
    const { client, respond } = setup();
    const threads = client.request("threads", undefined);
    const stack = client.request("stackTrace", { threadId: 1 });
    const scopes = client.requestRaw("scopes", { frameId: 5 });
    respond(3, "scopes", { scopes: [{ name: "Locals", variablesReference: 9, expensive: false }] });
    respond(1, "threads", { threads: [{ id: 1, name: "main" }] });
    respond(2, "stackTrace", { stackFrames: [{ id: 5, name: "main", line: 3, column: 1 }], totalFrames: 1 });
    expect(await threads).toEqual({ threads: [{ id: 1, name: "main" }] });
    expect(await stack).toEqual({ stackFrames: [{ id: 5, name: "main", line: 3, column: 1 }], totalFrames: 1 });
    expect(await scopes).toEqual({
      seq: 1000,
      type: "response",
      request_seq: 3,
      command: "scopes",
      success: true,
      body: { scopes: [{ name: "Locals", variablesReference: 9, expensive: false }] },
    });
  });

  test("a response for an unknown request_seq is ignored", async () => {
    const { client, respond } = setup();
    const p = client.request("threads", undefined);
    respond(42, "threads", { threads: [] });
    respond(1, "threads", { threads: [{ id: 2, name: "t" }] });
    expect(await p).toEqual({ threads: [{ id: 2, name: "t" }] });
  });

  test("the response arrives split across chunks and glued to an event", async () => {
    const { client } = setup();
    const p = client.request("threads", undefined);
    const events: P.Event[] = [];
    client.on("output", (e) => events.push(e));
    const bytes = new Uint8Array([
      ...encodeMessage({ seq: 10, type: "event", event: "output", body: { output: "日本\n" } }),
      ...encodeMessage({ seq: 11, type: "response", request_seq: 1, command: "threads", success: true, body: { threads: [] } }),
    ]);
    for (let i = 0; i < bytes.length; i += 7) client.receive(bytes.subarray(i, i + 7));
    expect(await p).toEqual({ threads: [] });
    expect(events).toEqual([{ seq: 10, type: "event", event: "output", body: { output: "日本\n" } }]);
  });

  test("trace sees every message in and out", async () => {
    const trace: [string, unknown][] = [];
    const { client, respond } = setup({ trace: (d, m) => trace.push([d, m]) });
    const p = client.request("threads", undefined);
    respond(1, "threads", { threads: [] });
    await p;
    expect(trace).toEqual([
      ["out", { seq: 1, type: "request", command: "threads", arguments: undefined }],
      ["in", { seq: 1000, type: "response", request_seq: 1, command: "threads", success: true, body: { threads: [] } }],
    ]);
  });
});

describe("DapClient: failures", () => {
  test("per-request timeout rejects with TIMEOUT naming the command; a late answer is ignored", async () => {
    const { client, respond } = setup({ timeoutMs: 60_000 });
    const e = await rejection(client.request("evaluate", { expression: "x" }, 20));
    expect(e).toBeInstanceOf(DebuggerError);
    expect(e.toData()).toEqual({
      code: "TIMEOUT",
      message: "adapter did not answer 'evaluate' within 0.02 s",
      hint: "the adapter may be hung: `debugger stop` ends the session",
    });
    respond(1, "evaluate", { result: "1", variablesReference: 0 }); // must not throw
    // The client is still usable.
    const next = client.request("threads", undefined);
    respond(2, "threads", { threads: [] });
    expect(await next).toEqual({ threads: [] });
  });

  test("the default timeout comes from the options", async () => {
    const { client } = setup({ timeoutMs: 15 });
    const e = await rejection(client.request("threads", undefined));
    expect(e.message).toBe("adapter did not answer 'threads' within 0.015 s");
  });

  test("fail() rejects every pending request with the given error, and later requests too", async () => {
    const { client, t } = setup();
    const a = client.request("threads", undefined);
    const b = client.request("continue", { threadId: 1 });
    const err = new DebuggerError("ADAPTER_EXITED", "adapter exited with code 1");
    client.fail(err);
    expect(client.closed).toBe(true);
    expect(await rejection(a)).toBe(err);
    expect(await rejection(b)).toBe(err);
    expect(await rejection(client.request("next", { threadId: 1 }))).toBe(err);
    // Nothing more was written after the failure.
    expect(t.sent.map((m) => m.command)).toEqual(["threads", "continue"]);
    // A second fail keeps the first error.
    client.fail(new Error("other"));
    expect(await rejection(client.request("pause", { threadId: 1 }))).toBe(err);
  });

  test("a malformed frame fails the connection with ADAPTER_ERROR and closes the transport", async () => {
    const { client, t } = setup();
    const p = client.request("threads", undefined);
    client.receive(new TextEncoder().encode("Content-Length: nope\r\n\r\n{}"));
    const e = await rejection(p);
    expect(e.toData()).toEqual({
      code: "ADAPTER_ERROR",
      message: 'adapter sent a malformed message: bad Content-Length: "nope"',
      hint: "the session is over: `debugger start` begins a new one; `debugger logs` has the adapter's messages",
    });
    expect(t.closed).toBe(1);
    expect(client.closed).toBe(true);
  });

  test("a write that throws fails the client with ADAPTER_EXITED", async () => {
    const t: Transport = {
      write() {
        throw new Error("EPIPE");
      },
      close() {},
    };
    const client = new DapClient(t);
    const e = await rejection(client.request("threads", undefined));
    expect(e.toData()).toEqual({ code: "ADAPTER_EXITED", message: "could not write to the adapter: EPIPE" });
  });

  test("success:false becomes a rejection with the adapter's message", async () => {
    const { client, feed } = setup();
    const p = client.request("evaluate", { expression: "nosuch" });
    feed({ type: "response", request_seq: 1, command: "evaluate", success: false, message: "use of undeclared identifier 'nosuch'" });
    const e = await rejection(p);
    expect(e).toBeInstanceOf(DapRequestError);
    expect(e.code).toBe("ADAPTER_ERROR");
    expect(e.command).toBe("evaluate");
    expect(e.message).toBe("use of undeclared identifier 'nosuch'");
  });

  test("body.error.format is expanded with its variables", async () => {
    const { client, feed } = setup();
    const p = client.request("launch", { program: "./missing" } as any);
    const body = { error: { id: 2001, format: "Could not find '{path}' ({reason}); {unknown} stays", variables: { path: "./missing", reason: "ENOENT" } } };
    feed({ type: "response", request_seq: 1, command: "launch", success: false, message: "launch failed", body });
    const e = await rejection(p);
    expect(e.message).toBe("Could not find './missing' (ENOENT); {unknown} stays");
    expect(e.body).toEqual(body);
  });

  test("success:false with no message names the command", async () => {
    const { client, feed } = setup();
    const p = client.request("next", { threadId: 1 });
    feed({ type: "response", request_seq: 1, command: "next", success: false });
    expect((await rejection(p)).message).toBe("'next' failed");
  });
});

describe("DapClient: events", () => {
  test("events reach listeners by name and onAny; unsubscribe stops delivery", () => {
    const { client, event } = setup();
    const stopped: unknown[] = [];
    const any: string[] = [];
    const off = client.on("stopped", (e) => stopped.push(e.body));
    client.onAny((e) => any.push(e.event));
    event("stopped", { reason: "breakpoint", threadId: 3, hitBreakpointIds: [1] });
    event("output", { category: "stdout", output: "hi\n" });
    off();
    event("stopped", { reason: "step", threadId: 3 });
    expect(stopped).toEqual([{ reason: "breakpoint", threadId: 3, hitBreakpointIds: [1] }]);
    expect(any).toEqual(["stopped", "output", "stopped"]);
  });

  test("waitForEvent resolves with the first event that matches the predicate", async () => {
    const { client, event } = setup();
    const p = client.waitForEvent<P.StoppedEvent>("stopped", 1000, (e) => e.body.threadId === 2);
    event("stopped", { reason: "pause", threadId: 1 });
    event("continued", { threadId: 2 });
    event("stopped", { reason: "breakpoint", threadId: 2 });
    event("stopped", { reason: "step", threadId: 2 });
    expect(await p).toEqual({ seq: 1002, type: "event", event: "stopped", body: { reason: "breakpoint", threadId: 2 } });
  });

  test("waitForEvent without a predicate takes the next one", async () => {
    const { client, event } = setup();
    const p = client.waitForEvent("initialized", 1000);
    event("initialized");
    expect((await p).event).toBe("initialized");
  });

  test("waitForEvent fails with the adapter: a dead adapter sends no event (no wait for the timeout)", async () => {
    const { client } = setup();
    const p = client.waitForEvent("initialized", 60_000);
    const gone = new DebuggerError("ADAPTER_EXITED", "the debug adapter was killed by SIGKILL");
    client.fail(gone);
    expect(
      await p.then(
        () => undefined,
        (e) => e,
      ),
    ).toBe(gone);
    // Asked after it died: at once, the same error.
    expect(
      await client.waitForEvent("stopped", 60_000).then(
        () => undefined,
        (e) => e,
      ),
    ).toBe(gone);
  });

  test("waitForEvent times out with TIMEOUT naming the event", async () => {
    const { client, event } = setup();
    const p = client.waitForEvent("terminated", 20);
    event("exited", { exitCode: 0 });
    const e = await rejection(p);
    expect(e.toData()).toEqual({ code: "TIMEOUT", message: "adapter sent no 'terminated' event within 0.02 s" });
  });
});

describe("DapClient: reverse requests", () => {
  test("runInTerminal is answered by its handler with success:true and the body", async () => {
    const { client, t, feed } = setup();
    const calls: unknown[] = [];
    client.handleReverse("runInTerminal", async (args) => {
      calls.push(args);
      return { processId: 4242 };
    });
    const args = { kind: "integrated", cwd: "/tmp", args: ["/tmp/a.out", "x"], env: { A: "1" } };
    feed({ seq: 77, type: "request", command: "runInTerminal", arguments: args });
    await t.waitFor(1);
    expect(calls).toEqual([args]);
    expect(t.sent).toEqual([{ seq: 1, type: "response", request_seq: 77, command: "runInTerminal", success: true, body: { processId: 4242 } }]);
  });

  test("a handler that throws answers success:false with its message", async () => {
    const { client, t, feed } = setup();
    client.handleReverse("startDebugging", () => {
      throw new Error("child sessions are not supported");
    });
    feed({ seq: 5, type: "request", command: "startDebugging", arguments: { request: "launch", configuration: {} } });
    await t.waitFor(1);
    expect(t.sent).toEqual([
      { seq: 1, type: "response", request_seq: 5, command: "startDebugging", success: false, message: "child sessions are not supported" },
    ]);
  });

  test("an unknown reverse request is answered success:false", async () => {
    const { t, feed } = setup();
    feed({ seq: 9, type: "request", command: "fancyNewThing", arguments: {} });
    await t.waitFor(1);
    expect(t.sent).toEqual([
      {
        seq: 1,
        type: "response",
        request_seq: 9,
        command: "fancyNewThing",
        success: false,
        message: "reverse request 'fancyNewThing' is not supported by this client",
      },
    ]);
  });

  test("reverse answers and requests share one seq counter", async () => {
    const { client, t, feed } = setup({ timeoutMs: 0 }); // 0: no timer, these requests stay unanswered
    void client.request("threads", undefined);
    feed({ seq: 3, type: "request", command: "nope" });
    await t.waitFor(2);
    void client.request("threads", undefined);
    expect(t.sent.map((m) => [m.seq, m.type])).toEqual([
      [1, "request"],
      [2, "response"],
      [3, "request"],
    ]);
  });
});
