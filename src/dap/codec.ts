// DAP framing: `Content-Length: N\r\n\r\n<json>` where N counts bytes, not characters.
// Pure: feed bytes in, get whole messages out. No I/O, no timers.

export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const HEADER_END = new Uint8Array([13, 10, 13, 10]); // \r\n\r\n
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class FramingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FramingError";
  }
}

export function encodeMessage(message: unknown): Uint8Array {
  const body = encoder.encode(JSON.stringify(message));
  const header = encoder.encode(`Content-Length: ${body.byteLength}\r\n\r\n`);
  const out = new Uint8Array(header.byteLength + body.byteLength);
  out.set(header, 0);
  out.set(body, header.byteLength);
  return out;
}

function indexOfHeaderEnd(buf: Uint8Array, from: number): number {
  outer: for (let i = from; i + 3 < buf.length; i++) {
    for (let j = 0; j < 4; j++) if (buf[i + j] !== HEADER_END[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Accumulates chunks and yields every complete message they contain.
 * A bad header throws FramingError: the stream cannot be resynchronised after it.
 */
export class MessageDecoder {
  private buf: Uint8Array = new Uint8Array(0);
  private bodyLength = -1; // -1: still reading the header
  private bodyStart = 0;

  constructor(private readonly maxBytes = MAX_MESSAGE_BYTES) {}

  /** Bytes received but not yet part of a complete message. */
  get pendingBytes(): number {
    return this.buf.length;
  }

  push(chunk: Uint8Array): unknown[] {
    if (chunk.length > 0) {
      const next = new Uint8Array(this.buf.length + chunk.length);
      next.set(this.buf, 0);
      next.set(chunk, this.buf.length);
      this.buf = next;
    }
    const messages: unknown[] = [];
    let offset = 0;
    for (;;) {
      if (this.bodyLength < 0) {
        const end = indexOfHeaderEnd(this.buf, offset);
        if (end < 0) {
          if (this.buf.length - offset > 8192) throw new FramingError("header longer than 8 KiB without \\r\\n\\r\\n");
          break;
        }
        this.bodyLength = parseHeader(decoder.decode(this.buf.subarray(offset, end)), this.maxBytes);
        this.bodyStart = end + 4;
      }
      if (this.buf.length - this.bodyStart < this.bodyLength) break;
      const body = this.buf.subarray(this.bodyStart, this.bodyStart + this.bodyLength);
      offset = this.bodyStart + this.bodyLength;
      this.bodyLength = -1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoder.decode(body));
      } catch (e) {
        throw new FramingError(`message body is not JSON: ${(e as Error).message}`);
      }
      messages.push(parsed);
    }
    if (offset > 0) {
      this.buf = this.buf.slice(offset);
      if (this.bodyLength >= 0) this.bodyStart -= offset;
    }
    return messages;
  }
}

function parseHeader(header: string, maxBytes: number): number {
  let length: number | undefined;
  for (const line of header.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    if (line.slice(0, colon).trim().toLowerCase() !== "content-length") continue; // other headers are ignored
    const value = line.slice(colon + 1).trim();
    if (!/^\d+$/.test(value)) throw new FramingError(`bad Content-Length: ${JSON.stringify(value)}`);
    length = Number(value);
  }
  if (length === undefined) throw new FramingError(`header without Content-Length: ${JSON.stringify(header)}`);
  if (length > maxBytes) throw new FramingError(`Content-Length ${length} exceeds the ${maxBytes}-byte cap`);
  return length;
}
