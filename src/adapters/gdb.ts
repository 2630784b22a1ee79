// GDB: its own DAP (`gdb -i=dap`) from GDB 14 on; for older gdb, cdt-gdb-adapter (npm, Eclipse
// CDT), which drives gdb over GDB/MI. Chosen only with `--adapter gdb`: native programs go to
// lldb-dap by default. Facts in shared/ADAPTERS.md.
import { nativeShapes, nativeTruth } from "./nativeValues.ts";
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { envChanges, type Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { gdbWatchOptions } from "../common/hardwareWatch.ts";
import { gdbIndexCacheOptions } from "./gdbIndexCache.ts";
import { gdbReturnValue } from "./returnValueText.ts";
import { CXX_CATCHPOINTS } from "./catchpoints.ts";
import type { AdapterSpec, FoundAdapter, HelperNeed } from "./types.ts";
import { isFile, pathFromEnv, realPath, which } from "./which.ts";
import { isRust, rustFormatters } from "./lldbDap.ts";
import { gdbCompactValue } from "./gdbValues.ts";
import { retryWithLibraryCastsGdb } from "./cLibrary.ts";
import { stringComparisons } from "./cppStrings.ts";
import { rustWrappers } from "./rustValues.ts";
import { nativeFunctionName } from "./nativeFrames.ts";
import { NATIVE_RUNTIME_FRAMES } from "./runtimeFrames.ts";
import { cWaits } from "./cWaits.ts";
import { CDT_WARM_ENTRY } from "./cdtWarmGdb.ts";

/**
 * For a rustc-built program, gdb starts as `rust-gdb` starts it: the toolchain's printer directory
 * on the auto-load safe path and the source path (the binary's .debug_gdb_scripts names
 * gdb_load_rust_pretty_printers.py), and on Python's path, from gdb's start: sourcing the printers
 * into a live session broke cdt-gdb-adapter. Without them gdb shows a String as its raw fields.
 */
export function rustGdbArguments(program: string | undefined, env?: Env): string[] {
  const etc = program && isRust(program) ? rustFormatters(env) : null;
  if (!etc) return [];
  // --directory as rust-gdb gives it (`-iex directory` would echo the source path as program output).
  return [`--directory=${etc}`, "-iex", `add-auto-load-safe-path ${etc}`, "-iex", `python import sys; sys.path.insert(0, ${JSON.stringify(etc)})`];
}

/** The first gdb whose `-i=dap` exists. */
const NATIVE_DAP_MAJOR = 14;
const CDT_SCRIPT = join("cdt-gdb-adapter", "dist", "debugAdapter.js");

export type GdbVariant = "native" | "cdt-gdb-adapter";

/** Where `debugger setup gdb` installs cdt-gdb-adapter: `npm install --prefix <this> cdt-gdb-adapter`. */
export function cdtInstallPrefix(env = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters");
}

/** DEBUGGER_GDB names the gdb to use; else the first on PATH. */
export function findGdb(env: Env | NodeJS.ProcessEnv = process.env): string | null {
  return pathFromEnv("DEBUGGER_GDB", env) ?? which("gdb", env);
}

// `gdb --version` costs ~90 ms: asked once per binary for the daemon's lifetime, again only when
// the file changes (an upgrade).
const versions = new Map<string, { stamp: string; version: string | undefined }>();

function stamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return "-";
  }
}

/** "GNU gdb (Debian 13.1-3) 13.1" → "13.1"; the parenthesised vendor part is skipped. */
export function parseGdbVersion(text: string): string | undefined {
  const first = text.split("\n")[0] ?? "";
  return /(\d+\.\d+(?:\.\d+)?)/.exec(first.replace(/\([^)]*\)/g, " "))?.[1];
}

export function gdbVersion(path: string): string | undefined {
  const key = stamp(path);
  const cached = versions.get(path);
  if (cached?.stamp === key) return cached.version;
  let version: string | undefined;
  try {
    const r = Bun.spawnSync([path, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "ignore", timeout: 10_000 });
    version = r.exitCode === 0 ? parseGdbVersion(r.stdout.toString()) : undefined;
  } catch {}
  versions.set(path, { stamp: key, version });
  return version;
}

function major(version: string | undefined): number {
  return version ? Number(version.split(".")[0]) : 0;
}

/** Places cdt-gdb-adapter's dist/debugAdapter.js may be, most specific first. No process is spawned. */
function cdtCandidates(env: Env | NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  const given = env.DEBUGGER_CDT_GDB_ADAPTER;
  if (given) {
    // The script itself, the package directory, or an npm prefix it was installed into.
    out.push(given, join(given, "dist", "debugAdapter.js"), join(given, "node_modules", CDT_SCRIPT));
  }
  // npm links the package's `cdtDebugAdapter` bin onto PATH with `npm install -g`.
  const bin = which("cdtDebugAdapter", env);
  if (bin) out.push(realPath(bin));
  // Global node_modules (`npm root -g` without spawning npm): $npm_config_prefix, the prefix of
  // the node on PATH (nvm, Homebrew, /usr/local), the usual system and user prefixes.
  const prefixes: string[] = [];
  if (env.npm_config_prefix) prefixes.push(env.npm_config_prefix);
  const node = which("node", env);
  if (node) prefixes.push(dirname(dirname(realPath(node))));
  prefixes.push("/usr/local", "/usr", join(homedir(), ".npm-global"), "/opt/homebrew");
  for (const p of prefixes) out.push(join(p, "lib", "node_modules", CDT_SCRIPT));
  out.push(join(cdtInstallPrefix(env), "node_modules", CDT_SCRIPT));
  return out;
}

export function findCdtAdapter(env: Env | NodeJS.ProcessEnv = process.env): string | null {
  for (const c of cdtCandidates(env)) if (c.endsWith(".js") && isFile(c)) return c;
  return null;
}

/** The pinned cdt-gdb-adapter `debugger setup gdb` installs. */
const CDT_PACKAGE = "cdt-gdb-adapter@1.7.0";

/** gdb < 14 (or no gdb yet) needs cdt-gdb-adapter; gdb 14+ speaks DAP itself. */
function cdtNeed(): HelperNeed | undefined {
  const path = findGdb();
  const version = path ? gdbVersion(path) : undefined;
  if (path && major(version) >= NATIVE_DAP_MAJOR) return undefined;
  return {
    name: "cdt-gdb-adapter",
    why: path
      ? `gdb ${version ?? "(version unknown)"} has no built-in DAP (gdb < ${NATIVE_DAP_MAJOR})`
      : `gdb is not installed yet; gdb < ${NATIVE_DAP_MAJOR} has no built-in DAP`,
    present: findCdtAdapter() !== null,
    // --ignore-scripts: its install script only builds a pty module that debugging does not use.
    install: {
      argv: [which("npm") ?? "npm", "install", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix", cdtInstallPrefix(), CDT_PACKAGE],
      why: `install cdt-gdb-adapter (gdb < ${NATIVE_DAP_MAJOR} has no built-in DAP)`,
    },
  };
}

function cdtVersion(script: string): string | undefined {
  try {
    return JSON.parse(readFileSync(join(dirname(script), "..", "package.json"), "utf8")).version;
  } catch {
    return undefined;
  }
}

/** cdt-gdb-adapter is plain JavaScript: node runs it, or this very binary acting as Bun. */
function cdtCommand(script: string, env: Env | NodeJS.ProcessEnv): { command: string[]; env?: Record<string, string> } {
  const node = which("node", env);
  if (node) return { command: [node, script] };
  return { command: [process.execPath, script], env: { BUN_BE_BUN: "1" } };
}

/**
 * Under node, the adapter runs with a gdb started ahead (cdtWarmGdb.ts): that gdb and these
 * arguments, the ones every launch and attach gives (a Rust program's extra ones spawn gdb anew).
 * DEBUGGER_GDB_AHEAD=0 runs the stock adapter.
 */
function cdtAheadCommand(script: string, gdbPath: string, env: Env | NodeJS.ProcessEnv): { command: string[]; env?: Record<string, string> } {
  const plain = cdtCommand(script, env);
  if (plain.env || env.DEBUGGER_GDB_AHEAD === "0") return plain;
  return { command: [plain.command[0]!, "-e", CDT_WARM_ENTRY, "--", script, gdbPath, JSON.stringify(cdtGdbArguments(gdbPath))] };
}

/** gdb's arguments for cdt-gdb-adapter's launch and attach (a Rust program's are added after). */
function cdtGdbArguments(gdbPath: string): string[] {
  // -q: no banner, which would arrive as program output.
  return ["-q", ...gdbWatchOptions(), ...gdbIndexCacheOptions(gdbVersion(gdbPath))];
}

/** One string for gdb's `set args`, which the shell splits when it starts the program: each word single-quoted. */
export function shellJoin(args: string[]): string {
  return args.map((a) => (a !== "" && /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(" ");
}

/** A GDB/MI c-string (its C escapes): a line break or a quote inside stays in the value. */
export function miString(text: string): string {
  const escaped = text.replace(/[\\"\x00-\x1f\x7f]/g, (c) =>
    c === "\\" || c === '"' ? `\\${c}` : c === "\n" ? "\\n" : `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`,
  );
  return `"${escaped}"`;
}

/**
 * A gdb command sent as GDB/MI: one line whatever the text holds, and not echoed (a CLI line on
 * the MI channel is echoed, and cdt-gdb-adapter shows the echo as console output).
 */
export function consoleCommand(command: string): string {
  return `-interpreter-exec console ${miString(command)}`;
}

// C keywords that take parentheses without being calls.
const NOT_CALLS = new Set(["sizeof", "alignof", "_Alignof", "typeof", "__typeof__", "decltype", "if", "while", "for", "switch", "return"]);

/** Does the expression call a function in the program (`add(1, 2)`, `p->f(x)`)? */
export function hasCall(expression: string): boolean {
  const text = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  for (const m of text.matchAll(/([A-Za-z_]\w*)\s*\(/g)) if (!NOT_CALLS.has(m[1]!)) return true;
  return false;
}

/**
 * gdb reports the end of the program only in its console text: `[Inferior 1 (process N) exited
 * with code 03]` (the code in octal) or `... exited normally]`. A program killed by a signal
 * has no exit code.
 */
export function exitCodeFromGdbOutput(text: string): number | undefined {
  const all = [...text.matchAll(/\[Inferior \d+ \(process \d+\) exited (?:with code ([0-7]+)|(normally))\]/g)];
  const last = all.at(-1);
  if (!last) return undefined;
  return last[2] ? 0 : parseInt(last[1]!, 8);
}

/** "Program terminated with signal SIGKILL, Killed.": gdb's words for a program a signal ended. */
export function signalDeathFromGdbOutput(text: string): string | undefined {
  return [...text.matchAll(/Program terminated with signal (SIG[A-Z0-9]+)/g)].at(-1)?.[1];
}

/**
 * gdb's own console messages, which cdt-gdb-adapter sends with category `stdout`, like the
 * program's output: stop banners, the source line after a stop, thread and inferior events.
 * `console` for these keeps `debugger output --stdout` the program's.
 */
const GDB_MESSAGE = new RegExp(
  [
    /^\n$/, // the blank line before every stop banner
    /^(?:Thread \d+ "[^"\n]*" hit )?(?:Temporary )?[Bb]reakpoint \d+, /,
    /^(?:Thread \d+ "[^"\n]*" hit )?(?:Hardware |Software )?(?:[Rr]ead |[Aa]ccess \(read\/write\) )?[Ww]atchpoint \d+: /,
    /^\d+\t.*\n$/, // the source line gdb prints at a stop
    /^\[(?:Inferior \d+ |New Thread |Thread |New LWP |LWP |Switching to )/,
    /^Using host libthread_db library /,
    /^The host character set is /,
    /^(?:Program|Thread \d+ "[^"]*") received signal /,
    /^Program terminated with signal /,
    /^Core was generated by /,
    /^#\d+ +(?:0x[0-9a-f]+ in )?\S+ \(/, // the frame gdb shows on opening a core
    /^Run till exit from /,
    /^Value returned is /,
    /^Continuing\.\n$/,
    /^Starting program: /,
    /^Temporary breakpoint \d+ at /,
    /^(?:Old|New) value = /,
    // A watchpoint's values come in pieces: "\nOld value = ", "3\nNew value = ", "6\n" (a read watchpoint: "\nValue = ", "6\n").
    /^\n(?:Old value|New value|Value) = $/,
    /^[^\n]*\nNew value = $/,
    /^0x[0-9a-f]+ in .* at .*:\d+\n$/,
    /^[\w:~<>]+ \(.*\) at .*:\d+\n$/, // `func (args) at file:line` after finish/up
  ]
    .map((r) => r.source)
    .join("|"),
);

/** `info threads` of gdb: its thread number for each LWP (`  3    Thread 0x7ffff75ff6c0 (LWP 15501) "c-hang" …`). */
export function gdbThreadsByLwp(text: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of text.matchAll(/^[* ]\s*(\d+)\s+Thread 0x[0-9a-f]+ \(LWP (\d+)\)/gm)) out.set(Number(m[2]), Number(m[1]));
  return out;
}

/** gdb's word that a software or hardware watchpoint ended with its scope (the number is gdb's). */
const WATCH_SCOPE = /Watchpoint (\d+) deleted because the program has left the block/;

/** cdt-gdb-adapter names the signal itself as the stop reason (`SIGSEGV`), with no description: a signal stop, and which. */
const SIGNAL_REASON = /^SIG[A-Z0-9]+$/;
export const gdbSignalReason = (reason: string): string | undefined => (SIGNAL_REASON.test(reason) ? "signal" : undefined);
export const gdbSignalDescription = (reason: string): string | undefined => (SIGNAL_REASON.test(reason) ? `signal ${reason}` : undefined);

/** The lines cdt-gdb-adapter greets with, and its note on opening a core. */
const CDT_GREETING = new RegExp(
  [
    /^In the Debug Console view you can interact directly with GDB\.\n$/,
    /^To display the value of an expression, type that expression/,
    /^variables that are in scope\. For example type /,
    /^Arbitrary commands can be sent to GDB by prefixing/,
    /^for example type '>show version' or '>help'\.\n$/,
    /^connected to core target /,
  ]
    .map((r) => r.source)
    .join("|"),
);

/** gdb's warnings on its stderr, which cdt-gdb-adapter sends with category `stderr`. */
const GDB_WARNING =
  /^warning: (?:Error disabling address space randomization|Could not load shared library symbols|Unable to find libthread_db|Could not find|Source file is more recent)/;

type Category = "stdout" | "stderr" | "console";

export function gdbOutputCategory(category: string, text: string, found?: FoundAdapter, previous?: string): Category {
  const plain: Category = category === "stdout" ? "stdout" : category === "stderr" ? "stderr" : "console";
  // gdb's own DAP labels its messages itself; only cdt-gdb-adapter mixes them with the program's.
  if (variantOf(found) !== "cdt-gdb-adapter") return plain;
  if (plain === "stdout" && GDB_MESSAGE.test(text)) return "console";
  // The value after gdb's "New value = " (or a read watchpoint's "Value = ") is its own event.
  if (plain === "stdout" && previous !== undefined && /\n(?:(?:Old|New) value|Value) = $/.test(previous) && /^[^\n]*\n?$/.test(text)) return "console";
  if (plain === "stderr" && GDB_WARNING.test(text)) return "console";
  return plain;
}

/**
 * A watch expression gdb would watch through several values (a pointer and what it points to, an
 * array and its index) pinned to the address it names now: a convenience variable holds the address.
 * Names, members and constant indices are one value: watched as written (their scope still ends them).
 */
export function pinnedWatch(expression: string, slot: number): { pin: string; name: string } | undefined {
  if (/^[A-Za-z_]\w*(\s*\.\s*[A-Za-z_]\w*|\s*\[\s*\d+\s*\])*$/.test(expression.trim())) return undefined;
  const v = `$debugger_watch${slot}`;
  return { pin: `${v} = &(${expression})`, name: `${v}[0]` };
}

function variantOf(found: FoundAdapter | undefined): GdbVariant {
  return found?.variant === "cdt-gdb-adapter" ? "cdt-gdb-adapter" : "native";
}

/**
 * cdt-gdb-adapter's `environment` is gdb's own (its environment with these set, null unsets), which
 * the program inherits: every variable of the adapter's (BUN_BE_BUN where this binary runs it) the
 * program must not see is unset.
 */
function cdtEnvironment(env: Record<string, string>, inherited: string[] | undefined): Record<string, string | null> {
  // gdb's own SHELL is the one it starts the program through; the program's is set back by the wrapper.
  return { ...envChanges(env, [...(inherited ?? []), "BUN_BE_BUN"]), SHELL: GDB_STARTUP_SHELL };
}

/**
 * The shell gdb starts the program through (`startup-with-shell`, which applies the redirections
 * of `arguments`), never the user's: bash sources ~/.bashrc when its stdin is a socket (gdb's MI
 * pipe from node is one) and SHLVL < 2, so the program gained what ~/.bashrc exports.
 * `startup-with-shell off` is no way out: gdb 13 then splits the arguments at blanks (no quoting)
 * and applies no redirection. /bin/sh reads no file when run with -c (dash; bash as sh skips the
 * rc files).
 */
export const GDB_STARTUP_SHELL = "/bin/sh";

/** What a shell may set at its start or at `exec`: bash SHLVL and `_`, dash a missing or stale PWD; SHELL is gdb's. */
const SHELL_TOUCHED = ["SHELL", "PWD", "OLDPWD", "SHLVL", "_"];

/**
 * `set exec-wrapper` running `env` between the shell and the program to put back the caller's
 * values of SHELL_TOUCHED (or unset them), so the program's environment is exactly `env`. A program
 * path with `=` would be taken by `env` for an assignment (no wrapper then: dash changes only a
 * missing or stale PWD).
 */
export function shellUndoCommands(env: Record<string, string>, program: string | undefined): string[] {
  const tool = ["/usr/bin/env", "/bin/env"].find(isFile);
  if (!tool || program?.includes("=")) return [];
  const unset: string[] = [];
  const set: string[] = [];
  for (const k of SHELL_TOUCHED) {
    const v = env[k];
    if (v === undefined) unset.push("-u", k);
    // gdb expands a `~` after a blank in exec-wrapper's value (a filename setting), quoted or not:
    // the shell gets it in double quotes (shellJoin quoted every word with a `~`).
    else set.push(shellJoin([`${k}=${v}`]).replace(/~/g, `'"~"'`));
  }
  // env's options end at its first assignment.
  return [consoleCommand(`set exec-wrapper ${[tool, ...unset, ...set].join(" ")}`)];
}

/** gdb gives the program LINES and COLUMNS of its own screen size: the caller's values, or none. */
function screenSizeCommands(env: Record<string, string>): string[] {
  return ["LINES", "COLUMNS"].map((k) => (env[k] !== undefined && !/[\r\n]/.test(env[k]!) ? `set environment ${k}=${env[k]}` : `unset environment ${k}`));
}

function requireGdb(env?: Env): string {
  const path = findGdb(env);
  if (!path) throw new DebuggerError("ADAPTER_NOT_FOUND", "gdb is not installed or not on PATH", gdb.installHint);
  return path;
}

/** Numbers the spellings of call expressions (see rewriteExpression). */
let callSerial = 0;

export const gdb: AdapterSpec = {
  name: "gdb",
  title: "GDB (gdb -i=dap from gdb 14, else cdt-gdb-adapter): C, C++, Rust",
  transport: { kind: "stdio" },
  installHint:
    "install gdb (`apt-get install gdb`); gdb 14 or newer speaks DAP itself; for older gdb install cdt-gdb-adapter: " +
    "`debugger setup gdb`, or `npm install -g --ignore-scripts cdt-gdb-adapter`, or set DEBUGGER_CDT_GDB_ADAPTER to its dist/debugAdapter.js",
  discover(o): FoundAdapter | null {
    const env = o?.env ?? process.env;
    const gdbPath = findGdb(env);
    if (!gdbPath) return null;
    const version = gdbVersion(gdbPath);
    if (major(version) >= NATIVE_DAP_MAJOR) {
      return {
        path: gdbPath,
        command: [gdbPath, "-i=dap", "-q", ...gdbWatchOptions(), ...gdbIndexCacheOptions(version)],
        version: `gdb ${version}`,
        variant: "native",
      };
    }
    const script = findCdtAdapter(env);
    if (!script) return null;
    const cdt = cdtAheadCommand(script, gdbPath, env);
    return {
      path: script,
      command: cdt.command,
      env: cdt.env,
      version: `cdt-gdb-adapter ${cdtVersion(script) ?? "?"} with gdb ${version ?? "?"}`,
      variant: "cdt-gdb-adapter",
    };
  },
  install: { packages: { apt: ["gdb"], dnf: ["gdb"], pacman: ["gdb"], brew: ["gdb"] }, packagePresent: () => findGdb() !== null, helper: cdtNeed },
  // lldb-dap stays the choice for native programs; gdb is picked with `--adapter gdb`.
  handles: () => false,
  launchArgs(o) {
    if (variantOf(o.found) === "cdt-gdb-adapter") {
      const gdbPath = requireGdb(o.callerEnv);
      const args: Record<string, unknown> = {
        program: o.program,
        cwd: o.cwd,
        gdb: gdbPath,
        gdbArguments: [...cdtGdbArguments(gdbPath), ...rustGdbArguments(o.program, o.callerEnv)],
      };
      // stdin is --stdin's file, else /dev/null: the program would otherwise share gdb's stdin, a
      // pipe nobody writes, and a read would block for ever (gdb starts the program through
      // GDB_STARTUP_SHELL, which applies the redirection, as `run < FILE` does; all of it quoted for that shell).
      const words = [shellJoin(o.args), `<${o.stdin ? shellJoin([o.stdin]) : "/dev/null"}`];
      // stdout and stderr to the daemon's pipes: on gdb's own stdout the adapter parses the
      // program's lines as GDB/MI and loses bytes (programPipes.ts).
      if (o.pipes) words.push(`>${shellJoin([o.pipes.stdout])}`, `2>${shellJoin([o.pipes.stderr])}`);
      // `set args` as an MI c-string rather than cdt-gdb-adapter's `arguments` (one raw
      // -exec-arguments line): an argument may hold a line break.
      const setArgs = consoleCommand(`set args ${words.filter(Boolean).join(" ")}`);
      args.environment = cdtEnvironment(o.env, o.inherited);
      // No stopOnEntry in cdt-gdb-adapter: a temporary breakpoint at main, as `start` does.
      args.initCommands = [...screenSizeCommands(o.env), ...shellUndoCommands(o.env, o.program), setArgs, ...(o.stopOnEntry ? ["tbreak main"] : [])];
      return args;
    }
    // gdb's own DAP has no way to redirect the program's stdin (its launch takes no redirection,
    // and its `args` are not given to a shell).
    if (o.stdin)
      throw new DebuggerError(
        "UNSUPPORTED",
        "gdb's own DAP (gdb 14+) cannot give the program a stdin file",
        "use --adapter lldb-dap for a native program, or gdb through cdt-gdb-adapter (DEBUGGER_GDB naming a gdb older than 14)",
      );
    // gdb's DAP sets the program's environment to exactly `env` (the caller's, then --env).
    const args: Record<string, unknown> = { program: o.program, args: o.args, cwd: o.cwd, stopAtBeginningOfMainSubprogram: o.stopOnEntry, env: o.env };
    return args;
  },
  attachArgs(o) {
    if (variantOf(o.found) === "cdt-gdb-adapter") {
      const gdbPath = requireGdb(o.callerEnv);
      const args: Record<string, unknown> = {
        processId: String(o.pid ?? ""),
        gdb: gdbPath,
        gdbArguments: [...cdtGdbArguments(gdbPath), ...rustGdbArguments(o.program, o.callerEnv)],
      };
      if (o.program) args.program = o.program;
      return args;
    }
    const args: Record<string, unknown> = {};
    if (o.pid) args.pid = o.pid;
    if (o.program) args.program = o.program;
    return args;
  },
  // cdt-gdb-adapter's launch always runs the program; its target adapter (beside it) opens a core
  // with `-target-select core FILE` and neither runs it (configurationDone would try) nor reports a
  // stop. gdb's own DAP (14+) has no way to open one.
  coreArgs(o) {
    if (variantOf(o.found) !== "cdt-gdb-adapter" || !o.found) return undefined;
    const target = join(dirname(o.found.path), "debugTargetAdapter.js");
    if (!isFile(target)) return undefined;
    // MI takes the parameters as words: a path gdb would split cannot be given.
    if (/[\s"'\\]/.test(o.core))
      throw new DebuggerError(
        "INVALID_ARGUMENT",
        `gdb (through cdt-gdb-adapter) cannot open a core whose path has blanks or quotes: ${o.core}`,
        "move or link the core to a plain path, or leave out --adapter gdb (lldb-dap opens it)",
      );
    const gdbPath = requireGdb(o.callerEnv);
    return {
      request: "attach",
      args: {
        program: o.program,
        cwd: o.cwd,
        gdb: gdbPath,
        gdbArguments: ["-q", ...gdbIndexCacheOptions(gdbVersion(gdbPath)), ...rustGdbArguments(o.program, o.callerEnv)],
        target: { type: "core", parameters: [o.core] },
      },
      command: cdtCommand(target, o.callerEnv ?? process.env).command,
      noStopEvent: true,
    };
  },
  softwareWatchpoints: true,
  // gdb splits a software watchpoint on `p->x` or `a[i]` into one location per value it reads;
  // cdt-gdb-adapter 1.7 then fails on its own -break-list and answers no setDataBreakpoints again.
  // With hardware watchpoints its dataBreakpointInfo fails on any expression with a blank in it
  // (`odd[first->qty % 6]`: "No data breakpoint for …"; it passes the expression to an MI command
  // unquoted). Such an expression is watched at its address in both modes, as lldb-dap watches
  // every expression: a convenience variable holds it, and the same watch behaves the same on
  // every machine.
  watchByLocation: (expression, slot, found) => (variantOf(found) === "cdt-gdb-adapter" ? pinnedWatch(expression, slot) : undefined),
  stopReason(reason, output) {
    if (gdbSignalReason(reason)) return "signal";
    // gdb prints "Hardware watchpoint 2: total" (or "… read watchpoint", "… access (read/write) watchpoint"),
    // and "Watchpoint 2 deleted because the program has left the block in …" when its scope ends.
    return reason === "generic" && (/watchpoint \d+: /i.test(output) || WATCH_SCOPE.test(output)) ? "watchpoint" : undefined;
  },
  // Which watchpoint, in gdb's words (its number is the id cdt-gdb-adapter answered setDataBreakpoints with).
  stopDescription(reason, output) {
    if (reason !== "generic") return gdbSignalDescription(reason);
    const scope = WATCH_SCOPE.exec(output);
    if (scope) return `watchpoint ${scope[1]} deleted: the program left the block where its expression is valid`;
    const fired = [
      ...output.matchAll(/^(?:Thread \d+ "[^"\n]*" hit )?(?:Hardware |Software )?(?:[Rr]ead |[Aa]ccess \(read\/write\) )?[Ww]atchpoint (\d+): (.+)$/gm),
    ].at(-1);
    return fired ? `watchpoint ${fired[1]}: ${fired[2]}` : undefined;
  },
  // gdb keeps the value `finish` returned in its value history; cdt-gdb-adapter drops it from the stop.
  returnValue: { before: "show values", after: "show values", parse: (after, before) => gdbReturnValue(after, before) },
  printContext: "watch",
  // glibc without debug info: gdb refuses `strcmp(a, b)` until cast to its declared return type.
  // cdt-gdb-adapter sends `-break-condition N COND` as is: GDB/MI reads a `"` in it as the start of
  // one argument ("Problem parsing arguments" at `"/a")`). One MI C string is read back whole.
  breakpointCondition: (condition, found) =>
    variantOf(found) === "cdt-gdb-adapter" && /["\\]/.test(condition) ? `"${condition.replace(/[\\"]/g, (c) => `\\${c}`)}"` : condition,
  retryExpression: (expression, error, program) =>
    program && isRust(program) ? undefined : (retryWithLibraryCastsGdb(expression, error) ?? stringComparisons(expression, error)),
  waits: cWaits,
  compactValue: gdbCompactValue,
  nativeValues: nativeShapes,
  conditionTruth: nativeTruth,
  // Rust's wrappers through rustc's gdb providers (`strong=1, weak=0`) and a Mutex shown as `{...}`.
  wrappers: rustWrappers,
  frameName: nativeFunctionName,
  runtimeFrames: NATIVE_RUNTIME_FRAMES,
  // gdb's printer shows a unique_ptr or shared_ptr as `{get() = 0x…}`: `*EXPR` (its libstdc++ xmethods) reads the object.
  // "Program terminated with signal SIGSEGV, Segmentation fault." on opening a crash's core.
  coreSignal(console) {
    const m = /Program terminated with signal (SIG[A-Z0-9]+), ([^.\n]+)/.exec(console);
    return m ? { signal: m[1]!, meaning: m[2]! } : undefined;
  },
  ownedObject: (v, expression) =>
    /^std::(?:unique|shared)_ptr</.test(v.type ?? "") && /\{get\(\) = 0x[0-9a-f]*[1-9a-f][0-9a-f]*\}$/i.test(v.value) ? `*${expression}` : undefined,
  // cdt-gdb-adapter's variable objects have no children where a pretty printer answers (dynamic
  // varobjs): `output EXPR` prints what `print` would, without adding to the value history.
  consoleValue: {
    // Also where the varobj has children: gdb's own printing knows a Rust enum's variant (`Some("x")`,
    // `None`) and an array's elements, which the children spell as a union of every variant.
    applies: (value, _reference, found) => variantOf(found) === "cdt-gdb-adapter" && (value.trim() === "{...}" || /^\[\d+\]$/.test(value.trim())),
    command: (expression) => `output ${expression}`,
    parse: (text) => {
      const value = text.replace(/\r/g, "").trim();
      return value && !/^(?:No symbol|There is no member|Cannot access memory|A syntax error)/.test(value) ? value.replace(/\s*\n\s*/g, " ") : undefined;
    },
  },
  // cdt-gdb-adapter runs a gdb command given as `>CMD` in the repl context and sends its text as
  // output events before the reply (whose result is just "\r"); gdb's own DAP runs it as typed.
  rawCommand: (command, found) =>
    variantOf(found) === "cdt-gdb-adapter" ? { expression: command.startsWith(">") ? command : `>${command}`, textAsOutput: true } : undefined,
  // `Line 4 of "a.c" starts at address …`: the file as the compiler was given it.
  functionSource: {
    command: (name) => `info line ${name}`,
    parse: (output) => [...output.matchAll(/^Line (\d+) of "([^"]+)"/gm)].map((m) => ({ file: m[2]!, line: Number(m[1]) })),
  },
  // The Local scope holds the arguments too; `info args` names them (`a = 0`, or "No arguments.").
  argumentNames: { command: "info args", parse: (text) => [...text.matchAll(/^([A-Za-z_$][\w$]*) = /gm)].map((m) => m[1]!) },
  // cdt-gdb-adapter's -var-create misses a frame below an inlined glibc frame ("No symbol … in
  // current context"); gdb's own `info args`/`info locals` in that frame read it.
  consoleLocals: {
    commands: (thread, level) => ["args", "locals"].map((what) => `thread apply ${thread} -q frame apply level ${level} -q info ${what}`),
    parse: (text) =>
      text.split("\n").flatMap((line) => {
        const m = /^([A-Za-z_]\w*) = (.*)$/.exec(line);
        return m ? [{ name: m[1]!, value: m[2]! }] : [];
      }),
  },
  // gdb's thread ids are its own numbers; `info threads` gives each one's LWP.
  threadsByLwp: { command: "info threads", parse: gdbThreadsByLwp },
  rewriteExpression(expression, found) {
    // cdt-gdb-adapter puts the expression between quotes for -var-create without escaping it: a
    // string literal (`strcmp(key, "/a")`) ended that MI string early and gdb rejected it.
    if (variantOf(found) === "cdt-gdb-adapter" && /["\\]/.test(expression)) expression = miString(expression).slice(1, -1);
    if (!hasCall(expression)) return { expression };
    // cdt-gdb-adapter keeps one gdb varobj per expression text and frame level for the whole
    // session, and evaluates it again with -var-update. When that call stops at a breakpoint,
    // gdb 13 writes malformed MI and the adapter dies (node: V8 fatal error). A spelling never
    // seen before gets a fresh -var-create: the same expression, with different blanks inside.
    const blanks = (++callSerial).toString(2).replace(/1/g, "\t").replace(/0/g, " ");
    return { expression: `(${blanks}${expression})` };
  },
  checkEvaluate(expression, body) {
    // cdt-gdb-adapter answers a failed evaluation with success and this text, dropping gdb's reason.
    if (body.result === "Error: could not evaluate expression" && !body.type && body.variablesReference === 0) {
      throw new DebuggerError(
        "EVALUATE_FAILED",
        `cannot evaluate '${expression}': gdb rejected it (unknown name, or not valid in this frame)`,
        "`debugger locals` lists the names in scope",
      );
    }
    if (body.result === "" && body.type !== "void" && body.variablesReference === 0 && hasCall(expression)) {
      throw new DebuggerError(
        "UNSUPPORTED",
        `gdb could not call a function in the program ('${expression}' gave no value): either gdb cannot make calls on this machine (gdb 13 on some CPUs fails with "Couldn't write extended state status"), or the call reached a breakpoint and stopped inside the function`,
        "use lldb-dap (--adapter lldb-dap) for function calls; expressions without calls work with gdb. If `debugger backtrace` shows `<function called from gdb>`, `debugger continue` finishes the call and comes back",
      );
    }
  },
  exitCodeFromOutput: exitCodeFromGdbOutput,
  exitSignal: (_code, text) => signalDeathFromGdbOutput(text),
  // cdt-gdb-adapter turns gdb's `*stopped,reason="exited-signalled"` into a stop with no thread.
  signalDeathAtStop: signalDeathFromGdbOutput,
  outputCategory: gdbOutputCategory,
  // What the stop report already says (the stop banner, the source line, thread and core notices)
  // and cdt-gdb-adapter's greeting stay in `output --console` but out of the report.
  reportNoise: new RegExp(`${GDB_MESSAGE.source}|${CDT_GREETING.source}`),
  // cdt-gdb-adapter echoes the initCommands that set the program's LINES and COLUMNS: ours, not news.
  ignoreOutput: (text, category) => category === "console" && /^((un)?set environment (LINES|COLUMNS)\b[^\n]*\n?)+$/.test(`${text.trim()}\n`),
  // cdt-gdb-adapter sends no `exited` event; gdb's own DAP does, and loses nothing by the quirk.
  // cdt-gdb-adapter has no exception filters; the C++ runtime's entry points stand in for gdb's catchpoints.
  catchpoints: () => CXX_CATCHPOINTS,
  throwFilter: "throw",
  quirks: { programMustBeExecutable: true, noExitedEvent: true, programPipes: (found) => variantOf(found) === "cdt-gdb-adapter" },
};
