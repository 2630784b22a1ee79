// Plain vs debugger: each program of the corpus (test/fixtures/transparency, one per language)
// reports its world — argv, environment, cwd, umask, stdin, bytes on stdout and stderr — and ends
// as told. It runs plainly and under `debugger run` on every adapter of its language, with the
// daemon started earlier from another environment, and the two must agree. A difference is a
// failure unless README's "How the program runs under the debugger" lists it (INTENDED below).
// Issue 28, item 6; DESIGN.md 7b.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, CI, E2eEnv, missing, ROOT, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-world-" }));
const SRC = join(ROOT, "test", "fixtures", "transparency");
const FILE = "test/e2e/transparency.test.ts";
let dir: string;

interface Target {
  lang: string;
  adapter: string;
  /** The program: built in beforeAll, or the source itself (Python). */
  program: () => string;
  /** Signals the language's runtime lets kill the process as plainly as C does. */
  signals: string[];
}

const have = {
  lldb: adapterAvailable("lldb-dap", FILE),
  codelldb: adapterAvailable("codelldb", FILE),
  gdb: adapterAvailable("gdb", FILE),
  dlv: adapterAvailable("dlv", FILE),
  debugpy: Bun.spawnSync(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE),
  rustc: Bun.which("rustc") !== null || missing("rustc is not installed", FILE),
  go: Bun.which("go") !== null || missing("go is not installed", FILE),
  node: adapterAvailable("node", FILE),
};

const TARGETS: (Target & { available: boolean })[] = [
  { lang: "c", adapter: "lldb-dap", program: () => join(dir, "world-c"), signals: ["SEGV", "TERM"], available: have.lldb },
  { lang: "c", adapter: "gdb", program: () => join(dir, "world-c"), signals: ["SEGV", "TERM"], available: have.gdb },
  { lang: "c++", adapter: "lldb-dap", program: () => join(dir, "world-cpp"), signals: ["ABRT"], available: have.lldb },
  { lang: "c++", adapter: "gdb", program: () => join(dir, "world-cpp"), signals: ["ABRT"], available: have.gdb },
  { lang: "rust", adapter: "lldb-dap", program: () => join(dir, "world-rs"), signals: ["TERM"], available: have.lldb && have.rustc },
  { lang: "c", adapter: "codelldb", program: () => join(dir, "world-c"), signals: ["SEGV", "TERM"], available: have.codelldb },
  { lang: "c++", adapter: "codelldb", program: () => join(dir, "world-cpp"), signals: ["ABRT"], available: have.codelldb },
  { lang: "rust", adapter: "codelldb", program: () => join(dir, "world-rs"), signals: ["TERM"], available: have.codelldb && have.rustc },
  { lang: "go", adapter: "dlv", program: () => join(dir, "world-go"), signals: ["TERM"], available: have.dlv && have.go },
  { lang: "python", adapter: "debugpy", program: () => join(dir, "world.py"), signals: ["TERM"], available: have.debugpy },
  { lang: "javascript", adapter: "node", program: () => join(dir, "world.cjs"), signals: ["TERM"], available: have.node },
];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-world-src-"));
  const build = (argv: string[], cwd = dir) => {
    const r = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`${argv.join(" ")}: ${r.stderr.toString()}`);
  };
  build(["cc", "-g", "-O0", "-o", join(dir, "world-c"), join(SRC, "world.c")]);
  build(["c++", "-g", "-O0", "-o", join(dir, "world-cpp"), join(SRC, "world.cpp")]);
  if (have.rustc) build(["rustc", "-g", "-C", "opt-level=0", "-o", join(dir, "world-rs"), join(SRC, "world.rs")]);
  if (have.go) {
    copyFileSync(join(SRC, "world.go"), join(dir, "world.go"));
    writeFileSync(join(dir, "go.mod"), "module world\n\ngo 1.19\n");
    build(["go", "build", "-gcflags=all=-N -l", "-o", join(dir, "world-go"), "."]);
  }
  copyFileSync(join(SRC, "world.py"), join(dir, "world.py"));
  copyFileSync(join(SRC, "world.cjs"), join(dir, "world.cjs"));
  writeFileSync(join(dir, "input.txt"), "first line of input\nsecond, with ünïcode\n");
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

interface Case {
  name: string;
  args?: string[];
  env?: Record<string, string>;
  /** A file in dir given as the program's stdin. */
  stdin?: string;
}

const CASES: Case[] = [
  { name: "argv: spaces, empty, unicode, a leading -, --", args: ["a b", "", "ünï", "-l", "--", "x=y"] },
  {
    name: "environment: the caller's, values with spaces, empty, unicode",
    env: { WORLD_A: "the caller's value", WORLD_EMPTY: "", WORLD_UNI: "ünïcödé", TZ: "Europe/Paris" },
  },
  { name: "exit code 7", env: { WORLD_END: "exit:7" } },
  { name: "stdin from a file", stdin: "input.txt" },
  { name: "a 1.2 MB burst of output", env: { WORLD_BURST: "30000" } },
];

/**
 * Differences the README lists as intended ("The program's environment", "The program's output"),
 * per adapter: each rewrites what the plain run printed into what the debugger is meant to show.
 */
interface Intended {
  /** Variables the tool adds to the program's environment (README: DEBUGGER_ADAPTER_ID, debugpy's PYDEVD_USE_FRAME_EVAL). */
  adds: string[];
  /** stdout and stderr are read apart: each keeps its order, their order relative to each other is as they arrived. */
  streamsApart: boolean;
}
const INTENDED: Record<string, Intended> = {
  "lldb-dap": { adds: ["DEBUGGER_ADAPTER_ID"], streamsApart: false },
  gdb: { adds: ["DEBUGGER_ADAPTER_ID"], streamsApart: true },
  codelldb: { adds: ["DEBUGGER_ADAPTER_ID"], streamsApart: true },
  dlv: { adds: ["DEBUGGER_ADAPTER_ID"], streamsApart: true },
  debugpy: { adds: ["PYDEVD_USE_FRAME_EVAL"], streamsApart: true },
  node: { adds: ["DEBUGGER_ADAPTER_ID", "NODE_OPTIONS", "VSCODE_INSPECTOR_OPTIONS"], streamsApart: true },
};

const STDERR_LINE = "to stderr\n";

/** What the program printed, made into what the debugger is meant to show of it (INTENDED). */
function expectedOf(plainText: string, adapter: string): string {
  const text = plainText;
  // U+FFFD for bytes that are not UTF-8: the plain run is decoded the same way (TextDecoder's default).
  return text.replace(/^envkeys(.*)$/m, (_, keys: string) => {
    const all = [...new Set([...keys.trim().split(" ").filter(Boolean), ...INTENDED[adapter]!.adds])];
    all.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `envkeys ${all.join(" ")}`;
  });
}

/** The two texts agree, the order of stderr's line against stdout's aside where the streams are read apart. */
function expectSame(got: string, want: string, adapter: string): void {
  if (INTENDED[adapter]!.streamsApart) {
    expect(got).toContain(STDERR_LINE);
    expect(got.replace(STDERR_LINE, "")).toBe(want.replace(STDERR_LINE, ""));
  } else expect(got).toBe(want);
}

/** The file the daemon kept the run's whole output in (the newest under this env's state dir). */
function outputFile(): string {
  const dir = join(env().env.XDG_STATE_HOME!, "debugger-cli", "output");
  const files = readdirSync(dir).map((f) => join(dir, f));
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0]!;
}

interface Ending {
  exitCode?: number;
  signal?: string;
}

function plain(program: string, c: Case, callerEnv: Record<string, string>): { text: string; end: Ending } {
  const argv = program.endsWith(".py") ? ["/usr/bin/python3", program] : program.endsWith(".cjs") ? [Bun.which("node") ?? "node", program] : [program];
  const r = Bun.spawnSync([...argv, ...(c.args ?? [])], {
    cwd: dir,
    env: callerEnv,
    stdin: c.stdin ? Bun.file(join(dir, c.stdin)) : "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const text = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
  return { text, end: r.signalCode ? { signal: String(r.signalCode) } : { exitCode: r.exitCode ?? undefined } };
}

for (const t of TARGETS) {
  describe(`${t.lang} on ${t.adapter}`, () => {
    beforeAll(async () => {
      // The daemon starts from another shell, with another environment than the calls below.
      if (t.available) await env().run(["sessions"], { env: { WORLD_A: "the daemon's value", WORLD_DAEMON_ONLY: "1", TZ: "Asia/Tokyo" } });
    });

    for (const c of CASES) {
      test.skipIf(!t.available)(c.name, async () => {
        const callerEnv = { ...env().env, DEBUGGER_PYTHON: "/usr/bin/python3", ...c.env };
        const want = plain(t.program(), c, callerEnv);
        const r = await env().run(["run", t.program(), "--adapter", t.adapter, ...(c.stdin ? ["--stdin", join(dir, c.stdin)] : []), "--", ...(c.args ?? [])], {
          cwd: dir,
          env: { DEBUGGER_PYTHON: "/usr/bin/python3", ...c.env },
        });
        expect(r.json?.ok, r.stdout + r.stderr).toBe(true);
        const stop = r.json.data.stop!;
        const expected = expectedOf(want.text, t.adapter);
        // Every byte the program wrote is in the output file, whatever the reply shows.
        expectSame(readFileSync(stop.outputFile ?? outputFile(), "utf8"), expected, t.adapter);
        // The reply shows all of it, or the last whole lines and where the rest is.
        if (stop.outputFile) {
          expect(stop.truncated?.join("\n")).toContain(stop.outputFile);
          expect(expected.replace(STDERR_LINE, "").endsWith(stop.output!.replace(STDERR_LINE, ""))).toBe(true);
        } else expectSame(stop.output!, expected, t.adapter);
        expect(stop.exitCode).toBe(want.end.exitCode!);
        expect(stop.signal).toBeUndefined();
      });
    }

    for (const sig of t.signals) {
      test.skipIf(!t.available)(`killed by SIG${sig}`, async () => {
        const c: Case = { name: sig, env: { WORLD_END: `signal:${sig}` } };
        const callerEnv = { ...env().env, DEBUGGER_PYTHON: "/usr/bin/python3", ...c.env };
        const want = plain(t.program(), c, callerEnv);
        expect(want.end.signal).toBe(`SIG${sig}`);
        const r = await env().run(["run", t.program(), "--adapter", t.adapter], { cwd: dir, env: { DEBUGGER_PYTHON: "/usr/bin/python3", ...c.env } });
        expect(r.json?.ok, r.stdout + r.stderr).toBe(true);
        const stop = r.json.data.stop!;
        // A signal is told as a signal, never as an exit code: under a debugger it stops the
        // program first (a crash is reported where it happened), or the program dies of it.
        expect(stop.exitCode).toBeUndefined();
        expect(`${stop.description ?? ""} ${stop.signal ?? ""} ${stop.exception?.id ?? ""}`).toContain(`SIG${sig}`);
      });
    }
  });
}

test("the corpus covers every language and adapter it names", () => {
  expect(new Set(TARGETS.map((t) => t.lang))).toEqual(new Set(["c", "c++", "rust", "go", "python", "javascript"]));
  if (CI) for (const t of TARGETS) expect(t.available).toBe(true);
});
