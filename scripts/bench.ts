// Benchmarks of what an agent pays per step (issues 11 and 25), written to BENCHMARKS.md. Every
// target is a ratio of two medians measured in the same run, the two sides interleaved run by run
// (and the empty program between them, so each row says how fast the machine was while it ran),
// so a busy machine slows both alike. Targets live here, never in timed tests.
//   bun scripts/bench.ts [--runs N]      (N: runs of the fast measures; start-ups take N/4)
//   … --only go,memory --bin PATH        some sections (version threads lldb python gdb go pynext
//                                        native test batch memory), another build; prints, writes nothing
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { debugpy } from "../src/adapters/debugpy.ts";
import { delve } from "../src/adapters/delve.ts";
import { gdb } from "../src/adapters/gdb.ts";
import { lldbDap } from "../src/adapters/lldbDap.ts";
import { withNoDelay } from "../src/adapters/pythonNoDelay.ts";
import { COMPILE_FLAGS } from "./build.ts";
import { rawNext, rawReport, rawRun, rawStart, type Kind } from "./rawDap.ts";

const root = join(import.meta.dir, "..");
const flag = (name: string) => (process.argv.indexOf(name) > 0 ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const bin = flag("--bin") ?? join(root, "dist", "debugger");
const only = flag("--only")?.split(",");
const want = (section: string) => !only || only.includes(section);
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 100;
const SLOW_RUNS = Math.max(5, Math.round(RUNS / 4));
const WARMUP = 5;

const work = mkdtempSync(join(tmpdir(), "dbg-bench-"));
const env = {
  ...process.env,
  DEBUGGER_RUNTIME_DIR: join(work, "rt"),
  XDG_STATE_HOME: join(work, "state"),
  XDG_CONFIG_HOME: join(work, "config"),
  XDG_CACHE_HOME: join(work, "cache"),
} as Record<string, string>;
delete env.DEBUGGER_JSON;
delete env.DEBUGGER_SESSION;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function spawnTimed(argv: string[], cwd?: string): { ms: number; out: string } {
  const t = performance.now();
  const r = Bun.spawnSync(argv, { env, cwd, stdout: "pipe", stderr: "pipe" });
  const ms = performance.now() - t;
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed (${r.exitCode}): ${r.stdout}${r.stderr}`);
  return { ms, out: r.stdout.toString() };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const cli = (args: string[]) => spawnTimed([bin, ...args]);
const json = (args: string[]) => JSON.parse(cli([...args, "--json"]).out).data;

/** The empty program's median in the row measured last (the machine's speed while it ran). */
let lastEmpty = NaN;
const loads: number[] = [];
const loadNow = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/**
 * Runs a and b alternately (after warm-up runs of each), with one run of the empty program after
 * each pair, and returns both medians; the empty program's median is kept in lastEmpty.
 */
async function paired(n: number, a: () => number | Promise<number>, b: () => number | Promise<number>, warmup = WARMUP): Promise<[number, number]> {
  const as: number[] = [];
  const bs: number[] = [];
  const es: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const x = await a();
    const y = await b();
    const e = runEmpty();
    if (i >= warmup) {
      as.push(x);
      bs.push(y);
      es.push(e);
    }
    if (i % 5 === 0) loads.push(loadNow());
  }
  lastEmpty = median(es);
  return [median(as), median(bs)];
}

/** Until `daemon status` shows what `holds` looks for (at most 5 s); false when it never did. */
async function statusShows(holds: (status: { spares?: { adapter: string }[]; launched?: { program: string }[] }) => boolean): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (holds(json(["daemon", "status"]))) return true;
    await Bun.sleep(50);
  }
  return false;
}

/** Until the daemon holds a ready spare of ADAPTER (a warm start takes it; an agent thinks for longer than this). */
const spareReady = (adapter: string) => statusShows((d) => (d.spares ?? []).some((s) => s.adapter === adapter));

/**
 * Until the daemon holds a launch of PROGRAM made ahead (made when the last session of it ended:
 * debugpy, Delve; an agent reads a reply for longer than this). False when none came.
 */
const aheadReady = (program: string) => statusShows((d) => (d.launched ?? []).some((l) => l.program === program));

/** How many starts have taken a launch of PROGRAM made ahead, by the daemon's log. */
const aheadTaken = (program: string) =>
  (json(["logs", "--tail", "20000"]).text as string).split("\n").filter((l) => l.includes(`launch of ${program} made ahead taken`)).length;

/** "N/M … took a launch made ahead", from the log's count before and after a row of M runs of ours. */
const aheadNote = (program: string, before: number, runs: number, what = "runs") => `${aheadTaken(program) - before}/${runs} ${what} took a launch made ahead`;

// The programs: examples/average.c stopped at line 12; a Python loop stopped at its body.
const cProgram = join(work, "average");
const cSource = join(root, "examples", "average.c");
if (Bun.spawnSync(["cc", "-g", "-O0", "-o", cProgram, cSource]).exitCode !== 0) throw new Error("cc failed");
const C_LINE = 12;
const pySource = join(work, "loop.py");
await Bun.write(
  pySource,
  [
    "def main():",
    "    total = 0",
    "    items = [3, 1, 4, 1, 5]",
    "    for i in range(10_000_000):",
    "        total += i % 7",
    '        label = f"step {i}"',
    "    print(total, label, items)",
    "",
    "",
    "main()",
    "",
  ].join("\n"),
);
const PY_LINE = 5;

// An empty program compiled the way dist/debugger is (the same flags): Bun's own start-up, the floor for the CLI.
const compile = (source: string, out: string) =>
  Bun.spawnSync([process.execPath, "build", "--compile", ...COMPILE_FLAGS, source, "--outfile", out], { stdout: "ignore", stderr: "inherit" }).exitCode === 0;
const emptySource = join(work, "empty.ts");
const empty = join(work, "empty");
await Bun.write(emptySource, 'console.log("hello");\n');
if (!compile(emptySource, empty)) throw new Error("building the empty program failed");
const runEmpty = () => spawnTimed([empty]).ms;

// The least a client of the daemon can do: connect, send `threads`, print the reply line and exit
// without waiting for the socket to close (the fastest of the variants measured: node:net is far
// slower, ending the socket and waiting for its close no faster). What `debugger threads` costs
// above this is the CLI's own start-up and work.
const socketClientSource = join(work, "socketClient.ts");
const socketClient = join(work, "socketClient");
await Bun.write(
  socketClientSource,
  `let buf = "";
Bun.connect({ unix: process.argv[4] ?? process.env.DEBUGGER_RUNTIME_DIR + "/daemon.sock", socket: {
  open(s) { s.write(JSON.stringify({ command: "threads", session: process.argv[2], cwd: process.cwd(), args: {}, id: 1, version: process.argv[3] }) + "\\n"); },
  data(_s, chunk) { buf += chunk.toString(); if (buf.includes("\\n")) { if (!JSON.parse(buf).ok) process.exit(1); Bun.write(Bun.stdout, buf).then(() => process.exit(0)); } },
  close() { if (!buf.includes("\\n")) process.exit(1); }, error() { process.exit(1); }, connectError() { process.exit(1); },
} });
`,
);
if (!compile(socketClientSource, socketClient)) throw new Error("building the socket client failed");
// The same through libc with blocking calls, as the CLI's thin client waits on Linux (src/cli/syncSocket.ts).
const libcClientSource = join(work, "libcClient.ts");
const libcClient = join(work, "libcClient");
await Bun.write(
  libcClientSource,
  `import { SyncSocket } from ${JSON.stringify(join(root, "src/cli/syncSocket.ts"))};
const s = SyncSocket.connect(process.argv[4] ?? process.env.DEBUGGER_RUNTIME_DIR + "/daemon.sock");
if (!s) process.exit(1);
s.send(Buffer.from(JSON.stringify({ command: "threads", session: process.argv[2], cwd: process.cwd(), args: {}, id: 1, version: process.argv[3] }) + "\\n"), 1000);
let buf = "";
for (;;) { const r = s.receive(200); if (r === "closed" || r === "failed") process.exit(1); if (r !== "nothing") { buf += Buffer.from(r.bytes).toString(); if (buf.includes("\\n")) break; } }
if (!JSON.parse(buf).ok) process.exit(1);
await Bun.write(Bun.stdout, buf);
process.exit(0);
`,
);
const haveLibcClient = process.platform === "linux" && compile(libcClientSource, libcClient);

const lldb = lldbDap.discover();
if (!lldb) throw new Error("lldb-dap not found: bash scripts/install-adapters.sh");
const python = debugpy.discover({ options: {} });
if (!python) throw new Error("no python3 with debugpy: bash scripts/install-adapters.sh");
const pyAdapter = python.command;
// A raw client on an unmodified debugpy, and one given the same TCP_NODELAY bootstrap the CLI uses.
const pyPlain = { ...env, PYTHONPATH: process.env.PYTHONPATH };
// The raw client gets the TCP_NODELAY fix only (not the bootstrap's pydevd import trim, which is ours).
const pyNoDelay = { ...env, PYTHONPATH: withNoDelay(process.env.PYTHONPATH, process.env, true) };

interface Row {
  what: string;
  ours: number;
  base: number;
  baseName: string;
  goal?: number;
  note?: string;
  /** The empty program's median, measured between the pairs of this row. */
  empty?: number;
}
const rows: Row[] = [];
let memory: { mb: number; kinds: number; launched: number; inUseMb: number; inUseKinds: number; inUseLaunched: number } | undefined;
const addRow = (r: Row) => rows.push({ empty: lastEmpty, ...r });
const info: string[] = [];

// 1. --version vs the empty program (no daemon involved).
if (want("version")) {
  const [ours, base] = await paired(RUNS, () => cli(["--version"]).ms, runEmpty);
  addRow({ what: "`debugger --version`", ours, base, baseName: "empty Bun program", goal: 1.2 });
}

// 2. threads on a stopped lldb-dap session vs the empty program.
if (want("threads")) {
  cli(["start", cProgram, "--break", `${cSource}:${C_LINE}`, "--session", "threads"]);
  const [ours, base] = await paired(RUNS, () => cli(["threads", "--session", "threads"]).ms, runEmpty);
  addRow({ what: "`debugger threads` (stopped lldb-dap session)", ours, base, baseName: "empty Bun program", goal: 1.3 });
  const version = cli(["--version"]).out.split(" ")[0]!;
  const [client, base2] = await paired(RUNS, () => spawnTimed([socketClient, "threads", version]).ms, runEmpty);
  info.push(
    `the floor for \`threads\`: a compiled Bun program that only connects, sends \`threads\` and prints the reply takes ${ms(client)} against the empty program's ${ms(base2)} (ratio ${(client / base2).toFixed(2)})`,
  );
  if (haveLibcClient) {
    const [libcMs, base4] = await paired(RUNS, () => spawnTimed([libcClient, "threads", version]).ms, runEmpty);
    info.push(
      `the same client waiting on the socket through libc (blocking calls, no event loop: the CLI's way on Linux, src/cli/syncSocket.ts): ${ms(libcMs)} against the empty program's ${ms(base4)} (ratio ${(libcMs / base4).toFixed(2)})`,
    );
  }
  // The same client against a server that answers at once with the daemon's own reply: what is the
  // client's (Bun's socket and its event loop), and so what the daemon's answer adds above.
  const reply = spawnTimed([socketClient, "threads", version]).out;
  const instant = join(work, "instant.sock");
  const server = Bun.spawn(
    [
      process.execPath,
      "-e",
      `Bun.listen({ unix: ${JSON.stringify(instant)}, socket: { data(s) { s.write(${JSON.stringify(reply)}); }, open() {}, close() {}, error() {} } });`,
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  for (let i = 0; i < 200 && !(await Bun.file(instant).exists()); i++) await Bun.sleep(10);
  const [atOnce, base3] = await paired(RUNS, () => spawnTimed([socketClient, "threads", version, instant]).ms, runEmpty);
  server.kill();
  info.push(
    `the same client against a server that answers at once with that reply: ${ms(atOnce)} against the empty program's ${ms(base3)} (ratio ${(atOnce / base3).toFixed(2)}): the client's own floor; the line above adds the daemon's answer (one lldb-dap round trip, \`threads\`: the stopped thread's frames are those its stop report read), and \`debugger threads\` adds to it the ownership checks of the runtime directory and socket and the line read and presented in the daemon (the thin client)`,
  );
  cli(["stop", "--session", "threads"]);
}

// 3, 4. start --break → first stop vs a raw DAP client doing the same (it also fetches what the
// stop report shows: frames, scopes, variables). The CLI's start takes the warm spare when one is ready.
async function startRow(
  kind: Kind,
  what: string,
  adapterName: string,
  program: string,
  source: string,
  line: number,
  adapter: string[],
  rawEnv: Record<string, string | undefined>,
  opts: {
    goal?: number;
    flags?: string[];
    baseName?: string;
    runs?: number;
    settleMs?: number;
    extraRaw?: { env: Record<string, string | undefined>; label: string; launch?: Record<string, unknown> };
    /** The adapter launches ahead: each start waits until the launch made ahead is held. */
    ahead?: boolean;
  } = {},
) {
  let warm = 0;
  const runs = opts.runs ?? SLOW_RUNS;
  const flags = opts.flags ?? [];
  const takenBefore = opts.ahead ? aheadTaken(program) : 0;
  const ourStart = async () => {
    await spareReady(adapterName);
    if (opts.ahead) await aheadReady(program);
    const r = cli(["start", program, ...flags, "--break", `${source}:${line}`, "--session", "start", "--json"]);
    const data = JSON.parse(r.out).data;
    if (data.stop?.frame?.line !== line) throw new Error(`${what}: stopped at ${data.stop?.frame?.line}, not ${line}`);
    if (json(["status", "--session", "start"]).warm) warm++;
    cli(["stop", "--session", "start"]);
    if (opts.settleMs) await Bun.sleep(opts.settleMs);
    return r.ms;
  };
  const rawOnce = async (e: Record<string, string | undefined>, launch?: Record<string, unknown>) => {
    const { dap, threadId, ms } = await rawStart(kind, adapter, program, source, line, work, e, { launch });
    const t = performance.now();
    await rawReport(dap, threadId);
    const total = ms + performance.now() - t;
    await dap.close();
    if (opts.settleMs) await Bun.sleep(opts.settleMs);
    return total;
  };
  const [ours, base] = await paired(runs, ourStart, () => rawOnce(rawEnv), 2);
  addRow({
    what,
    ours,
    base,
    baseName: opts.baseName ?? `raw DAP client${kind === "python" ? " (TCP_NODELAY bootstrap)" : ""}`,
    goal: opts.goal ?? 0.6,
    note: opts.ahead ? `${aheadNote(program, takenBefore, runs + 2, "starts")}; the others a warm spare` : `${warm}/${runs + 2} starts took a warm spare`,
  });
  if (opts.extraRaw) {
    const xs: number[] = [];
    for (let i = 0; i < SLOW_RUNS; i++) xs.push(await rawOnce(opts.extraRaw.env, opts.extraRaw.launch));
    info.push(`${opts.extraRaw.label}: ${median(xs).toFixed(1)} ms (ours / it = ${(ours / median(xs)).toFixed(2)})`);
  }
}
// A session of each kind makes its first spare (the memory row needs them too).
if (want("lldb") || want("memory")) {
  cli(["start", cProgram, "--break", `${cSource}:${C_LINE}`, "--session", "prime"]);
  cli(["stop", "--session", "prime"]);
}
// The raw client as any client would start lldb-dap; then given the one setting of ours that
// changes LLDB's own work (symbols read when needed, lldbDap.ts LAZY_SYMBOLS), for the fair floor.
if (want("lldb"))
  await startRow("lldb", "`debugger start --break` → first stop, lldb-dap (C)", "lldb-dap", cProgram, cSource, C_LINE, lldb.command, env, {
    extraRaw: {
      env,
      label: "lldb-dap start, raw client with `settings set target.preload-symbols false` as an initCommand",
      launch: { initCommands: ["settings set target.preload-symbols false"] },
    },
  });
if (want("python") || want("memory")) {
  cli(["start", pySource, "--break", `${pySource}:${PY_LINE}`, "--session", "prime"]);
  cli(["stop", "--session", "prime"]);
}
if (want("python"))
  await startRow("python", "`debugger start --break` → first stop, debugpy", "debugpy", pySource, pySource, PY_LINE, pyAdapter, pyNoDelay, {
    extraRaw: { env: pyPlain, label: "debugpy start, raw client on an unmodified debugpy" },
    ahead: true,
  });

// gdb (its own DAP from gdb 14, else cdt-gdb-adapter) on the same C program.
const gdbFound = gdb.discover();
if (gdbFound && (want("gdb") || want("memory"))) {
  cli(["start", cProgram, "--adapter", "gdb", "--break", `${cSource}:${C_LINE}`, "--session", "prime"]);
  cli(["stop", "--session", "prime"]);
}
if (gdbFound && want("gdb")) {
  await startRow(
    "gdb",
    `\`debugger start --break\` → first stop, gdb (C, ${gdbFound.variant ?? "gdb"})`,
    "gdb",
    cProgram,
    cSource,
    C_LINE,
    gdbFound.command,
    { ...env, ...gdbFound.env },
    { flags: ["--adapter", "gdb"] },
  );
} else if (!gdbFound) info.push("gdb: not found, its start was not measured");

// Go: a binary (Delve's exec mode) and its sources (built by the daemon, cached; the raw client
// has Delve build them in debug mode, with go's own build cache warm).
const dlv = delve.discover();
const goTool = Bun.which("go");
const goDir = join(work, "gomod");
const goBinary = join(work, "gobin");
if (dlv && goTool) {
  mkdirSync(goDir);
  await Bun.write(join(goDir, "go.mod"), "module example.com/bench\n\ngo 1.19\n");
  await Bun.write(
    join(goDir, "main.go"),
    [
      "package main",
      "",
      'import "fmt"',
      "",
      "func main() {",
      "\ttotal := 0",
      "\tfor i := 0; i < 5; i++ {",
      "\t\ttotal += i",
      "\t}",
      "\tfmt.Println(total)",
      "}",
      "",
    ].join("\n"),
  );
  if (Bun.spawnSync([goTool, "build", "-gcflags=all=-N -l", "-o", goBinary, "."], { cwd: goDir, stdout: "ignore", stderr: "inherit" }).exitCode !== 0)
    throw new Error("go build failed");
}
if (dlv && goTool && (want("go") || want("memory"))) {
  cli(["start", goBinary, "--break", `${join(goDir, "main.go")}:8`, "--session", "prime"]);
  cli(["stop", "--session", "prime"]);
}
if (dlv && goTool && want("go")) {
  const GO_LINE = 8;
  // Delve takes ~200 ms after a disconnect to end its debuggee, and a Delve launched meanwhile
  // sometimes waits as long: each side lets the last one finish first (not timed).
  const goOpts = { goal: 0.75, runs: Math.max(SLOW_RUNS, Math.round(RUNS / 2)), settleMs: 400, ahead: true };
  await startRow(
    "go",
    "`debugger start --break` → first stop, Delve, a Go binary",
    "delve",
    goBinary,
    join(goDir, "main.go"),
    GO_LINE,
    dlv.command,
    env,
    goOpts,
  );
  await startRow(
    "go",
    "`debugger start --break` → first stop, Delve, Go sources (our cached build; the raw client's Delve builds, go's cache warm)",
    "delve",
    goDir,
    join(goDir, "main.go"),
    GO_LINE,
    dlv.command,
    env,
    goOpts,
  );
} else if (!dlv || !goTool) info.push("Delve or go: not found, Go starts were not measured");

// 5. Python next with its full stop report, CLI process included, vs a raw client's next +
// stackTrace + scopes + variables on an unmodified debugpy. Both sessions sit in the same loop.
if (want("pynext")) {
  cli(["start", pySource, "--break", `${pySource}:${PY_LINE}`, "--session", "py"]);
  const raw = await rawStart("python", pyAdapter, pySource, pySource, PY_LINE, work, pyPlain);
  await rawReport(raw.dap, raw.threadId);
  const n = Math.max(15, Math.round(RUNS / 3));
  const [ours, base] = await paired(
    n,
    () => cli(["next", "--session", "py"]).ms,
    () => rawNext(raw.dap, raw.threadId),
    3,
  );
  addRow({ what: "Python `next` with its full stop report (CLI process included)", ours, base, baseName: "raw client on unmodified debugpy", goal: 0.35 });
  await raw.dap.close();
  cli(["stop", "--session", "py"]);
}

// Native `next` with its full stop report, CLI process included, vs a raw lldb-dap client's next +
// stackTrace + scopes + variables plus one start of the empty program (the least a CLI process costs).
if (want("native")) {
  const loopSource = join(work, "loop.c");
  const loopProgram = join(work, "loop");
  await Bun.write(
    loopSource,
    [
      "int main(void) {",
      "  volatile long total = 0;",
      "  for (long i = 0; i < 100000000; i++) {",
      "    total += i % 7;",
      "    total -= 1;",
      "  }",
      "  return (int)(total & 1);",
      "}",
      "",
    ].join("\n"),
  );
  if (Bun.spawnSync(["cc", "-g", "-O0", "-o", loopProgram, loopSource]).exitCode !== 0) throw new Error("cc failed");
  cli(["start", loopProgram, "--break", `${loopSource}:4`, "--session", "native"]);
  const raw = await rawStart("lldb", lldb.command, loopProgram, loopSource, 4, work, env);
  await rawReport(raw.dap, raw.threadId);
  const n = Math.max(15, Math.round(RUNS / 3));
  const [ours, base] = await paired(
    n,
    () => cli(["next", "--session", "native"]).ms,
    async () => (await rawNext(raw.dap, raw.threadId)) + runEmpty(),
    3,
  );
  addRow({
    what: "native `next` with its full stop report, lldb-dap (CLI process included)",
    ours,
    base,
    baseName: "raw lldb-dap next + report, plus one empty-program run",
    goal: 1.2,
  });
  await raw.dap.close();
  cli(["stop", "--session", "native"]);
}

// \`debugger test\` on a passing run vs the runner alone: pytest, and a Go test binary (go test -c).
if (want("test")) {
  const testDir = join(work, "tests");
  mkdirSync(testDir);
  await Bun.write(
    join(testDir, "test_pass.py"),
    ["def test_add():", "    assert 1 + 2 == 3", "", "", "def test_text():", '    assert "ab" * 2 == "abab"', ""].join("\n"),
  );
  const n = Math.max(5, Math.round(RUNS / 8));
  let sessions = 0;
  const ourTest = (argv: string[], program: string) => async () => {
    await aheadReady(program);
    const name = `t${sessions++}`;
    const r = cli(["test", "--session", name, "--json", "--", ...argv]);
    const data = JSON.parse(r.out).data;
    if (data.stop?.reason !== "exited" || data.stop?.exitCode !== 0) throw new Error(`debugger test ${argv.join(" ")}: ${r.out.slice(0, 400)}`);
    cli(["stop", "--session", name]);
    return r.ms;
  };
  const pytest = [python.path, "-m", "pytest", "-q", "-p", "no:cacheprovider", join(testDir, "test_pass.py")];
  if (Bun.spawnSync([python.path, "-m", "pytest", "--version"]).exitCode === 0) {
    const before = aheadTaken("pytest");
    const [ours, base] = await paired(n, ourTest(pytest, "pytest"), () => spawnTimed(pytest, testDir).ms, 2);
    addRow({ what: "`debugger test -- pytest` on a passing run", ours, base, baseName: "pytest alone", goal: 1.5, note: aheadNote("pytest", before, n + 2) });
  } else info.push(`${python.path} has no pytest: \`debugger test -- pytest\` was not measured`);
  if (dlv && goTool) {
    const goTests = join(work, "gotests");
    mkdirSync(goTests);
    await Bun.write(join(goTests, "go.mod"), "module example.com/calc\n\ngo 1.19\n");
    await Bun.write(join(goTests, "calc.go"), "package calc\n\nfunc Add(a, b int) int { return a + b }\n");
    await Bun.write(
      join(goTests, "calc_test.go"),
      'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("Add")\n\t}\n}\n',
    );
    const testBinary = join(goTests, "calc.test");
    if (
      Bun.spawnSync([goTool, "test", "-c", "-gcflags=all=-N -l", "-o", testBinary, "."], { cwd: goTests, stdout: "ignore", stderr: "inherit" }).exitCode !== 0
    )
      throw new Error("go test -c failed");
    const before = aheadTaken(testBinary);
    const [ours, base] = await paired(n, ourTest([testBinary], testBinary), () => spawnTimed([testBinary], goTests).ms, 2);
    // No goal against the binary alone: it runs in less time than any process of the CLI starts
    // (the empty program's column). Against Delve's own batch run of it (run to the end, exit), as
    // goal 1 holds each `run` to its native debugger's batch mode.
    addRow({
      what: "`debugger test -- ./calc.test` (a Go test binary from `go test -c`) on a passing run",
      ours,
      base,
      baseName: "the test binary alone",
      note: aheadNote(testBinary, before, n + 2),
    });
    const init = join(goTests, "dlv-test.init");
    writeFileSync(init, "continue\nexit\n");
    const before2 = aheadTaken(testBinary);
    const [ours2, dlvMs] = await paired(
      n,
      ourTest([testBinary], testBinary),
      () => spawnTimed([dlv.path, "exec", "--allow-non-terminal-interactive=true", "--init", init, testBinary], goTests).ms,
      2,
    );
    addRow({
      what: "`debugger test -- ./calc.test` on a passing run",
      ours: ours2,
      base: dlvMs,
      baseName: "`dlv exec --init` (continue, exit)",
      goal: 1.0,
      note: aheadNote(testBinary, before2, n + 2),
    });
  }
}

// 7. A whole `run` (start, one breakpoint after a 10,000-pass loop, one --print, the end) against
// the native debugger's batch mode doing the same; a condition false 9,999 times on the loop's
// line; a 10,000-hit `trace` with one print per hit (hits per second). Issue 34.
if (want("batch")) {
  const bdir = join(work, "batch");
  mkdirSync(bdir);
  const cLoop = join(bdir, "loop.c");
  const cBin = join(bdir, "loopc");
  await Bun.write(
    cLoop,
    [
      "#include <stdio.h>",
      "int main(void) {",
      "  long sum = 0;",
      "  for (int i = 0; i < 10000; i++) {",
      "    sum += i;",
      "  }",
      '  printf("%ld\\n", sum);',
      "  return 0;",
      "}",
      "",
    ].join("\n"),
  );
  if (Bun.spawnSync(["cc", "-g", "-O0", "-o", cBin, cLoop]).exitCode !== 0) throw new Error("cc failed");
  const pyLoop = join(bdir, "loop.py");
  await Bun.write(
    pyLoop,
    ["def main():", "    total = 0", "    for i in range(10000):", "        total += i", "    print(total)", "", "", "main()", ""].join("\n"),
  );
  const goLoopDir = join(bdir, "gomod");
  const goLoop = join(goLoopDir, "main.go");
  const goBin = join(bdir, "loopgo");
  const haveGo = !!(dlv && goTool);
  if (haveGo) {
    mkdirSync(goLoopDir);
    await Bun.write(join(goLoopDir, "go.mod"), "module example.com/loop\n\ngo 1.19\n");
    await Bun.write(
      goLoop,
      [
        "package main",
        "",
        'import "fmt"',
        "",
        "func main() {",
        "\tsum := 0",
        "\tfor i := 0; i < 10000; i++ {",
        "\t\tsum += i",
        "\t}",
        "\tfmt.Println(sum)",
        "}",
        "",
      ].join("\n"),
    );
    if (Bun.spawnSync([goTool!, "build", "-gcflags=all=-N -l", "-o", goBin, "."], { cwd: goLoopDir, stdout: "ignore", stderr: "inherit" }).exitCode !== 0)
      throw new Error("go build failed");
  }
  const dlvInit = (cond: boolean) => {
    const f = join(bdir, cond ? "dlv-cond.init" : "dlv.init");
    writeFileSync(f, cond ? `break ${goLoop}:8\ncondition 1 i == 9999\ncontinue\nprint sum\nexit\n` : `break ${goLoop}:10\ncontinue\nprint sum\nexit\n`);
    return f;
  };
  const lldbCli = Bun.which("lldb-19") ?? Bun.which("lldb");
  const gdbCli = Bun.which("gdb");
  interface Kind {
    name: string;
    ours: (cond: boolean) => string[];
    /** The program its adapter launches ahead (debugpy, Delve): each run waits until that launch is held. */
    ahead?: string;
    native?: (cond: boolean) => string[];
    nativeName: string;
    trace: { start: string[]; at: string };
    condGoal: number;
  }
  const kinds: Kind[] = [
    {
      name: "lldb-dap",
      ours: (c) => ["run", cBin, "--break", c ? `${cLoop}:5 if i == 9999` : `${cLoop}:7`, "--print", "sum"],
      native: lldbCli
        ? (c) => [lldbCli, "-b", "-o", c ? `breakpoint set -f ${cLoop} -l 5 -c "i == 9999"` : `b ${cLoop}:7`, "-o", "run", "-o", "p sum", cBin]
        : undefined,
      nativeName: "`lldb -b`",
      trace: { start: [cBin, "--break", `${cLoop}:4`], at: `${cLoop}:5` },
      condGoal: 1.0,
    },
    ...(gdbFound
      ? [
          {
            name: "gdb",
            ours: (c: boolean) => ["run", cBin, "--adapter", "gdb", "--break", c ? `${cLoop}:5 if i == 9999` : `${cLoop}:7`, "--print", "sum"],
            native: gdbCli
              ? (c: boolean) => [gdbCli, "-batch", "-ex", c ? `break ${cLoop}:5 if i == 9999` : `break ${cLoop}:7`, "-ex", "run", "-ex", "print sum", cBin]
              : undefined,
            nativeName: "`gdb -batch`",
            trace: { start: [cBin, "--adapter", "gdb", "--break", `${cLoop}:4`], at: `${cLoop}:5` },
            condGoal: 1.1,
          },
        ]
      : []),
    {
      name: "debugpy",
      ours: (c) => ["run", pyLoop, "--break", c ? `${pyLoop}:4 if i == 9999` : `${pyLoop}:5`, "--print", "total"],
      native: (c) => [python.path, "-m", "pdb", "-c", c ? "b 4, i == 9999" : "b 5", "-c", "c", "-c", "p total", "-c", "q", pyLoop],
      nativeName: `\`${python.path} -m pdb\``,
      ahead: pyLoop,
      trace: { start: [pyLoop, "--break", `${pyLoop}:3`], at: `${pyLoop}:4` },
      condGoal: 1.5,
    },
    ...(haveGo
      ? [
          {
            name: "Delve",
            ours: (c: boolean) => ["run", goBin, "--break", c ? `${goLoop}:8 if i == 9999` : `${goLoop}:10`, "--print", "sum"],
            native: (c: boolean) => [dlv!.path, "exec", "--allow-non-terminal-interactive=true", "--init", dlvInit(c), goBin],
            nativeName: "`dlv exec --init`",
            ahead: goBin,
            trace: { start: [goBin, "--break", `${goLoop}:7`], at: `${goLoop}:8` },
            condGoal: 1.0,
          },
        ]
      : []),
  ];
  const n = Math.max(5, Math.round(RUNS / 4));
  for (const k of kinds) {
    if (!k.native) {
      info.push(`${k.name}: no native batch tool on PATH, its \`run\` was not compared`);
      continue;
    }
    const ourRun = (cond: boolean) => async () => {
      if (k.ahead) await aheadReady(k.ahead);
      return cli(k.ours(cond)).ms;
    };
    const before = k.ahead ? aheadTaken(k.ahead) : 0;
    const [ours, base] = await paired(n, ourRun(false), () => spawnTimed(k.native!(false), bdir).ms, 2);
    addRow({
      what: `\`debugger run\` with one breakpoint and one --print, ${k.name}`,
      ours,
      base,
      baseName: k.nativeName,
      goal: 1.0,
      ...(k.ahead ? { note: aheadNote(k.ahead, before, n + 2) } : {}),
    });
    if (k.ahead) {
      // Back to back, as a script would: the launch made when the last run ended is still on its way.
      const xs: number[] = [];
      for (let i = 0; i < n; i++) xs.push(cli(k.ours(false)).ms);
      info.push(`\`debugger run\` of ${k.name} back to back (no pause: the next run waits for the launch made ahead on its way): ${ms(median(xs))}`);
    }
    if (k.name === "debugpy") {
      // debugpy's own floor for the same run: a bare client in this process spawns the adapter
      // (the daemon's is started ahead) and runs with the daemon's whole bootstrap.
      const floorEnv = { ...env, PYTHONPATH: withNoDelay(process.env.PYTHONPATH, process.env) };
      const [raw, pdb] = await paired(
        n,
        async () => {
          const t = performance.now();
          await rawRun("python", pyAdapter, pyLoop, pyLoop, 5, "total", floorEnv);
          return performance.now() - t;
        },
        () => spawnTimed(k.native!(false), bdir).ms,
        2,
      );
      addRow({
        what: "the same run by a raw DAP client, debugpy (its adapter spawned, the whole bootstrap): debugpy's floor",
        ours: raw,
        base: pdb,
        baseName: k.nativeName,
      });
    }
  }
  for (const k of kinds) {
    if (!k.native) continue;
    const before = k.ahead ? aheadTaken(k.ahead) : 0;
    const [ours, base] = await paired(
      3,
      async () => {
        if (k.ahead) await aheadReady(k.ahead);
        return cli(k.ours(true)).ms;
      },
      () => spawnTimed(k.native!(true), bdir).ms,
      1,
    );
    addRow({
      what: `\`debugger run\` with a condition false 9,999 times, ${k.name}`,
      ours,
      base,
      baseName: k.nativeName,
      goal: k.condGoal,
      ...(k.ahead ? { note: aheadNote(k.ahead, before, 4) } : {}),
    });
  }
  for (const k of kinds) {
    const xs: number[] = [];
    for (let i = 0; i < 3; i++) {
      cli(["start", ...k.trace.start, "--session", "trace"]);
      // Python runs a `for` line at every pass: the start's breakpoint would end the trace.
      cli(["breakpoint", "remove", "--all", "--session", "trace"]);
      const r = cli(["trace", k.trace.at, "--print", "i", "--max", "10000", "--timeout", "600", "--session", "trace", "--json"]);
      const data = JSON.parse(r.out).data;
      cli(["stop", "--session", "trace"]);
      if (data?.stoppedBy !== "max") throw new Error(`trace ${k.name}: ended by ${data?.stoppedBy}, not after 10,000 hits`);
      xs.push(r.ms);
    }
    info.push(
      `a 10,000-hit \`trace\` with one print per hit, ${k.name}: ${(median(xs) / 1000).toFixed(2)} s, ${Math.round(10000 / (median(xs) / 1000))} hits/s (median of 3)`,
    );
  }
}

// 6. The daemon's memory with one spare per kind (each spare is a process of its own) and the
// launches made ahead (debugpy's, Delve's: each an adapter with the program it holds): at once,
// every kind used within the minute (all four kept), then a minute later, when the default budget
// ([daemon] warm_memory_mb) has dropped the spares of kinds out of use, least recently used first.
if (want("memory")) {
  // Each kind used now: the sections before may have run long enough for the budget to drop the
  // spares of kinds used first (a full run ends with twenty minutes of batch rows).
  const uses = [
    [cProgram, "--break", `${cSource}:${C_LINE}`],
    [pySource, "--break", `${pySource}:${PY_LINE}`],
    ...(gdbFound ? [[cProgram, "--adapter", "gdb", "--break", `${cSource}:${C_LINE}`]] : []),
    ...(dlv && goTool ? [[goBinary, "--break", `${join(goDir, "main.go")}:8`]] : []),
  ];
  for (const args of uses) {
    cli(["start", ...args, "--session", "memory"]);
    cli(["stop", "--session", "memory"]);
  }
  // The stopped sessions' adapters finish going (lldb-dap's exit comes after `stop` answers).
  await Bun.sleep(2000);
  await spareReady("lldb-dap");
  await spareReady("debugpy");
  if (gdbFound) await spareReady("gdb");
  if (dlv) await spareReady("delve");
  // And the launches made ahead when the debugpy and Delve sessions ended (each with its program).
  await aheadReady(pySource);
  if (dlv && goTool) await aheadReady(goBinary);
  const inUse = measureMemory();
  await Bun.sleep(65_000);
  const settled = measureMemory();
  memory = {
    mb: settled.rssMb,
    kinds: settled.kinds.length,
    launched: settled.launched.length,
    inUseMb: inUse.rssMb,
    inUseKinds: inUse.kinds.length,
    inUseLaunched: inUse.launched.length,
  };
  for (const [when, m] of [
    ["every kind used within the minute", inUse],
    ["a minute later (the default 250 MB budget)", settled],
  ] as const)
    info.push(
      `daemon memory, ${when}: spares ${m.kinds.join(", ") || "none"}; launches made ahead ${m.launched.join(", ") || "none"}; RSS ${m.rssMb.toFixed(1)} MB (${m.detail}); each resident page counted once (/proc/PID/pagemap): ${m.distinctMb === undefined ? "not readable here" : `${m.distinctMb.toFixed(1)} MB`}; PSS ${m.pssMb.toFixed(1)} MB, private ${m.privateMb.toFixed(1)} MB, anonymous ${m.anonMb.toFixed(1)} MB`,
    );
}

/**
 * RSS of the daemon and each spare and launch made ahead with its children (the launch's: the
 * program held), and the same trees by PSS, private, anonymous and distinct pages.
 */
function measureMemory() {
  const d = json(["daemon", "status"]);
  const children = (pid: number): number[] => {
    try {
      // Every thread's list: a child is listed under the thread that made it.
      return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
        readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const treePids = (pid: number): number[] => [pid, ...children(pid).flatMap(treePids)];
  // A process gone between the listing and the read (a spare's helper replaced) counts nothing.
  const rollup = (pid: number, field: string) => {
    try {
      return Number(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(new RegExp(`^${field}:\\s*(\\d+)`, "m"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const sum = (pids: number[], field: string) => pids.reduce((a, p) => a + rollup(p, field), 0) / 1024;
  const spareList = d.spares as { adapter: string; pid: number }[];
  const launched = (d.launched ?? []) as { adapter: string; pid: number }[];
  const parts = [
    { who: "daemon", pids: [d.pid as number] },
    ...spareList.map((s) => ({ who: s.adapter, pids: treePids(s.pid) })),
    ...launched.map((l) => ({ who: `${l.adapter}'s launch made ahead`, pids: treePids(l.pid) })),
  ];
  const pids = parts.flatMap((p) => p.pids);
  return {
    kinds: spareList.map((s) => s.adapter),
    launched: launched.map((l) => l.adapter),
    rssMb: sum(pids, "Rss"),
    detail: parts.map((p) => `${p.who} ${sum(p.pids, "Rss").toFixed(1)}`).join(", "),
    pssMb: sum(pids, "Pss"),
    privateMb: sum(pids, "Private_Dirty") + sum(pids, "Private_Clean"),
    anonMb: sum(pids, "Anonymous"),
    distinctMb: distinctPagesMb(pids),
  };
}

/**
 * Resident pages of these processes, each physical page once (a library mapped by three of them
 * counts once): from /proc/PID/pagemap, whose page numbers only a privileged reader sees.
 */
function distinctPagesMb(pids: number[]): number | undefined {
  const seen = new Set<bigint>();
  try {
    for (const pid of pids) {
      const ranges: [number, number][] = [];
      let current: [number, number] | undefined;
      for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
        const m = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
        if (m) current = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
        else if (line.startsWith("Rss:") && current && !/^Rss:\s+0 /.test(line)) ranges.push(current);
      }
      const fd = openSync(`/proc/${pid}/pagemap`, "r");
      try {
        // In chunks: a mapping can be gigabytes of address space with a few pages resident.
        const buf = Buffer.alloc(1 << 20);
        for (const [lo, hi] of ranges) {
          for (let at = (lo / 4096) * 8, end = (hi / 4096) * 8; at < end; at += buf.length) {
            const n = readSync(fd, buf, 0, Math.min(buf.length, end - at), at);
            for (let i = 0; i + 8 <= n; i += 8) {
              const e = buf.readBigUInt64LE(i);
              if (!(e >> 63n)) continue;
              const pfn = e & ((1n << 55n) - 1n);
              if (pfn === 0n) return undefined; // page numbers hidden (not privileged)
              seen.add(pfn);
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    }
  } catch {
    return undefined;
  }
  return (seen.size * 4096) / 1024 / 1024;
}

cli(["daemon", "stop"]);
rmSync(work, { recursive: true, force: true });

const cpu =
  (
    await Bun.file("/proc/cpuinfo")
      .text()
      .catch(() => "")
  ).match(/model name\s*:\s*(.*)/)?.[1] ?? process.arch;
const cores = navigator.hardwareConcurrency;
const load = (
  await Bun.file("/proc/loadavg")
    .text()
    .catch(() => "")
)
  .split(" ")
  .slice(0, 3)
  .join(" ");
const sortedLoads = [...loads].sort((a, b) => a - b);
const table = [
  "| measure | ours (median) | compared with | its median | ratio | goal | met | empty program meanwhile |",
  "|---|---|---|---|---|---|---|---|",
  ...rows.map((r) => {
    const ratio = r.ours / r.base;
    return `| ${r.what}${r.note ? ` (${r.note})` : ""} | ${ms(r.ours)} | ${r.baseName} | ${ms(r.base)} | ${ratio.toFixed(2)} | ${r.goal === undefined ? "— | —" : `≤ ${r.goal} | ${ratio <= r.goal ? "yes" : "**no**"}`} | ${r.empty === undefined || Number.isNaN(r.empty) ? "—" : ms(r.empty)} |`;
  }),
  ...(memory
    ? [
        `| the daemon's memory with the default warm spares and launches made ahead, a minute after four kinds were used (RSS, each with its children; ${memory.kinds} spares and ${memory.launched} launches left) | ${memory.mb.toFixed(1)} MB | while every kind was in use (${memory.inUseKinds} spares, ${memory.inUseLaunched} launches) | ${memory.inUseMb.toFixed(1)} MB | — | ≤ 250 MB | ${memory.mb <= 250 ? "yes" : "**no**"} | — |`,
      ]
    : []),
].join("\n");
const md = `# Benchmarks

Produced by \`npm run bench\` (\`bun scripts/bench.ts\`). Each row is a ratio of two medians taken
in the same run, the two sides alternating run by run after warm-up runs, so a busy machine slows
both alike: ${RUNS} runs of \`--version\` and \`threads\`, ${SLOW_RUNS} of each start, ${Math.max(15, Math.round(RUNS / 3))} Python and native steps, ${Math.max(5, Math.round(RUNS / 8))} test runs. The empty program runs once after each pair; its median
in the last column is how fast this machine started a process while that row was measured.
Times are wall time of the whole \`dist/debugger\` process as an agent runs it. The raw DAP client
(\`scripts/rawDap.ts\`) is the least a program can do to drive the adapter over stdio, with no CLI,
socket or daemon; its start includes spawning the adapter and fetching what the stop report shows
(frames, scopes, variables). The empty Bun program prints one line and is compiled with the same
flags as \`dist/debugger\`: Bun's start-up, the floor for any command.

Last run: ${new Date().toISOString().slice(0, 10)}, ${cpu} × ${cores}, ${process.platform}-${process.arch}, ${lldb.path}, ${python.path} (debugpy ${python.version ?? "?"})${gdbFound ? `, ${gdbFound.version ?? "gdb"} (${gdbFound.variant ?? ""})` : ""}${dlv ? `, ${dlv.path}` : ""}. Load (1-minute average, sampled during the run): min ${sortedLoads[0]?.toFixed(2)}, median ${median(sortedLoads).toFixed(2)}, max ${sortedLoads.at(-1)?.toFixed(2)}; at the end ${load}.

${table}

${info.map((l) => `- ${l}`).join("\n")}
`;
// Sections other scripts or people write (## and ### headings after the table) are kept.
const previous = await Bun.file(join(root, "BENCHMARKS.md"))
  .text()
  .catch(() => "");
const others = previous.search(/\n###? /);
if (!only && !flag("--bin")) await Bun.write(join(root, "BENCHMARKS.md"), others >= 0 ? `${md}${previous.slice(others)}` : md);
console.log(table);
console.log(info.join("\n"));
process.exit(0);
