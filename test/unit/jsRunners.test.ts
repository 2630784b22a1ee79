// JavaScript test runs planned from the command the user types (npx vitest run, npx jest, npm test,
// npm run NAME), the scripts read from package.json, and the runners' verdict lines.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scriptWords } from "../../src/adapters/testRunners/js.ts";
import { planTest } from "../../src/adapters/testRunners/plan.ts";
import { jestSummary, vitestSummary } from "../../src/adapters/testRunners/summary.ts";
import { testGate } from "../../src/adapters/sessionServer.ts";

test("vitest's and jest's verdicts, with or without colours", () => {
  expect(vitestSummary(" Test Files  1 failed (1)\n      Tests  1 failed | 1 passed (2)\n   Start at  21:56:52\n")).toBe("1 failed, 1 passed");
  expect(vitestSummary("      Tests  \x1b[1m\x1b[32m3 passed\x1b[39m\x1b[22m\x1b[90m (3)\x1b[39m\n")).toBe("3 passed");
  expect(jestSummary("Test Suites: 1 failed, 1 total\nTests:       1 failed, 1 passed, 2 total\nSnapshots:   0 total\n")).toBe("1 failed, 1 passed, 2 total");
  expect(vitestSummary("no verdict")).toBeUndefined();
  expect(jestSummary("no verdict")).toBeUndefined();
});

test("a package.json script as words; one that needs a shell is not split", () => {
  expect(scriptWords("vitest run --reporter dot")).toEqual(["vitest", "run", "--reporter", "dot"]);
  expect(scriptWords(`jest -t "adds up" 'a b'`)).toEqual(["jest", "-t", "adds up", "a b"]);
  expect(scriptWords("CI=1 vitest run")).toEqual(["CI=1", "vitest", "run"]);
  for (const s of ["tsc && vitest run", "vitest run | tee log", "jest $ARGS", "jest `x`", "jest; echo", `jest "$HOME"`]) expect(scriptWords(s)).toBeUndefined();
});

describe("planning", () => {
  let proj: string;
  const ctx = () => ({ cwd: proj, path: "/usr/bin:/bin" });

  beforeAll(() => {
    proj = mkdtempSync(join(tmpdir(), "dbg-jsplan-"));
    // A project with vitest and jest installed as npm lays them out: the bin links into the package.
    for (const [pkg, dir, bin] of [
      ["vitest", "vitest", "vitest.mjs"],
      ["jest-cli", "jest-cli", "bin/jest.js"],
    ] as const) {
      mkdirSync(join(proj, "node_modules", dir, "bin"), { recursive: true });
      writeFileSync(join(proj, "node_modules", dir, "package.json"), JSON.stringify({ name: pkg, version: "3.2.4" }));
      writeFileSync(join(proj, "node_modules", dir, bin), "#!/usr/bin/env node\n", { mode: 0o755 });
    }
    mkdirSync(join(proj, "node_modules", ".bin"));
    symlinkSync("../vitest/vitest.mjs", join(proj, "node_modules", ".bin", "vitest"));
    symlinkSync("../jest-cli/bin/jest.js", join(proj, "node_modules", ".bin", "jest"));
    mkdirSync(join(proj, "sub"));
    writeFileSync(
      join(proj, "package.json"),
      JSON.stringify({ scripts: { test: "vitest", "test:jest": "NODE_ENV=test jest --watch", both: "tsc && vitest run", pytest: "pytest", pretest: "tsc" } }),
    );
  });
  afterAll(() => rmSync(proj, { recursive: true, force: true }));

  test("npx vitest run: the package's script under node, its tests in child processes one file at a time", () => {
    const plan = planTest(["npx", "vitest", "run", "calc"], ctx());
    expect(plan).toMatchObject({
      runner: "vitest",
      adapter: "node",
      program: join(proj, "node_modules", "vitest", "vitest.mjs"),
      args: ["run", "calc", "--pool=forks", "--no-file-parallelism"],
      cwd: proj,
    });
    // Options that would run the tests elsewhere are said and dropped.
    const p2 = planTest(["npx", "--yes", "vitest", "--pool", "threads", "--maxWorkers=4"], ctx());
    expect(p2.args).toEqual(["run", "--pool=forks", "--no-file-parallelism"]);
    expect(p2.notes.join("\n")).toContain("--pool threads --maxWorkers=4");
  });

  test("npx jest: in band; from a subdirectory the project's bin is found", () => {
    const plan = planTest(["npx", "jest", "-w", "2", "cart"], { cwd: join(proj, "sub"), path: "" });
    expect(plan).toMatchObject({
      runner: "jest",
      adapter: "node",
      program: join(proj, "node_modules", "jest-cli", "bin", "jest.js"),
      args: ["cart", "--runInBand"],
    });
    expect(planTest(["npx", "jest", "-i"], ctx()).args).toEqual(["-i"]);
  });

  test("a test name filter keeps its value, next to a file (vitest -t, jest -t / --testNamePattern)", () => {
    expect(planTest(["npx", "vitest", "run", "-t", "adds up", "calc.test.ts"], ctx()).args).toEqual([
      "run",
      "-t",
      "adds up",
      "calc.test.ts",
      "--pool=forks",
      "--no-file-parallelism",
    ]);
    expect(planTest(["npx", "vitest", "run", "--testNamePattern=adds", "calc.test.ts"], ctx()).args).toEqual([
      "run",
      "--testNamePattern=adds",
      "calc.test.ts",
      "--pool=forks",
      "--no-file-parallelism",
    ]);
    expect(planTest(["npx", "jest", "-t", "adds up", "cart.test.js"], ctx()).args).toEqual(["-t", "adds up", "cart.test.js", "--runInBand"]);
    expect(planTest(["npx", "jest", "--testNamePattern", "adds", "-w", "2", "cart.test.js"], ctx()).args).toEqual([
      "--testNamePattern",
      "adds",
      "cart.test.js",
      "--runInBand",
    ]);
  });

  test("npm test and npm run NAME follow the script to its runner, with its variables and the words after --", () => {
    const t = planTest(["npm", "test", "--", "-t", "adds"], { cwd: join(proj, "sub"), path: "" });
    expect(t).toMatchObject({ runner: "vitest", args: ["run", "-t", "adds", "--pool=forks", "--no-file-parallelism"], cwd: proj });
    expect(t.notes.join("\n")).toContain("npm's 'test' script runs `vitest -t adds`");
    expect(t.notes.join("\n")).toContain("pretest");
    const j = planTest(["npm", "run", "test:jest"], ctx());
    expect(j).toMatchObject({ runner: "jest", env: { NODE_ENV: "test" }, args: ["--runInBand"] });
    expect(j.notes.join("\n")).toContain("--watch");
  });

  test("what cannot be followed is said, with the next step", () => {
    expect(() => planTest(["npm", "run", "nosuch"], ctx())).toThrow(/no 'nosuch' script \(it has: test, test:jest, both, pytest, pretest\)/);
    expect(() => planTest(["npm", "run", "both"], ctx())).toThrow(/needs a shell/);
    expect(() => planTest(["npm", "run", "pytest"], ctx())).toThrow(/not a JavaScript test run/);
    expect(() => planTest(["npm", "install"], ctx())).toThrow(/not a test run/);
    expect(() => planTest(["npx", "-c", "vitest run"], ctx())).toThrow(/runs a command line/);
    expect(() => planTest(["npx", "mocha"], ctx())).toThrow(/not a test runner debugger test knows/);
    const bare = mkdtempSync(join(tmpdir(), "dbg-jsplan-bare-"));
    try {
      expect(() => planTest(["npx", "vitest", "run"], { cwd: bare, path: "" })).toThrow(/vitest is not installed in the project/);
      expect(() => planTest(["npm", "test"], { cwd: bare, path: "" })).toThrow(/no package.json/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

test("where a vitest worker is held for its exception filters: @vitest/runner's startTests, by the real path", () => {
  const root = mkdtempSync(join(tmpdir(), "dbg-jsgate-"));
  try {
    const runner = (nm: string) => {
      mkdirSync(join(nm, "vitest"), { recursive: true });
      writeFileSync(join(nm, "vitest", "vitest.mjs"), "");
      mkdirSync(join(nm, "@vitest", "runner", "dist"), { recursive: true });
      writeFileSync(join(nm, "@vitest", "runner", "dist", "index.js"), 'export { startTests } from "./chunk-hooks.js";\n');
      writeFileSync(join(nm, "@vitest", "runner", "dist", "chunk-hooks.js"), "const a = 1;\n\nasync function startTests(specs, runner) {\n\tconst x = 1;\n}\n");
    };
    // npm: hoisted beside vitest.
    const npm = join(root, "npm", "node_modules");
    runner(npm);
    expect(testGate(join(npm, "vitest", "vitest.mjs"))).toEqual({ path: join(npm, "@vitest", "runner", "dist", "chunk-hooks.js"), line: 4 });
    // pnpm: node_modules/vitest links into the store, where its dependencies are its siblings.
    const store = join(root, "pnpm", "node_modules", ".pnpm", "vitest@3", "node_modules");
    runner(store);
    symlinkSync(join(store, "vitest"), join(root, "pnpm", "node_modules", "vitest"));
    expect(testGate(join(root, "pnpm", "node_modules", "vitest", "vitest.mjs"))?.path).toBe(join(store, "@vitest", "runner", "dist", "chunk-hooks.js"));
    // No runner package, or none with startTests: no gate (the filters are set before the worker runs).
    expect(testGate(join(root, "none", "node_modules", "vitest", "vitest.mjs"))).toBeUndefined();
    writeFileSync(join(npm, "@vitest", "runner", "dist", "chunk-hooks.js"), "function other() {}\n");
    expect(testGate(join(npm, "vitest", "vitest.mjs"))).toBeUndefined();
    expect(testGate(undefined)).toBeUndefined();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
