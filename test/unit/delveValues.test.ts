// Delve's value text → what the agent sees: Delve's value facet (src/adapters/delveValues.ts),
// from a table of Delve's own text.
import { expect, test } from "bun:test";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { node } from "../../src/adapters/node.ts";

test.each([
  ["[]uint8 len: 5, cap: 5, [104,101,108,108,111]", "[]uint8", '[]uint8 len: 5, cap: 5, [104,101,108,108,111] "hello"'],
  ["[]uint8 len: 2, cap: 2, [10,34]", "[]byte", '[]uint8 len: 2, cap: 2, [10,34] "\\n\\""'],
  // Cut by Delve (`...+198 more`): the string would be a part told as the whole.
  ["[]uint8 len: 200, cap: 200, [1,2,...+198 more]", "[]uint8", "[]uint8 len: 200, cap: 200, [1,2,...+198 more]"],
  ["[]int len: 1, cap: 1, [1]", "[]int", "[]int len: 1, cap: 1, [1]"],
  ["*int(0xc000012345)", "*int", "*int(0xc000012345)"],
])("delve: %s (%s) → %s", (value, type, want) => expect(delve.compactValue?.(value, type)).toBe(want));

test("Python's and JavaScript's values are the language's own text: no rule rewrites them", () => {
  expect(debugpy.compactValue).toBeUndefined();
  expect(node.compactValue).toBeUndefined();
});
