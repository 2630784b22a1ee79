// A Go value's parts read by their own types where Delve's text for the whole does not say them.
// Delve prints a time.Duration as its nanoseconds, and only the value's own type says it is one: a
// struct's Duration field, a slice's elements, a map's values and a pointer's pointee read as bare
// numbers. The text is walked by the value's type, in Delve's grammar for it (service/api
// SinglelineString: `T {F: v, …}`, `[]T len: n, cap: m, [v,…]`, `map[K]V [k: v, …]`, `*v`,
// `I(T) v`), and each part whose type is time.Duration gets Go's spelling beside it, as the whole
// does (`5000000000 (5s)`). A named type's fields are not in the text (`main.config {Timeout: 5000000000}`):
// they are learned from a value's children (their names and types), and kept by the caller for the
// session (AdapterSpec.typedParts of Delve).
import type { VariableView } from "../ipc/types.ts";
import type { ValueReader } from "./types.ts";

/** Go's Duration.String: `1h2m3.5s`, `1.5ms`, `0s`. */
export function durationText(ns: bigint): string {
  if (ns === 0n) return "0s";
  const sign = ns < 0n ? "-" : "";
  const u = ns < 0n ? -ns : ns;
  const frac = (n: bigint, digits: number) => {
    const whole = n / 10n ** BigInt(digits);
    const rest = (n % 10n ** BigInt(digits)).toString().padStart(digits, "0").replace(/0+$/, "");
    return rest ? `${whole}.${rest}` : `${whole}`;
  };
  if (u < 1_000n) return `${sign}${u}ns`;
  if (u < 1_000_000n) return `${sign}${frac(u, 3)}µs`;
  if (u < 1_000_000_000n) return `${sign}${frac(u, 6)}ms`;
  const h = u / 3_600_000_000_000n;
  const m = (u / 60_000_000_000n) % 60n;
  const s = frac(u % 60_000_000_000n, 9);
  return `${sign}${h > 0n ? `${h}h` : ""}${h > 0n || m > 0n ? `${m}m` : ""}${s}s`;
}

/**
 * What a session knows of the program's named types: a name and its underlying type as Go writes a
 * type literal (`main.config` → `struct { Name string; Timeout time.Duration }`), or "" where it
 * cannot be told (its parts are then left as Delve wrote them).
 */
export type GoTypes = Map<string, string>;
export const NO_NAMED_TYPES: ReadonlyMap<string, string> = new Map();

/** How a part is reached from the whole, in Delve's children: a field, an element, a map entry's key or value, what a pointer or an interface holds. */
export type PartStep = { field: string } | { index: number } | { key: number } | { entry: number } | { inside: true };

/** A named type the text needs and the session does not know, and where a value of it stands. */
export interface MissingType {
  type: string;
  path: PartStep[];
}

const BASIC = new Set(
  "bool string int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 complex64 complex128 byte rune unsafe.Pointer".split(" "),
);

type Kind = "duration" | "opaque" | "list" | "map" | "pointer" | "struct" | "interface" | "named";

function kindOf(t: string): Kind {
  if (t === "time.Duration") return "duration";
  // time.Time is its instant (goTimeOnce); channels, functions and numbers say nothing more by their parts.
  if (t === "time.Time" || BASIC.has(t) || /^(?:<-)?chan\b|^func\(/.test(t)) return "opaque";
  if (t.startsWith("[")) return "list";
  if (t.startsWith("map[")) return "map";
  if (t.startsWith("*")) return "pointer";
  if (t.startsWith("struct {")) return "struct";
  if (t.startsWith("interface {") || t === "error" || t === "any") return "interface";
  return "named";
}

const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/**
 * The index of the bracket closing the one at `open`, counting the brackets `opens` names (default
 * all of `([{`) and skipping quoted strings; -1 when the text is cut before it.
 */
export function closing(text: string, open: number, opens = "([{"): number {
  const closes = [...opens].map((o) => CLOSER[o]).join("");
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    const c = text[k]!;
    if (c === '"') {
      for (k++; k < text.length && text[k] !== '"'; k++) if (text[k] === "\\") k++;
    } else if (opens.includes(c)) depth++;
    else if (closes.includes(c) && --depth === 0) return k;
  }
  return -1;
}

/** TEXT split at SEP where no bracket is open. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0 && text.startsWith(sep, k)) {
      out.push(text.slice(from, k));
      from = k + sep.length;
      k += sep.length - 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** A list type's element: `[]T`, `[4]T` → T. */
const elementOf = (t: string) => t.slice(t.indexOf("]") + 1);

/** A map type's key and value types. */
function mapTypes(t: string): [string, string] | undefined {
  const close = closing(t, 3);
  return close < 0 ? undefined : [t.slice(4, close), t.slice(close + 1)];
}

/** A struct literal type's fields by name (an embedded field is named by its type's own name). */
function fieldsOf(t: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = t.slice("struct {".length, t.lastIndexOf("}")).trim();
  if (!body) return out;
  for (const part of splitTop(body, "; ")) {
    const p = part.trim();
    const space = splitTop(p, " ");
    if (space.length >= 2) out.set(space[0]!, space.slice(1).join(" "));
    else out.set(p.replace(/^\*/, "").replace(/\[.*$/, "").split(".").pop()!, p);
  }
  return out;
}

/**
 * Delve's type for a map's entry child is `K: V` (the entry is one child when the key or the value is
 * a scalar): the value's type, or the key's.
 */
export function entryType(type: string, side: "key" | "value" = "value"): string {
  const parts = splitTop(type, ": ");
  if (parts.length !== 2) return type;
  return side === "key" ? parts[0]! : parts[1]!;
}

class PartsReader {
  i = 0;
  readonly edits: { at: number; text: string }[] = [];
  readonly missing: MissingType[] = [];

  constructor(
    private readonly s: string,
    private readonly known: ReadonlyMap<string, string>,
  ) {}

  private at(str: string): boolean {
    return this.s.startsWith(str, this.i);
  }

  private eat(str: string): boolean {
    if (!this.at(str)) return false;
    this.i += str.length;
    return true;
  }

  /** On to the end of the value that starts here: the next `,`, `}` or `]` outside brackets and quotes (and a map key's `: `). */
  private skip(key = false): void {
    let depth = 0;
    for (; this.i < this.s.length; this.i++) {
      const c = this.s[this.i];
      if (c === '"') {
        for (this.i++; this.i < this.s.length && this.s[this.i] !== '"'; this.i++) if (this.s[this.i] === "\\") this.i++;
      } else if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && (c === "," || (key && c === ":" && this.s[this.i + 1] === " "))) return;
    }
  }

  /** A composite with parts here (an empty one, `nil` or `(*T)(0x…)` has none to read). */
  private holdsParts(): boolean {
    const rest = this.s.slice(this.i, this.i + 40);
    return /^(?:len: \d+, cap: \d+, )?(?:\{(?!\})|\[(?!\]))/.test(rest);
  }

  /** The value that starts here, of TYPE (undefined: not known, its parts are left as they are). */
  value(type: string | undefined, path: PartStep[], key = false): void {
    if (!type) return this.skip(key);
    const kind = kindOf(type);
    if (kind === "duration") {
      const from = this.i;
      this.skip(key);
      const token = this.s.slice(from, this.i);
      // Delve names a constant's value itself (`Minute (60000000000)`): only a bare number is read.
      if (/^-?\d+$/.test(token)) this.edits.push({ at: this.i, text: ` (${durationText(BigInt(token))})` });
      return;
    }
    if (kind === "opaque") return this.skip(key);
    // An interface says what it holds: `error(*errors.errorString) *{s: "x"}`, `interface {}(time.Duration) 5`.
    if (this.at(`${type}(`)) {
      const open = this.i + type.length;
      const close = closing(this.s, open);
      if (close < 0 || this.s[close + 1] !== " ") return this.skip(key);
      const held = this.s.slice(open + 1, close);
      this.i = close + 2;
      return this.value(held, [...path, { inside: true }], key);
    }
    if (kind === "pointer") {
      // `*v`, or `0x… → v` once the daemon has read the pointer's address (AdapterSpec.pointerAddress).
      const addressed = /^0x[0-9a-f]+ → /.exec(this.s.slice(this.i, this.i + 40));
      if (addressed) this.i += addressed[0].length;
      else if (!this.eat("*")) return this.skip(key);
      return this.value(type.slice(1), [...path, { inside: true }], key);
    }
    if (kind === "interface") return this.skip(key);
    const under = kind === "named" ? this.known.get(type) : type;
    // A field's value starts with its type; an element's, a map's and a pointee's do not.
    this.eat(`${type} `);
    if (under === undefined) {
      if (this.holdsParts()) this.missing.push({ type, path });
      return this.skip(key);
    }
    const underKind = under ? kindOf(under) : "opaque";
    if (underKind === "list") return this.list(elementOf(under), path);
    if (underKind === "map") {
      const kv = mapTypes(under);
      return kv ? this.map(kv[0], kv[1], path) : this.skip(key);
    }
    if (underKind === "struct") return this.struct(fieldsOf(under), path);
    return this.skip(key);
  }

  private list(element: string, path: PartStep[]): void {
    const len = /^len: \d+, cap: \d+, /.exec(this.s.slice(this.i, this.i + 60));
    if (len) this.i += len[0].length;
    if (!this.eat("[")) return this.skip();
    for (let n = 0; ; n++) {
      if (this.eat("]")) return;
      // Delve's cut: `,...+3 more]`, or `...` when nothing was loaded.
      if (this.at("...")) {
        this.skip();
        this.eat("]");
        return;
      }
      this.value(element, [...path, { index: n }]);
      if (!this.eat(",") && !this.at("]")) return;
    }
  }

  private map(key: string, value: string, path: PartStep[]): void {
    if (!this.eat("[")) return this.skip();
    for (let n = 0; ; n++) {
      if (this.eat("]")) return;
      // Every entry is followed by `, `; Delve's cut adds `,...+3 more`.
      if (this.eat(",") || this.at("...")) {
        this.skip();
        this.eat("]");
        return;
      }
      this.value(key, [...path, { key: n }], true);
      if (!this.eat(": ")) return;
      this.value(value, [...path, { entry: n }]);
      if (!this.eat(", ") && !this.at("]") && !this.at(",")) return;
    }
  }

  private struct(fields: Map<string, string>, path: PartStep[]): void {
    if (!this.eat("{")) return this.skip();
    for (;;) {
      if (this.eat("}")) return;
      if (this.at("...")) {
        this.skip();
        this.eat("}");
        return;
      }
      const name = /^([\p{L}_][\p{L}\p{N}_]*): /u.exec(this.s.slice(this.i, this.i + 200));
      if (!name) return;
      this.i += name[0].length;
      this.value(fields.get(name[1]!), [...path, { field: name[1]! }]);
      if (this.eat(", ") || this.eat(",")) continue;
      if (!this.at("}")) return;
    }
  }
}

/**
 * VALUE (Delve's text for a value of TYPE) with each part of type time.Duration followed by Go's
 * spelling of it, where the part's type is told by TYPE and KNOWN; `missing`: the named types whose
 * parts could not be read for want of knowing them. A part already spelled is left as it is.
 */
export function goTypedRead(value: string, type: string | undefined, known: ReadonlyMap<string, string>): { value: string; missing: MissingType[] } {
  if (!type || !/\d/.test(value)) return { value, missing: [] };
  const text = value.trim();
  const r = new PartsReader(text, known);
  r.value(entryType(type), []);
  if (!r.edits.length) return { value, missing: r.missing };
  let out = "";
  let from = 0;
  for (const e of r.edits) {
    out += text.slice(from, e.at) + e.text;
    from = e.at;
  }
  return { value: out + text.slice(from), missing: r.missing };
}

/** Children of a value that are Delve's own counts, not parts (a map's `len()`). */
const isCount = (k: VariableView) => k.name.endsWith("()");

/** The child a step goes to. */
function stepChild(kids: VariableView[], step: PartStep): VariableView | undefined {
  if ("field" in step) return kids.find((k) => k.name === step.field);
  if ("index" in step) return kids.find((k) => k.name === `[${step.index}]`);
  if ("inside" in step) return kids.find((k) => !isCount(k));
  const n = "key" in step ? step.key : step.entry;
  // An entry whose key and value are both composite is two children, `[key n]` and `[val n]`; else one, named by its key.
  const pair = kids.find((k) => k.name === `[${"key" in step ? "key" : "val"} ${n}]`);
  return pair ?? kids.filter((k) => !isCount(k))[n];
}

/** A named type's underlying type, as a literal, from the children of a value of it; "" when they do not tell. */
function underlyingFrom(kids: VariableView[]): string {
  const parts = kids.filter((k) => !isCount(k));
  if (!parts.length || parts.some((k) => !k.type)) return "";
  const key = parts.find((k) => k.name.startsWith("[key "));
  const val = parts.find((k) => k.name.startsWith("[val "));
  if (key && val) return `map[${key.type}]${val.type}`;
  const entry = parts.find((k) => splitTop(k.type!, ": ").length === 2);
  if (entry) return `map[${entryType(entry.type!, "key")}]${entryType(entry.type!)}`;
  if (parts.every((k) => /^\[\d+\]$/.test(k.name))) return `[]${parts[0]!.type}`;
  const fields = parts.filter((k) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(k.name));
  return fields.length ? `struct { ${fields.map((k) => `${k.name} ${k.type}`).join("; ")} }` : "";
}

/**
 * Learns into KNOWN the named types V's text needs (goTypedRead's `missing`), each from the children
 * of a value of it found below V, reading at most BUDGET children lists. A type whose value cannot
 * be found, or whose children do not tell, is known as "" (not asked again this session).
 */
export async function goLearnTypes(v: VariableView, r: Pick<ValueReader, "children">, known: GoTypes, budget = 8): Promise<void> {
  if (v.reference <= 0 || !v.type) return;
  const read = new Map<number, Promise<VariableView[]>>();
  const children = (reference: number) => {
    let got = read.get(reference);
    if (!got) {
      budget--;
      got = r.children(reference).catch(() => []);
      read.set(reference, got);
    }
    return got;
  };
  // Each round may find types inside the ones just learned (a field of a named type holding another).
  for (let round = 0; round < 4; round++) {
    const todo = new Map<string, PartStep[]>();
    for (const m of goTypedRead(v.value, v.type, known).missing) if (!known.has(m.type) && !todo.has(m.type)) todo.set(m.type, m.path);
    if (!todo.size) return;
    for (const [type, path] of todo) {
      if (budget <= 0) return;
      let at: VariableView | undefined = v;
      for (const step of path) {
        if (!at || at.reference <= 0 || budget <= 0) break;
        at = stepChild(await children(at.reference), step);
      }
      const found =
        at && at.reference > 0 && (at === v ? entryType(v.type) : entryType(at.type ?? "", "key" in (path.at(-1) ?? {}) ? "key" : "value")) === type;
      known.set(type, found ? underlyingFrom(await children(at!.reference)) : "");
    }
  }
}
