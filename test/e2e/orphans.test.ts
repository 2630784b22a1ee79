// Orphans (issue 10, item 3): when a real adapter dies or hangs, the program it *launched* is ended
// by the daemon (never left running with parent pid 1), and a program it *attached* to survives.
// Each adapter runs a sleeper (runs for minutes) copied to a path of its own, so every process of
// that program is found by its command line and checked by pid.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { BIN, CI, E2eEnv, findAdapter, runCommand, running, spawnAndReadPid, waitFor } from "./harness.ts";

const T = 90_000;
const C_SLEEPER = sourcePath("c/sleeper.c");
const GO_SLEEPER = join(goFixturesDir, "sleeper", "main.go");
const PYTHON = ["/usr/bin/python3", ...runCommand(["which", "-a", "python3"]).out.split("\n")].find(
  (p) => p && runCommand([p, "-c", "import debugpy"]).exitCode === 0,
);

const PY_SLEEPER = `import os, sys, time
print(f"pid={os.getpid()}", flush=True)
counter = 0
def tick(n):
    global counter
    counter += n  # tick_body
for i in range(6000):
    tick(1)
    time.sleep(0.1)
`;

/** Live (not zombie) processes whose command line contains `marker`. */
export function processesOf(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      // Not the `debugger start PROGRAM` command itself.
      if (argv[0] !== BIN && argv.some((a) => a.includes(marker))) out.push(Number(name));
    } catch {}
  }
  return out;
}

function ppid(pid: number): number {
  let stat = "";
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** The adapter that started `pid`: its ancestor whose parent is the daemon. */
async function adapterOf(env: E2eEnv, pid: number): Promise<number> {
  const daemon = (await env.ok(["daemon", "status"])).pid as number;
  for (let p = pid; p > 1; p = ppid(p)) if (ppid(p) === daemon) return p;
  throw new Error(`process ${pid} is not a descendant of the daemon ${daemon}`);
}

interface Kind {
  name: string;
  available: () => string | undefined;
  /** Writes or copies the program into `dir`; returns its path and the breakpoint location. */
  prepare(dir: string): Promise<{ program: string; brk: string }>;
  adapterArgs: string[];
  /** Can a program of this kind be attached to here (ptrace attach works for C everywhere)? */
  attach?: boolean;
}

let built: Record<string, string> = {};
let copies = 0;
/** A copy of a built program under a name of its own, so its processes are told apart by command line. */
function copyOf(from: string, dir: string, name: string): string {
  const program = join(dir, `${name}-${++copies}`);
  copyFileSync(from, program);
  return program;
}
let goBuilt: Record<string, string> = {};

const kinds: Kind[] = [
  {
    name: "lldb-dap",
    available: () => (findAdapter("lldb-dap") ? undefined : "lldb-dap is not installed"),
    async prepare(dir) {
      const program = copyOf(built["c-sleeper"]!, dir, "sleeper-lldb");
      return { program, brk: `${C_SLEEPER}:${markerLine(C_SLEEPER, "tick_body")}` };
    },
    adapterArgs: ["--adapter", "lldb-dap"],
    attach: true,
  },
  {
    name: "gdb",
    available: () => (gdb.discover({ options: {} }) ? undefined : "gdb or its DAP adapter is not installed"),
    async prepare(dir) {
      const program = copyOf(built["c-sleeper"]!, dir, "sleeper-gdb");
      return { program, brk: `${C_SLEEPER}:${markerLine(C_SLEEPER, "tick_body")}` };
    },
    adapterArgs: ["--adapter", "gdb"],
    attach: true,
  },
  {
    name: "delve",
    available: () => (Bun.which("dlv") && Bun.which("go") ? undefined : "dlv or go is not installed"),
    async prepare(dir) {
      const program = copyOf(goBuilt.sleeper!, dir, "sleeper-go");
      return { program, brk: `${GO_SLEEPER}:${goMarkerLine("sleeper", "tick_body")}` };
    },
    adapterArgs: ["--adapter", "delve"],
    attach: true,
  },
  {
    name: "debugpy",
    available: () => (PYTHON ? undefined : "debugpy is not importable by any python3"),
    async prepare(dir) {
      const program = join(dir, `sleeper_py_${++copies}.py`);
      writeFileSync(program, PY_SLEEPER);
      return { program, brk: `${program}:6` };
    },
    adapterArgs: ["--adapter", "debugpy"],
  },
];

beforeAll(async () => {
  built = await buildFixtures();
  if (Bun.which("go")) goBuilt = await buildGoFixtures();
}, T);

for (const kind of kinds) {
  const why = kind.available();
  if (why) {
    if (CI) test(`${kind.name} is installed`, () => expect(why).toBe(""));
    else console.warn(`SKIP test/e2e/orphans.test.ts (${kind.name}): ${why}`);
  }

  describe.skipIf(!!why)(`orphans: ${kind.name}`, () => {
    let env: E2eEnv;
    let dir: string;
    beforeAll(() => {
      env = new E2eEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
      dir = join(env.dir, "programs");
      mkdirSync(dir, { recursive: true });
    });
    afterAll(async () => {
      await env.stopSessions();
      await env.close();
    });

    /** Kills every leftover of `program` (so a failing test leaves nothing) and says which ones there were. */
    function leftovers(program: string): number[] {
      const left = processesOf(program);
      for (const pid of left) process.kill(pid, "SIGKILL");
      return left;
    }

    test(
      "SIGKILL of the adapter while the program runs ends the program; the session says so",
      async () => {
        const { program, brk } = await kind.prepare(dir);
        const s = env.session(`${kind.name}-run`);
        await s.ok(["start", program, ...kind.adapterArgs, "--break", brk]);
        await s.ok(["breakpoint", "remove", "--all"]);
        await s.ok(["continue", "--no-wait"]);
        const pids = processesOf(program);
        expect(pids.length).toBeGreaterThan(0);
        const adapter = await adapterOf(env, pids[0]!);
        process.kill(adapter, "SIGKILL");
        await waitFor(() => pids.every((p) => !running(p)), 15_000, `the ${kind.name} program (pids ${pids}) to be ended`);
        const st = await s.ok(["status"]);
        expect(st.state).toBe("terminated");
        expect(st.stop.description).toContain("was killed by SIGKILL unexpectedly; the program it launched (pid");
        expect(leftovers(program)).toEqual([]);
        const next = await s.run(["next"]);
        expect(next.json.error.code).toBe("SESSION_ENDED");
      },
      T,
    );

    test(
      "SIGKILL of the adapter during `start` ends the program; start fails with ADAPTER_EXITED",
      async () => {
        const { program } = await kind.prepare(dir);
        const s = env.session(`${kind.name}-start`);
        // No breakpoint: start waits for a first stop that never comes.
        const starting = s.run(["start", program, ...kind.adapterArgs, "--timeout", "60"]);
        // Kept from the poll that found them: a second look can land while the program's process is
        // between two execs (gdb's shell, then `env`, then the program) and read an empty command line.
        let pids: number[] = [];
        await waitFor(() => (pids = processesOf(program)).length > 0, 30_000, "the program to be started");
        const adapter = await adapterOf(env, pids[0]!);
        process.kill(adapter, "SIGKILL");
        const r = await starting;
        expect(r.exitCode).toBe(1);
        expect(r.json.error.code).toBe("ADAPTER_EXITED");
        await waitFor(() => pids.every((p) => !running(p)), 15_000, `the ${kind.name} program (pids ${pids}) to be ended`);
        expect(leftovers(program)).toEqual([]);
      },
      T,
    );

    test(
      "stop with the adapter SIGSTOPped ends the program and the adapter, and reports the program's pids",
      async () => {
        const { program, brk } = await kind.prepare(dir);
        const s = env.session(`${kind.name}-hung`);
        await s.ok(["start", program, ...kind.adapterArgs, "--break", brk]);
        const pids = processesOf(program);
        const adapter = await adapterOf(env, pids[0]!);
        process.kill(adapter, "SIGSTOP");
        try {
          const r = await s.run(["stop"]);
          expect(r.exitCode).toBe(0);
          expect(r.json.data.stopped).toBe(s.name);
          expect(r.json.data.ended).toBeArray();
          expect(r.json.data.ended.length).toBeGreaterThan(0);
          await waitFor(() => !running(adapter) && pids.every((p) => !running(p)), 15_000, "the adapter and the program to be gone");
          expect(leftovers(program)).toEqual([]);
        } finally {
          if (running(adapter)) process.kill(adapter, "SIGKILL");
        }
      },
      T,
    );

    // debugpy cannot attach by pid here (it is refused on purpose: its injection killed the target).
    if (kind.attach)
      test(
        "an attached program survives its adapter's death",
        async () => {
          const { program } = await kind.prepare(dir);
          const { proc, pid } = await spawnAndReadPid([program]);
          try {
            const s = env.session(`${kind.name}-attached`);
            const daemon = (await env.ok(["daemon", "status"])).pid as number;
            const children = () => readdirSync("/proc").filter((n) => /^\d+$/.test(n) && running(Number(n)) && ppid(Number(n)) === daemon);
            const before = new Set(children());
            await s.ok(["attach", String(pid), ...kind.adapterArgs]);
            const adapters = children().filter((n) => !before.has(n));
            expect(adapters).toHaveLength(1);
            process.kill(Number(adapters[0]), "SIGKILL");
            await waitFor(async () => (await s.ok(["status"])).state === "terminated", 15_000, "the session to end");
            // A tracer's death detaches the tracee; it runs on.
            await waitFor(() => /TracerPid:\s+0\b/.test(readFileSync(`/proc/${pid}/status`, "utf8")), 10_000, "the tracer to be gone");
            expect(running(pid)).toBe(true);
            const st = await s.ok(["status"]);
            expect(st.stop.description).not.toContain("was ended");
          } finally {
            proc.kill("SIGKILL");
            await proc.exited;
          }
        },
        T,
      );
  });
}
