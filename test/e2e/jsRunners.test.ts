// `debugger test` with vitest and jest end to end: the built binary, js-debug, and a TypeScript
// project (test/fixtures/node/runners) whose runners come from npm. They are installed once per
// version of the fixture (its files hashed) into a cache directory and reused (docs/decisions.md):
// offline after the first run. Locally a missing node, js-debug or npm skips with the reason; in CI
// (CI=true) it fails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { E2eEnv, ROOT } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const CI = process.env.CI === "true";
const T = 120_000;
const FIX = join(ROOT, "test", "fixtures", "node", "runners");
const NODE = process.env.DEBUGGER_NODE || Bun.which("node");
const NPM = Bun.which("npm");
const JS_DEBUG_DIR = join(process.env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters", "js-debug");
const JS_DEBUG =
  process.env.DEBUGGER_JS_DEBUG || [join(JS_DEBUG_DIR, "src", "dapDebugServer.js"), join(JS_DEBUG_DIR, "vsDebugServer.js")].find((f) => existsSync(f));

/** The fixture's files (not node_modules), hashed: a changed fixture or lock file is installed anew. */
function fixtureKey(): string {
  const h = new Bun.CryptoHasher("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === "node_modules") continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(`${relative(FIX, p)}\0`).update(readFileSync(p));
    }
  };
  walk(FIX);
  return h.digest("hex").slice(0, 16);
}

/** The fixture with its runners installed (npm ci from the lock file), in the cache; or why not. */
function installedFixture(): { dir: string } | { why: string } {
  if (!NPM) return { why: "npm is not on PATH" };
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "debugger-tests");
  const dir = join(cache, `js-runners-${fixtureKey()}`);
  if (existsSync(join(dir, "node_modules", ".package-lock.json"))) return { dir };
  // Installed beside it and renamed: another worktree's run may be installing the same at once.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  cpSync(FIX, tmp, { recursive: true, filter: (src) => !src.includes("node_modules") });
  const r = Bun.spawnSync([NPM, "ci", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: tmp,
    stdout: "pipe",
    stderr: "pipe",
    timeout: 300_000,
  });
  if (r.exitCode !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    return { why: `npm ci in the runners fixture failed: ${r.stderr.toString().trim().split("\n").slice(-3).join(" | ")}` };
  }
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
  return existsSync(join(dir, "node_modules", ".package-lock.json")) ? { dir } : { why: `the install in ${dir} is incomplete` };
}

const missing = [
  !NODE && "node (on PATH, or DEBUGGER_NODE)",
  !JS_DEBUG && `js-debug (\`debugger setup node\` or scripts/install-adapters.sh puts it in ${JS_DEBUG_DIR})`,
].filter(Boolean) as string[];
const fixture = missing.length ? undefined : installedFixture();
if (fixture && "why" in fixture) missing.push(fixture.why);
if (missing.length) {
  const why = `not available: ${missing.join(", ")}`;
  if (CI) test("node, js-debug and the runners fixture are available", () => expect(why).toBe("nothing missing"));
  else console.warn(`SKIP test/e2e/jsRunners.test.ts: ${why}`);
}

describe.skipIf(missing.length > 0)("debugger test with vitest and jest (TypeScript, source maps)", () => {
  let env: E2eEnv;
  const dir = fixture && "dir" in fixture ? fixture.dir : "";
  const testFile = join(dir, "tests", "cart.check.ts");
  const expectLine = () =>
    readFileSync(testFile, "utf8")
      .split("\n")
      .findIndex((l) => l.includes("@mark expect")) + 1;
  const local = (stop: StopReport, name: string): string | undefined => stop.locals.find((v) => v.name === name)?.value;

  beforeAll(() => {
    env = new E2eEnv({ env: { ...(process.env.DEBUGGER_JS_DEBUG ? { DEBUGGER_JS_DEBUG: process.env.DEBUGGER_JS_DEBUG } : {}) } });
  });
  afterAll(async () => {
    await env?.close();
  });

  /** The failing expect, in the test's frame with its locals, then the runner's verdict after continue. */
  async function failsAtExpect(session: string, command: string[], runner: string, verdict: string) {
    const r = await env.ok(["test", "--session", session, "--", ...command], { cwd: dir });
    expect(r.runner).toBe(runner);
    expect(r.session.adapter).toBe("node");
    expect(r.stop).toMatchObject({ reason: "exception", frame: { file: testFile, line: expectLine() } });
    expect(local(r.stop, "got")).toBe("8");
    expect(local(r.stop, "discount")).toBe("0.1");
    // The module runner's own bindings are not the test's.
    expect(r.stop.locals.some((v) => v.name.startsWith("__vite_ssr_"))).toBe(false);
    expect((await env.ok(["print", "got + 1", "--session", session])).result).toBe("9");
    const end = (await env.ok(["continue", "--session", session])).stop;
    expect(end).toMatchObject({ reason: "exited", exitCode: 1, summary: verdict });
    return r;
  }

  test(
    "npx vitest run: the failing expect in the test file's frame (a child process of vitest's), then the verdict",
    () => failsAtExpect("vitest", ["npx", "vitest", "run"], "vitest", "1 failed, 1 passed"),
    T,
  );

  test(
    "npx jest: the failing expect, once (jest throws the error again in its matcher), then the verdict",
    () => failsAtExpect("jest", ["npx", "jest"], "jest", "1 failed, 1 passed, 2 total"),
    T,
  );

  test(
    "npm test and npm run NAME: the script is followed to its runner and said",
    async () => {
      const r = await failsAtExpect("npm-test", ["npm", "test"], "vitest", "1 failed, 1 passed");
      expect(r.notes).toContain("npm's 'test' script runs `vitest run`");
      const j = await failsAtExpect("npm-jest", ["npm", "run", "test:jest"], "jest", "1 failed, 1 passed, 2 total");
      expect(j.notes).toContain("npm's 'test:jest' script runs `jest`");
    },
    T * 2,
  );

  test(
    "--no-stop-on-failure (or a passing run) runs to the verdict without stopping",
    async () => {
      const r = await env.run(["test", "--session", "jest-nostop", "--no-stop-on-failure", "--", "npx", "jest"], { cwd: dir });
      expect(r.json.data?.stop ?? r.json).toMatchObject({ reason: "exited", exitCode: 1, summary: "1 failed, 1 passed, 2 total" });
    },
    T,
  );
});
