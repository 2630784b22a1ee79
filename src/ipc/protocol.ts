// The CLI ⇄ daemon protocol: newline-delimited JSON over a Unix socket, one request per line,
// each answered by one reply line with the same id.
import * as v from "valibot";
import type { ErrorData } from "../common/errors.ts";

export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** The most steps one `batch` runs (CLI plans and MCP calls alike). */
export const MAX_BATCH_COMMANDS = 1000;

export const RequestSchema = v.strictObject({
  id: v.pipe(v.number(), v.integer()),
  version: v.string(),
  command: v.pipe(v.string(), v.minLength(1)),
  session: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[\w.-]+$/, "session names use letters, digits, '.', '_' and '-'")),
  cwd: v.string(),
  // v.record alone accepts arrays (and turns them into objects), so look at the raw value first.
  args: v.pipe(
    v.custom<Record<string, unknown>>((a) => typeof a === "object" && a !== null && !Array.isArray(a), "args must be an object"),
    v.record(v.string(), v.unknown()),
  ),
});

export type Request = v.InferOutput<typeof RequestSchema>;

export interface Reply {
  id: number | null;
  ok: boolean;
  command: string;
  session: string;
  data?: unknown;
  error?: ErrorData;
  /** More replies with this id follow (`output --follow`); the last one has no `partial`. */
  partial?: boolean;
  /** What happened on this session while no client was listening (an interrupted trace or batch). */
  notice?: string;
}

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

/** A request line checked against the schema, or the error reply it gets (with its id when it has one). */
export function parseRequest(line: string): { request: Request } | { reply: Reply } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { reply: { id: null, ok: false, command: "", session: "", error: { code: "IPC_ERROR", message: "request is not valid JSON", hint: "send one JSON object per line" } } };
  }
  const parsed = v.safeParse(RequestSchema, raw);
  if (parsed.success) return { request: parsed.output };
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const issue = parsed.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join(".") ?? "";
  return {
    reply: {
      id: typeof r.id === "number" && Number.isFinite(r.id) ? r.id : null,
      ok: false,
      command: typeof r.command === "string" ? r.command.slice(0, 200) : "",
      session: typeof r.session === "string" ? r.session.slice(0, 200) : "",
      error: { code: "IPC_ERROR", message: `malformed request${key ? ` (${key})` : ""}: ${issue.message}`, hint: "requests are {id, version, command, session, cwd, args}" },
    },
  };
}
