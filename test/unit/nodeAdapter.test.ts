// The node adapter's pure parts: Node's debugger notices out of the program's stderr, the compiled
// files a TypeScript source maps to, TypeScript flags per Node version, node:test's verdict.
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compiledFilesFor } from "../../src/adapters/compiledSources.ts";
import * as jsValues from "../../src/adapters/jsValues.ts";
import { inspectorFlags, isLoopback, typeScriptFlags } from "../../src/adapters/node.ts";
import { NoticeFilter, withEmptyArgs } from "../../src/adapters/sessionServer.ts";
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

test("the program's empty arguments are put back into js-debug's command line, which leaves them out", () => {
  expect(withEmptyArgs(["/usr/bin/node", "./app.js", "a b", "c"], ["a b", "", "c"])).toEqual(["/usr/bin/node", "./app.js", "a b", "", "c"]);
  expect(withEmptyArgs(["/usr/bin/node", "./app.js"], ["", ""])).toEqual(["/usr/bin/node", "./app.js", "", ""]);
  expect(withEmptyArgs(["/usr/bin/node", "./app.js", "x"], ["x"])).toEqual(["/usr/bin/node", "./app.js", "x"]);
  // A command that does not end with the arguments is left as js-debug gave it.
  expect(withEmptyArgs(["/usr/bin/node", "./app.js", "y"], ["x", ""])).toEqual(["/usr/bin/node", "./app.js", "y"]);
});

test("js-debug's previews spaced as util.inspect prints them; quoted text and abbreviations untouched", () => {
  const { inspectStyle } = jsValues;
  expect(inspectStyle("Point {x: 3, y: 4}")).toBe("Point { x: 3, y: 4 }");
  expect(inspectStyle("(2) [1, 2]")).toBe("[ 1, 2 ]");
  expect(inspectStyle("Map(1) {'a' => 1}")).toBe("Map(1) { 'a' => 1 }");
  expect(inspectStyle("{a: {…}, b: (1) [3]}")).toBe("{ a: {…}, b: [ 3 ] }");
  expect(inspectStyle("{s: 'x} [y'}")).toBe("{ s: 'x} [y' }");
  for (const same of ["{}", "[]", "'a {b}'", "42", "ƒ add(a, b)", "Array(2)"]) expect(inspectStyle(same)).toBe(same);
});

test("a Map's, a Set's and a typed array's previews read as util.inspect prints them", () => {
  const { inspectStyle } = jsValues;
  expect(inspectStyle("Map(2) {size: 2, a => 1, b => 2}")).toBe("Map(2) { 'a' => 1, 'b' => 2 }");
  expect(inspectStyle("Set(3) {size: 3, 1, true, red}")).toBe("Set(3) { 1, true, 'red' }");
  expect(inspectStyle("Uint8Array(3) [1, 2, 255, buffer: ArrayBuffer(3), byteLength: 3, byteOffset: 0, length: 3]")).toBe("Uint8Array(3) [ 1, 2, 255 ]");
  expect(inspectStyle("Map(0) {size: 0}")).toBe("Map(0) {}");
});

test("the inspector a node process was started with, from its flags", () => {
  expect(inspectorFlags(["--inspect"])).toEqual({ host: "127.0.0.1", port: 9229 });
  expect(inspectorFlags(["--inspect=9341"])).toEqual({ host: "127.0.0.1", port: 9341 });
  expect(inspectorFlags(["--inspect-brk=0.0.0.0:9400"])).toEqual({ host: "0.0.0.0", port: 9400 });
  expect(inspectorFlags(["--inspect", "--inspect-port=9500"])).toEqual({ host: "127.0.0.1", port: 9500 });
  expect(inspectorFlags(["--inspect=0"])).toBeUndefined();
  expect(inspectorFlags(["--max-old-space-size=100"])).toBeUndefined();
});

test("loopback addresses (an inspector read from a process is connected to only there)", () => {
  for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) expect(isLoopback(h)).toBe(true);
  for (const h of ["0.0.0.0", "10.0.0.5", "192.168.1.2", "example.com", "::", "128.0.0.1"]) expect(isLoopback(h)).toBe(false);
});
