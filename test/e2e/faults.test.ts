// Faults of the debuggee under a real adapter (lldb-dap): killed from outside, forking, exec'ing,
// closing its stdout and stderr. The session reports each and nothing hangs. And load across the
// real adapters: 8 sessions at once, two each of lldb-dap, gdb, Delve and debugpy.
// (Adapter faults on real adapters — SIGKILL while running and during start, SIGSTOP then stop —
// are in orphans.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { CI, type DataOf, E2eEnv, findAdapter, runCommand, waitFor } from "./harness.ts";

const T = 90_000;

function ppidOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** Alive and not a zombie (pid 1 here may not reap what it inherits). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

const FAULTS_C = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

int mark(int n) {
  return n + 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("pid=%d\\n", (int)getpid());
  if (!strcmp(mode, "fork")) {
    pid_t child = fork();
    if (child == 0) {
      usleep(100000);
      _exit(7);
    }
    int status = 0;
    waitpid(child, &status, 0);
    mark(WEXITSTATUS(status));
    return 0;
  }
  if (!strcmp(mode, "exec")) {
    execl("/bin/sh", "sh", "-c", "exit 5", (char *)0);
    return 99;
  }
  if (!strcmp(mode, "close")) {
    close(1);
    close(2);
    mark(1);
    printf("into a closed stdout\\n");
    return 4;
  }
  for (;;) {
    mark(0);
    usleep(100000);
  }
}
`;

const lldbMissing = findAdapter("lldb-dap") ? "" : "lldb-dap is not installed";
if (lldbMissing) {
  if (CI) test("lldb-dap is installed", () => expect(lldbMissing).toBe(""));
  else console.warn(`SKIP test/e2e/faults.test.ts (debuggee faults): ${lldbMissing}`);
}

describe.skipIf(!!lldbMissing)("debuggee faults under lldb-dap", () => {
  let env: E2eEnv;
  let dir: string;
  let program: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "dbg-faults-"));
    writeFileSync(join(dir, "faults.c"), FAULTS_C);
    program = join(dir, "faults");
    const cc = runCommand(["cc", "-g", "-O0", "-o", program, join(dir, "faults.c")]);
    if (cc.exitCode !== 0) throw new Error(`cc failed: ${cc.out}`);
    env = new E2eEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" }, config: "[timeouts]\nrequest = 3\n" });
  });
  afterAll(async () => {
    await env.stopSessions();
    await env.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    "killed from outside while running: the waiting command reports the end, the session is over, stop is clean",
    async () => {
      const s = env.session("killed");
      const d = await s.ok(["start", program, "--break", "mark", "--", "spin"]);
      expect(d.stop.reason).toBe("breakpoint");
      const pid = (await s.ok(["status"])).pid as number;
      expect(pid).toBeNumber();
      await s.ok(["breakpoint", "remove", "--all"]);
      const waiting = s.run(["continue", "--timeout", "30"]);
      await waitFor(async () => (await s.ok(["status"])).state === "running", 10_000, "running");
      process.kill(pid, "SIGKILL");
      const r = await waiting;
      expect(r.exitCode).toBe(0);
      expect(["exited", "terminated"]).toContain(r.json.data.stop.reason);
      expect(["exited", "terminated"]).toContain((await s.ok(["status"])).state);
      const next = await s.run(["next"]);
      expect(next.json.error.code).toBe("SESSION_ENDED");
      expect((await s.run(["stop"])).exitCode).toBe(0);
    },
    T,
  );

  test(
    "the adapter SIGSTOPped while stopped: a request is TIMEOUT (exit 3) naming it within [timeouts] request; stop ends adapter and program",
    async () => {
      const s = env.session("frozen");
      await s.ok(["start", program, "--break", "mark", "--", "spin"]);
      const pid = (await s.ok(["status"])).pid as number;
      const daemon = (await env.ok(["daemon", "status"])).pid as number;
      let adapter = pid;
      while (adapter > 1 && ppidOf(adapter) !== daemon) adapter = ppidOf(adapter);
      expect(adapter).toBeGreaterThan(1);
      process.kill(adapter, "SIGSTOP");
      try {
        const r = await s.run(["print", "n + 1"]);
        expect(r.exitCode).toBe(3);
        expect(r.json.error.code).toBe("TIMEOUT");
        expect(r.json.error.message).toMatch(/adapter did not answer '(evaluate|stackTrace|threads|scopes)' within 3 s/);
        const stop = await s.run(["stop"]);
        expect(stop.exitCode).toBe(0);
        expect(stop.json.data.ended).toContain(pid);
        await waitFor(() => !alive(pid) && !alive(adapter), 10_000, "the program and the adapter to be gone");
      } finally {
        try {
          process.kill(adapter, "SIGKILL");
        } catch {}
      }
    },
    T,
  );

  test(
    "forking: the parent reaches its breakpoint with the child's status, then exits 0",
    async () => {
      const s = env.session("fork");
      const d = await s.ok(["start", program, "--break", "mark", "--", "fork"]);
      expect(d.stop).toMatchObject({ reason: "breakpoint", frame: { function: "mark" } });
      const n = await s.ok(["print", "n"]);
      expect(n.result ?? n.results?.[0]?.result).toBe("7");
      const end = await s.ok(["continue", "--timeout", "30"]);
      expect(end.stop).toMatchObject({ reason: "exited", exitCode: 0 });
    },
    T,
  );

  test(
    "exec'ing another program: the session follows it to its exit code",
    async () => {
      const s = env.session("exec");
      let r: Pick<DataOf<["continue"]>, "stop"> = await s.ok(["start", program, "--timeout", "30", "--", "exec"]);
      // lldb may stop once at the exec itself; continue past it.
      for (let i = 0; i < 3 && r.stop.reason !== "exited" && r.stop.reason !== "terminated"; i++) r = await s.ok(["continue", "--timeout", "30"]);
      expect(r.stop).toMatchObject({ reason: "exited", exitCode: 5 });
    },
    T,
  );

  test(
    "closing its stdout and stderr: the breakpoint after it is reached and the exit code reported",
    async () => {
      const s = env.session("closed");
      const d = await s.ok(["start", program, "--break", "mark", "--", "close"]);
      expect(d.stop).toMatchObject({ reason: "breakpoint", frame: { function: "mark" } });
      const end = await s.ok(["continue", "--timeout", "30"]);
      expect(end.stop).toMatchObject({ reason: "exited", exitCode: 4 });
    },
    T,
  );
});

// ---- 8 sessions at once on four adapters -------------------------------------------------

const PYTHON = ["/usr/bin/python3", ...runCommand(["which", "-a", "python3"]).out.split("\n")].find(
  (p) => p && runCommand([p, "-c", "import debugpy"]).exitCode === 0,
);
const missing = [
  !findAdapter("lldb-dap") && "lldb-dap",
  !gdb.discover({ options: {} }) && "gdb with a DAP adapter",
  !(Bun.which("dlv") && Bun.which("go")) && "dlv and go",
  !PYTHON && "debugpy",
].filter(Boolean);
if (missing.length) {
  if (CI) test("every adapter is installed", () => expect(missing).toEqual([]));
  else console.warn(`SKIP test/e2e/faults.test.ts (8 sessions): not installed: ${missing.join(", ")}`);
}

describe.skipIf(missing.length > 0)("8 sessions in parallel on four adapters", () => {
  let env: E2eEnv;
  beforeAll(() => {
    env = new E2eEnv();
  });
  afterAll(async () => {
    await env.stopSessions();
    await env.close();
  });

  test(
    "two each of lldb-dap, gdb, Delve and debugpy: each stops at add's body with the right arguments, steps, and stops cleanly",
    async () => {
      const built = await buildFixtures();
      const go = await buildGoFixtures();
      const c = sourcePath("c/basic.c");
      const py = sourcePath("python/basic.py");
      const goSrc = join(goFixturesDir, "basic", "main.go");
      const kinds = [
        { adapter: "lldb-dap", argv: [built["c-basic"]!, "--adapter", "lldb-dap", "--break", `${c}:${markerLine(c, "add_body")}`] },
        { adapter: "gdb", argv: [built["c-basic"]!, "--adapter", "gdb", "--break", `${c}:${markerLine(c, "add_body")}`] },
        { adapter: "delve", argv: [go.basic!, "--adapter", "delve", "--break", `${goSrc}:${markerLine(goSrc, "add_body")}`] },
        { adapter: "debugpy", argv: [py, "--adapter", "debugpy", "--break", `${py}:${markerLine(py, "add_body")}`] },
      ];
      const results = await Promise.all(
        [...kinds, ...kinds].map(async (k, i) => {
          const s = env.session(`par-${k.adapter}-${i}`);
          const d = await s.ok(["start", ...k.argv, "--timeout", "60"]);
          const args = await s.ok(["print", "a", "b"]);
          const next = await s.ok(["next", "--timeout", "60"]);
          const stop = await s.run(["stop"]);
          return {
            adapter: d.session.adapter,
            reason: d.stop.reason,
            values: args.results.map((r) => r.result),
            stepped: next.stop.reason,
            stopped: stop.exitCode,
          };
        }),
      );
      for (const r of results) {
        expect(r.reason).toBe("breakpoint");
        expect(r.values).toEqual(["0", "0"]); // add(total, i) first called with total = 0, i = 0
        expect(["step", "breakpoint"]).toContain(r.stepped);
        expect(r.stopped).toBe(0);
      }
      expect(results.map((r) => r.adapter).sort()).toEqual(["debugpy", "debugpy", "delve", "delve", "gdb", "gdb", "lldb-dap", "lldb-dap"]);
    },
    T * 2,
  );
});
