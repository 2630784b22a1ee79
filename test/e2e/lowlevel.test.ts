// watch, registers and disassemble against lldb-dap on the C fixture.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "./harness.ts";

const available = adapterAvailable("lldb-dap", "test/e2e/lowlevel.test.ts");
const SRC = sourcePath("c/basic.c");
const env = new E2eEnv();
let prog = "";

beforeAll(async () => {
  if (available) prog = (await buildFixtures())["c-basic"]!;
});
afterAll(() => env.close());

describe.skipIf(!available)("lldb-dap: watch, registers, disassemble", () => {
  test("watch stops each time the variable changes; watch list / remove", async () => {
    const s = env.session("watch");
    await s.ok(["start", prog, "--break", `${SRC}:${markerLine(SRC, "loop_head")}`]);
    await s.ok(["breakpoint", "remove", "1"]);
    const w = await s.ok(["watch", "total"]);
    expect(w.breakpoints[0]).toMatchObject({ id: 2, kind: "data", location: "total", accessType: "write", verified: true, hits: 0 });
    expect(w.breakpoints[0].description).toMatch(/^4 bytes at [0-9A-F]+ total$/);
    const values: string[] = [];
    for (let k = 0; k < 3; k++) {
      const stop = (await s.ok(["continue"])).stop;
      expect(stop).toMatchObject({ reason: "watchpoint", breakpointIds: [2], frame: { function: "main" } });
      values.push((await s.ok(["print", "total"])).result);
    }
    // total = add(total, i): LLDB reports a write watchpoint when the value changes, so i = 0
    // (0 + 0) does not stop; i = 1, 2, 3 do.
    expect(values).toEqual(["1", "3", "6"]);
    expect((await s.ok(["watch", "list"])).breakpoints.map((b: any) => [b.id, b.hits])).toEqual([[2, 3]]);
    expect((await s.ok(["watch", "remove", "2"])).removed).toEqual([2]);
    expect((await s.ok(["watch", "list"])).breakpoints).toEqual([]);
    const end = (await s.ok(["continue"])).stop;
    expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
  });

  test("registers and disassemble at a breakpoint", async () => {
    const s = env.session("regs");
    await s.ok(["start", prog, "--break", "add"]);
    const regs = await s.ok(["registers"]);
    const names = regs.registers.map((r: any) => r.name);
    expect(names).toContain(process.arch === "arm64" ? "pc" : "rip");
    const pcName = process.arch === "arm64" ? "pc" : "rip";
    const one = await s.ok(["registers", pcName]);
    expect(one.registers).toHaveLength(1);
    expect(one.registers[0].value).toMatch(/^0x[0-9a-f]+/);
    const bad = await s.run(["registers", "nosuchreg"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("INVALID_ARGUMENT");
    const dis = await s.ok(["disassemble", "--count", "5"]);
    expect(dis.instructions).toHaveLength(5);
    expect(dis.instructions[0]).toMatchObject({ current: true, line: markerLine(SRC, "add_body") });
    expect(BigInt(dis.instructions[0].address)).toBe(BigInt(one.registers[0].value.split(" ")[0]));
    const notAddr = await s.run(["disassemble", "main"]);
    expect(notAddr.json.error.code).toBe("INVALID_ARGUMENT");
  });
});
