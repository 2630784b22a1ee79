// The MCP server's stdio transport. The SDK's closes the server silently when one message passes
// its 10 MiB read buffer (the client then waits forever); this one answers that message with a
// JSON-RPC error, says why on stderr, skips the rest of its line and goes on reading. A line that
// is not JSON gets the spec's parse error (-32700) instead of nothing.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { MAX_LINE_BYTES } from "../ipc/protocol.ts";

/** The longest message taken: the daemon refuses longer requests anyway. */
export const MAX_MESSAGE_BYTES = MAX_LINE_BYTES;

type Id = string | number | null;

const ID = String.raw`(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")`;
/** `{"jsonrpc":"2.0","id":…` or `{"id":…` at the start of a message. */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*` + ID);
/** `…,"id":…}` at its end (the SDK's client writes the id last). */
const ID_LAST = new RegExp(String.raw`[,{]\s*"id"\s*:\s*` + ID + String.raw`\s*\}\s*$`);

/** The id of a message too long to parse, read from its first and last bytes; null when neither says. */
export function idOfCut(head: string, tail: string): Id {
  const m = ID_FIRST.exec(head) ?? ID_LAST.exec(tail);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as Id;
  } catch {
    return null;
  }
}

/**
 * What is wrong with a tools/call whose params are not {name: string, arguments?: object}: the
 * spec's invalid params (-32602). The SDK's schema check answered them with an internal error
 * (-32603) and its validation dump.
 */
export function badToolCall(message: JSONRPCMessage): string | undefined {
  if (!("method" in message) || message.method !== "tools/call" || !("id" in message)) return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  if (typeof params?.name !== "string") return "invalid params: tools/call needs params.name, the tool's name (a string)";
  const a = params.arguments;
  if (a !== undefined && (typeof a !== "object" || a === null || Array.isArray(a))) {
    return `invalid params: the arguments of '${params.name}' must be an object, not ${a === null ? "null" : Array.isArray(a) ? "an array" : typeof a}`;
  }
  return undefined;
}

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The unfinished line: its parts and their length. */
  private parts: Uint8Array[] = [];
  private held = 0;
  /** Dropping the rest of a too-long line until its newline; its first and last bytes are kept for its id. */
  private skipping = false;
  private head = "";
  private tail = "";
  private closed = false;
  private readonly text = new TextDecoder();

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly log: (text: string) => void = (t) => process.stderr.write(t),
  ) {}

  private readonly onData = (chunk: Uint8Array) => {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(10, from);
      const end = nl < 0 ? chunk.length : nl;
      if (this.skipping) {
        this.keepTail(chunk.subarray(from, end));
        if (nl >= 0) this.refuse();
      } else if (this.held + end - from > MAX_MESSAGE_BYTES) {
        // Past the limit: what is held goes, the rest of the line is dropped unread, and the
        // message is answered when its line ends (its id may be its last bytes).
        this.parts.push(chunk.subarray(from, end));
        const whole = Buffer.concat(this.parts);
        this.head = whole.subarray(0, 1024).toString("latin1");
        this.tail = whole.subarray(-1024).toString("latin1");
        this.parts = [];
        this.held = 0;
        this.skipping = true;
        this.log(`debugger mcp: refusing a message longer than ${MAX_MESSAGE_BYTES} bytes (the limit of one message); the server goes on\n`);
        if (nl >= 0) this.refuse();
      } else if (nl >= 0) {
        this.parts.push(chunk.subarray(from, nl));
        const line = this.text.decode(Buffer.concat(this.parts, this.held + nl - from));
        this.parts = [];
        this.held = 0;
        this.onLine(line);
      } else {
        // Copied: the stream may reuse its buffer.
        this.parts.push(chunk.slice(from));
        this.held += chunk.length - from;
      }
      from = end + 1;
    }
  };

  private keepTail(bytes: Uint8Array): void {
    this.tail = (this.tail + Buffer.from(bytes.subarray(-1024)).toString("latin1")).slice(-1024);
  }

  /** Answers the too-long message whose line just ended. */
  private refuse(): void {
    this.skipping = false;
    const id = idOfCut(this.head, this.tail);
    this.head = this.tail = "";
    void this.send({
      jsonrpc: "2.0",
      id: id as never,
      error: { code: -32600, message: `message longer than ${MAX_MESSAGE_BYTES} bytes (16 MiB), the limit of one message; it was not read` },
    } as JSONRPCMessage);
  }

  private onLine(line: string): void {
    const text = line.replace(/\r$/, "");
    if (!text.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      void this.send({ jsonrpc: "2.0", id: null as never, error: { code: -32700, message: "parse error: the line is not JSON" } } as JSONRPCMessage);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof raw === "object" && raw !== null && "id" in raw ? ((raw as { id: Id }).id ?? null) : null;
      void this.send({ jsonrpc: "2.0", id: id as never, error: { code: -32600, message: "invalid request: not a JSON-RPC 2.0 message" } } as JSONRPCMessage);
      return;
    }
    const bad = badToolCall(parsed.data);
    if (bad) {
      void this.send({ jsonrpc: "2.0", id: (parsed.data as { id: Id }).id as never, error: { code: -32602, message: bad } } as JSONRPCMessage);
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private readonly onError = (e: Error) => this.onerror?.(e);

  async start(): Promise<void> {
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", () => resolve());
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onError);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.onclose?.();
  }
}
