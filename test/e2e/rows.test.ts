// `run`'s rows say new things only, sized by their meaning (issue 31 items 3 and 4), through the
// binary on the real adapters: a value longer than the adapter's own cut comes whole where it fits,
// else cut between elements; a line with several code locations gives one row per pass.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { adapterAvailable, E2eEnv, missing } from "./harness.ts";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";

const FILE = "test/e2e/rows.test.ts";
const GO_SRC = join(goFixturesDir, "rows", "main.go");
let goFixtures: Record<string, string> = {};
let fixtures: Record<string, string> = {};
const RUST_SRC = sourcePath("rust/passes.rs");
const CPP_SRC = sourcePath("cpp/orders.cpp");

const env = new E2eEnv();
beforeAll(async () => {
  goFixtures = await buildGoFixtures();
  fixtures = await buildFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

describe.skipIf(!adapterAvailable("dlv", FILE))("delve/Go", () => {
  test("an interface holding a pointer to four structs: every entry in the row, none cut inside", async () => {
    const at = `${GO_SRC}:${markerLine(GO_SRC, "size_body")}`;
    const r = await env.run(["run", goFixtures.rows!, "--break", at, "--print", "h", "--max", "3"], { json: false });
    expect(r.exitCode).toBe(0);
    // Longer than Delve's 256-byte text: read whole (its clipboard context), then fitted to the row.
    expect(r.stdout).toContain(
      '#1  h = main.Sizer(*main.queue) *[{source: 0, text: "INFO GET /v1/items 200 in 12ms"},{source: 1, text: "WARN retrying webhook after 500"},{source: 2, text: "INFO charge captured for order 1"},{source: 3, text: "WARN conn closed by peer early"}]\n',
    );
    // The same row three times: said once, then counted.
    expect(r.stdout).toContain("(same on 2 more stops: #2–#3)");
  });
});

describe.skipIf(!adapterAvailable("dlv", FILE))("delve/Go durations", () => {
  // Delve prints a time.Duration as its nanoseconds; only a value whose own type is time.Duration
  // got Go's spelling. Its parts read the same: fields (of a named struct inside too, whose field
  // types the text does not say), elements, map values, pointees; in rows, locals and print.
  const src = join(goFixturesDir, "durations", "main.go");
  const at = () => `${src}:${markerLine(src, "serve_body")}`;
  test("a Duration inside a struct, a slice, a map or behind a pointer reads as Go spells it", async () => {
    const r = await env.run(["run", goFixtures.durations!, "--break", at(), "--print", "cfg", "--print", "steps"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(
      '#1  cfg = main.config {Name: "api", Timeout: 23400000000000 (6h30m0s), Retry: main.retry {Every: 1500000000 (1.5s), Tries: 3}, Backoff: []time.Duration len: 2, cap: 2, [250000000 (250ms),2000000000 (2s)], Limits: map[string]time.Duration ["read": 5000000000 (5s), ], Grace: *90000000000 (1m30s)}  steps = []main.retry len: 1, cap: 1, [{Every: 2500000 (2.5ms), Tries: 1}]\n',
    );
    const s = env.session("durations");
    const start = await s.run(["start", goFixtures.durations!, "--break", at()], { json: false });
    expect(start.stdout).toContain('cfg (main.config) = main.config {Name: "api", Timeout: 23400000000000 (6h30m0s),');
    expect(start.stdout).toContain("steps ([]main.retry) = []main.retry len: 1, cap: 1, [{Every: 2500000 (2.5ms), Tries: 1}]\n");
    const cfg = await s.ok(["print", "cfg"]);
    expect(cfg.result).toContain("Retry: main.retry {Every: 1500000000 (1.5s), Tries: 3}");
    const child = (name: string) => cfg.children.find((c: { name: string }) => c.name === name)?.value;
    expect(child("Retry")).toBe("main.retry {Every: 1500000000 (1.5s), Tries: 3}");
    expect(child("Grace")).toMatch(/^0x[0-9a-f]+ → 90000000000 \(1m30s\)$/);
    const limits = await s.ok(["print", "cfg.Limits"]);
    expect(limits.children.find((c: { name: string }) => c.name === '"read"')?.value).toBe("5000000000 (5s)");
    // A number that is no Duration stays a number.
    expect((await s.ok(["print", "cfg.Retry.Tries"])).result).toBe("3");
  });
});

describe.skipIf(!adapterAvailable("dlv", FILE))("delve/Go generics", () => {
  // A generic type's method instantiated from another package: Delve types its locals by their GC
  // shape and logs "could not resolve parametric type of evicted" on the stderr the program shares,
  // several times a stop (go-sessions: 2.5–3.9 KB replies, the log lines read as program output).
  const src = join(goFixturesDir, "generic", "cache", "cache.go");
  const at = () => `${src}:${markerLine(src, "sweep")}`;
  test("a local of a shape type reads as its value in rows, locals and print; Delve's log stays out of reports", async () => {
    const r = await env.run(["run", goFixtures.generic!, "--break", at(), "--print", "it.key", "--print", "evicted", "--max", "2"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('#1  it.key = "s-1"  evicted = len: 0, cap: 0, nil\n');
    expect(r.stdout).toMatch(/#2  it\.key = "s-2"  evicted = len: 1, cap: 1, \[/);
    const s = env.session("generic");
    const start = await s.run(["start", goFixtures.generic!, "--break", at()], { json: false });
    expect(start.stdout).toContain("= len: 0, cap: 0, nil\n");
    const next = await s.run(["continue"], { json: false });
    expect(next.stdout).toContain("Breakpoint 1 again");
    expect(start.stdout + next.stdout).not.toContain("parametric");
    // The debugger's word is kept where the debugger's words are, not in the program's output.
    expect((await s.ok(["output", "--console"])).text).toContain("could not resolve parametric type of evicted");
    expect((await s.ok(["output", "--stderr"])).text ?? "").not.toContain("layer=debugger");
  });
});

const DEBUGPY =
  ["python3", "/usr/bin/python3"].some((p) => Bun.spawnSync([p, "-c", "import debugpy"], { stderr: "ignore" }).exitCode === 0) ||
  missing("debugpy is not importable by python3 (apt-get install python3-debugpy)", FILE);

describe.skipIf(!DEBUGPY)("debugpy/Python", () => {
  // debugpy gives no code address; Python tells a call's first line again once its arguments over
  // lines are read: two stops a pass, told apart by the frame's instruction offset.
  const src = sourcePath("python/passes.py");
  const at = (mark: string) => `${src}:${markerLine(src, mark)}`;
  test("a call whose arguments span lines: one row per pass in run and trace; a while's test at the loop's end is a pass of its own", async () => {
    const r = await env.ok(["run", src, "--break", at("call"), "--print", "i, total"]);
    expect(r.hits.map((h: { values: { value?: string }[]; locations?: number }) => [h.values.map((v) => v.value), h.locations])).toEqual([
      [["0", "0"], 2],
      [["1", "5"], 2],
      [["2", "11"], 2],
    ]);
    // The breakpoint counts every stop.
    expect(r.breakpoints[0].hits).toBe(6);
    const text = await env.run(["run", src, "--break", at("call"), "--print", "i", "--max", "2"], { json: false });
    expect(text.stdout).toContain("#1  i = 0\n#2  i = 1\n(one row per pass: passes.py:");
    // The test `n < 2` three times: at the loop's start (twice a pass: its second line), then twice from the body.
    const w = await env.ok(["run", src, "--break", at("while"), "--print", "n"]);
    expect(w.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["0", "1", "2"]);
    const s = env.session("pypasses");
    await s.ok(["start", src, "--break", at("call")]);
    // From the first pass's first stop: the rest of that pass is the first row, then a row a pass.
    const t = await s.ok(["trace", at("call"), "--print", "i"]);
    expect(t.hits.map((h: { values: { value?: string }[]; locations?: number }) => [h.values[0]!.value, h.locations])).toEqual([
      ["0", undefined],
      ["1", 2],
      ["2", 2],
    ]);
  });
});

describe.skipIf(!adapterAvailable("lldb-dap", FILE))("lldb-dap/Rust", () => {
  const at = (mark: string) => `${RUST_SRC}:${markerLine(RUST_SRC, mark)}`;
  test("a line with two code locations in its function: one row per pass, read where the pass got to, and --max counts passes", async () => {
    // A `match` arm binding its fields: lldb-dap stops before the binding and again at the arm's body.
    const r = await env.run(["run", fixtures["rust-passes"]!, "--break", at("arm"), "--print", "q", "--print", "sym", "--max", "2"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('#1  q = 100  sym = "ACME"\n#2  q = 250  sym = "BOLT"\n');
    expect(r.stdout).toContain("stopped at 2 code locations of its line in a pass");
    expect(r.stdout).toContain("Stopped after 2 stops (--max)");
    const all = await env.ok(["run", fixtures["rust-passes"]!, "--break", at("arm"), "--print", "q"]);
    expect(all.hits.map((h: { values: { value?: string }[] }) => h.values[0]!.value)).toEqual(["100", "250", "10"]);
    expect(all.hits.every((h: { locations?: number }) => h.locations === 2)).toBe(true);
    // The breakpoint counts every stop: two per pass.
    expect(all.breakpoints[0].hits).toBe(6);
  });

  test("every --print unknown, and not named on the line: said once, at the first stop, with its locals", async () => {
    const r = await env.run(["run", fixtures["rust-passes"]!, "--break", at("arm"), "--print", "nosuch"], { json: false });
    expect(r.stdout.match(/undeclared identifier 'nosuch'/g)?.length).toBe(1);
    expect(r.stdout).toMatch(/Every --print failed at the first stop.*whose locals are cmds, held, iter, cmd\./);
  });
});

const FOUR = [
  '{id = 1, text = "INFO GET /v1/items 200 in 12ms"}',
  '{id = 2, text = "WARN retrying webhook after 500"}',
  '{id = 3, text = "INFO charge captured for order 1"}',
  '{id = 4, text = "WARN conn closed by peer early"}',
].join(", ");
const cppProfiles = [
  {
    name: "lldb-dap/C++",
    available: () => adapterAvailable("lldb-dap", FILE),
    flags: [],
    few: `size=4 [${FOUR}]`,
    many: /^size=20 \[\{id = 0, text = "order 0"\}, .*\{id = 12, text = "order 12"\}, … 7 more\]$/,
  },
  {
    name: "gdb/C++",
    available: () => !!gdb.discover({ options: {} }) || missing("gdb with cdt-gdb-adapter is not installed", FILE),
    flags: ["--adapter", "gdb"],
    few: `std::vector of length 4, capacity 4 = {${FOUR}}`,
    many: /^std::vector of length 20, capacity 32 = \{\{id = 0, text = "order 0"\}, .*\{id = 11, text = "order 11"\}, … 8 more\}$/,
  },
];
for (const p of cppProfiles)
  describe.skipIf(!p.available())(p.name, () => {
    test("a vector of four structs is whole in a row; one of twenty is cut between elements with the count left", async () => {
      const at = `${CPP_SRC}:${markerLine(CPP_SRC, "report")}`;
      const r = await env.ok(["run", fixtures["cpp-orders"]!, ...p.flags, "--break", at, "--print", "few", "--print", "many", "--max", "1"]);
      expect(r.hits[0].values[0].value).toBe(p.few);
      expect(r.hits[0].values[1].value).toMatch(p.many);
    });
  });
