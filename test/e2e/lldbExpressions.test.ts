// Expressions as the agent writes them, through the built binary on lldb-dap: Rust's own syntax
// (test/fixtures/rust/exprs.rs) and gdb's habits on a C program (issue 31, item 5). Before the
// translation, each of these failed in LLDB's C++ parser or, for `self.pair.0 + 1`, read 1.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "../harness/index.ts";

const available = adapterAvailable("lldb-dap", "test/e2e/lldbExpressions.test.ts");
const at = (mark: string) => `exprs.rs:${markerLine(sourcePath("rust/exprs.rs"), mark)}`;

interface Display {
  expression: string;
  value?: string;
  error?: string;
}

describe.skipIf(!available)("expressions in the agent's language on lldb-dap", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test("Rust: fields through &self and Box, .len(), .is_empty(), v[i], t.0, as, Some/None/Ok/Err in print and --print", async () => {
    const s = env.session("rust");
    const printed = [
      ["self.runs.len()", "3"],
      ["self.name.len()", "4"],
      ["self.counts.len()", "2"],
      ["older.len()", "2"],
      ["self.runs.is_empty()", "false"],
      ["self.base.major", "0"],
      ["self.base.label", '"rc"'],
      ["self.runs[1]", "20"],
      ["older[1]", "2"],
      ["self.runs[older[0]] + older[1]", "22"],
      ["self.pair.0 + 1", "8"],
      ["self.pair.1.len()", "5"],
      ["older.len() as f64 * 1.5", "3"],
      ["self.limit == Some(3)", "true"],
      ["self.none == None", "true"],
      ["self.outcome == Ok(5)", "true"],
      ['self.failed == Err("bad")', "true"],
      ["self.limit.is_some() && self.runs.len() > 2", "true"],
    ];
    const start = await s.ok([
      "start",
      bins["rust-exprs"]!,
      "--break",
      at("score"),
      ...printed.flatMap(([e]) => ["--print", e!]),
      "--print",
      "self.base.is_prerelease()",
    ]);
    const displays = start.stop.displays as Display[];
    for (const [e, want] of printed) expect({ e, value: displays.find((d) => d.expression === e)?.value }).toEqual({ e, value: want });
    // A method LLDB cannot call: says so in the row itself, and that gdb can.
    const method = displays.find((d) => d.expression === "self.base.is_prerelease()")!;
    expect(method.value).toBeUndefined();
    expect(method.error).toContain("LLDB cannot call Rust methods ('.is_prerelease()')");
    expect(method.error).toContain("--adapter gdb");

    expect((await s.ok(["print", "self.runs[2]"])).result).toBe("30");
    expect((await s.ok(["print", "*self.base"])).result).toBe('{major = 0, label = "rc"}');
    const refused = await s.run(["print", "self.runs.iter()"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.json.error.code).toBe("UNSUPPORTED");
    expect(refused.json.error.hint).toContain("`.len()`");
    const map = await s.run(["print", "self.counts[0]"]);
    expect(map.json.error.code).toBe("EVALUATE_FAILED");
    expect(map.json.error.message).toMatch(/'self.counts' has no key 0: its keys are "[ab]", "[ab]"/);
    expect(map.json.error.hint).toBe("`debugger print self.counts --depth 1` lists its entries");
    expect((await s.ok(["print", 'self.counts["b"] + 1'])).result).toBe("3");
  });

  test("Rust: conditions in --break, checked by the daemon and then by LLDB itself after the probe's 100 hits", async () => {
    const s = env.session("rustcond");
    const loop = await s.run(
      ["run", bins["rust-exprs"]!, "--break", `${at("loop")} if req.runs[i] > 15 && req.limit == Some(3)`, "--print", "i", "--print", "req.runs[i]"],
      { json: false },
    );
    expect(loop.stdout).toContain("#1  i = 1  req.runs[i] = 20\n#2  i = 2  req.runs[i] = 30\n");
    // The 251st pass: LLDB checks `k == 250 && older.length == 2 && (bytes of req.name)…` from
    // the 101st on (a condition it could not read would stop at once, with an error).
    const hot = await s.run(
      [
        "run",
        bins["rust-exprs"]!,
        "--break",
        `${at("hot")} if k == 250 && older.len() == 2 && req.name == "pick" && word != "hellO"`,
        "--print",
        "k",
        "--print",
        "older[1] as i32",
        "--print",
        'req.base.label == "rc"',
      ],
      { json: false },
    );
    expect(hot.stdout).toContain('#1  k = 250  older[1] as i32 = 2  req.base.label == "rc" = true\n');
    expect(hot.stdout).not.toContain("#2");
  });

  test("gdb's habits on a C program: *p@N and p/x", async () => {
    const s = env.session("gdbhabits");
    await s.ok(["start", bins["c-values"]!, "--break", `values.c:${markerLine("c/values.c", "print")}`, "--print", "/x first->qty"]);
    expect((await s.ok(["print", "*first->tag@3"])).result).toBe("{0xde, 0xad, 0x07}");
    expect((await s.ok(["print", "p/x first->qty"])).result).toBe("0xc");
    expect((await s.ok(["print", "/t first->qty"])).result).toBe("0b1100");
    const bad = await s.run(["print", "*first->tag@0"]);
    expect(bad.json.error.message).toContain("the count after '@' must be a positive whole number");
    const unknown = await s.run(["print", "p/q first->qty"]);
    expect(unknown.json.error.hint).toContain("--format hex");
  });
});
