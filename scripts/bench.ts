// Benchmarks of what an agent pays per step (issue 11), written to BENCHMARKS.md. Every target is
// a ratio of two medians measured in the same run, the two sides interleaved run by run, so a busy
// machine slows both alike. Targets live here, never in timed tests.
//   bun scripts/bench.ts [--runs N]      (N: runs of the fast measures; start-ups take N/4)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { debugpy } from "../src/adapters/debugpy.ts";
import { lldbDap } from "../src/adapters/lldbDap.ts";
import { withNoDelay } from "../src/adapters/pythonNoDelay.ts";
import { COMPILE_FLAGS } from "./build.ts";
import { rawNext, rawReport, rawStart, type Kind } from "./rawDap.ts";

const root = join(import.meta.dir, "..");
const bin = join(root, "dist", "debugger");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 100;
const SLOW_RUNS = Math.max(5, Math.round(RUNS / 4));
const WARMUP = 5;

const work = mkdtempSync(join(tmpdir(), "dbg-bench-"));
const env = { ...process.env, DEBUGGER_RUNTIME_DIR: join(work, "rt"), XDG_STATE_HOME: join(work, "state"), XDG_CONFIG_HOME: join(work, "config") } as Record<string, string>;
delete env.DEBUGGER_JSON;
delete env.DEBUGGER_SESSION;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function spawnTimed(argv: string[]): { ms: number; out: string } {
  const t = performance.now();
  const r = Bun.spawnSync(argv, { env, stdout: "pipe", stderr: "pipe" });
  const ms = performance.now() - t;
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed (${r.exitCode}): ${r.stdout}${r.stderr}`);
  return { ms, out: r.stdout.toString() };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const cli = (args: string[]) => spawnTimed([bin, ...args]);
const json = (args: string[]) => JSON.parse(cli([...args, "--json"]).out).data;

/** Runs a and b alternately (after warm-up runs of each) and returns both medians. */
async function paired(n: number, a: () => number | Promise<number>, b: () => number | Promise<number>, warmup = WARMUP): Promise<[number, number]> {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const x = await a();
    const y = await b();
    if (i >= warmup) as.push(x), bs.push(y);
  }
  return [median(as), median(bs)];
}

/** Until the daemon holds a ready spare of ADAPTER (a warm start takes it; an agent thinks for longer than this). */
async function spareReady(adapter: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const spares: { adapter: string }[] = json(["daemon", "status"]).spares ?? [];
    if (spares.some((s) => s.adapter === adapter)) return true;
    await Bun.sleep(50);
  }
  return false;
}

// The programs: examples/average.c stopped at line 12; a Python loop stopped at its body.
const cProgram = join(work, "average");
const cSource = join(root, "examples", "average.c");
if (Bun.spawnSync(["cc", "-g", "-O0", "-o", cProgram, cSource]).exitCode !== 0) throw new Error("cc failed");
const C_LINE = 12;
const pySource = join(work, "loop.py");
await Bun.write(pySource, ["def main():", "    total = 0", "    items = [3, 1, 4, 1, 5]", "    for i in range(10_000_000):", "        total += i % 7", '        label = f"step {i}"', "    print(total, label, items)", "", "", "main()", ""].join("\n"));
const PY_LINE = 5;

// An empty program compiled the way dist/debugger is (the same flags): Bun's own start-up, the floor for the CLI.
const compile = (source: string, out: string) => Bun.spawnSync([process.execPath, "build", "--compile", ...COMPILE_FLAGS, source, "--outfile", out], { stdout: "ignore", stderr: "inherit" }).exitCode === 0;
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
Bun.connect({ unix: process.env.DEBUGGER_RUNTIME_DIR + "/daemon.sock", socket: {
  open(s) { s.write(JSON.stringify({ command: "threads", session: process.argv[2], cwd: process.cwd(), args: {}, id: 1, version: process.argv[3] }) + "\\n"); },
  data(_s, chunk) { buf += chunk.toString(); if (buf.includes("\\n")) { if (!JSON.parse(buf).ok) process.exit(1); Bun.write(Bun.stdout, buf).then(() => process.exit(0)); } },
  close() { if (!buf.includes("\\n")) process.exit(1); }, error() { process.exit(1); }, connectError() { process.exit(1); },
} });
`,
);
if (!compile(socketClientSource, socketClient)) throw new Error("building the socket client failed");

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
}
const rows: Row[] = [];
const info: string[] = [];

// 1. --version vs the empty program (no daemon involved).
{
  const [ours, base] = await paired(RUNS, () => cli(["--version"]).ms, runEmpty);
  rows.push({ what: "`debugger --version`", ours, base, baseName: "empty Bun program", goal: 1.2 });
}

// 2. threads on a stopped lldb-dap session vs the empty program.
cli(["start", cProgram, "--break", `${cSource}:${C_LINE}`, "--session", "threads"]);
{
  const [ours, base] = await paired(RUNS, () => cli(["threads", "--session", "threads"]).ms, runEmpty);
  rows.push({ what: "`debugger threads` (stopped lldb-dap session)", ours, base, baseName: "empty Bun program", goal: 1.3 });
  const version = cli(["--version"]).out.split(" ")[0]!;
  const [client, base2] = await paired(RUNS, () => spawnTimed([socketClient, "threads", version]).ms, runEmpty);
  info.push(`the floor for \`threads\`: a compiled Bun program that only connects, sends \`threads\` and prints the reply takes ${ms(client)} against the empty program's ${ms(base2)} (ratio ${(client / base2).toFixed(2)})`);
}
cli(["stop", "--session", "threads"]);

// 3, 4. start --break → first stop vs a raw DAP client doing the same (it also fetches what the
// stop report shows: frames, scopes, variables). The CLI's start takes the warm spare when one is ready.
async function startRow(kind: Kind, what: string, adapterName: string, program: string, source: string, line: number, adapter: string[], rawEnv: Record<string, string | undefined>, extraRaw?: { env: Record<string, string | undefined>; label: string }) {
  let warm = 0;
  const ourStart = async () => {
    await spareReady(adapterName);
    const r = cli(["start", program, "--break", `${source}:${line}`, "--session", "start", "--json"]);
    const data = JSON.parse(r.out).data;
    if (data.stop?.frame?.line !== line) throw new Error(`${what}: stopped at ${data.stop?.frame?.line}, not ${line}`);
    if (json(["status", "--session", "start"]).warm) warm++;
    cli(["stop", "--session", "start"]);
    return r.ms;
  };
  const rawOnce = async (e: Record<string, string | undefined>) => {
    const { dap, threadId, ms } = await rawStart(kind, adapter, program, source, line, work, e);
    const t = performance.now();
    await rawReport(dap, threadId);
    const total = ms + performance.now() - t;
    await dap.close();
    return total;
  };
  const [ours, base] = await paired(SLOW_RUNS, ourStart, () => rawOnce(rawEnv), 2);
  rows.push({ what, ours, base, baseName: `raw DAP client${kind === "python" ? " (TCP_NODELAY bootstrap)" : ""}`, goal: 0.75, note: `${warm}/${SLOW_RUNS + 2} starts took a warm spare` });
  if (extraRaw) {
    const xs: number[] = [];
    for (let i = 0; i < SLOW_RUNS; i++) xs.push(await rawOnce(extraRaw.env));
    info.push(`${extraRaw.label}: ${median(xs).toFixed(1)} ms (ours / it = ${(ours / median(xs)).toFixed(2)})`);
  }
}
cli(["start", cProgram, "--break", `${cSource}:${C_LINE}`, "--session", "prime"]); // a session of the kind makes the first spare
cli(["stop", "--session", "prime"]);
await startRow("lldb", "`debugger start --break` → first stop, lldb-dap (C)", "lldb-dap", cProgram, cSource, C_LINE, lldb.command, env);
cli(["start", pySource, "--break", `${pySource}:${PY_LINE}`, "--session", "prime"]);
cli(["stop", "--session", "prime"]);
await startRow("python", "`debugger start --break` → first stop, debugpy", "debugpy", pySource, pySource, PY_LINE, pyAdapter, pyNoDelay, { env: pyPlain, label: "debugpy start, raw client on an unmodified debugpy" });

// 5. Python next with its full stop report, CLI process included, vs a raw client's next +
// stackTrace + scopes + variables on an unmodified debugpy. Both sessions sit in the same loop.
{
  cli(["start", pySource, "--break", `${pySource}:${PY_LINE}`, "--session", "py"]);
  const raw = await rawStart("python", pyAdapter, pySource, pySource, PY_LINE, work, pyPlain);
  await rawReport(raw.dap, raw.threadId);
  const n = Math.max(15, Math.round(RUNS / 3));
  const [ours, base] = await paired(n, () => cli(["next", "--session", "py"]).ms, () => rawNext(raw.dap, raw.threadId), 3);
  rows.push({ what: "Python `next` with its full stop report (CLI process included)", ours, base, baseName: "raw client on unmodified debugpy", goal: 0.35 });
  await raw.dap.close();
  cli(["stop", "--session", "py"]);
}

// 6. The daemon's memory with one spare per kind (each spare is a process of its own).
{
  await spareReady("lldb-dap");
  await spareReady("debugpy");
  const d = json(["daemon", "status"]);
  const rssKb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s*(\d+)/)?.[1] ?? NaN);
  const treeKb = (pid: number): number => {
    let kb = rssKb(pid);
    const kids = (() => {
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    })();
    for (const k of kids) kb += treeKb(k);
    return kb;
  };
  const spares = (d.spares as { adapter: string; pid: number }[]).map((s) => `${s.adapter} ${(treeKb(s.pid) / 1024).toFixed(1)} MB`);
  info.push(`daemon RSS with one spare per kind: ${(rssKb(d.pid) / 1024).toFixed(1)} MB for the daemon itself; spares (with their children): ${spares.join(", ") || "none"}`);
}

cli(["daemon", "stop"]);
rmSync(work, { recursive: true, force: true });

const cpu = (await Bun.file("/proc/cpuinfo").text().catch(() => "")).match(/model name\s*:\s*(.*)/)?.[1] ?? process.arch;
const cores = navigator.hardwareConcurrency;
const load = (await Bun.file("/proc/loadavg").text().catch(() => "")).split(" ").slice(0, 3).join(" ");
const table = [
  "| measure | ours (median) | compared with | its median | ratio | goal | met |",
  "|---|---|---|---|---|---|---|",
  ...rows.map((r) => {
    const ratio = r.ours / r.base;
    return `| ${r.what}${r.note ? ` (${r.note})` : ""} | ${ms(r.ours)} | ${r.baseName} | ${ms(r.base)} | ${ratio.toFixed(2)} | ≤ ${r.goal} | ${ratio <= r.goal! ? "yes" : "**no**"} |`;
  }),
].join("\n");
const md = `# Benchmarks

Produced by \`npm run bench\` (\`bun scripts/bench.ts\`). Each row is a ratio of two medians taken
in the same run, the two sides alternating run by run after warm-up runs, so a busy machine slows
both alike: ${RUNS} runs of \`--version\` and \`threads\`, ${SLOW_RUNS} of each start, ${Math.max(15, Math.round(RUNS / 3))} Python steps.
Times are wall time of the whole \`dist/debugger\` process as an agent runs it. The raw DAP client
(\`scripts/rawDap.ts\`) is the least a program can do to drive the adapter over stdio, with no CLI,
socket or daemon; its start includes spawning the adapter and fetching what the stop report shows
(frames, scopes, variables). The empty Bun program prints one line and is compiled with the same
flags as \`dist/debugger\`: Bun's start-up, the floor for any command.

Last run: ${new Date().toISOString().slice(0, 10)}, ${cpu} × ${cores}, load ${load}, ${process.platform}-${process.arch}, ${lldb.path}, ${python.path} (debugpy ${python.version ?? "?"}).

${table}

${info.map((l) => `- ${l}`).join("\n")}
`;
// Sections other scripts or people write (## headings) are kept.
const previous = await Bun.file(join(root, "BENCHMARKS.md")).text().catch(() => "");
const others = previous.indexOf("\n## ");
await Bun.write(join(root, "BENCHMARKS.md"), others >= 0 ? `${md}${previous.slice(others)}` : md);
console.log(table);
console.log(info.join("\n"));
process.exit(0);
