// `--via 'ssh …'` (issue 37) against a real sshd on 127.0.0.1 that the test starts (a throw-away
// host key and user key; the keys and relay cache in a temp directory). A Go program under Delve,
// which only listens on TCP: the debugger's own executable relays DAP inside the target to dlv's
// loopback port. The program and its sources live in another tree than the "checkout" (--map).
// Nothing left behind is checked with the process table (the target is this machine): after stop,
// after a killed daemon and after the ssh connection is cut. Where sshd cannot run, each test says why.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2eEnv, missing, waitFor } from "../harness/index.ts";

const FILE = "test/e2e/viaSsh.test.ts";
const SSHD = "/usr/sbin/sshd";
const linux = process.platform === "linux" || missing("the relay runs on Linux targets", FILE);
const have =
  linux &&
  (existsSync(SSHD) || missing("sshd is not installed (apt-get install openssh-server)", FILE)) &&
  (Bun.which("ssh") !== null || missing("ssh is not installed (apt-get install openssh-client)", FILE)) &&
  (Bun.which("dlv") !== null || missing("dlv is not installed (apt-get install delve)", FILE)) &&
  (Bun.which("go") !== null || missing("go is not installed (apt-get install golang-go)", FILE));

const GO_SRC = `package main

import "fmt"

func add(a, b int) int {
	s := a + b
	return s
}

func main() {
	x := 2
	y := add(x, 3)
	fmt.Println("y =", y)
	for i := 0; len(fmt.Sprint(i)) > 0 && x > 0; i++ {
		x = add(x, 0)
	}
}
`;

let dir = "";
let sshd: ReturnType<typeof Bun.spawn> | undefined;
let skipReason: string | undefined;
let via = "";
const port = 20000 + (process.pid % 20000);
const envs: E2eEnv[] = [];

function sshArgs(): string[] {
  return [
    "-p",
    String(port),
    "-i",
    join(dir, "userkey"),
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
    "-o",
    "BatchMode=yes",
    "-o",
    `SetEnv=XDG_CACHE_HOME=${join(dir, "cache")}`,
    "root@127.0.0.1",
  ];
}

async function startSshd(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return "sshd for root on 127.0.0.1 needs root here";
  for (const k of ["hostkey", "userkey"]) {
    const r = Bun.spawnSync(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", join(dir, k)], { stderr: "pipe" });
    if (r.exitCode !== 0) return `ssh-keygen failed: ${r.stderr}`;
  }
  writeFileSync(join(dir, "authorized_keys"), readFileSync(join(dir, "userkey.pub")), { mode: 0o600 });
  // sshd refuses to start without its privilege separation directory.
  mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  sshd = Bun.spawn(
    [
      SSHD,
      "-D",
      "-p",
      String(port),
      "-h",
      join(dir, "hostkey"),
      "-o",
      "ListenAddress=127.0.0.1",
      "-o",
      `AuthorizedKeysFile=${join(dir, "authorized_keys")}`,
      "-o",
      "StrictModes=no",
      "-o",
      "PidFile=none",
      "-o",
      "AcceptEnv=XDG_CACHE_HOME",
      "-E",
      join(dir, "sshd.log"),
    ],
    { stdin: "ignore", stdout: "ignore", stderr: "pipe" },
  );
  const up = await waitFor(
    () => Bun.spawnSync(["ssh", ...sshArgs(), "true"], { stdin: "ignore", stderr: "ignore" }).exitCode === 0,
    20_000,
    "sshd to answer",
  ).then(
    () => true,
    () => false,
  );
  if (up) return undefined;
  sshd.kill("SIGKILL");
  return `sshd could not start or refused the key (${existsSync(join(dir, "sshd.log")) ? readFileSync(join(dir, "sshd.log"), "utf8").trim().slice(-300) : "no log"})`;
}

beforeAll(async () => {
  if (!have) return;
  dir = mkdtempSync(join(tmpdir(), "dbg-via-ssh-"));
  skipReason = await startSshd();
  if (skipReason) return console.warn(`SKIP ${FILE}: ${skipReason}`);
  via = ["ssh", ...sshArgs()].join(" ");
  for (const tree of ["remote", "local"]) {
    mkdirSync(join(dir, tree));
    writeFileSync(join(dir, tree, "main.go"), GO_SRC);
    writeFileSync(join(dir, tree, "go.mod"), "module prog\n\ngo 1.19\n");
  }
  const build = Bun.spawnSync(["go", "build", "-gcflags=all=-N -l", "-o", "prog", "."], {
    cwd: join(dir, "remote"),
    stderr: "pipe",
    env: { ...process.env, GOFLAGS: "-mod=mod" },
  });
  if (build.exitCode !== 0) throw new Error(`go build: ${build.stderr}`);
}, 120_000);

afterAll(async () => {
  for (const e of envs) await e.close();
  if (sshd) {
    sshd.kill("SIGTERM");
    await sshd.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const ok = () => have && !skipReason;

/** This test's processes: the program, the relay in its cache dir, dlv (run in the program's directory), the ssh clients (their SetEnv names the cache). */
function left(): string[] {
  const out: string[] = [];
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      let cwd = "";
      try {
        cwd = readlinkSync(`/proc/${p}/cwd`);
      } catch {}
      if (cmd.includes(join(dir, "remote", "prog")) || cmd.includes(join(dir, "cache")) || cwd === join(dir, "remote")) out.push(`${p} ${cmd}`);
    } catch {}
  }
  return out;
}

function newEnv(): E2eEnv {
  const env = new E2eEnv({ prefix: "dbg-via-ssh-" });
  envs.push(env);
  return env;
}

const local = () => join(dir, "local");
const startArgs = (line: number) =>
  ["start", join(dir, "remote", "prog"), "--via", via, "--map", `${join(dir, "remote")}=${local()}`, "--break", `${join(local(), "main.go")}:${line}`] as const;

test.if(have)(
  "a Go program over ssh 127.0.0.1 under Delve: break on the local file, next, print, stop leaves nothing",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const started = await env.ok(startArgs(6), { cwd: local() });
    expect(started.session.adapter).toBe("delve");
    expect(started.stop?.frame).toMatchObject({ function: "main.add", file: join(local(), "main.go"), line: 6 });
    expect(started.stop?.source?.find((l) => l.current)?.text).toBe("\ts := a + b");
    expect(started.breakpoints[0]).toMatchObject({ verified: true, file: join(local(), "main.go") });
    // The relay runs from the target's cache, named by this build's hash.
    expect(left().some((l) => l.includes("__relay"))).toBe(true);
    expect(left().some((l) => l.includes("dlv dap"))).toBe(true);
    const next = await env.ok(["next"], { cwd: local() });
    expect(next.stop?.frame).toMatchObject({ file: join(local(), "main.go"), line: 7 });
    expect((await env.ok(["print", "s"], { cwd: local() })).result).toBe("5");
    await env.ok(["stop"], { cwd: local() });
    await waitFor(() => left().length === 0, 15_000, "nothing left in the target after stop");
  },
  120_000,
);

test.if(have)(
  "run --via ssh: a row per hit, the program's output back through the relay, nothing left after",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    const r = await env.ok(
      [
        "run",
        join(dir, "remote", "prog"),
        "--via",
        via,
        "--map",
        `${join(dir, "remote")}=${local()}`,
        "--break",
        `${join(local(), "main.go")}:15`,
        "--print",
        "y",
        "--max",
        "2",
      ],
      { cwd: local() },
    );
    // Delve writes the program's output to its own stdout: the relay sends it as output events.
    expect(r.stop?.output).toBe("y = 5\n");
    expect(r.hits.map((h) => h.values?.map((v) => v.value))).toEqual([["5"], ["5"]]);
    expect(r.hits[0]?.frame).toMatchObject({ file: join(local(), "main.go"), line: 15 });
    await waitFor(() => left().length === 0, 15_000, "nothing left after run");
  },
  120_000,
);

test.if(have)(
  "a killed daemon, and a cut ssh connection, each end dlv, the relay and the program in the target",
  async () => {
    if (!ok()) return console.warn(`SKIP: ${skipReason}`);
    const env = newEnv();
    await env.ok(startArgs(6), { cwd: local() });
    expect(left().length).toBeGreaterThan(0);
    process.kill(JSON.parse(readFileSync(join(env.runtimeDir, "daemon.json"), "utf8")).pid as number, "SIGKILL");
    await waitFor(() => left().length === 0, 15_000, "nothing left after the daemon died");

    // The connection cut on the target's side: sshd's per-connection processes (children of the listener) killed.
    const env2 = newEnv();
    await env2.ok(startArgs(6), { cwd: local() });
    expect(left().length).toBeGreaterThan(0);
    for (const p of readdirSync("/proc")) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === sshd!.pid) process.kill(Number(p), "SIGKILL");
      } catch {}
    }
    await waitFor(() => left().length === 0, 15_000, "nothing left after the connection was cut");
    // The session says its adapter is gone, rather than hanging.
    const status = await env2.run(["status"], { cwd: local() });
    expect(status.json.data).toMatchObject({ state: "terminated", stop: { reason: "terminated" } });
    expect(JSON.stringify(status.json.data)).toContain("adapter exited");
  },
  120_000,
);
