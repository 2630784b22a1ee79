// What a value's text is made of, read from the text alone: a quoted string (how many characters
// it holds, whether the debugger showed all of it) or a bracketed list of items — a container's
// elements or a struct's fields — (how many, and how many the debugger says there are). Facts
// only: the daemon records them for a value it cuts, the text presenter decides what to show.

export interface StringShape {
  kind: "string";
  /** What comes before the opening quote: an address (`0x5555… `), a prefix (`b`, `L`, `u8`). */
  prefix: string;
  quote: string;
  /** The characters between the quotes, escapes as written. */
  body: string;
  /** Characters the body holds (an escape such as `\n` or `\x1b` is one). */
  chars: number;
  /** The closing quote ends the value: nothing of the string was left out. */
  complete: boolean;
}

export interface ListShape {
  kind: "list";
  /** Text before the bracket: `size=5 `, `[]int len: 100, cap: 100, `, `main.node `. */
  head: string;
  open: string;
  close: string;
  /** Top-level items as written, the debugger's own ellipsis (`...`, `...+36 more`) left out. */
  items: string[];
  /** Every item is there: the bracket closes the value and the debugger left none out. */
  complete: boolean;
  /** How many items there are in all, where the text says (`size=100`, `len: 100`, `+36 more`) or shows them all. */
  total?: number;
}

export type ValueShape = StringShape | ListShape;

const CLOSE: Record<string, string> = { "[": "]", "{": "}", "(": ")" };

/** Characters in a string body as written with escapes: `a\nb` is 3, `\x1b[0m` is 4. */
export function escapedLength(body: string): number {
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    n++;
    if (body[i] !== "\\" || i + 1 >= body.length) continue;
    const c = body[i + 1]!;
    const run = (re: RegExp, max: number) => {
      let j = i + 2;
      while (j < body.length && j < i + 2 + max && re.test(body[j]!)) j++;
      return j - 1;
    };
    if (c === "x") i = run(/[0-9a-fA-F]/, 2);
    else if (c === "u") i = run(/[0-9a-fA-F]/, 4);
    else if (c === "U") i = run(/[0-9a-fA-F]/, 8);
    else if (/[0-7]/.test(c)) i = run(/[0-7]/, 2);
    else i++;
  }
  return n;
}

/** The index in BODY after N characters (escapes kept whole), for cutting without splitting one. */
export function escapedPrefixEnd(body: string, n: number): number {
  let i = 0;
  for (let k = 0; k < n && i < body.length; k++) {
    if (body[i] !== "\\" || i + 1 >= body.length) {
      // A surrogate pair is one character.
      i += body.codePointAt(i)! > 0xffff ? 2 : 1;
      continue;
    }
    const c = body[i + 1]!;
    const len = c === "x" ? 4 : c === "u" ? 6 : c === "U" ? 10 : 2;
    if (/[xuU]/.test(c)) {
      let j = i + 2;
      while (j < body.length && j < i + len && /[0-9a-fA-F]/.test(body[j]!)) j++;
      i = j;
    } else if (/[0-7]/.test(c)) {
      let j = i + 2;
      while (j < body.length && j < i + 4 && /[0-7]/.test(body[j]!)) j++;
      i = j;
    } else i += 2;
  }
  return i;
}

function stringShape(value: string): StringShape | undefined {
  const m = /^((?:0x[0-9a-fA-F]+ )?(?:b|L|u8|u|U)?)(["'])/.exec(value);
  if (!m) return undefined;
  const prefix = m[1]!;
  const quote = m[2]!;
  let i = m[0].length;
  for (; i < value.length; i++) {
    if (value[i] === "\\") i++;
    else if (value[i] === quote) break;
  }
  const body = value.slice(m[0].length, Math.min(i, value.length));
  if (i >= value.length) {
    // Cut before its closing quote (by the daemon's budget, `"abc…`).
    const cutBody = body.endsWith("…") ? body.slice(0, -1) : body;
    return { kind: "string", prefix, quote, body: cutBody, chars: escapedLength(cutBody), complete: false };
  }
  const rest = value.slice(i + 1);
  if (rest === "") return { kind: "string", prefix, quote, body, chars: escapedLength(body), complete: true };
  // LLDB's `"abc"...` and Delve's `"abc"...+36 more`: the debugger itself left the rest out.
  const more = /^\.\.\.(?:\+(\d+) more)?$/.exec(rest);
  if (more) return { kind: "string", prefix, quote, body, chars: escapedLength(body), complete: false };
  return undefined;
}

/** The top-level items between OPEN at `start` and its match; `end` is the match's index, or -1 when the text ends first. */
function splitItems(value: string, start: number): { items: string[]; end: number } {
  const items: string[] = [];
  let depth = 0;
  let item = "";
  for (let i = start + 1; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' || c === "'") {
      // A quoted run is copied whole; a `'` inside a word (Rust's lifetimes) is not a quote.
      if (c === "'" && /\w/.test(value[i - 1] ?? "")) {
        item += c;
        continue;
      }
      let j = i + 1;
      for (; j < value.length; j++) {
        if (value[j] === "\\") j++;
        else if (value[j] === c) break;
      }
      item += value.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c in CLOSE) depth++;
    else if (c === "]" || c === "}" || c === ")") {
      if (depth === 0) {
        if (item.trim()) items.push(item.trim());
        return { items: goSlices(items), end: i };
      }
      depth--;
    } else if (c === "," && depth === 0) {
      items.push(item.trim());
      item = "";
      continue;
    }
    item += c;
  }
  if (item.trim()) items.push(item.trim());
  return { items: goSlices(items), end: -1 };
}

/** Delve writes a slice inside a struct as `f: []int len: 3, cap: 3, [1,2,3]`: its commas do not part fields. */
function goSlices(items: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i++) {
    if (/\blen: \d+$/.test(items[i]!) && /^cap: \d+$/.test(items[i + 1] ?? "") && i + 2 < items.length) {
      out.push(`${items[i]}, ${items[i + 1]}, ${items[i + 2]}`);
      i += 2;
    } else if (/\blen: \d+$/.test(items[i]!) && /^cap: \d+$/.test(items[i + 1] ?? "")) {
      out.push(`${items[i]}, ${items[i + 1]}`);
      i += 1;
    } else out.push(items[i]!);
  }
  return out;
}

function listShape(value: string): ListShape | undefined {
  // The top-level bracket whose match ends the value (or that the text ends inside): not one inside
  // a type's angle brackets, not Go's `[]int` or `map[string]` type, not Delve's `(loaded 64/100)`.
  let start = -1;
  let angle = 0;
  let found: { items: string[]; end: number } | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' || c === "'") return undefined;
    if (c === "<") angle++;
    else if (c === ">") angle = Math.max(0, angle - 1);
    else if (angle === 0 && c in CLOSE) {
      if (c === "[" && /^\d*\]/.test(value.slice(i + 1))) {
        i = value.indexOf("]", i);
        continue;
      }
      const split = splitItems(value, i);
      if (split.end >= 0 && split.end !== value.length - 1) {
        i = split.end;
        continue;
      }
      start = i;
      found = split;
      break;
    }
  }
  if (start < 0 || !found) return undefined;
  const head = value.slice(0, start);
  const open = value[start]!;
  const { items: raw, end } = found;
  const closed = end >= 0;
  let more = 0;
  let elided = false;
  const items: string[] = [];
  for (const it of raw) {
    // pydevd's `...`, Delve's `...+36 more`, gdb's trailing `...`.
    const m = /^(.*?)\.\.\.(?:\+(\d+) more)?$/.exec(it);
    if (m && (m[1] === "" || m[2] !== undefined || it === "...")) {
      elided = true;
      if (m[2] !== undefined) more += Number(m[2]);
      if (m[1]) items.push(m[1].replace(/,\s*$/, ""));
      continue;
    }
    items.push(it);
  }
  // A value the daemon cut (`…` at its end) lost its last item's end too.
  const cut = !closed;
  if (cut && items.length && /…$/.test(items.at(-1)!)) items.pop();
  const said = /\bsize=(\d+)|\blen: (\d+)|\bof length (\d+)|^\(loaded \d+\/(\d+)\)/.exec(head);
  let total: number | undefined = said ? Number(said[1] ?? said[2] ?? said[3] ?? said[4]) : undefined;
  if (total === undefined && closed && !elided) total = items.length;
  if (total === undefined && closed && more > 0) total = items.length + more;
  return { kind: "list", head, open, close: CLOSE[open]!, items, complete: closed && !elided, total };
}

/** The shape of a value's text, or undefined for a plain one (a number, an address, `int[100] @ 0x…`). */
export function valueShape(value: string): ValueShape | undefined {
  return stringShape(value) ?? listShape(value);
}

/** How long the whole of VALUE is, for a value about to be cut: characters of a string, items of a list, else characters of the text. */
export function wholeOf(value: string): { chars?: number; items?: number } {
  const shape = valueShape(value);
  if (shape?.kind === "string") return shape.complete ? { chars: shape.chars } : {};
  if (shape?.kind === "list") return shape.total !== undefined ? { items: shape.total } : {};
  return { chars: value.length };
}
