// The daemon's own process tree under attack: `attach` refuses every process of it (a warm spare,
// another session's lldb-server, gdb or debugpy launcher, another session's program), and a warm
// spare that was frozen (SIGSTOP) is not handed to `start`, which falls back to a fresh adapter.
// Issue 24, items 8 and 9. Real lldb-dap, gdb (cdt-gdb-adapter) and debugpy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, CI, E2eEnv, runCommand, waitFor } from "../harness/index.ts";

const env = new E2eEnv({ prefix: "dbg-tree-" });
env.env.DEBUGGER_WARM_ADAPTERS = "1";
afterAll(() => env.close());

const haveLldb = adapterAvailable("lldb-dap", "test/e2e/daemonTree.test.ts");
const haveGdb = adapterAvailable("gdb", "test/e2e/daemonTree.test.ts");
const haveDebugpy = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0;
if (!haveDebugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3");
let bins: Record<string, string>;
beforeAll(async () => {
  bins = await buildFixtures();
});

const basic = sourcePath("c/basic.c");

function stateFile(): any {
  return JSON.parse(readFileSync(join(env.runtimeDir, "daemon.json"), "utf8"));
}

/** Every live descendant of PID with its command line. */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const kids = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  const out: { pid: number; cmd: string }[] = [];
  const todo = [...(kids.get(pid) ?? [])];
  while (todo.length) {
    const p = todo.pop()!;
    let cmd = "";
    try {
      cmd = readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {}
    out.push({ pid: p, cmd });
    todo.push(...(kids.get(p) ?? []));
  }
  return out;
}

async function expectRefused(pid: number, what: string | RegExp) {
  const r = await env.run(["attach", String(pid), "--session", "intruder"]);
  expect(r.exitCode).toBe(2);
  expect(r.json.error.code).toBe("INVALID_ARGUMENT");
  expect(r.json.error.message).toMatch(
    typeof what === "string" ? new RegExp(`^refusing to attach to pid ${pid}: it is ${what.replace(/[()]/g, "\\$&")}`) : what,
  );
}

function stopState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
}

describe.skipIf(!haveLldb)("lldb-dap", () => {
  test("attach refuses a warm spare, another session's lldb-server and its program; that session is untouched", async () => {
    const where = `${basic}:${markerLine(basic, "loop_body")}`;
    await env.ok(["start", bins["c-basic"]!, "--break", where, "--session", "victim"]);
    const victim = stateFile().sessions.find((s: any) => s.name === "victim");
    await waitFor(() => stateFile().spares?.some((s: any) => s.pid), 20_000, "a warm lldb-dap spare");
    const spare = stateFile().spares[0].pid as number;
    await expectRefused(spare, "a spare debug adapter the debugger keeps warm");
    const server = descendants(victim.adapterPid).find((p) => /lldb-server/.test(p.cmd));
    expect(server).toBeDefined();
    await expectRefused(server!.pid, `a process the debugger itself runs (started by debug adapter ${victim.adapterPid}`);
    await expectRefused(victim.pid, "the program of session 'victim', already under the debugger");
    // Nothing was stopped or attached: the victim steps on, and the spare is still there.
    expect((await env.ok(["next", "--session", "victim"])).stop.reason).toBe("step");
    expect(stopState(server!.pid)).not.toBe("t");
    await env.ok(["stop", "--session", "victim"]);
  }, 90_000);

  test("a frozen spare is not handed to start: a fresh adapter starts at once", async () => {
    await waitFor(() => stateFile().spares?.some((s: any) => s.pid), 20_000, "a warm lldb-dap spare");
    const spare = stateFile().spares[0].pid as number;
    process.kill(spare, "SIGSTOP");
    try {
      const started = Date.now();
      const r = await env.run(["start", bins["c-basic"]!, "--break", `${basic}:${markerLine(basic, "loop_body")}`, "--session", "after-freeze"]);
      expect(r.exitCode).toBe(0);
      expect(Date.now() - started).toBeLessThan(20_000);
      const status = await env.ok(["status", "--session", "after-freeze"]);
      expect(status.warm).toBe(false);
      expect(readFileSync(join(env.dir, "state", "debugger-cli", "daemon.log"), "utf8")).toContain(
        `warm lldb-dap spare ${spare} discarded (its adapter is stopped (SIGSTOP))`,
      );
      await env.ok(["stop", "--session", "after-freeze"]);
    } finally {
      try {
        process.kill(spare, "SIGKILL");
      } catch {}
    }
  }, 90_000);
});

describe.skipIf(!haveGdb)("gdb", () => {
  test("attach refuses another session's gdb", async () => {
    await env.ok(["start", bins["c-basic"]!, "--adapter", "gdb", "--break", `${basic}:${markerLine(basic, "loop_body")}`, "--session", "gdb-victim"]);
    const victim = stateFile().sessions.find((s: any) => s.name === "gdb-victim");
    const gdb = descendants(victim.adapterPid).find((p) => /(^|\/)gdb(\s|$)/.test(p.cmd));
    expect(gdb).toBeDefined();
    await expectRefused(gdb!.pid, `a process the debugger itself runs (started by debug adapter ${victim.adapterPid}`);
    expect((await env.ok(["next", "--session", "gdb-victim"])).stop.reason).toBe("step");
    await env.ok(["stop", "--session", "gdb-victim"]);
  }, 90_000);
});

describe.skipIf(!haveDebugpy)("debugpy", () => {
  test("attach refuses another session's debugpy launcher", async () => {
    const py = sourcePath("python/basic.py");
    await env.ok(["start", py, "--python", "/usr/bin/python3", "--break", `${py}:${markerLine(py, "loop_body")}`, "--session", "py-victim"]);
    const victim = stateFile().sessions.find((s: any) => s.name === "py-victim");
    const launcher = descendants(victim.adapterPid).find((p) => /debugpy\/launcher/.test(p.cmd) && p.pid !== victim.pid);
    expect(launcher).toBeDefined();
    await expectRefused(launcher!.pid, `a process the debugger itself runs (started by debug adapter ${victim.adapterPid}`);
    expect((await env.ok(["next", "--session", "py-victim"])).stop.reason).toBe("step");
    await env.ok(["stop", "--session", "py-victim"]);
  }, 90_000);
});
