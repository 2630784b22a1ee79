// Judges a value a debugger showed against the text the program printed for it. Both are reduced
// to their data atoms (strings, numbers, booleans, null, and the names that pick a variant), so
// spelling differs freely (`{x = 1}`, `Point{X:1}`, `main.Point {X: 1}`) while data may not.
// Pure: unit-tested in test/unit/fidelityVerdict.test.ts.

export type Verdict = "exact" | "elided" | "raw" | "WRONG" | "hang";

/** What the test knows of one value beyond its text. */
export interface ValueSpec {
  name: string;
  /** Names that carry data here (an enum's variant, an enumerator, a function's name). */
  tags?: string[];
  /** A hash container: its order is not the program's to keep. */
  unordered?: boolean;
  /** The debugger may follow pointers the language's formatter does not (Go's wrapped error): more is fine, in order. */
  deeper?: boolean;
  /**
   * What the value means, shown instead of its fields (Go's sync types read by meaning): the only
   * such text that is exact for the program's value. Anything else is judged by its atoms.
   */
  meaning?: RegExp;
}

const NULLS = new Set(["None", "nil", "nullptr", "NULL", "nullopt"]);

/** Counts and flags a runtime keeps beside the data (reference counts, capacities, lock state). */
const BOOKKEEPING =
  /\b(?:strong|weak|borrow|poison|poisoned|failed|use_count|weak_count|refcount|len|cap|capacity|size|length|count)\s*[=:]\s*(?:-?\d+|true|false|True|False|None)\b|\((?:use count \d+, weak count \d+|strong=\d+, weak=\d+)\)|\bof length \d+|,? capacity \d+|\bwith \d+ elements?\b|\[index \d+\]|(?<=\bchan [\w.*[\]]+ )\d+\/\d+|\bHas Value=true\b|\bActive Type\s*=\s*[\w:<>, ]+?(?=\s*(?:→|:|$))/g;

function unescape(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === "u" && e[1] === "{") return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === "u" || e[0] === "U") return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v" } as Record<string, string>)[e] ?? e;
  });
}

function numberAtom(text: string): string {
  if (/^-?\d+$/.test(text)) return `n:${BigInt(text)}`;
  return `n:${Number(text)}`;
}

/** The data atoms of a value's text, in order. */
export function atoms(text: string, tags: string[] = []): string[] {
  const tagSet = new Set(tags);
  const cleaned = durationsDropped(positionsDropped(text))
    .replace(/\bHas Value=false\b|\[?no contained value\]?/g, " nullopt ")
    .replace(BOOKKEEPING, " ")
    // Go's slice and array types (`[]int`, `[3]int`) and characters' code points (`U+03BB`).
    .replace(/\[\d*\](?=[\w*[])/g, " ")
    .replace(/\bU\+(?:0x)?[0-9a-fA-F]+/g, " ");
  const out: string[] = [];
  const token =
    /b?"((?:[^"\\]|\\.)*)"|(?<![\w])[bBuUL]?'((?:[^'\\]|\\.)*)'|(-?0x[0-9a-fA-F]+)|(?<![\w.])(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w])|([A-Za-z_]\w*)/g;
  for (const m of cleaned.matchAll(token)) {
    // A char[N] shown with the NULs after its text (gdb: `"tagged\000\000…"`) holds the same C string.
    if (m[1] !== undefined) out.push(`s:${unescape(m[1]).replace(/\0+$/, "")}`);
    else if (m[2] !== undefined) out.push(`s:${unescape(m[2])}`);
    else if (m[3] !== undefined) {
      const hex = m[3].replace(/^-?0x/, "");
      // Eight hex digits and more are addresses: they differ between runs and say nothing of the data.
      if (hex.length >= 8) continue;
      out.push(/^0+$/.test(hex) ? "null" : `n:${BigInt(m[3])}`);
    } else if (m[4] !== undefined) out.push(numberAtom(m[4]));
    else if (m[5] !== undefined) {
      const w = m[5];
      if (NULLS.has(w)) out.push("null");
      else if (/^(true|false)$/i.test(w)) out.push(`b:${w.toLowerCase()}`);
      else if (tagSet.has(w)) out.push(`t:${w}`);
    }
  }
  return out;
}

/** gdb numbers a set's or tuple's elements (`{[0] = 1, [1] = 2}`): positions, not keys, when they count up from 0 or 1. */
function positionsDropped(text: string): string {
  const found = [...text.matchAll(/\[(\d+)\] = /g)].map((m) => Number(m[1]));
  // From 1 only in a tuple (gdb's `std::tuple containing = {[1] = 5, …}`); elsewhere `[1] = "x"` is a map's key.
  if (!found.length || !(found[0] === 0 || (found[0] === 1 && /tuple/.test(text))) || found.some((n, i) => n !== found[0]! + i)) return text;
  return text.replace(/\[\d+\] = /g, "");
}

/** Go's spelling of a time.Duration after its nanoseconds (`1500000000 (1.5s)`): dropped when it says the same amount, else kept (and judged). */
function durationsDropped(text: string): string {
  const unit: Record<string, number> = { h: 3.6e12, m: 6e10, s: 1e9, ms: 1e6, µs: 1e3, us: 1e3, ns: 1 };
  return text.replace(/(-?\d+) \((-?)((?:\d+(?:\.\d+)?(?:h|ms|µs|us|ns|m|s))+)\)/g, (whole, n: string, sign: string, parts: string) => {
    let ns = 0;
    for (const m of parts.matchAll(/(\d+(?:\.\d+)?)(h|ms|µs|us|ns|m|s)/g)) ns += Number(m[1]) * unit[m[2]!]!;
    // Relative: past 2^53 ns (104 days) a double no longer holds every nanosecond.
    return Math.abs((sign ? -ns : ns) - Number(n)) <= Math.max(0.5, Math.abs(Number(n)) * 1e-12) ? n : whole;
  });
}

const ELIDED = /…|\.\.\.|^size=\d+$|\bHas Value=true\s*$|\bActive Type\s*=[^→:]*$/;
/** A view of the runtime's own structure instead of the value: LLDB's `T @ 0x…`, libstdc++ and Rust internals, our own note. */
const RAW = /@ 0x[0-9a-f]+|\b_M_\w+|\b__\w+|\b(?:buf|ptr|inner|pointer|data_ptr|RawVec|NonNull|Unique|get\(\))\b|\braw\b|0x[0-9a-f]{8,}/i;

function sameMultiset(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join("\u0001") === [...b].sort().join("\u0001");
}

function isSubsequence(small: string[], big: string[]): boolean {
  let i = 0;
  for (const x of big) if (i < small.length && x === small[i]) i++;
  return i === small.length;
}

function isSubMultiset(small: string[], big: string[]): boolean {
  const left = [...big];
  for (const x of small) {
    const i = left.indexOf(x);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** One reading judged: the program printed `expected`, the debugger showed `shown`. */
export function judge(spec: ValueSpec, expected: string, shown: string): { verdict: Verdict; why?: string } {
  const want = atoms(expected, spec.tags);
  const got = atoms(shown, spec.tags);
  const equal = spec.unordered ? sameMultiset(want, got) : want.join("\u0001") === got.join("\u0001");
  if (equal || spec.meaning?.test(shown.trim())) return { verdict: "exact" };
  if (spec.deeper && isSubsequence(want, got)) return { verdict: "exact" };
  // Visibly partial: what is shown is part of the value, in place (`{'list': [{...}]}`, `[1, 2, …]`).
  const partOf = spec.unordered ? isSubMultiset(got, want) : isSubsequence(got, want);
  if (ELIDED.test(shown.trim()) && partOf) return { verdict: "elided" };
  // Raw may show counts and addresses the program does not print, but never a string or a variant it does not hold.
  const invented = got.filter((a) => (a.startsWith("s:") || a.startsWith("t:")) && !want.includes(a));
  if (RAW.test(shown) && invented.length === 0) return { verdict: "raw" };
  if (got.length === 0 && ELIDED.test(shown)) return { verdict: "elided" };
  return { verdict: "WRONG", why: `expected [${want.join(", ")}], shown [${got.join(", ")}]` };
}

const ORDER: Verdict[] = ["exact", "elided", "raw", "WRONG", "hang"];
/** The worse of two verdicts (hang worst). */
export function worst(a: Verdict, b: Verdict): Verdict {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}
export const VERDICTS = ORDER;
