// Runs an agent task's transcripts and checks what they prove.
//   debugger-plan.txt — the hunt as one `debugger batch FILE --session plan-TASK` call, in the
//                  task's directory: one command per line, without the word `debugger`.
//   debugger.txt — the same hunt step by step: one `debugger` command per line; each line is its
//                  own invocation, `--session task-TASK`, in the task's directory.
//   native.txt   — a gdb / lldb / pdb / dlv batch script; its `# run:` line is the command that runs
//                  it (`{script}` is the script with comment lines removed, `< {script}` feeds it
//                  on stdin), `# env: K=V` lines set the environment. One invocation.
//   expect       — `both|plan|debugger|native REGEX` lines: each regex (multiline) must match the
//                  output of that transcript; `both` lines must match all three.
// In every transcript `{build}` is the task's build directory (test/fixtures/build/agent-tasks/TASK).
import { splitWords } from "../../src/cli/batch.ts";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentBuildDir, agentTasksDir } from "../../scripts/build-agent-tasks.ts";

export interface TaskInfo {
  language: string;
  kind: string;
  /** Where the cause is: the program's own code, or third-party code it uses. */
  causeIn: string;
  /** The adapter the debugger transcript needs. */
  adapter: "lldb-dap" | "debugpy" | "dlv";
}

export const TASKS: Record<string, TaskInfo> = {
  "sqlite-segfault": { language: "C", kind: "segfault", causeIn: "program's use of SQLite (crash in SQLite's frames)", adapter: "lldb-dap" },
  "sqlite-substr": { language: "C", kind: "off-by-one", causeIn: "SQLite amalgamation (patched substr)", adapter: "lldb-dap" },
  "cpp-budget": { language: "C++", kind: "wrong branch", causeIn: "program", adapter: "lldb-dap" },
  "cpp-overflow": { language: "C++", kind: "overflow corrupting state", causeIn: "program (write inside libc strcpy)", adapter: "lldb-dap" },
  "rust-nth": { language: "Rust", kind: "only on the Nth iteration", causeIn: "program", adapter: "lldb-dap" },
  "py-textwrap": { language: "Python", kind: "uncaught exception deep in a call chain", causeIn: "vendored copy of stdlib textwrap", adapter: "debugpy" },
  "go-deadlock": { language: "Go", kind: "goroutine deadlock", causeIn: "program", adapter: "dlv" },
  "go-strconv": { language: "Go", kind: "wrong value several calls deep", causeIn: "vendored copy of stdlib strconv", adapter: "dlv" },
  // Fresh tasks, written after the run/guide/probe work and not tuned to it (issue 20).
  "py-defaults": { language: "Python", kind: "state shared between calls (mutable default)", causeIn: "program", adapter: "debugpy" },
  "c-realloc": { language: "C", kind: "stale pointer after realloc", causeIn: "program", adapter: "lldb-dap" },
  "go-shadow": { language: "Go", kind: "shadowed variable (:=)", causeIn: "program", adapter: "dlv" },
};

/** Task directories that hold a debugger-plan.txt, in the table's order. */
export function listTasks(): string[] {
  const present = new Set(readdirSync(agentTasksDir).filter((name) => existsSync(join(agentTasksDir, name, "debugger-plan.txt"))));
  return Object.keys(TASKS).filter((name) => present.has(name));
}

export const taskDir = (task: string) => join(agentTasksDir, task);
export const taskBuildDir = (task: string) => join(agentBuildDir, task);

/** Splits a command line as `debugger batch` does: words and quotes like a POSIX shell, no expansion. */
export const splitCommandLine = splitWords;

/** Non-blank, non-comment lines of a transcript file. */
export function commandLines(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

const substitute = (text: string, task: string) => text.replaceAll("{build}", taskBuildDir(task));

export interface CallResult {
  command: string;
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface Transcript {
  calls: CallResult[];
  /** Everything the agent reads: stdout and stderr of every call, in order. */
  output: string;
  bytes: number;
}

async function spawn(
  argv: string[],
  opts: { cwd: string; env: Record<string, string>; stdin?: string; timeoutMs: number },
): Promise<Omit<CallResult, "command">> {
  const proc = Bun.spawn(argv, {
    cwd: opts.cwd,
    env: opts.env,
    stdin: opts.stdin === undefined ? "ignore" : new Blob([opts.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), opts.timeoutMs);
  try {
    const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { exitCode, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

function transcript(calls: CallResult[]): Transcript {
  const output = calls.map((c) => c.stdout + c.stderr).join("");
  return { calls, output, bytes: calls.reduce((n, c) => n + Buffer.byteLength(c.stdout) + Buffer.byteLength(c.stderr), 0) };
}

/**
 * Runs debugger.txt: each line as `debugger LINE --session TASK` (the flag goes before a `--`),
 * with the caller's isolated environment (DEBUGGER_RUNTIME_DIR …), then `stop` (not counted).
 */
export async function runDebuggerTranscript(task: string, bin: string, env: Record<string, string>): Promise<Transcript> {
  const calls: CallResult[] = [];
  const session = ["--session", `task-${task}`];
  try {
    for (const line of commandLines(join(taskDir(task), "debugger.txt"))) {
      const args = splitCommandLine(substitute(line, task));
      const end = args.indexOf("--");
      const argv = end < 0 ? [...args, ...session] : [...args.slice(0, end), ...session, ...args.slice(end)];
      const result = await spawn([bin, ...argv], { cwd: taskDir(task), env, timeoutMs: 90_000 });
      calls.push({ command: line, ...result });
    }
  } finally {
    await spawn([bin, "stop", ...session], { cwd: taskDir(task), env, timeoutMs: 30_000 });
  }
  return transcript(calls);
}

/** Runs debugger-plan.txt as one `debugger batch FILE --session plan-TASK` call ({build} substituted). */
export async function runPlanTranscript(task: string, bin: string, env: Record<string, string>): Promise<Transcript> {
  const scratch = mkdtempSync(join(tmpdir(), "agent-plan-"));
  const session = ["--session", `plan-${task}`];
  try {
    const plan = join(scratch, "debugger-plan.txt");
    writeFileSync(plan, substitute(readFileSync(join(taskDir(task), "debugger-plan.txt"), "utf8"), task));
    const result = await spawn([bin, "batch", plan, ...session], { cwd: taskDir(task), env, timeoutMs: 120_000 });
    return transcript([{ command: "batch debugger-plan.txt", ...result }]);
  } finally {
    await spawn([bin, "stop", ...session], { cwd: taskDir(task), env, timeoutMs: 30_000 });
    rmSync(scratch, { recursive: true, force: true });
  }
}

export interface NativeRun {
  argv: string[];
  env: Record<string, string>;
  /** The script fed on stdin, when the run line ends in `< {script}`. */
  stdin?: string;
  scriptPath: string;
}

/** How native.txt is run: its `# run:` and `# env:` lines. */
export function nativeRun(task: string, scratch: string): NativeRun {
  const path = join(taskDir(task), "native.txt");
  const lines = readFileSync(path, "utf8").split("\n");
  const runLine = lines.find((line) => line.startsWith("# run:"));
  if (!runLine) throw new Error(`${path} has no "# run:" line`);
  const env: Record<string, string> = {};
  for (const line of lines.filter((l) => l.startsWith("# env:"))) {
    const [key, ...value] = line.slice("# env:".length).trim().split("=");
    env[key!] = value.join("=");
  }
  const script = `${commandLines(path).join("\n")}\n`;
  const scriptPath = join(scratch, `${task}.native`);
  writeFileSync(scriptPath, script);
  let words = splitCommandLine(substitute(runLine.slice("# run:".length), task));
  let stdin: string | undefined;
  if (words.at(-2) === "<" && words.at(-1) === "{script}") {
    words = words.slice(0, -2);
    stdin = script;
  }
  return { argv: words.map((w) => w.replaceAll("{script}", scriptPath)), env, stdin, scriptPath };
}

/** Runs native.txt once, as its `# run:` line says. */
export async function runNativeTranscript(task: string, baseEnv: Record<string, string>): Promise<Transcript & { argv: string[] }> {
  const scratch = mkdtempSync(join(tmpdir(), "agent-native-"));
  try {
    const run = nativeRun(task, scratch);
    const result = await spawn(run.argv, { cwd: taskDir(task), env: { ...baseEnv, ...run.env }, stdin: run.stdin, timeoutMs: 120_000 });
    const shown = [...run.argv.map((w) => (w === run.scriptPath ? "native.txt" : w)), ...(run.stdin ? ["<", "native.txt"] : [])];
    return { ...transcript([{ command: shown.join(" "), ...result }]), argv: run.argv };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The three transcripts of a task. */
export type TranscriptKind = "plan" | "debugger" | "native";

export interface Expectation {
  which: "both" | TranscriptKind;
  pattern: RegExp;
}

export function readExpect(task: string): Expectation[] {
  return commandLines(join(taskDir(task), "expect")).map((line) => {
    const match = /^(both|plan|debugger|native)\s+(.+)$/.exec(line);
    if (!match) throw new Error(`${task}/expect: cannot read line: ${line}`);
    return { which: match[1] as Expectation["which"], pattern: new RegExp(match[2]!, "m") };
  });
}

/** The expectations for one transcript that its output does not meet. */
export function unmet(task: string, which: TranscriptKind, output: string): string[] {
  return readExpect(task)
    .filter((e) => e.which === "both" || e.which === which)
    .filter((e) => !e.pattern.test(output))
    .map((e) => e.pattern.source);
}

/** The native tool a task's run line starts (its argv[0]). */
export function nativeTool(task: string): string {
  const line = readFileSync(join(taskDir(task), "native.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("# run:"));
  return splitCommandLine(line?.slice("# run:".length) ?? "")[0] ?? "";
}
