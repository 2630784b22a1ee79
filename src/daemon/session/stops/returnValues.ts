// What a function returned, after `finish`: the daemon's side. Each adapter's way to tell (console
// commands and how to read their text) is its AdapterSpec.returnValue (src/adapters/returnValueText.ts).
import type { ReturnValueSpec } from "../../../adapters/returnValueText.ts";

type Console = (command: string) => Promise<string>;

/** What the adapter needs read before the step out is sent (undefined when nothing, or it failed). */
export async function beforeStepOut(spec: ReturnValueSpec | undefined, console: Console): Promise<string | undefined> {
  if (!spec || "cannot" in spec || !spec.before) return undefined;
  return console(spec.before).catch(() => undefined);
}

/** At the stop a step out led to: the value returned, or why this adapter cannot say. */
export async function returnedValue(
  spec: ReturnValueSpec | undefined,
  before: string | undefined,
  threadId: number,
  console: Console,
): Promise<{ value?: string; note?: string }> {
  if (!spec) return {};
  if ("cannot" in spec) return { note: spec.cannot };
  if (spec.before && before === undefined) return {};
  const after = await console(spec.after).catch(() => undefined);
  const value = after === undefined ? undefined : spec.parse(after, before, threadId);
  if (value === undefined) return {};
  return typeof value === "string" ? { value } : { note: value.cannot };
}
