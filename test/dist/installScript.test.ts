// scripts/install.sh as users run it, against a release served from 127.0.0.1: the host binary
// under its artifact name and a SHA256SUMS, good or bad.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256File } from "../../scripts/build.ts";
import { artifactName, hostTarget, REPOSITORY, TARGETS } from "../../scripts/lib/targets.ts";
import { CI, HOST_BIN, ROOT, run, tempDir } from "./helpers.ts";

const SCRIPT = join(ROOT, "scripts", "install.sh");
const artifact = artifactName(hostTarget());
const goodSum = sha256File(HOST_BIN);
let sums = "";
const served = tempDir("dbg-release-");
// The binary itself is served from disk; SHA256SUMS is whatever the test sets.
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  linkSync(HOST_BIN, join(served.path, artifact));
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const name = new URL(req.url).pathname.slice(1);
      if (name === "SHA256SUMS") return new Response(sums);
      if (name === artifact) return new Response(Bun.file(join(served.path, artifact)));
      return new Response("not found", { status: 404 });
    },
  });
});

afterAll(() => {
  server?.stop(true);
  served[Symbol.dispose]();
});

/**
 * A stand-in for GitHub's CLI in `dir`/fake-gh: records its arguments and the file it was asked
 * about (still in install.sh's temp dir, not yet installed), then passes or fails as told.
 */
function fakeGh(dir: string, verdict: "pass" | "fail"): { path: string; calls: string } {
  const path = join(dir, "fake-gh");
  mkdirSync(path, { recursive: true });
  const calls = join(dir, "gh-calls");
  const answer = verdict === "pass" ? "echo 'Loaded 1 attestation'; exit 0" : "echo 'X Verification failed: no attestations found' >&2; exit 1";
  writeFileSync(join(path, "gh"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\n[ -f "$3" ] && echo "file present" >> '${calls}'\n${answer}\n`);
  chmodSync(join(path, "gh"), 0o755);
  return { path, calls };
}

/** Runs install.sh with `shell`, a private TMPDIR (to see what it leaves), HOME and install dir. */
async function install(shell: string, dir: string, opts: { gh?: "pass" | "fail"; env?: Record<string, string> } = {}) {
  const tmp = join(dir, "tmp");
  mkdirSync(tmp, { recursive: true });
  const bin = join(dir, "home", ".local", "bin");
  const gh = opts.gh ? fakeGh(dir, opts.gh) : undefined;
  const r = await run([shell, SCRIPT], {
    env: {
      PATH: gh ? `${gh.path}:${process.env.PATH}` : process.env.PATH,
      HOME: join(dir, "home"),
      TMPDIR: tmp,
      DEBUGGER_INSTALL_BASE_URL: `http://127.0.0.1:${server.port}`,
      ...opts.env,
    },
  });
  return { ...r, bin, leftovers: readdirSync(tmp), ghCalls: gh && existsSync(gh.calls) ? readFileSync(gh.calls, "utf8") : "" };
}

test("good checksum: detects this machine, installs a working binary to ~/.local/bin, says how to put it on PATH", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${"0".repeat(64)}  debugger-other\n${goodSum}  ${artifact}\n`;
  const r = await install("sh", dir.path);
  expect(r.code).toBe(0);
  expect(r.stderr).toContain(`downloading ${artifact} from http://127.0.0.1:${server.port}`);
  expect(r.stderr).toContain(`export PATH="${r.bin}:$PATH"`);
  expect(r.leftovers).toEqual([]);
  expect(readdirSync(r.bin)).toEqual(["debugger"]);
  const version = await run([join(r.bin, "debugger"), "--version"]);
  expect(version.code).toBe(0);
  expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  // The Agent Skill, where Claude Code looks for personal skills: the binary's own copy.
  const skill = join(dir.path, "home", ".claude", "skills", "debugger", "SKILL.md");
  expect(r.stderr).toContain(`installed the Agent Skill to ${skill}`);
  expect(readFileSync(skill, "utf8")).toBe(readFileSync(join(ROOT, "skills", "debugger", "SKILL.md"), "utf8"));
  if (!Bun.which("gh", { PATH: process.env.PATH }))
    expect(r.stderr).toContain("attestation not checked (no gh: install GitHub's CLI to have it checked); checksum verified");
});

test("gh present: the attestation is verified against the release repository before anything is installed", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${goodSum}  ${artifact}\n`;
  const r = await install("sh", dir.path, { gh: "pass", env: { DEBUGGER_SKILL_DIR: "none" } });
  expect(r.code).toBe(0);
  // Called once, about the downloaded file while it was still only in the temp dir.
  const [args, present, ...rest] = r.ghCalls.trim().split("\n");
  expect(args).toMatch(new RegExp(`^attestation verify \\S+/${artifact} --repo ${REPOSITORY}$`));
  expect(args).toContain(join(dir.path, "tmp", "debugger-install."));
  expect([present, rest]).toEqual(["file present", []]);
  expect(r.stderr).toContain(`attestation verified: built by ${REPOSITORY}'s release workflow; checksum verified`);
  expect(readdirSync(r.bin)).toEqual(["debugger"]);
  expect(existsSync(join(dir.path, "home", ".claude"))).toBe(false); // DEBUGGER_SKILL_DIR=none
});

test("gh present and the attestation fails: nothing installed, gh's reason shown, the way around named", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${goodSum}  ${artifact}\n`;
  const r = await install("dash", dir.path, { gh: "fail" });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("Verification failed: no attestations found");
  expect(r.stderr).toContain(`gh attestation verify failed for ${artifact}; nothing installed`);
  expect(r.stderr).toContain("DEBUGGER_INSTALL_SKIP_ATTESTATION=1");
  expect(existsSync(join(dir.path, "home"))).toBe(false);
  expect(r.leftovers).toEqual([]);
  // The checksum is still checked with the attestation skipped on purpose.
  const skipped = await install("sh", dir.path, { gh: "fail", env: { DEBUGGER_INSTALL_SKIP_ATTESTATION: "1" } });
  expect(skipped.code).toBe(0);
  expect(skipped.stderr).toContain("attestation not checked (DEBUGGER_INSTALL_SKIP_ATTESTATION=1); checksum verified");
});

test("gh present and the checksum is wrong: refused before gh is asked", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${"f".repeat(64)}  ${artifact}\n`;
  const bad = await install("sh", dir.path, { gh: "pass" });
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain(`checksum mismatch for ${artifact}`);
  expect(existsSync(join(dir.path, "home"))).toBe(false);
  expect(bad.ghCalls).toBe(""); // the checksum is checked first
});

test("bad checksum: exits non-zero, installs nothing and removes its downloads", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${"f".repeat(64)}  ${artifact}\n`;
  const r = await install("dash", dir.path);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`checksum mismatch for ${artifact}`);
  expect(r.stderr).toContain("nothing installed");
  expect(existsSync(join(dir.path, "home"))).toBe(false);
  expect(r.leftovers).toEqual([]);
});

test("no entry for the artifact: refused the same way", async () => {
  using dir = tempDir("dbg-install-");
  sums = `${goodSum}  debugger-something-else\n`;
  const r = await install("sh", dir.path);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`SHA256SUMS has no entry for ${artifact}`);
  expect(existsSync(join(dir.path, "home"))).toBe(false);
  expect(r.leftovers).toEqual([]);
});

test("install.sh is POSIX sh: sh -n, dash -n and shellcheck accept it", async () => {
  for (const shell of ["sh", "dash"]) expect((await run([shell, "-n", SCRIPT])).code).toBe(0);
  const shellcheck = Bun.which("shellcheck");
  if (!shellcheck && CI) throw new Error("CI=true and shellcheck is not installed (scripts/install-adapters.sh installs it)");
  if (!shellcheck) return console.warn("SKIP shellcheck: not installed (apt-get install shellcheck)");
  const r = await run([shellcheck, "-s", "sh", SCRIPT]);
  expect(r.stdout).toBe("");
  expect(r.code).toBe(0);
});

test("install.sh knows the same release targets as the build (all but Windows)", () => {
  const text = readFileSync(SCRIPT, "utf8");
  const accepted = /\n  ((?:[\w-]+ \| )+[\w-]+)\) ;;/.exec(text)?.[1]?.split(" | ");
  expect(accepted).toEqual(TARGETS.filter((t) => t.os !== "win32").map((t) => t.id));
});
