// Runs every agent task (test/agent-tasks/*) with the debugger transcript and the native batch
// transcript, and prints calls and bytes per task and the totals.
//   bun scripts/agent-tasks.ts                 the table
//   bun scripts/agent-tasks.ts --write         also replaces the table in docs/agent-tasks.md
//   bun scripts/agent-tasks.ts --show TASK…    prints each call and its output (what the agent reads)
//   bun scripts/agent-tasks.ts --plan          adds debugger-plan.txt run as one `debugger batch`
//                                              call (needs issue 7's batch; not in --write's table)
// Needs dist/debugger (bun scripts/build.ts) and the native debuggers (gdb, lldb-19, python3, dlv).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildAgentTasks } from "./build-agent-tasks.ts";
import { listTasks, runDebuggerTranscript, runNativeTranscript, runPlanTranscript, TASKS, unmet, type Transcript } from "../test/agent-tasks/runner.ts";

const root = resolve(import.meta.dir, "..");
const bin = join(root, "dist", "debugger");
const docPath = join(root, "docs", "agent-tasks.md");

const argv = process.argv.slice(2);
const write = argv.includes("--write");
const withPlan = argv.includes("--plan");
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

interface Row {
  task: string;
  debugger: Transcript;
  native: Transcript;
  plan?: Transcript & { proved: string };
  proved: string;
}

const rows: Row[] = [];
try {
  for (const task of tasks) {
    const dbg = await runDebuggerTranscript(task, bin, env);
    const native = await runNativeTranscript(task, env);
    const missing = [...unmet(task, "debugger", dbg.output).map((p) => `debugger: ${p}`), ...unmet(task, "native", native.output).map((p) => `native: ${p}`)];
    let plan: Row["plan"];
    if (withPlan) {
      const t = await runPlanTranscript(task, bin, env);
      const planMissing = unmet(task, "debugger", t.output);
      plan = { ...t, proved: planMissing.length ? `NO (${planMissing.join("; ")})` : "yes" };
    }
    rows.push({ task, debugger: dbg, native, plan, proved: missing.length ? `NO (${missing.join("; ")})` : "yes" });
    if (shown.length) {
      show(`${task} — debugger`, dbg);
      if (plan) show(`${task} — plan (batch)`, plan);
      show(`${task} — native`, native);
      if (missing.length) console.log(`\nunmet expectations: ${missing.join("; ")}`);
    }
  }
} finally {
  await Bun.spawn([bin, "daemon", "stop"], { env, stdout: "ignore", stderr: "ignore" }).exited;
  rmSync(scratch, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lines = [
  "| task | language | kind | cause in | debugger calls | debugger bytes | native calls | native bytes | both prove the cause |",
  "|---|---|---|---|---:|---:|---:|---:|---|",
  ...rows.map((r) => {
    const info = TASKS[r.task]!;
    return `| ${r.task} | ${info.language} | ${info.kind} | ${info.causeIn} | ${r.debugger.calls.length} | ${r.debugger.bytes} | ${r.native.calls.length} | ${r.native.bytes} | ${r.proved} |`;
  }),
];
const sum = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0);
const dbgBytes = sum((r) => r.debugger.bytes);
const nativeBytes = sum((r) => r.native.bytes);
lines.push(
  `| **total** | | | | **${sum((r) => r.debugger.calls.length)}** | **${dbgBytes}** (${kb(dbgBytes)}) | **${sum((r) => r.native.calls.length)}** | **${nativeBytes}** (${kb(nativeBytes)}) | |`,
);
const table = lines.join("\n");
console.log(`\n${table}`);
if (withPlan) {
  console.log("\n| task | plan calls | plan bytes | plan proves the cause (debugger expectations) |\n|---|---:|---:|---|");
  for (const r of rows) console.log(`| ${r.task} | ${r.plan!.calls.length} | ${r.plan!.bytes} | ${r.plan!.proved} |`);
}

if (write && !shown.length && !withPlan) {
  const begin = "<!-- agent-tasks table: written by `bun scripts/agent-tasks.ts --write` -->";
  const end = "<!-- end of agent-tasks table -->";
  const doc = readFileSync(docPath, "utf8");
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docPath} lacks the table markers`);
  writeFileSync(docPath, `${doc.slice(0, from + begin.length)}\n${table}\n${doc.slice(to)}`);
  console.log(`\nwrote ${docPath}`);
}
if (rows.some((r) => r.proved !== "yes")) process.exitCode = 1;
