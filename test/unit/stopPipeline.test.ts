// The stop pipeline on its own: each verdict (a throw of another type, a stop the adapter's policy
// says is not news, a condition the daemon found false) from a table, and the pipeline that runs
// them before the report builder — which stops pass without a report, which are published, and
// what happens after.
import { describe, expect, test } from "bun:test";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { CXX_THROW_FUNCTION, thrownTypeNameExpression } from "../../src/adapters/catchpoints.ts";
import { codelldb } from "../../src/adapters/codelldb.ts";
import { delve } from "../../src/adapters/delve.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import { EMPTY_CONFIG } from "../../src/common/config.ts";
import type { DapEventMap } from "../../src/dap/types.ts";
import type { AdapterLink } from "../../src/daemon/session/program/adapterLink.ts";
import { SessionCore } from "../../src/daemon/session/facts.ts";
import type { ProgramOutput } from "../../src/daemon/session/program/programOutput.ts";
import { BreakpointRegistry, type Breakpoint } from "../../src/daemon/session/breakpoints/breakpointRegistry.ts";
import { conditionVerdict, type ConditionContext } from "../../src/daemon/session/breakpoints/conditionProbe.ts";
import { ownStopVerdict, type OwnStopContext } from "../../src/daemon/session/stops/ownStopPolicy.ts";
import { PendingHits } from "../../src/daemon/session/stops/pendingHits.ts";
import type { InQueue } from "../../src/daemon/session/core/queue.ts";
import { StopPipeline } from "../../src/daemon/session/stops/stopPipeline.ts";
import type { Selection } from "../../src/daemon/session/stops/stopReportBuilder.ts";
import { throwVerdict, type ResumeKind, type ThrowContext } from "../../src/daemon/session/stops/throwPolicy.ts";
import type { StopReport } from "../../src/ipc/types.ts";
import { fakeClient, fakeOutput, fakeReader, frame, type Answers } from "./stopFakes.ts";

const q = Object.freeze({}) as InQueue;
const main = "/src/main.cpp";
const atThrow = [frame(9, CXX_THROW_FUNCTION, undefined, 0), frame(7, "main", main, 5)];
const inMain = [frame(7, "main", main, 5)];
const throwing = (mangled: string): Answers => ({
  evaluate: ({ expression }) => ({ result: expression === thrownTypeNameExpression() ? `0x5555 "${mangled}"` : "0", variablesReference: 0 }),
});

function throwContext(frames: P.StackFrame[], answers: Answers, adapter: AdapterSpec = lldbDap): ThrowContext {
  return { name: "t", adapter, client: fakeClient(answers), frames: fakeReader({ frames }, []) };
}

/** The own-stop policy's view: no source, every frame the user's. */
const ownContext = (ctx: ThrowContext): OwnStopContext => ({ ...ctx, readSource: async () => undefined, facts: { roots: [], exists: () => true } });

describe("throwVerdict: `catch throw TYPE` passes other types' throws after a continue", () => {
  const cases: [string, { types: string[]; resumedBy: ResumeKind; frames: P.StackFrame[]; mangled: string; userBp?: boolean }, boolean][] = [
    ["a throw of the type asked for stands", { types: ["std::out_of_range"], resumedBy: "continue", frames: atThrow, mangled: "St12out_of_range" }, true],
    ["a throw of another type passes", { types: ["std::out_of_range"], resumedBy: "continue", frames: atThrow, mangled: "St13runtime_error" }, false],
    ["every throw stands when no type is asked", { types: [], resumedBy: "continue", frames: atThrow, mangled: "St13runtime_error" }, true],
    ["a step that ends at a throw reports it", { types: ["std::out_of_range"], resumedBy: "next", frames: atThrow, mangled: "St13runtime_error" }, true],
    ["a stop outside __cxa_throw stands", { types: ["std::out_of_range"], resumedBy: "continue", frames: inMain, mangled: "St13runtime_error" }, true],
    [
      "a user's breakpoint at the same stop stands",
      { types: ["std::out_of_range"], resumedBy: "continue", frames: atThrow, mangled: "St13runtime_error", userBp: true },
      true,
    ],
  ];
  test.each(cases)("%s", async (_name, c, stand) => {
    const registry = new BreakpointRegistry();
    const ids = c.userBp ? [registry.add("main.cpp:5", { kind: "line", file: main, line: 5 }).id] : [];
    const verdict = await throwVerdict(
      q,
      throwContext(c.frames, throwing(c.mangled)),
      { reason: "exception", threadId: 3 },
      ids,
      registry,
      c.types,
      c.resumedBy,
    );
    expect(verdict).toEqual(stand ? { stand: true } : { stand: false, threadId: 3, thrown: "std::runtime_error" });
  });

  test("a type that cannot be read lets the stop stand", async () => {
    const ctx: ThrowContext = { ...throwContext(atThrow, {}), frames: fakeReader({ frames: new Error("gone") }, []) };
    expect(await throwVerdict(q, ctx, { reason: "exception", threadId: 3 }, [], new BreakpointRegistry(), ["int"], "continue")).toEqual({ stand: true });
  });
});

describe("ownStopVerdict: the adapter's policy passes stops that are not news after a continue", () => {
  const adapter: AdapterSpec = { ...delve, passStop: (reason, frames) => reason === "panic" && frames.some((f) => f.function === "testing.tRunner.func1") };
  const rePanic = [frame(1, "runtime.gopanic", "/go/src/runtime/panic.go", 700), frame(2, "testing.tRunner.func1", "/go/src/testing/testing.go", 1600)];
  const cases: [string, { frames: P.StackFrame[]; resumedBy: ResumeKind; userBp?: boolean; adapter?: AdapterSpec }, boolean][] = [
    ["testing's re-panic passes", { frames: rePanic, resumedBy: "continue" }, false],
    [
      "a first panic stands",
      { frames: [frame(1, "runtime.gopanic", "/go/src/runtime/panic.go", 700), frame(2, "main.main", "/src/main.go", 9)], resumedBy: "continue" },
      true,
    ],
    ["after a step it stands", { frames: rePanic, resumedBy: "stepIn" }, true],
    ["a user's breakpoint at the same stop stands", { frames: rePanic, resumedBy: "continue", userBp: true }, true],
    ["an adapter without a policy lets it stand", { frames: rePanic, resumedBy: "continue", adapter: delve }, true],
  ];
  test.each(cases)("%s", async (_name, c, stand) => {
    const registry = new BreakpointRegistry();
    const ids = [registry.add("runtime.gopanic", { kind: "function", name: "runtime.gopanic" }, { internal: "panic" }).id];
    if (c.userBp) ids.push(registry.add("main.go:9", { kind: "line", file: "/src/main.go", line: 9 }).id);
    const verdict = await ownStopVerdict(
      q,
      ownContext(throwContext(c.frames, {}, c.adapter ?? adapter)),
      { reason: "breakpoint", threadId: 4 },
      ids,
      registry,
      c.resumedBy,
    );
    expect(verdict).toEqual(stand ? { stand: true } : { stand: false, threadId: 4, thrown: "panic" });
  });
});

describe("ownStopVerdict: an exception the program's own code expects (AdapterSpec.expectedException) passes after a continue", () => {
  const test_py = "/proj/test_x.py";
  const sources: Record<string, string[]> = { [test_py]: ["def test_x():", "    with raises(E):", "        f()"] };
  const stack = [frame(1, "f", "/proj/x.py", 3), frame(2, "test_x", test_py, 3), frame(3, "runtest", "/usr/lib/python3/dist-packages/_pytest/python.py", 190)];
  const facts = { roots: ["/proj"], exists: () => true };
  function judged(answer: boolean | Error) {
    const seen: { frames: { name: string; function?: string; user: boolean }[]; source?: string[]; value?: string } = { frames: [] };
    const spec: AdapterSpec = {
      ...lldbDap,
      expectedException: async (look) => {
        seen.frames = look.frames.map((f) => ({ name: f.name, function: f.function, user: f.user }));
        seen.source = await look.source(test_py);
        seen.value = await look.evaluate("1 + 1", 2);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { spec, seen };
  }
  const run = (spec: AdapterSpec, resumedBy: ResumeKind, reason = "exception") =>
    ownStopVerdict(
      q,
      {
        ...throwContext(stack, { evaluate: ({ expression, frameId }) => ({ result: `${expression}@${frameId}`, variablesReference: 0 }) }, spec),
        readSource: async (path) => sources[path],
        facts,
      },
      { reason, threadId: 5 },
      [],
      new BreakpointRegistry(),
      resumedBy,
    );

  test("swallowed: passes; the hook saw the frames (user or not), their source, values in a frame", async () => {
    const { spec, seen } = judged(true);
    expect(await run(spec, "continue")).toEqual({ stand: false, threadId: 5, thrown: "exception" });
    expect(seen.frames).toEqual([
      { name: "f", function: "f", user: true },
      { name: "test_x", function: "test_x", user: true },
      { name: "runtest", function: "runtest", user: false },
    ]);
    expect(seen.source).toEqual(sources[test_py]!);
    expect(seen.value).toBe("1 + 1@2");
  });
  test("not swallowed: stands", async () => expect(await run(judged(false).spec, "continue")).toEqual({ stand: true }));
  test("a hook that fails: stands", async () => expect(await run(judged(new Error("gone")).spec, "continue")).toEqual({ stand: true }));
  test("after a step: stands, not asked", async () => {
    const { spec, seen } = judged(true);
    expect(await run(spec, "next")).toEqual({ stand: true });
    expect(seen.frames).toEqual([]);
  });
  test("a stop that is no exception: stands", async () => expect(await run(judged(true).spec, "continue", "breakpoint")).toEqual({ stand: true }));
  test("after a step, where the adapter says how to finish it (expectedExceptionStep): passed by that step; not swallowed: stands", async () => {
    const stepping = (answer: boolean): AdapterSpec => ({ ...judged(answer).spec, expectedExceptionStep: "stepIn" });
    for (const kind of ["next", "stepIn", "stepOut"] as const)
      expect(await run(stepping(true), kind)).toEqual({ stand: false, threadId: 5, thrown: "exception", resume: "stepIn" });
    expect(await run(stepping(false), "next")).toEqual({ stand: true });
    // After a continue it is passed by a continue, as before.
    expect(await run(stepping(true), "continue")).toEqual({ stand: false, threadId: 5, thrown: "exception" });
  });
  test("the adapter's other passes (passStop) stay after a continue only", async () => {
    const spec: AdapterSpec = { ...judged(false).spec, expectedExceptionStep: "stepIn", passStop: () => true };
    expect(await run(spec, "next")).toEqual({ stand: true });
    expect(await run(spec, "continue")).toEqual({ stand: false, threadId: 5, thrown: "exception" });
  });
});

describe("conditionVerdict: a false condition the daemon checks passes the stop", () => {
  function setup(values: Record<string, string>) {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 }, { condition: "i == 7" });
    const resynced: Breakpoint[] = [];
    const ctx: ConditionContext = {
      name: "t",
      program: undefined,
      adapter: lldbDap,
      client: fakeClient({ evaluate: ({ expression }) => ({ result: values[expression] ?? "?", variablesReference: 0 }) }),
      frames: fakeReader({ frames: inMain }, []),
      registry,
      resync: async (b) => void resynced.push(b),
    };
    return { registry, bp, ctx, resynced };
  }

  test.each([
    ["false: passes, counted, the hit undone", { "i == 7": "false", i: "4" }, false],
    ["true: stands", { "i == 7": "true", i: "7" }, true],
    ["unreadable: stands, the condition goes to the adapter", { "i == 7": "<error>", i: "7" }, true],
  ] as const)("%s", async (_name, values, stand) => {
    const { bp, ctx, resynced } = setup(values);
    bp.hits = 1;
    const ids = [bp.id];
    const verdict = await conditionVerdict(q, ctx, { reason: "breakpoint", threadId: 2 }, ids, "continue");
    expect(verdict).toEqual(stand ? { stand: true } : { stand: false, threadId: 2 });
    if (!stand) {
      expect(ids).toEqual([]);
      expect(bp.hits).toBe(0);
      expect(bp.probe).toMatchObject({ active: true, hits: 1, last: [{ expression: "i", value: "4" }] });
    } else expect(ids).toEqual([bp.id]);
    expect(resynced.length).toBe(values["i == 7"] === "<error>" ? 1 : 0);
  });

  test("a breakpoint the adapter does not name is found by where it stopped", async () => {
    const { ctx } = setup({ "i == 7": "0", i: "1" });
    expect(await conditionVerdict(q, ctx, { reason: "breakpoint", threadId: 2 }, [], "continue")).toEqual({ stand: false, threadId: 2 });
  });

  test("after a step the condition is the adapter's: the stop stands", async () => {
    const { bp, ctx } = setup({ "i == 7": "false", i: "4" });
    expect(await conditionVerdict(q, ctx, { reason: "breakpoint", threadId: 2 }, [bp.id], "next")).toEqual({ stand: true });
  });
});

describe("StopPipeline", () => {
  interface Run {
    answers?: Answers;
    frames?: P.StackFrame[];
    throwTypes?: string[];
    registry?: BreakpointRegistry;
    resumedBy?: ResumeKind;
    passFails?: boolean;
    adapter?: AdapterSpec;
    /** What each console command prints. */
    console?: Record<string, string>;
  }
  function pipeline(r: Run) {
    const registry = r.registry ?? new BreakpointRegistry();
    const events: string[] = [];
    const published: { report: StopReport; selection: Selection }[] = [];
    // The session's core as the pipeline reads it: a link that is only a client, no source lines, every frame the user's.
    const link = { client: fakeClient(r.answers ?? {}), capabilities: {} } as unknown as AdapterLink;
    const config = { ...EMPTY_CONFIG, defaults: { ...EMPTY_CONFIG.defaults, source_lines: 0 } };
    const session = new SessionCore("t", r.adapter ?? lldbDap, config, link, fakeOutput() as unknown as ProgramOutput, () => {});
    session.codeFacts = () => ({ roots: [], exists: () => true });
    let selected: Selection | undefined;
    const publish = session.publish.bind(session);
    session.publish = (report) => {
      events.push(`publish ${report.reason}`);
      published.push({ report, selection: selected! });
      publish(report);
    };
    const control = {
      lastResume: r.resumedBy ?? "continue",
      beforeStepOut: undefined,
      takePrints: () => undefined,
      pending: new PendingHits(),
      passStop: async (threadId: number) => {
        events.push(`pass ${threadId}`);
        return !r.passFails;
      },
    };
    const p = new StopPipeline(session, {
      breakpoints: {
        registry,
        throwTypes: r.throwTypes ?? [],
        removeTemporaryNow: async (_q, ids) => void events.push(`remove temporary ${ids.join(",")}`),
        resyncNow: async (_q, bp) => void events.push(`resync ${bp.id}`),
      },
      inspector: {
        stopReader: fakeReader({ frames: r.frames ?? inMain, console: r.console ?? {} }, []),
        select: (selection) => void (selected = selection),
      },
      displays: { list: () => [], printed: () => {} },
      control,
    });
    return { p, events, published, registry, pending: control.pending };
  }
  const body: DapEventMap["stopped"] = { reason: "exception", description: "cpp_throw", threadId: 3 };

  describe("a hit of a breakpoint the session took away, told after (its removal raced a thread there)", () => {
    function setup(resumedBy: ResumeKind = "continue") {
      const registry = new BreakpointRegistry();
      const bp = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 });
      Object.assign(bp, { adapterId: 7, verified: true });
      registry.remove(bp.id);
      return pipeline({ registry, resumedBy });
    }
    const late: DapEventMap["stopped"] = { reason: "breakpoint", description: "breakpoint 7.1", threadId: 2, hitBreakpointIds: [7] };
    test("named by its id: passed after a continue", async () => {
      const { p, events } = setup();
      await p.run(q, late, []);
      expect(events).toEqual(["pass 2"]);
    });
    test("removed after its stop came, before the stop was reported: passed", async () => {
      const registry = new BreakpointRegistry();
      const bp = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 });
      Object.assign(bp, { adapterId: 7, verified: true });
      const { p, events } = pipeline({ registry });
      const ids = registry.recordHits([7]);
      registry.remove(bp.id);
      await p.run(q, late, ids);
      expect(events).toEqual(["pass 2"]);
    });
    test("a watchpoint's stop, which lldb-dap tells as a breakpoint's, naming the same number: stands", async () => {
      const { p, events } = setup();
      await p.run(q, { reason: "breakpoint", description: "watchpoint 7", threadId: 2, hitBreakpointIds: [7] }, []);
      expect(events).not.toContain("pass 2");
    });
    test("LLDB's `breakpoint 0.0` (the site has no owner left): passed", async () => {
      const { p, events } = setup();
      await p.run(q, { reason: "breakpoint", description: "breakpoint 0.0", threadId: 2, hitBreakpointIds: [0] }, []);
      expect(events).toEqual(["pass 2"]);
    });
    test("after a step it stands; a breakpoint the session never had (made at the console) stands", async () => {
      const stepping = setup("next");
      await stepping.p.run(q, late, []);
      expect(stepping.events).toEqual(["publish breakpoint", "remove temporary "]);
      const other = setup();
      await other.p.run(q, { ...late, description: "breakpoint 9.1", hitBreakpointIds: [9] }, []);
      expect(other.events).toEqual(["publish breakpoint", "remove temporary "]);
    });
    test("an id the adapter gave again to a breakpoint the session has now: its hit", () => {
      const registry = new BreakpointRegistry();
      const a = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 });
      Object.assign(a, { adapterId: 7 });
      registry.remove(a.id);
      expect(registry.namesOnlyGone([7])).toBe(true);
      const b = registry.add("main.cpp:6", { kind: "line", file: main, line: 6 });
      Object.assign(b, { adapterId: 7 });
      expect(registry.namesOnlyGone([7])).toBe(false);
      // A new program numbers anew.
      registry.remove(b.id);
      registry.resetHits();
      expect(registry.namesOnlyGone([7])).toBe(false);
    });
  });

  test("a throw of another type passes without a report", async () => {
    const { p, events } = pipeline({ frames: atThrow, answers: throwing("St13runtime_error"), throwTypes: ["int"] });
    await p.run(q, body, []);
    expect(events).toEqual(["pass 3"]);
  });

  test("a stop that could not be passed stands after all and is reported", async () => {
    const { p, events, published } = pipeline({ frames: atThrow, answers: throwing("St13runtime_error"), throwTypes: ["int"], passFails: true });
    await p.run(q, body, []);
    expect(events).toEqual(["pass 3", "publish exception", "remove temporary "]);
    expect(published[0]!.report.exception?.type).toBe("std::runtime_error");
  });

  test("a false condition passes; a true one is published and its temporary breakpoint goes", async () => {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 }, { condition: "i == 7", temporary: true });
    let i = "4";
    const { p, events, published } = pipeline({
      registry,
      answers: { evaluate: ({ expression }) => ({ result: expression === "i" ? i : String(i === "7"), variablesReference: 0 }) },
    });
    await p.run(q, { reason: "breakpoint", threadId: 1 }, [bp.id]);
    i = "7";
    await p.run(q, { reason: "breakpoint", threadId: 1 }, [bp.id]);
    expect(events).toEqual(["pass 1", "publish breakpoint", `remove temporary ${bp.id}`]);
    expect(published[0]).toMatchObject({ report: { reason: "breakpoint", breakpointIds: [bp.id], threadId: 1 }, selection: { threadId: 1, frameIndex: 0 } });
  });

  test("a dropped watchpoint is told once, in the next report only", async () => {
    const registry = new BreakpointRegistry();
    const w = registry.addData("total", "d1", "write", undefined);
    const { p, published } = pipeline({ registry });
    p.watchEnded(w.id);
    await p.run(q, { reason: "generic", threadId: 1 }, []);
    await p.run(q, { reason: "generic", threadId: 1 }, []);
    expect(published.map((x) => x.report.reason)).toEqual(["watchpoint", "generic"]);
  });

  test("other threads' pending hits are listed in the report", async () => {
    const registry = new BreakpointRegistry();
    const bp = registry.add("main.cpp:5", { kind: "line", file: main, line: 5 });
    const { p, published, pending } = pipeline({
      registry,
      answers: { stackTrace: ({ threadId }) => ({ stackFrames: [frame(threadId * 10, "worker", main, 5)] }) },
    });
    pending.add({ threadId: 2, ids: [bp.id], body: { reason: "breakpoint", threadId: 2 } });
    await p.run(q, { reason: "breakpoint", threadId: 1 }, [bp.id]);
    expect(published[0]!.report.alsoStopped).toEqual([{ threadId: 2, breakpointIds: [bp.id], function: "worker", file: main, line: 5 }]);
  });
  describe("a trap LLDB did not tell as a breakpoint's hit, at one of the session's breakpoints", () => {
    // LLDB writes a breakpoint's trap into the running program before it records the site: a
    // thread that reaches it in between stops with "signal SIGTRAP" (CodeLLDB after attach).
    const sleeper = "/src/sleeper.c";
    const atTick = (pc: string) => [{ ...frame(1001, "tick", sleeper, 13), instructionPointerReference: pc }];
    const list =
      "Current breakpoints:\n1: file = '/src/sleeper.c', line = 13, exact_match = 0, locations = 1, resolved = 1, hit count = 0\n\n" +
      "  1.1: where = c-sleeper`tick + 11 at sleeper.c:13:11, address = 0x00005597f4d01180, resolved, hit count = 0 \n";
    const trap: DapEventMap["stopped"] = { reason: "exception", description: "signal SIGTRAP", threadId: 3, allThreadsStopped: true };
    function setup(pc: string, opts: { logMessage?: string; console?: Record<string, string>; resumedBy?: ResumeKind } = {}) {
      const registry = new BreakpointRegistry();
      const bp = registry.add("sleeper.c:13", { kind: "line", file: sleeper, line: 13 }, opts.logMessage ? { logMessage: opts.logMessage } : {});
      Object.assign(bp, { adapterId: 1, verified: true });
      const run = pipeline({
        registry,
        adapter: codelldb,
        frames: atTick(pc),
        console: { [codelldb.breakpointTraps!.command]: list, ...opts.console },
        ...(opts.resumedBy ? { resumedBy: opts.resumedBy } : {}),
      });
      return { ...run, bp };
    }

    test("at a location's address: that breakpoint's hit, counted", async () => {
      const { p, published, bp } = setup("0x5597F4D01180");
      await p.run(q, trap, []);
      expect(published[0]!.report).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], threadId: 3 });
      expect(bp.hits).toBe(1);
    });

    test("elsewhere: the signal it is", async () => {
      const { p, published, bp } = setup("0x5597F4D01181");
      await p.run(q, trap, []);
      expect(published[0]!.report).toMatchObject({ reason: "signal", breakpointIds: [] });
      expect(bp.hits).toBe(0);
    });

    test("a logpoint's (the adapter judges it, and never saw this arrival): passed, no report", async () => {
      const { p, events } = setup("0x5597f4d01180", { logMessage: "n={n}" });
      await p.run(q, trap, []);
      expect(events).toEqual(["pass 3"]);
    });

    // Removing a breakpoint while the program runs, LLDB can drop the site and leave its trap in
    // memory (lldb-server still has it): every pass there stopped with "signal SIGTRAP".
    const removed = "0x5597f4d011a0";
    const stub = (answer: string) => ({ [codelldb.breakpointTraps!.clear!("0x5597f4d011a0")]: `  packet: z0,5597f4d011a0,1\nresponse: ${answer}\n` });
    test("where no breakpoint is but the stub still has a trap: cleared, and after a continue passed without a report", async () => {
      const { p, events, published } = setup(removed, { console: stub("OK") });
      await p.run(q, trap, []);
      expect(events).toEqual(["pass 3"]);
      expect(published).toEqual([]);
    });
    test("after a step it stands (the step's plan is gone), saying what it was", async () => {
      const { p, published } = setup(removed, { console: stub("OK"), resumedBy: "next" });
      await p.run(q, trap, []);
      expect(published[0]!.report.description).toBe(`a breakpoint's trap left in the program at ${removed} after its removal (cleared now)`);
    });
    test("the stub has none there (a SIGTRAP of the program's own): the signal it is", async () => {
      const { p, published } = setup(removed, { console: stub("E09") });
      await p.run(q, trap, []);
      expect(published[0]!.report).toMatchObject({ reason: "signal", breakpointIds: [] });
    });
    test("the commands: lldb-server's remove-breakpoint packet, by address without 0x", () => {
      expect(lldbDap.breakpointTraps!.clear!("0x00005597f4d011a0")).toBe('`process plugin packet send "z0,5597f4d011a0,1"');
      expect(codelldb.breakpointTraps!.clear!("0x5597f4d011a0")).toBe('process plugin packet send "z0,5597f4d011a0,1"');
      expect(lldbDap.breakpointTraps!.cleared!('(lldb) process plugin packet send "z0,1,1"\n  packet: z0,1,1\nresponse: OK\n')).toBe(true);
      expect(lldbDap.breakpointTraps!.cleared!("  packet: z0,1,1\nresponse: E09\n")).toBe(false);
    });

    test("the stub no longer has it, at the address of a breakpoint the session removed: reached as it went, passed", async () => {
      const registry = new BreakpointRegistry();
      const gone = registry.add("sleeper.c:14", { kind: "line", file: sleeper, line: 14 });
      Object.assign(gone, { adapterId: 2, verified: true, codeAddress: "0x00005597f4d011a0" });
      registry.remove(gone.id);
      const { p, events } = pipeline({
        registry,
        adapter: codelldb,
        frames: atTick(removed),
        console: { [codelldb.breakpointTraps!.command]: list, ...stub("E09") },
      });
      await p.run(q, trap, []);
      expect(events).toEqual(["pass 3"]);
    });

    test("lldb-dap's reading of the same list", () => {
      expect(lldbDap.breakpointTraps!.parse(list)).toEqual(new Map([["0x00005597f4d01180", 1]]));
      expect(lldbDap.breakpointTraps!.isTrap("exception", "signal SIGTRAP")).toBe(true);
      expect(lldbDap.breakpointTraps!.isTrap("exception", "signal SIGSEGV: invalid address (fault address: 0x0)")).toBe(false);
    });
  });
});
