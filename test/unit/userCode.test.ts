// Which frames are the user's code, from facts (the project's roots, the files on this disk), with
// and without the C library's debug info installed: the same program must pick the same frame.
import { describe, expect, test } from "bun:test";
import { debugpy } from "../../src/adapters/debugpy.ts";
import { delve } from "../../src/adapters/delve.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { lldbDap } from "../../src/adapters/lldbDap.ts";
import { node } from "../../src/adapters/node.ts";
import type { AdapterSpec } from "../../src/adapters/types.ts";
import { isUserFrame, userFrameIndex, type CodeFacts } from "../../src/daemon/session/inspection/userCode.ts";

/** A disk with the project's files, the system's headers and a virtualenv; no glibc sources. */
const disk = new Set([
  "/home/me/app/parse.c",
  "/home/me/app/main.c",
  "/home/me/app/src/util.c",
  "/home/me/app/main.go",
  "/home/me/app/.venv/lib/python3.11/site-packages/requests/api.py",
  "/home/me/lib/helper.c",
  "/usr/include/c++/12/bits/stl_vector.h",
  "/usr/lib/python3.11/json/__init__.py",
  "/usr/lib/go-1.19/src/runtime/proc.go",
  "/usr/lib/go-1.19/src/fmt/print.go",
  "/home/me/go/pkg/mod/github.com/pkg/errors@v0.9.1/errors.go",
  "/opt/service/handler.c",
]);
/** The facts as a session of `spec` has them (its runtime's functions: AdapterSpec.runtimeFrames); lldb-dap's by default. */
const facts = (cwd = "/home/me/app", program = "/home/me/app/build/app", spec: AdapterSpec = lldbDap): CodeFacts => ({
  roots: [cwd, program.replace(/\/[^/]*$/, "")],
  exists: (p) => disk.has(p),
  ...(spec.runtimeFrames ? { runtimeFrames: spec.runtimeFrames } : {}),
});

const user = { function: "parse", file: "/home/me/app/parse.c", line: 12 };
const main = { function: "main", file: "/home/me/app/main.c", line: 3 };
// The same glibc frames without its debug info (no file), and with it as lldb-dap and gdb name them.
const withoutDebugInfo = [
  { function: "__futex_abstimed_wait_common", file: undefined, line: undefined },
  { function: "__pthread_clockjoin_ex", file: undefined, line: undefined },
];
const withDebugInfoLldb = [
  { function: "__futex_abstimed_wait_common", file: "sysdeps/nptl/futex-internal.h", line: 57 },
  { function: "___pthread_mutex_lock", file: "nptl/pthread_mutex_lock.c", line: 93 },
  { function: "__strlen_avx2", file: "sysdeps/x86_64/multiarch/strlen-avx2.S", line: 76 },
  { function: "__GI___libc_free", file: "malloc/malloc.c", line: 3362 },
];
const withDebugInfoGdb = [
  { function: "start_thread", file: "./nptl/pthread_create.c", line: 442 },
  { function: "usleep", file: "./misc/../sysdeps/posix/usleep.c", line: 31 },
  { function: "__GI_raise", file: "/build/glibc-x/sysdeps/unix/sysv/linux/raise.c", line: 50 },
];

describe("isUserFrame", () => {
  test.each([
    ["the project's file", user, true],
    ["a project file named relative to the cwd", { function: "util", file: "src/util.c", line: 4 }, true],
    ["a file of the user's outside the project", { function: "helper", file: "/home/me/lib/helper.c", line: 3 }, true],
    ["a project under /opt when the session runs there", { function: "handle", file: "/opt/service/handler.c", line: 9 }, false],
    ["no source", { function: "abort", file: undefined, line: undefined }, false],
    ["a header of the system's C++ library", { function: "std::vector<int>::at", file: "/usr/include/c++/12/bits/stl_vector.h", line: 1120 }, false],
    [
      "Rust's standard library (its source is not here)",
      { function: "core::panicking::panic", file: "/rustc/abc123/library/core/src/panicking.rs", line: 1 },
      false,
    ],
    ["Go's runtime", { function: "runtime.gopark", file: "/usr/lib/go-1.19/src/runtime/proc.go", line: 363 }, false],
    ["Go's standard library", { function: "fmt.Fprintf", file: "/usr/lib/go-1.19/src/fmt/print.go", line: 225 }, false],
    ["Go's module cache", { function: "errors.Wrap", file: "/home/me/go/pkg/mod/github.com/pkg/errors@v0.9.1/errors.go", line: 184 }, false],
    ["Python's standard library", { function: "loads", file: "/usr/lib/python3.11/json/__init__.py", line: 346 }, false],
    ["site-packages inside the project", { function: "get", file: "/home/me/app/.venv/lib/python3.11/site-packages/requests/api.py", line: 73 }, false],
    ...withDebugInfoLldb.map((f) => [`glibc as lldb-dap names it with libc6-dbg: ${f.file}`, f, false] as const),
    ...withDebugInfoGdb.map((f) => [`glibc as gdb names it with libc6-dbg: ${f.file}`, f, false] as const),
  ] as [string, { function?: string; file?: string; line?: number }, boolean][])("%s", (_w, f, want) => expect(isUserFrame(f, facts())).toBe(want));

  test("a project under /opt is the user's when the session runs there", () => {
    expect(isUserFrame({ function: "handle", file: "/opt/service/handler.c", line: 9 }, facts("/opt/service", "/opt/service/handler"))).toBe(true);
  });
});

describe("userFrameIndex: the same stop picks the same frame with and without glibc's debug info", () => {
  test.each([
    ["a pause in pthread_join, no debug info", "pause", [...withoutDebugInfo, main], 2],
    ["a pause in pthread_join, with debug info (lldb-dap)", "pause", [withDebugInfoLldb[0]!, withDebugInfoLldb[1]!, main], 2],
    ["a crash in strlen, no debug info", "signal", [{ function: "__strlen_avx2", file: undefined, line: undefined }, user, main], 1],
    ["a crash in strlen, with debug info", "signal", [withDebugInfoLldb[2]!, user, main], 1],
    [
      "an abort in free, with debug info (gdb)",
      "signal",
      [withDebugInfoGdb[2]!, { function: "abort", file: "./stdlib/abort.c", line: 79 }, withDebugInfoLldb[3]!, user, main],
      3,
    ],
    ["a crash in the user's code stays on top", "signal", [user, main], 0],
    ["a breakpoint never moves", "breakpoint", [withDebugInfoLldb[0]!, user], 0],
    ["a watchpoint that fired inside strcpy selects the caller", "watchpoint", [withDebugInfoLldb[2]!, user], 1],
    ["a step never moves", "step", [withDebugInfoLldb[0]!, user], 0],
    ["an exception in the standard library", "exception", [{ function: "loads", file: "/usr/lib/python3.11/json/__init__.py", line: 346 }, main], 1],
    ["no user frame at all: the top", "signal", withDebugInfoLldb, 0],
    ["no frames", "signal", [], 0],
  ] as [string, string, { function?: string; file?: string; line?: number }[], number][])("%s", (_w, reason, frames, want) => {
    expect(userFrameIndex(reason, frames, facts())).toBe(want);
  });
});

// Each adapter's runtime: the same frame is the runtime's under one adapter and the user's under another.
test.each([
  [gdb, { function: "__GI_raise", file: "/home/me/app/parse.c", line: 1 }, false],
  [gdb, { function: "core::panicking::panic", file: "/home/me/app/parse.c", line: 1 }, false],
  [delve, { function: "runtime.gopanic", file: "/home/me/app/main.go", line: 1 }, false],
  [delve, { function: "testing.tRunner", file: "/home/me/app/main.go", line: 1 }, false],
  [delve, { function: "main.abort", file: "/home/me/app/main.go", line: 1 }, true],
  // A Python or JS function named like glibc's or Go's is the user's own.
  [debugpy, { function: "abort", file: "/home/me/app/parse.c", line: 1 }, true],
  [debugpy, { function: "raise", file: "/home/me/app/parse.c", line: 1 }, true],
  [node, { function: "runtime.start", file: "/home/me/app/parse.c", line: 1 }, true],
] as [AdapterSpec, { function: string; file: string; line: number }, boolean][])("%# under its adapter: %j → user's: %s", (spec, f, want) =>
  expect(isUserFrame(f, facts(undefined, undefined, spec))).toBe(want),
);
