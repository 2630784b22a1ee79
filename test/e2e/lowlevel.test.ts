// watch, registers and disassemble against lldb-dap, memory read against gdb, on the C fixture.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv } from "./harness.ts";
import { watchpointsFire } from "../harness/machine.ts";

const fire = watchpointsFire("test/e2e/lowlevel.test.ts");

const available = adapterAvailable("lldb-dap", "test/e2e/lowlevel.test.ts");
const SRC = sourcePath("c/basic.c");
const env = new E2eEnv();
let prog = "";

beforeAll(async () => {
  prog = (await buildFixtures())["c-basic"]!;
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

describe.skipIf(!available)("lldb-dap: watch, registers, disassemble", () => {
  test.skipIf(fire)("where hardware watchpoints do not fire, watch says so (and the program runs past)", async () => {
    const s = env.session("watch-silent");
    await s.ok(["start", prog, "--break", `${SRC}:${markerLine(SRC, "loop_head")}`]);
    await s.ok(["breakpoint", "remove", "1"]);
    const w = await s.ok(["watch", "total"]);
    expect(w.warnings?.[0]).toContain("hardware watchpoints do not fire on this machine");
    const human = await s.run(["watch", "f"], { json: false });
    expect(human.stdout).toContain("Warning: hardware watchpoints do not fire on this machine");
    expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited" });
  });

  test.skipIf(!fire)("watch stops each time the variable changes; watch list / remove", async () => {
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
    expect((await s.ok(["watch", "list"])).breakpoints.map((b) => [b.id, b.hits])).toEqual([[2, 3]]);
    expect((await s.ok(["watch", "remove", "2"])).removed).toEqual([2]);
    expect((await s.ok(["watch", "list"])).breakpoints).toEqual([]);
    const end = (await s.ok(["continue"])).stop;
    expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
  });

  test.skipIf(!fire)("with two watchpoints, each stop names the one that fired and its hit count", async () => {
    const s = env.session("watch2");
    await s.ok(["start", prog, "--break", `${SRC}:${markerLine(SRC, "loop_head")}`]);
    await s.ok(["breakpoint", "remove", "1"]);
    await s.ok(["watch", "total"]);
    await s.ok(["watch", "f"]);
    const stops: any[] = [];
    for (let k = 0; k < 5; k++) stops.push((await s.ok(["continue"])).stop);
    // total becomes 1, 3, 6, 10 (i = 0 leaves it 0), then f = factorial(4).
    expect(stops.map((st) => st.breakpointIds)).toEqual([[2], [2], [2], [2], [3]]);
    expect(stops[3].description).toBe("total: 6 → 10 (hit 4)");
    expect(stops[4].description).toMatch(/^f(: .* → | = )24 \(hit 1\)$/);
    expect((await s.ok(["watch", "list"])).breakpoints.map((b) => [b.id, b.hits])).toEqual([
      [2, 4],
      [3, 1],
    ]);
  });

  test("registers and disassemble at a breakpoint", async () => {
    const s = env.session("regs");
    await s.ok(["start", prog, "--break", "add"]);
    const regs = await s.ok(["registers"]);
    const names = regs.registers.map((r) => r.name);
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
    const withSource = await s.ok(["disassemble", "--source", "--count", "12"]);
    const headed = withSource.instructions.filter((i) => i.sourceText !== undefined);
    expect(headed[0]).toMatchObject({ current: true, line: markerLine(SRC, "add_body"), sourceText: expect.stringContaining("@mark add_body") });
    expect(headed.length).toBeGreaterThan(1); // the lines after add_body have their text too
    const human = await s.run(["disassemble", "--source", "--count", "6"], { json: false });
    expect(human.stdout.split("\n")[0]).toMatch(/basic\.c:\d+ {2}int sum = a \+ b;/);
    const notAddr = await s.run(["disassemble", "main"]);
    expect(notAddr.json.error.code).toBe("INVALID_ARGUMENT");
  });
});

// cdt-gdb-adapter has readMemory (lldb-dap 19 does not).
const gdbFound = gdbAdapter.discover({ options: {} });
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn("SKIP test/e2e/lowlevel.test.ts (memory read): gdb's DAP adapter is not installed");

describe.skipIf(!gdbFound)("gdb: memory read and watch", () => {
  test("gdb (readMemory) and lldb-dap (LLDB's own command) read the same bytes of a variable, in every format", async () => {
    const s = env.session("memory");
    await s.ok(["start", prog, "--adapter", "gdb", "--break", `${SRC}:${markerLine(SRC, "stdout_flushed")}`]);
    expect((await s.ok(["print", "total"])).result).toBe("10");
    const total = await s.ok(["memory", "read", "&total", "--count", "4"]);
    expect(total).toMatchObject({ count: 4, unreadable: 0, hex: "0a000000", via: "readMemory" });
    const point = await s.ok(["memory", "read", "&p", "--count", "8"]);
    expect(point.hex).toBe("0300000004000000");
    expect(point.dump).toEqual([expect.stringMatching(/^0x[0-9a-f]+: 03 00 00 00 04 00 00 00 {2,}\.{8}$/)]);
    const bad = await s.run(["memory", "read", "total"]);
    expect(bad.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: "'total' is not an address (it is 10)" });
    const l = env.session("memory-lldb");
    await l.ok(["start", prog, "--break", `${SRC}:${markerLine(SRC, "stdout_flushed")}`]);
    const viaLldb = await l.ok(["memory", "read", "&total", "--count", "4"]);
    expect(viaLldb).toMatchObject({ count: 4, unreadable: 0, hex: "0a000000", via: "lldb" });
    for (const a of [s, l]) {
      expect((await a.ok(["memory", "read", "&p", "--count", "8", "--format", "words"])).dump).toEqual([
        expect.stringMatching(/^0x[0-9a-f]+: 0x00000003 0x00000004$/),
      ]);
      expect((await a.ok(["memory", "read", "&p", "--count", "8", "--format", "bytes"])).dump).toEqual([
        expect.stringMatching(/^0x[0-9a-f]+: {3}3 {3}0 {3}0 {3}0 {3}4 {3}0 {3}0 {3}0$/),
      ]);
      expect((await a.ok(["memory", "read", "&p", "--count", "4", "--format", "chars"])).dump).toEqual([
        expect.stringMatching(/^0x[0-9a-f]+: "\\x03\\0\\0\\0"$/),
      ]);
    }
    // Address 0x10 is never mapped: nothing read, all of it counted unreadable, and not an error.
    expect(await l.ok(["memory", "read", "0x10", "--count", "8"])).toMatchObject({ count: 0, unreadable: 8, via: "lldb" });
    const human = await l.run(["memory", "read", "0x10", "--count", "8"], { json: false });
    expect(human.stdout).toContain("(8 bytes could not be read)");
  });

  // gdb watches in software where hardware watchpoints do not fire: these run on every machine.
  test("gdb: watch stops when the value changes, reported as a watchpoint with its id", async () => {
    const s = env.session("gdb-watch");
    await s.ok(["start", prog, "--adapter", "gdb", "--break", `${SRC}:${markerLine(SRC, "loop_head")}`]);
    await s.ok(["breakpoint", "remove", "1"]);
    const w = await s.ok(["watch", "total"]);
    expect(w.breakpoints[0]).toMatchObject({ id: 2, kind: "data", verified: true });
    const stop = (await s.ok(["continue"])).stop;
    expect(stop).toMatchObject({ reason: "watchpoint", breakpointIds: [2], frame: { function: "main" } });
    expect((await s.ok(["print", "total"])).result).toBe("1");
  });

  test("gdb: with two watchpoints each stop names the one that fired, with its hit count; the end of their scope stops too", async () => {
    const s = env.session("gdb-watch2");
    await s.ok(["start", prog, "--adapter", "gdb", "--break", `${SRC}:${markerLine(SRC, "loop_head")}`]);
    await s.ok(["breakpoint", "remove", "1"]);
    const w = await s.ok(["watch", "total"]);
    if (!fire) expect(w.warnings).toEqual([expect.stringContaining("gdb watches in software")]);
    await s.ok(["watch", "f"]);
    // total = add(total, i) for i = 0…4: it changes at i = 1…4 (0 → 1 → 3 → 6 → 10).
    for (const [hit, [from, to]] of [
      [0, 1],
      [1, 3],
      [3, 6],
      [6, 10],
    ].entries()) {
      const stop = (await s.ok(["continue"])).stop;
      expect(stop).toMatchObject({ reason: "watchpoint", breakpointIds: [2], description: `total: ${from} → ${to} (hit ${hit + 1})` });
    }
    const f = (await s.ok(["continue"])).stop;
    expect(f).toMatchObject({ reason: "watchpoint", breakpointIds: [3], frame: { line: markerLine(SRC, "print_stdout") } });
    expect(f.description).toMatch(/^f: .*24 \(hit 1\)$/);
    // main returns: both watched locals go out of scope, and gdb drops the watchpoints.
    const scope = (await s.ok(["continue"])).stop;
    expect(scope).toMatchObject({ reason: "watchpoint", breakpointIds: [2, 3], description: expect.stringContaining("total, f: out of scope") });
    expect((await s.ok(["watch", "list"])).breakpoints.map((b) => [b.id, b.hits])).toEqual([
      [2, 4],
      [3, 1],
    ]);
    expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited", exitCode: 3 });
  });

  test("gdb: a watch through a pointer or a variable index stops on writes to what it names", async () => {
    const bins = await buildFixtures();
    const s = env.session("gdb-watch-deref");
    await s.ok(["start", bins["c-values"]!, "--adapter", "gdb", "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    const w = await s.ok(["watch", "first->qty"]);
    expect(w.breakpoints[0]).toMatchObject({ id: 2, kind: "data", verified: true, location: "first->qty" });
    const qty = (await s.ok(["continue"])).stop;
    expect(qty).toMatchObject({ reason: "watchpoint", breakpointIds: [2], description: "first->qty: 12 → 13 (hit 1)" });
    await s.ok(["watch", "odd[first->qty % 6]"]);
    const odd = (await s.ok(["continue"])).stop;
    expect(odd).toMatchObject({ reason: "watchpoint", breakpointIds: [3] });
    expect(odd.description).toMatch(/^odd\[first->qty % 6\]: .*→ .*'q' \(hit 1\)$/);
    const bad = await s.run(["watch", "nosuch->x"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.json.error.code).toBe("EVALUATE_FAILED");
    expect(bad.json.error.message).not.toContain("$debugger");
    // gdb's "Old value = … New value = …" is the debugger's text, not the program's output.
    expect(`${qty.output}${odd.output}`).not.toMatch(/value =/i);
    // Watched by address, they would outlive main's frame: gone before the program ends.
    await s.ok(["watch", "remove", "2", "3"]);
    expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited", exitCode: 0 });
  });
});
