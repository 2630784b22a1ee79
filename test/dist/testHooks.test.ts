// Test hooks are not in release binaries: DEBUGGER_TEST_VERSION (which makes a daemon of "another
// version" for the version tests) answers in the host build the tests run and is compiled out of
// a release build (scripts/build.ts --all / --target sets TEST_HOOKS=false). Issue 24, item 6.
import { expect, test } from "bun:test";
import { join } from "node:path";
import pkg from "../../package.json";
import { buildDefines, COMPILE_FLAGS } from "../../scripts/build.ts";
import { HOST_BIN, ROOT, run, tempDir } from "./helpers.ts";

const fake = { ...process.env, DEBUGGER_TEST_VERSION: "9.9.9-hook" };

test("the test build honours DEBUGGER_TEST_VERSION (the hook the version tests use)", async () => {
  const r = await run([HOST_BIN, "--version"], { env: fake });
  expect(r.stdout).toStartWith("9.9.9-hook ");
});

test("a release build ignores it: the version is the package's", async () => {
  using dir = tempDir("dbg-release-");
  const out = join(dir.path, "debugger");
  const build = Bun.spawnSync([process.execPath, "build", "--compile", ...COMPILE_FLAGS, ...buildDefines(true), join(ROOT, "src/main.ts"), "--outfile", out], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(build.exitCode).toBe(0);
  const r = await run([out, "--version"], { env: fake });
  expect(r.code).toBe(0);
  expect(r.stdout).toStartWith(`${pkg.version} `);
  expect(r.stdout).not.toContain("9.9.9-hook");
}, 60_000);

test("release targets are built with TEST_HOOKS=false, the host build with true", () => {
  expect(buildDefines(true)).toContain("TEST_HOOKS=false");
  expect(buildDefines(false)).toContain("TEST_HOOKS=true");
});
