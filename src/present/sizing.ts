// A stop report sized to the question (issue 20): what the text of a stop leaves out because the
// agent has just read it, or did not ask for it. Pure rules over the report's facts (`seen`, set
// by the daemon) and the caller's `--locals`; the JSON reply is never cut by them.
//  - the source window: the current line only when the last report stopped in the same frame;
//  - the locals: all, none, or those that changed since the last report in this frame (the
//    default when the command printed values of its own, `--print` or `display`);
//  - long strings and containers among the locals (over 128 characters): cut short, saying how
//    long the whole is.
import { escapedPrefixEnd, valueShape } from "../common/valueShape.ts";
import type { SourceLine, StopReport, VariableView } from "../ipc/types.ts";

export type LocalsMode = "none" | "changed" | "all";

/** Characters of a string local shown before the cut. */
export const STRING_CHARS = 40;
/** Characters of any other local's value (a container, a struct, a long number) shown before the cut. */
export const VALUE_CHARS = 72;

/** The source lines to show: the window, or only the current line when this frame's window was just shown. */
export function sourceShown(r: StopReport): SourceLine[] {
  if (!r.seen?.sameFrame) return r.source;
  const current = r.source.filter((l) => l.current);
  return current.length ? current : r.source;
}

/** The mode in force: the caller's, else `changed` when the stop shows values asked for, else `all`. */
export function localsMode(r: StopReport, asked: LocalsMode | undefined): LocalsMode {
  if (asked) return asked;
  return r.displays?.some((d) => d.error === undefined) ? "changed" : "all";
}

/** The locals to show under MODE and a note on those left out (undefined when none were, or when the caller asked for none). */
export function localsShown(r: StopReport, locals: VariableView[], mode: LocalsMode): { locals: VariableView[]; note?: string } {
  if (mode === "none") return { locals: [] };
  if (mode === "all" || !r.seen) return { locals };
  const same = new Set(r.seen.unchanged);
  const changed = locals.filter((v) => !same.has(v.name));
  const left = locals.length - changed.length;
  return left ? { locals: changed, note: `${left} unchanged: \`debugger locals\`` } : { locals };
}

/**
 * A value up to this long reads whole: cutting it would save a few bytes and hide what an agent
 * may need (three file names in an array). Longer ones are cut to STRING_CHARS / VALUE_CHARS.
 */
export const CUT_FROM = 128;

/** A local's value as a stop report shows it: a long string or container cut short, saying how long the whole is. */
export function shortValue(v: Pick<VariableView, "value" | "whole">): string {
  const cutBefore = v.value.endsWith("…") && v.whole !== undefined;
  if (!cutBefore && v.value.length <= CUT_FROM) return v.value;
  const cut = cutValue(v);
  return cut.length < v.value.length ? cut : v.value;
}

function cutValue(v: Pick<VariableView, "value" | "whole">): string {
  const value = v.value;
  const cutBefore = value.endsWith("…") && v.whole !== undefined;
  if (value.length <= VALUE_CHARS && !cutBefore) return value;
  const shape = valueShape(value);
  if (shape?.kind === "string") {
    if (shape.complete && shape.chars <= STRING_CHARS && !cutBefore) return value;
    const shown = shape.body.slice(0, escapedPrefixEnd(shape.body, STRING_CHARS));
    const chars = shape.complete ? shape.chars : v.whole?.chars;
    const size = chars !== undefined ? `${chars} chars` : `over ${shape.chars} chars`;
    return `${shape.prefix}${shape.quote}${shown}…${shape.quote} (${size})`;
  }
  if (shape?.kind === "list" && shape.items.length) {
    const total = shape.total ?? v.whole?.items;
    let text = `${shape.head}${shape.open}`;
    let n = 0;
    for (const item of shape.items) {
      const sep = n ? ", " : "";
      if (text.length + sep.length + item.length <= VALUE_CHARS) {
        text += sep + item;
        n++;
        continue;
      }
      // Even the first item is too long: its start, visibly cut.
      if (n === 0) {
        // A field whose value is a long string: that string cut as any is (`name = "abc…" (300 chars)`).
        const field = /^([^"'=:]*?(?:= |: ))?(.*)$/s.exec(item)!;
        const inner = valueShape(field[2]!)?.kind === "string" ? cutValue({ value: field[2]! }) : undefined;
        text += inner && inner !== field[2] ? `${field[1] ?? ""}${inner}` : `${item.slice(0, Math.max(8, VALUE_CHARS - text.length))}…`;
        n = 1;
      }
      break;
    }
    if (n === shape.items.length && shape.complete && !text.endsWith("…"))
      return value.length <= VALUE_CHARS * 2 ? value : `${value.slice(0, VALUE_CHARS)}… (${value.length} chars)`;
    const left = total !== undefined ? total - n : undefined;
    if (left === 0) return `${text}${shape.close}`;
    return `${text}, …${left !== undefined ? ` ${left} more` : " more"}${shape.close}`;
  }
  const chars = cutBefore ? v.whole?.chars : value.length;
  return `${value.slice(0, VALUE_CHARS)}… (${chars !== undefined ? `${chars} chars` : "cut"})`;
}
