// A refused ptrace names its cause and fix (issue 29), judged from /proc's facts; here the facts
// are given. (On real processes: test/e2e/ptraceDenied.test.ts.)
import { expect, test } from "bun:test";
import { attachDenial, launchDenial, processTrace, ptraceState, type PtraceState } from "../../src/common/ptrace.ts";

const free: PtraceState = { capSysPtrace: true, seccompFilter: false, uid: 1000 };
const plain: PtraceState = { capSysPtrace: false, seccompFilter: false, uid: 1000 };
const linux = process.platform === "linux" ? test : test.skip;

linux("another tracer comes first: its name, pid, where that is read, and the way out", () => {
  const hint = attachDenial(42, free, { tracer: { pid: 77, name: "strace" }, uid: 1000 })!;
  expect(hint).toBe(
    "process 42 is already traced by another debugger or tracer (strace, pid 77; /proc/42/status TracerPid), and a process has one tracer: detach or end that one (`kill 77`), then attach again",
  );
});

linux("Yama: each scope with its sysctl; CAP_SYS_PTRACE lifts 1 and 2", () => {
  expect(attachDenial(42, { ...plain, yamaScope: 1 }, { uid: 1000 })).toStartWith(
    "kernel.yama.ptrace_scope is 1: a process may attach only to its own descendants; `sudo sysctl kernel.yama.ptrace_scope=0`, or grant CAP_SYS_PTRACE",
  );
  expect(attachDenial(42, { ...plain, yamaScope: 1 }, { uid: 1000 })).toContain("--cap-add=SYS_PTRACE");
  expect(attachDenial(42, { ...plain, yamaScope: 2 }, { uid: 1000 })).toContain("kernel.yama.ptrace_scope is 2");
  expect(attachDenial(42, { ...free, yamaScope: 1 }, { uid: 1000 })).toBeUndefined();
  expect(attachDenial(42, { ...free, yamaScope: 2 }, { uid: 1000 })).toBeUndefined();
  expect(attachDenial(42, { ...free, yamaScope: 3 }, { uid: 1000 })).toStartWith("kernel.yama.ptrace_scope is 3: attaching is disabled until reboot");
});

linux("another user's process without CAP_SYS_PTRACE (root in a container without --cap-add=SYS_PTRACE)", () => {
  const hint = attachDenial(42, { ...plain, uid: 0 }, { uid: 65534 })!;
  expect(hint).toStartWith(
    "process 42 belongs to uid 65534, and the debugger runs as uid 0 without CAP_SYS_PTRACE: run it as that user, or grant CAP_SYS_PTRACE",
  );
  expect(hint).toContain("`docker run --cap-add=SYS_PTRACE`");
  expect(attachDenial(42, { ...free, uid: 0 }, { uid: 65534 })).toBeUndefined();
  expect(attachDenial(42, plain, { uid: 1000 })).toBeUndefined();
  expect(attachDenial(42, { ...plain, seccompFilter: true }, { uid: 1000 })).toContain("seccomp");
});

linux("launch: only when the adapter said ptrace was refused", () => {
  expect(launchDenial("Cannot launch '/x': ptrace failed: Operation not permitted", { ...free, seccompFilter: true })).toContain("--cap-add=SYS_PTRACE");
  expect(launchDenial("warning: ptrace: Operation not permitted", plain)).toStartWith("ptrace was refused, and the debugger lacks CAP_SYS_PTRACE");
  expect(launchDenial("error: 'a.out' doesn't exist", { ...plain, seccompFilter: true })).toBeUndefined();
  expect(launchDenial("Operation not permitted", free)).toBeUndefined();
});

linux("read from /proc: this process's state, a process's tracer and owner", () => {
  const s = ptraceState();
  expect(typeof s.capSysPtrace).toBe("boolean");
  expect(s.uid).toBe(process.getuid!());
  expect(processTrace(process.pid)).toEqual({ uid: process.getuid!() });
  expect(processTrace(2 ** 22 + 1)).toBeUndefined();
});
