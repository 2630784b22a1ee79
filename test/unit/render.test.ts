// Golden output for what agents read at every step. The inputs are fixed, realistic replies, so
// any change to these renderings shows up as a snapshot diff to review.
import { describe, expect, test } from "bun:test";
import { backtrace, breakpointLine, breakpointList, sessionsTable, shortPath, sourceBlock, stopReport, variableLines, where } from "../../src/present/text.ts";
import type { BreakpointView, FrameView, SourceLine, StopReport, VariableView } from "../../src/ipc/types.ts";

const CWD = "/home/dev/proj";

const SOURCE: SourceLine[] = [
  { line: 8, text: "int add(int a, int b) {", current: false },
  { line: 9, text: "  int sum = a + b;", current: false },
  { line: 10, text: "  return sum;", current: true },
  { line: 11, text: "}", current: false },
];

const LOCALS: VariableView[] = [
  { name: "a", type: "int", value: "2", reference: 0 },
  { name: "b", type: "int", value: "3", reference: 0 },
  { name: "sum", type: "int", value: "5", reference: 0 },
];

const NESTED: VariableView[] = [
  {
    name: "p",
    type: "struct point *",
    value: "0x00007ffeefbff5a8",
    reference: 12,
    children: [
      { name: "x", type: "int", value: "1", reference: 0 },
      {
        name: "tag",
        type: "struct tag",
        value: "{...}",
        reference: 13,
        children: [
          { name: "name", type: "char *", value: '"origin"', reference: 0 },
          { name: "id", type: "unsigned int", value: "7", reference: 0 },
        ],
      },
    ],
  },
  { name: "count", value: "42", reference: 0 },
  { name: "empty", type: "int[0]", value: "{}", reference: 0, children: [] },
];

const BREAKPOINT_STOP: StopReport = {
  reason: "breakpoint",
  threadId: 4711,
  breakpointIds: [2],
  description: "breakpoint 2.1",
  frame: { function: "add", file: `${CWD}/src/math.c`, line: 10, column: 10 },
  source: SOURCE,
  locals: LOCALS,
  output: "starting\nadding 2 and 3\n",
  seq: 3,
  time: "2025-01-01T00:00:00.000Z",
};

describe("stopReport", () => {
  test("breakpoint stop with source window, locals and output", () => {
    expect(stopReport(BREAKPOINT_STOP, CWD)).toMatchSnapshot();
  });

  test("several breakpoints at once, no output, truncation notes", () => {
    const r: StopReport = {
      ...BREAKPOINT_STOP,
      breakpointIds: [2, 5],
      output: "",
      truncated: ["locals: 40 more, `debugger locals` lists them", "output: 3 earlier chunks were dropped from the buffer"],
    };
    expect(stopReport(r, CWD)).toMatchSnapshot();
  });

  test("step stop outside the working directory, without source", () => {
    const r: StopReport = {
      reason: "step",
      threadId: 1,
      breakpointIds: [],
      description: "step",
      frame: { function: "__libc_start_call_main", file: "/usr/src/glibc/csu/libc-start.c", line: 58 },
      source: [],
      locals: [],
      output: "",
      seq: 4,
      time: "2025-01-01T00:00:01.000Z",
    };
    expect(stopReport(r, CWD)).toMatchSnapshot();
  });

  test("pause with a description and no frame source", () => {
    const r: StopReport = {
      reason: "signal",
      threadId: 2,
      breakpointIds: [],
      description: "signal SIGINT",
      frame: { function: "read" },
      source: [],
      locals: [],
      output: "",
      seq: 5,
      time: "2025-01-01T00:00:02.000Z",
    };
    expect(stopReport(r, CWD)).toMatchSnapshot();
  });

  test("an entry stop does not repeat the signal the debugger stopped it with", () => {
    const r: StopReport = {
      reason: "entry",
      threadId: 7,
      breakpointIds: [],
      description: "signal SIGSTOP",
      frame: { function: "_start" },
      source: [],
      locals: [],
      output: "",
      seq: 1,
      time: "2025-01-01T00:00:00.000Z",
    };
    expect(stopReport(r, CWD)).toBe("Stopped: entry in _start (no source), thread 7");
  });

  test("exception report", () => {
    const r: StopReport = {
      reason: "exception",
      threadId: 1,
      breakpointIds: [],
      description: "panicked at src/main.rs:14:5",
      frame: { function: "basic::divide", file: `${CWD}/src/main.rs`, line: 14 },
      source: [
        { line: 13, text: "    if b == 0 {", current: false },
        { line: 14, text: '        panic!("division by zero");', current: true },
        { line: 15, text: "    }", current: false },
      ],
      locals: [
        { name: "a", type: "i32", value: "10", reference: 0 },
        { name: "b", type: "i32", value: "0", reference: 0 },
      ],
      exception: { id: "Rust Panic", description: "division by zero", details: "thread 'main' panicked at src/main.rs:14:5:\ndivision by zero\n" },
      output: "dividing 10 by 0\n",
      seq: 6,
      time: "2025-01-01T00:00:03.000Z",
    };
    expect(stopReport(r, CWD)).toMatchSnapshot();
  });

  test("exited report with output and never-hit breakpoints", () => {
    const r: StopReport = {
      reason: "exited",
      breakpointIds: [],
      exitCode: 3,
      source: [],
      locals: [],
      output: "result: 5\nbye\n",
      neverHit: [1, 4],
      seq: 7,
      time: "2025-01-01T00:00:04.000Z",
    };
    expect(stopReport(r, CWD)).toMatchSnapshot();
  });

  test("terminated report without output", () => {
    const r: StopReport = { reason: "terminated", breakpointIds: [], source: [], locals: [], output: "", seq: 8, time: "2025-01-01T00:00:05.000Z" };
    expect(stopReport(r, CWD)).toBe("Session ended: terminated.");
  });

  test("no stop yet", () => {
    expect(stopReport(undefined, CWD)).toBe("No stop yet.");
  });
});

describe("backtrace", () => {
  const FRAMES: (FrameView & { current?: boolean; locals?: VariableView[] })[] = [
    { index: 0, id: 1000, function: "add", file: `${CWD}/src/math.c`, line: 10, column: 10, current: true },
    { index: 1, id: 1001, function: "compute", file: `${CWD}/src/main.c`, line: 22 },
    { index: 2, id: 1002, function: "main", file: `${CWD}/src/main.c`, line: 31 },
    { index: 3, id: 1003, function: "__libc_start_call_main", file: "/usr/src/glibc/csu/libc-start.c", line: 58 },
    { index: 4, id: 1004, function: "_start" },
  ];

  test("frames", () => {
    expect(backtrace(FRAMES, CWD)).toMatchSnapshot();
  });

  test("frames with locals", () => {
    const withLocals = FRAMES.slice(0, 3).map((f, i) => (i < 2 ? { ...f, locals: i === 0 ? LOCALS : NESTED } : f));
    expect(backtrace(withLocals, CWD)).toMatchSnapshot();
  });

  test("no frames", () => {
    expect(backtrace([], CWD)).toBe("No frames.");
  });
});

describe("breakpointList", () => {
  const BPS: BreakpointView[] = [
    { id: 1, kind: "line", location: "src/main.c:12", file: `${CWD}/src/main.c`, line: 12, verified: true, enabled: true, hits: 2 },
    {
      id: 2,
      kind: "line",
      location: "src/math.c:9",
      file: `${CWD}/src/math.c`,
      line: 10,
      verified: true,
      enabled: true,
      hits: 0,
      condition: "a > 1",
      hitCondition: ">= 2",
    },
    { id: 3, kind: "function", location: "add", function: "add", file: `${CWD}/src/math.c`, line: 9, verified: true, enabled: true, hits: 1 },
    { id: 4, kind: "function", location: "nosuch", function: "nosuch", verified: false, message: "no function named nosuch", enabled: true, hits: 0 },
    { id: 5, kind: "line", location: "main.c:40", file: "main.c", line: 40, verified: false, enabled: false, hits: 0, logMessage: "i={i}", temporary: true },
    { id: 6, kind: "address", location: "0x401000", address: "0x401000", verified: true, enabled: true, hits: 0 },
    { id: 7, kind: "data", location: "total", accessType: "write", description: "4 bytes at 7FFFFFFFE70C total", verified: true, enabled: true, hits: 1 },
  ];

  test("every kind and option", () => {
    expect(breakpointList(BPS, CWD)).toMatchSnapshot();
  });

  test("one line per breakpoint, exact", () => {
    expect(breakpointLine(BPS[0]!, CWD)).toBe("#1  src/main.c:12  verified  hits 2");
    expect(breakpointLine(BPS[1]!, CWD)).toBe("#2  src/math.c:10  (asked src/math.c:9)  verified  if a > 1  hit count >= 2  hits 0");
  });

  test("none", () => {
    expect(breakpointList([], CWD)).toBe("No breakpoints.");
  });
});

describe("variableLines", () => {
  test("nested children are indented", () => {
    expect(variableLines(NESTED)).toMatchSnapshot();
  });

  test("exact text for a flat list and a custom indent", () => {
    expect(variableLines(LOCALS, "")).toBe("a (int) = 2\nb (int) = 3\nsum (int) = 5");
    expect(variableLines([])).toBe("");
  });
});

describe("small helpers", () => {
  test("shortPath", () => {
    expect(shortPath(`${CWD}/src/a.c`, CWD)).toBe("src/a.c");
    expect(shortPath(`${CWD}x/a.c`, CWD)).toBe(`${CWD}x/a.c`);
    expect(shortPath("/usr/include/stdio.h", CWD)).toBe("/usr/include/stdio.h");
    expect(shortPath(undefined, CWD)).toBe("??");
    expect(shortPath("/a/b.c", "")).toBe("/a/b.c");
  });

  test("where", () => {
    expect(where({ function: "main", file: `${CWD}/main.c`, line: 3 }, CWD)).toBe("main (main.c:3)");
    expect(where({ function: "main", file: `${CWD}/main.c` }, CWD)).toBe("main (main.c)");
    expect(where({ function: "_start" }, CWD)).toBe("_start (no source)");
    expect(where({}, CWD)).toBe("?? (no source)");
    expect(where(undefined, CWD)).toBe("an unknown location");
  });

  test("sourceBlock pads line numbers to the widest", () => {
    expect(
      sourceBlock([
        { line: 98, text: "a();", current: false },
        { line: 99, text: "b();", current: true },
        { line: 100, text: "c();", current: false },
      ]),
    ).toBe("   98  a();\n→  99  b();\n  100  c();");
    expect(sourceBlock([])).toBe("");
  });

  test("sessionsTable", () => {
    expect(
      sessionsTable([
        { name: "default", state: "stopped", adapter: "lldb-dap", program: "./a.out", pid: 4242 },
        { name: "py", state: "running", adapter: "debugpy", program: "app.py" },
        { name: "idle", state: "idle" },
      ]),
    ).toMatchSnapshot();
    expect(sessionsTable([])).toBe("No sessions.");
  });
});

describe("variableLines", () => {
  test("Go's unnamed result ~r0 is called the return value", () => {
    const vars: VariableView[] = [
      { name: "a", type: "int", value: "2", reference: 0 },
      { name: "~r0", type: "int", value: "0", reference: 0 },
      { name: "~r1", value: "nil", reference: 0 },
      { name: "r0", type: "int", value: "5", reference: 0 },
    ];
    expect(variableLines(vars)).toBe("  a (int) = 2\n  ~r0 (int, return value) = 0\n  ~r1 (return value) = nil\n  r0 (int) = 5");
  });
});
