// processTree: a launched program is found by the adapter's environment mark even after it was
// re-parented, and only processes that are still the recorded ones are signalled.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { descendants, endProcesses, withEnvironment } from "../../src/daemon/session/processTree.ts";

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
  linux("withEnvironment finds a grandchild that outlived its parent; endProcesses kills it", async () => {
    const mark = `DEBUGGER_ADAPTER_ID=unit.${process.pid}.${Date.now()}`;
    const [name, value] = mark.split("=") as [string, string];
    // sh starts a sleeper in the background and exits: the sleeper is re-parented, out of our tree.
    const sh = Bun.spawn(["/bin/sh", "-c", "sleep 30 >/dev/null 2>&1 & echo $!"], { env: { ...process.env, [name]: value }, stdout: "pipe" });
    const pid = Number((await new Response(sh.stdout).text()).trim());
    await sh.exited;
    expect(descendants(process.pid).some((p) => p.pid === pid)).toBe(false);
    const found = withEnvironment(mark);
    expect(found.map((p) => p.pid)).toEqual([pid]);
    expect(endProcesses(found)).toEqual([pid]);
    const deadline = Date.now() + 5000;
    while (!gone(pid) && Date.now() < deadline) await Bun.sleep(20);
    expect(gone(pid)).toBe(true);
    expect(withEnvironment(mark)).toEqual([]);
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
