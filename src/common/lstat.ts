// lstat for the CLI's path to the socket, without loading node:fs. Loading node:fs is Bun's
// largest module on that path (~2.6 M instructions of a ~16 M `threads`, docs/decisions.md "Build");
// an fstatat(AT_SYMLINK_NOFOLLOW) through FFI (libc.ts, bound with the socket's calls) costs
// ~1.2 M (compiling the trampolines).
// The answer is the same as lstat's: the struct stat is the kernel's. Only where its layout is
// known and checked here (glibc on linux-x64); anywhere else, and whenever the call fails (ENOENT,
// EACCES…: errno is not readable through FFI), node:fs answers, errors included.
import type { Stats } from "node:fs";
import { type Libc, libc } from "./libc.ts";

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

function ffiFstatat(): Libc["fstatat"] | null {
  if (process.arch !== "x64" || process.env.DEBUGGER_NO_FFI_LSTAT) return null;
  return libc()?.fstatat ?? null;
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
