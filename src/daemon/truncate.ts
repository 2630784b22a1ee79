// Keeps what agents read within a budget, and says what was cut.
import { wholeOf } from "../common/valueShape.ts";
import type { VariableView } from "../ipc/types.ts";

export interface DisplayLimits {
  maxValueLength: number;
  maxLocals: number;
}

export function truncateValue(value: string, max: number): { value: string; cut: boolean } {
  if (value.length <= max) return { value, cut: false };
  return { value: `${value.slice(0, max)}…`, cut: true };
}

export function truncateVariables(vars: VariableView[], limits: DisplayLimits): { variables: VariableView[]; note?: string } {
  let cutValues = 0;
  const kept = vars.slice(0, limits.maxLocals).map((v) => {
    const t = truncateValue(v.value, limits.maxValueLength);
    if (t.cut) cutValues++;
    // How long the whole was, so that a shorter cut in the text can still say so.
    return t.cut ? { ...v, value: t.value, whole: wholeOf(v.value) } : v;
  });
  const notes: string[] = [];
  if (vars.length > kept.length) notes.push(`${vars.length - kept.length} more locals not shown`);
  if (cutValues) notes.push(`${cutValues} value${cutValues > 1 ? "s" : ""} cut at ${limits.maxValueLength} characters`);
  return notes.length ? { variables: kept, note: `locals: ${notes.join("; ")}; \`debugger locals\` or \`debugger print NAME\` shows more` } : { variables: kept };
}
