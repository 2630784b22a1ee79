// Runs every agent task (test/agent-tasks/*) three ways — the plan (debugger-plan.txt as one
// `debugger batch` call), the native batch transcript (native.txt) and the step-by-step debugger
// transcript (debugger.txt, one call per line) — checks that each proves its cause, and prints
// calls and bytes per task and the totals.
//   bun scripts/agent-tasks.ts                 the table
//   bun scripts/agent-tasks.ts --write         also replaces the table in docs/agent-tasks.md
//   bun scripts/agent-tasks.ts --show TASK…    prints each call and its output (what the agent reads)
//   bun scripts/agent-tasks.ts --no-steps      skips debugger.txt (plan and native only)
// Needs dist/debugger (bun scripts/build.ts) and the native debuggers (gdb, lldb-19, python3, dlv).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildAgentTasks } from "./build-agent-tasks.ts";
import {
  listTasks,
  runDebuggerTranscript,
  runNativeTranscript,
  runPlanTranscript,
  TASKS,
  type TranscriptKind,
  unmet,
  type Transcript,
} from "../test/agent-tasks/runner.ts";

const root = resolve(import.meta.dir, "..");
// DEBUGGER_BIN measures another build (a copy kept for a before/after comparison).
const bin = process.env.DEBUGGER_BIN ?? join(root, "dist", "debugger");
const docPath = join(root, "docs", "agent-tasks.md");

const argv = process.argv.slice(2);
const write = argv.includes("--write");
const withSteps = !argv.includes("--no-steps");
const showIndex = argv.indexOf("--show");
const shown = showIndex >= 0 ? argv.slice(showIndex + 1).filter((a) => !a.startsWith("--")) : [];
const tasks = shown.length ? shown : listTasks();

if (!existsSync(bin)) {
  console.error(`${bin} is missing: run \`bun scripts/build.ts\` first`);
  process.exit(1);
}
await buildAgentTasks(tasks);

const scratch = mkdtempSync(join(tmpdir(), "agent-tasks-"));
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DEBUGGER_RUNTIME_DIR: join(scratch, "rt"),
  XDG_CONFIG_HOME: join(scratch, "config"),
  XDG_STATE_HOME: join(scratch, "state"),
  DEBUGGER_SESSION: "",
  DEBUGGER_JSON: "",
  NO_COLOR: "1",
};

function show(title: string, t: Transcript): void {
  console.log(`\n=== ${title}: ${t.calls.length} call(s), ${t.bytes} bytes`);
  for (const call of t.calls) {
    console.log(`$ ${call.command}${call.exitCode ? `   [exit ${call.exitCode}]` : ""}`);
    process.stdout.write(call.stdout + call.stderr);
  }
}

/** A transcript and the expectations its output does not meet. */
type Checked = Transcript & { misses: string[] };

interface Row {
  task: string;
  plan: Checked;
  native: Checked;
  steps?: Checked;
}

const check = (task: string, kind: TranscriptKind, t: Transcript): Checked => ({ ...t, misses: unmet(task, kind, t.output) });

const rows: Row[] = [];
try {
  for (const task of tasks) {
    const row: Row = {
      task,
      plan: check(task, "plan", await runPlanTranscript(task, bin, env)),
      native: check(task, "native", await runNativeTranscript(task, env)),
      steps: withSteps ? check(task, "debugger", await runDebuggerTranscript(task, bin, env)) : undefined,
    };
    rows.push(row);
    if (shown.length) {
      show(`${task} — plan (one batch call)`, row.plan);
      show(`${task} — native`, row.native);
      if (row.steps) show(`${task} — step by step (debugger.txt)`, row.steps);
    }
  }
} finally {
  await Bun.spawn([bin, "daemon", "stop"], { env, stdout: "ignore", stderr: "ignore" }).exited;
  rmSync(scratch, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
/** Each transcript of the row that does not prove its cause, with what it misses. */
function failed(r: Row): string[] {
  const checked: [string, Checked | undefined][] = [
    ["plan", r.plan],
    ["native", r.native],
    ["debugger.txt", r.steps],
  ];
  return checked.filter(([, t]) => t?.misses.length).map(([name, t]) => `${name}: ${t!.misses.join("; ")}`);
}
const proved = (r: Row) => (failed(r).length ? `NO (${failed(r).join("; ")})` : "yes");

const stepsHead = withSteps ? " step-by-step calls | step-by-step bytes |" : "";
const stepsRule = withSteps ? "---:|---:|" : "";
const lines = [
  `| task | language | kind | cause in | plan calls | plan bytes | native calls | native bytes |${stepsHead} all prove the cause |`,
  `|---|---|---|---|---:|---:|---:|---:|${stepsRule}---|`,
  ...rows.map((r) => {
    const info = TASKS[r.task]!;
    const steps = r.steps ? ` ${r.steps.calls.length} | ${r.steps.bytes} |` : "";
    return `| ${r.task} | ${info.language} | ${info.kind} | ${info.causeIn} | ${r.plan.calls.length} | ${r.plan.bytes} | ${r.native.calls.length} | ${r.native.bytes} |${steps} ${proved(r)} |`;
  }),
];
const total = (pick: (r: Row) => Transcript | undefined) => {
  const bytes = sum((r) => pick(r)?.bytes ?? 0);
  return ` **${sum((r) => pick(r)?.calls.length ?? 0)}** | **${bytes}** (${kb(bytes)}) |`;
};
lines.push(`| **total** | | | |${total((r) => r.plan)}${total((r) => r.native)}${withSteps ? total((r) => r.steps) : ""} |`);
const table = lines.join("\n");
console.log(`\n${table}`);

if (write && !shown.length) {
  const begin = "<!-- agent-tasks table: written by `bun scripts/agent-tasks.ts --write` -->";
  const end = "<!-- end of agent-tasks table -->";
  const doc = readFileSync(docPath, "utf8");
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docPath} lacks the table markers`);
  writeFileSync(docPath, `${doc.slice(0, from + begin.length)}\n${table}\n${doc.slice(to)}`);
  console.log(`\nwrote ${docPath}`);
}
if (rows.some((r) => failed(r).length)) process.exitCode = 1;
