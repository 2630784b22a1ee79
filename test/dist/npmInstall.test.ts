// The npm packages as users get them: `npm run pack:npm` (this platform only), then a global
// install from the tarballs into an empty prefix with no network, and `debugger` run from there.
import { beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { adapterAvailable } from "../e2e/harness.ts";
import { NPM_WRAPPER, hostTarget, npmPackageName } from "../../scripts/lib/targets.ts";
import { debugSession, ROOT, run, tempDir } from "./helpers.ts";

const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const tarballs = [`${NPM_WRAPPER}-${version}.tgz`, `${npmPackageName(hostTarget())}-${version}.tgz`].map((f) => join(ROOT, "dist", "npm", f));
// The npm_* variables of an enclosing `npm test` must not steer the installs below.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("npm_"))) as Record<string, string>;

beforeAll(async () => {
  const r = await run(["npm", "run", "pack:npm", "--", "--host-only"], { cwd: ROOT, env: cleanEnv });
  if (r.code !== 0) throw new Error(`npm run pack:npm failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
}, 90_000);

/** `npm install -g` of the two tarballs into `prefix`, offline, with a cache of its own. */
async function npmInstall(prefix: string, extra: string[] = []) {
  const r = await run(
    ["npm", "install", "-g", "--prefix", prefix, "--cache", join(prefix, ".npm-cache"), "--offline", "--no-audit", "--no-fund", ...extra, ...tarballs],
    { env: cleanEnv },
  );
  if (r.code !== 0) throw new Error(`npm install failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return join(prefix, "bin", "debugger");
}

test("pack:npm: the wrapper holds only its launcher, install script and the Agent Skill; the platform package only its binary", async () => {
  const list = async (tgz: string) => (await run(["tar", "tzf", tgz])).stdout.trim().split("\n").sort();
  expect(await list(tarballs[0]!)).toEqual([
    "package/README.md",
    "package/bin/debugger",
    "package/install.js",
    "package/lib/resolve.js",
    "package/lib/targets.json",
    "package/package.json",
    "package/skills/debugger/SKILL.md",
  ]);
  expect(await list(tarballs[1]!)).toEqual(["package/README.md", "package/bin/debugger", "package/package.json"]);
  const pkg = JSON.parse((await run(["tar", "xzOf", tarballs[1]!, "package/package.json"])).stdout);
  const t = hostTarget();
  expect(pkg).toMatchObject({ name: npmPackageName(t), version, os: [t.os], cpu: [t.cpu], ...(t.libc ? { libc: [t.libc] } : {}) });
  const wrapper = JSON.parse((await run(["tar", "xzOf", tarballs[0]!, "package/package.json"])).stdout);
  expect(wrapper.optionalDependencies[npmPackageName(t)]).toBe(version);
  expect(Object.keys(wrapper.optionalDependencies)).toHaveLength(7);
  expect(wrapper.bin).toEqual({ debugger: "bin/debugger" });
});

describe("installed with npm", () => {
  test("install scripts on: `debugger` is the native binary itself, and runs a real session", async () => {
    using prefix = tempDir("dbg-npm-");
    const bin = await npmInstall(prefix.path);
    // No Node.js launcher in between: the linked command is the executable (ELF/Mach-O, no #!).
    expect(readFileSync(realpathSync(bin)).subarray(0, 2).toString()).not.toBe("#!");
    const v = await run([bin, "--version"], { env: cleanEnv });
    expect(v.code).toBe(0);
    expect(v.stdout.startsWith(version)).toBe(true);
    if (!adapterAvailable("lldb-dap", "npm install session")) return;
    using rt = tempDir("dbg-npm-rt-");
    const env = {
      ...cleanEnv,
      PATH: `${join(prefix.path, "bin")}:${cleanEnv.PATH}`,
      DEBUGGER_RUNTIME_DIR: rt.path,
      XDG_STATE_HOME: rt.path,
      XDG_CONFIG_HOME: rt.path,
    };
    const { stop, exit, line } = await debugSession(["debugger"], env);
    expect(stop).toMatchObject({ reason: "breakpoint", frame: { function: "add", line } });
    expect(exit).toMatchObject({ reason: "exited", exitCode: 3 });
  }, 90_000);

  test("install scripts off: the Node launcher runs the platform binary, passing exit codes and signals", async () => {
    using prefix = tempDir("dbg-npm-");
    const bin = await npmInstall(prefix.path, ["--ignore-scripts"]);
    expect(readFileSync(realpathSync(bin), "utf8").startsWith("#!/usr/bin/env node")).toBe(true);
    const v = await run([bin, "--version"], { env: cleanEnv });
    expect(v.code).toBe(0);
    expect(v.stdout.startsWith(version)).toBe(true);
    const usage = await run([bin, "no-such-command"], { env: cleanEnv });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("UNKNOWN_COMMAND");

    // A stand-in binary shows what the launcher does with signals both ways.
    const fake = join(prefix.path, "fake-debugger");
    const fakePid = join(prefix.path, "fake.pid");
    writeFileSync(
      fake,
      `#!/bin/sh\necho $$ > ${fakePid}\ncase "$1" in\n  die) kill -TERM $$ ;;\n  wait) trap 'exit 7' TERM; echo ready; while :; do sleep 0.05; done ;;\nesac\n`,
    );
    chmodSync(fake, 0o755);
    const env = { ...cleanEnv, DEBUGGER_BINARY_PATH: fake };
    const died = await run([bin, "die"], { env });
    expect(died.signal).toBe("SIGTERM");

    // stderr not inherited: a stand-in that outlived a failure must not hold the test run's output open.
    const waiting = Bun.spawn([bin, "wait"], { env, stdout: "pipe", stderr: "ignore", stdin: "ignore" });
    try {
      const reader = (waiting.stdout as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe("ready\n");
      waiting.kill("SIGTERM"); // to the launcher only: it must pass it on
      expect(await waiting.exited).toBe(7);
    } finally {
      waiting.kill("SIGKILL");
      try {
        process.kill(Number(readFileSync(fakePid, "utf8")), "SIGKILL"); // never leave the stand-in running
      } catch {}
    }
  }, 90_000);
});

test("platform package missing: the install fails saying which package, why and how to fix; the launcher says the same", async () => {
  using prefix = tempDir("dbg-npm-");
  const pkg = `${npmPackageName(hostTarget())}@${version}`;
  const install = (extra: string[], files: string[]) =>
    run(
      ["npm", "install", "-g", "--prefix", prefix.path, "--cache", join(prefix.path, ".npm-cache"), "--offline", "--no-audit", "--no-fund", ...extra, ...files],
      { env: cleanEnv },
    );
  const explains = (text: string) => {
    expect(text).toContain(`the platform package ${pkg} is not installed`);
    expect(text).toContain("optional dependency");
    expect(text).toContain("--omit=optional");
    expect(text).toContain(`npm install -g ${pkg}`);
    expect(text).toContain("DEBUGGER_BINARY_PATH");
  };
  // The wrapper alone, as with --omit=optional: the install step refuses.
  const failed = await install(["--omit=optional"], [tarballs[0]!]);
  expect(failed.code).not.toBe(0);
  explains(failed.stdout + failed.stderr);
  // With install scripts off nothing checks at install time: the first run says it (exit 4).
  await install(["--omit=optional", "--ignore-scripts"], [tarballs[0]!]);
  const bin = join(prefix.path, "bin", "debugger");
  const missing = await run([bin, "--version"], { env: cleanEnv });
  expect(missing.code).toBe(4);
  explains(missing.stderr);
  // The fix it names works: the platform package installed beside the wrapper.
  await install([], [tarballs[1]!]);
  const fixed = await run([bin, "--version"], { env: cleanEnv });
  expect({ code: fixed.code, stderr: fixed.stderr }).toEqual({ code: 0, stderr: "" });
  expect(fixed.stdout.startsWith(version)).toBe(true);
}, 90_000);
