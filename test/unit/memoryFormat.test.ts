// memory read --format, and LLDB's memory read output parsed.
import { expect, test } from "bun:test";
import { memoryLines, parseLldbMemory } from "../../src/common/memoryFormat.ts";

const bytes = Uint8Array.from([0x68, 0x69, 0x00, 0x0a, 0xff, 0x22, 0x41, 0x42, 1, 0, 0, 0, 2, 0, 0, 0, 0x7f, 0x5c]);

test("hex: 16 bytes a line with their characters", () => {
  expect(memoryLines(0x1000n, bytes, "hex")).toEqual([
    '0x1000: 68 69 00 0a ff 22 41 42 01 00 00 00 02 00 00 00  hi..."AB........',
    "0x1010: 7f 5c                                            .\\",
  ]);
});

test("bytes: decimal", () => {
  expect(memoryLines(0x1000n, bytes.subarray(0, 4), "bytes")).toEqual(["0x1000: 104 105   0  10"]);
});

test("words: 32-bit little-endian, with the odd bytes left over said", () => {
  expect(memoryLines(0x1000n, bytes.subarray(8, 16), "words")).toEqual(["0x1000: 0x00000001 0x00000002"]);
  expect(memoryLines(0x1000n, Uint8Array.from([0xff, 0xff, 0xff, 0xff, 7]), "words")).toEqual(["0x1000: 0xffffffff (1 byte left: 07)"]);
});

test("chars: escapes for what does not print", () => {
  expect(memoryLines(0x1000n, bytes.subarray(0, 8), "chars")).toEqual(['0x1000: "hi\\0\\n\\xff\\"AB"']);
});

test("LLDB's memory read output → address and bytes; a failed read → undefined", () => {
  const out =
    "(lldb) memory read --size 1 --format x --count 12 &p\n0x7fffffffe57c: 0x03 0x00 0x00 0x00 0x04 0x00 0x00 0x00\n0x7fffffffe584: 0x09 0xff 0x00 0x10\n";
  const r = parseLldbMemory(out)!;
  expect(r.address).toBe("0x7fffffffe57c");
  expect([...r.bytes]).toEqual([3, 0, 0, 0, 4, 0, 0, 0, 9, 255, 0, 16]);
  expect(parseLldbMemory("(lldb) memory read 0x10\nerror: memory read failed for 0x0\n")).toBeUndefined();
});
