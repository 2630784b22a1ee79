// `disassemble --function`: where a function ends in a disassembly (gdb names every instruction,
// lldb-dap only a symbol's first), and LLDB's lookup read for lldb-dap's range.
import { expect, test } from "bun:test";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { functionEnd } from "../../src/daemon/session/inspection/machine.ts";

test("functionEnd: up to the next symbol; past a section's last function gdb names nothing", () => {
  const gdb = [{ symbol: "add+0" }, { symbol: "add+1" }, { symbol: "add+4" }, { symbol: "factorial+0" }];
  expect(functionEnd(gdb, "add")).toBe(3);
  expect(functionEnd([{ symbol: "main+0" }, { symbol: "main+1" }, { symbol: "main+235" }, {}, {}], "main")).toBe(3);
  const lldb = [{ symbol: "add" }, {}, {}, { symbol: "factorial" }, {}];
  expect(functionEnd(lldb, "add")).toBe(3);
  // lldb-dap past the last function: nothing tells; the range from LLDB's lookup does (functionRange).
  expect(functionEnd([{ symbol: "main" }, {}, {}], "main")).toBe(3);
  expect(functionEnd([{ symbol: "add+0" }], "add")).toBe(1);
});

test("lldb-dap's functionRange reads LLDB's `image lookup -v -a`", () => {
  const out = `(lldb) image lookup -v -a 0x555555555173
      Address: basic[0x0000000000001173] (basic.PT_LOAD[1]..text + 243)
      Summary: basic\`add + 10 at basic.c:11:7
     Function: id = {0x000003ac}, name = "add", range = [0x0000555555555169-0x0000555555555183)
       Symbol: id = {0x00000016}, range = [0x0000555555555169-0x0000555555555183), name="add"
`;
  expect(lldbDap.functionRange!.command("0x555555555173")).toBe("`image lookup -v -a 0x555555555173");
  expect(lldbDap.functionRange!.parse(out)).toEqual({ start: "0x0000555555555169", end: "0x0000555555555183", name: "add" });
  // A symbol without debug info has no Function line.
  expect(lldbDap.functionRange!.parse(`       Symbol: id = {0x00000016}, range = [0x0000000000401000-0x0000000000401020), name="_start"\n`)).toEqual({
    start: "0x0000000000401000",
    end: "0x0000000000401020",
    name: "_start",
  });
  expect(lldbDap.functionRange!.parse("error: no match")).toBeUndefined();
});
