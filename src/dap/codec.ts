// DAP framing: `Content-Length: N\r\n\r\n<json>` where N counts bytes, not characters.
// Pure: feed bytes in, get whole messages out. No I/O, no timers.

export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

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

function indexOfHeaderEnd(buf: Uint8Array, from: number, to: number): number {
  for (let i = buf.indexOf(13, from); i >= 0 && i + 3 < to; i = buf.indexOf(13, i + 1)) {
    if (buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i;
  }
  return -1;
}

/**
 * Accumulates chunks and yields every complete message they contain.
 * A bad header throws FramingError: the stream cannot be resynchronised after it.
 *
 * Bytes live in one buffer that grows by doubling and is compacted only when most of it is
 * consumed, so a 64 MiB message arriving in 64 KiB chunks costs O(n) copying, not O(n²).
 */
export class MessageDecoder {
  private buf: Uint8Array = new Uint8Array(0);
  private start = 0; // first byte not yet consumed
  private end = 0; // one past the last byte received
  private scanned = 0; // header bytes already searched for \r\n\r\n (relative to start)
  private bodyLength = -1; // -1: still reading the header
  private bodyStart = 0; // relative to start

  constructor(private readonly maxBytes = MAX_MESSAGE_BYTES) {}

  /** Bytes received but not yet part of a complete message. */
  get pendingBytes(): number {
    return this.end - this.start;
  }

  private append(chunk: Uint8Array): void {
    const pending = this.end - this.start;
    if (this.end + chunk.length > this.buf.length) {
      const need = pending + chunk.length;
      if (need <= this.buf.length && this.start >= this.buf.length / 2) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        const next = new Uint8Array(Math.max(need, this.buf.length * 2, 4096));
        next.set(this.buf.subarray(this.start, this.end), 0);
        this.buf = next;
      }
      this.start = 0;
      this.end = pending;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  push(chunk: Uint8Array): unknown[] {
    if (chunk.length > 0) this.append(chunk);
    const messages: unknown[] = [];
    for (;;) {
      if (this.bodyLength < 0) {
        // Resume the search 3 bytes back: the terminator may straddle two chunks.
        const from = this.start + Math.max(0, this.scanned - 3);
        const at = indexOfHeaderEnd(this.buf, from, this.end);
        if (at < 0) {
          this.scanned = this.end - this.start;
          if (this.scanned > 8192) throw new FramingError("header longer than 8 KiB without \\r\\n\\r\\n");
          break;
        }
        this.bodyLength = parseHeader(decoder.decode(this.buf.subarray(this.start, at)), this.maxBytes);
        this.bodyStart = at + 4 - this.start;
        this.scanned = 0;
      }
      if (this.end - this.start - this.bodyStart < this.bodyLength) break;
      const bodyAt = this.start + this.bodyStart;
      const body = this.buf.subarray(bodyAt, bodyAt + this.bodyLength);
      this.start = bodyAt + this.bodyLength;
      this.bodyLength = -1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoder.decode(body));
      } catch (e) {
        throw new FramingError(`message body is not JSON: ${(e as Error).message}`);
      }
      messages.push(parsed);
    }
    if (this.start === this.end) {
      this.start = this.end = 0;
      // Do not keep a buffer grown for one huge message.
      if (this.buf.length > 1 << 20) this.buf = new Uint8Array(0);
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
