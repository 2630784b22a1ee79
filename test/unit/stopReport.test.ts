// The stop report's pure pieces, from tables.
import { describe, expect, test } from "bun:test";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { lldbCli } from "../../src/adapters/lldbCli/index.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { node } from "../../src/adapters/node.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import { evaluateError } from "../../src/daemon/session/values/values.ts";
import { coreStop, normaliseReason } from "../../src/daemon/session/stops/stopReport.ts";
import { inferWatchpoint } from "../../src/daemon/session/breakpoints/watchStops.ts";
import { functionName } from "../../src/daemon/session/inspection/frameView.ts";

const NATIVE = [lldbDap, codelldb, lldbCli, gdb];

describe("normaliseReason", () => {
  const cases: [string, string | undefined, "entry" | "pause" | undefined, number[], string][] = [
    ["breakpoint", undefined, undefined, [1], "breakpoint"],
    ["function breakpoint", undefined, undefined, [1], "breakpoint"],
    ["instruction breakpoint", undefined, undefined, [], "breakpoint"],
    ["data breakpoint", undefined, undefined, [], "watchpoint"],
    // lldb-dap's "breakpoint" / "watchpoint 1" is read by its facet (lldbStopReason), not here
    ["breakpoint", "watchpoint 1", undefined, [], "breakpoint"],
    ["step", undefined, undefined, [], "step"],
    // lldb-dap: entry and pause arrive as a SIGSTOP exception
    ["exception", "signal SIGSTOP", "entry", [], "entry"],
    ["exception", "signal SIGSTOP", "pause", [], "pause"],
    ["exception", "signal SIGSEGV", undefined, [], "signal"],
    // a real crash while a pause was pending is still the crash
    ["exception", "signal SIGSEGV", "pause", [], "signal"],
    // gdb names the signal as the reason: its facet says "signal" / "signal SIGINT" (gdb.test.ts)
    ["signal", "signal SIGINT", "pause", [], "pause"],
    ["signal", "signal SIGSEGV", undefined, [], "signal"],
    ["SIGSEGV", undefined, undefined, [], "SIGSEGV"],
    // cdt-gdb-adapter's entry stop is a temporary breakpoint at main
    ["breakpoint", undefined, "entry", [], "entry"],
    ["breakpoint", undefined, "entry", [2], "breakpoint"],
    ["exception", "ZeroDivisionError", undefined, [], "exception"],
    ["pause", undefined, "pause", [], "pause"],
    ["entry", undefined, "entry", [], "entry"],
  ];
  test.each(cases)("%s / %s expecting %s, ids %j → %s", (reason, description, expecting, ids, want) => {
    expect(normaliseReason(reason, description, expecting, ids)).toBe(want);
  });
});

test.each([
  ["basic::add::h0123456789abcdef", "basic::add"],
  ["main", "main"],
  ["std::rt::lang_start::{{closure}}::h0123456789abcdef", "std::rt::lang_start::{{closure}}"],
  ["a::h123", "a::h123"],
])("native frame names: %s → %s", (name, want) => {
  for (const spec of NATIVE) expect(functionName(name, spec)).toBe(want);
});

describe("inferWatchpoint", () => {
  const w = (id: number, location: string, enabled = true, adapterId?: number) => ({ id, location, enabled, adapterId });
  test.each([
    ["one enabled watchpoint is the one", [w(1, "total")], undefined, 1],
    ["a disabled one does not count", [w(1, "total"), w(2, "count", false)], undefined, 1],
    ["two and no description: unknown", [w(1, "total"), w(2, "count")], undefined, undefined],
    ["the description names one", [w(1, "total"), w(2, "count")], "count changed 1 -> 2", 2],
    ["a name inside another word does not match", [w(1, "total"), w(2, "count")], "subtotal changed", undefined],
    ["an lvalue expression", [w(1, "p->x"), w(2, "q")], "Hardware watchpoint 3: p->x", 1],
    ["none", [], "anything", undefined],
    // lldb-dap says "watchpoint N" with LLDB's number: the id it answered setDataBreakpoints with.
    ["LLDB's number is the adapter id, not the CLI id", [w(1, "total", true, 2), w(2, "count", true, 1)], "watchpoint 1", 2],
    ["LLDB's number of a location", [w(3, "a", true, 7), w(4, "b", true, 8)], "watchpoint 8.1", 4],
    ["an LLDB number no watchpoint has", [w(1, "total", true, 2), w(2, "count", true, 1)], "watchpoint 5", undefined],
    ["gdb's number and expression", [w(2, "total", true, 2), w(3, "f", true, 3)], "watchpoint 3: f", 3],
    ["gdb's expression when its number is no adapter id", [w(2, "total", true, 7), w(3, "f", true, 8)], "watchpoint 3: f", 3],
    [
      "gdb's scope end, by number",
      [w(2, "total", true, 2), w(3, "f", true, 3)],
      "watchpoint 2 deleted: the program left the block where its expression is valid",
      2,
    ],
  ] as [string, ReturnType<typeof w>[], string | undefined, number | undefined][])("%s", (_what, watches, description, want) => {
    expect(inferWatchpoint(watches, description)).toBe(want);
  });
});

test.each([
  ["lldb-dap", "error: <user expression 2>:1:1: use of undeclared identifier 'nosuch'\n    1 | nosuch\n      | ^", "use of undeclared identifier 'nosuch'"],
  ["lldb-dap", "\nerror: no member named 'z' in 'Point'\n", "no member named 'z' in 'Point'"],
  ["debugpy", "name 'bogus' is not defined", "name 'bogus' is not defined"],
  [
    "debugpy",
    "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nNameError: name 'nosuch' is not defined\n",
    "NameError: name 'nosuch' is not defined",
  ],
  ["delve", "could not find symbol value for bogus", "could not find symbol value for bogus"],
  ["gdb", 'No symbol "nosuch" in current context.', 'No symbol "nosuch" in current context.'],
])("evaluateError keeps the line that says what is wrong (%s): %j", (name, message, want) => expect(evaluateError(ADAPTERS[name]!, message)).toBe(want));
const ADAPTERS: Record<string, AdapterSpec> = { "lldb-dap": lldbDap, debugpy, delve, gdb };

test.each([
  ["add(int, int)", "add"],
  ["Sq::area(int) const", "Sq::area"],
  ["ns::Foo<int>::bar(std::vector<int> const&)", "ns::Foo<int>::bar"],
  ["(anonymous namespace)::helper(int)", "(anonymous namespace)::helper"],
  ["Foo::operator()(int)", "Foo::operator()"],
  ["Foo::operator==(Foo const&) const", "Foo::operator=="],
  ["main", "main"],
  ["::set_login(Account&, char const*)", "set_login"],
  ["main.(*T).Add", "main.(*T).Add"],
  ["basic::main::{{closure}}", "basic::main::{{closure}}"],
])("native frame names drop a C++ signature: %s → %s", (name, want) => {
  for (const spec of NATIVE) expect(functionName(name, spec)).toBe(want);
});
test("native frame names keep operator() without a parameter list", () => expect(functionName("Foo::operator()", lldbDap)).toBe("Foo::operator()"));

// Each adapter's own frame names: debugpy's exception mark goes, and no C++ or Rust rule reads another language's names.
test.each([
  [debugpy, "test_big (Current frame)", "test_big"],
  [debugpy, "<module>", "<module>"],
  [debugpy, "add(x)", "add(x)"],
  [delve, "main.(*T).Add", "main.(*T).Add"],
  [delve, "main.main.func1", "main.main.func1"],
  [node, "Timeout._onTimeout", "Timeout._onTimeout"],
  [node, "<anonymous>", "<anonymous>"],
  [lldbDap, "test_big (Current frame)", "test_big (Current frame)"],
] as [AdapterSpec, string, string][])("%# frame name %s → %s", (spec, name, want) => expect(functionName(name, spec)).toBe(want));

describe("coreStop (a core whose adapter reports no stop)", () => {
  test("a crash keeps its signal; a gcore'd program is a plain core stop", () => {
    const crashed = coreStop(
      gdb,
      "Core was generated by `./segv'.\nProgram terminated with signal SIGSEGV, Segmentation fault.\n#0  0x000055 in total (a=0x7ffd, n=2) at segv.c:4\n",
    );
    expect(crashed).toMatchObject({ reason: "exception", description: "signal SIGSEGV: Segmentation fault" });
    expect(normaliseReason(crashed.reason, crashed.description, undefined)).toBe("signal");
    // gdb's words: an adapter without the rule reads no signal from them.
    expect(coreStop(lldbDap, "Program terminated with signal SIGSEGV, Segmentation fault.\n")).toMatchObject({ reason: "entry" });
    expect(coreStop(gdb, "[New LWP 4570]\nCore was generated by `./sleeper'.\n")).toMatchObject({ reason: "entry", allThreadsStopped: true });
  });
});
