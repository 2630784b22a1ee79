// Why the kernel refuses to let us trace a process, and the fix, named (Linux): an adapter reports
// only "Operation not permitted" or "lost connection". Read from /proc: the capabilities of this
// process (the daemon's adapters inherit them), Yama's ptrace_scope, a seccomp filter, and the
// target's tracer and owner.
import { readFileSync } from "node:fs";

/** CAP_SYS_PTRACE's bit in /proc/PID/status CapEff. */
const CAP_SYS_PTRACE = 19n;

export interface PtraceState {
  /** CAP_SYS_PTRACE in this process's effective set (root without it is not enough). */
  capSysPtrace: boolean;
  /** kernel.yama.ptrace_scope, when the kernel has Yama. */
  yamaScope?: number;
  /** A seccomp filter is on this process (a container's default profile, a sandbox). */
  seccompFilter: boolean;
  uid?: number;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function statusField(status: string | undefined, name: string): string | undefined {
  return status ? new RegExp(`^${name}:\\s*(.*)$`, "m").exec(status)?.[1]?.trim() : undefined;
}

export function ptraceState(): PtraceState {
  const status = read("/proc/self/status");
  const eff = statusField(status, "CapEff");
  const scope = read("/proc/sys/kernel/yama/ptrace_scope")?.trim();
  return {
    capSysPtrace: eff ? (BigInt(`0x${eff}`) & (1n << CAP_SYS_PTRACE)) !== 0n : false,
    yamaScope: scope === undefined || scope === "" ? undefined : Number(scope),
    seccompFilter: statusField(status, "Seccomp") === "2",
    uid: process.getuid?.(),
  };
}

/** What /proc says of process PID: its tracer (pid and name) and real uid. */
export function processTrace(pid: number): { tracer?: { pid: number; name?: string }; uid?: number } | undefined {
  const status = read(`/proc/${pid}/status`);
  if (!status) return undefined;
  const tracer = Number(statusField(status, "TracerPid") ?? 0);
  const uid = Number(statusField(status, "Uid")?.split(/\s+/)[0]);
  return { ...(tracer > 0 ? { tracer: { pid: tracer, name: read(`/proc/${tracer}/comm`)?.trim() } } : {}), ...(Number.isFinite(uid) ? { uid } : {}) };
}

const CAP_FIX =
  "grant CAP_SYS_PTRACE (run as root with it; in a container `docker run --cap-add=SYS_PTRACE`, or `securityContext.capabilities.add: [SYS_PTRACE]` in Kubernetes)";

/**
 * Why attaching to PID is refused, with the fix, or undefined when nothing known stands in the way.
 * In the order the kernel checks: one tracer per process, Yama, then the owner's credentials.
 */
export function attachDenial(pid: number, state: PtraceState = ptraceState(), target = processTrace(pid)): string | undefined {
  if (process.platform !== "linux") return undefined;
  if (target?.tracer) {
    const who = `${target.tracer.name ? `${target.tracer.name}, ` : ""}pid ${target.tracer.pid}`;
    return `process ${pid} is already traced by another debugger or tracer (${who}; /proc/${pid}/status TracerPid), and a process has one tracer: detach or end that one (\`kill ${target.tracer.pid}\`), then attach again`;
  }
  if (state.yamaScope === 3) return "kernel.yama.ptrace_scope is 3: attaching is disabled until reboot (launch the program with `debugger start` instead)";
  if (state.yamaScope === 2 && !state.capSysPtrace)
    return `kernel.yama.ptrace_scope is 2: only a process with CAP_SYS_PTRACE may attach; ${CAP_FIX}, or \`sudo sysctl kernel.yama.ptrace_scope=1\``;
  if (state.yamaScope === 1 && !state.capSysPtrace)
    return `kernel.yama.ptrace_scope is 1: a process may attach only to its own descendants; \`sudo sysctl kernel.yama.ptrace_scope=0\`, or ${CAP_FIX}`;
  if (target?.uid !== undefined && state.uid !== undefined && target.uid !== state.uid && !state.capSysPtrace) {
    return `process ${pid} belongs to uid ${target.uid}, and the debugger runs as uid ${state.uid} without CAP_SYS_PTRACE: run it as that user, or ${CAP_FIX}`;
  }
  if (state.seccompFilter)
    return "a seccomp filter is on the debugger (a container's default profile): it may refuse ptrace; `docker run --cap-add=SYS_PTRACE` (or `--security-opt seccomp=unconfined`)";
  return undefined;
}

/** Why launching under a debugger is refused (the program's PTRACE_TRACEME), when the adapter says ptrace was not permitted. */
export function launchDenial(said: string, state: PtraceState = ptraceState()): string | undefined {
  if (process.platform !== "linux" || !/operation not permitted|\bEPERM\b|ptrace/i.test(said)) return undefined;
  if (state.yamaScope === 3) return "kernel.yama.ptrace_scope is 3: tracing is disabled until reboot, launching under a debugger too";
  if (state.seccompFilter)
    return "ptrace was refused and a seccomp filter is on the debugger (a container's default profile, a sandbox): `docker run --cap-add=SYS_PTRACE` (or `--security-opt seccomp=unconfined`)";
  if (!state.capSysPtrace) return `ptrace was refused, and the debugger lacks CAP_SYS_PTRACE: ${CAP_FIX}`;
  return undefined;
}
