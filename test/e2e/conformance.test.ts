// Conformance: ONE list of scenarios run against every adapter on equivalent fixture programs
// (test/fixtures/{c,cpp,rust,python,go}/… share the same `@mark NAME` lines and values).
//
// The scenarios never ask which adapter they run on: everything that differs between adapters
// (names, landing lines, value spellings, how to attach, where the exit code comes from) is data
// in PROFILES, and each difference is written down in the profile's `differences` (the README's
// adapter table lists them). Scenarios that share a session run in order; when one fails, the
// rest of its session reports that instead of failing for a confusing reason of its own.
//
// Locally a missing adapter skips its profile with a message; in CI (CI=true) it fails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { findGdb, gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { alive, attachWhenInspectorPortFree, CI, E2eEnv, findAdapter, runCommand, spawnAndReadPid, tracerPid, waitFor, withFlags } from "./harness.ts";
import type { DataOf } from "../harness/index.ts";

const STDOUT_LINE = "stdout: total=10 f=24\n";
const STDERR_LINE = "stderr: p.x=3 p.y=4\n";

type Mark = "add_body" | "factorial_base" | "factorial_recurse" | "point_init" | "loop_head" | "loop_body" | "factorial_call" | "stdout_flushed" | "tick_body";

/** A source line: a `@mark` plus an offset (add's `def`/`func` line is `add_body` - 1). */
interface At {
  mark: Mark;
  offset?: number;
}
const at = (mark: Mark, offset = 0): At => ({ mark, offset });

/** A running program to attach to, started by the test. */
interface AttachTarget {
  pid: number;
  /** What follows `debugger attach`: the pid, or --connect HOST:PORT. */
  args: string[];
  /** A number that grows while the program runs freely (undefined where it cannot be read). */
  progress(): number | undefined;
  kill(): Promise<void>;
}

interface Profile {
  /** adapter/language, the name the tests are reported under. */
  name: string;
  /** `session.adapter` in start's reply. */
  adapter: string;
  /** Why the profile cannot run here, or undefined when it can. */
  missing(): string | undefined;
  /** Builds the fixture if needed; returns the program to start. */
  program(): Promise<string>;
  /** Extra flags for `start` (e.g. --adapter gdb: C binaries default to lldb-dap). */
  startFlags: string[];
  source: string;
  /** Frame names exactly as reported. */
  fn: { main: string; add: string; factorial: string };
  /** Frames below main in a backtrace, exactly; undefined: the C runtime's, which vary by platform. */
  outerFrames?: string[];
  /** Where `--break add` stops, and whether `breakpoint list` says where it bound; `unsupported`: refused (UNSUPPORTED), the flow goes on from a line breakpoint there. */
  functionBreak: { at: At; listsLine: boolean; unsupported?: boolean };
  /** Where `step` from the call on loop_body lands in add. */
  stepInto: At;
  /** Where `next` from add_body lands (the line of `return sum` where it has code), and whether `sum` is in scope there. */
  nextInAdd: At;
  sumInScopeAfterNext: boolean;
  /** The adapter lists a frame's variables once: a block's variable that comes into scope later is missing from `locals`. */
  localsListedOnce?: boolean;
  types: { int: string; point: string };
  /** The struct `p` as a local's value, and as `print p`'s result. */
  pointValue: string;
  printPoint: string | RegExp;
  /** Does `print add(2, 3)` call the function here? (type: the result's type, if the adapter gives one) */
  call: { works: (program: string) => boolean; type?: string };
  /** The local holding a finished call's return value, for adapters that show one after `finish`. */
  returnValueLocal?: string;
  /** separate: stdout and stderr keep their categories; merged: both arrive as stdout (pty). */
  streams: "separate" | "merged";
  /** Where the exit code comes from: the `exited` event, or this adapter message in the output. */
  exitCodeFrom: "exited event" | RegExp;
  attach?: {
    /** false: attach by pid is refused (UNSUPPORTED) and target.args use --connect. */
    byPid: boolean;
    /** Extra flags for `attach`. */
    flags: string[];
    source: string;
    tick: string;
    counter: string;
    spawn(): Promise<AttachTarget>;
  };
  /** `args`: the frame's arguments told from its locals, or UNSUPPORTED (the adapter lists them together). */
  args: "names" | "unsupported";
  /** `raw`: a console command and what its text shows, and one the debugger refuses with the words of its error. */
  raw: { ok: [string, RegExp]; bad: [string, RegExp] };
  /** How this adapter differs from the others (the README's adapter table). */
  differences: string[];
}

// ---------------------------------------------------------------------------------------------
// Adapter discovery and attach targets

/** A python3 that can import debugpy (PATH first, then Debian's /usr/bin/python3). */
const PYTHON = [...new Set([...runCommand(["which", "-a", "python3"]).out.split("\n").filter(Boolean), "/usr/bin/python3"])].find(
  (p) => runCommand([p, "-c", "import debugpy"]).exitCode === 0,
);
const DLV = process.env.DEBUGGER_DLV || Bun.which("dlv");
const GO = Bun.which("go");
const GDB = gdb.discover({ options: {} });

const lldbMissing = () => (findAdapter("lldb-dap") ? undefined : "lldb-dap is not installed (apt-get install lldb-19, or set DEBUGGER_LLDB_DAP)");

/** Voluntary context switches of all the process's threads: the sleepers sleep 100 ms per tick. */
function contextSwitches(pid: number): number | undefined {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const m = /^voluntary_ctxt_switches:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/task/${task}/status`, "utf8"));
      total += Number(m?.[1] ?? 0);
    }
    return total;
  } catch {
    return undefined;
  }
}

/** A sleeper (prints `pid=N`, then calls tick(1) every 100 ms), attached to by pid. */
async function sleeper(binary: () => Promise<string>): Promise<AttachTarget> {
  const { proc, pid } = await spawnAndReadPid([await binary()]);
  return {
    pid,
    args: [String(pid)],
    progress: () => contextSwitches(pid),
    kill: async () => {
      proc.kill(9);
      await proc.exited;
    },
  };
}

/** `python3 -m debugpy --listen 127.0.0.1:PORT server.py` (prints `tick N` every 100 ms), attached to with --connect. */
async function debugpyServer(): Promise<AttachTarget> {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  const proc = Bun.spawn([PYTHON!, "-m", "debugpy", "--listen", `127.0.0.1:${port}`, sourcePath("python/server.py")], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
  });
  let out = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) out += decoder.decode(chunk, { stream: true });
  })();
  await waitFor(() => out.includes("serving"), 15_000, "the debugpy server to start");
  return {
    pid: proc.pid,
    args: ["--connect", `127.0.0.1:${port}`],
    progress: () => Number([...out.matchAll(/tick (\d+)/g)].pop()?.[1] ?? 0),
    kill: async () => {
      proc.kill(9);
      await proc.exited;
    },
  };
}

let cBins: Promise<Record<string, string>> | undefined;
const cFixture = (name: string) => async () => (await (cBins ??= buildFixtures()))[name]!;
let goBins: Promise<Record<string, string>> | undefined;
const goFixture = (name: string) => async () => (await (goBins ??= buildGoFixtures()))[name]!;

/** gdb 13 cannot call a function in the program on some CPUs; ask gdb itself. */
function gdbCanCall(program: string): boolean {
  const src = sourcePath("c/basic.c");
  const r = Bun.spawnSync(
    [findGdb()!, "-q", "-batch", "-nx", "-ex", `break ${src}:${markerLine(src, "loop_body")}`, "-ex", "run", "-ex", "print add(2, 3)", program],
    { stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 30_000 },
  );
  return /\$1 = 5\b/.test(r.stdout.toString());
}

// ---------------------------------------------------------------------------------------------
// The profiles: everything that differs between adapters

const C_SRC = sourcePath("c/basic.c");
const SLEEPER_C = sourcePath("c/sleeper.c");

const lldbC: Profile = {
  name: "lldb-dap/C",
  adapter: "lldb-dap",
  missing: lldbMissing,
  program: cFixture("c-basic"),
  startFlags: [],
  source: C_SRC,
  fn: { main: "main", add: "add", factorial: "factorial" },
  functionBreak: { at: at("add_body"), listsLine: true },
  stepInto: at("add_body"),
  nextInAdd: at("add_body", 1),
  sumInScopeAfterNext: true,
  types: { int: "int", point: "Point" },
  pointValue: "{x = 3, y = 4}",
  printPoint: "{x = 3, y = 4}",
  call: { works: () => true, type: "int" },
  streams: "merged",
  exitCodeFrom: "exited event",
  attach: { byPid: true, flags: [], source: SLEEPER_C, tick: "tick", counter: "counter", spawn: () => sleeper(cFixture("c-sleeper")) },
  args: "names",
  raw: { ok: ["frame variable total", /\(int\) total = 0/], bad: ["frame variable nosuch", /no variable named 'nosuch' found in this frame/] },
  differences: [
    "The program runs on a pty: stderr arrives as stdout (`output --stderr` is empty).",
    "lldb-dap shows a struct as `Point @ 0x…`; a small one is shown inline, `{x = 3, y = 4}`, in `locals` and `print` (one more request).",
    "Backtraces go on below main into the C runtime (__libc_start_call_main, …).",
    "No Arguments scope: `args` asks LLDB which locals are arguments (`frame variable --no-locals`).",
  ],
};

const lldbCpp: Profile = {
  ...lldbC,
  name: "lldb-dap/C++",
  program: cFixture("cpp-basic"),
  source: sourcePath("cpp/basic.cpp"),
  fn: { main: "main", add: "add", factorial: "factorial" },
  attach: { byPid: true, flags: [], source: sourcePath("cpp/sleeper.cpp"), tick: "tick", counter: "counter", spawn: () => sleeper(cFixture("cpp-sleeper")) },
  differences: ["Frame names are shown without their C++ signature (`add`, not `add(int, int)`).", ...lldbC.differences],
};

const lldbRust: Profile = {
  ...lldbC,
  name: "lldb-dap/Rust",
  program: cFixture("rust-basic"),
  source: sourcePath("rust/basic.rs"),
  fn: { main: "basic::main", add: "basic::add", factorial: "basic::factorial" },
  // `return sum;` has no line-table entry: next from add_body lands on add's closing brace.
  nextInAdd: at("add_body", 2),
  sumInScopeAfterNext: false,
  types: { int: "int", point: "basic::Point" },
  printPoint: "{x = 3, y = 4}",
  attach: {
    byPid: true,
    flags: [],
    source: sourcePath("rust/sleeper.rs"),
    tick: "sleeper::tick",
    counter: "COUNTER",
    spawn: () => sleeper(cFixture("rust-sleeper")),
  },
  differences: [
    "Frame names carry the crate path (`basic::add`; the symbol hash is stripped); types too (`basic::Point`).",
    "`return sum;` has no line of its own: `next` from the first line of add lands on its closing brace, where `sum` is no longer in scope.",
    "The `for` loop's iterator shows up among main's locals (`iter`).",
    ...lldbC.differences.filter((d) => !d.startsWith("Backtraces")),
    "Backtraces go on below main into Rust's runtime (std::rt::lang_start, …).",
  ],
};

const PY_SRC = sourcePath("python/basic.py");
const debugpy: Profile = {
  name: "debugpy/Python",
  adapter: "debugpy",
  missing: () => (PYTHON ? undefined : "debugpy is not importable by any python3 here (apt-get install python3-debugpy, or pip install debugpy)"),
  program: async () => PY_SRC,
  startFlags: [],
  source: PY_SRC,
  fn: { main: "main", add: "add", factorial: "factorial" },
  outerFrames: ["<module>"],
  // The `def` line: debugpy stops a function breakpoint on the function's call event.
  functionBreak: { at: at("add_body", -1), listsLine: false },
  stepInto: at("add_body"),
  nextInAdd: at("add_body", 1),
  sumInScopeAfterNext: true,
  types: { int: "int", point: "Point" },
  pointValue: "Point(x=3, y=4)",
  printPoint: "Point(x=3, y=4)",
  call: { works: () => true, type: "int" },
  returnValueLocal: "(return) add",
  streams: "separate",
  exitCodeFrom: "exited event",
  attach: { byPid: false, flags: ["--adapter", "debugpy"], source: sourcePath("python/server.py"), tick: "tick", counter: "count", spawn: debugpyServer },
  args: "unsupported",
  raw: { ok: ["total + 42", /^42$/], bad: ["nosuch", /: NameError: name 'nosuch' is not defined$/] },
  differences: [
    "A function breakpoint stops on the `def` line (the call event), not on the first statement; `breakpoint list` shows no file:line for it.",
    "Values are `repr()`s: `Point(x=3, y=4)`.",
    "After `finish` the caller's locals include the return value, `(return) add`.",
    "Attach only with `attach --connect HOST:PORT` to `python3 -m debugpy --listen`; attach by pid is UNSUPPORTED (debugpy would inject through gdb).",
    "The backtrace ends with the module frame `<module>`.",
    "No Arguments scope: `args` is UNSUPPORTED; arguments are among `locals`.",
  ],
};

const GO_SRC = join(goFixturesDir, "basic", "main.go");
const delve: Profile = {
  name: "delve/Go",
  adapter: "delve",
  missing: () => {
    const absent = [
      !DLV && "dlv (apt-get install delve, or go install github.com/go-delve/delve/cmd/dlv@latest)",
      !GO && "go (apt-get install golang-go)",
    ].filter(Boolean);
    return absent.length ? `not installed: ${absent.join(", ")}` : undefined;
  },
  program: goFixture("basic"),
  startFlags: [],
  source: GO_SRC,
  fn: { main: "main.main", add: "main.add", factorial: "main.factorial" },
  outerFrames: ["runtime.main", "runtime.goexit"],
  // The `func` line: Delve stops before the function's prologue.
  functionBreak: { at: at("add_body", -1), listsLine: true },
  stepInto: at("add_body", -1),
  nextInAdd: at("add_body", 1),
  sumInScopeAfterNext: true,
  types: { int: "int", point: "main.Point" },
  pointValue: "main.Point {x: 3, y: 4}",
  printPoint: "main.Point {x: 3, y: 4}",
  call: { works: () => true },
  streams: "separate",
  exitCodeFrom: /Process \d+ has exited with status 3\n/,
  attach: {
    byPid: true,
    flags: [],
    source: join(goFixturesDir, "sleeper", "main.go"),
    tick: "main.tick",
    counter: "counter",
    spawn: () => sleeper(goFixture("sleeper")),
  },
  args: "unsupported",
  raw: { ok: ["total + 42", /^42$/], bad: ["nosuch", /could not find symbol value for nosuch/] },
  differences: [
    "Frame names carry the package: `main.add`; a bare `--break add` works (it is sent to Delve as `main.add`).",
    "A function breakpoint and `step` into add stop on the `func` line (before the prologue); one `next` reaches the first statement.",
    "Function calls in `print` go through Delve's `call` (done automatically); the result has no type, its children are the return values (`~r0`).",
    "Locals include the unnamed return value `~r0`.",
    "No `exited` event: the exit code comes from Delve's `Process N has exited with status 3`.",
    "The backtrace ends with runtime.main and runtime.goexit.",
    "No Arguments scope: `args` is UNSUPPORTED; arguments are among `locals`.",
  ],
};

// Verified with cdt-gdb-adapter 1.7.0 on gdb 13.1; gdb >= 14 runs its own DAP, whose spellings may differ.
const gdbC: Profile = {
  ...lldbC,
  name: `gdb/C (${GDB?.variant ?? "gdb"})`,
  adapter: "gdb",
  missing: () =>
    !findGdb()
      ? "gdb is not installed (apt-get install gdb)"
      : !GDB
        ? "gdb < 14 has no DAP and cdt-gdb-adapter was not found (`npm install -g --ignore-scripts cdt-gdb-adapter`, `debugger setup gdb`, or DEBUGGER_CDT_GDB_ADAPTER)"
        : undefined,
  startFlags: ["--adapter", "gdb"],
  outerFrames: [],
  types: { int: "int", point: "struct Point" },
  printPoint: "{x = 3, y = 4}",
  call: { works: gdbCanCall, type: "int" },
  localsListedOnce: true,
  streams: "separate",
  exitCodeFrom: /\[Inferior 1 \(process \d+\) exited with code 03\]\n/,
  attach: { ...lldbC.attach!, flags: ["--adapter", "gdb"] },
  raw: { ok: ["info locals", /^total = 0$/m], bad: ["nosuchcmd", /Undefined command: "nosuchcmd"/] },
  differences: [
    "Needs `--adapter gdb` (C programs default to lldb-dap).",
    "`print` of a struct shows `{...}` (its children carry the members); `locals` shows `{x = 3, y = 4}`.",
    "Function calls in `print` work where gdb can call (gdb 13 cannot on some CPUs: UNSUPPORTED, said plainly).",
    "The exit code comes from gdb's `[Inferior 1 (process N) exited with code 03]` (cdt-gdb-adapter sends no exit code).",
    "gdb's console text (its banner, `Breakpoint N, main () at …`) is kept as console output next to the program's.",
    "The backtrace stops at main.",
    "cdt-gdb-adapter lists a frame's variables at the first stop in it and afterwards only updates those: a block's variable that comes into scope later (the loop's `i` after a stop above the loop) is missing from `locals`; `print i` works.",
    "No Arguments scope: `args` asks gdb which locals are arguments (`info args`).",
  ],
};

const NODE_SRC = sourcePath("node/conform.js");
const NODE = process.env.DEBUGGER_NODE || Bun.which("node");
const nodeJs: Profile = {
  name: "node/JavaScript",
  adapter: "node",
  missing: () => (findAdapter("node") ? undefined : "node or js-debug is not installed (`debugger setup node`, or scripts/install-adapters.sh)"),
  program: async () => NODE_SRC,
  startFlags: [],
  source: NODE_SRC,
  fn: { main: "main", add: "add", factorial: "factorial" },
  functionBreak: { at: at("add_body"), listsLine: true, unsupported: true },
  stepInto: at("add_body"),
  nextInAdd: at("add_body", 1),
  sumInScopeAfterNext: true,
  types: { int: "number", point: "Point" },
  pointValue: "Point { x: 3, y: 4 }",
  printPoint: "Point { x: 3, y: 4 }",
  call: { works: () => true, type: "number" },
  streams: "separate",
  exitCodeFrom: "exited event",
  attach: {
    byPid: true,
    flags: ["--adapter", "node"],
    source: sourcePath("node/ticker.js"),
    tick: "tick",
    counter: "count",
    spawn: async () => {
      const { proc, pid } = await spawnAndReadPid([NODE!, sourcePath("node/ticker.js")]);
      return {
        pid,
        args: [String(pid)],
        progress: () => contextSwitches(pid),
        kill: async () => {
          proc.kill(9);
          await proc.exited;
        },
      };
    },
  },
  args: "unsupported",
  raw: { ok: ["total + 42", /^42$/], bad: ["nosuch", /nosuch is not defined/] },
  differences: [
    "Values as util.inspect spaces them (`Point { x: 3, y: 4 }`); what js-debug abbreviates inside a value stays so (`{…}`, `Array(2)`).",
    "No function breakpoints (js-debug has none): `--break add` is UNSUPPORTED; break on a line.",
    "`finish` returns to the next place V8 can pause in the caller: a call or a statement (the fixture's `Number(add(…))` gives one on the call's line).",
    "Attach by pid sends SIGUSR1 (Node opens its inspector on 127.0.0.1:9229, which must be free).",
    "No Arguments scope: `args` is UNSUPPORTED; arguments are among `locals`.",
  ],
};

// CodeLLDB 1.11.8 (its own LLDB 20.1.4): the same programs as lldb-dap, picked with --adapter codelldb.
const codelldbMissing = () =>
  findAdapter("codelldb") ? undefined : "codelldb is not installed (`debugger setup codelldb`, scripts/install-adapters.sh, or DEBUGGER_CODELLDB)";
const codelldbSame: Pick<Profile, "adapter" | "missing" | "startFlags" | "streams" | "returnValueLocal" | "functionBreak"> = {
  adapter: "codelldb",
  functionBreak: { at: at("add_body"), listsLine: false },
  missing: codelldbMissing,
  startFlags: ["--adapter", "codelldb"],
  streams: "separate",
  returnValueLocal: "[return value]",
};
const codelldbDifferences = [
  "Needs `--adapter codelldb` (native programs default to lldb-dap).",
  "stdout and stderr arrive apart (the program writes to the daemon's pipes, not a pty).",
  "After `finish` the caller's locals include the return value, `[return value]`.",
  "A function breakpoint's answer names no file:line (`breakpoint list` shows none); it stops on the first statement as lldb-dap's does.",
];
const codelldbC: Profile = {
  ...lldbC,
  ...codelldbSame,
  name: "codelldb/C",
  attach: { ...lldbC.attach!, flags: ["--adapter", "codelldb"] },
  differences: [...codelldbDifferences, ...lldbC.differences.filter((d) => !d.startsWith("The program runs on a pty"))],
};
const codelldbCpp: Profile = {
  ...lldbCpp,
  ...codelldbSame,
  name: "codelldb/C++",
  attach: { ...lldbCpp.attach!, flags: ["--adapter", "codelldb"] },
  differences: [...codelldbDifferences, ...lldbCpp.differences.filter((d) => !d.startsWith("The program runs on a pty"))],
};
const codelldbRust: Profile = {
  ...lldbRust,
  ...codelldbSame,
  name: "codelldb/Rust",
  attach: { ...lldbRust.attach!, flags: ["--adapter", "codelldb"] },
  differences: [...codelldbDifferences, ...lldbRust.differences.filter((d) => !d.startsWith("The program runs on a pty"))],
};

const PROFILES: Profile[] = [lldbC, lldbCpp, lldbRust, debugpy, delve, gdbC, nodeJs, codelldbC, codelldbCpp, codelldbRust];

// ---------------------------------------------------------------------------------------------
// The scenarios: the same for every profile

interface Variable {
  name: string;
  type?: string;
  value: string;
  reference?: number;
}

/** One session's worth of commands and what the scenarios before have left for the next. */
interface Ctx {
  p: Profile;
  /** The program `start` runs. */
  program: string;
  ok<const A extends readonly string[]>(args: A): Promise<DataOf<A>>;
  run(args: string[]): Promise<{ exitCode: number; json: any }>;
  line(where: At | Mark): number;
  stop?: any;
  target?: AttachTarget;
}

interface Scenario {
  name: string;
  /** Left out for profiles it does not apply to (reported as skipped). */
  applies?: (p: Profile) => boolean;
  run(c: Ctx): Promise<void>;
}

/** Scenarios that share one session, in order. */
interface Flow {
  id: string;
  scenarios: Scenario[];
}

const valueOf = (variables: Variable[], name: string) => variables.find((v) => v.name === name)?.value;
const values = (variables: Variable[], names: string[]) => Object.fromEntries(names.map((n) => [n, valueOf(variables, n)]));
const children = (data: any) => (data.children ?? []).map((v: Variable) => `${v.name}=${v.value}`);

const FLOWS: Flow[] = [
  {
    id: "line",
    scenarios: [
      {
        name: "break by line: start --break FILE:LINE stops on loop_body in main",
        async run(c) {
          const started = await c.ok(["start", c.program, ...c.p.startFlags, "--break", `${c.p.source}:${c.line("loop_body")}`]);
          expect(started.session.adapter).toBe(c.p.adapter);
          const [bp] = (await c.ok(["breakpoint", "list"])).breakpoints;
          expect(bp).toMatchObject({ id: 1, file: c.p.source, line: c.line("loop_body"), verified: true, hits: 1 });
          c.stop = started.stop;
          expect(c.stop).toMatchObject({
            reason: "breakpoint",
            breakpointIds: [1],
            frame: { function: c.p.fn.main, file: c.p.source, line: c.line("loop_body") },
          });
          expect(c.stop.threadId).toBeGreaterThan(0);
          const text = readFileSync(c.p.source, "utf8").split("\n")[c.line("loop_body") - 1];
          expect(c.stop.source.filter((l: any) => l.current)).toEqual([{ line: c.line("loop_body"), text, current: true }]);
        },
      },
      {
        name: "locals: total = 0, i = 0 and the struct p, in the stop report and from `locals`",
        async run(c) {
          const { variables } = await c.ok(["locals"]);
          for (const vars of [c.stop.locals, variables]) {
            expect(vars.find((v: Variable) => v.name === "total")).toMatchObject({ type: c.p.types.int, value: "0" });
            expect(vars.find((v: Variable) => v.name === "i")).toMatchObject({ type: c.p.types.int, value: "0" });
            expect(vars.find((v: Variable) => v.name === "p")).toMatchObject({ type: c.p.types.point, value: c.p.pointValue });
          }
          expect(variables.find((v: Variable) => v.name === "p")?.reference).toBeGreaterThan(0);
          // No adapter here has an Arguments scope: LLDB and gdb are asked which locals are
          // arguments (main has none); the others say they cannot tell and point to locals.
          const args = await c.run(["args"]);
          if (c.p.args === "names") expect(args.json.data.variables).toEqual([]);
          else {
            expect(args.exitCode).toBe(1);
            expect(args.json.error).toMatchObject({ code: "UNSUPPORTED", hint: expect.stringContaining("debugger locals") });
          }
        },
      },
      {
        name: "raw: a console command answers with the debugger's text; one it refuses exits 1 with its error",
        async run(c) {
          const [command, shows] = c.p.raw.ok;
          expect((await c.ok(["raw", command])).result).toMatch(shows);
          const [badCommand, says] = c.p.raw.bad;
          const bad = await c.run(["raw", badCommand]);
          expect(bad.exitCode).toBe(1);
          expect(bad.json.error.code).toBe("EVALUATE_FAILED");
          expect(bad.json.error.message).toStartWith(`${c.p.adapter} refused '${badCommand}': `);
          expect(bad.json.error.message).toMatch(says);
          // The debugger's text is the reply's, never the program's output.
          expect((await c.ok(["output", "--stdout"])).text).not.toMatch(shows);
        },
      },
      {
        name: "print: a struct member, an expression, the struct, a function call, an unknown name",
        async run(c) {
          expect(await c.ok(["print", "p.x"])).toMatchObject({ result: "3", type: c.p.types.int });
          expect(await c.ok(["print", "p.x * 10 + p.y"])).toMatchObject({ result: "34", type: c.p.types.int });
          const point = await c.ok(["print", "p"]);
          expect(point.result).toMatch(
            c.p.printPoint instanceof RegExp ? c.p.printPoint : new RegExp(`^${c.p.printPoint.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
          );
          expect(point.type).toBe(c.p.types.point);
          expect(point.reference).toBeGreaterThan(0);
          expect(children(point)).toEqual(["x=3", "y=4"]);

          const call = await c.run(["print", "add(2, 3)"]);
          if (c.p.call.works(c.program)) {
            expect(call.json.data.result).toBe("5");
            expect(call.json.data.type).toBe(c.p.call.type);
          } else {
            expect(call.json.error.code).toBe("UNSUPPORTED");
          }

          const bad = await c.run(["print", "nosuchvar"]);
          expect(bad.exitCode).toBe(1);
          expect(bad.json.error.code).toBe("EVALUATE_FAILED");
          expect(bad.json.error.message).toContain("nosuchvar");
        },
      },
      {
        name: "set: the reply carries the new value, print reads it back; set back to 0",
        async run(c) {
          expect(await c.ok(["set", "total", "7"])).toMatchObject({ name: "total", value: "7" });
          expect((await c.ok(["print", "total"])).result).toBe("7");
          expect(await c.ok(["set", "total", "0"])).toMatchObject({ name: "total", value: "0" });
        },
      },
      {
        name: "continue: the same breakpoint again, with i = 1",
        async run(c) {
          c.stop = (await c.ok(["continue"])).stop;
          expect(c.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: c.p.fn.main, line: c.line("loop_body") } });
          expect(values(c.stop.locals, ["i", "total"])).toEqual({ i: "1", total: "0" });
        },
      },
      {
        name: "step: into add, with a = 0 and b = 1",
        async run(c) {
          c.stop = (await c.ok(["step"])).stop;
          expect(c.stop).toMatchObject({ reason: "step", frame: { function: c.p.fn.add, file: c.p.source, line: c.line(c.p.stepInto) } });
          if (c.line(c.p.stepInto) !== c.line("add_body")) {
            c.stop = (await c.ok(["next"])).stop;
            expect(c.stop).toMatchObject({ reason: "step", frame: { function: c.p.fn.add, line: c.line("add_body") } });
          }
          expect(values(c.stop.locals, ["a", "b"])).toEqual({ a: "0", b: "1" });
          if (c.p.args === "names") {
            const { variables } = await c.ok(["args"]);
            expect(variables.map((v: Variable) => `${v.name}=${v.value}`)).toEqual(["a=0", "b=1"]);
          }
        },
      },
      {
        name: "next: the line after add_body, which has run (sum = 1)",
        async run(c) {
          c.stop = (await c.ok(["next"])).stop;
          expect(c.stop).toMatchObject({ reason: "step", frame: { function: c.p.fn.add, line: c.line(c.p.nextInAdd) } });
          if (c.p.sumInScopeAfterNext) {
            expect(valueOf(c.stop.locals, "sum")).toBe("1");
            expect((await c.ok(["print", "sum"])).result).toBe("1");
          } else {
            expect(valueOf(c.stop.locals, "sum")).toBeUndefined();
            expect((await c.ok(["print", "a + b"])).result).toBe("1");
          }
        },
      },
      {
        name: "backtrace: add called from main's loop_body",
        async run(c) {
          const { frames } = await c.ok(["backtrace"]);
          expect(frames.slice(0, 2)).toEqual([
            expect.objectContaining({ index: 0, function: c.p.fn.add, file: c.p.source, line: c.line(c.p.nextInAdd) }),
            expect.objectContaining({ index: 1, function: c.p.fn.main, file: c.p.source, line: c.line("loop_body") }),
          ]);
          if (c.p.outerFrames) expect(frames.slice(2).map((f) => f.function)).toEqual(c.p.outerFrames);
        },
      },
      {
        name: "finish: back in main on the call's line",
        async run(c) {
          c.stop = (await c.ok(["finish"])).stop;
          expect(c.stop).toMatchObject({ reason: "step", frame: { function: c.p.fn.main, line: c.line("loop_body") } });
          expect(valueOf(c.stop.locals, "i")).toBe("1");
          if (c.p.returnValueLocal) expect(valueOf(c.stop.locals, c.p.returnValueLocal)).toBe("1");
        },
      },
      {
        name: "next: from the call to the loop head, total = 1",
        async run(c) {
          c.stop = (await c.ok(["next"])).stop;
          expect(c.stop).toMatchObject({ reason: "step", frame: { function: c.p.fn.main, line: c.line("loop_head") } });
          expect(valueOf(c.stop.locals, "total")).toBe("1");
        },
      },
    ],
  },
  {
    id: "function",
    scenarios: [
      {
        name: "break by function: --break add stops in add with a = 0, b = 0; backtrace add ← main",
        async run(c) {
          if (c.p.functionBreak.unsupported) {
            const refused = await c.run(["start", c.program, ...c.p.startFlags, "--break", "add"]);
            expect(refused.json.error).toMatchObject({ code: "UNSUPPORTED", message: expect.stringContaining("function breakpoints") });
          }
          const started = await c.ok([
            "start",
            c.program,
            ...c.p.startFlags,
            "--break",
            c.p.functionBreak.unsupported ? `${c.p.source}:${c.line(c.p.functionBreak.at)}` : "add",
          ]);
          const [bp] = (await c.ok(["breakpoint", "list"])).breakpoints;
          if (c.p.functionBreak.unsupported) bp.location = "add";
          expect(bp).toMatchObject({ id: 1, location: "add", verified: true });
          if (c.p.functionBreak.listsLine) expect(bp).toMatchObject({ file: c.p.source, line: c.line(c.p.functionBreak.at) });
          else {
            expect(bp.file).toBeUndefined();
            expect(bp.line).toBeUndefined();
          }
          const stop = started.stop;
          expect(stop).toMatchObject({
            reason: "breakpoint",
            breakpointIds: [1],
            frame: { function: c.p.fn.add, file: c.p.source, line: c.line(c.p.functionBreak.at) },
          });
          expect(values(stop.locals, ["a", "b"])).toEqual({ a: "0", b: "0" });
          const { frames } = await c.ok(["backtrace"]);
          expect(frames.slice(0, 2).map((f) => [f.function, f.line])).toEqual([
            [c.p.fn.add, c.line(c.p.functionBreak.at)],
            [c.p.fn.main, c.line("loop_body")],
          ]);
        },
      },
      {
        name: "backtrace: factorial(1) ← factorial ×3 ← main",
        async run(c) {
          await c.ok(["breakpoint", "remove", "--all"]);
          const [bp] = (await c.ok(["breakpoint", "add", `${c.p.source}:${c.line("factorial_base")}`])).breakpoints;
          const stop = (await c.ok(["continue"])).stop;
          expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: c.p.fn.factorial, line: c.line("factorial_base") } });
          expect(valueOf(stop.locals, "n")).toBe("1");
          const { frames } = await c.ok(["backtrace"]);
          const recurse = [c.p.fn.factorial, c.line("factorial_recurse")];
          expect(frames.slice(0, 5).map((f) => [f.function, f.line])).toEqual([
            [c.p.fn.factorial, c.line("factorial_base")],
            recurse,
            recurse,
            recurse,
            [c.p.fn.main, c.line("factorial_call")],
          ]);
          if (c.p.outerFrames) expect(frames.slice(5).map((f) => f.function)).toEqual(c.p.outerFrames);
        },
      },
    ],
  },
  {
    id: "condition",
    scenarios: [
      {
        name: "conditional breakpoint: i == 3 stops once, with i = 3 and total = 3",
        async run(c) {
          const started = await c.ok(["start", c.program, ...c.p.startFlags, "--break", `${c.p.source}:${c.line("point_init")}`]);
          expect(started.stop).toMatchObject({ reason: "breakpoint", frame: { line: c.line("point_init") } });
          await c.ok(["breakpoint", "remove", "--all"]);
          const added = (await c.ok(["breakpoint", "add", `${c.p.source}:${c.line("loop_body")}`, "--condition", "i == 3"])).breakpoints;
          expect(added).toEqual([expect.objectContaining({ line: c.line("loop_body"), condition: "i == 3", verified: true })]);
          const stop = (await c.ok(["continue"])).stop;
          expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [added[0].id], frame: { line: c.line("loop_body") } });
          // Stopped above the loop first: `i` comes into scope after the frame's first listing.
          expect(values(stop.locals, ["i", "total"])).toEqual({ i: c.p.localsListedOnce ? undefined : "3", total: "3" });
          expect((await c.ok(["print", "i"])).result).toBe("3");
          expect((await c.ok(["breakpoint", "list"])).breakpoints[0].hits).toBe(1);
        },
      },
      {
        name: "captured output: stdout by stdout_flushed, stderr only after it",
        async run(c) {
          await c.ok(["breakpoint", "remove", "--all"]);
          await c.ok(["breakpoint", "add", `${c.p.source}:${c.line("stdout_flushed")}`]);
          const stop = (await c.ok(["continue"])).stop;
          expect(stop.frame.line).toBe(c.line("stdout_flushed"));
          expect(values(stop.locals, ["total", "f"])).toEqual({ total: "10", f: "24" });
          expect(stop.output).toContain(STDOUT_LINE);
          expect(stop.output).not.toContain(STDERR_LINE);
        },
      },
      {
        name: "exit code: continue to the end reports exited with code 3 and the stderr line",
        async run(c) {
          const reply = await c.ok(["continue"]);
          expect(reply.state).toBe("exited");
          expect(reply.stop).toMatchObject({ reason: "exited", exitCode: 3, description: "program exited with code 3" });
          expect(reply.stop.output).toContain(STDERR_LINE);
          expect(reply.stop.output).not.toContain(STDOUT_LINE); // reported at the previous stop
          expect(await c.ok(["status"])).toMatchObject({ state: "exited", exitCode: 3 });
          const all = await c.ok(["output"]);
          expect(all.dropped).toBe(0);
          expect(all.text.indexOf(STDOUT_LINE)).toBeGreaterThanOrEqual(0);
          expect(all.text.indexOf(STDERR_LINE)).toBeGreaterThan(all.text.indexOf(STDOUT_LINE));
          if (c.p.exitCodeFrom instanceof RegExp) expect(all.text).toMatch(c.p.exitCodeFrom);
        },
      },
      {
        name: "output streams: stdout and stderr as the adapter delivers them",
        async run(c) {
          const stdout = (await c.ok(["output", "--stdout"])).text;
          const stderr = (await c.ok(["output", "--stderr"])).text;
          if (c.p.streams === "separate") {
            expect(stdout).toBe(STDOUT_LINE);
            expect(stderr).toBe(STDERR_LINE);
          } else {
            expect(stdout).toBe(STDOUT_LINE + STDERR_LINE);
            expect(stderr).toBe("");
          }
        },
      },
    ],
  },
  {
    id: "attach",
    scenarios: [
      {
        name: "attach (by pid, or --connect where the adapter only listens): stop in tick, continue",
        applies: (p) => p.attach !== undefined,
        async run(c) {
          const a = c.p.attach!;
          c.target = await a.spawn();
          if (!a.byPid) {
            const refused = await c.run(["attach", String(c.target.pid), ...a.flags]);
            expect(refused.exitCode).toBe(1);
            expect(refused.json.error).toMatchObject({ code: "UNSUPPORTED", hint: expect.stringContaining("attach --connect") });
            expect(alive(c.target.pid)).toBe(true);
          }
          // Node's attach by pid opens 127.0.0.1:9229, the machine's one port: another run here
          // attaching the same way makes this one wait for it, not fail.
          const tried = await attachWhenInspectorPortFree(() => c.run(["attach", ...c.target!.args, ...a.flags]));
          expect(tried.json?.error).toBeUndefined();
          expect(tried.exitCode).toBe(0);
          const attached = tried.json.data;
          expect(attached.session).toMatchObject({ adapter: c.p.adapter, mode: "attach" });
          const [bp] = (await c.ok(["breakpoint", "add", `${a.source}:${markerLine(a.source, "tick_body")}`])).breakpoints;
          expect(bp).toMatchObject({ line: markerLine(a.source, "tick_body"), verified: true });
          const first = (await c.ok(["await"])).stop;
          expect(first).toMatchObject({
            reason: "breakpoint",
            breakpointIds: [bp.id],
            frame: { function: a.tick, file: a.source, line: markerLine(a.source, "tick_body") },
          });
          const before = Number((await c.ok(["print", a.counter])).result);
          const again = (await c.ok(["continue"])).stop;
          expect(again).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: a.tick } });
          expect(Number((await c.ok(["print", a.counter])).result)).toBe(before + 1);
        },
      },
      {
        name: "detach: the program keeps running, no longer traced",
        applies: (p) => p.attach !== undefined,
        async run(c) {
          const t = c.target!;
          expect(await c.ok(["detach"])).toMatchObject({ detached: expect.any(String) });
          expect(alive(t.pid)).toBe(true);
          if (tracerPid(t.pid) !== undefined) await waitFor(() => tracerPid(t.pid) === 0, 5000, "the debugger to let go");
          const since = t.progress();
          if (since !== undefined) await waitFor(() => t.progress()! >= since + 3, 5000, "the program to keep running after detach");
          expect(alive(t.pid)).toBe(true);
        },
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Every scenario against every profile

describe.each(PROFILES.map((p) => [p.name, p] as const))("%s", (_name, profile) => {
  const why = profile.missing();
  if (why) {
    if (CI) test("the adapter is installed", () => expect(why).toBe(""));
    else {
      console.warn(`SKIP test/e2e/conformance.test.ts ${profile.name}: ${why}`);
      test.skip("the adapter is installed", () => {});
    }
    return;
  }

  let env: E2eEnv;
  let program: string;
  const contexts: Ctx[] = [];
  const slug = profile.name
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/-$/, "")
    .toLowerCase();

  beforeAll(async () => {
    program = await profile.program();
    env = new E2eEnv();
    // Adapter discovery must not depend on the shell the tests run in.
    Object.assign(env.env, { VIRTUAL_ENV: "", DEBUGGER_PYTHON: "" });
  }, 120_000); // a cold Go or Rust build can take a while

  afterAll(async () => {
    for (const c of contexts) await c.target?.kill();
    await env?.close();
  });

  for (const flow of FLOWS) {
    const session = `${slug}-${flow.id}`;
    let ctx: Ctx | undefined;
    let failed: string | undefined;
    const context = (): Ctx => {
      if (ctx) return ctx;
      const args = (a: string[]) => withFlags(a, ["--session", session]);
      // The harness's session handle puts the flags after the command's words: the reply is typed by the command.
      const bound = env.session(session);
      ctx = {
        p: profile,
        program,
        ok: (a) => bound.ok(a),
        run: (a) => env.run(args(a)),
        line: (where) => (typeof where === "string" ? markerLine(profile.source, where) : markerLine(profile.source, where.mark) + (where.offset ?? 0)),
      };
      contexts.push(ctx);
      return ctx;
    };
    flow.scenarios.forEach((scenario, i) => {
      const last = i === flow.scenarios.length - 1;
      const runs = scenario.applies?.(profile) ?? true;
      (runs ? test : test.skip)(scenario.name, async () => {
        if (failed) throw new Error(`not run: "${failed}" failed earlier in this session`);
        const c = context();
        try {
          await scenario.run(c);
        } catch (e) {
          failed = scenario.name;
          throw e;
        } finally {
          if (last || failed) {
            await env.run(["stop", "--session", session]);
            await c.target?.kill();
            c.target = undefined;
          }
        }
      });
    });
  }
});
