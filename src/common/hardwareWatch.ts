// Does a hardware watchpoint fire on this machine? Some virtual machines (Firecracker with PVM, for
// one) do not pass the CPU's debug registers through: every debugger accepts a watchpoint there and
// it never stops the program. Asked of the kernel once per process: a perf event of type
// "breakpoint" on one of our own words, written five times, counts 0 where they do not fire.
// Linux on x86-64 and arm64 only; anywhere else, or when the kernel refuses the event, unknown.
import { dlopen, FFIType, ptr } from "bun:ffi";

const PERF_EVENT_OPEN: Partial<Record<string, number>> = { x64: 298, arm64: 241 };
const PERF_TYPE_BREAKPOINT = 5;
const HW_BREAKPOINT_W = 2;
const ATTR_SIZE = 128; // PERF_ATTR_SIZE_VER7; the kernel takes any known size

let answer: boolean | undefined | null = null;

/** true: they fire; false: they are accepted and never fire; undefined: cannot tell here. */
export function hardwareWatchpointsFire(): boolean | undefined {
  if (answer !== null) return answer;
  answer = probe();
  return answer;
}

function probe(): boolean | undefined {
  const nr = PERF_EVENT_OPEN[process.arch];
  if (process.platform !== "linux" || nr === undefined) return undefined;
  let libc: ReturnType<typeof open> | undefined;
  try {
    libc = open();
    const word = new Uint32Array(2);
    const attr = new DataView(new ArrayBuffer(ATTR_SIZE));
    attr.setUint32(0, PERF_TYPE_BREAKPOINT, true); // type
    attr.setUint32(4, ATTR_SIZE, true); // size
    attr.setBigUint64(40, (1n << 5n) | (1n << 6n), true); // exclude_kernel, exclude_hv (enabled: disabled bit 0 clear)
    attr.setUint32(52, HW_BREAKPOINT_W, true); // bp_type
    attr.setBigUint64(56, BigInt(ptr(word)), true); // bp_addr
    attr.setBigUint64(64, 4n, true); // bp_len
    const fd = Number(libc.symbols.syscall(nr, ptr(attr), 0, -1, -1, 0));
    if (fd < 0) return undefined; // no perf events here (perf_event_paranoid, seccomp): cannot tell
    try {
      for (let i = 1; i <= 5; i++) word[0] = i;
      const count = new BigUint64Array(1);
      if (Number(libc.symbols.read(fd, ptr(count), 8)) !== 8) return undefined;
      return count[0]! > 0n;
    } finally {
      libc.symbols.close(fd);
    }
  } catch {
    return undefined;
  } finally {
    libc?.close();
  }
}

function open() {
  const symbols = {
    syscall: { args: [FFIType.i64, FFIType.ptr, FFIType.i64, FFIType.i64, FFIType.i64, FFIType.i64], returns: FFIType.i64 },
    read: { args: [FFIType.i32, FFIType.ptr, FFIType.u64], returns: FFIType.i64 },
    close: { args: [FFIType.i32], returns: FFIType.i32 },
  } as const;
  for (const name of ["libc.so.6", `libc.musl-${process.arch === "x64" ? "x86_64" : "aarch64"}.so.1`, "libc.so"]) {
    try {
      return dlopen(name, symbols);
    } catch {}
  }
  throw new Error("no libc");
}

/** What `watch` and `doctor` say where they do not fire. */
export const WATCHPOINTS_DO_NOT_FIRE =
  "hardware watchpoints do not fire on this machine (a virtual machine without the CPU's debug registers): a watchpoint is accepted but never stops the program";
export const WATCHPOINT_ALTERNATIVE =
  "`debugger trace FILE:LINE --print EXPR` on the lines that may write it, or a conditional breakpoint, finds the change instead; gdb (`--adapter gdb`) watches by single-stepping here";
/** What `watch` says where gdb watches in software instead. */
export const SOFTWARE_WATCHPOINT =
  "hardware watchpoints do not fire on this machine: gdb watches in software, single-stepping the program while a watchpoint is set (slow over long runs; with threads, the stop may show another thread than the writer)";

/**
 * Does gdb watch in software? Where hardware watchpoints do not fire, or where
 * DEBUGGER_WATCHPOINTS=software asks for it (read by the daemon when it starts gdb: tests force
 * the software path on machines whose debug registers work; a user may want more watchpoints than
 * the CPU has registers).
 */
export function gdbWatchesInSoftware(): boolean {
  return process.env.DEBUGGER_WATCHPOINTS === "software" || hardwareWatchpointsFire() === false;
}

/** gdb's options for a machine whose hardware watchpoints do not fire: software watchpoints, which do. */
export function gdbWatchOptions(): string[] {
  return gdbWatchesInSoftware() ? ["-iex", "set can-use-hw-watchpoints 0"] : [];
}
