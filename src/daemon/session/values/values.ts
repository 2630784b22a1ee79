// Values that are compact and true: the rules every adapter's text shares (types as written, byte
// arrays, the formats `print` offers). Pure functions, unit-tested from tables. What one debugger
// alone prints is read by that adapter's value facet (AdapterSpec.compactValue: src/adapters/*Values.ts).
import type { ValueFacet } from "../../../adapters/types.ts";
import type { VariableView } from "../../../ipc/types.ts";

/** Byte arrays (`unsigned char[N]`, `uint8_t[N]`, `[u8; N]`) read as bytes, not as a string of escapes. */
export function isByteArray(type: string | undefined): boolean {
  return !!type && /^(unsigned char|uint8_t|u8|std::uint8_t)\s*\[\d+\]$|^\[u8; \d+\]$/.test(type.trim());
}

/** One element of a byte array as LLDB shows it (`'\xfa'`, `'a'`, `'\0'`, `250`) or gdb does (`97 'a'`, `-6 '\372'`) → 0xfa. */
export function byteOf(value: string): string | undefined {
  const n = byteValue(value);
  return n === undefined ? undefined : `0x${n.toString(16).padStart(2, "0")}`;
}

/** The number behind one `char` element, as byteOf reads it (a negative `char` is its unsigned byte). */
export function byteValue(value: string): number | undefined {
  const v = value.trim();
  const gdb = /^(-?\d+) '.*'$/.exec(v);
  if (gdb) {
    const n = Number(gdb[1]);
    return n >= -128 && n <= 255 ? (n + 256) % 256 : undefined;
  }
  if (/^\d+$/.test(v)) return Number(v) <= 255 ? Number(v) : undefined;
  const m = /^'(.*)'$/.exec(v);
  if (!m) return undefined;
  const c = m[1]!;
  const escapes: Record<string, number> = {
    "\\0": 0,
    "\\a": 7,
    "\\b": 8,
    "\\t": 9,
    "\\n": 10,
    "\\v": 11,
    "\\f": 12,
    "\\r": 13,
    "\\\\": 92,
    "\\'": 39,
    '\\"': 34,
  };
  let n: number | undefined;
  if (c in escapes) n = escapes[c];
  else if (/^\\x[0-9a-f]{1,2}$/i.test(c)) n = parseInt(c.slice(2), 16);
  else if (/^\\U[0-9a-f]{8}$/i.test(c) || /^\\u[0-9a-f]{4}$/i.test(c)) n = parseInt(c.slice(2), 16);
  else if (c.length === 1) n = c.charCodeAt(0);
  return n === undefined || n > 255 ? undefined : n;
}

/** A `char[N]` gdb shows as `[N]` (cdt-gdb-adapter), read from its elements: the string up to its NUL. */
export function isCharArrayShownAsSize(value: string, type: string | undefined): boolean {
  return !!type && /^\[\d+\]$/.test(value.trim()) && /(^|[^\w])char\s*\[\d+\]$/.test(type.trim()) && !/unsigned|signed char/.test(type);
}

/**
 * Types as written in code. Rust: `alloc::vec::Vec<i32, alloc::alloc::Global>` → `Vec<i32>` (only
 * standard-library paths before a type name are dropped). C++: see shortCxxType.
 */
export function shortType(type: string | undefined): string | undefined {
  if (!type) return type;
  const rust = type
    .replace(/, alloc::alloc::Global/g, "")
    .replace(/, std::hash::random::RandomState/g, "")
    .replace(/\b(?:alloc|core|std)::(?:[a-z_][a-z0-9_]*::)+(?=[A-Z])/g, "");
  return rust.includes("std::") ? shortCxxType(rust) : rust;
}

interface TypeNode {
  name: string;
  args?: TypeNode[];
  suffix: string;
}

/** Template arguments C++ fills in by default: a type says as much without them. */
const DEFAULT_ARG = /^std::(?:allocator|less|hash|equal_to|default_delete|char_traits)<.*>$/;

/**
 * C++ standard types as written in code, not as the compiler spells them: gdb's
 * `std::vector<int, std::allocator<int> >` → `std::vector<int>`, `std::__cxx11::basic_string<char,
 * std::char_traits<char>, std::allocator<char> >` → `std::string`; trailing default template
 * arguments go (allocators, comparators, hashers, deleters). Anything it cannot parse stays as it is.
 */
export function shortCxxType(type: string): string {
  const parse = (i: number): [TypeNode, number] => {
    let name = "";
    while (i < type.length && !"<>,".includes(type[i]!)) name += type[i++];
    if (type[i] !== "<") return [{ name: name.trim(), suffix: "" }, i];
    const args: TypeNode[] = [];
    i++;
    for (;;) {
      const [arg, j] = parse(i);
      args.push(arg);
      i = j;
      if (type[i] === ",") i++;
      else if (type[i] === ">") {
        i++;
        break;
      } else throw new Error("unbalanced");
    }
    let suffix = "";
    while (i < type.length && !"<>,".includes(type[i]!)) suffix += type[i++];
    if (type[i] === "<") throw new Error("nested name");
    return [{ name: name.trim(), args, suffix: suffix.trimEnd() }, i];
  };
  const render = (n: TypeNode): string => {
    const name = n.name.replace(/\bstd::(?:__cxx11|__1|__debug)::/g, "std::");
    if (!n.args) return name;
    const args = n.args.map(render);
    if (/^(?:const )?std::basic_string$/.test(name) && (args[0] === "char" || args[0] === "wchar_t"))
      return `${name.replace("basic_string", args[0] === "char" ? "string" : "wstring")}${n.suffix}`;
    if (/(?:^|\s)std::/.test(name)) while (args.length > 1 && DEFAULT_ARG.test(args.at(-1)!)) args.pop();
    return `${name}<${args.join(", ")}>${n.suffix}`;
  };
  try {
    const [node, end] = parse(0);
    return end === type.length ? render(node) : type;
  } catch {
    return type;
  }
}

/** A container summarised as its size only (LLDB's `size=3`): worth showing its elements inline. */
export function containerSize(value: string): number | undefined {
  const m = /^size=(\d+)$/.exec(value.trim());
  return m ? Number(m[1]) : undefined;
}

/** A value that already reads as a string (`"abc"`, `0x… "abc"`): its characters need no listing. */
export function isStringLike(value: string): boolean {
  return /^"|^0x[0-9a-f]+ "|^b?'.*'$/i.test(value.trim()) || /^L?"/.test(value.trim());
}

/** A value as the agent sees it: the adapter's own rules for its text (AdapterSpec.compactValue), if any. */
export function compactValue(adapter: Pick<ValueFacet, "compactValue">, value: string, type: string | undefined): string {
  return adapter.compactValue ? adapter.compactValue(value, type) : value;
}

export type Format = "hex" | "bin" | "oct" | "dec" | "char" | "address";

/** A value line that says nothing of the value: LLDB's `Item @ 0x…`, gdb's `{...}` and `[16]`, a size alone, nothing. */
const OPAQUE_VALUE = / @ 0x[0-9a-f]+$|^\{\.\.\.\}$|^\[\d+\]$|^size=\d+$|^$/i;

/** How debuggers spell a null pointer's value. */
export const NULL_POINTER = /^(?:0x0+|nil|nullptr|NULL)$/;

/** The one line of an evaluation error that says what is wrong: the adapter's (AdapterSpec.evaluateError), else its first line without `error:`. */
export function evaluateError(adapter: Pick<ValueFacet, "evaluateError">, message: string): string {
  const told = adapter.evaluateError?.(message);
  if (told !== undefined) return told;
  const first = message.split("\n").find((l) => l.trim()) ?? message;
  return first.replace(/^\s*error:\s*/i, "").trim();
}

/**
 * An integer in another base (negatives as 64-bit two's complement, as gdb does), as a character
 * (`char`: 65 → 'A' 65), or a pointer as its bare address (`address`: `0x5555… "hi"` → `0x5555…`).
 * Values that are not integers (or pointers, for `address`) are left as they are.
 */
export function formatValue(value: string, format: Format | undefined): string {
  if (!format) return value;
  const v = value.trim();
  if (format === "address") {
    const a = /^(0x[0-9a-f]+)\b/i.exec(v);
    if (a) return a[1]!.toLowerCase();
    return /^\d+$/.test(v) ? `0x${BigInt(v).toString(16)}` : value;
  }
  const m = /^(-?\d+)$/.exec(v);
  if (!m) return value;
  let n = BigInt(m[1]!);
  if (format === "dec") return n.toString();
  if (format === "char") return charOf(n) ?? value;
  if (n < 0n) n = (1n << 64n) + n;
  if (format === "hex") return `0x${n.toString(16)}`;
  if (format === "oct") return `0${n.toString(8)}`;
  return `0b${n.toString(2)}`;
}

/** 65 → `'A' 65`, 10 → `'\n' 10`, a byte past ASCII → `'\xe9' 233` (signed -3: `'\xfd' -3`), from 256 on the character itself (`'λ' 955`). */
function charOf(n: bigint): string | undefined {
  if (n < -128n || n > 0x10ffffn) return undefined;
  const code = Number(n < 0n ? n + 256n : n);
  const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 39: "\\'", 92: "\\\\" };
  const shown = named[code] ?? (code < 32 || (code >= 127 && code < 256) ? `\\x${code.toString(16).padStart(2, "0")}` : String.fromCodePoint(code));
  return `'${shown}' ${n}`;
}

export function formatTree(vars: VariableView[], format: Format | undefined): VariableView[] {
  // A pointer's members are not addresses: `--format address` is for the value itself.
  if (format === "address") return vars;
  return vars.map((x) => ({ ...x, value: formatValue(x.value, format), ...(x.children ? { children: formatTree(x.children, format) } : {}) }));
}

/** A value line that says nothing of the value itself (a placeholder, a size alone, nothing). */
export function isOpaqueValue(value: string): boolean {
  return OPAQUE_VALUE.test(value.trim());
}
