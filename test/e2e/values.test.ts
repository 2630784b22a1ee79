// Values and breakpoints that LLDB reports misleadingly, as the built binary shows them: an
// unreadable `char *`, Rust's u8/i8/char read as C types, a breakpoint moved to the next line with code.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv, missing, runCommand } from "../harness/index.ts";

const available = adapterAvailable("lldb-dap", "test/e2e/values.test.ts");

interface Variable {
  name: string;
  value: string;
}
const valueOf = (vars: Variable[], name: string) => vars.find((v) => v.name === name)?.value;

describe.skipIf(!available)("values on lldb-dap", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test("a char * LLDB cannot read says so; an empty string stays empty", async () => {
    const s = env.session("cptr");
    const start = await s.ok(["start", bins["c-values"]!, "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    const locals = start.stop.locals as Variable[];
    expect(valueOf(locals, "bad")).toBe("0x10 <unreadable>");
    expect(valueOf(locals, "empty")).toMatch(/^0x[0-9a-f]+ ""$/);
    expect(valueOf(locals, "hello")).toMatch(/^0x[0-9a-f]+ "hi"$/);
    expect((await s.ok(["print", "bad"])).result).toBe("0x10 <unreadable>");
  });

  test("print --format char, address, bin, oct on lldb-dap", async () => {
    const s = env.session("formats");
    await s.ok(["start", bins["c-values"]!, "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    expect((await s.ok(["print", "hello", "--format", "address"])).result).toMatch(/^0x[0-9a-f]+$/);
    // A pointer to a struct: the bare address, not `0x… → {…}`, and nothing read behind it (issue 29).
    const first = await s.ok(["print", "first", "--format", "address"]);
    expect(first.result).toMatch(/^0x[0-9a-f]+$/);
    expect(first.children).toBeUndefined();
    expect(first.result).toBe((await s.ok(["print", "&bolt", "--format", "address"])).result);
    expect((await s.run(["print", "first", "--format", "address"], { json: false })).stdout).toBe(`${first.result} (part *)\n`);
    // A struct is no address: shown as it is, its members not turned into hex.
    expect((await s.ok(["print", "bolt", "--format", "address"])).children.find((c: Variable) => c.name === "qty")?.value).toBe("12");
    expect((await s.ok(["print", "hello[0]", "--format", "char"])).result).toBe("'h'");
    expect((await s.ok(["print", "(int)hello[1]", "--format", "char"])).result).toBe("'i' 105");
    expect((await s.ok(["print", "(int)hello[1]", "--format", "bin"])).result).toBe("0b1101001");
    expect((await s.ok(["print", "(int)hello[1]", "--format", "oct"])).result).toBe("0151");
    const bad = await s.run(["print", "1", "--format", "roman"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("USAGE");
  });

  test("set on a struct lldb-dap refuses is EVALUATE_FAILED naming it, with a hint; the session goes on", async () => {
    const s = env.session("setstruct");
    await s.ok(["start", bins["c-basic"]!, "--break", `basic.c:${markerLine("c/basic.c", "loop_body")}`]);
    const bad = await s.run(["set", "p", "3"]);
    expect(bad.exitCode).toBe(1);
    expect(bad.json.error).toMatchObject({ code: "EVALUATE_FAILED", message: "cannot set 'p' to '3': the debugger refused it" });
    expect(bad.json.error.hint).toContain("p.field");
    expect(await s.ok(["set", "p.x", "11"])).toMatchObject({ value: "11" });
  });

  test("a breakpoint on a line without code says where it went", async () => {
    const s = env.session("moved");
    const blank = markerLine("c/values.c", "print") - 1;
    const start = await s.ok(["start", bins["c-values"]!, "--break", `values.c:${blank}`]);
    expect(start.breakpoints[0]).toMatchObject({ line: blank + 1, movedFrom: blank, verified: true });
    await s.run(["stop"]);
    const human = await s.run(["start", bins["c-values"]!, "--break", `values.c:${blank}`], { json: false });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(`Breakpoint #1 values.c:${blank} is at line ${blank + 1}: no code at line ${blank}.`);
  });

  test("a breakpoint on a line with code is not called moved", async () => {
    const s = env.session("notmoved");
    const start = await s.ok(["start", bins["c-values"]!, "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    expect(start.breakpoints[0].movedFrom).toBeUndefined();
  });

  test("LLDB's complaints about libstdc++'s debug info stay out of the stop report, not out of the console log", async () => {
    const s = env.session("dwarf");
    const start = await s.ok(["start", bins["cpp-values"]!, "--break", `values.cpp:${markerLine("cpp/values.cpp", "total_body")}`]);
    expect(start.stop.frame.function).toMatch(/^total/);
    expect(start.stop.console ?? "").not.toContain("DW_TAG");
    const human = await s.run(["context"], { json: false });
    expect(human.stdout).not.toContain("DW_TAG");
    expect((await s.ok(["output", "--console"])).text).toContain("DW_TAG_member");
  });

  test("Rust bytes read as numbers and a char as the character and its code point", async () => {
    const s = env.session("rust");
    const start = await s.ok(["start", bins["rust-values"]!, "--break", `values.rs:${markerLine(sourcePath("rust/values.rs"), "print")}`]);
    const locals = start.stop.locals as Variable[];
    expect(valueOf(locals, "byte")).toBe("65");
    expect(valueOf(locals, "small")).toBe("-3");
    expect(valueOf(locals, "bytes")).toBe("size=4 [72, 105, 0, 255]");
    expect(valueOf(locals, "letter")).toBe("'é' U+00E9");
    // Structs in a Vec read inline, their Option and Vec fields too (LLDB says `values::Item @ 0x…`).
    expect(valueOf(locals, "items")).toBe('size=2 [{name = "pen", tags = size=1 ["blue"], price = Some(3)}, {name = "ink", tags = size=0 [], price = None}]');
    expect((await s.ok(["print", "items[1]"])).result).toBe('{name = "ink", tags = size=0 [], price = None}');
  });

  test('a Rust enum through a reference reads as Rust in rows, print and locals: `Numeric(2)`, `Alpha("beta")`', async () => {
    // LLDB gives a pointer the enum's summary too; rustc's provider read the pointee's raw
    // `$variants$` there (`Numeric{$variants$:{…the Rust formatter failed…}}`, 5.6 KB for 14 rows on rust-relpick).
    const at = `values.rs:${markerLine(sourcePath("rust/values.rs"), "rank")}`;
    const run = await env.run(["run", bins["rust-values"]!, "--break", at, "--print", "*a", "--print", "a", "--print", "b", "--print", "order"], {
      json: false,
    });
    // `*a` first: once LLDB has seen the enum itself, a pointer to it got the raw dump; before, its address alone.
    expect(run.stdout).toMatch(/#1 +\*a = Numeric\(2\) +a = 0x[0-9a-f]+ Numeric\(2\) +b = 0x[0-9a-f]+ Alpha\("beta"\) +order = Less\n/);
    expect(run.stdout).not.toMatch(/\$variants?\$|formatter failed/);
    const s = env.session("rust-enum");
    const start = await s.ok(["start", bins["rust-values"]!, "--break", at]);
    const locals = start.stop.locals as Variable[];
    expect(valueOf(locals, "a")).toMatch(/^0x[0-9a-f]+ Numeric\(2\)$/);
    expect(valueOf(locals, "b")).toMatch(/^0x[0-9a-f]+ Alpha\("beta"\)$/);
    expect((await s.ok(["print", "*b"])).result).toBe('Alpha("beta")');
  });
});

const debugpy =
  ["python3", "/usr/bin/python3"].some((p) => runCommand([p, "-c", "import debugpy"]).exitCode === 0) ||
  missing("debugpy is not importable by python3", "test/e2e/values.test.ts");

describe.skipIf(!debugpy)("source names on debugpy", () => {
  let env: E2eEnv;
  beforeAll(() => {
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());
  const project = sourcePath("../agent-tasks/py-textwrap");

  test("a bare file name is the project's file below the cwd, not the standard library's", async () => {
    const s = env.session("shadow");
    const start = await s.ok(["start", "report.py", "--break", "textwrap.py:332"], { cwd: project });
    expect(start.warnings).toBeUndefined();
    expect(start.breakpoints[0]).toMatchObject({ verified: true, line: 332 });
    expect(start.breakpoints[0].file).toEndWith("vendor/textwrap.py");
    expect(start.stop).toMatchObject({ reason: "breakpoint", frame: { line: 332 } });
  });

  test("an unbound breakpoint's warning does not claim nothing stopped when something did", async () => {
    const s = env.session("unbound");
    // A standard-library file: debugpy will not bind there with justMyCode, and the exception stops the program.
    const start = await s.ok(["start", "report.py", "--break", "json/__init__.py:1"], { cwd: project });
    expect(start.stop.reason).toBe("exception");
    expect(start.warnings?.[0]).toContain("did not bind");
    expect(start.warnings?.[0]).not.toContain("nothing stopped");
    expect(start.warnings?.[0]).not.toContain("\n");
  });
});

// The same C values through lldb-dap and gdb: gdb (cdt-gdb-adapter) shows a `char[N]` as `[N]`
// and a struct as `{...}`, LLDB as the N bytes and `part @ 0x…`; both read as the C source would.
const nativeAdapters = ["lldb-dap", "gdb"].filter((a) => adapterAvailable(a, "test/e2e/values.test.ts"));
describe.each(nativeAdapters)("C and C++ values on %s", (adapter) => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  test("a char[N] is its string up to the NUL, bytes are bytes, a struct and a pointer to it read inline", async () => {
    const s = env.session(`cstr-${adapter}`);
    const start = await s.ok(["start", bins["c-values"]!, "--adapter", adapter, "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    const locals = start.stop.locals as Variable[];
    const bolt = '{name = "bolt", tag = {0xde, 0xad, 0x07, 0x00}, qty = 12}';
    expect(valueOf(locals, "bolt")).toBe(bolt);
    expect(valueOf(locals, "first")).toMatch(new RegExp(`^0x[0-9a-f]+ → ${bolt.replace(/[{}()]/g, "\\$&")}$`));
    const p = await s.ok(["print", "bolt.name", "first->tag", "odd"]);
    expect(p.results.map((r) => r.result)).toEqual(['"bolt"', "{0xde, 0xad, 0x07, 0x00}", '"a\\"\\n\\xe9"']);
    const name = await s.ok(["print", "first->name"]);
    expect(name).toMatchObject({ result: '"bolt"' });
    expect(name.children).toBeUndefined();
  });

  test("standard containers show their elements and their types as written in code", async () => {
    const s = env.session(`stl-${adapter}`);
    const src = "cpp/containers.cpp";
    const start = await s.ok(["start", bins["cpp-containers"]!, "--adapter", adapter, "--break", `containers.cpp:${markerLine(src, "report")}`]);
    const locals = Object.fromEntries((start.stop.locals as (Variable & { type: string })[]).map((v) => [v.name, [v.type, v.value]]));
    expect(locals.counts[0]).toBe("std::vector<int>");
    expect(locals.counts[1]).toMatch(/[[{]4, 5, 6[\]}]$/);
    expect(locals.stock[0]).toBe("std::map<std::string, int>");
    expect(locals.stock[1]).toMatch(/"bolt".* 10.*"nut".* 20/);
    expect(locals.best[0]).toBe("std::unique_ptr<Part>");
    const p = await s.ok(["print", "counts", "*best"]);
    expect(p.results[0].result).toMatch(/4, 5, 6/);
    expect(p.results[1].result).toBe('{id = 7, name = "gear"}');
  });
});

describe.skipIf(!adapterAvailable("gdb", "test/e2e/values.test.ts"))("values on gdb", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;
  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });
  afterEach(() => env.stopSessions());
  afterAll(() => env?.close());

  // cdt-gdb-adapter gives a scope's `char[6]` as its address and an empty string's first char as
  // `0 '\000'`: both read as the strings they are (they were an address and `<unreadable>`).
  test("locals: an empty string stays empty, a char array is its string", async () => {
    const s = env.session("gdbchars");
    const start = await s.ok(["start", bins["c-values"]!, "--adapter", "gdb", "--break", `values.c:${markerLine("c/values.c", "print")}`]);
    const locals = start.stop.locals as Variable[];
    expect(valueOf(locals, "empty")).toMatch(/^0x[0-9a-f]+ ""$/);
    expect(valueOf(locals, "hello")).toMatch(/^0x[0-9a-f]+ "hi"$/);
    expect(valueOf(locals, "odd")).toBe('"a\\"\\n\\xe9"');
    expect((await s.ok(["print", "empty"])).result).toMatch(/^0x[0-9a-f]+ ""$/);
  });
});
