// What an adapter's value text leaves out, read another way: debugpy's deque without its maxlen
// (AdapterSpec.ownText: Python's own repr), gdb's smart pointer as `{get() = 0x…}`
// (AdapterSpec.ownedObject: the object read with `*EXPR`). The text is the adapters' own
// (debugpy under /usr/bin/python3, gdb 13 through cdt-gdb-adapter).
import { expect, test } from "bun:test";
import { customAdapter } from "../../src/adapters/custom.ts";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { node } from "../../src/adapters/node.ts";

const v = (name: string, type: string, value: string) => ({ name, type, value, reference: 0 });

test.each([
  // debugpy's variables show a deque without its maxlen; repr() in the repl context has it (a str's repr).
  [v("d", "deque", "deque([1, 2, 3])"), "repr(d)", "'deque([1, 2, 3], maxlen=5)'", "deque([1, 2, 3], maxlen=5)"],
  [v("e", "deque", 'deque(["a\'b"])'), "repr(e)", "'deque([\"a\\'b\"])'", 'deque(["a\'b"])'],
  // Not a repr of a deque: the adapter's text stays.
  [v("d", "deque", "deque([1])"), "repr(d)", "'<shadowed>'", undefined],
])("debugpy: %j reads %s → %s → %s", (value, expression, result, want) => {
  const own = debugpy.ownText!;
  expect(own.applies(value)).toBe(true);
  expect(own.expression(value.name)).toBe(expression);
  expect(own.parse(result)).toBe(want);
});

test("debugpy: a deque whose text has its maxlen, or a row that is not a name, is not read again", () => {
  expect(debugpy.ownText!.applies(v("d", "deque", "deque([1, 2, 3], maxlen=5)"))).toBe(false);
  expect(debugpy.ownText!.applies(v("[0]", "deque", "deque([1])"))).toBe(false);
  expect(debugpy.ownText!.applies(v("l", "list", "[1, 2]"))).toBe(false);
  for (const spec of [lldbDap, gdb, delve, node]) expect(spec.ownText).toBeUndefined();
});

test.each([
  [v("up", "std::unique_ptr<Part>", "std::unique_ptr<Part> = {get() = 0x55555556eeb0}"), "up", "*up"],
  [v("sp", "std::shared_ptr<Part>", "std::shared_ptr<Part> (use count 1, weak count 0) = {get() = 0x55555556f2c0}"), "sp", "*sp"],
  [v("none", "std::unique_ptr<Part>", "std::unique_ptr<Part> = {get() = 0x0}"), "none", undefined],
  [v("p", "Part *", "0x55555556eeb0"), "p", undefined],
])("gdb: %j → %s", (value, expression, want) => {
  expect(gdb.ownedObject?.(value, expression)).toBe(want);
  // A custom adapter may wrap gdb: it keeps the rule.
  expect(
    customAdapter("x", { command: ["x"], extensions: [], transport: "stdio", env: {}, launch: {}, attach: {} } as never).ownedObject?.(value, expression),
  ).toBe(want);
});

test("LLDB shows a unique_ptr as its address (its wrappers read it): no gdb rule there, nor on debugpy's or Delve's text", () => {
  for (const spec of [lldbDap, debugpy, delve, node]) expect(spec.ownedObject).toBeUndefined();
});
