// Where a breakpoint stop is within its line, for the rows of `run`, `test` and `trace`: one pass of a
// line is one row (runPasses.ts).
import type { StopReport } from "../ipc/types.ts";
import type { StopSite } from "./runPasses.ts";
import type { Session } from "./session/session.ts";

/**
 * Where a breakpoint stop is, to tell a second code location of a pass from the next pass
 * (runPasses.ts): the frame's code address, or where the adapter gives none, its offset read in the
 * frame (AdapterSpec.stopOffset: debugpy); undefined where neither can be told.
 */
export async function siteOf(s: Session, stop: StopReport): Promise<StopSite | undefined> {
  const threadId = stop.threadId;
  if (threadId === undefined || !stop.frame?.line) return undefined;
  const frames = await s.run((q) => s.inspector.stopReader.framesNow(q, threadId, 64)).catch(() => undefined);
  const i = stop.frameIndex ?? 0;
  const frame = frames?.[i];
  if (!frames || !frame) return undefined;
  let at: { pc: string; offset?: number; continues?: boolean } | undefined = frame.instructionPointerReference
    ? { pc: frame.instructionPointerReference }
    : undefined;
  const offset = s.adapter.stopOffset;
  const line = stop.frame.line;
  const file = stop.frame.file;
  if (!at && offset) {
    const lines = file ? await s.readSource(file).catch(() => undefined) : undefined;
    at =
      offset.needed && !offset.needed(line, lines)
        ? { pc: `@${line}`, continues: false }
        : await s
            .run((q) => s.inspector.stopReader.evaluateNow(q, offset.expression, s.adapter.printContext, undefined, frame.id))
            .then((r) => offset.read(r.result, line, lines))
            .catch(() => undefined);
  }
  if (!at) return undefined;
  const callers = frames.slice(i + 1).map((f) => f.instructionPointerReference ?? `${f.name}@${f.line}`);
  return {
    line: `${threadId}\0${stop.breakpointIds.join(",")}\0${stop.frame.file ?? stop.frame.function}:${stop.frame.line}`,
    frame: `${frames.length}\0${callers.join(",")}`,
    ...at,
  };
}
