// gdb's spellings of values (native DAP and cdt-gdb-adapter), cut down to what an agent reads
// (AdapterSpec.compactValue of gdb). Pure functions, unit-tested from a table of gdb's text.
import { cString, stringView } from "./cValues.ts";

/** A Rust char past ASCII as gdb prints it, its code and an escape (`955 '\u{0003bb}'`) → `'λ' U+03BB`. */
export function gdbRustChar(value: string, type: string | undefined): string {
  const m = type?.trim() === "char" ? /^(\d+) '\\u\{([0-9a-f]+)\}'$/i.exec(value.trim()) : null;
  if (!m || Number(m[1]) !== parseInt(m[2]!, 16) || Number(m[1]) > 0x10ffff) return value;
  const code = Number(m[1]);
  return `'${String.fromCodePoint(code)}' U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Every gdb rule that applies to a value of this type, in order. */
export function gdbCompactValue(value: string, type: string | undefined): string {
  return cString(gdbRustChar(stringView(value, type), type), type);
}
