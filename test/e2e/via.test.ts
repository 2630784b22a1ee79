// `--via 'docker exec -i NAME'` (issue 37): the adapter and the program run in a container started
// here with `--network none` (DAP only through docker exec's pipe), from an image built from this
// machine's own files (no registry is reachable). Local paths in and out (the bind mount is mapped
// from `docker inspect`), `stop` and a killed daemon leave nothing in the container (`docker top`),
// a container without SYS_PTRACE still launches (the default profile allows tracing a child), and
// one whose profile refuses ptrace gets the flags named. dockerd is started here when none runs (and
// stopped after); where it cannot start, the tests are skipped with the reason printed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, BIN, E2eEnv, missing, waitFor } from "../harness/index.ts";

const FILE = "test/e2e/via.test.ts";
const IMAGE = "dbgtest";
const linux = process.platform === "linux" || missing("docker containers here are Linux's", FILE);
const haveDocker = linux && (Bun.which("docker") !== null || missing("docker is not installed (apt-get install docker.io)", FILE));
const haveTools =
  haveDocker &&
  adapterAvailable("lldb-dap", FILE) &&
  (existsSync("/usr/lib/python3/dist-packages/debugpy") ||
    missing("python3-debugpy is not installed (apt-get install python3-debugpy): the image takes it from this machine", FILE)) &&
  (Bun.which("cc") !== null || missing("cc is not installed", FILE));

function docker(args: string[], input?: Blob): { code: number; out: string; err: string } {
  const r = Bun.spawnSync(["docker", ...args], { stdin: input ?? "ignore", stdout: "pipe", stderr: "pipe", timeout: 300_000 });
  return { code: r.exitCode ?? -1, out: r.stdout.toString(), err: r.stderr.toString() };
}

const dockerUp = () => docker(["info", "--format", "{{.ServerVersion}}"]).code === 0;

/** Why the docker tests cannot run (dockerd not startable here), or undefined when they can. */
let skipReason: string | undefined;
let dockerd: ReturnType<typeof Bun.spawn> | undefined;
let dir = "";
const containers: string[] = [];
const envs: E2eEnv[] = [];
const ok = () => haveTools && !skipReason;

async function startDockerd(): Promise<string | undefined> {
  if (dockerUp()) return undefined;
  if (!Bun.which("dockerd")) return "dockerd is not installed and no docker daemon answers";
  if (process.getuid?.() !== 0) return "no docker daemon answers and starting dockerd needs root";
  const log = openSync(join(dir, "dockerd.log"), "w");
  dockerd = Bun.spawn(["dockerd"], { stdin: "ignore", stdout: log, stderr: log });
  const up = await waitFor(dockerUp, 30_000, "dockerd to answer").then(
    () => true,
    () => false,
  );
  if (up) return undefined;
  dockerd.kill("SIGTERM");
  await dockerd.exited;
  dockerd = undefined;
  return `dockerd could not start here (its log: ${join(dir, "dockerd.log")})`;
}

/** The image: this machine's programs, libraries, lldb-19 and Python 3.11 with debugpy; built once. */
function buildImage(): string | undefined {
  if (docker(["image", "inspect", IMAGE]).code === 0) return undefined;
  // Each path once (a path listed twice makes the import fail), and only those that exist.
  const paths = [
    ...new Set([
      "bin",
      "lib",
      "lib64",
      "usr/lib64",
      "usr/bin",
      "usr/lib/x86_64-linux-gnu",
      "usr/lib/llvm-19",
      "usr/lib/python3",
      "usr/lib/python3.11",
      "etc/alternatives",
      "etc/ld.so.cache",
    ]),
  ].filter((p) => existsSync(`/${p}`));
  const tar = Bun.spawnSync(["tar", "-C", "/", "-cf", join(dir, "root.tar"), ...paths], { stderr: "pipe" });
  if (tar.exitCode !== 0 && tar.exitCode !== 1) return `tar of the machine's files failed: ${tar.stderr.toString()}`;
  const r = docker(["import", join(dir, "root.tar"), IMAGE]);
  rmSync(join(dir, "root.tar"), { force: true });
  return r.code === 0 ? undefined : `docker import failed: ${r.err}`;
}

/** Processes in a container, by their pid there (its own pid namespace), whose command line has `text`. */
function pidsIn(name: string, text: string): number[] {
  const r = docker(["exec", name, "sh", "-c", 'for d in /proc/[0-9]*; do printf "%s %s\\n" "${d#/proc/}" "$(tr "\\0" " " < $d/cmdline)"; done']);
  return r.out
    .split("\n")
    .filter((l) => l.includes(text) && !l.includes("for d in"))
    .map((l) => Number(l.split(" ")[0]));
}

function runContainer(name: string, extra: string[]): void {
  const r = docker(["run", "-d", "--name", name, "--network", "none", ...extra, "-v", `${dir}/src:/work`, IMAGE, "/bin/sleep", "infinity"]);
  if (r.code !== 0) throw new Error(`docker run ${name}: ${r.err}`);
  containers.push(name);
}

/** The commands running in the container besides its `sleep`. */
function leftIn(name: string): string[] {
  const r = docker(["top", name, "-eo", "pid,args"]);
  return r.out
    .split("\n")
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l && !l.endsWith("/bin/sleep infinity"));
}

const C_SRC = `#include <stdio.h>
int add(int a, int b) {
  int s = a + b;
  return s;
}
int main(void) {
  int x = 2;
  int y = add(x, 3);
  printf("y=%d\\n", y);
  return 0;
}
`;
const PY_SRC = `def add(a, b):
    s = a + b
    return s

x = 2
y = add(x, 3)
print("y =", y)
`;

const LOOP_SRC = `#include <unistd.h>
int tick(int i) {
  int t = i * 2;
  return t;
}
int main(void) {
  for (int i = 0;; i++) {
    tick(i);
    usleep(50000);
  }
}
`;
const TEST_SRC = `def add(a, b):
    return a - b


def test_add():
    got = add(2, 3)
    assert got == 5
`;

const tag = `dbg-via-${process.pid}`;
const BARE = `${tag}-bare`;
const CAP = `${tag}-cap`;
const NOCAP = `${tag}-nocap`;
const DENIED = `${tag}-noptrace`;

beforeAll(async () => {
  if (!haveTools) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-via-"));
  skipReason = await startDockerd();
  if (!skipReason) skipReason = buildImage();
  if (skipReason) {
    console.warn(`SKIP ${FILE}: ${skipReason}`);
    return;
  }
  // The sources live outside the container's file system tree; the container sees them at /work.
  Bun.spawnSync(["mkdir", "-p", join(dir, "src")]);
  writeFileSync(join(dir, "src", "prog.c"), C_SRC);
  writeFileSync(join(dir, "src", "prog.py"), PY_SRC);
  writeFileSync(join(dir, "src", "loop.c"), LOOP_SRC);
  writeFileSync(join(dir, "src", "test_calc.py"), TEST_SRC);
  for (const name of ["prog", "loop"]) {
    const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, "src", name), join(dir, "src", `${name}.c`)], { stderr: "pipe" });
    if (cc.exitCode !== 0) throw new Error(`cc: ${cc.stderr}`);
  }
  // A Go program for Delve in the container (dlv is in the image: /usr/bin is this machine's).
  if (Bun.which("go") && Bun.which("dlv")) {
    Bun.spawnSync(["mkdir", "-p", join(dir, "src", "gop")]);
    writeFileSync(
      join(dir, "src", "gop", "main.go"),
      'package main\n\nimport "fmt"\n\nfunc add(a, b int) int {\n\ts := a + b\n\treturn s\n}\n\nfunc main() {\n\tfmt.Println("y =", add(2, 3))\n}\n',
    );
    writeFileSync(join(dir, "src", "gop", "go.mod"), "module gop\n\ngo 1.19\n");
    // Built as if in the container (its debug info names /work/gop, where the container has it):
    // Delve binds a breakpoint only on the path the binary was built with.
    const go = Bun.spawnSync(["go", "build", `-gcflags=all=-N -l -trimpath=${join(dir, "src", "gop")}=>/work/gop`, "-o", "gop", "."], {
      cwd: join(dir, "src", "gop"),
      stderr: "pipe",
    });
    if (go.exitCode !== 0) throw new Error(`go build: ${go.stderr}`);
  }
  // A target without the adapters: empty directories over lldb's and the Python packages'.
  Bun.spawnSync(["mkdir", "-p", join(dir, "empty")]);
  runContainer(CAP, ["--cap-add=SYS_PTRACE"]);
  runContainer(NOCAP, []);
  // A profile that refuses ptrace itself, as a hardened one or an older kernel's default does.
  writeFileSync(join(dir, "noptrace.json"), JSON.stringify({ defaultAction: "SCMP_ACT_ALLOW", syscalls: [{ names: ["ptrace"], action: "SCMP_ACT_ERRNO" }] }));
  runContainer(DENIED, ["--security-opt", `seccomp=${join(dir, "noptrace.json")}`]);
  runContainer(BARE, ["-v", `${join(dir, "empty")}:/usr/lib/llvm-19:ro`, "-v", `${join(dir, "empty")}:/usr/lib/python3/dist-packages:ro`]);
}, 600_000);

afterAll(async () => {
  for (const e of envs) await e.close();
  for (const c of containers) docker(["rm", "-f", c]);
  if (dockerd) {
    dockerd.kill("SIGTERM");
    await Promise.race([dockerd.exited, Bun.sleep(20_000)]);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function newEnv(): E2eEnv {
  const env = new E2eEnv({ prefix: "dbg-via-" });
  envs.push(env);
  return env;
}

const via = (name: string) => `docker exec -i ${name}`;

test.if(haveTools)(
  "a C program in a container: break on the local file, next, print, stop leaves nothing there",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const started = await env.ok(["start", join(src, "prog"), "--via", via(CAP), "--break", `${join(src, "prog.c")}:3`], { cwd: src });
    expect(started.state).toBe("stopped");
    // Stops name the local file (the container's /work/prog.c mapped back) with its lines.
    expect(started.stop?.frame).toMatchObject({ function: "add", file: join(src, "prog.c"), line: 3 });
    expect(started.stop?.source?.find((l) => l.current)?.text).toBe("  int s = a + b;");
    expect(leftIn(CAP).some((l) => l.includes("lldb-dap"))).toBe(true);
    const next = await env.ok(["next"], { cwd: src });
    expect(next.stop?.frame).toMatchObject({ file: join(src, "prog.c"), line: 4 });
    expect((await env.ok(["print", "s"], { cwd: src })).result).toBe("5");
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);

test.if(haveTools)(
  "a Python program in a container: debugpy found there, break, next, print, stop",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const started = await env.ok(["start", join(src, "prog.py"), "--via", via(CAP), "--break", `${join(src, "prog.py")}:2`], { cwd: src });
    expect(started.stop?.frame).toMatchObject({ function: "add", file: join(src, "prog.py"), line: 2 });
    expect(leftIn(CAP).some((l) => l.includes("debugpy"))).toBe(true);
    const next = await env.ok(["next"], { cwd: src });
    expect(next.stop?.frame).toMatchObject({ file: join(src, "prog.py"), line: 3 });
    expect((await env.ok(["print", "s"], { cwd: src })).result).toBe("5");
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);

test.if(haveTools)(
  "run --via: one row per stop and the program's end, nothing left in the container",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const r = await env.ok(["run", join(src, "prog"), "--via", via(CAP), "--break", `${join(src, "prog.c")}:4`, "--print", "s"], { cwd: src });
    expect(r.hits.map((h) => h.values?.map((v) => v.value))).toEqual([["5"]]);
    expect(r.hits[0]?.frame).toMatchObject({ file: join(src, "prog.c"), line: 4 });
    expect(r.stop?.exitCode).toBe(0);
    expect(r.stop?.output).toContain("y=5");
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);

test.if(haveTools)(
  "a container without SYS_PTRACE: a launch still works (docker's default profile lets a debugger trace its child)",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const r = await env.ok(["run", join(src, "prog"), "--via", via(NOCAP), "--break", `${join(src, "prog.c")}:4`, "--print", "s"], { cwd: src });
    expect(r.hits.map((h) => h.values?.map((v) => v.value))).toEqual([["5"]]);
    await waitFor(() => leftIn(NOCAP).length === 0, 10_000, "nothing left in the container");
  },
  60_000,
);

test.if(haveTools)(
  "a container whose seccomp profile refuses ptrace: LAUNCH_FAILED naming --cap-add=SYS_PTRACE and seccomp=unconfined",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const r = await env.run(["start", join(src, "prog"), "--via", via(DENIED), "--break", `${join(src, "prog.c")}:3`], { cwd: src });
    expect(r.exitCode).toBe(4);
    expect(r.json.error).toMatchObject({ code: "LAUNCH_FAILED" });
    expect(r.json.error?.message).toContain("ptrace");
    expect(r.json.error?.hint).toContain("--cap-add=SYS_PTRACE");
    expect(r.json.error?.hint).toContain("seccomp=unconfined");
    await waitFor(() => leftIn(DENIED).length === 0, 10_000, "nothing left in the container");
  },
  60_000,
);

test.if(haveTools)(
  "a container that is not there: the inspect's error, not a hang",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const r = await env.run(["start", join(src, "prog"), "--via", via(`${tag}-absent`)], { cwd: src });
    expect(r.exitCode).toBe(4);
    expect(r.json.error).toMatchObject({ code: "ADAPTER_START_FAILED" });
    expect(r.json.error?.message).toContain(`${tag}-absent`);
  },
  60_000,
);

test.if(haveTools)(
  "a daemon killed mid-session leaves nothing in the container (the pipe's end ends the adapter there)",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    for (const [program, line] of [
      ["prog", "prog.c:3"],
      ["prog.py", "prog.py:2"],
    ] as const) {
      await env.ok(["start", join(src, program), "--via", via(CAP), "--break", join(src, line)], { cwd: src });
      expect(leftIn(CAP).length).toBeGreaterThan(0);
      const daemon = JSON.parse(readFileSync(join(env.runtimeDir, "daemon.json"), "utf8")).pid as number;
      process.kill(daemon, "SIGKILL");
      await waitFor(() => leftIn(CAP).length === 0, 15_000, `nothing left in the container after the daemon died (${program})`);
    }
  },
  120_000,
);

// --map without docker: `env` stands in for ssh or kubectl (a command that runs the adapter's argv
// elsewhere); the "target" keeps the program and its sources in another tree than the local copy.
const haveLocalLldb = linux && adapterAvailable("lldb-dap", FILE) && (Bun.which("cc") !== null || missing("cc is not installed", FILE));
test.if(haveLocalLldb)(
  "--map REMOTE=LOCAL through a command that is not docker: break on the local copy, stops name it",
  async () => {
    const base = mkdtempSync(join(tmpdir(), "dbg-via-map-"));
    try {
      const remote = join(base, "remote");
      const local = join(base, "local");
      Bun.spawnSync(["mkdir", "-p", remote, local]);
      writeFileSync(join(remote, "prog.c"), C_SRC);
      writeFileSync(join(local, "prog.c"), C_SRC);
      const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(remote, "prog"), join(remote, "prog.c")], { stderr: "pipe" });
      expect(cc.exitCode).toBe(0);
      const env = newEnv();
      const started = await env.ok(["start", join(remote, "prog"), "--via", "env", "--map", `${remote}=${local}`, "--break", `${join(local, "prog.c")}:3`], {
        cwd: local,
      });
      expect(started.stop?.frame).toMatchObject({ function: "add", file: join(local, "prog.c"), line: 3 });
      expect(started.breakpoints[0]).toMatchObject({ verified: true });
      expect((await env.ok(["print", "a + b"], { cwd: local })).result).toBe("5");
      await env.ok(["stop"], { cwd: local });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  },
  60_000,
);

test.if(haveTools)(
  "attach --via by the container's own pid, and --wait NAME polled in the container; stop detaches, the wait leaves nothing",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    expect(docker(["exec", "-d", CAP, "/work/loop"]).code).toBe(0);
    await waitFor(() => pidsIn(CAP, "/work/loop").length === 1, 10_000, "the loop to run in the container");
    const [pid] = pidsIn(CAP, "/work/loop");
    // The container's pid: in its namespace (not this machine's), so not a pid here that is the loop.
    const attached = await env.ok(["attach", String(pid), "--via", via(CAP), "--break", `${join(src, "loop.c")}:3`], { cwd: src });
    expect(attached.session).toMatchObject({ adapter: "lldb-dap", pid });
    const stop = (await env.ok(["await"], { cwd: src })).stop;
    expect(stop?.frame).toMatchObject({ function: "tick", file: join(src, "loop.c"), line: 3 });
    expect((await env.ok(["print", "i * 2"], { cwd: src })).result).toMatch(/^\d+$/);
    await env.ok(["stop"], { cwd: src });
    // Detached, not ended: the loop runs on; the adapter is gone.
    await waitFor(() => !leftIn(CAP).some((l) => l.includes("lldb-dap")), 10_000, "lldb-dap gone after stop");
    expect(pidsIn(CAP, "/work/loop")).toEqual([pid!]);

    // --wait: only a new process counts; it is started while the wait runs.
    const waiting = env.run(["attach", "--wait", "loop", "--via", via(CAP), "--break", `${join(src, "loop.c")}:3`, "--timeout", "30"], { cwd: src });
    await waitFor(() => leftIn(CAP).some((l) => l.includes("exec 3<&0")), 15_000, "the wait to poll in the container");
    expect(docker(["exec", "-d", CAP, "/work/loop"]).code).toBe(0);
    const w = await waiting;
    expect(w.exitCode).toBe(0);
    const newPid = pidsIn(CAP, "/work/loop").find((p) => p !== pid);
    expect(w.json.data?.waited).toMatchObject({ name: "loop", pid: newPid, others: [] });
    expect((await env.ok(["await"], { cwd: src })).stop?.frame).toMatchObject({ function: "tick", line: 3 });
    expect(leftIn(CAP).some((l) => l.includes("exec 3<&0"))).toBe(false);
    await env.ok(["stop"], { cwd: src });
    docker(["exec", CAP, "sh", "-c", "for d in /proc/[0-9]*; do case \"$(tr '\\0' ' ' < $d/cmdline)\" in /work/loop*) kill -9 ${d#/proc/};; esac; done"]);
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");

    // A wait that times out ends its poll in the container too.
    const timedOut = await env.run(["attach", "--wait", "nothere", "--via", via(CAP), "--timeout", "1"], { cwd: src });
    expect(timedOut.json.error).toMatchObject({ code: "TIMEOUT" });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "no poll left after the timeout");
  },
  120_000,
);

test.if(haveTools)(
  "test --via -- pytest: the failing test's frame in the container, its locals, stop leaves nothing",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const r = await env.ok(["test", "--via", via(CAP), "--", "pytest", "-q", "-p", "no:cacheprovider", "test_calc.py"], { cwd: src });
    expect(r.stop?.frame).toMatchObject({ function: "test_add", file: join(src, "test_calc.py"), line: 7 });
    expect((await env.ok(["print", "got"], { cwd: src })).result).toBe("-1");
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
    const other = await env.run(["test", "--via", via(CAP), "--", "go", "test", "./..."], { cwd: src });
    expect(other.json.error).toMatchObject({ code: "UNSUPPORTED" });
  },
  120_000,
);

test.if(haveTools)(
  "doctor --via: what the container has; a container without the adapters: their names to install there, and start says it too",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    const good = await env.ok(["doctor", "--via", via(CAP)], { cwd: src });
    expect(good.adapters.find((a) => a.name === "lldb-dap")).toMatchObject({ found: true, path: "/usr/bin/lldb-dap-19" });
    expect(good.adapters.find((a) => a.name === "debugpy")).toMatchObject({ found: true });
    expect(good.checks.find((c) => c.name === "ptrace")?.message).toContain("CAP_SYS_PTRACE in the target");
    const nocap = await env.ok(["doctor", "--via", via(NOCAP)], { cwd: src });
    expect(nocap.checks.find((c) => c.name === "ptrace")).toMatchObject({ warn: true });
    expect(nocap.checks.find((c) => c.name === "ptrace")?.message).toContain("--cap-add=SYS_PTRACE");
    const bare = await env.run(["doctor", "lldb-dap", "--via", via(BARE)], { cwd: src });
    expect(bare.exitCode).not.toBe(0);
    expect(bare.json.error).toMatchObject({ code: "CHECK_FAILED" });
    expect(bare.json.error?.hint).toContain("lldb-19");
    const noLldb = await env.run(["start", join(src, "prog"), "--via", via(BARE)], { cwd: src });
    expect(noLldb.json.error).toMatchObject({ code: "ADAPTER_NOT_FOUND" });
    expect(noLldb.json.error?.hint).toContain("install it there");
    const noDebugpy = await env.run(["start", join(src, "prog.py"), "--via", via(BARE)], { cwd: src });
    expect(noDebugpy.json.error).toMatchObject({ code: "ADAPTER_NOT_FOUND" });
    expect(noDebugpy.json.error?.hint).toContain("debugpy");
    const setup = await env.run(["setup", "--via", via(BARE)], { cwd: src });
    expect(setup.json.error).toMatchObject({ code: "UNSUPPORTED" });
    await waitFor(() => leftIn(BARE).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);

test.if(haveTools)(
  "a killed CLI during run, and a docker stop mid-session: nothing left in the container, the session says its adapter ended",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    // run of the endless loop, without breakpoints: the CLI is killed while it runs.
    const cli = Bun.spawn([BIN, "run", join(src, "loop"), "--via", via(CAP), "--timeout", "60"], {
      cwd: src,
      env: env.env,
      stdout: "ignore",
      stderr: "ignore",
    });
    await waitFor(() => pidsIn(CAP, "/work/loop").length > 0, 20_000, "the loop to run under the debugger");
    cli.kill("SIGKILL");
    await cli.exited;
    await waitFor(() => leftIn(CAP).length === 0, 15_000, "nothing left after the CLI was killed");

    // A container stopped under a session: the session ends (the pipe closed), not hangs.
    const STOPPED = `${tag}-stopped`;
    runContainer(STOPPED, ["--cap-add=SYS_PTRACE"]);
    await env.ok(["start", join(src, "prog"), "--via", via(STOPPED), "--break", `${join(src, "prog.c")}:3`], { cwd: src });
    expect(docker(["stop", "-t", "1", STOPPED]).code).toBe(0);
    await waitFor(async () => (await env.run(["status"], { cwd: src })).json.data?.state === "terminated", 15_000, "the session to end with the container");
    const status = await env.run(["status"], { cwd: src });
    expect(JSON.stringify(status.json.data?.stop)).toContain("adapter exited");
  },
  120_000,
);

// kubectl cannot be run against a cluster here: a stand-in checks the argument shape a pod takes
// (`kubectl exec -i POD -c CONTAINER -- ARGV…`) and runs ARGV on this machine, so the whole path
// (lookup, relay placement, the adapter, the wait's poll) goes through that shape. Delve through it
// exercises the relay without sshd.
const haveGo =
  linux &&
  (Bun.which("dlv") !== null || missing("dlv is not installed (apt-get install delve)", FILE)) &&
  (Bun.which("go") !== null || missing("go is not installed", FILE));
test.if(haveGo)(
  "kubectl's argument shape (a stand-in): Delve through the relay, every command in the pod's shape",
  async () => {
    const base = mkdtempSync(join(tmpdir(), "dbg-via-kubectl-"));
    try {
      const remote = join(base, "remote");
      const local = join(base, "local");
      const bin = join(base, "bin");
      Bun.spawnSync(["mkdir", "-p", remote, local, bin]);
      const GO = 'package main\n\nimport "fmt"\n\nfunc add(a, b int) int {\n\ts := a + b\n\treturn s\n}\n\nfunc main() {\n\tfmt.Println(add(2, 3))\n}\n';
      for (const d of [remote, local]) {
        writeFileSync(join(d, "main.go"), GO);
        writeFileSync(join(d, "go.mod"), "module prog\n\ngo 1.19\n");
      }
      const build = Bun.spawnSync(["go", "build", "-gcflags=all=-N -l", "-o", "prog", "."], { cwd: remote, stderr: "pipe" });
      expect(build.exitCode).toBe(0);
      const log = join(base, "calls");
      writeFileSync(
        join(bin, "kubectl"),
        `#!/bin/sh\n[ "$1" = exec ] && [ "$2" = -i ] && [ "$3" = web-7d9f ] && [ "$4" = -c ] && [ "$5" = app ] && [ "$6" = -- ] || { echo "kubectl stand-in: not the shape of a pod exec: $*" >&2; exit 2; }\nprintf '%s\\n' "$7" >> ${log}\nshift 6\nXDG_CACHE_HOME=${join(base, "cache")} exec "$@"\n`,
        { mode: 0o755 },
      );
      const env = newEnv();
      const via = `${join(bin, "kubectl")} exec -i web-7d9f -c app --`;
      const started = await env.ok(["start", join(remote, "prog"), "--via", via, "--map", `${remote}=${local}`, "--break", `${join(local, "main.go")}:6`], {
        cwd: local,
      });
      expect(started.session.adapter).toBe("delve");
      expect(started.stop?.frame).toMatchObject({ function: "main.add", file: join(local, "main.go"), line: 6 });
      expect((await env.ok(["next"], { cwd: local })).stop?.frame).toMatchObject({ line: 7 });
      expect((await env.ok(["print", "s"], { cwd: local })).result).toBe("5");
      await env.ok(["stop"], { cwd: local });
      // The lookup's shell, the relay's placement and the relay itself, each as a pod exec.
      const calls = readFileSync(log, "utf8").trim().split("\n");
      expect(calls).toEqual(["sh", "sh", "sh", expect.stringMatching(/\/debugger\/relay-[0-9a-f]+$/)]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  },
  120_000,
);

test.if(haveTools && haveGo)(
  "a Go program in a --network none container: Delve behind the relay on the container's own loopback",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src", "gop");
    const started = await env.ok(["start", join(src, "gop"), "--via", via(CAP), "--break", `${join(src, "main.go")}:6`], { cwd: src });
    expect(started.session.adapter).toBe("delve");
    expect(started.stop?.frame).toMatchObject({ function: "main.add", file: join(src, "main.go"), line: 6 });
    expect(leftIn(CAP).some((l) => l.includes("__relay"))).toBe(true);
    expect((await env.ok(["print", "a + b"], { cwd: src })).result).toBe("5");
    const end = await env.ok(["continue"], { cwd: src });
    expect(end.stop?.output).toContain("y = 5");
    expect(end.stop?.exitCode).toBe(0);
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);

// `--target NAME`: config.toml's [targets.NAME] gives the via command and the maps.
test("--target with a name config.toml does not have: INVALID_ARGUMENT listing the targets it has", async () => {
  const env = new E2eEnv({
    prefix: "dbg-via-target-",
    config: '[targets.box]\nvia = ["docker", "exec", "-i", "box"]\n\n[targets.staging]\nvia = ["ssh", "staging"]\nmap = ["/srv/app=/home/me/app"]\n',
  });
  envs.push(env);
  for (const argv of [
    ["start", "./prog", "--target", "boxx"],
    ["run", "./prog", "--target", "boxx"],
    ["test", "--target", "boxx", "--", "pytest"],
    ["attach", "1", "--target", "boxx"],
    ["doctor", "--target", "boxx"],
  ]) {
    const r = await env.run(argv);
    expect([argv[0], r.exitCode]).toEqual([argv[0], 2]);
    expect(r.json.error).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(r.json.error?.message).toContain("no target 'boxx'");
    expect(r.json.error?.message).toContain("box, staging");
    expect(r.json.error?.hint).toContain("--target box");
  }
  const both = await env.run(["start", "./prog", "--target", "box", "--via", "ssh x"]);
  expect(both.json.error).toMatchObject({ code: "USAGE" });
  const none = new E2eEnv({ prefix: "dbg-via-target-" });
  envs.push(none);
  const r = await none.run(["start", "./prog", "--target", "box"]);
  expect(r.json.error?.message).toContain("names no targets");
  expect(r.json.error?.hint).toContain("[targets.box]");
  const bad = new E2eEnv({ prefix: "dbg-via-target-", config: '[targets.box]\nvia = "docker exec -i box"\n' });
  envs.push(bad);
  expect((await bad.run(["start", "./prog", "--target", "box"])).json.error?.message).toContain("targets.box.via");
  // --stdin through a target stays refused, clearly (the via command's stdin is DAP's).
  const here = new E2eEnv({ prefix: "dbg-via-target-", config: '[targets.here]\nvia = ["env"]\n' });
  envs.push(here);
  writeFileSync(join(here.dir, "p.py"), "print(1)\n");
  for (const where of [
    ["--target", "here"],
    ["--via", "env"],
  ]) {
    const r = await here.run(["start", join(here.dir, "p.py"), ...where, "--stdin", join(here.dir, "p.py")]);
    expect(r.json.error).toMatchObject({ code: "UNSUPPORTED" });
    expect(r.json.error?.message).toContain("--stdin with --via");
    expect(r.json.error?.hint).toContain("copy the file into the target");
  }
}, 60_000);

test.if(haveTools)(
  "--target NAME on start, run, test, attach and doctor: the command and maps config.toml gives it",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const src = join(dir, "src");
    // An extra map that matches nothing is taken with the container's own bind mounts.
    const env = new E2eEnv({ prefix: "dbg-via-", config: `[targets.box]\nvia = ["docker", "exec", "-i", "${CAP}"]\nmap = ["/nowhere=/tmp"]\n` });
    envs.push(env);
    const started = await env.ok(["start", join(src, "prog"), "--target", "box", "--break", `${join(src, "prog.c")}:3`], { cwd: src });
    expect(started.stop?.frame).toMatchObject({ function: "add", file: join(src, "prog.c"), line: 3 });
    expect(leftIn(CAP).some((l) => l.includes("lldb-dap"))).toBe(true);
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
    const r = await env.ok(["run", join(src, "prog.py"), "--target", "box", "--break", `${join(src, "prog.py")}:3`, "--print", "s"], { cwd: src });
    expect(r.hits.map((h) => h.values?.map((v) => v.value))).toEqual([["5"]]);
    const t = await env.ok(["test", "--target", "box", "--", "pytest", "-q", "-p", "no:cacheprovider", "test_calc.py"], { cwd: src });
    expect(t.stop?.frame).toMatchObject({ function: "test_add", file: join(src, "test_calc.py"), line: 7 });
    await env.ok(["stop"], { cwd: src });
    const d = await env.ok(["doctor", "--target", "box"], { cwd: src });
    expect(d.adapters.find((a) => a.name === "lldb-dap")).toMatchObject({ found: true, path: "/usr/bin/lldb-dap-19" });
    expect(docker(["exec", "-d", CAP, "/work/loop"]).code).toBe(0);
    await waitFor(() => pidsIn(CAP, "/work/loop").length === 1, 10_000, "the loop to run in the container");
    const [pid] = pidsIn(CAP, "/work/loop");
    const attached = await env.ok(["attach", String(pid), "--target", "box", "--break", `${join(src, "loop.c")}:3`], { cwd: src });
    expect(attached.session).toMatchObject({ adapter: "lldb-dap", pid });
    expect((await env.ok(["await"], { cwd: src })).stop?.frame).toMatchObject({ function: "tick", file: join(src, "loop.c"), line: 3 });
    await env.ok(["stop"], { cwd: src });
    docker(["exec", CAP, "sh", "-c", "for d in /proc/[0-9]*; do case \"$(tr '\\0' ' ' < $d/cmdline)\" in /work/loop*) kill -9 ${d#/proc/};; esac; done"]);
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  180_000,
);

test.if(haveTools)(
  "a file that exists only in the container: the stop's lines and `list` read there, through the via command",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const src = join(dir, "src");
    // Outside the bind mount and outside this machine's tree (the image has no /opt): no copy here.
    const only = "/opt/only dir/tgt.py";
    expect(existsSync(only)).toBe(false);
    expect(docker(["exec", "-i", CAP, "sh", "-c", 'mkdir -p "/opt/only dir" && cat > "$1"', "sh", only], new Blob([PY_SRC])).code).toBe(0);
    const started = await env.ok(["start", only, "--via", via(CAP), "--break", `${only}:2`], { cwd: src });
    expect(started.stop?.frame).toMatchObject({ function: "add", file: only, line: 2 });
    expect(started.stop?.source?.find((l) => l.current)?.text).toBe("    s = a + b");
    const listed = await env.ok(["list"], { cwd: src });
    expect(listed.lines.find((l) => l.current)).toMatchObject({ line: 2, text: "    s = a + b" });
    expect(listed.lines.map((l) => l.text)).toContain('print("y =", y)');
    const next = await env.ok(["next"], { cwd: src });
    expect(next.stop?.source?.find((l) => l.current)?.text).toBe("    return s");
    expect((await env.ok(["list", "5-6"], { cwd: src })).lines.map((l) => l.text)).toEqual(["x = 2", "y = add(x, 3)"]);
    // By its path there, and by its base name (the current file's).
    expect((await env.ok(["list", `${only}:7`], { cwd: src })).lines.find((l) => l.line === 7)?.text).toBe('print("y =", y)');
    expect((await env.ok(["list", "tgt.py:1-1"], { cwd: src })).lines.map((l) => l.text)).toEqual(["def add(a, b):"]);
    await env.ok(["stop"], { cwd: src });
    await waitFor(() => leftIn(CAP).length === 0, 10_000, "nothing left in the container");
  },
  120_000,
);
