// C, C++ and Rust values as the native debuggers spell them (LLDB: lldb-dap, CodeLLDB, the lldb
// console; gdb through cdt-gdb-adapter): byte and char elements, types as the compiler spells them,
// a container shown as its size. The daemon reads them only through AdapterSpec.nativeValues
// (nativeShapes below), so no other adapter's text meets these rules. Unit-tested from tables.
import { type NativeValues, numberTruth } from "./types.ts";

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

/**
 * A `char[N]` gdb shows as `[N]` (cdt-gdb-adapter), or in a scope's variables as its address, read
 * from its elements: the string up to its NUL. An array is never a pointer, so a bare address says
 * nothing of it.
 */
export function isCharArrayShownAsSize(value: string, type: string | undefined): boolean {
  return !!type && /^(\[\d+\]|0x[0-9a-f]+)$/i.test(value.trim()) && /(^|[^\w])char\s*\[\d+\]$/.test(type.trim()) && !/unsigned|signed char/.test(type);
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

/**
 * What a value shown as a bare address is, by its type: a C++ reference, a pointer whose target
 * the fields say more of (a Rust Box or `*mut T` is a pointer too: gdb shows it as its address), or
 * neither (a `char *` is a string).
 */
export function addressKind(type: string | undefined): "reference" | "pointer" | undefined {
  const t = type ?? "";
  if (/&\s*$/.test(t)) return "reference";
  return (/\*\s*$/.test(t) && !/char\s*\*\s*$/.test(t)) || /^(?:alloc::boxed::)?Box<|^\*(?:mut|const) /.test(t) ? "pointer" : undefined;
}

/** LLDB shows a `char *` it cannot read as `0x10 ""`, like an empty string: its first element tells which. */
export function maybeUnreadableCharPointer(value: string, type: string | undefined): boolean {
  return /^0x[0-9a-f]+ ""$/i.test(value) && /char\s*\*\s*$/.test(type ?? "");
}

/** The first element of such a pointer, read: a NUL (LLDB `'\0'`, gdb `0 '\000'`, or `0`) means the string is truly empty. */
export function isNulChar(value: string): boolean {
  return /^'\\0'$|^0$|^0 '\\0+'$/.test(value);
}

/**
 * A condition's value as C, C++ and Rust read it: false, a null pointer (`0x0000000000000000`,
 * `NULL`, `nullptr`), a NUL char (LLDB `'\\0'`), Rust's `None` as rustc's providers show it; a
 * number (C suffixes `10u`, `1.5f`) by its value. LLDB may lead with the type: `(bool) true`.
 */
export function nativeTruth(value: string): boolean | undefined {
  const r = value.trim().replace(/^\([^()]*\)\s*/, "");
  if (/^(?:false|None|NULL|nullptr|'\\0'|0x0+)$/.test(r)) return false;
  if (r === "true") return true;
  return numberTruth(r.replace(/[uUlLfF]+$/, ""));
}

/** The native debuggers' spellings, as the daemon asks for them (AdapterSpec.nativeValues). */
export const nativeShapes: NativeValues = {
  shortType,
  isByteArray,
  byteValue,
  isCharArrayShownAsSize,
  containerSize,
  addressKind,
  maybeUnreadableCharPointer,
  isNulChar,
};
