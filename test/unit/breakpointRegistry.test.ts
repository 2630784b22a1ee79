import { describe, expect, test } from "bun:test";
import { BreakpointRegistry, functionMatches } from "../../src/daemon/session/breakpoints/breakpointRegistry.ts";
import { parseLocation } from "../../src/common/location.ts";

function registry(...locations: string[]): BreakpointRegistry {
  const r = new BreakpointRegistry();
  for (const l of locations) r.add(l, parseLocation(l));
  return r;
}

const MAIN = { kind: "source", file: "main.c" } as const;

describe("BreakpointRegistry: building the DAP sets", () => {
  test("add gives small stable ids and records the location as asked", () => {
    const r = new BreakpointRegistry();
    expect(r.add("main.c:10", parseLocation("main.c:10"), { condition: "i > 3", hitCondition: "", logMessage: undefined })).toEqual({
      id: 1,
      location: "main.c:10",
      kind: "line",
      file: "main.c",
      line: 10,
      column: undefined,
      enabled: true,
      verified: false,
      hits: 0,
      condition: "i > 3",
      // The daemon checks the condition itself for the first hits (conditionProbe.ts).
      probe: { active: true, hits: 0, spentMs: 0 },
    });
    expect(r.add("add", parseLocation("add"), { temporary: true })).toEqual({
      id: 2,
      location: "add",
      kind: "function",
      function: "add",
      enabled: true,
      verified: false,
      hits: 0,
      temporary: true,
    });
    expect(r.add("*0x401000", parseLocation("*0x401000"))).toEqual({
      id: 3,
      location: "*0x401000",
      kind: "address",
      address: "0x401000",
      enabled: true,
      verified: false,
      hits: 0,
    });
  });

  test("adding to a file keeps the others in that file; other files are separate sets", () => {
    const r = registry("main.c:10", "util.c:5");
    expect(r.sourceBreakpoints("main.c")).toEqual([{ line: 10, column: undefined, condition: undefined, hitCondition: undefined, logMessage: undefined }]);
    r.add("main.c:20:3", parseLocation("main.c:20:3"), { condition: "x == 1", hitCondition: ">= 2", logMessage: "x={x}" });
    expect(r.sourceBreakpoints("main.c")).toEqual([
      { line: 10, column: undefined, condition: undefined, hitCondition: undefined, logMessage: undefined },
      { line: 20, column: 3, condition: "x == 1", hitCondition: ">= 2", logMessage: "x={x}" },
    ]);
    expect(r.sourceBreakpoints("util.c").map((b) => b.line)).toEqual([5]);
    expect(r.sourceBreakpoints("other.c")).toEqual([]);
  });

  test("remove drops only that breakpoint from its set", () => {
    const r = registry("main.c:10", "main.c:20", "main.c:30");
    expect(r.remove(2)?.line).toBe(20);
    expect(r.remove(2)).toBeUndefined();
    expect(r.get(2)).toBeUndefined();
    expect(r.sourceBreakpoints("main.c").map((b) => b.line)).toEqual([10, 30]);
    expect(r.list().map((b) => b.id)).toEqual([1, 3]);
    // Ids are never reused.
    expect(r.add("main.c:40", parseLocation("main.c:40")).id).toBe(4);
  });

  test("disable drops only that breakpoint from the DAP set but keeps it in the list", () => {
    const r = registry("main.c:10", "main.c:20", "main.c:30");
    r.get(2)!.enabled = false;
    expect(r.sourceBreakpoints("main.c").map((b) => b.line)).toEqual([10, 30]);
    expect(r.members(MAIN).map((b) => b.id)).toEqual([1, 3]);
    expect(r.list().map((b) => b.id)).toEqual([1, 2, 3]);
    r.get(2)!.enabled = true;
    expect(r.sourceBreakpoints("main.c").map((b) => b.line)).toEqual([10, 20, 30]);
  });

  test("function and instruction sets", () => {
    const r = new BreakpointRegistry();
    r.add("add", parseLocation("add"), { condition: "a > 1" });
    r.add("main.c:3", parseLocation("main.c:3"));
    r.add("ns::Foo::bar", parseLocation("ns::Foo::bar"), { hitCondition: "3" });
    r.add("0x401000", parseLocation("0x401000"), { condition: "1" });
    // While the daemon checks a condition (the probe), the adapter gets the breakpoint without it.
    expect(r.functionBreakpoints()).toEqual([
      { name: "add", condition: undefined, hitCondition: undefined },
      { name: "ns::Foo::bar", condition: undefined, hitCondition: "3" },
    ]);
    r.get(1)!.probe!.active = false;
    expect(r.functionBreakpoints()[0]).toEqual({ name: "add", condition: "a > 1", hitCondition: undefined });
    expect(r.instructionBreakpoints()).toEqual([{ instructionReference: "0x401000", condition: "1", hitCondition: undefined }]);
  });

  test("keyOf and allKeys name every set that has members, disabled ones included", () => {
    const r = registry("b.c:1", "add", "a.c:2", "b.c:3", "0x10");
    expect(r.keyOf(r.get(1)!)).toEqual({ kind: "source", file: "b.c" });
    expect(r.keyOf(r.get(2)!)).toEqual({ kind: "function" });
    expect(r.keyOf(r.get(5)!)).toEqual({ kind: "address" });
    r.get(3)!.enabled = false;
    expect(r.allKeys()).toEqual([{ kind: "source", file: "b.c" }, { kind: "source", file: "a.c" }, { kind: "function" }, { kind: "address" }]);
    expect(registry().allKeys()).toEqual([]);
  });
});

describe("BreakpointRegistry: adapter answers", () => {
  test("applyResponse maps adapter ids and resolved locations in order", () => {
    const r = registry("main.c:10", "main.c:20", "util.c:1");
    r.applyResponse(MAIN, [
      { id: 101, verified: true, line: 11, source: { path: "/src/main.c" } },
      { id: 102, verified: false, message: "no code at this line" },
    ]);
    expect(r.get(1)).toMatchObject({ adapterId: 101, verified: true, resolvedLine: 11, resolvedFile: "/src/main.c", message: undefined });
    expect(r.get(2)).toMatchObject({ adapterId: 102, verified: false, message: "no code at this line" });
    expect(r.get(2)!.resolvedLine).toBeUndefined();
    // The other file's breakpoint is untouched.
    expect(r.get(3)).toMatchObject({ verified: false });
    expect(r.get(3)!.adapterId).toBeUndefined();
  });

  test("applyResponse skips disabled members and clears their adapter id", () => {
    const r = registry("main.c:10", "main.c:20", "main.c:30");
    r.applyResponse(MAIN, [
      { id: 1, verified: true },
      { id: 2, verified: true },
      { id: 3, verified: true },
    ]);
    r.get(2)!.enabled = false;
    // The adapter now knows only #1 and #3 and answers for those two, in order.
    r.applyResponse(MAIN, [
      { id: 7, verified: true },
      { id: 8, verified: true },
    ]);
    expect(r.list().map((b) => [b.id, b.adapterId])).toEqual([
      [1, 7],
      [2, undefined],
      [3, 8],
    ]);
  });

  test("a missing answer marks the breakpoint unverified with a message", () => {
    const r = registry("main.c:10", "main.c:20");
    r.applyResponse(MAIN, [{ id: 5, verified: true }]);
    expect(r.get(2)).toMatchObject({ verified: false, message: "the adapter did not answer for this breakpoint" });
  });

  test("an empty message from the adapter is stored as no message", () => {
    const r = registry("main.c:10");
    r.applyResponse(MAIN, [{ id: 5, verified: true, message: "" }]);
    expect(r.get(1)!.message).toBeUndefined();
  });

  test("applyEvent: changed updates verified and line; removed keeps it but unverified", () => {
    const r = registry("main.c:10", "main.c:20");
    r.applyResponse(MAIN, [
      { id: 1, verified: false, message: "pending" },
      { id: 2, verified: true, line: 20 },
    ]);
    r.applyEvent("changed", { id: 1, verified: true, line: 12, source: { path: "/abs/main.c" } });
    expect(r.get(1)).toMatchObject({ verified: true, resolvedLine: 12, resolvedFile: "/abs/main.c", message: undefined });
    r.applyEvent("removed", { id: 2, verified: false });
    expect(r.get(2)).toMatchObject({ verified: false, message: "removed by the adapter", resolvedLine: 20 });
    r.applyEvent("removed", { id: 1, verified: false, message: "module unloaded" });
    expect(r.get(1)).toMatchObject({ verified: false, message: "module unloaded" });
  });

  test("applyEvent ignores unknown or missing adapter ids", () => {
    const r = registry("main.c:10");
    r.applyResponse(MAIN, [{ id: 1, verified: false }]);
    const before = structuredClone(r.list());
    r.applyEvent("changed", { id: 99, verified: true, line: 3 });
    r.applyEvent("changed", { verified: true, line: 3 });
    expect(r.list()).toEqual(before);
  });

  test("recordHits maps adapter ids to CLI ids and counts hits", () => {
    const r = registry("main.c:10", "main.c:20", "add");
    r.applyResponse(MAIN, [
      { id: 501, verified: true },
      { id: 502, verified: true },
    ]);
    r.applyResponse({ kind: "function" }, [{ id: 600, verified: true }]);
    expect(r.recordHits([502])).toEqual([2]);
    expect(r.recordHits([600, 501, 999])).toEqual([3, 1]);
    expect(r.recordHits([502])).toEqual([2]);
    expect(r.recordHits(undefined)).toEqual([]);
    expect(r.recordHits([])).toEqual([]);
    expect(r.list().map((b) => [b.id, b.hits])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  test("recordHits of a data breakpoint looks among watchpoints only (LLDB numbers watchpoints apart from breakpoints)", () => {
    const r = registry("main.c:10");
    r.applyResponse(MAIN, [{ id: 1, verified: true }]);
    const w = r.addData("total", "7FFD0000/4", "write", undefined);
    r.applyResponse({ kind: "data" }, [{ id: 1, verified: true }]);
    expect(r.recordHits([1], "data")).toEqual([w.id]);
    expect(r.recordHits([1], "code")).toEqual([1]);
    expect(r.list().map((b) => [b.id, b.hits])).toEqual([
      [1, 1],
      [w.id, 1],
    ]);
  });

  test("neverHit lists the breakpoints with no hits; resetHits starts over", () => {
    const r = registry("main.c:10", "main.c:20", "add");
    r.applyResponse(MAIN, [
      { id: 1, verified: true },
      { id: 2, verified: true },
    ]);
    r.recordHits([2]);
    expect(r.neverHit().map((b) => b.id)).toEqual([1, 3]);
    r.resetHits();
    expect(r.neverHit().map((b) => b.id)).toEqual([1, 2, 3]);
    expect(r.list().map((b) => [b.adapterId, b.verified])).toEqual([
      [undefined, false],
      [undefined, false],
      [undefined, false],
    ]);
  });

  test("matchLocation finds breakpoints when the stop carries no ids", () => {
    const r = registry("main.c:10", "src/util.c:5", "add", "main.c:30");
    r.applyResponse(MAIN, [
      { id: 1, verified: true, line: 11 },
      { id: 2, verified: true },
    ]);
    // Resolved line wins over the asked line; a bare file name matches any directory.
    expect(r.matchLocation("/home/u/main.c", 11, "main").map((b) => b.id)).toEqual([1]);
    expect(r.matchLocation("/home/u/main.c", 10, "main").map((b) => b.id)).toEqual([]);
    expect(r.matchLocation("/home/u/main.c", 30, "main").map((b) => b.id)).toEqual([4]);
    // A relative path matches a path ending in all of its components, and only such a path.
    expect(r.matchLocation("/home/u/src/util.c", 5, undefined).map((b) => b.id)).toEqual([2]);
    expect(r.matchLocation("/home/u/lib/util.c", 5, undefined).map((b) => b.id)).toEqual([]);
    expect(r.matchLocation("src/util.c", 5, undefined).map((b) => b.id)).toEqual([2]);
    // Function breakpoints match by frame name.
    expect(r.matchLocation("/home/u/math.c", 40, "add(int, int)").map((b) => b.id)).toEqual([3]);
    r.get(3)!.enabled = false;
    expect(r.matchLocation("/home/u/math.c", 40, "add").map((b) => b.id)).toEqual([]);
  });
});

describe("functionMatches", () => {
  test.each([
    ["add", "add", true],
    ["add", "add(int, int)", true],
    ["get", "Foo::get() const", true],
    ["bar", "Foo::bar(int) const &", true],
    ["add", "add<int>(int, int)", true],
    ["add", "basic::add<i32>", true],
    ["add", "basic::add", true],
    ["add", "basic::add(int, int)", true],
    ["add", "main.add", true],
    ["add", "main.(*T).add", true],
    ["Foo::bar", "ns::Foo::bar(int)", true],
    ["add", "addx", false],
    ["add", "xadd", false],
    ["add", "basic::addx", false],
    ["add", "add::inner", false],
    ["main.add", "add", false],
  ])("%j vs frame %j → %p", (wanted, frame, expected) => {
    expect(functionMatches(wanted, frame)).toBe(expected);
  });
});

describe("matchLocation: the file however the program was built", () => {
  const here = new Set(["/work/p/sub/q.c", "/work/p/other/q.c"]);
  const facts = {
    exists: (p: string) => here.has(p) || p.startsWith("/link/"),
    real: (p: string) => (p.startsWith("/link/") ? p.replace("/link/", "/work/p/") : here.has(p) ? p : undefined),
  };
  function at(file: string, resolved?: string) {
    const r = new BreakpointRegistry();
    const bp = r.add(`${file}:3`, { kind: "line", file, line: 3 });
    if (resolved) r.applyResponse(r.keyOf(bp), [{ id: 7, verified: true, line: 3, source: { path: resolved } }]);
    return r;
  }

  test("the compiler's relative path (gdb answers `sub/q.c`) and the stop's absolute one", () => {
    expect(
      at("/work/p/sub/q.c", "sub/q.c")
        .matchLocation("/work/p/sub/q.c", 3, "f", facts)
        .map((b) => b.id),
    ).toEqual([1]);
    expect(
      at("/work/p/sub/q.c")
        .matchLocation("../sub/q.c", 3, "f", facts)
        .map((b) => b.id),
    ).toEqual([1]);
    expect(
      at("/work/p/sub/q.c")
        .matchLocation("/work/p/other/../sub/q.c", 3, "f", facts)
        .map((b) => b.id),
    ).toEqual([1]);
  });

  test("a symlinked directory, either way round", () => {
    expect(
      at("/link/sub/q.c")
        .matchLocation("/work/p/sub/q.c", 3, "f", facts)
        .map((b) => b.id),
    ).toEqual([1]);
    expect(
      at("/work/p/sub/q.c")
        .matchLocation("/link/sub/q.c", 3, "f", facts)
        .map((b) => b.id),
    ).toEqual([1]);
    // Two files that exist here and differ are not the same, whatever their names share.
    expect(at("/work/p/other/q.c").matchLocation("/work/p/sub/q.c", 3, "f", facts)).toEqual([]);
  });

  test("a prefix rewritten by -fdebug-prefix-map: the best suffix among the breakpoints", () => {
    const r = new BreakpointRegistry();
    r.add("a", { kind: "line", file: "/work/p/sub/q.c", line: 3 });
    r.add("b", { kind: "line", file: "/work/p/other/q.c", line: 3 });
    expect(r.matchLocation("/build/proj/sub/q.c", 3, "f", facts).map((b) => b.id)).toEqual([1]);
    expect(r.matchLocation("/build/proj/other/q.c", 3, "f", facts).map((b) => b.id)).toEqual([2]);
    // Without knowing what exists here, nothing is guessed.
    expect(r.matchLocation("/build/proj/sub/q.c", 3, "f").map((b) => b.id)).toEqual([]);
    // The line still has to be the breakpoint's.
    expect(r.matchLocation("/build/proj/sub/q.c", 4, "f", facts)).toEqual([]);
  });
});
