// Names that are C++ keywords through the built binary (issue 31 item 5): a Rust local `new` or a
// field `class` broke every expression naming it under lldb-dap (LLDB's parser is C++: "expected
// unqualified-id" at `using $__lldb_local_vars::new`), so `--break 'LINE if new.id == 108'` stopped
// at every pass. A C program's `new`, `class`, `this` are names in LLDB's C and in gdb: checked to
// stay so. And C++ std::string compared with `==`, which neither LLDB nor gdb evaluates as written.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import type { DisplayValue } from "../../src/ipc/types.ts";
import { adapterAvailable, E2eEnv } from "../harness/index.ts";
import { expectWatchStop } from "../harness/machine.ts";

const FILE = "test/e2e/keywordNames.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdb = adapterAvailable("gdb", FILE);
const rust = (mark: string) => `keywords.rs:${markerLine(sourcePath("rust/keywords.rs"), mark)}`;
const c = `keywords.c:${markerLine(sourcePath("c/keywords.c"), "total")}`;
const cpp = `strings.cpp:${markerLine(sourcePath("cpp/strings.cpp"), "bill")}`;

describe("names that are C++ keywords, and std::string compared", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test.skipIf(!lldb)("lldb-dap, Rust: `new`, `this`, `class`, `id` in a condition, prints, trace --if, display and watch", async () => {
    const s = env.session("rustkw");
    // One row: the condition is read (before, it failed and every pass stopped).
    const run = await s.run(["run", bins["rust-keywords"]!, "--break", `${rust("push")} if new.id == 108 print this, new.class, id, new.tag.len()`], {
      json: false,
    });
    expect(run.stdout).toContain("#1  this = 16  new.class = 0  id = 108  new.tag.len() = 4\n");
    expect(run.stdout).not.toContain("#2");

    const start = await s.ok([
      "start",
      bins["rust-keywords"]!,
      "--break",
      rust("push"),
      ...["new.id == 100", "new.class + 1", "this + 1", "delete + id", 'new.tag == "GOLD"', "bool", "new"].flatMap((e) => ["--print", e]),
    ]);
    const shown = Object.fromEntries((start.stop.displays as DisplayValue[]).map((d) => [d.expression, d.value ?? d.error]));
    expect(shown).toEqual({
      "new.id == 100": "true",
      "new.class + 1": "2",
      "this + 1": "1",
      "delete + id": "100",
      'new.tag == "GOLD"': "true",
      bool: "3",
      new: '{id = 100, class = 1, qty = 0, tag = "GOLD"}',
    });
    expect((await s.ok(["print", "new.class * 10 + this"])).result).toBe("10");
    const display = await s.ok(["display", "new.class + 1"]);
    expect(JSON.stringify(display)).toContain('"value":"2"');
    // A watchpoint on a keyword-named local: set on the memory its path names, and it fires.
    const watch = await s.ok(["watch", "delete"]);
    expect(watch.breakpoints[0]!.verified).toBe(true);
    const fired = await s.ok(["continue"]);
    if (expectWatchStop(FILE, watch, fired.stop)) {
      const grown = markerLine(sourcePath("rust/keywords.rs"), "grown");
      expect([grown, grown + 1]).toContain(fired.stop.frame?.line ?? 0);
    }
    await s.ok(["stop"]);

    await s.ok(["start", bins["rust-keywords"]!, "--break", rust("main")]);
    const trace = await s.run(["trace", rust("push"), "--if", "new.qty > 8 && this > 17", "--print", "new.id", "--max", "3"], { json: false });
    expect(trace.stdout).toContain("#1  new.id = 109\n#2  new.id = 110\n#3  new.id = 111\n");
    await s.ok(["stop"]);

    // A path alone as the condition, past the probe's 100 hits: LLDB's own condition would not read `default`.
    const hot = await s.run(["run", bins["rust-keywords"]!, "--break", `${rust("hot")} if default`, "--print", "new"], { json: false });
    expect(hot.stdout).toContain("#1  new = 140\n");
    expect(hot.stdout).not.toContain("#2");
  });

  test.skipIf(!gdb)("gdb, Rust: the same names in a condition and prints (gdb's Rust parser reads them)", async () => {
    const s = env.session("rustkwgdb");
    const run = await s.run(["run", bins["rust-keywords"]!, "--adapter", "gdb", "--break", `${rust("push")} if new.id == 108 print this, new.class, id`], {
      json: false,
    });
    expect(run.stdout).toContain("#1  this = 16  new.class = 0  id = 108\n");
    expect(run.stdout).not.toContain("#2");
  });

  for (const [adapter, available] of [
    ["lldb-dap", lldb],
    ["gdb", gdb],
  ] as const) {
    test.skipIf(!available)(`${adapter}, C: locals and fields named new, class, this, delete`, async () => {
      const s = env.session(`ckw${adapter}`);
      const run = await s.run(
        ["run", bins["c-keywords"]!, "--adapter", adapter, "--break", `${c} if new->id == 107 && class == 7 print this, delete, new->class, new->new`],
        { json: false },
      );
      expect(run.stdout).toContain("#1  this = 114  delete = 228  new->class = 1  new->new = 2\n");
      expect(run.stdout).not.toContain("#2");
    });

    test.skipIf(!available)(`${adapter}, C++: std::string == a literal or another string, in a condition and prints`, async () => {
      const s = env.session(`cppstr${adapter}`);
      const run = await s.run(
        [
          "run",
          bins["cpp-strings"]!,
          "--adapter",
          adapter,
          "--break",
          `${cpp} if cust.contract == "GOLD" print cust.id, cust.contract == plan, cust.contract != "GOLD", cust.contract.size(), empty.empty()`,
        ],
        { json: false },
      );
      const row = (id: number) =>
        `cust.id = ${id}  cust.contract == plan = true  cust.contract != "GOLD" = false  cust.contract.size() = 4  empty.empty() = true\n`;
      expect(run.stdout).toContain(`#1  ${row(101)}#2  ${row(103)}`);
      expect(run.stdout).not.toContain("#3");
    });
  }
});
