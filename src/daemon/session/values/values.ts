// Values that are compact and true: the rules every adapter's text shares (a string's quotes, the
// formats `print` offers). Pure functions, unit-tested from tables. What one debugger alone prints
// is read by that adapter's value facets (AdapterSpec.compactValue: src/adapters/*Values.ts; C, C++
// and Rust types, bytes and sizes: AdapterSpec.nativeValues, src/adapters/nativeValues.ts).
import type { ValueFacet } from "../../../adapters/types.ts";
import type { VariableView } from "../../../ipc/types.ts";

/** A value that already reads as a string (`"abc"`, `0x… "abc"`): its characters need no listing. */
export function isStringLike(value: string): boolean {
  return /^"|^0x[0-9a-f]+ "|^b?'.*'$/i.test(value.trim()) || /^L?"/.test(value.trim());
}

/** A type as written in code: the adapter's own rules for its spelling (AdapterSpec.nativeValues), else as given. */
export function typeAsWritten(adapter: Pick<ValueFacet, "nativeValues">, type: string | undefined): string | undefined {
  return type && adapter.nativeValues ? adapter.nativeValues.shortType(type) : type;
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
