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
/** A sequence up to this many elements is shown whole in a row where it fits, each element cut to its start and end if need be. */
const FEW = 8;
/** No element is cut shorter than this: below it neither its start nor its end says anything. */
const ELEMENT_MIN = 24;

/**
 * A value in one of `run`'s rows, within MAX characters and cut by its meaning: a pointer keeps its
 * address and a short pointee (`0x… → {id = 1, …}`); a list or struct is cut between its elements,
 * never inside one, saying how many are left; a few elements (up to FEW) are all shown where each
 * can keep its start and end within the budget; a type's package path does not eat the budget
 * (`example.com/app/internal/pq.Interface(*main.queue)` → `pq.Interface(*main.queue)`).
 */
export function rowValue(value: string, max: number): string {
  const pointer = /^(0x[0-9a-f]+) → (.*)$/is.exec(value);
  if (pointer) return `${pointer[1]} → ${betweenElements(pointer[2]!, Math.min(POINTEE_MAX, max))}`;
  return betweenElements(value, max);
}

/** A type's import path in a value's head says nothing a row needs: `example.com/app/internal/pq.Heap` → `pq.Heap`. */
function shortHead(head: string): string {
  return head.replace(/(?<![\w.])(?:[\w.-]+\/)+(?=[\w-]+\.)/g, "");
}

function betweenElements(value: string, max: number): string {
  if (value.length <= max) return value;
  const shape = valueShape(value);
  if (shape?.kind === "list" && shape.items.length) {
    const head = shortHead(shape.head);
    const n = shape.items.length;
    const all = shape.complete || shape.total === n;
    if (all) {
      const whole = `${head}${shape.open}${shape.items.join(", ")}${shape.close}`;
      if (whole.length <= max) return whole;
    }
    const open = `${head}${shape.open}`;
    // Room for `, … 123 more` and the closing bracket.
    const room = max - 14;
    // Whole elements first, as many as fit.
    const whole: string[] = [];
    let used = open.length;
    for (const item of shape.items) {
      const sep = whole.length ? 2 : 0;
      if (used + sep + item.length > room) break;
      whole.push(item);
      used += sep + item.length;
    }
    // A few elements: all of them where each can keep its start and end; a long sequence is cut
    // between elements (cutting each of twenty would show twenty halves).
    let shown = whole;
    const w = n <= FEW && all && whole.length < n ? widthFor(shape.items, max - open.length - shape.close.length - 2 * (n - 1)) : undefined;
    if (w !== undefined) shown = shape.items.map((item) => bothEnds(item, w));
    if (!shown.length) shown = [bothEnds(shape.items[0]!, Math.max(ELEMENT_MIN, room - open.length))];
    const text = `${open}${shown.join(", ")}`;
    const left = shape.total !== undefined ? shape.total - shown.length : undefined;
    if (left === 0 || (all && shown.length === n)) return `${text}${shape.close}`;
    return `${text}, …${left !== undefined ? ` ${left} more` : " more"}${shape.close}`;
  }
  if (shape?.kind === "string") {
    const shown = shape.body.slice(0, escapedPrefixEnd(shape.body, Math.max(8, max - shape.prefix.length - 16)));
    return `${shape.prefix}${shape.quote}${shown}…${shape.quote} (${shape.complete ? `${shape.chars} chars` : `over ${shape.chars} chars`})`;
  }
  return truncateValue(value, max).value;
}

/** The widest cut W (at least ELEMENT_MIN) at which ITEMS, each cut to W, fit in ROOM characters; undefined when none does. */
function widthFor(items: string[], room: number): number | undefined {
  const cost = (w: number) => items.reduce((sum, item) => sum + Math.min(item.length, w), 0);
  if (cost(ELEMENT_MIN) > room) return undefined;
  let lo = ELEMENT_MIN;
  let hi = Math.max(...items.map((i) => i.length));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * An element too long for the row: its start and its end. A struct or call keeps whole fields from
 * both ends and drops those in the middle (`{id = 105, trader = "gina", …, seq = 5}`): a cut inside a
 * field (`side = Se…d = 0`) says nothing of either. Otherwise each half of what fits.
 */
function bothEnds(item: string, max: number): string {
  if (item.length <= max) return item;
  const inner = valueShape(item);
  if (inner?.kind === "list" && inner.complete && inner.items.length > 2) {
    const open = `${shortHead(inner.head)}${inner.open}`;
    const front: string[] = [];
    const back: string[] = [];
    // `, …` between the two ends, `, ` before each further field.
    let used = open.length + inner.close.length + 3;
    // Fields from the two ends in turn; where one end's next field does not fit, the other's may.
    const fits = (field: string) => used + field.length + 2 <= max;
    for (let i = 0, j = inner.items.length - 1; i <= j; ) {
      const front1st = front.length <= back.length;
      const [a, b] = front1st ? [inner.items[i]!, inner.items[j]!] : [inner.items[j]!, inner.items[i]!];
      const takeFront = fits(a) ? front1st : fits(b) ? !front1st : undefined;
      if (takeFront === undefined) break;
      const field = takeFront ? inner.items[i++]! : inner.items[j--]!;
      used += field.length + 2;
      if (takeFront) front.push(field);
      else back.unshift(field);
    }
    // Only when both ends keep a whole field: one field alone says less than the two halves below.
    if (front.length && back.length && front.length + back.length < inner.items.length) return `${open}${[...front, "…", ...back].join(", ")}${inner.close}`;
  }
  const half = Math.floor((max - 1) / 2);
  return `${item.slice(0, half)}…${item.slice(item.length - (max - 1 - half))}`;
}
