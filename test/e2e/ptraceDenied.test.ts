// A refused ptrace says why and what to do (issue 29), in start, attach and doctor, on the real
// adapters: another tracer already on the process (strace -p), the debugger without CAP_SYS_PTRACE
// before another user's process (setpriv, as root in a container without --cap-add=SYS_PTRACE),
// and a seccomp filter that refuses ptrace (as a container profile can; a small C wrapper). Each
// needs what this machine may lack; a path that cannot run here is skipped with the reason.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, BIN, E2eEnv, missing, waitFor } from "../harness/index.ts";

const FILE = "test/e2e/ptraceDenied.test.ts";
const linux = process.platform === "linux" || missing("ptrace and /proc are Linux's", FILE);
const haveLldb = linux && adapterAvailable("lldb-dap", FILE);
const haveGdb = linux && adapterAvailable("gdb", FILE);
const adapters = [...(haveLldb ? ["lldb-dap"] : []), ...(haveGdb ? ["gdb"] : [])];
const haveStrace = linux && (Bun.which("strace") !== null || missing("strace is not installed (apt-get install strace)", FILE));
const capBounding = linux ? /CapBnd:\s*([0-9a-f]+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] : undefined;
const canDropCap =
  linux &&
  (process.getuid?.() === 0 || missing("dropping CAP_SYS_PTRACE to attach to another uid's process needs root here", FILE)) &&
  (Bun.which("setpriv") !== null || missing("setpriv is not installed (util-linux)", FILE)) &&
  ((capBounding !== undefined && (BigInt(`0x${capBounding}`) & (1n << 19n)) !== 0n) ||
    missing("CAP_SYS_PTRACE is not in the bounding set: there is none to drop", FILE));
const haveCc = linux && (Bun.which("cc") !== null || missing("cc is not installed: the seccomp wrapper is C", FILE));

const NOPTRACE_C = `#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(int argc, char **argv) {
  struct sock_filter f[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog prog = { .len = sizeof f / sizeof f[0], .filter = f };
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) { perror("seccomp"); return 126; }
  execvp(argv[1], argv + 1);
  perror(argv[1]);
  return 127;
}
`;

let dir: string;
let bins: Record<string, string>;
const envs: E2eEnv[] = [];
const procs: { kill(signal?: number): void }[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dbg-ptrace-"));
  if (adapters.length) bins = await buildFixtures();
});
afterAll(async () => {
  for (const p of procs) p.kill(9);
  for (const e of envs) await e.close();
  rmSync(dir, { recursive: true, force: true });
});

function newEnv(): E2eEnv {
  const env = new E2eEnv({ prefix: "dbg-ptrace-" });
  envs.push(env);
  return env;
}

/** BIN under WRAPPER (argv before it), in ENV's runtime directory: the daemon it starts inherits what the wrapper took away. */
function wrapped(env: E2eEnv, wrapper: string[], args: string[]): { code: number; json: any; stdout: string } {
  const r = Bun.spawnSync([...wrapper, BIN, ...args], { env: { ...process.env, ...env.env }, stderr: "pipe" });
  const stdout = r.stdout.toString();
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {}
  return { code: r.exitCode ?? -1, json, stdout };
}

function sleeper(wrapper: string[] = []): number {
  const p = Bun.spawn([...wrapper, bins["c-sleeper"]!], { stdout: "ignore", stderr: "ignore" });
  procs.push(p);
  return p.pid;
}

const tracerOf = (pid: number) => Number(/TracerPid:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

(adapters.length && haveStrace ? test : test.skip)(
  "attach to a process another tracer holds names that tracer and its pid (strace -p)",
  async () => {
    const env = newEnv();
    const pid = sleeper();
    const strace = Bun.spawn(["strace", "-p", String(pid), "-o", "/dev/null"], { stdout: "ignore", stderr: "ignore" });
    procs.push(strace);
    await waitFor(() => tracerOf(pid) === strace.pid, 10_000, "strace to be the tracer");
    for (const adapter of adapters) {
      const r = await env.run(["attach", String(pid), "--adapter", adapter, "--session", `t-${adapter}`]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error.code).toBe("ATTACH_FAILED");
      expect(r.json.error.hint).toBe(
        `process ${pid} is already traced by another debugger or tracer (strace, pid ${strace.pid}; /proc/${pid}/status TracerPid), and a process has one tracer: detach or end that one (\`kill ${strace.pid}\`), then attach again`,
      );
    }
    // Once strace lets go, the same attach works.
    strace.kill();
    await waitFor(() => tracerOf(pid) === 0, 10_000, "strace to let go");
    const ok = await env.ok(["attach", String(pid), "--adapter", adapters[0]!, "--session", "after"]);
    expect(ok.session.pid).toBe(pid);
    await env.run(["detach", "--session", "after"]);
  },
  90_000,
);

const NO_CAP = ["setpriv", "--inh-caps=-sys_ptrace", "--bounding-set=-sys_ptrace"];
(adapters.length && canDropCap ? test : test.skip)(
  "without CAP_SYS_PTRACE, attach to another user's process names the capability and --cap-add=SYS_PTRACE; doctor says it is missing",
  async () => {
    const env = newEnv();
    const pid = sleeper(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    await waitFor(() => /Uid:\s*65534/.test(readFileSync(`/proc/${pid}/status`, "utf8")), 10_000, "the sleeper to run as uid 65534");
    try {
      for (const adapter of adapters) {
        const r = wrapped(env, NO_CAP, ["attach", String(pid), "--adapter", adapter, "--session", `c-${adapter}`, "--json"]);
        expect(r.code).toBe(4);
        expect(r.json.error.code).toBe("ATTACH_FAILED");
        expect(r.json.error.hint).toStartWith(
          `process ${pid} belongs to uid 65534, and the debugger runs as uid 0 without CAP_SYS_PTRACE: run it as that user, or grant CAP_SYS_PTRACE`,
        );
        expect(r.json.error.hint).toContain("`docker run --cap-add=SYS_PTRACE`");
      }
      const doctor = wrapped(env, NO_CAP, ["doctor", adapters[0]!]);
      expect(doctor.stdout).toMatch(
        /warn ptrace +.*no CAP_SYS_PTRACE: attach by pid works for your own uid's processes \(others: grant CAP_SYS_PTRACE \(in a container: `docker run --cap-add=SYS_PTRACE`\)\)/,
      );
    } finally {
      wrapped(env, NO_CAP, ["daemon", "stop"]);
    }
  },
  90_000,
);

(adapters.length && haveCc ? test : test.skip)(
  "start under a seccomp filter that refuses ptrace names the filter and --cap-add=SYS_PTRACE, not the program path; doctor warns",
  async () => {
    writeFileSync(join(dir, "noptrace.c"), NOPTRACE_C);
    const cc = Bun.spawnSync(["cc", "-O2", "-o", join(dir, "noptrace"), join(dir, "noptrace.c")], { stderr: "pipe" });
    if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
    const probe = Bun.spawnSync([join(dir, "noptrace"), "true"]);
    if (probe.exitCode === 126) {
      console.warn(`SKIP ${FILE} seccomp: this system refuses a seccomp filter (already sandboxed without it)`);
      return;
    }
    const env = newEnv();
    const wrapper = [join(dir, "noptrace")];
    try {
      for (const adapter of adapters) {
        const r = wrapped(env, wrapper, ["start", bins["c-basic"]!, "--adapter", adapter, "--session", `s-${adapter}`, "--json"]);
        expect(r.code).toBe(4);
        expect(r.json.error.code).toBe("LAUNCH_FAILED");
        expect(r.json.error.message).toMatch(/Operation not permitted/);
        expect(r.json.error.hint).toBe(
          "ptrace was refused and a seccomp filter is on the debugger (a container's default profile, a sandbox): `docker run --cap-add=SYS_PTRACE` (or `--security-opt seccomp=unconfined`)",
        );
      }
      const doctor = wrapped(env, wrapper, ["doctor", adapters[0]!]);
      expect(doctor.stdout).toMatch(
        /warn ptrace +.*a seccomp filter is on \(a container's default profile may refuse ptrace: `docker run --cap-add=SYS_PTRACE`\)/,
      );
    } finally {
      wrapped(env, wrapper, ["daemon", "stop"]);
    }
  },
  90_000,
);
