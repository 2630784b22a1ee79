// `memory read --format`: the same bytes as a hex dump (with their characters), decimal bytes,
// 32-bit words (the machine's byte order: little-endian on x86-64 and arm64) or characters.
// Pure: unit-tested in test/unit/memoryFormat.test.ts.

export type MemoryFormat = "hex" | "bytes" | "words" | "chars";
export const MEMORY_FORMATS: readonly MemoryFormat[] = ["hex", "bytes", "words", "chars"];

const at = (start: bigint, offset: number) => `0x${(start + BigInt(offset)).toString(16)}:`;

/** One line per 16 bytes (words: 4 words), each headed by its address. */
export function memoryLines(start: bigint, bytes: Uint8Array, format: MemoryFormat = "hex"): string[] {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    if (format === "hex") {
      const hex = [...row].map((b) => b.toString(16).padStart(2, "0")).join(" ");
      const text = [...row].map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : ".")).join("");
      lines.push(`${at(start, i)} ${hex.padEnd(47)}  ${text}`);
    } else if (format === "bytes") {
      lines.push(`${at(start, i)} ${[...row].map((b) => String(b).padStart(3)).join(" ")}`);
    } else if (format === "words") {
      const words: string[] = [];
      for (let j = 0; j + 4 <= row.length; j += 4) {
        const word = (row[j]! | (row[j + 1]! << 8) | (row[j + 2]! << 16) | (row[j + 3]! << 24)) >>> 0;
        words.push(`0x${word.toString(16).padStart(8, "0")}`);
      }
      const rest = row.length % 4;
      if (rest)
        words.push(
          `(${rest} byte${rest === 1 ? "" : "s"} left: ${[...row.subarray(row.length - rest)].map((b) => b.toString(16).padStart(2, "0")).join(" ")})`,
        );
      lines.push(`${at(start, i)} ${words.join(" ")}`);
    } else {
      lines.push(`${at(start, i)} "${[...row].map(charOfByte).join("")}"`);
    }
  }
  return lines;
}

function charOfByte(b: number): string {
  const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\" };
  return named[b] ?? (b >= 32 && b < 127 ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, "0")}`);
}

/**
 * LLDB's `memory read --size 1 --format x` output (`0x7ffe…: 0x03 0x00 …` lines) → its first
 * address and the bytes; undefined when LLDB read nothing (`error: memory read failed for 0x0`).
 */
export function parseLldbMemory(output: string): { address: string; bytes: Uint8Array } | undefined {
  let address: string | undefined;
  const bytes: number[] = [];
  for (const m of output.matchAll(/^(0x[0-9a-f]+): ((?:0x[0-9a-f]{2}\b\s*)+)/gim)) {
    address ??= m[1]!;
    for (const b of m[2]!.trim().split(/\s+/)) bytes.push(parseInt(b, 16));
  }
  return address ? { address, bytes: Uint8Array.from(bytes) } : undefined;
}
