// Reads what an executable's own header says it is (format, CPU, libc), so a build can prove it
// produced a binary for the platform it was asked for. ELF, Mach-O and PE are parsed from their
// published layouts; only the few fields that tell platforms apart are read.
import type { Target } from "./targets.ts";

export interface BinaryInfo {
  format: "elf" | "macho" | "pe" | "unknown";
  cpu?: "x64" | "arm64" | string;
  /** ELF only: from the program interpreter (ld-musl-… or ld-linux-…). */
  libc?: "glibc" | "musl" | "static";
  /** Mach-O only: has an LC_CODE_SIGNATURE (macOS on Apple silicon runs no unsigned code). */
  signed?: boolean;
}

const ELF_MACHINES: Record<number, string> = { 0x3e: "x64", 0xb7: "arm64" };
const MACHO_CPUS: Record<number, string> = { 0x01000007: "x64", 0x0100000c: "arm64" };
const PE_MACHINES: Record<number, string> = { 0x8664: "x64", 0xaa64: "arm64" };

/** `head` is the start of the file; 64 KiB covers every header read here. */
export function readBinaryInfo(head: Uint8Array): BinaryInfo {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length >= 64 && view.getUint32(0) === 0x7f454c46) return readElf(head, view);
  if (head.length >= 8 && view.getUint32(0, true) === 0xfeedfacf) {
    const cpu = view.getUint32(4, true);
    return { format: "macho", cpu: MACHO_CPUS[cpu] ?? `0x${cpu.toString(16)}`, signed: hasMachoSignature(view) };
  }
  if (head.length >= 0x40 && head[0] === 0x4d && head[1] === 0x5a) {
    const pe = view.getUint32(0x3c, true);
    if (pe + 6 <= head.length && view.getUint32(pe) === 0x50450000) {
      const machine = view.getUint16(pe + 4, true);
      return { format: "pe", cpu: PE_MACHINES[machine] ?? `0x${machine.toString(16)}` };
    }
  }
  return { format: "unknown" };
}

function hasMachoSignature(view: DataView): boolean {
  const ncmds = view.getUint32(16, true);
  let at = 32; // after the 64-bit header
  for (let i = 0; i < ncmds && at + 8 <= view.byteLength; i++) {
    if (view.getUint32(at, true) === 0x1d) return true; // LC_CODE_SIGNATURE
    at += view.getUint32(at + 4, true);
  }
  return false;
}

function readElf(head: Uint8Array, view: DataView): BinaryInfo {
  if (head[4] !== 2 || head[5] !== 1) return { format: "elf", cpu: "not 64-bit little-endian" };
  const machine = view.getUint16(18, true);
  const info: BinaryInfo = { format: "elf", cpu: ELF_MACHINES[machine] ?? `0x${machine.toString(16)}`, libc: "static" };
  // Program headers: PT_INTERP (3) names the dynamic loader, which says glibc or musl.
  const phoff = Number(view.getBigUint64(32, true));
  const phentsize = view.getUint16(54, true);
  const phnum = view.getUint16(56, true);
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (at + 56 > head.length || view.getUint32(at, true) !== 3) continue;
    const offset = Number(view.getBigUint64(at + 8, true));
    const size = Number(view.getBigUint64(at + 32, true));
    if (offset + size > head.length) break;
    const interp = new TextDecoder().decode(head.subarray(offset, offset + size)).replace(/\0.*$/s, "");
    info.libc = interp.includes("musl") ? "musl" : "glibc";
  }
  return info;
}

/** What is wrong with an artifact for `t`, or undefined when its header matches. */
export function mismatch(info: BinaryInfo, t: Target): string | undefined {
  if (info.format !== t.format) return `is ${info.format}, expected ${t.format}`;
  if (info.cpu !== t.cpu) return `is for ${info.cpu}, expected ${t.cpu}`;
  if (t.libc && info.libc !== t.libc) return `links ${info.libc}, expected ${t.libc}`;
  if (t.format === "macho" && !info.signed) return "has no code signature";
  return undefined;
}
