// Keeps what agents read within a budget, and says what was cut.
import { escapedPrefixEnd, valueShape, wholeOf } from "../../../common/valueShape.ts";
import type { VariableView } from "../../../ipc/types.ts";

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
  return notes.length
    ? { variables: kept, note: `locals: ${notes.join("; ")}; \`debugger locals\` or \`debugger print NAME\` shows more` }
    : { variables: kept };
}

/** What is behind a pointer in a row: a glimpse (the address is the answer; `print *p` shows the rest). */
const POINTEE_MAX = 60;

/**
 * A value in one of `run`'s rows, within MAX characters and cut by its meaning: a pointer keeps its
 * address and a short pointee (`0x… → {id = 1, …}`); a list or struct is cut between its elements,
 * never inside one, saying how many are left; an element too long alone keeps its start and end.
 */
export function rowValue(value: string, max: number): string {
  const pointer = /^(0x[0-9a-f]+) → (.*)$/is.exec(value);
  if (pointer) return `${pointer[1]} → ${betweenElements(pointer[2]!, Math.min(POINTEE_MAX, max))}`;
  return betweenElements(value, max);
}

function betweenElements(value: string, max: number): string {
  if (value.length <= max) return value;
  const shape = valueShape(value);
  if (shape?.kind === "list" && shape.items.length) {
    // Room for `, … 123 more` and the closing bracket.
    const room = max - 14;
    let text = `${shape.head}${shape.open}`;
    let n = 0;
    for (const item of shape.items) {
      const sep = n ? ", " : "";
      if (text.length + sep.length + item.length <= room) {
        text += sep + item;
        n++;
        continue;
      }
      if (n === 0) {
        text += bothEnds(item, Math.max(16, room - text.length));
        n = 1;
      }
      break;
    }
    const left = shape.total !== undefined ? shape.total - n : undefined;
    if (left === 0) return `${text}${shape.close}`;
    return `${text}, …${left !== undefined ? ` ${left} more` : " more"}${shape.close}`;
  }
  if (shape?.kind === "string") {
    const shown = shape.body.slice(0, escapedPrefixEnd(shape.body, Math.max(8, max - shape.prefix.length - 16)));
    return `${shape.prefix}${shape.quote}${shown}…${shape.quote} (${shape.complete ? `${shape.chars} chars` : `over ${shape.chars} chars`})`;
  }
  return truncateValue(value, max).value;
}

/** An element too long for the row: its start and its end (`datetime.datetime(2024, … 0, 0)`), each half of what fits. */
function bothEnds(item: string, max: number): string {
  if (item.length <= max) return item;
  const half = Math.floor((max - 1) / 2);
  return `${item.slice(0, half)}…${item.slice(item.length - half)}`;
}
