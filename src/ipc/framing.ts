// The protocol's framing and limits: one JSON document per line, lines and plans of bounded size.
// Free of valibot (the request schema is ./protocol.ts): the CLI's socket code reads it on every
// command.

export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** The longest reply line a client takes from the daemon (a reply holds at most a few MB of text). */
export const MAX_REPLY_BYTES = 256 * 1024 * 1024;
/** The most steps one `batch` runs (CLI plans and MCP calls alike). */
export const MAX_BATCH_COMMANDS = 1000;

export class LineTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`request larger than ${limit} bytes`);
    this.name = "LineTooLongError";
  }
}

/**
 * Splits a byte stream into lines. Pure. Works on bytes so a UTF-8 character cut between chunks
 * stays whole; only the new chunk is searched for "\n", and a line longer than `maxBytes` throws
 * LineTooLongError as soon as that many bytes are held, so a peer that never sends "\n" costs at
 * most `maxBytes` of memory.
 */
export class LineDecoder {
  private parts: Uint8Array[] = [];
  private held = 0;
  private readonly text = new TextDecoder();

  constructor(private readonly maxBytes = MAX_LINE_BYTES) {}

  get pendingBytes(): number {
    return this.held;
  }

  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (this.held + nl - from > this.maxBytes) return this.overflow();
      lines.push(this.take(chunk.subarray(from, nl)));
      from = nl + 1;
    }
    if (from < chunk.length) {
      if (this.held + chunk.length - from > this.maxBytes) return this.overflow();
      // Copied: the caller may reuse its buffer.
      this.parts.push(chunk.slice(from));
      this.held += chunk.length - from;
    }
    return lines;
  }

  private take(last: Uint8Array): string {
    if (this.parts.length === 0) return this.text.decode(last);
    this.parts.push(last);
    const line = this.text.decode(Buffer.concat(this.parts, this.held + last.length));
    this.parts = [];
    this.held = 0;
    return line;
  }

  private overflow(): never {
    this.parts = [];
    this.held = 0;
    throw new LineTooLongError(this.maxBytes);
  }
}
