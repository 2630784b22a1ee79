import { describe, expect, test } from "bun:test";
import { ancestry, parentPid, refuseSelfAttach } from "../../src/daemon/session/program/guards.ts";
import { DebuggerError } from "../../src/common/errors.ts";

// A process table: 1 ← 50 (agent) ← 60 (shell) ← 70 (CLI);  1 ← 100 (daemon) ← 110 (adapter) ← 115 (lldb-server) ← 120 (debuggee of
// session "s") ← 125 (its forked worker); 100 ← 130 (warm spare) ← 135 (its helper); 100 ← 140 (a launcher of another kind); 1 ← 200 (a program)
const PARENT: Record<number, number> = { 50: 1, 60: 50, 70: 60, 100: 1, 110: 100, 115: 110, 120: 115, 125: 120, 130: 100, 135: 130, 140: 100, 200: 1, 1: 0 };
const ctx = {
  daemonPid: 100,
  adapterPids: [110, undefined],
  sparePids: [130],
  programs: [{ pid: 120, session: "s" }],
  clientPid: 70,
  parentOf: (p: number) => PARENT[p],
};

function refusal(pid: number): DebuggerError | undefined {
  try {
    refuseSelfAttach(pid, ctx);
    return undefined;
  } catch (e) {
    return e as DebuggerError;
  }
}

describe("refuseSelfAttach", () => {
  test.each([
    [100, "the debugger's daemon"],
    [110, "one of the debugger's debug adapters"],
    [1, "an ancestor of the debugger's daemon"],
    [70, "the debugger command that asked"],
    [60, "an ancestor of the debugger command that asked (its shell or agent)"],
    [50, "an ancestor of the debugger command that asked (its shell or agent)"],
  ])("pid %d is refused: %s", (pid, what) => {
    const e = refusal(pid);
    expect(e).toBeInstanceOf(DebuggerError);
    expect(e!.toData()).toEqual({
      code: "INVALID_ARGUMENT",
      message: `refusing to attach to pid ${pid}: it is ${what}, and stopping it under the debugger would freeze the debugger itself`,
      hint: "attach to the program you are debugging: `debugger attach PID` with its pid (`pgrep -n NAME` finds it)",
    });
  });

  test.each([
    [115, "a process the debugger itself runs (started by debug adapter 110: an adapter's helper such as lldb-server, gdb or debugpy's launcher)"],
    [130, "a spare debug adapter the debugger keeps warm"],
    [135, "a process the debugger itself runs (started by spare adapter 130: an adapter's helper such as lldb-server, gdb or debugpy's launcher)"],
    [140, "a process the debugger itself runs (below the daemon 100: an adapter's helper such as lldb-server, gdb or debugpy's launcher)"],
  ])("pid %d in the daemon's tree is refused: %s", (pid, what) => {
    expect(refusal(pid)!.message).toBe(`refusing to attach to pid ${pid}: it is ${what}, and stopping it under the debugger would freeze the debugger itself`);
  });

  test("a session's program is refused, naming the session", () => {
    expect(refusal(120)!.toData()).toEqual({
      code: "INVALID_ARGUMENT",
      message: "refusing to attach to pid 120: it is the program of session 's', already under the debugger",
      hint: "`debugger status --session s` shows it; `debugger detach --session s` lets it go first",
    });
  });

  test.each([200, 125, 9999])("pid %d (a program, a debuggee's own child, an unknown pid) is allowed", (pid) => {
    expect(refusal(pid)).toBeUndefined();
  });

  test("without clientPid only the daemon side is checked", () => {
    expect(() => refuseSelfAttach(60, { ...ctx, clientPid: undefined })).not.toThrow();
    expect(() => refuseSelfAttach(100, { ...ctx, clientPid: undefined })).toThrow("the debugger's daemon");
  });

  test("a cycle in the parent table ends the walk", () => {
    expect(ancestry(5, (p) => (p === 5 ? 6 : 5))).toEqual([5, 6]);
  });

  test.if(process.platform === "linux")("reads real ancestry from /proc: this process's parent, and this process itself is refused", () => {
    expect(parentPid(process.pid)).toBe(process.ppid);
    expect(ancestry(process.pid).slice(0, 2)).toEqual([process.pid, process.ppid]);
    expect(() => refuseSelfAttach(process.ppid, { adapterPids: [] })).toThrow("an ancestor of the debugger's daemon");
    expect(() => refuseSelfAttach(process.pid, { adapterPids: [] })).toThrow("the debugger's daemon");
    expect(parentPid(2 ** 22 + 12345)).toBeUndefined();
  });
});
