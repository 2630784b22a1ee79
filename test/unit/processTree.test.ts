// processTree: a launched program is found by the adapter's environment mark even after it was
// re-parented, and only processes that are still the recorded ones are signalled.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { descendants, dying, endProcesses, withEnvironment } from "../../src/daemon/session/program/processTree.ts";

const linux = process.platform === "linux" ? test : test.skip;

function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

describe("processTree", () => {
  linux("dying: a killed program freeing its memory is dying until it is gone; a sleeping or stopped one is not", async () => {
    // 1 GiB in small pages (THP off) takes tens of ms to free after SIGKILL, as a running process.
    const script = [
      "import ctypes, time",
      "ctypes.CDLL(None).prctl(41, 1, 0, 0, 0)",
      "buf = bytearray(1 << 30)",
      "for i in range(0, len(buf), 4096):",
      "    buf[i] = 1",
      "print('ready', flush=True)",
      "time.sleep(30)",
    ].join("\n");
    const big = Bun.spawn(["/usr/bin/python3", "-c", script], { stdout: "pipe" });
    try {
      await big.stdout.getReader().read();
      const id = descendants(process.pid).find((p) => p.pid === big.pid)!;
      expect(id).toBeDefined();
      expect(dying(id)).toBe(false);
      process.kill(big.pid, "SIGSTOP");
      await Bun.sleep(20);
      expect(dying(id)).toBe(false);
      process.kill(big.pid, "SIGKILL");
      expect(dying(id)).toBe(true);
      await big.exited;
      expect(dying(id)).toBe(false);
      // Another process's start time: never this one.
      expect(dying({ pid: process.pid, start: "1" })).toBe(false);
    } finally {
      big.kill("SIGKILL");
    }
  });

  linux("withEnvironment finds a grandchild that outlived its parent; endProcesses kills it", async () => {
    const mark = `DEBUGGER_ADAPTER_ID=unit.${process.pid}.${Date.now()}`;
    const [name, value] = mark.split("=") as [string, string];
    // sh starts a sleeper in the background and exits: the sleeper is re-parented, out of our tree.
    const sh = Bun.spawn(["/bin/sh", "-c", "sleep 30 >/dev/null 2>&1 & echo $!"], { env: { ...process.env, [name]: value }, stdout: "pipe" });
    const pid = Number((await new Response(sh.stdout).text()).trim());
    await sh.exited;
    expect(descendants(process.pid).some((p) => p.pid === pid)).toBe(false);
    // sh's child may still be in its exec of sleep (its environment reads empty for that moment: a
    // full run under load caught it there): the sweep is asked once it runs sleep.
    const execed = () => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "latin1").startsWith("sleep\0");
      } catch {
        return false;
      }
    };
    for (const deadline = Date.now() + 5000; !execed() && Date.now() < deadline; ) await Bun.sleep(5);
    expect(execed()).toBe(true);
    const found = withEnvironment(mark);
    expect(found.map((p) => p.pid)).toEqual([pid]);
    expect(endProcesses(found)).toEqual([pid]);
    const deadline = Date.now() + 5000;
    while (!gone(pid) && Date.now() < deadline) await Bun.sleep(20);
    expect(gone(pid)).toBe(true);
    expect(withEnvironment(mark)).toEqual([]);
  });

  linux("endProcesses names a child its parent's death ends too (a program under a tracer): children go first", async () => {
    // The child dies with its parent (PR_SET_PDEATHSIG, as a tracee with PTRACE_O_EXITKILL does).
    const script = [
      "import ctypes, os, signal, sys, time",
      "pid = os.fork()",
      "if pid == 0:",
      "    ctypes.CDLL(None).prctl(1, signal.SIGKILL)",
      "    time.sleep(30)",
      "    os._exit(0)",
      "print(pid, flush=True)",
      "time.sleep(30)",
    ].join("\n");
    const parent = Bun.spawn(["/usr/bin/python3", "-c", script], { stdout: "pipe" });
    const reader = parent.stdout.getReader();
    const child = Number(new TextDecoder().decode((await reader.read()).value).trim());
    try {
      const tree = descendants(process.pid).filter((p) => p.pid === parent.pid || p.pid === child);
      expect(tree.map((p) => p.pid)).toEqual([parent.pid, child]);
      expect(endProcesses(tree)).toEqual([parent.pid, child]);
      await parent.exited;
      const deadline = Date.now() + 5000;
      while (!gone(child) && Date.now() < deadline) await Bun.sleep(20);
      expect(gone(child)).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  linux("endProcesses leaves a pid alone when its start time is not the recorded one", () => {
    const child = Bun.spawn(["sleep", "30"]);
    try {
      const [me] = descendants(process.pid).filter((p) => p.pid === child.pid);
      expect(me).toBeDefined();
      expect(endProcesses([{ pid: child.pid, start: "1" }])).toEqual([]);
      expect(child.killed).toBe(false);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
