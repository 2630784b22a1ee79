// The fuzz targets: each feeds N generated inputs to one decoder and checks what must always
// hold — only the decoder's own error type escapes, memory held stays under its cap, valid input
// still decodes exactly. Used by test/unit/fuzz*.test.ts (CI sizes) and scripts/stress.ts (full).
import { DapClient } from "../../src/dap/client.ts";
import { encodeMessage, FramingError, MessageDecoder } from "../../src/dap/codec.ts";
import { LineDecoder, LineTooLongError, parseRequest } from "../../src/ipc/protocol.ts";
import { Gen, HOSTILE_TOKENS } from "./inputs.ts";

export interface FuzzResult {
  cases: number;
  /** Inputs the decoder refused with its own error (FramingError, LineTooLongError, IPC_ERROR reply). */
  refused: number;
  /** Messages, lines or requests that came out whole. */
  decoded: number;
  /** Largest number of bytes a decoder held between chunks. */
  maxHeld: number;
}

export class FuzzFailure extends Error {
  constructor(target: string, seed: number, index: number, input: Uint8Array, cause: unknown) {
    const shown = Buffer.from(input.subarray(0, 200)).toString("base64");
    super(`${target}: case ${index} of seed ${seed} threw ${(cause as Error)?.stack ?? cause}\ninput (base64, first 200 bytes): ${shown}`);
  }
}

const DAP_SAMPLES: unknown[] = [
  { seq: 1, type: "request", command: "initialize", arguments: { adapterID: "x", linesStartAt1: true } },
  { seq: 2, type: "response", request_seq: 1, success: true, command: "initialize", body: { supportsConfigurationDoneRequest: true } },
  { seq: 3, type: "event", event: "stopped", body: { reason: "breakpoint", threadId: 1, hitBreakpointIds: [1] } },
  { seq: 4, type: "event", event: "output", body: { category: "stdout", output: "héllo 日本 😀\r\n" } },
  { seq: 5, type: "request", command: "runInTerminal", arguments: { args: ["/bin/true"] } },
  {
    seq: 6,
    type: "response",
    request_seq: 9,
    success: false,
    command: "evaluate",
    message: "no",
    body: { error: { id: 1, format: "bad {x}", variables: { x: "y" } } },
  },
];

const DAP_CAP = 1 << 20;

/** One DAP stream: frames of samples (some mutated) or random bytes, in random chunks. */
function dapInput(g: Gen): Uint8Array {
  const kind = g.int(10);
  if (kind === 0) return g.bytes(g.int(512));
  const frames: Uint8Array[] = [];
  for (let i = 1 + g.int(3); i > 0; i--) frames.push(encodeMessage(g.pick(DAP_SAMPLES)));
  const stream = Buffer.concat(frames);
  return kind === 1 ? stream : g.mutate(stream, HOSTILE_TOKENS);
}

export function fuzzDapDecoder(seed: number, cases: number): FuzzResult {
  const g = new Gen(seed);
  const r: FuzzResult = { cases, refused: 0, decoded: 0, maxHeld: 0 };
  for (let i = 0; i < cases; i++) {
    const input = dapInput(g);
    const d = new MessageDecoder(DAP_CAP);
    try {
      for (const chunk of g.split(input)) {
        r.decoded += d.push(chunk).length;
        r.maxHeld = Math.max(r.maxHeld, d.pendingBytes);
      }
    } catch (e) {
      if (e instanceof FramingError) r.refused++;
      else throw new FuzzFailure("DAP decoder", seed, i, input, e);
    }
    // A decoder holds at most one message plus its header and the chunk that overflowed it.
    if (d.pendingBytes > DAP_CAP + 8192 + input.length) throw new FuzzFailure("DAP decoder", seed, i, input, new Error(`holds ${d.pendingBytes} bytes`));
  }
  return r;
}

/** The DAP client on top of the decoder: whatever well-framed JSON arrives, dispatch never throws. */
export function fuzzDapClient(seed: number, cases: number): FuzzResult {
  const g = new Gen(seed);
  const r: FuzzResult = { cases, refused: 0, decoded: 0, maxHeld: 0 };
  const shapes = [
    '{"type":"response","request_seq":1}',
    '{"type":"event"}',
    '{"type":"request"}',
    "[]",
    "null",
    "7",
    '"x"',
    '{"type":"event","event":"__proto__","body":null}',
    '{"type":"response","request_seq":"1","success":1}',
  ];
  for (let i = 0; i < cases; i++) {
    let written = 0;
    const client = new DapClient({ write: (b) => void (written += b.length), close: () => {} }, { timeoutMs: 0 });
    client.on("stopped", () => {});
    client.handleReverse("runInTerminal", () => ({ processId: 1 }));
    const pending = client.requestRaw("threads").catch(() => {});
    void pending;
    const body = g.int(2) ? g.pick(shapes) : new TextDecoder().decode(g.mutate(new TextEncoder().encode(g.pick(shapes)), HOSTILE_TOKENS));
    const input = Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`), Buffer.from(body)]);
    try {
      for (const chunk of g.split(input)) client.receive(chunk);
    } catch (e) {
      throw new FuzzFailure("DAP client", seed, i, input, e);
    }
    if (client.closed) r.refused++;
    else r.decoded++;
    client.fail(new Error("done"));
    r.maxHeld = Math.max(r.maxHeld, written);
  }
  return r;
}

const IPC_SAMPLES = [
  { id: 1, version: "0.1.0", command: "continue", session: "default", cwd: "/home/u", args: { timeout: 5 } },
  { id: 2, version: "0.1.0", command: "start", session: "s-1.x", cwd: "/", args: { program: "./a.out", break: ["main.c:3"], env: { A: "1" } } },
  { id: 3, version: "0.1.0", command: "print", session: "default", cwd: "/tmp", args: { expression: 'a[0] + "é"' } },
];

const IPC_CAP = 64 * 1024;

/** The daemon's side of the socket: bytes → lines → requests or error replies, never a throw. */
export function fuzzIpc(seed: number, cases: number): FuzzResult {
  const g = new Gen(seed);
  const r: FuzzResult = { cases, refused: 0, decoded: 0, maxHeld: 0 };
  const enc = new TextEncoder();
  for (let i = 0; i < cases; i++) {
    const kind = g.int(10);
    const lines = Array.from({ length: 1 + g.int(3) }, () => `${JSON.stringify(g.pick(IPC_SAMPLES))}\n`).join("");
    let input = kind === 0 ? g.bytes(g.int(256)) : kind === 1 ? enc.encode(lines) : g.mutate(enc.encode(lines), HOSTILE_TOKENS);
    if (kind === 2) input = Buffer.concat([input, new Uint8Array(IPC_CAP + 1).fill(0x61)]); // a line over the cap
    const d = new LineDecoder(IPC_CAP);
    try {
      for (const chunk of g.split(input)) {
        for (const line of d.push(chunk)) {
          const out = parseRequest(line.trim());
          if ("reply" in out) {
            if (out.reply.ok || out.reply.error?.code !== "IPC_ERROR") throw new Error(`bad reply ${JSON.stringify(out.reply)}`);
            JSON.stringify(out.reply); // must be sendable
            r.refused++;
          } else {
            const q = out.request;
            if (typeof q.id !== "number" || !q.command || !/^[\w.-]{1,64}$/.test(q.session) || typeof q.args !== "object" || Array.isArray(q.args))
              throw new Error(`accepted a bad request ${JSON.stringify(q)}`);
            r.decoded++;
          }
        }
        r.maxHeld = Math.max(r.maxHeld, d.pendingBytes);
      }
    } catch (e) {
      if (e instanceof LineTooLongError) r.refused++;
      else throw new FuzzFailure("IPC decoder", seed, i, input, e);
    }
    if (d.pendingBytes > IPC_CAP) throw new FuzzFailure("IPC decoder", seed, i, input, new Error(`holds ${d.pendingBytes} bytes`));
  }
  return r;
}
