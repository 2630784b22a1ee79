// Every end of a program told as it happened (issue 33 item 5): a death by a signal is reported as
// the signal (`stop.signal`, "Program was killed by SIGKILL."), an exit code only for an exit — on
// lldb-dap, gdb, Delve and debugpy, for a kill -9 from outside while the program runs and while it
// is stopped, and for a program that raises SIGKILL or aborts itself. Before: lldb-dap and Delve
// said "exited with code 9"/"-9", debugpy "247", and gdb left the session `stopped` "in an unknown
// location" with every command answering NO_THREAD.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, runCommand, useEnv, waitFor } from "../harness/index.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const FILE = "test/e2e/signalDeath.test.ts";
const env = useEnv(() => new E2eEnv({ prefix: "dbg-signal-" }));
let fixtures: Record<string, string> = {};
let goFixtures: Record<string, string> = {};
let dir: string;
beforeAll(async () => {
  fixtures = await buildFixtures();
  goFixtures = await buildGoFixtures();
  dir = mkdtempSync(join(tmpdir(), "dbg-signal-src-"));
  writeFileSync(join(dir, "sleeper.py"), 'import os, time\nprint(f"pid={os.getpid()}", flush=True)\nfor i in range(6000):\n    time.sleep(0.1)  # tick\n');
  writeFileSync(
    join(dir, "ends.py"),
    'import os, signal, sys\nprint("ending", flush=True)\nif sys.argv[1] == "kill":\n    os.kill(os.getpid(), signal.SIGKILL)\nif sys.argv[1] == "abort":\n    os.abort()\nsys.exit(int(sys.argv[1]))\n',
  );
  writeFileSync(join(dir, "go.mod"), "module selfkill\n\ngo 1.21\n");
  writeFileSync(
    join(dir, "main.go"),
    'package main\n\nimport (\n\t"fmt"\n\t"os"\n\t"syscall"\n)\n\nfunc main() {\n\tfmt.Println("ending")\n\tsyscall.Kill(os.Getpid(), syscall.SIGKILL)\n}\n',
  );
}, 240_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

interface Profile {
  name: string;
  available: () => boolean;
  sleeper: () => string;
  /** Where the sleeper's loop body is, for a breakpoint. */
  tick: () => string;
  flags: string[];
}

const C_SLEEPER = sourcePath("c/sleeper.c");
const profiles: Profile[] = [
  {
    name: "lldb-dap",
    available: () => adapterAvailable("lldb-dap", FILE),
    sleeper: () => fixtures["c-sleeper"]!,
    tick: () => `${C_SLEEPER}:${markerLine(C_SLEEPER, "tick_body")}`,
    flags: [],
  },
  {
    name: "gdb",
    available: () => !!gdb.discover({ options: {} }) || missing("gdb with cdt-gdb-adapter is not installed", FILE),
    sleeper: () => fixtures["c-sleeper"]!,
    tick: () => `${C_SLEEPER}:${markerLine(C_SLEEPER, "tick_body")}`,
    flags: ["--adapter", "gdb"],
  },
  {
    name: "delve",
    available: () => adapterAvailable("dlv", FILE),
    sleeper: () => goFixtures.sleeper!,
    tick: () => `${join(goFixturesDir, "sleeper", "main.go")}:${markerLine(join(goFixturesDir, "sleeper", "main.go"), "tick_body")}`,
    flags: [],
  },
  {
    name: "debugpy",
    available: () => runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE),
    sleeper: () => join(dir, "sleeper.py"),
    tick: () => `${join(dir, "sleeper.py")}:4`,
    flags: ["--python", "/usr/bin/python3"],
  },
];

/** The program's pid, from the `pid=N` line the sleepers print first. */
async function programPid(session: string): Promise<number> {
  let pid = 0;
  await waitFor(
    async () => {
      const text = (await env().run(["output", "--session", session])).json?.data?.text ?? "";
      pid = Number(/pid=(\d+)/.exec(text)?.[1] ?? 0);
      return pid > 0;
    },
    20_000,
    "the program's pid line",
  );
  return pid;
}

function expectKilledBy(stop: StopReport, signal: string): void {
  expect(stop).toMatchObject({ reason: "exited", signal, description: `the program was killed by ${signal}` });
  expect(stop.exitCode).toBeUndefined();
}

for (const p of profiles) {
  describe.skipIf(!p.available())(p.name, () => {
    // lldb-dap 19 gives it as "exit code 9" (LLDB drops the difference): lldb-server's log tells.
    test("kill -9 from outside while it runs: killed by SIGKILL, the session ended", async () => {
      const s = env().session(`run-${p.name}`);
      await s.ok(["start", p.sleeper(), ...p.flags, "--no-wait"]);
      process.kill(await programPid(s.name), "SIGKILL");
      const end = await s.ok(["await", "--timeout", "30"]);
      expectKilledBy(end.stop, "SIGKILL");
      const status = await s.run(["status"], { json: false });
      expect(status.stdout).toContain("Program was killed by SIGKILL.");
      // The next command says the session ended and how, never NO_THREAD.
      const next = await s.run(["backtrace"]);
      expect(next.json.error).toMatchObject({ code: "SESSION_ENDED", message: `session '${s.name}' has ended: the program was killed by SIGKILL` });
    }, 90_000);

    // lldb-dap 19 died of SIGPIPE when told to resume a program killed while stopped ("the debug
    // adapter was killed by SIGPIPE"): the daemon sees the program gone and reports its end instead.
    test("kill -9 from outside while it is stopped: the next continue says killed by SIGKILL", async () => {
      const s = env().session(`stopped-${p.name}`);
      const started = await s.ok(["start", p.sleeper(), ...p.flags, "--break", p.tick()]);
      expect(started.stop?.reason).toBe("breakpoint");
      process.kill(await programPid(s.name), "SIGKILL");
      // debugpy's launcher sees the death at once, and the session ends before the continue; gdb and
      // Delve see it when they resume the program. Either way the end is the signal.
      const next = await s.run(["continue", "--timeout", "30"]);
      if (next.exitCode === 0) expectKilledBy(next.json.data.stop, "SIGKILL");
      else expect(next.json.error).toMatchObject({ code: "SESSION_ENDED", message: `session '${s.name}' has ended: the program was killed by SIGKILL` });
      expect((await s.run(["status"], { json: false })).stdout).toContain("Program was killed by SIGKILL.");
    }, 90_000);
  });
}

describe.skipIf(!profiles[0]!.available() || !profiles[1]!.available())("C program that ends itself (lldb-dap and gdb)", () => {
  for (const flags of [[], ["--adapter", "gdb"]]) {
    const name = flags.length ? "gdb" : "lldb-dap";
    test(`${name}: abort() stops at SIGABRT, then continue: killed by SIGABRT`, async () => {
      const s = env().session(`abort-${name}`);
      const first = await s.ok(["start", fixtures["c-ends"]!, ...flags, "--", "abort"]);
      expect(first.stop?.reason).toBe("signal");
      expect(first.stop?.output).toContain("ending: abort");
      const end = await s.ok(["continue", "--timeout", "30"]);
      expectKilledBy(end.stop, "SIGABRT");
    }, 90_000);

    test(`${name}: exit(9) is an exit with code 9, not a signal`, async () => {
      const r = await env().ok(["run", fixtures["c-ends"]!, ...flags, "--", "9"]);
      expect(r.stop).toMatchObject({ reason: "exited", exitCode: 9 });
      expect(r.stop.signal).toBeUndefined();
    }, 90_000);
  }

  for (const flags of [[], ["--adapter", "gdb"]]) {
    // Issue 33 item 3: lldb-dap stops at the new image's _start (reason entry); run ended the program there.
    test(`${flags.length ? "gdb" : "lldb-dap"}: run follows an exec: the new program's output and exit code`, async () => {
      const r = await env().ok(["run", fixtures["c-ends"]!, ...flags, "--", "exec"]);
      expect(r.stoppedBy).toBe("exit");
      expect(r.stop).toMatchObject({ reason: "exited", exitCode: 7 });
      expect(r.stop.output).toContain("ending: exec");
      expect(r.stop.output).toContain("after exec");
      expect(r.hits).toEqual([]);
    }, 90_000);
  }

  for (const flags of [[], ["--adapter", "gdb"]]) {
    test(`${flags.length ? "gdb" : "lldb-dap"}: raise(SIGKILL) on itself: killed by SIGKILL`, async () => {
      const r = await env().run(["run", fixtures["c-ends"]!, ...flags, "--", "kill"], { json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toStartWith("Program was killed by SIGKILL.");
    }, 90_000);
  }

  test("lldb-dap: the program does not inherit the settings of lldb-server's log; the log is private", async () => {
    const r = await env().ok(["run", fixtures["c-ends"]!, "--", "0"]);
    expect(r.stop.output).toContain("ending: 0; LLDB_DEBUGSERVER_LOG_FILE unset");
    const log = join(env().runtimeDir, "lldb-server.log");
    expect(statSync(log).mode & 0o777).toBe(0o600);
  }, 90_000);
});

describe.skipIf(!profiles[3]!.available())("debugpy: a Python program that ends itself", () => {
  for (const [arg, signal] of [
    ["kill", "SIGKILL"],
    ["abort", "SIGABRT"],
  ] as const) {
    test(`${arg}: killed by ${signal}`, async () => {
      const r = await env().ok(["run", join(dir, "ends.py"), "--", arg]);
      expectKilledBy(r.stop, signal);
    }, 90_000);
  }
  test("sys.exit(3): exit code 3", async () => {
    const r = await env().ok(["run", join(dir, "ends.py"), "--", "3"]);
    expect(r.stop).toMatchObject({ reason: "exited", exitCode: 3 });
    expect(r.stop.signal).toBeUndefined();
  }, 90_000);
});

describe.skipIf(!profiles[2]!.available())("Delve: a Go program that kills itself", () => {
  test("syscall.Kill(self, SIGKILL): killed by SIGKILL", async () => {
    const r = await env().ok(["run", dir, "--timeout", "120"]);
    expectKilledBy(r.stop, "SIGKILL");
  }, 180_000);
});
