// scripts/install.sh as users run it, against a release served from 127.0.0.1: the host binary
// under its artifact name and a SHA256SUMS, good or bad.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256File } from "../../scripts/build.ts";
import { artifactName, hostTarget, TARGETS } from "../../scripts/lib/targets.ts";
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

/** Runs install.sh with `shell`, a private TMPDIR (to see what it leaves) and install dir. */
async function install(shell: string, dir: string) {
  const tmp = join(dir, "tmp");
  mkdirSync(tmp, { recursive: true });
  const bin = join(dir, "home", ".local", "bin");
  const r = await run([shell, SCRIPT], {
    env: { PATH: process.env.PATH, HOME: join(dir, "home"), TMPDIR: tmp, DEBUGGER_INSTALL_BASE_URL: `http://127.0.0.1:${server.port}` },
  });
  return { ...r, bin, leftovers: readdirSync(tmp) };
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
