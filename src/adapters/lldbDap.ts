// lldb-dap (formerly lldb-vscode): C, C++, Rust, Swift. Facts in shared/ADAPTERS.md.
import { nativeShapes, nativeTruth } from "./nativeValues.ts";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { extname } from "node:path";
import { parseLldbMemory } from "../common/memoryFormat.ts";
import { lldbReturnValue } from "./returnValueText.ts";
import RUST_GUARD from "./rustLldbGuard.py" with { type: "text" };
import { parseLldbWatchpoints } from "./lldbWatchpoints.ts";
import type { Env } from "../common/callerEnv.ts";
import type { AdapterSpec, FoundAdapter, LaunchOptions } from "./types.ts";
import { isExecutable, pathFromEnv, which, whichVersioned } from "./which.ts";
import { signalName } from "../common/signals.ts";
import { LLDB_SERVER_LOG_VARS, lldbServerLogEnv, signalFromLldbServerLog } from "./lldbServerLog.ts";
import { translateForLldb } from "./lldbExpressions.ts";
import { retryWithLibraryCasts } from "./cLibrary.ts";
import { stringComparisons } from "./cppStrings.ts";
import { lldbCompactValue, lldbEvaluateError } from "./lldbValues.ts";
import { lldbWrappers } from "./lldbWrappers.ts";
import { nativeFunctionName } from "./nativeFrames.ts";
import { NATIVE_RUNTIME_FRAMES } from "./runtimeFrames.ts";
import { rustWrappers } from "./rustValues.ts";
import { firstWrapper } from "./types.ts";
import { cWaits } from "./cWaits.ts";

function candidates(env: Env | NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  const given = pathFromEnv("DEBUGGER_LLDB_DAP", env);
  if (given) return [given];
  out.push(...whichVersioned("lldb-dap", env), ...whichVersioned("lldb-vscode", env));
  try {
    const llvm = readdirSync("/usr/lib")
      .filter((d) => /^llvm-\d+$/.test(d))
      .sort((a, b) => Number(b.slice(5)) - Number(a.slice(5)));
    for (const d of llvm) out.push(`/usr/lib/${d}/bin/lldb-dap`, `/usr/lib/${d}/bin/lldb-vscode`);
  } catch {}
  if (process.platform === "darwin") {
    const xcrun = which("xcrun", env);
    if (xcrun) {
      const r = Bun.spawnSync([xcrun, "--find", "lldb-dap"], { stderr: "ignore", env });
      const p = r.stdout.toString().trim();
      if (r.exitCode === 0 && p) out.push(p);
    }
    out.push("/opt/homebrew/opt/llvm/bin/lldb-dap", "/usr/local/opt/llvm/bin/lldb-dap");
  }
  return out;
}

/**
 * rustc ships LLDB formatters for String, Vec, Option, HashMap… in its sysroot; without them a
 * Rust value reads `alloc::string::String @ 0x7ffd…`. They register a catch-all for every type,
 * so they are loaded only for programs built by rustc.
 */
const rustEtc = new Map<string, string | null>();
/** The formatters of the rustc the caller's PATH finds (rustup picks the toolchain by its environment and directory). */
export function rustFormatters(env: Env | NodeJS.ProcessEnv = process.env): string | null {
  const rustc = which("rustc", env);
  if (!rustc) return null;
  const key = JSON.stringify([rustc, env.RUSTUP_TOOLCHAIN, env.RUSTUP_HOME]);
  const known = rustEtc.get(key);
  if (known !== undefined) return known;
  const r = Bun.spawnSync([rustc, "--print", "sysroot"], { stderr: "ignore", env: env as Env });
  const etc = join(r.stdout.toString().trim(), "lib", "rustlib", "etc");
  const found = r.exitCode === 0 && existsSync(join(etc, "lldb_lookup.py")) && existsSync(join(etc, "lldb_commands")) ? etc : null;
  rustEtc.set(key, found);
  return found;
}

/**
 * A binary built by rustc names its standard library's sources under /rustc/<commit>/. Asked
 * twice per start (launch arguments, the panic breakpoint): the binary is read once per version.
 */
const rustByFile = new Map<string, { mtimeMs: number; rust: boolean }>();
export function isRust(program: string): boolean {
  try {
    const mtimeMs = statSync(program).mtimeMs;
    const known = rustByFile.get(program);
    if (known?.mtimeMs === mtimeMs) return known.rust;
    const rust = readFileSync(program).includes("/rustc/");
    if (rustByFile.size > 64) rustByFile.clear();
    rustByFile.set(program, { mtimeMs, rust });
    return rust;
  } catch {
    return false;
  }
}

function rustInitCommands(program: string | undefined, env?: Env): string[] {
  const etc = program && isRust(program) ? rustFormatters(env) : null;
  if (!etc) return [];
  // rustc's u8 and i8 reach LLDB as C's `unsigned char` and `char`: without these a byte reads 'H'.
  // rustLldbGuard.py then fixes the toolchain's enum reading for this LLDB and bounds every
  // formatter call (size checks, a time budget, raw view on failure): see the file's header.
  return [
    `command script import "${join(etc, "lldb_lookup.py")}"`,
    `command source -s 1 "${join(etc, "lldb_commands")}"`,
    RUST_GUARD_COMMAND,
    `type format add -f u "unsigned char"`,
    `type format add -f d char`,
  ];
}

/**
 * LLDB reads each module's symbol table and debug-info index when it is needed, not as the module
 * is added: a start skipped parsing libc, ld.so and the rest before the first breakpoint (measured:
 * a C program's `start --break` → first stop 410 → 324 ms, configurationDone → stopped halved;
 * BENCHMARKS.md). What is looked up later (a frame in libc, a breakpoint by a library's function
 * name) loads that module's symbols then, as before; docs/decisions.md.
 */
const LAZY_SYMBOLS = "?settings set target.preload-symbols false";

/**
 * lldb-dap's own environment. lldb-dap 19 aborts after every clean disconnect (ADAPTERS.md), and
 * LLVM's crash handler then ran llvm-symbolizer over its stack for ~110 ms, a stack no one reads,
 * while `stop` waited for the adapter to go. On Linux, lldb-server's log (lldbServerLog.ts).
 */
function adapterEnv(): Record<string, string> {
  return { LLVM_DISABLE_SYMBOLIZATION: "1", ...(process.platform === "linux" ? lldbServerLogEnv() : {}) };
}

/** adapterEnv's names, which the program must not inherit (without opening the log again at each launch). */
const ADAPTER_ONLY_VARS = ["LLVM_DISABLE_SYMBOLIZATION", ...(process.platform === "linux" ? LLDB_SERVER_LOG_VARS : [])];

/** Runs rustLldbGuard.py in LLDB's Python, once rustc's formatters are loaded (lldb_lookup imported). */
export const RUST_GUARD_COMMAND = `script import base64; exec(base64.b64decode('${Buffer.from(RUST_GUARD, "utf8").toString("base64")}').decode('utf-8'))`;

/** LLDB on a library's DWARF (`error: budget 0x1a41: DW_TAG_member '_M_local_buf' …`): not about the program. */
const DEBUG_INFO_COMPLAINT = /^(error|warning): .*(DW_TAG|DW_AT|DW_FORM|DWARF|debug info)/m;
/** LLDB's word on a breakpoint condition it could not evaluate (it stops there): output events, but the debugger's, not the program's. */
export const CONDITION_COMPLAINT = /^error: stopped due to an error evaluating condition of breakpoint /;

const NATIVE_SOURCE = new Set([".c", ".cc", ".cpp", ".cxx", ".m", ".mm", ".rs", ".swift", ".zig"]);

/** A launched program's stdin: end-of-file, never a wait (README: "stdin"). */
export const STDIN_PATH = "/dev/null";

/**
 * Turning ASLR off needs personality(2), which docker's default seccomp profile refuses ("personality
 * set failed: Operation not permitted") even with SYS_PTRACE: leave it on there (lldb-dap's own
 * launch option; it overrides the LLDB setting).
 */
function noAslrOff(o: LaunchOptions): { disableASLR?: false } {
  return o.target?.seccompFilter ? { disableASLR: false } : {};
}

/** lldb-dap 19 stops at a watchpoint with reason "breakpoint" and the description "watchpoint 1". */
export function lldbStopReason(reason: string, _output: string, description?: string): string | undefined {
  return reason === "breakpoint" && /^watchpoint\b/i.test(description ?? "") ? "watchpoint" : undefined;
}

/**
 * LLDB's breakpoint locations in `breakpoint list` (`  1.1: where = … at a.c:6:11, address =
 * 0x0000557844cf6170, resolved, hit count = 1`): each address → its breakpoint's id, the DAP id.
 */
export function lldbLocationAddresses(text: string): Map<string, number> {
  return new Map([...text.matchAll(/^\s*(\d+)\.\d+: .*, address = (0x[0-9a-f]+)/gim)].map((m) => [m[2]!, Number(m[1])] as const));
}

/**
 * LLDB (Process::CreateBreakpointSite) writes a new breakpoint's trap into the running program
 * before it adds the site to its list; a thread that reaches the trap in between stops with
 * "signal SIGTRAP" and no breakpoint (seen on CodeLLDB after attach, under load). The trap is at
 * the location's address: lldb-server has already moved the pc back onto it, and on resume LLDB
 * steps over the breakpoint as after any hit.
 */
export const LLDB_BREAKPOINT_TRAPS: NonNullable<AdapterSpec["breakpointTraps"]> = {
  isTrap: (reason, description) => (reason === "exception" || reason === "signal") && /^signal SIGTRAP\b/.test(description ?? ""),
  command: "`breakpoint list",
  parse: lldbLocationAddresses,
  // lldb-server's own remove-breakpoint packet: `OK` where it had a trap there (and has restored the
  // byte), an error where it had none. LLDB has no site there (its stop says so), so none of its
  // breakpoints is touched.
  clear: (address) => `\`process plugin packet send "z0,${address.replace(/^0x0*/i, "")},1"`,
  cleared: (result) => /^response:\s*OK\s*$/m.test(result),
  // StopInfoBreakpoint at a site whose constituents are gone says breakpoint 0, location 0.
  ownerless: (description) => /^breakpoint 0\.0$/.test(description ?? ""),
};

export const lldbDap: AdapterSpec = {
  name: "lldb-dap",
  title: "LLDB (lldb-dap): C, C++, Rust, Swift",
  transport: { kind: "stdio" },
  // In a target (`--via`): the versioned names first, as discovery here prefers them.
  remote: {
    names: [
      "lldb-dap-19",
      "lldb-dap-20",
      "lldb-dap-18",
      "lldb-dap",
      "lldb-vscode-19",
      "lldb-vscode",
      "/usr/lib/llvm-19/bin/lldb-dap",
      "/usr/lib/llvm-20/bin/lldb-dap",
    ],
    command: (path) => [path],
  },
  installHint:
    process.platform === "darwin"
      ? "install Xcode 16+ (xcrun --find lldb-dap) or `brew install llvm`"
      : "`apt-get install lldb-19` (Debian/Ubuntu) gives /usr/bin/lldb-dap-19, or set DEBUGGER_LLDB_DAP to its path",
  discover(o): FoundAdapter | null {
    const env = o?.env ?? process.env;
    // "none": do not use lldb-dap (a broken one); native programs then go to the lldb CLI backend.
    if (env.DEBUGGER_LLDB_DAP === "none") return null;
    for (const path of candidates(env)) if (isExecutable(path)) return { path, command: [path], env: adapterEnv() };
    return null;
  },
  install: { packages: { apt: ["lldb-19"], dnf: ["lldb"], pacman: ["lldb"], brew: ["llvm"] } },
  handles(program) {
    const ext = extname(program).toLowerCase();
    // Native executables usually have no extension; sources are not programs but name the language.
    return ext === "" || ext === ".out" || ext === ".exe" || NATIVE_SOURCE.has(ext);
  },
  launchArgs(o) {
    const initCommands = [LAZY_SYMBOLS, ...rustInitCommands(o.program, o.callerEnv)];
    // The program's environment is exactly `env`, not lldb-dap's with `env` added (README "environment").
    initCommands.push("?settings set target.inherit-env false");
    // The program's stdio on the daemon's pty: lldb-dap's own output path is O(n²) (programTerminal.ts).
    // "?" runs a command silently unless it fails.
    // stdin is --stdin's file, else /dev/null: a read gets end-of-file at once instead of waiting on
    // a terminal nobody types into. `settings set` takes the rest of the line as the path, raw:
    // spaces and quotes need no quoting (the daemon refuses line breaks in a stdin path).
    if (o.terminal)
      initCommands.push(
        `?settings set target.input-path ${o.stdin ?? STDIN_PATH}`,
        ...["output", "error"].map((s) => `?settings set target.${s}-path ${o.terminal}`),
      );
    // No pty of ours: the program's output stays lldb-dap's; its stdin is still the file (not "?": a failure must be seen).
    else if (o.stdin) initCommands.push(`settings set target.input-path ${o.stdin}`);
    // In a --via target: end-of-file, as here (the target has /dev/null too).
    else if (o.target) initCommands.push(`?settings set target.input-path ${STDIN_PATH}`);
    // The launch option alone is not enough: lldb-dap 19 starts from the target's settings.
    if (o.target?.seccompFilter) initCommands.push("?settings set target.disable-aslr false");
    // The program inherits lldb-dap's environment: the log settings meant for lldb-server stay out of it.
    initCommands.push(`?settings set target.unset-env-vars ${ADAPTER_ONLY_VARS.join(" ")}`);
    return {
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      env: Object.entries(o.env).map(([k, v]) => `${k}=${v}`),
      stopOnEntry: o.stopOnEntry,
      ...(initCommands.length ? { initCommands } : {}),
      ...noAslrOff(o),
    };
  },
  attachArgs(o) {
    const args: Record<string, unknown> = {};
    if (o.pid) args.pid = o.pid;
    if (o.program) args.program = o.program;
    const initCommands = o.remote ? [] : [LAZY_SYMBOLS, ...rustInitCommands(o.program, o.callerEnv)];
    if (initCommands.length) args.initCommands = initCommands;
    return args;
  },
  // lldb-dap opens a core with `attach` and reports its crashed thread as stopped.
  coreArgs: (o) => {
    const initCommands = [LAZY_SYMBOLS, ...rustInitCommands(o.program, o.callerEnv)];
    return { request: "attach", args: { program: o.program, coreFile: o.core, initCommands } };
  },
  // `image lookup -v` gives each match's first line entry: `LineEntry: [0x…-0x…): /src/a.c:12:5`.
  functionSource: {
    command: (name) => `\`image lookup -v -n ${JSON.stringify(name)}`,
    parse: (output) => [...output.matchAll(/^\s*LineEntry: \[[^\])]*[\])]: (.+?):(\d+)(?::\d+)?\s*$/gm)].map((m) => ({ file: m[1]!, line: Number(m[2]) })),
  },
  // lldb-dap 19 names only a symbol's first instruction (and reads instructionOffset as bytes):
  // LLDB's own lookup gives the function's range, `Function: id = {…}, name = "add", range = [0x…-0x…)`.
  functionRange: {
    command: (address) => `\`image lookup -v -a ${address}`,
    parse: (output) => {
      const m =
        /^\s*Function: id = \{[^}]*\}, name = "(.*)", range = \[(0x[0-9a-f]+)-(0x[0-9a-f]+)\)/m.exec(output) ??
        /^\s*Symbol: id = \{[^}]*\}, range = \[(?<s>0x[0-9a-f]+)-(?<e>0x[0-9a-f]+)\), name="(?<n>.*)"/m.exec(output);
      if (!m) return undefined;
      return m.groups ? { start: m.groups.s!, end: m.groups.e!, name: m.groups.n! } : { start: m[2]!, end: m[3]!, name: m[1]! };
    },
  },
  // lldb-dap 19 has no readMemory; LLDB's own command reads the same bytes.
  memoryCommand: {
    command: (address, count) => `\`memory read --force --size 1 --format x --count ${count} ${address}`,
    parse: parseLldbMemory,
    via: "lldb",
  },
  // lldb-dap 19 names a watchpoint stop only by LLDB's number ("watchpoint 3"): LLDB's list gives its address.
  watchpointList: { command: "`watchpoint list -b", parse: parseLldbWatchpoints },
  // That "watchpoint 3" is not the CLI's id: a description that says only that would mislead.
  ownWatchpointNumber: /^watchpoint \d+$/i,
  stopReason: lldbStopReason,
  breakpointTraps: LLDB_BREAKPOINT_TRAPS,
  // lldb-dap 19 answers setFunctionBreakpoints in its StringMap's order: a Rust program's `label`
  // took the id of the daemon's own rust_panic and its stop read "panic". LLDB's list says which is which.
  functionBreakpointIds: {
    command: "`breakpoint list -b",
    parse: (text) => new Map([...text.matchAll(/^(\d+): name = '(.*)', locations = /gm)].map((m) => [m[2]!, Number(m[1])] as const)),
  },
  // lldb-dap 19 shows no "(Return Value)" local after a step out; LLDB's thread status has it.
  returnValue: { after: "`thread info all", parse: (after, _before, threadId) => lldbReturnValue(after, threadId) },
  printContext: "watch",
  waits: cWaits,
  compactValue: lldbCompactValue,
  nativeValues: nativeShapes,
  conditionTruth: nativeTruth,
  evaluateError: lldbEvaluateError,
  wrappers: firstWrapper(lldbWrappers, rustWrappers),
  frameName: nativeFunctionName,
  runtimeFrames: NATIVE_RUNTIME_FRAMES,
  // LLDB parses every language as C++: Rust's `.len()`, `v[i]`, `t.0`, `as` and gdb's `*p@N`, `/x` are spelled for it (lldbExpressions.ts).
  translateExpression: (expression, frame) =>
    translateForLldb(expression, {
      rust: !!frame.program && isRust(frame.program),
      get gdb() {
        return !!which("gdb");
      },
      evaluate: frame.evaluate,
      ...(frame.fields ? { fields: frame.fields } : {}),
    }),
  // glibc without debug info: `strcmp(a, b)` has no return type for LLDB until cast (C and C++ frames);
  // a std::string compared with `==` is spelled with `compare` (cppStrings.ts).
  retryExpression: (expression, error, program) =>
    program && isRust(program) ? undefined : (retryWithLibraryCasts(expression, error) ?? stringComparisons(expression, error)),
  // lldb-dap 19 gives an unbound breakpoint no message; LLDB's line table tells which lines have code.
  // A console command LLDB refuses is still a successful evaluate: its text says `error: …`.
  rawError: (text) => /^error: (.*)$/m.exec(text)?.[1]?.trim(),
  // Locals holds the arguments too; LLDB's own command tells them apart: `(int) a = 0` per argument.
  argumentNames: { command: "`frame variable --no-locals", parse: (text) => [...text.matchAll(/^\([^\n]*?\) ([A-Za-z_$][\w$]*) = /gm)].map((m) => m[1]!) },
  codeLines: {
    command: (file) => `\`image dump line-table ${JSON.stringify(file)}`,
    parse: (output) => {
      if (/no source filenames matched/i.test(output)) return undefined;
      const lines = [...output.matchAll(/:(\d+):\d+\s*$/gm)].map((m) => Number(m[1])).filter((n) => n > 0);
      return lines.length ? [...new Set(lines)].sort((a, b) => a - b) : undefined;
    },
  },
  // A Rust panic unwinds (or aborts) without a stop of its own: std calls `rust_panic` (kept
  // unmangled for debuggers) after printing the message, so a breakpoint there stops at the panic.
  catchpoints: (program) =>
    program && isRust(program)
      ? [
          {
            filter: "panic",
            label: "Rust panic",
            description: "where a panic starts, before it unwinds or aborts (std's rust_panic)",
            function: "rust_panic",
            reason: "panic",
            on: true,
          },
        ]
      : [],
  filterAliases: { throw: "cpp_throw", catch: "cpp_catch" },
  throwFilter: "cpp_throw",
  describeInternalStop: (_reason, output) => {
    const m = /thread '([^']*)'(?: \(\d+\))? panicked at ([^\n]*?):?\n([^\n]*)/.exec(output);
    return m ? `${m[3]} (thread '${m[1]}' panicked at ${m[2]})` : undefined;
  },
  // LLDB's complaints about a binary's debug info arrive as program output; they are the debugger's.
  outputCategory: (category, text) =>
    DEBUG_INFO_COMPLAINT.test(text) || CONDITION_COMPLAINT.test(text)
      ? "console"
      : category === "stdout"
        ? "stdout"
        : category === "stderr"
          ? "stderr"
          : "console",
  reportNoise: DEBUG_INFO_COMPLAINT,
  // The echo of the Rust formatters' initCommands is ours, not the program's or a problem.
  ignoreOutput: (text, category) =>
    category === "console" && /^(Running initCommands:|\(lldb\) (command (script import|source)|type format add|script import base64;) )/.test(text.trim()),
  // lldb-dap 19 reads the name of a frame-level dataBreakpointInfo as an address expression.
  dataBreakpointExpression: (expression) => `&(${expression})`,
  // lldb-dap 19 (LLDB itself: SBProcess::GetExitStatus) gives a death by signal N as the exit code N.
  // Where the program stopped at that signal first (SIGSEGV, SIGABRT: LLDB stops there) and then
  // ended with status N, it was that signal. A SIGKILL never stops first and stays a code 9.
  // lldb-server itself knows (its waitpid): its log says "status = Killed by signal 9" (lldbServerLog.ts).
  exitSignal: (code, _output, lastStop, pid) => {
    const logged = pid ? signalFromLldbServerLog(pid) : undefined;
    if (logged !== undefined) return logged ? (signalName(logged) ?? `signal ${logged}`) : undefined;
    const stopped = /^signal (SIG[A-Z0-9]+)/.exec(lastStop?.description ?? "")?.[1];
    return stopped && typeof code === "number" && signalName(code) === stopped ? stopped : undefined;
  },
  quirks: { programMustBeExecutable: true, programTerminal: true },
};
