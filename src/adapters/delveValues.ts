// Delve's spellings of Go values, cut down to what an agent reads (AdapterSpec.compactValue of
// Delve). Pure functions, unit-tested from a table of Delve's text.
import { quoteBytes } from "./cValues.ts";

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
