// `node --test [OPTIONS] FILES`: node's options told from the files, each with its value, so they
// reach the node that runs the file (issue 31: `--test-name-pattern 'accepts the quote'` was read
// as a test file, or dropped).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readNodeTestArgs, testFilesIn } from "../../src/adapters/testRunners/nodeTest.ts";
import { planTest } from "../../src/adapters/testRunners/plan.ts";
import { testAdapter } from "../../src/adapters/testRunners/runnerAdapter.ts";
import { node } from "../../src/adapters/node.ts";
const ROOT = join(import.meta.dir, "..", "..");

const SUITE = join(ROOT, "test", "fixtures", "node", "suite");

test("a directory's test files, as node --test finds them: by name, or any script under test/; node_modules left out", () => {
  const dir = mkdtempSync(join(tmpdir(), "dbg-nodefiles-"));
  try {
    for (const f of [
      "a.test.js",
      "b-test.mjs",
      "c_test.cjs",
      "test-d.js",
      "test.js",
      "lib.js",
      "test/e.js",
      "test/sub/f.mjs",
      "node_modules/x/g.test.js",
      "notes.md",
    ]) {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      writeFileSync(join(dir, f), "");
    }
    expect(testFilesIn(dir).map((f) => f.slice(dir.length + 1))).toEqual([
      "a.test.js",
      "b-test.mjs",
      "c_test.cjs",
      "test-d.js",
      "test.js",
      "test/e.js",
      "test/sub/f.mjs",
    ]);
    expect(testFilesIn(join(dir, "test")).map((f) => f.slice(dir.length + 1))).toEqual(["test/e.js", "test/sub/f.mjs"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("node --test DIR: its files, each run plainly first (a survey); one file: none", () => {
  const plan = planTest(["node", "--test", "--test-name-pattern", "quote", "test/"], { cwd: SUITE, path: process.env.PATH ?? "" });
  expect(plan).toMatchObject({ program: join(SUITE, "test", "alpha.js"), nodeArgs: ["--test-name-pattern", "quote"] });
  expect(plan.survey).toMatchObject({
    kind: "node",
    nodeArgs: ["--test-name-pattern", "quote"],
    files: [join(SUITE, "test", "alpha.js"), join(SUITE, "test", "beta.js")],
  });
  expect(planTest(["node", "--test", "test/beta.js"], { cwd: SUITE, path: "" }).survey).toBeUndefined();
  expect(() => planTest(["node", "--test", "nosuch/"], { cwd: SUITE, path: "" })).toThrow(/test file 'nosuch\/' does not exist/);
  expect(() => planTest(["node", "--test", "."], { cwd: join(ROOT, "docs"), path: "" })).toThrow(/no test file in \./);
});

describe("node --test's words", () => {
  const table: [string[], string[], string[]][] = [
    // words after `node`, node's options passed on, files
    [["--test", "--test-name-pattern", "accepts the quote", "t.js"], ["--test-name-pattern", "accepts the quote"], ["t.js"]],
    [["--test", "--test-name-pattern=accepts", "t.js"], ["--test-name-pattern=accepts"], ["t.js"]],
    [["--test-name-pattern", "-neg", "--test", "t.js"], ["--test-name-pattern", "-neg"], ["t.js"]],
    [["--test", "--test-skip-pattern", "slow", "--test-only", "t.js"], ["--test-skip-pattern", "slow", "--test-only"], ["t.js"]],
    [["--test", "--test-concurrency", "1", "--test-timeout", "500", "t.js"], ["--test-concurrency", "1", "--test-timeout", "500"], ["t.js"]],
    [
      ["--test", "--test-reporter", "tap", "--test-reporter-destination", "out.tap", "t.js"],
      ["--test-reporter", "tap", "--test-reporter-destination", "out.tap"],
      ["t.js"],
    ],
    [["--test", "--test-shard", "1/2", "t.js"], ["--test-shard", "1/2"], ["t.js"]],
    [["--test", "--import", "tsx", "-r", "./setup.js", "--require=./b.js", "t.js"], ["--import", "tsx", "-r", "./setup.js", "--require=./b.js"], ["t.js"]],
    [["--test", "--loader", "ts-node/esm", "--experimental-vm-modules", "t.mjs"], ["--loader", "ts-node/esm", "--experimental-vm-modules"], ["t.mjs"]],
    [
      ["--test", "-C", "development", "--conditions=test", "--env-file", ".env.test", "t.js"],
      ["-C", "development", "--conditions=test", "--env-file", ".env.test"],
      ["t.js"],
    ],
    [
      ["--test", "--no-warnings", "--enable-source-maps", "a.js", "b.js"],
      ["--no-warnings", "--enable-source-maps"],
      ["a.js", "b.js"],
    ],
    [["--test", "--", "--odd-name.js"], [], ["--odd-name.js"]],
  ];
  for (const [words, nodeArgs, files] of table)
    test(words.join(" "), () => {
      const r = readNodeTestArgs(words);
      expect(r.nodeArgs).toEqual(nodeArgs);
      expect(r.files).toEqual(files);
      expect(r.notes).toEqual([]);
    });

  test("--inspect* and --watch are not passed on, with the reason", () => {
    const r = readNodeTestArgs(["--test", "--inspect-brk", "--inspect-port", "9230", "--inspect=0.0.0.0:9229", "--watch", "t.js"]);
    expect(r).toMatchObject({ nodeArgs: [], files: ["t.js"] });
    expect(r.notes).toEqual([
      "node options not passed on: --inspect-brk --inspect-port 9230 --inspect=0.0.0.0:9229 --watch (the debugger inspects the tests itself, and runs them once)",
    ]);
  });

  test("an option node --help does not list is passed as a flag, and said", () => {
    const r = readNodeTestArgs(["--test", "--frobnicate", "t.js"]);
    expect(r).toMatchObject({ nodeArgs: ["--frobnicate"], files: ["t.js"] });
    expect(r.notes.join("\n")).toContain("--frobnicate: not an option node --help lists; passed on as a flag");
    expect(r.notes.join("\n")).toContain("--frobnicate=VALUE");
  });

  test("-e and -p run no test file: refused", () => {
    expect(() => readNodeTestArgs(["--test", "-e", "1"])).toThrow(/node -e runs no test file/);
    expect(() => readNodeTestArgs(["--test", "--print=1"])).toThrow(/node --print runs no test file/);
  });
});

describe("planned and launched", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "dbg-nodetest-"));
    writeFileSync(join(dir, "orders.test.js"), "");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the options reach js-debug's runtimeArgs, before the file; the file is the program", () => {
    const plan = planTest(["node", "--test", "--test-name-pattern", "accepts the quote", "orders.test.js"], { cwd: dir, path: "" });
    expect(plan).toMatchObject({
      runner: "node",
      program: join(dir, "orders.test.js"),
      args: [],
      nodeArgs: ["--test-name-pattern", "accepts the quote"],
      notes: [],
    });
    const spec = testAdapter(node, plan, true);
    const launch = spec.launchArgs({
      program: plan.program,
      args: [],
      cwd: dir,
      env: {},
      callerEnv: {} as never,
      stopOnEntry: false,
      breakpointFiles: [],
      options: {},
      found: { command: ["/usr/bin/node"], path: "x" },
    });
    expect(launch).toMatchObject({ program: join(dir, "orders.test.js"), args: [], runtimeArgs: ["--test-name-pattern", "accepts the quote"] });
  });

  test("through npm test -- …: the script's node --test gets the words after --", () => {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ scripts: { test: "node --test orders.test.js" } }));
    const plan = planTest(["npm", "test", "--", "--test-name-pattern=accepts"], { cwd: dir, path: "" });
    expect(plan).toMatchObject({ runner: "node", adapter: "node", program: join(dir, "orders.test.js"), nodeArgs: ["--test-name-pattern=accepts"] });
  });
});
