// The stop report builder on its own: each of its steps (classify → locate → read → explain →
// attach output) from a table of stops, against a fake context (a real breakpoint registry, a
// fake adapter connection, fake frames, values and output).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import type { DapEventMap } from "../../src/dap/types.ts";
import { BreakpointRegistry } from "../../src/daemon/session/breakpoints/breakpointRegistry.ts";
import { buildStopReport, type ReportContext } from "../../src/daemon/session/stops/stopReportBuilder.ts";
import type { InQueue } from "../../src/daemon/session/core/queue.ts";
import { newReport } from "../../src/daemon/session/stops/stopReport.ts";
import { SeenFrames } from "../../src/daemon/session/stops/seenFrames.ts";
import type { StopReport, VariableView } from "../../src/ipc/types.ts";
import { fakeClient, fakeOutput, fakeReader, frame, type Answers, type Fake } from "./stopFakes.ts";

const dir = mkdtempSync(join(tmpdir(), "builder-"));
const main = join(dir, "main.c");
writeFileSync(main, Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n"));

/** The queue token: these tests run one report at a time, as the session's queue does. */
const q = Object.freeze({}) as InQueue;

interface Setup {
  adapter?: AdapterSpec;
  registry?: BreakpointRegistry;
  fake?: Fake;
  answers?: Answers;
  output?: ReportContext["output"];
  ctx?: Partial<ReportContext>;
}

async function build(body: DapEventMap["stopped"], ids: number[], s: Setup = {}) {
  const reads: string[] = [];
  const asked: string[] = [];
  let seq = 0;
  const ctx: ReportContext = {
    adapter: s.adapter ?? lldbDap,
    client: fakeClient(s.answers ?? {}, asked),
    capabilities: {},
    registry: s.registry ?? new BreakpointRegistry(),
    reader: fakeReader(s.fake ?? {}, reads),
    output: s.output ?? fakeOutput(),
    program: undefined,
    core: false,
    expecting: undefined,
    watchesEnded: [],
    displays: [],
    sourceLines: 1,
    limits: { maxLocals: 50, maxValueLength: 200 },
    facts: { roots: [dir], exists: (path) => path === main },
    create: (reason) => newReport(++seq, reason),
    thrownType: async () => undefined,
    ...s.ctx,
  };
  const { report, selection, printed } = await buildStopReport(q, ctx, body, ids);
  return { report, selection, reads, asked, printed };
}

async function buildPrinted(body: DapEventMap["stopped"], ids: number[], s: Setup = {}) {
  return (await build(body, ids, s)).printed;
}

const inMain = [frame(7, "main", main, 5)];
const inLibc = [frame(3, "__GI_raise", "/usr/src/glibc/raise.c", 50), frame(4, "abort", "/usr/src/glibc/abort.c", 79), frame(7, "main", main, 5)];

describe("classify: the reason in the same words whatever the adapter", () => {
  const cases: [string, DapEventMap["stopped"], Setup, Partial<StopReport>][] = [
    ["a step", { reason: "step", threadId: 1 }, {}, { reason: "step", description: undefined }],
    [
      "lldb-dap's entry stop, a SIGSTOP",
      { reason: "exception", description: "signal SIGSTOP", threadId: 1 },
      { ctx: { expecting: "entry" } },
      { reason: "entry" },
    ],
    ["gdb names the signal as the reason", { reason: "SIGSEGV", threadId: 1 }, { adapter: gdb }, { reason: "signal", description: "signal SIGSEGV" }],
    [
      "gdb's pause is a SIGINT",
      { reason: "SIGINT", threadId: 1 },
      { adapter: gdb, ctx: { expecting: "pause" } },
      { reason: "pause", description: "signal SIGINT" },
    ],
    [
      "gdb's signal rule is gdb's: another adapter's reason stays its own",
      { reason: "SIGSEGV", threadId: 1 },
      { adapter: delve },
      { reason: "SIGSEGV", description: undefined },
    ],
    ["a core dump's first stop", { reason: "entry", threadId: 1 }, { adapter: delve, ctx: { core: true } }, { reason: "core" }],
    [
      "a crash in a core dump keeps its signal",
      { reason: "exception", description: "signal SIGABRT", threadId: 1 },
      { ctx: { core: true } },
      { reason: "signal", description: "signal SIGABRT" },
    ],
  ];
  test.each(cases)("%s", async (_name, body, setup, want) => {
    const { report } = await build(body, [], { fake: { frames: inMain }, ...setup });
    expect(report).toMatchObject(want);
  });

  test("a stop the adapter names at one of the daemon's own breakpoints reads as what it stands for", async () => {
    const registry = new BreakpointRegistry();
    const own = registry.add("runtime.gopanic", { kind: "function", name: "runtime.gopanic" }, { internal: "panic" });
    const frames = [frame(11, "runtime.gopanic", "/usr/lib/go/src/runtime/panic.go", 700), frame(7, "main.main", main, 5)];
    const { report } = await build({ reason: "breakpoint", threadId: 1 }, [own.id], { adapter: delve, registry, fake: { frames } });
    expect(report).toMatchObject({ reason: "panic", breakpointIds: [], exception: { id: "panic", description: "Go panic" } });
  });

  test("lldb-dap's own watchpoint number is no description", async () => {
    const registry = new BreakpointRegistry();
    const { report } = await build({ reason: "breakpoint", description: "watchpoint 1", threadId: 1 }, [], { registry, fake: { frames: inMain } });
    expect(report.reason).toBe("watchpoint");
    expect(report.description).toBeUndefined();
  });
});

describe("locate: which breakpoint, and the frame to show", () => {
  test("a breakpoint the adapter names", async () => {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.c:5", { kind: "line", file: main, line: 5 });
    const { report, selection } = await build({ reason: "breakpoint", threadId: 2 }, [bp.id], { registry, fake: { frames: inMain } });
    expect(report).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], threadId: 2, frame: { function: "main", file: main, line: 5 } });
    expect(report.frameIndex).toBeUndefined();
    expect(selection).toEqual({ threadId: 2, frameIndex: 0 });
  });

  test("a breakpoint the adapter does not name is found by where it stopped, and counted", async () => {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.c:5", { kind: "line", file: main, line: 5 });
    registry.add("main.c:9", { kind: "line", file: main, line: 9 });
    const { report } = await build({ reason: "breakpoint", threadId: 1 }, [], { adapter: gdb, registry, fake: { frames: inMain } });
    expect(report.breakpointIds).toEqual([bp.id]);
    expect(bp.hits).toBe(1);
  });

  test("one of the daemon's own breakpoints, told by where it stopped, reads as what it stands for", async () => {
    const registry = new BreakpointRegistry();
    const own = registry.add("runtime.gopanic", { kind: "function", name: "runtime.gopanic" }, { internal: "panic" });
    const frames = [frame(11, "runtime.gopanic", "/usr/lib/go/src/runtime/panic.go", 700), frame(7, "main.main", main, 5)];
    const { report, selection, asked } = await build({ reason: "breakpoint", threadId: 1 }, [], {
      adapter: delve,
      registry,
      fake: { frames },
      answers: { evaluate: () => ({ result: '"boom"', variablesReference: 0 }) },
    });
    expect(report).toMatchObject({
      reason: "panic",
      breakpointIds: [],
      frameIndex: 1,
      skipped: ["runtime.gopanic"],
      frame: { function: "main.main", line: 5 },
    });
    // The panic value is read in the catchpoint's own frame, before the user's frame is chosen.
    expect(asked).toContain("evaluate");
    expect(report.description).toBe('"boom"');
    expect(report.exception).toMatchObject({ id: "panic", description: '"boom"' });
    expect(own.hits).toBe(1);
    expect(selection.frameIndex).toBe(1);
  });

  test("a signal inside the C library shows the user's frame", async () => {
    const { report, selection } = await build({ reason: "exception", description: "signal SIGABRT", threadId: 1 }, [], { fake: { frames: inLibc } });
    expect(report).toMatchObject({ reason: "signal", frameIndex: 2, skipped: ["__GI_raise", "abort"], frame: { function: "main", line: 5 } });
    expect(selection).toEqual({ threadId: 1, frameIndex: 2 });
  });

  test("a breakpoint in the C library shows the frame it stopped in", async () => {
    const { report } = await build({ reason: "breakpoint", threadId: 1 }, [], { fake: { frames: inLibc } });
    expect(report.frame?.function).toBe("__GI_raise");
    expect(report.frameIndex).toBeUndefined();
  });

  test("gdb's dropped watchpoint is a watchpoint stop that says so", async () => {
    const registry = new BreakpointRegistry();
    const w = registry.addData("total", "d1", "write", undefined);
    const { report } = await build({ reason: "generic", threadId: 1 }, [], { adapter: gdb, registry, fake: { frames: inMain }, ctx: { watchesEnded: [w.id] } });
    expect(report).toMatchObject({
      reason: "watchpoint",
      breakpointIds: [w.id],
      description: "total: out of scope, the watchpoint is gone (the program left the block where it is valid)",
    });
  });

  test("no thread's frames: the report says the frame could not be read", async () => {
    const { report } = await build({ reason: "breakpoint", threadId: 1 }, [], { fake: { frames: new Error("thread gone") } });
    expect(report.truncated).toEqual(["frame: could not be read (thread gone)"]);
    expect(report.frame).toBeUndefined();
  });
});

describe("read: what the shown frame holds", () => {
  test("source, locals and displays, read in the shown frame", async () => {
    const locals: VariableView[] = [{ name: "n", value: "3", type: "int", reference: 0 }];
    const { report, reads } = await build({ reason: "exception", description: "signal SIGABRT", threadId: 1 }, [], {
      fake: { frames: inLibc, locals, values: { "n * 2": "6" } },
      ctx: {
        displays: [
          { id: 1, expression: "n * 2" },
          { id: 2, expression: "nope" },
        ],
      },
    });
    expect(report.source).toEqual([
      { line: 4, text: "line 4", current: false },
      { line: 5, text: "line 5", current: true },
      { line: 6, text: "line 6", current: false },
    ]);
    expect(report.locals).toEqual(locals);
    expect(report.displays).toEqual([
      { id: 1, expression: "n * 2", value: "6" },
      { id: 2, expression: "nope", error: "no nope" },
    ]);
    expect(reads).toEqual(["frames", "locals@7", "displays@7"]);
  });

  test("a watchpoint says old → new and its hits", async () => {
    const registry = new BreakpointRegistry();
    const w = registry.addData("total", "d1", "write", undefined);
    w.lastValue = "3";
    w.hits = 2;
    const { report, reads } = await build({ reason: "data breakpoint", threadId: 1 }, [w.id], { registry, fake: { frames: inMain, values: { total: "6" } } });
    expect(report).toMatchObject({ reason: "watchpoint", breakpointIds: [w.id], description: "total: 3 → 6 (hit 2)" });
    expect(reads).toContain("eval total@7");
    expect(w.lastValue).toBe("6");
  });

  test("a watchpoint with a condition does not claim the last value it saw", async () => {
    const registry = new BreakpointRegistry();
    const w = registry.addData("total", "d1", "write", undefined, { condition: "total > 5" });
    w.lastValue = "3";
    const { report } = await build({ reason: "data breakpoint", threadId: 1 }, [w.id], { registry, fake: { frames: inMain, values: { total: "6" } } });
    expect(report.description).toBe("total = 6");
  });

  test("debugpy's (return) local is the returned value", async () => {
    const { report } = await build({ reason: "step", threadId: 1 }, [], {
      fake: { frames: inMain, locals: [{ name: "(return) add", value: "5", reference: 0 }] },
    });
    expect(report.returnValue).toBe("5");
  });

  test("after a finish, the adapter's console tells what was returned", async () => {
    const adapter: AdapterSpec = { ...lldbDap, returnValue: { after: "thread info", parse: (text: string) => /Return value: (.*)/.exec(text)?.[1] } };
    const { report, reads } = await build({ reason: "step", threadId: 1 }, [], {
      adapter,
      fake: { frames: inMain, console: { "thread info": "Return value: (int) 5" } },
      ctx: { finished: { before: undefined } },
    });
    expect(reads).toContain("raw thread info");
    expect(report.returnValue).toBe("(int) 5");
  });

  test("locals past the budget are cut, and the cut says so", async () => {
    const locals = Array.from({ length: 5 }, (_, i) => ({ name: `v${i}`, value: `${i}`, reference: 0 }));
    const { report } = await build({ reason: "step", threadId: 1 }, [], {
      fake: { frames: inMain, locals },
      ctx: { limits: { maxLocals: 2, maxValueLength: 200 } },
    });
    expect(report.locals.map((v) => v.name)).toEqual(["v0", "v1"]);
    expect(report.truncated?.[0]).toStartWith("locals:");
  });

  test("a frame seen before says which locals did not change", async () => {
    const seen = new SeenFrames();
    const at = (n: string) => ({
      fake: {
        frames: inMain,
        locals: [
          { name: "n", value: n, reference: 0 },
          { name: "k", value: "1", reference: 0 },
        ],
      },
      ctx: { seen },
    });
    expect((await build({ reason: "step", threadId: 1 }, [], at("1"))).report.seen).toBeUndefined();
    expect((await build({ reason: "step", threadId: 1 }, [], at("2"))).report.seen).toEqual({ sameFrame: true, unchanged: ["k"] });
  });
});

describe("read: a command's prints travel with the resume", () => {
  test("read in the shown frame beside the displays, with the breakpoint's own, each once", async () => {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.c:5", { kind: "line", file: main, line: 5 }, { prints: ["n", "k"] });
    const { report, reads, printed } = await build({ reason: "breakpoint", threadId: 1 }, [bp.id], {
      registry,
      fake: { frames: inMain, values: { n: "3", k: "4" } },
      ctx: { prints: ["k", "m"] },
    });
    expect(printed?.expressions).toEqual(["k", "m", "n"]);
    expect(printed?.values).toEqual([
      { expression: "k", value: "4" },
      { expression: "m", error: "no m" },
      { expression: "n", value: "3" },
    ]);
    expect(reads).toEqual(["frames", "locals@7", "displays@7"]);
    // The report itself is the stop's, whoever asked: the prints are the command's.
    expect(report.displays).toBeUndefined();
  });

  test("a bare name declared below the stop says so", async () => {
    const printed = (await buildPrinted({ reason: "step", threadId: 1 }, [], { fake: { frames: inMain }, ctx: { prints: ["line"] } }))!;
    expect(printed.values[0]!.error).toStartWith("'line' is no local here yet: it appears from line 5 on");
  });

  test("none asked: nothing read", async () => {
    const { reads } = await build({ reason: "step", threadId: 1 }, [], { fake: { frames: inMain } });
    expect(reads).toEqual(["frames", "locals@7"]);
    expect(await buildPrinted({ reason: "step", threadId: 1 }, [], { fake: { frames: inMain } })).toBeUndefined();
  });
});

describe("explain: what was thrown", () => {
  test("the adapter's exception info, without debugpy's pause note, and the thrown type", async () => {
    const { report } = await build({ reason: "exception", text: "ValueError", threadId: 1 }, [], {
      fake: { frames: inMain },
      answers: {
        exceptionInfo: () => ({
          exceptionId: "ValueError (note: full exception trace is shown but execution is paused at: f)",
          description: "bad",
          breakMode: "always",
          details: { message: "bad value" },
        }),
      },
      ctx: { capabilities: { supportsExceptionInfoRequest: true }, thrownType: async () => "std::runtime_error" },
    });
    expect(report.exception).toEqual({ id: "ValueError", description: "bad", details: "bad value", type: "std::runtime_error" });
  });

  test("without exception info, the stop's own words", async () => {
    const { report } = await build({ reason: "exception", text: "ZeroDivisionError", threadId: 1 }, [], { fake: { frames: inMain } });
    expect(report.exception).toEqual({ description: "ZeroDivisionError" });
  });

  test("a plain breakpoint has no exception", async () => {
    const { report } = await build({ reason: "breakpoint", threadId: 1 }, [], { fake: { frames: inMain }, ctx: { thrownType: async () => "int" } });
    expect(report.exception).toBeUndefined();
  });
});

describe("attach output", () => {
  test("what the program wrote since the last report", async () => {
    const { report } = await build({ reason: "step", threadId: 1 }, [], { fake: { frames: inMain }, output: fakeOutput("hello\n") });
    expect(report.output).toBe("hello\n");
    expect(report.truncated).toBeUndefined();
  });

  test("a last line with no end yet is said", async () => {
    const { report } = await build({ reason: "step", threadId: 1 }, [], { fake: { frames: inMain }, output: fakeOutput("partial", true) });
    expect(report.output).toBe("partial");
    expect(report.truncated).toEqual([
      "output: its last line has no line end yet (not written by the program, or still on its way): what follows is in the next report",
    ]);
  });

  test("output is attached even when the frame could not be read", async () => {
    const { report } = await build({ reason: "step", threadId: 1 }, [], { fake: { frames: new Error("gone") }, output: fakeOutput("x\n") });
    expect(report.output).toBe("x\n");
  });
});
