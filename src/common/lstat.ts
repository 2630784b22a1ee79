// lstat for the CLI's path to the socket, without loading node:fs. Loading node:fs is Bun's
// largest module on that path (~2.6 M instructions of a ~16 M `threads`, docs/decisions.md "Build");
// an fstatat(AT_SYMLINK_NOFOLLOW) through bun:ffi costs ~1.2 M (loading bun:ffi and compiling one
// trampoline). Bun's native FFI object (`Bun.FFI`, what the bun:ffi module wraps) is used where it
// is there: the module's own JavaScript was ~0.5 ms of the ~0.8 ms this took in a compiled client.
// The answer is the same as lstat's: the struct stat is the kernel's. Only where its layout is
// known and checked here (glibc on linux-x64); anywhere else, and whenever the call fails (ENOENT,
// EACCES…: errno is not readable through FFI), node:fs answers, errors included.
import type { Stats } from "node:fs";

/** What the ownership checks read of an lstat: the file type and permission bits, and the owner. */
export interface LinkStat {
  mode: number;
  uid: number;
}

export const S_IFMT = 0o170000;
export const S_IFDIR = 0o040000;
export const S_IFLNK = 0o120000;
export const S_IFSOCK = 0o140000;

// linux-x64 struct stat: st_dev 0, st_ino 8, st_nlink 16 (8 bytes), st_mode 24, st_uid 28; 144 bytes.
const X64_LINUX = { size: 144, mode: 24, uid: 28, atFdcwd: -100, atSymlinkNofollow: 0x100 };

type Fstatat = (dirfd: number, path: Uint8Array, buf: Uint8Array, flags: number) => number;
/** Bun's native FFI object: its dlopen takes FFIType numbers where bun:ffi's takes names too. */
type NativeFfi = { dlopen: (path: string, symbols: Record<string, { args: number[]; returns: number }>) => { symbols: Record<string, unknown> } };
let fstatat: Fstatat | null | undefined;

function ffiFstatat(): Fstatat | null {
  if (fstatat !== undefined) return fstatat;
  fstatat = null;
  if (process.platform !== "linux" || process.arch !== "x64" || process.env.DEBUGGER_NO_FFI_LSTAT) return null;
  try {
    // glibc's soname; musl has none by this name, and glibc < 2.33 no fstatat symbol: both throw.
    const native = nativeFfi();
    if (native) {
      // FFIType's numbers (bun-types ffi.d.ts): i32 = 5, ptr = 12; the native call takes a typed array as a pointer.
      fstatat = native.dlopen("libc.so.6", { fstatat: { args: [5, 12, 12, 5], returns: 5 } }).symbols.fstatat as Fstatat;
      return fstatat;
    }
    // Loaded only here: a Windows or macOS build never asks for it.
    const { dlopen } = require("bun:ffi") as typeof import("bun:ffi");
    const lib = dlopen("libc.so.6", { fstatat: { args: ["i32", "ptr", "ptr", "i32"], returns: "i32" } });
    fstatat = lib.symbols.fstatat as unknown as Fstatat;
  } catch {}
  return fstatat;
}

function nodeLstat(path: string): Stats | undefined {
  try {
    return (require("node:fs") as typeof import("node:fs")).lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** lstat(path): undefined when it does not exist; throws node:fs's error for any other failure. */
export function lstatOrUndefined(path: string): LinkStat | undefined {
  const call = path.includes("\0") ? null : ffiFstatat();
  if (call) {
    const buf = new Uint8Array(X64_LINUX.size);
    if (call(X64_LINUX.atFdcwd, Buffer.from(`${path}\0`), buf, X64_LINUX.atSymlinkNofollow) === 0) {
      const view = new DataView(buf.buffer);
      return { mode: view.getUint32(X64_LINUX.mode, true), uid: view.getUint32(X64_LINUX.uid, true) };
    }
  }
  return nodeLstat(path);
}

/** Whether lstat went through FFI in this process (for the tests). */
export function ffiLstatUsed(): boolean {
  return !!ffiFstatat();
}

/** Whether that FFI is Bun's native object, without the bun:ffi module (for the tests). */
export function nativeFfiUsed(): boolean {
  return !!ffiFstatat() && !!nativeFfi();
}

/** Bun's native FFI object, where it has the dlopen this file calls. */
function nativeFfi(): NativeFfi | undefined {
  const ffi = (Bun as unknown as { FFI?: Partial<NativeFfi> }).FFI;
  return typeof ffi?.dlopen === "function" ? (ffi as NativeFfi) : undefined;
}
