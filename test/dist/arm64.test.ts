// The linux-arm64 release build, run on this x64 machine under qemu-user (Debian's
// qemu-user-static through binfmt_misc, the arm64 glibc from libc6-arm64-cross): --version,
// doctor, and start → next → print → stop with lldb-dap and with debugpy. The arm64 daemon drives
// this machine's x64 adapters on x64 programs, as a user's arm64 binary drives arm64 ones.
// .ci/run installs the packages and registers qemu-aarch64; where binfmt_misc cannot be mounted it
// says why in DEBUGGER_QEMU_SKIP and this file skips with that reason.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sourcePath } from "../../scripts/build-fixtures.ts";
import { artifactName, hostTarget, targetById } from "../../scripts/lib/targets.ts";
import { CI, ROOT, run, tempDir } from "./helpers.ts";
import { compileC, daemonUp, doctorAdapters, ok, plain, smokeEnv, smokeSession } from "./smoke.ts";

const LD_PREFIX = "/usr/aarch64-linux-gnu";
const BINFMT = "/proc/sys/fs/binfmt_misc/qemu-aarch64";

/** Why the arm64 build cannot run here, or undefined when it can. */
function blocker(): string | undefined {
  if (process.platform !== "linux" || process.arch !== "x64")
    return `the host is ${process.platform}-${process.arch}, not linux-x64 (an arm64 host runs test/dist/smoke.test.ts natively)`;
  if (process.env.DEBUGGER_QEMU_SKIP) return process.env.DEBUGGER_QEMU_SKIP;
  let binfmt = "";
  try {
    binfmt = readFileSync(BINFMT, "utf8");
  } catch {}
  if (!binfmt.startsWith("enabled"))
    return `qemu-aarch64 is not registered with binfmt_misc (${BINFMT}: ${binfmt ? binfmt.split("\n")[0] : "absent"}); apt-get install qemu-user-static, then update-binfmts --enable qemu-aarch64`;
  if (!existsSync(join(LD_PREFIX, "lib", "ld-linux-aarch64.so.1"))) return `no arm64 glibc in ${LD_PREFIX} (apt-get install libc6-arm64-cross)`;
  return undefined;
}

const why = blocker();
// In CI only the reason .ci/run gave (binfmt_misc cannot be mounted) or another host may skip this.
if (why && CI && !process.env.DEBUGGER_QEMU_SKIP && hostTarget().id === "linux-x64") throw new Error(`CI=true and the arm64 build cannot run: ${why}`);
if (why) console.warn(`SKIP arm64 smoke under qemu-user: ${why}`);

describe.skipIf(Boolean(why))("linux-arm64 build under qemu-user", () => {
  const bin = join(ROOT, "dist", artifactName(targetById("linux-arm64")));
  const dir = tempDir("dbg-arm64-");
  const s = smokeEnv([bin], dir.path, { QEMU_LD_PREFIX: LD_PREFIX });

  beforeAll(async () => {
    // Only the one target this needs (the release builds all seven).
    const r = await run([process.execPath, join(ROOT, "scripts", "build.ts"), "--target", "linux-arm64"], { env: process.env as Record<string, string> });
    if (r.code !== 0) throw new Error(`building linux-arm64 failed (exit ${r.code}):\n${r.stderr}`);
  }, 180_000);

  afterAll(async () => {
    await plain(s, ["daemon", "stop"]);
    dir[Symbol.dispose]();
  });

  test("--version says linux-arm64; doctor's lldb-dap and debugpy answer", async () => {
    const v = await plain(s, ["--version"]);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(", linux-arm64, ");
    const r = await plain(s, ["doctor", "--json"]);
    const adapters = doctorAdapters(r.stdout);
    for (const name of ["lldb-dap", "debugpy"]) {
      const a = adapters.find((x) => x.name === name);
      expect({ name, ok: a?.ok, message: a?.message }).toMatchObject({ name, ok: true });
    }
    expect((await daemonUp(s)).daemon.version).toBe(v.stdout.split(" ")[0]);
  }, 180_000);

  test("lldb-dap: start at a breakpoint → next → print → stop", async () => {
    const r = await smokeSession(s, "lldb-dap", await compileC(dir.path));
    expect(r.start.stop).toMatchObject({ reason: "breakpoint", frame: { line: r.line } });
    expect(r.next.stop).toMatchObject({ reason: "step", frame: { line: r.line + 1 } });
    expect([r.f, r.total]).toEqual(["24", "10"]);
    // The daemon that ran it is the arm64 binary under qemu, not a host one.
    const daemon = (await ok(s, ["status"])).daemon.pid as number;
    const argv = readFileSync(`/proc/${daemon}/cmdline`, "utf8").split("\0");
    expect(argv.slice(0, 2)).toEqual([expect.stringContaining("qemu"), bin]);
  }, 120_000);

  test("debugpy: start at a breakpoint → next → print → stop", async () => {
    const r = await smokeSession(s, "debugpy", sourcePath("python/basic.py"));
    expect(r.start.stop).toMatchObject({ reason: "breakpoint", frame: { line: r.line } });
    expect(r.next.stop).toMatchObject({ reason: "step", frame: { line: r.line + 1 } });
    expect([r.f, r.total]).toEqual(["24", "10"]);
  }, 120_000);
});
