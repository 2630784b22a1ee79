// The CLI ⇄ daemon protocol: newline-delimited JSON over a Unix socket, one request per line,
// each answered by one reply line with the same id.
import * as v from "valibot";
import type { ErrorData } from "../common/errors.ts";

export const MAX_LINE_BYTES = 16 * 1024 * 1024;

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
}
