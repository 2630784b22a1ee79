// What an agent pays on a hung program: calls and bytes (stdout + stderr, NO_COLOR=1) of the
// shortest path to every thread's wait, on the hang fixtures. `--path report`: start --no-wait,
// pause, stop (the hang report). `--path threads`: start --no-wait, pause, backtrace --all, then
// `thread ID` for the waiters the cause needs (Go: one worker; C: both mutex threads), stop — the
// path before the report. DEBUGGER_BIN measures another build. Run from the repository root:
//   bun scripts/hang-cost.ts [--path report|threads] [--show]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildFixtures } from "./build-fixtures.ts";
import { buildGoFixtures } from "../test/fixtures/go/build.ts";

const root = resolve(import.meta.dir, "..");
const bin = process.env.DEBUGGER_BIN ?? join(root, "dist", "debugger");
const args = process.argv.slice(2);
const path = args.includes("--path") ? args[args.indexOf("--path") + 1] : "report";
const show = args.includes("--show");
const rt = mkdtempSync(join(tmpdir(), "hang-cost-"));
const env = { ...(process.env as Record<string, string>), DEBUGGER_RUNTIME_DIR: join(rt, "rt"), NO_COLOR: "1", DEBUGGER_SESSION: "", DEBUGGER_JSON: "" };

interface Cost {
  calls: number;
  bytes: number;
}

function call(cost: Cost, argv: string[]): string {
  const r = Bun.spawnSync([bin, ...argv], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  const text = r.stdout.toString() + r.stderr.toString();
  cost.calls++;
  cost.bytes += Buffer.byteLength(text);
  if (show) console.log(`$ debugger ${argv.join(" ")}   [${Buffer.byteLength(text)} bytes]\n${text}`);
  return text;
}

/** Thread ids of `backtrace --all` lines whose user frame is FUNCTION. */
function threadsOf(text: string, fn: string): string[] {
  return text
    .split("\n")
    .filter((l) => new RegExp(`\\bat #\\d+ ${fn.replace(/\./g, "\\.")} \\(`).test(l))
    .map((l) => l.trim().replace(/^→\s*/, "").split(/\s+/)[0]!);
}

async function measure(program: string[], extra: string[], needs: string[]): Promise<Cost> {
  const cost: Cost = { calls: 0, bytes: 0 };
  call(cost, ["start", ...program.slice(0, 1), ...extra, "--no-wait", ...(program.length > 1 ? ["--", ...program.slice(1)] : [])]);
  await Bun.sleep(program[0]!.endsWith(".py") ? 2000 : 1000);
  call(cost, ["pause"]);
  if (path === "threads") {
    const all = call(cost, ["backtrace", "--all"]);
    for (const fn of needs) {
      const id = threadsOf(all, fn)[0];
      if (id) call(cost, ["thread", id]);
    }
  }
  call(cost, ["stop"]);
  return cost;
}

const c = (await buildFixtures())["c-hang"]!;
const go = (await buildGoFixtures()).hang!;
const py = join(root, "test", "fixtures", "python", "hang.py");
const rows: [string, Cost][] = [];
try {
  rows.push(["Go (5 workers)", await measure([go], [], ["main.worker"])]);
  rows.push(["Go (100 workers)", await measure([go, "100"], [], ["main.worker"])]);
  rows.push(["C on lldb-dap", await measure([c], ["--adapter", "lldb-dap"], ["transfer_ab", "transfer_ba"])]);
  rows.push(["C on gdb", await measure([c], ["--adapter", "gdb"], ["transfer_ab", "transfer_ba"])]);
  rows.push(["Python", await measure([py], [], [])]);
} finally {
  Bun.spawnSync([bin, "daemon", "stop"], { env, stdout: "ignore", stderr: "ignore" });
  rmSync(rt, { recursive: true, force: true });
}
console.log(`path: ${path}   binary: ${bin}`);
console.log("| hung program | calls | bytes |\n|---|---:|---:|");
for (const [name, cost] of rows) console.log(`| ${name} | ${cost.calls} | ${cost.bytes} |`);
