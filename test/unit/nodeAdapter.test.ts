// The node adapter's pure parts: Node's debugger notices out of the program's stderr, the compiled
// files a TypeScript source maps to, TypeScript flags per Node version, node:test's verdict.
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compiledFilesFor } from "../../src/adapters/compiledSources.ts";
import { typeScriptFlags } from "../../src/adapters/node.ts";
import { NoticeFilter } from "../../src/adapters/sessionServer.ts";
import { nodeTestSummary } from "../../src/adapters/testRunners/summary.ts";
import { planTest } from "../../src/adapters/testRunners/plan.ts";

describe("NoticeFilter", () => {
  test("drops Node's notices, keeps the program's lines, also when a notice arrives in pieces", () => {
    const f = new NoticeFilter();
    expect(f.push("Debugger attached.\nreal error\n")).toBe("real error\n");
    expect(f.push("Waiting for the deb")).toBe("");
    expect(f.push("ugger to disconnect...\n")).toBe("");
    expect(f.push("Debugger attached. not quite\n")).toBe("Debugger attached. not quite\n");
    expect(f.push("prompt> ")).toBe("prompt> ");
    expect(f.push("Debug")).toBe("");
    expect(f.flush()).toBe("Debug");
  });
});

describe("compiledFilesFor", () => {
  test("finds the compiled files whose maps name the source, skipping node_modules", () => {
    const dir = mkdtempSync(join(tmpdir(), "dbg-maps-"));
    try {
      mkdirSync(join(dir, "src"));
      mkdirSync(join(dir, "dist"));
      mkdirSync(join(dir, "node_modules", "x"), { recursive: true });
      writeFileSync(join(dir, "src", "a.ts"), "");
      writeFileSync(join(dir, "dist", "a.js"), "");
      writeFileSync(join(dir, "dist", "a.js.map"), JSON.stringify({ version: 3, sources: ["../src/a.ts"], mappings: "" }));
      writeFileSync(join(dir, "dist", "b.js"), "");
      writeFileSync(join(dir, "dist", "b.js.map"), JSON.stringify({ version: 3, sources: ["../src/b.ts"], mappings: "" }));
      writeFileSync(join(dir, "node_modules", "x", "a.js"), "");
      writeFileSync(join(dir, "node_modules", "x", "a.js.map"), JSON.stringify({ version: 3, sourceRoot: "../../src", sources: ["a.ts"], mappings: "" }));
      expect(compiledFilesFor(join(dir, "src", "a.ts"), [dir, join(dir, "dist")])).toEqual([join(dir, "dist", "a.js")]);
      expect(compiledFilesFor(join(dir, "src", "c.ts"), [dir])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("typeScriptFlags", () => {
  test("none from 23.6 and 22.18, --experimental-strip-types from 22.6, UNSUPPORTED before", () => {
    expect(typeScriptFlags([24, 1, 0], "a.ts")).toEqual([]);
    expect(typeScriptFlags([22, 18, 0], "a.ts")).toEqual([]);
    expect(typeScriptFlags([22, 6, 0], "a.ts")).toEqual(["--experimental-strip-types"]);
    expect(() => typeScriptFlags([20, 20, 2], "a.ts")).toThrow(/cannot run TypeScript directly/);
  });
});

test("node:test's verdict from its TAP and spec endings", () => {
  expect(nodeTestSummary("# tests 2\n# suites 0\n# pass 1\n# fail 1\n")).toBe("1 failed, 1 passed");
  expect(nodeTestSummary("ℹ tests 3\nℹ pass 3\nℹ fail 0\n")).toBe("3 passed");
  expect(nodeTestSummary("no verdict")).toBeUndefined();
});

test("node --test FILE plans the file as the program under node; without a file or --test it says what to do", () => {
  const cwd = join(import.meta.dir, "..", "fixtures", "node");
  const plan = planTest(["node", "--test", "failing-calc.js"], { cwd, path: process.env.PATH ?? "" });
  expect(plan).toMatchObject({ runner: "node", adapter: "node", program: join(cwd, "failing-calc.js") });
  expect(() => planTest(["node", "--test"], { cwd, path: "" })).toThrow(/without a file/);
  expect(() => planTest(["node", "x.js"], { cwd, path: "" })).toThrow(/not a test run/);
});
