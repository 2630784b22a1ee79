// vitest and jest: which caught exceptions are the test's. A failing expect's error has the test's
// frame on its stack; the runners' own caught errors do not — nor does an Error babel-jest throws
// and catches while it transforms a file the test's code imports (@babel/template, each template,
// on every run whose transform cache is cold): there the test's first frame is the import, below a
// module loader's. Judged twice: in the program (the filter's condition) and at the stop (passStop).
import { expect, test } from "bun:test";
import { node } from "../../src/adapters/node.ts";
import type { TestPlan } from "../../src/adapters/testRunners/plan.ts";
import { testAdapter } from "../../src/adapters/testRunners/runnerAdapter.ts";

const plan = { runner: "jest", program: "/app/node_modules/jest/bin/jest.js", args: [], cwd: "/app", env: {} } as unknown as TestPlan;
const spec = testAdapter(node, plan, true);
const condition = new Function("error", `return (${spec.defaultExceptionConditions!.all});`) as (error: unknown) => boolean;
const withStack = (stack: string) => Object.assign(new Error("x"), { stack });

const BABEL = `Error: 
    at extendedTrace (/app/node_modules/@babel/template/src/builder.ts:110:11)
    at buildESModuleHeader (/app/node_modules/@babel/helper-module-transforms/src/index.ts:348:27)
    at Runtime.requireModuleOrMock (/app/node_modules/jest-runtime/build/index.js:1048:21)
    at Object.require (/app/tests/cart.check.ts:3:1)
    at Runtime._execModule (/app/node_modules/jest-runtime/build/index.js:1439:24)`;

test.each([
  [
    "a failing expect, the test's frame below the matcher",
    "JestAssertionError: no\n    at throwingMatcher (/app/node_modules/expect/build/index.js:320:21)\n    at Object.<anonymous> (/app/tests/a.test.ts:5:3)",
    true,
  ],
  [
    "thrown in the test's own code",
    "Error: no\n    at Object.toBe (/app/tests/a.test.ts:10:20)\n    at /app/node_modules/jest-circus/build/utils.js:298:28",
    true,
  ],
  [
    "thrown by the program's module as the test imports it",
    "Error: top\n    at Object.<anonymous> (/app/src/mod.ts:2:7)\n    at Runtime._execModule (/app/node_modules/jest-runtime/build/index.js:1439:24)\n    at Runtime.requireModuleOrMock (/app/node_modules/jest-runtime/build/index.js:1048:21)\n    at Object.require (/app/tests/cart.check.ts:3:1)",
    true,
  ],
  ["babel's own, while the test's file imports", BABEL, false],
  ["the runner's own", "Error: probe\n    at stat (/app/node_modules/jest-haste-map/build/index.js:1:1)\n    at new Promise (<anonymous>)", false],
  ["Node's own", "TypeError: bad\n    at new URL (node:internal/url:775:36)\n    at node:internal/modules/esm/resolve:1:1", false],
])("in the program: %s → stands %p", (_what, stack, stands) => {
  expect(condition(withStack(stack))).toBe(stands);
});

test("at the stop: babel's error below the test's import is passed; a failing expect stands", () => {
  const frame = (fn: string, file: string) => ({ function: fn, file, line: 1 });
  const babel = [
    frame("extendedTrace", "/app/node_modules/@babel/template/src/builder.ts"),
    frame("Runtime.requireModuleOrMock", "/app/node_modules/jest-runtime/build/index.js"),
    frame("Object.require", "/app/tests/cart.check.ts"),
  ];
  expect(spec.passStop!("exception", babel as never)).toBe(true);
  const failing = [frame("throwingMatcher", "/app/node_modules/expect/build/index.js"), frame("Object.<anonymous>", "/app/tests/a.test.ts")];
  expect(spec.passStop!("exception", failing as never)).toBe(false);
});
