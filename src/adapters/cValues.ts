// C and C++ values as both native debuggers (LLDB, gdb) print them: pure helpers the adapters'
// value facets share (lldbValues.ts, gdbValues.ts), unit-tested from tables.

/** A C `char[N]` buffer is a string up to its first NUL; the debugger prints all N bytes of it (LLDB `\0`, gdb `\000`). */
export function cString(value: string, type: string | undefined): string {
  if (!type || !/\bchar\s*\[\d+\]$/.test(type) || /unsigned|signed char|uint8/.test(type) || !value.startsWith('"')) return value;
  const nul = value.indexOf("\\0");
  return nul < 0 ? value : `${value.slice(0, nul)}"`;
}

/** Bytes as a C string literal: printable ASCII as is, the rest escaped. */
export function quoteBytes(bytes: number[]): string {
  const one = (b: number) =>
    b >= 32 && b < 127 && b !== 34 && b !== 92
      ? String.fromCharCode(b)
      : b === 10
        ? "\\n"
        : b === 9
          ? "\\t"
          : b === 34
            ? '\\"'
            : b === 92
              ? "\\\\"
              : `\\x${b.toString(16).padStart(2, "0")}`;
  return `"${bytes.map(one).join("")}"`;
}

/**
 * A libstdc++ string_view shown as its fields (`{_M_len = 6, _M_str = 0x… "a view and more"}`):
 * the _M_len bytes it views, quoted. Left raw when the text read is shorter than _M_len.
 */
export function stringView(value: string, type: string | undefined): string {
  if (!type || !/^std::(?:basic_)?string_view\b/.test(type.trim())) return value;
  const m = /^\{_M_len = (\d+), _M_str = 0x[0-9a-f]+ "((?:[^"\\]|\\.)*)"\}$/i.exec(value.trim());
  if (!m) return value;
  let left = Number(m[1]);
  let out = "";
  for (const piece of m[2]!.matchAll(/\\x[0-9a-f]{1,2}|\\[0-7]{1,3}|\\.|[^\\]/giu)) {
    if (left <= 0) break;
    const text = piece[0];
    const bytes = text.startsWith("\\") ? 1 : Buffer.byteLength(text);
    left -= bytes;
    out += text;
  }
  return left > 0 ? value : `"${out}"`;
}
