// LLDB's spellings of values, cut down to what an agent reads (AdapterSpec.compactValue of lldb-dap,
// CodeLLDB and the lldb console adapter). Pure functions, unit-tested from a table of LLDB's text.
import { cString, stringView } from "./cValues.ts";

/** Addresses without their leading zeros, as gdb prints them: `0x00005555555592a0` → `0x5555555592a0`, `0x0000000000000000` → `0x0`. */
export function shortAddresses(value: string): string {
  return value.replace(/\b0x0{4,}([0-9a-f]+)\b/gi, (_, rest: string) => `0x${rest}`).replace(/\b0x0{5,}\b/gi, "0x0");
}

/**
 * A wide character as LLDB's value and summary (`U+0xe9 U'é'`; lldb-dap says the code twice) →
 * `'é' U+00E9`. Rust's `char` reaches LLDB as `char32_t`.
 */
export function wideChar(value: string, type: string | undefined): string {
  if (!type || !/^(char32_t|char16_t|wchar_t)$/.test(type.trim())) return value;
  const m = /^U\+0x([0-9a-f]+)(?: U\+0x[0-9a-f]+)* [uUL]'(.*)'$/i.exec(value.trim());
  return m
    ? `'${m[2]}' U+${m[1]!
        .replace(/^0+(?=.{4})/, "")
        .toUpperCase()
        .padStart(4, "0")}`
    : value;
}

/** Every LLDB rule that applies to a value of this type, in order. */
export function lldbCompactValue(value: string, type: string | undefined): string {
  // A struct a formatter made from bytes (a Rust tuple's or map entry's field) has no address:
  // lldb-dap 19 shows its type name alone, which says nothing; `{...}` has its fields read.
  if (type && value.trim() === type.trim() && /[A-Za-z_]/.test(type) && !/\*$/.test(type.trim())) return "{...}";
  return shortAddresses(cString(wideChar(stringView(value, type), type), type));
}

/** LLDB's evaluation error cut to its message: "error: <user expression 3>:1:1: " and the caret diagram below cost bytes and say nothing more. */
export function lldbEvaluateError(message: string): string {
  const first = message.split("\n").find((l) => l.trim()) ?? message;
  return first
    .replace(/^\s*error:\s*/i, "")
    .replace(/^<user expression \d+>:\d+:\d+:\s*/, "")
    .replace(/^error:\s*/i, "")
    .trim();
}
