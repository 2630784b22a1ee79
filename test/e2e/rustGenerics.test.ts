// Rust expressions on generic types through the built binary (test/fixtures/rust/generics.rs,
// issue 31 item 5). On lldb-dap, an element of a Vec of a generic struct was cast to a type LLDB's
// C++ parser cannot name ("no member named 'Slot' in namespace 'genlib'", the rust-portfolio hunt);
// it is now read through the formatters' children. gdb reads the same program natively: what it
// reads there is checked to stay so.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import type { DisplayValue } from "../../src/ipc/types.ts";
import { adapterAvailable, E2eEnv } from "../harness/index.ts";

const lldb = adapterAvailable("lldb-dap", "test/e2e/rustGenerics.test.ts");
const gdb = adapterAvailable("gdb", "test/e2e/rustGenerics.test.ts");
const at = (mark: string) => `generics.rs:${markerLine(sourcePath("rust/generics.rs"), mark)}`;

describe("Rust generics", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test.skipIf(!lldb)("lldb-dap: a Vec of a generic struct from another crate, indexed in --print rows and a condition (the rust-portfolio shape)", async () => {
    const s = env.session("portfolio");
    const run = await s.run(
      [
        "run",
        bins["rust-generics"]!,
        "--break",
        `${at("get")} if self.slots[i].value.0 > 2000`,
        "--print",
        "self.slots[i].value",
        "--print",
        "self.slots[i].key",
      ],
      { json: false },
    );
    expect(run.stdout).toContain('#1  self.slots[i].value = {0 = 4105}  self.slots[i].key = "CRUX"\n');
    expect(run.stdout).not.toContain("#2");
    expect(run.stdout).not.toContain("error");
  });

  test.skipIf(!lldb)("lldb-dap: indexing, fields, .len(), &, tuple .0, Some/None on Vecs, a VecDeque, Options and Boxes of generics", async () => {
    const s = env.session("generics");
    const printed = [
      ["self.slots[i].value", "{0 = 4105}"],
      ["self.slots[i].value.0 + 1", "4106"],
      ["self.slots[i].value.0 as f64 / 100.0", "41.049999999999997"],
      ["self.slots[i].key", '"CRUX"'],
      ["self.slots[i].key.len()", "4"],
      ['self.slots[i].key == "CRUX"', "true"],
      ['self.slots[i].key != "CRUX"', "false"],
      ["self.slots.len()", "2"],
      ["self.cells[i + 1].value == Some(9)", "true"],
      ["self.cells[i].value == None", "true"],
      ["self.cells[i].value.is_none()", "true"],
      ["self.cells[i].hits * 2", "6"],
      ["self.boxed.value", "2.5"],
      ["self.maybe == None", "false"],
      ["self.pairs[i].right.len()", "3"],
      ["self.wraps[i].0 + 1", "12"],
      ["self.tuples[i].0", "20"],
      ["self.tuples[i].1.value", "201"],
      ["self.queue[i].value", "31"],
      ["self.by_name.len()", "1"],
      ['self.by_name["a"].value + 1', "6"],
      ['self.by_name["a"]', "{value = 5, hits = 1}"],
      ["i < self.slots.len() && self.slots[i].value.0 > 0", "true"],
      ["i > 5 && self.slots[i + 7].value.0 > 0", "false"],
    ];
    // The second pass of the loop in main: i = 1.
    const start = await s.ok(["start", bins["rust-generics"]!, "--break", `${at("get")} if i == 1`, ...printed.flatMap(([e]) => ["--print", e!])]);
    const displays = start.stop.displays as DisplayValue[];
    for (const [e, want] of printed) expect({ e, value: displays.find((d) => d.expression === e)?.value }).toEqual({ e, value: want });

    expect((await s.ok(["print", "self.shapes[i]"])).result).toBe("Line{from:2, to:5}");
    expect((await s.ok(["print", "&self.slots[i]"])).result).toMatch(/^0x[0-9a-f]+\b/);
    // Errors name what is there.
    const range = await s.run(["print", "self.slots[i + 1].value"]);
    expect(range.json.error.message).toContain("index 2 is out of range: 'self.slots' has 2 elements");
    const field = await s.run(["print", "self.slots[i].valu"]);
    expect(field.json.error.message).toContain("has no field 'valu': its fields are key, value, prev, next");
    const method = await s.run(["print", "self.slots[i].value.total()"]);
    expect(method.json.error.code).toBe("UNSUPPORTED");
    expect(method.json.error.message).toContain("LLDB cannot call Rust methods ('.total()')");
  });

  test.skipIf(!lldb)("lldb-dap: a reference to a generic and a slice of them", async () => {
    const s = env.session("peek");
    const run = await s.run(
      [
        "run",
        bins["rust-generics"]!,
        "--break",
        `${at("peek")} if slice[j].hits == 3 && cell.value == Some(9)`,
        "--print",
        "cell.hits",
        "--print",
        "slice[j].hits + 1",
        "--print",
        "slice[j].value.is_none()",
        "--print",
        "slice.len()",
      ],
      { json: false },
    );
    expect(run.stdout).toContain("#1  cell.hits = 4  slice[j].hits + 1 = 4  slice[j].value.is_none() = true  slice.len() = 3\n");
  });

  test.skipIf(!gdb)("gdb: the same program's fields through &self, Box and slices read natively, untranslated", async () => {
    const s = env.session("generics-gdb");
    await s.ok(["start", bins["rust-generics"]!, "--adapter", "gdb", "--break", at("get")]);
    expect((await s.ok(["print", "self.boxed.value"])).result).toBe("2.5");
    await s.ok(["stop"]);
    await s.ok(["start", bins["rust-generics"]!, "--adapter", "gdb", "--break", at("peek")]);
    expect((await s.ok(["print", "slice[j].hits + 1"])).result).toBe("4");
    expect((await s.ok(["print", "cell.hits"])).result).toBe("4");
  });
});
