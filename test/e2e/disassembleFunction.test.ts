// `disassemble --function [NAME]` (issue 23): the whole function, from its first instruction to
// its last, not 16 instructions that run past its end; a cap with a note. Real lldb-dap and gdb on
// the C fixture.
import { afterEach, beforeAll, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, missing, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-disfn-" }));
const SRC = sourcePath("c/basic.c");
const haveLldb = adapterAvailable("lldb-dap", "test/e2e/disassembleFunction.test.ts");
const haveGdb = Bun.which("gdb") !== null || missing("gdb is not installed", "test/e2e/disassembleFunction.test.ts");
let prog: string;

beforeAll(async () => {
  if (haveLldb || haveGdb) prog = (await buildFixtures())["c-basic"]!;
});
afterEach(() => env().stopSessions());

interface Dis {
  address: string;
  function?: string;
  truncated?: string;
  instructions: { address: string; instruction: string; symbol?: string; current: boolean; line?: number }[];
}

const addr = (a: string) => BigInt(a);

for (const adapter of ["lldb-dap", "gdb"] as const) {
  const have = adapter === "gdb" ? haveGdb : haveLldb;
  (have ? test : test.skip)(
    `${adapter}: --function shows the current function whole and stops at its end; --function NAME; --count caps it with a note`,
    async () => {
      const s = env().session(`dis-${adapter}`);
      await s.ok(["start", prog, "--adapter", adapter, "--break", `${SRC}:${markerLine(SRC, "add_body")}`]);

      const add: Dis = await s.ok(["disassemble", "--function"]);
      expect(add.function).toBe("add");
      expect(add.truncated).toBeUndefined();
      // It starts where `add` starts, holds the current instruction, and ends with add's return.
      const start = /0x[0-9a-f]+/i.exec((await s.ok(["print", "add"])).result)![0];
      expect(addr(add.address)).toBe(addr(start));
      expect(addr(add.instructions[0]!.address)).toBe(addr(start));
      expect(add.instructions.filter((i) => i.current)).toHaveLength(1);
      expect(add.instructions.at(-1)!.instruction).toMatch(/^ret/);
      expect(add.instructions.length).toBeLessThan(16);
      // What follows is the next function: nothing of add was left out.
      const after: Dis = await s.ok(["disassemble", `0x${(addr(add.instructions.at(-1)!.address) + 1n).toString(16)}`, "--count", "1"]);
      expect(after.instructions[0]!.symbol).toMatch(/^factorial(\+0)?$/);

      // By name, from another frame's stop; -f is --function.
      const fact: Dis = await s.ok(["disassemble", "-f", "factorial"]);
      expect(fact.function).toBe("factorial");
      expect(fact.instructions.some((i) => i.current)).toBe(false);
      expect(fact.instructions.at(-1)!.instruction).toMatch(/^ret/);
      const text = await s.run(["disassemble", "-f", "factorial"], { json: false });
      expect(text.stdout.split("\n")[0]).toBe(`factorial: ${fact.instructions.length} instructions`);

      const cut: Dis = await s.ok(["disassemble", "-f", "main", "--count", "5"]);
      expect(cut.instructions).toHaveLength(5);
      expect(cut.truncated).toMatch(/^cut at 5 instructions: the function goes on \(`debugger disassemble 0x[0-9a-f]+ --count N` shows the rest\)$/i);

      // The caller's frame: its function, with the return address as the current instruction.
      await s.ok(["up"]);
      const main: Dis = await s.ok(["disassemble", "--function"]);
      expect(main.function).toBe("main");
      expect(main.instructions.length).toBeGreaterThan(cut.instructions.length);
      expect(main.instructions.at(-1)!.instruction).toMatch(/^ret/);

      const notFn = await s.run(["disassemble", "-f", "p"]);
      expect(notFn.exitCode).toBe(2);
      expect(notFn.json.error.code).toBe("INVALID_ARGUMENT");
      expect(notFn.json.error.message).toStartWith("'p' is not a function (it is ");
      const none = await s.run(["disassemble", "-f", "no_such_function"]);
      expect(none.json.error.message).toStartWith("cannot find function 'no_such_function': ");
      const address = await s.run(["disassemble", "-f", "0x401000"]);
      expect(address.exitCode).toBe(2);
      expect(address.json.error.message).toBe("--function takes a function's name, not the address '0x401000'");
      // The session still answers.
      expect((await s.ok(["disassemble"])).instructions).toHaveLength(16);
    },
  );
}

for (const adapter of ["lldb-dap", "gdb"] as const) {
  const have = adapter === "gdb" ? haveGdb : haveLldb;
  (have ? test : test.skip)(`${adapter}: plain disassemble that runs into the next function says where, and points at --function (issue 29)`, async () => {
    const s = env().session(`dis-next-${adapter}`);
    await s.ok(["start", prog, "--adapter", adapter, "--break", `${SRC}:${markerLine(SRC, "add_body")}`]);
    // 16 instructions from inside add (7 left) run into factorial.
    const d: Dis & { next?: { address: string; function: string; note: string } } = await s.ok(["disassemble"]);
    expect(d.next).toBeDefined();
    expect(d.next!.function).toBe("factorial");
    expect(addr(d.next!.address)).toBe(addr(/0x[0-9a-f]+/i.exec((await s.ok(["print", "factorial"])).result)![0]));
    expect(d.next!.note).toBe(
      `from ${d.next!.address} on this is factorial, another function: \`debugger disassemble --function\` shows the current function, to its end`,
    );
    const text = (await s.run(["disassemble"], { json: false })).stdout.trimEnd().split("\n");
    expect(text.at(-1)).toBe(`(${d.next!.note})`);
    expect(text.some((l) => /^(factorial:$|  0x[0-9a-f]+  factorial: )/i.test(l))).toBe(true);
    // Within the function, and with --function: no such note.
    expect((await s.ok(["disassemble", "--count", "3"])).next).toBeUndefined();
    expect((await s.ok(["disassemble", "--function"])).next).toBeUndefined();
    // From an address: the note names the flag with a function's name.
    expect((await s.ok(["disassemble", d.instructions[0]!.address])).next.note).toEndWith(
      "`debugger disassemble --function NAME` shows one function, to its end",
    );
  });
}

const haveDelve = (Bun.which("dlv") !== null && Bun.which("go") !== null) || missing("dlv or go is not installed", "test/e2e/disassembleFunction.test.ts");
(haveDelve ? test : test.skip)(
  "delve: --function is UNSUPPORTED, saying why (no function address, no instruction symbols); plain disassemble still works",
  async () => {
    const s = env().session("dis-delve");
    const bin = (await buildGoFixtures()).basic!;
    await s.ok(["start", bin, "--break", `${join(goFixturesDir, "basic", "main.go")}:${goMarkerLine("basic", "add_body")}`]);
    const fn = await s.run(["disassemble", "--function"]);
    expect(fn.exitCode).toBe(1);
    expect(fn.json.error).toMatchObject({
      code: "UNSUPPORTED",
      message: "delve does not say where function 'main.add' starts (its value is main.add, with no address)",
    });
    expect((await s.ok(["disassemble", "--count", "3"])).instructions).toHaveLength(3);
  },
  60_000,
);
