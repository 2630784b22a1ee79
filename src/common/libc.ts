// The few libc calls the CLI's path to the daemon makes through FFI, bound once per process: an
// lstat for the ownership checks (lstat.ts) and a Unix socket read and written without an event
// loop (../cli/syncSocket.ts). One dlopen compiles one trampoline per symbol; a second dlopen for
// the socket would compile its own. Loading node:fs and Bun's socket machinery were the largest
// parts of a short command's own time (docs/decisions.md, "Build"). Linux with glibc only
// (musl has no libc.so.6 and the dlopen throws: the callers then take node:fs and Bun.connect).

/** The calls, with the numbers of Bun's FFIType: i32 5, u32 6, u64 8, ptr 12, i64_fast 15. */
export interface Libc {
  fstatat(dirfd: number, path: Uint8Array, buf: Uint8Array, flags: number): number;
  socket(domain: number, type: number, protocol: number): number;
  connect(fd: number, addr: Uint8Array, len: number): number;
  send(fd: number, buf: Uint8Array, len: number, flags: number): number;
  recv(fd: number, buf: Uint8Array, len: number, flags: number): number;
  poll(fds: Uint8Array, nfds: number, timeoutMs: number): number;
  close(fd: number): number;
}

const SYMBOLS = {
  fstatat: { args: [5, 12, 12, 5], returns: 5 },
  socket: { args: [5, 5, 5], returns: 5 },
  connect: { args: [5, 12, 6], returns: 5 },
  send: { args: [5, 12, 8, 5], returns: 15 },
  recv: { args: [5, 12, 8, 5], returns: 15 },
  poll: { args: [12, 8, 5], returns: 5 },
  close: { args: [5], returns: 5 },
};

/** Bun's native FFI object: its dlopen takes FFIType numbers where bun:ffi's takes names too. */
type NativeFfi = { dlopen: (path: string, symbols: typeof SYMBOLS) => { symbols: Record<string, unknown> } };

let bound: Libc | null | undefined;

/** libc's calls, or null where they are not bound (not Linux, no glibc, or a Bun without FFI). */
export function libc(): Libc | null {
  if (bound !== undefined) return bound;
  bound = null;
  if (process.platform !== "linux") return null;
  try {
    const native = nativeFfi();
    if (native) bound = native.dlopen("libc.so.6", SYMBOLS).symbols as unknown as Libc;
    else {
      // Loaded only here: a Bun without the native object (see nativeFfiUsed) still binds.
      const { dlopen } = require("bun:ffi") as typeof import("bun:ffi");
      bound = dlopen("libc.so.6", SYMBOLS as never).symbols as unknown as Libc;
    }
  } catch {}
  return bound;
}

/** Whether that binding is Bun's native object, without the bun:ffi module (for the tests). */
export function nativeFfiUsed(): boolean {
  return !!libc() && !!nativeFfi();
}

/** Bun's native FFI object (what the bun:ffi module wraps; ~0.5 ms less than loading the module), where it has dlopen. */
function nativeFfi(): NativeFfi | undefined {
  const ffi = (Bun as unknown as { FFI?: Partial<NativeFfi> }).FFI;
  return typeof ffi?.dlopen === "function" ? (ffi as NativeFfi) : undefined;
}
