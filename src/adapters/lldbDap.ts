// lldb-dap (formerly lldb-vscode): C, C++, Rust, Swift. Facts in shared/ADAPTERS.md.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { extname } from "node:path";
import type { AdapterSpec, FoundAdapter } from "./types.ts";
import { isExecutable, which, whichVersioned } from "./which.ts";

function candidates(): string[] {
  const out: string[] = [];
  if (process.env.DEBUGGER_LLDB_DAP) out.push(process.env.DEBUGGER_LLDB_DAP);
  out.push(...whichVersioned("lldb-dap"), ...whichVersioned("lldb-vscode"));
  try {
    const llvm = readdirSync("/usr/lib")
      .filter((d) => /^llvm-\d+$/.test(d))
      .sort((a, b) => Number(b.slice(5)) - Number(a.slice(5)));
    for (const d of llvm) out.push(`/usr/lib/${d}/bin/lldb-dap`, `/usr/lib/${d}/bin/lldb-vscode`);
  } catch {}
  if (process.platform === "darwin") {
    const xcrun = which("xcrun");
    if (xcrun) {
      const r = Bun.spawnSync([xcrun, "--find", "lldb-dap"], { stderr: "ignore" });
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
let rustEtc: string | null | undefined;
function rustFormatters(): string | null {
  if (rustEtc !== undefined) return rustEtc;
  rustEtc = null;
  const rustc = which("rustc");
  if (!rustc) return rustEtc;
  const r = Bun.spawnSync([rustc, "--print", "sysroot"], { stderr: "ignore" });
  const etc = join(r.stdout.toString().trim(), "lib", "rustlib", "etc");
  if (r.exitCode === 0 && existsSync(join(etc, "lldb_lookup.py")) && existsSync(join(etc, "lldb_commands"))) rustEtc = etc;
  return rustEtc;
}

/**
 * A binary built by rustc names its standard library's sources under /rustc/<commit>/. Asked
 * twice per start (launch arguments, the panic breakpoint): the binary is read once per version.
 */
const rustByFile = new Map<string, { mtimeMs: number; rust: boolean }>();
function isRust(program: string): boolean {
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

function rustInitCommands(program: string | undefined): string[] {
  const etc = program && isRust(program) ? rustFormatters() : null;
  return etc ? [`command script import "${join(etc, "lldb_lookup.py")}"`, `command source -s 1 "${join(etc, "lldb_commands")}"`] : [];
}

const NATIVE_SOURCE = new Set([".c", ".cc", ".cpp", ".cxx", ".m", ".mm", ".rs", ".swift", ".zig"]);

export const lldbDap: AdapterSpec = {
  name: "lldb-dap",
  title: "LLDB (lldb-dap): C, C++, Rust, Swift",
  transport: { kind: "stdio" },
  installHint:
    process.platform === "darwin"
      ? "install Xcode 16+ (xcrun --find lldb-dap) or `brew install llvm`"
      : "`apt-get install lldb-19` (Debian/Ubuntu) gives /usr/bin/lldb-dap-19, or set DEBUGGER_LLDB_DAP to its path",
  discover(): FoundAdapter | null {
    for (const path of candidates()) if (isExecutable(path)) return { path, command: [path] };
    return null;
  },
  install: { packages: { apt: ["lldb-19"], dnf: ["lldb"], pacman: ["lldb"], brew: ["llvm"] } },
  handles(program) {
    const ext = extname(program).toLowerCase();
    // Native executables usually have no extension; sources are not programs but name the language.
    return ext === "" || ext === ".out" || ext === ".exe" || NATIVE_SOURCE.has(ext);
  },
  launchArgs(o) {
    const initCommands = rustInitCommands(o.program);
    // The program's stdio on the daemon's pty: lldb-dap's own output path is O(n²) (programTerminal.ts).
    // "?" runs a command silently unless it fails.
    if (o.terminal) initCommands.push(...["input", "output", "error"].map((s) => `?settings set target.${s}-path ${o.terminal}`));
    return { program: o.program, args: o.args, cwd: o.cwd, env: Object.entries(o.env).map(([k, v]) => `${k}=${v}`), stopOnEntry: o.stopOnEntry, ...(initCommands.length ? { initCommands } : {}) };
  },
  attachArgs(o) {
    const args: Record<string, unknown> = {};
    if (o.pid) args.pid = o.pid;
    if (o.program) args.program = o.program;
    const initCommands = o.remote ? [] : rustInitCommands(o.program);
    if (initCommands.length) args.initCommands = initCommands;
    return args;
  },
  printContext: "watch",
  // lldb-dap 19 gives an unbound breakpoint no message; LLDB's line table tells which lines have code.
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
  implicitBreakpoints: (program) => (program && isRust(program) ? [{ function: "rust_panic", reason: "panic" }] : []),
  describeInternalStop: (_reason, output) => {
    const m = /thread '([^']*)'(?: \(\d+\))? panicked at ([^\n]*?):?\n([^\n]*)/.exec(output);
    return m ? `${m[3]} (thread '${m[1]}' panicked at ${m[2]})` : undefined;
  },
  // LLDB's complaints about a binary's debug info arrive as program output; they are the debugger's.
  outputCategory: (category, text) => (/^(error|warning): .*(DW_TAG|DW_AT|DW_FORM|DWARF|debug info)/m.test(text) ? "console" : category === "stdout" ? "stdout" : category === "stderr" ? "stderr" : "console"),
  // The echo of the Rust formatters' initCommands is ours, not the program's or a problem.
  ignoreOutput: (text, category) => category === "console" && /^(Running initCommands:|\(lldb\) command (script import|source) )/.test(text.trim()),
  // lldb-dap 19 reads the name of a frame-level dataBreakpointInfo as an address expression.
  dataBreakpointExpression: (expression) => `&(${expression})`,
  quirks: { noisyExitAfterDisconnect: true, programMustBeExecutable: true, programTerminal: true },
};
