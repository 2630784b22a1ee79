// Delve (`dlv dap`): Go. Facts in shared/ADAPTERS.md: TCP only, no `exited` event, the debuggee's
// output on dlv's own stdout/stderr, goroutines as threads, calls only through `call EXPR`.
import { closeSync, existsSync, openSync, readdirSync, readSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { envChanges, type Env } from "../common/callerEnv.ts";
import type { AdapterSpec, FoundAdapter, LaunchOptions } from "./types.ts";
import { goDebugBuild } from "./goBuild.ts";
import { fileStamp, isDirectory, isExecutable, pathFromEnv, which } from "./which.ts";
import { signalName } from "../common/signals.ts";
import { DELVE_REPORT_NOISE, delveOutputCategory, delvePointers, delveWrappers, goCompactValue, goTruth } from "./delveValues.ts";
import { goLearnTypes, goTypedRead } from "./delveParts.ts";
import { C_RUNTIME_FRAMES, GO_RUNTIME_FRAMES } from "./runtimeFrames.ts";
import { goRuntimeValues } from "./goValues.ts";
import { goWaits } from "./goWaits.ts";

function candidates(env: Env | NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  const given = pathFromEnv("DEBUGGER_DLV", env);
  if (given) return [given];
  const onPath = which("dlv", env);
  if (onPath) out.push(onPath);
  // `go install` puts it in GOBIN, else GOPATH/bin, else ~/go/bin — often not on PATH.
  if (env.GOBIN) out.push(join(env.GOBIN, "dlv"));
  for (const p of (env.GOPATH ?? "").split(":").filter(Boolean)) out.push(join(p, "bin", "dlv"));
  out.push(join(env.HOME || homedir(), "go", "bin", "dlv"), "/opt/homebrew/bin/dlv", "/usr/local/bin/dlv");
  return out;
}

// ---- is it Go? ------------------------------------------------------------------------------

const HEAD_BYTES = 32 * 1024;
/** Go writes its build id at the start of the text of non-ELF binaries (cmd/internal/buildid). */
const BUILD_ID_PREFIX = Buffer.from('\xff Go build ID: "', "latin1");
const GO_ELF_SECTIONS = new Set([".gopclntab", ".go.buildinfo", ".note.go.buildid", ".gosymtab"]);
const GO_MACHO_SECTIONS = [Buffer.from("__gopclntab\0"), Buffer.from("__go_buildinfo")];

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, offset);
  return buf.subarray(0, n);
}

/** ELF: a Go section name in the section header string table (present even in stripped binaries). */
function elfHasGoSection(fd: number, head: Buffer): boolean {
  const is64 = head[4] === 2;
  const le = head[5] === 1;
  const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const word = (b: Buffer, o: number) => (is64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o));
  if (head.length < (is64 ? 64 : 52)) return false;
  const shoff = word(head, is64 ? 0x28 : 0x20);
  const shentsize = u16(head, is64 ? 0x3a : 0x2e);
  const shnum = u16(head, is64 ? 0x3c : 0x30);
  const shstrndx = u16(head, is64 ? 0x3e : 0x32);
  if (!shoff || shnum === 0 || shnum > 4096 || shstrndx >= shnum || shentsize < (is64 ? 64 : 40)) return false;
  const headers = readAt(fd, shoff, shnum * shentsize);
  if (headers.length < shnum * shentsize) return false;
  const at = shstrndx * shentsize;
  const strOff = word(headers, at + (is64 ? 0x18 : 0x10));
  const strSize = Math.min(word(headers, at + (is64 ? 0x20 : 0x14)), 64 * 1024);
  const names = readAt(fd, strOff, strSize);
  for (let i = 0; i < shnum; i++) {
    const nameOff = u32(headers, i * shentsize);
    const end = names.indexOf(0, nameOff);
    if (end > nameOff && GO_ELF_SECTIONS.has(names.toString("latin1", nameOff, end))) return true;
  }
  return false;
}

/** Mach-O: the load commands (right after the header) name the Go sections. */
function machoHasGoSection(head: Buffer): boolean {
  const limit = Math.min(head.length, 32 + head.readUInt32LE(20));
  const cmds = head.subarray(0, limit);
  return GO_MACHO_SECTIONS.some((s) => cmds.includes(s));
}

/**
 * Is this file an executable built by the Go toolchain? Reads at most ~40 KB and spawns nothing
 * (a few hundred microseconds), since it runs on every `start` without --adapter.
 */
export function isGoBinary(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = readAt(fd, 0, HEAD_BYTES);
    if (head.length < 64) return false;
    const magic = head.readUInt32BE(0);
    if (magic === 0x7f454c46) return elfHasGoSection(fd, head);
    if (magic === 0xcffaedfe || magic === 0xcefaedfe) return machoHasGoSection(head) || head.includes(BUILD_ID_PREFIX);
    if (magic === 0xcafebabe) {
      // Universal binary: look at the first architecture's slice (Java class files share the magic).
      const count = head.readUInt32BE(4);
      if (count === 0 || count > 16) return false;
      const slice = readAt(fd, head.readUInt32BE(16), HEAD_BYTES);
      return slice.length >= 64 && (machoHasGoSection(slice) || slice.includes(BUILD_ID_PREFIX));
    }
    if (head[0] === 0x4d && head[1] === 0x5a) return head.includes(BUILD_ID_PREFIX); // PE
    return false;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function isGoPackageDir(dir: string): boolean {
  try {
    if (existsSync(join(dir, "go.mod"))) return true;
    return readdirSync(dir).some((n) => n.endsWith(".go"));
  } catch {
    return false;
  }
}

/** Sources (a .go file, a package directory) are built by Delve; anything else is a binary. */
function isSource(program: string): boolean {
  return extname(program) === ".go" || isDirectory(program);
}

/** The directory holding go.mod above the program, where `go build` must run; else the program's own. */
export function moduleRoot(program: string): string {
  const start = isDirectory(program) ? program : dirname(program);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "go.mod"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

// ---- expressions ----------------------------------------------------------------------------

/** Names that look like calls but Delve evaluates without running code: builtins and conversions. */
const PURE_CALLS = new Set([
  "len",
  "cap",
  "complex",
  "real",
  "imag",
  "bool",
  "string",
  "byte",
  "rune",
  "uintptr",
  "error",
  "any",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "float32",
  "float64",
  "complex64",
  "complex128",
]);

/** True when evaluating needs a function call in the debuggee (Delve refuses those without `call`). */
export function needsCall(expression: string): boolean {
  // Blank out string, rune and raw-string literals so "f(x)" inside quotes is not a call.
  const code = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  for (const m of code.matchAll(/([\w.\])]+)\s*\(/g)) {
    const callee = m[1]!;
    if (callee.endsWith(".")) continue; // a type assertion, x.(T)
    if (!PURE_CALLS.has(callee)) return true;
  }
  return false;
}

// ---- exit code ------------------------------------------------------------------------------

/** "Process 4242 has exited with status 3": Delve's console message and its error after exit. */
export function exitCodeFromText(text: string): number | undefined {
  const all = [...text.matchAll(/Process \d+ has exited with status (-?\d+)/g)];
  const last = all.at(-1);
  return last ? Number(last[1]) : undefined;
}

/** Launch `output`: Delve builds sources to `__debug_bin` in its cwd (the user's module) otherwise. */
function buildOutput(o: LaunchOptions): string {
  const name = (isDirectory(o.program) ? o.program : dirname(o.program)).split(/[\\/]/).filter(Boolean).at(-1) ?? "main";
  return join(tmpdir(), `debugger-go-${name}-${process.pid}-${Date.now().toString(36)}`);
}

/**
 * Delve's `env`: the program inherits dlv's own environment with `env` set on it, and a null value
 * unsets a variable (dlv 1.20's launch config): null for each of dlv's that the program must not
 * see. `builds`: dlv builds the program itself (debug and test modes), with the CGO_CFLAGS it sets
 * in its own environment (-O0 -g), which is then left to the program too.
 */
export function programEnv(o: LaunchOptions, builds = false): Record<string, string | null> {
  return envChanges(o.env, [...(o.inherited ?? []), ...(builds ? [] : ["CGO_CFLAGS"])]);
}

export const delve: AdapterSpec = {
  name: "delve",
  sourceExtensions: [".go"],
  title: "Delve (dlv dap): Go",
  transport: { kind: "tcp-listen", pattern: /DAP server listening at:\s*\[?([\w.:-]+?)\]?:(\d+)/ },
  // In a target (`--via`): under this executable's relay there (TCP only), to its loopback port.
  remote: { names: ["dlv", "/usr/local/bin/dlv", "/root/go/bin/dlv", "/go/bin/dlv"], command: (path) => [path, "dap", "--listen=127.0.0.1:0"], relay: true },
  installHint:
    process.platform === "darwin"
      ? "`brew install delve`, or `go install github.com/go-delve/delve/cmd/dlv@latest` (puts dlv in ~/go/bin); DEBUGGER_DLV names another path"
      : "`apt-get install delve` (Debian/Ubuntu), or `go install github.com/go-delve/delve/cmd/dlv@latest` (puts dlv in ~/go/bin); DEBUGGER_DLV names another path",
  discover(o): FoundAdapter | null {
    // The version would cost a `dlv version` spawn on every start: `debugger doctor` can ask.
    for (const path of candidates(o?.env ?? process.env)) if (isExecutable(path)) return { path, command: [path, "dap", "--listen=127.0.0.1:0"] };
    return null;
  },
  install: {
    packages: { apt: ["delve"], dnf: ["delve"], pacman: ["delve"], brew: ["delve"] },
    fallback: () => {
      const go = which("go");
      return go ? { argv: [go, "install", "github.com/go-delve/delve/cmd/dlv@latest"], why: "install dlv with go install" } : undefined;
    },
  },
  handles(program) {
    if (extname(program) === ".go") return true;
    if (isDirectory(program)) return isGoPackageDir(program);
    return isGoBinary(program);
  },
  // Stopped on entry: without it Delve tries to continue the dump and reports that as an exception.
  coreArgs: (o) => ({ request: "launch", args: { mode: "core", program: o.program, coreFilePath: o.core, cwd: o.cwd, stopOnEntry: true } }),
  launchArgs(o) {
    const common = { args: o.args, cwd: o.cwd, env: programEnv(o), stopOnEntry: o.stopOnEntry };
    // Sources the daemon built (prebuild) run as any binary does.
    if (o.built) return { mode: "exec", program: o.built, ...common };
    // Otherwise Delve builds sources itself, with -gcflags='all=-N -l', from the module directory (spawnCwd).
    if (isSource(o.program)) return { mode: "debug", program: o.program, output: buildOutput(o), ...common, env: programEnv(o, true) };
    return { mode: "exec", program: o.program, ...common };
  },
  prebuild(o, log) {
    if (!isSource(o.program)) return Promise.resolve(undefined);
    const root = moduleRoot(o.program);
    return goDebugBuild(o.program, root, existsSync(join(root, "go.mod")), log, o.callerEnv);
  },
  // Delve's launch execs the program and holds it at its first instruction; what it read is the executable.
  launchAhead: {
    stamp(o) {
      if (o.stdin) return undefined;
      // The daemon's build is named by its sources and written once (renamed into place); its mtime is its last use.
      if (o.built) return fileStamp(o.built, false);
      return isSource(o.program) ? undefined : fileStamp(o.program);
    },
  },
  attachArgs(o) {
    // Through --connect to `dlv --headless` the process is already Delve's: mode "remote".
    if (o.remote) return { mode: "remote" };
    return { mode: "local", processId: o.pid };
  },
  spawnCwd(o) {
    return isSource(o.program) && !o.built ? moduleRoot(o.program) : undefined;
  },
  // dlv's DAP server steps out without asking for return values (onStepOutRequest, dlv 1.20 to now).
  returnValue: { cannot: "Delve's DAP server does not report what a function returned; `next` past the call's line, then print where the result went" },
  printContext: "watch",
  // Delve's DAP server cuts a value's text at 256 bytes with `...` (maxVarValueLen), except in the
  // clipboard context (showFullValue): a heap of four entries lost three.
  cutByAdapter: (text) => text.length >= 256 && text.endsWith("..."),
  compactValue: goCompactValue,
  typedParts: { read: (value, type, known) => goTypedRead(value, type, known).value, learn: goLearnTypes },
  conditionTruth: goTruth,
  wrappers: delveWrappers,
  pointerAddress: delvePointers,
  // Go's runtime, and glibc's where cgo calls reach it.
  runtimeFrames: [...GO_RUNTIME_FRAMES, ...C_RUNTIME_FRAMES],
  runtimeValue: goRuntimeValues,
  waits: goWaits,
  outputCategory: delveOutputCategory,
  reportNoise: DELVE_REPORT_NOISE,
  ignoreOutput(text, category) {
    return category === "console" && text.startsWith("Type 'dlv help' for list of commands.");
  },
  rewriteExpression(expression) {
    const e = expression.trim();
    if (/^call\s/.test(e)) return { expression: e, context: "repl" };
    return needsCall(e) ? { expression: `call ${e}`, context: "repl" } : { expression };
  },
  functionBreakpointName(name) {
    // Delve matches a bare name against every package: `add` is ambiguous with runtime's and
    // reflect's. A bare identifier means the program's own function, as in `main.add`.
    return /^[A-Za-z_]\w*$/.test(name) ? `main.${name}` : name;
  },
  exitCodeFromOutput: exitCodeFromText,
  // Delve gives a death by signal N as the status -N ("has exited with status -9").
  exitSignal: (code) => (typeof code === "number" && code < 0 ? signalName(-code) : undefined),
  // Delve stops at an unrecovered panic by itself; `catch panic` stops at every panic, recovered or not.
  catchpoints: () => [
    {
      filter: "panic",
      label: "Go panic",
      description: "every panic where it starts, recovered or not (runtime.gopanic); unrecovered ones stop anyway",
      function: "runtime.gopanic",
      reason: "panic",
      on: false,
      value: "e",
    },
  ],
  otherHits: "pc",
  // dlv 1.20's DAP launch has no stdin option; the program it launches inherits dlv's own stdin.
  quirks: { programMayBeDirectory: true, noExitedEvent: true, adapterOutputIsProgramOutput: true, programInheritsAdapterStdin: true },
};
