// The CLI ⇄ daemon protocol: newline-delimited JSON over a Unix socket, one request per line,
// each answered by one reply line with the same id.
import * as v from "valibot";
import type { ErrorData } from "../common/errors.ts";

export { LineDecoder, LineTooLongError, MAX_BATCH_COMMANDS, MAX_LINE_BYTES } from "./framing.ts";

export const RequestSchema = v.strictObject({
  id: v.pipe(v.number(), v.integer()),
  /** The client's version, then `+` and its build where it has one (see common/version.ts BUILD). */
  version: v.string(),
  command: v.pipe(v.string(), v.minLength(1)),
  session: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[\w.-]+$/, "session names use letters, digits, '.', '_' and '-'")),
  cwd: v.string(),
  // v.record alone accepts arrays (and turns them into objects), so look at the raw value first.
  /** Send the program's output as partial replies (`{output}`) while an execution command waits (the CLI on a terminal). */
  liveOutput: v.optional(v.boolean()),
  args: v.pipe(
    v.custom<Record<string, unknown>>((a) => typeof a === "object" && a !== null && !Array.isArray(a), "args must be an object"),
    v.record(v.string(), v.unknown()),
  ),
});

export type Request = v.InferOutput<typeof RequestSchema>;

/** A reply; `data` is the reply of the command asked (../ipc/commands.ts `Replies`). */
export interface Reply<T = unknown> {
  id: number | null;
  ok: boolean;
  command: string;
  session: string;
  data?: T;
  error?: ErrorData;
  /** More replies with this id follow (`output --follow`); the last one has no `partial`. */
  partial?: boolean;
  /** What happened on this session while no client was listening (an interrupted trace or batch). */
  notice?: string;
}

/** A request line checked against the schema, or the error reply it gets (with its id when it has one). */
export function parseRequest(line: string): { request: Request } | { reply: Reply } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return {
      reply: {
        id: null,
        ok: false,
        command: "",
        session: "",
        error: { code: "IPC_ERROR", message: "request is not valid JSON", hint: "send one JSON object per line" },
      },
    };
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
      error: {
        code: "IPC_ERROR",
        message: `malformed request${key ? ` (${key})` : ""}: ${issue.message}`,
        hint: "requests are {id, version, command, session, cwd, args}",
      },
    },
  };
}
