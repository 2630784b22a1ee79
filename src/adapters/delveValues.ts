// Delve's spellings of Go values, cut down to what an agent reads (AdapterSpec.compactValue of
// Delve). Pure functions, unit-tested from a table of Delve's text.
import type { VariableView } from "../ipc/types.ts";
import { quoteBytes } from "./cValues.ts";
import { closing, goTypedRead, NO_NAMED_TYPES } from "./delveParts.ts";
import { numberTruth, type ValueReader, type ValueWrappers } from "./types.ts";

/** A condition's value as Go reads it, as Delve prints it: `false`, `nil`; a number by its value. */
export function goTruth(value: string): boolean | undefined {
  const r = value.trim();
  if (r === "false" || r === "nil") return false;
  if (r === "true") return true;
  return numberTruth(r);
}

/**
 * A line of Delve's own log (`2026-11-28T05:13:34Z error layer=debugger could not resolve …`): dlv
 * writes it to the stderr the program shares, but it is the debugger's word, not the program's.
 */
export const DELVE_LOG_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d) (?:panic|fatal|error|warning|info|debug) layer=\w+ /;

/**
 * Delve's log lines that say nothing an agent can act on, kept out of stop reports (`output
 * --console` keeps them): Delve cannot name the type of a generic function's local whose type is a
 * GC shape (`go.shape.string_0`), and says so at each variables request, up to 8 times a stop.
 */
export const DELVE_REPORT_NOISE = /^\S+ error layer=debugger could not resolve parametric type of /;

/** Delve's output sorted (AdapterSpec.outputCategory): its log lines are console text, wherever they arrive. */
export function delveOutputCategory(category: string, text: string): "stdout" | "stderr" | "console" {
  if (DELVE_LOG_LINE.test(text)) return "console";
  return category === "stdout" ? "stdout" : category === "stderr" ? "stderr" : "console";
}

/**
 * A generic function's value whose type is a GC shape (`[]*pkg.item[go.shape.string_0,go.shape.struct
 * { Token string; … }_1]`): Delve starts its text with that type, 100+ characters that left no room
 * for the value in a row; the type is said beside it. `[]*pkg.item[go.shape.…] len: 0, cap: 0, nil` →
 * `len: 0, cap: 0, nil`.
 */
export function goShapeTypeOnce(value: string, type: string | undefined): string {
  if (!type?.includes("go.shape.")) return value;
  const v = value.trimStart();
  return v.startsWith(`${type} `) ? v.slice(type.length + 1) : value;
}

/** Every Delve rule that applies to a value of this type (AdapterSpec.compactValue). */
export function goCompactValue(value: string, type: string | undefined): string {
  return goTypedRead(goTimeOnce(goBytes(goShapeTypeOnce(value, type), type)), type, NO_NAMED_TYPES).value;
}

/**
 * A `time.Time` as the instant Delve already spells: `time.Time(2024-03-10T01:30:00-06:00){wall: 0,
 * ext: 63845652600, loc: *time.Location {name: "America/Chicago", …}}` → `time.Time(2024-03-10T01:30:00-06:00)`,
 * wherever it stands (a field, an element). The braces are the struct's clock words and its zone
 * table (300+ characters a value, most of a row); the instant with its offset says what they hold.
 * The monotonic reading Delve adds (`, +268071`) stays.
 */
export function goTimeOnce(value: string): string {
  const head = "time.Time(";
  if (!value.includes(head)) return value;
  let out = "";
  let i = 0;
  for (let at = value.indexOf(head); at >= 0; at = value.indexOf(head, i)) {
    const close = value.indexOf(")", at + head.length);
    if (close < 0 || value[close + 1] !== "{") break;
    const end = closing(value, close + 1, "{");
    if (end < 0) break;
    out += value.slice(i, close + 1);
    i = end + 1;
  }
  return out + value.slice(i);
}

/** Go's `[]uint8 len: 5, cap: 5, [104,101,108,108,111]` also as the quoted string it holds. */
export function goBytes(value: string, type: string | undefined): string {
  if (type !== "[]uint8" && type !== "[]byte") return value;
  const m = /\[([\d,\s]*)\]$/.exec(value);
  if (!m || /\.\.\./.test(value)) return value;
  const bytes = m[1]!
    .split(",")
    .filter((x) => x.trim() !== "")
    .map(Number);
  return `${value} ${quoteBytes(bytes)}`;
}

const byName = (kids: VariableView[], name: string) => kids.find((k) => k.name === name);

/** Delve's wrappers (AdapterSpec.wrappers): a buffered channel shown as `chan int 2/4` gets the items waiting in it. */
export const delveWrappers: ValueWrappers = {
  inside: (v, r) => (/^chan /.test(v.type ?? "") && /^chan .* \d+\/\d+$/.test(v.value.trim()) ? goChannel(v, r) : Promise.resolve(undefined)),
};

/** The items waiting in a channel: buf[(recvx + i) % dataqsiz] for i below qcount. */
async function goChannel(v: VariableView, r: ValueReader): Promise<VariableView | undefined> {
  const kids = await r.children(v.reference);
  const num = (name: string) => {
    const k = byName(kids, name);
    // Delve: `2 = 0x2`.
    const m = k ? /^(\d+)(?: = 0x[0-9a-f]+)?$/i.exec(k.value.trim()) : null;
    return m ? Number(m[1]) : undefined;
  };
  const count = num("qcount");
  const size = num("dataqsiz");
  const recvx = num("recvx") ?? 0;
  const buf = byName(kids, "buf");
  if (count === undefined || size === undefined || !buf || buf.reference <= 0) return undefined;
  if (count === 0) return { ...v, value: `${v.value} []` };
  // buf is a pointer to an array: its one child is the array, whose children are the slots.
  let slots = await r.children(buf.reference);
  if (slots.length === 1 && slots[0]!.reference > 0) slots = await r.children(slots[0]!.reference);
  if (slots.length < size) return undefined;
  const items: string[] = [];
  for (let i = 0; i < Math.min(count, 20); i++) items.push((await r.inline(slots[(recvx + i) % size]!)).value);
  return { ...v, value: `${v.value} [${items.join(", ")}${count > 20 ? `, … ${count - 20} more` : ""}]` };
}

/**
 * What a Go pointer points at, from Delve's text for it: `*"E100"` → `"E100"`, `*main.node {id: 1}`
 * (type `*main.node`) → `{id: 1}`. Undefined for a value that is not a pointer (by its type `*T`), a nil one
 * (`nil`, `*main.node nil`), one whose text already carries its address (`(*main.node)(0xc000…)`)
 * or one Delve could not read.
 */
export function goPointee(value: string, type: string | undefined): string | undefined {
  if (!type?.startsWith("*")) return undefined;
  const v = value.trim();
  if (!v.startsWith("*") || /(?:^|\s)nil$/.test(v) || /^\*\(unreadable\b/.test(v)) return undefined;
  const pointee = v.slice(1);
  // The pointee's type is the pointer's own less its `*`: said once, by the type (`0x… → {id: 1}`, as C's read).
  const named = type.slice(1);
  return !named.startsWith("*") && pointee.startsWith(`${named} {`) ? pointee.slice(named.length + 1) : pointee;
}

/** Delve's pointers (AdapterSpec.pointerAddress): its text has no address; `uintptr(p)` answers `824634212416 = 0xc000078040`. */
export const delvePointers = {
  pointee: goPointee,
  expression: (of: string) => `uintptr(${of})`,
  address: (result: string) => /^\d+ = (0x[0-9a-f]+)$/i.exec(result.trim())?.[1],
};
