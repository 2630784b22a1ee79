// Several test targets (`go test ./...`, cargo's test executables, ctest's tests): the runner runs
// plainly first, which is fast, to learn which tests fail; then only the first failing target is
// debugged, and the other failures are named beside the reply. Nothing failing is the answer
// itself: the runner's verdict, no session.
import { relative } from "node:path";
import { DebuggerError } from "../../common/errors.ts";
import { whichIn, type CallerEnv } from "../shebang.ts";
import type { TestExecutable } from "./cargo.ts";
import { packageDir, readGoJson } from "./go.ts";
import { runPlainly } from "./plainRun.ts";
import { nodeTestSummary } from "./summary.ts";
import type { TestPlan } from "./plan.ts";

/** How a plan with several targets is narrowed: what runs plainly. */
export type Survey =
  | { kind: "go"; argv: string[] }
  | { kind: "cargo"; exes: { exe: TestExecutable; tests: string[] }[]; harnessArgs: string[] }
  | { kind: "ctest"; ctest: string; argv: string[]; tests: { name: string; command: string[]; cwd: string }[] }
  | { kind: "node"; node: string; nodeArgs: string[]; files: string[] };

/** Nothing failed in the plain run: its verdict is the answer. */
export interface PassedRun {
  passed: true;
  runner: TestPlan["runner"];
  command: string[];
  exitCode: number;
  summary: string;
  output: string;
  notes: string[];
}

const tail = (text: string, lines: number) => text.trim().split("\n").slice(-lines).join("\n");
const names = (list: string[]) => `${list.slice(0, 8).join(", ")}${list.length > 8 ? `, … (${list.length - 8} more)` : ""}`;

/** The plan itself when it has one target; else the plain run's first failing target, or its verdict. */
export async function surveyed(plan: TestPlan, ctx: CallerEnv, timeoutS: number): Promise<TestPlan | PassedRun> {
  const s = plan.survey;
  if (!s) return plan;
  const env = { ...(ctx.env ?? process.env), PATH: ctx.path };
  if (s.kind === "go") return surveyGo(plan, s.argv, ctx, env, timeoutS);
  if (s.kind === "cargo") return surveyCargo(plan, s, ctx, env, timeoutS);
  if (s.kind === "node") return surveyNode(plan, s, ctx, env, timeoutS);
  return surveyCtest(plan, s, ctx, env, timeoutS);
}

async function surveyGo(
  plan: TestPlan,
  argv: string[],
  ctx: CallerEnv,
  env: Record<string, string | undefined>,
  timeoutS: number,
): Promise<TestPlan | PassedRun> {
  const go = whichIn("go", ctx)!;
  const shown = ["go", "test", "-json", ...argv].join(" ");
  const r = await runPlainly([go, "test", "-json", ...argv], { cwd: ctx.cwd, env, timeoutS });
  const g = readGoJson(r.stdout);
  const notes: string[] = [];
  const failedNames = g.failed.map((f) => `${f.pkg}.${f.test}`);
  if (g.buildFailed.length) notes.push(`${names(g.buildFailed)} did not build:\n${tail(r.stderr, 20)}`);
  const debug = (pkg: string, why: string): TestPlan => {
    const dir = packageDir(pkg, ctx);
    return { ...plan, survey: undefined, program: dir, cwd: dir, failures: failedNames, notes: [...plan.notes, why, ...notes] };
  };
  if (r.timedOut) {
    const hung = g.running[0];
    const pkg = hung?.pkg ?? unfinishedPackage(r.stdout, g);
    if (!pkg)
      throw new DebuggerError(
        "TIMEOUT",
        `\`${shown}\` did not end within ${timeoutS} s and no test had started (still building?)`,
        "give it longer with --timeout S (0: no limit)",
      );
    return debug(
      pkg,
      `\`${shown}\` was still running ${hung?.test ?? "the tests"} in ${pkg} at the --timeout (${timeoutS} s): debugging that package${failedNames.length ? `; failed before it: ${names(failedNames)}` : ""}`,
    );
  }
  if (g.failed.length) {
    const first = g.failed[0]!;
    const next = g.failed[1];
    const top = (t: string) => t.split("/")[0]!;
    return debug(
      first.pkg,
      `\`${shown}\`: ${failedNames.length} failed (${names(failedNames)}); debugging ${first.test} in ${first.pkg}${next ? `; \`debugger test -- go test ${next.pkg} -run '^${top(next.test!)}$'\` debugs the next` : ""}`,
    );
  }
  if (g.packageFailed.length) {
    return debug(
      g.packageFailed[0]!,
      `\`${shown}\`: ${names(g.packageFailed)} failed with no failing test (os.Exit, TestMain, a panic in init?); debugging ${g.packageFailed[0]}`,
    );
  }
  if (g.buildFailed.length) {
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `go test: ${names(g.buildFailed)} did not build (exit code ${r.exitCode}):\n${tail(r.stderr, 30)}`,
      "fix the build; `go vet ./...` shows the same errors",
    );
  }
  if (r.exitCode !== 0) {
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `\`${shown}\` failed (exit code ${r.exitCode}): ${tail(r.stderr || r.stdout, 10)}`,
      "run it in the module's directory; `go list ./...` shows the packages",
    );
  }
  const pkgLines = packageLines(r.stdout);
  return {
    passed: true,
    runner: "go",
    command: ["go", "test", ...argv],
    exitCode: 0,
    summary: `ok: ${g.passed.length} package${g.passed.length === 1 ? "" : "s"}, ${g.passedTests} test${g.passedTests === 1 ? "" : "s"} passed`,
    output: pkgLines,
    notes: [`\`${shown}\` ran plainly first: nothing failed, so nothing was debugged`],
  };
}

/** Package-level lines of `go test -json` (`ok  pkg 0.01s`, `?  pkg [no test files]`): go's plain output. */
function packageLines(stdout: string): string {
  const out: string[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const e = JSON.parse(line);
      if (e.Action === "output" && !e.Test && typeof e.Output === "string" && !/^(PASS|FAIL)\n$/.test(e.Output)) out.push(e.Output);
    } catch {}
  }
  return out.join("");
}

/** A package that started and never ended (its tests had not begun when the run was ended). */
function unfinishedPackage(stdout: string, g: ReturnType<typeof readGoJson>): string | undefined {
  const done = new Set([...g.passed, ...g.packageFailed, ...g.failed.map((f) => f.pkg), ...g.buildFailed]);
  for (const line of stdout.split("\n")) {
    const m = /"Package":"([^"]+)"/.exec(line);
    if (m && !done.has(m[1]!)) return m[1];
  }
  return undefined;
}

/** libtest's plain output: the failing tests' names and the verdict's counts. */
export function readLibtest(output: string): { failed: string[]; counts?: { passed: number; failed: number; ignored: number } } {
  const failed = [...output.matchAll(/^test (\S+) \.\.\. FAILED\s*$/gm)].map((m) => m[1]!);
  const v = /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/m.exec(output);
  return { failed, counts: v ? { passed: Number(v[1]), failed: Number(v[2]), ignored: Number(v[3]) } : undefined };
}

async function surveyCargo(
  plan: TestPlan,
  s: Extract<NonNullable<TestPlan["survey"]>, { kind: "cargo" }>,
  _ctx: CallerEnv,
  env: Record<string, string | undefined>,
  timeoutS: number,
): Promise<TestPlan | PassedRun> {
  const deadline = timeoutS > 0 ? Date.now() + timeoutS * 1000 : Infinity;
  const results: { exe: TestExecutable; failed: string[]; exitCode: number | null; timedOut: boolean; output: string }[] = [];
  const label = (e: TestExecutable) => (e.kind === "lib" ? `${e.name} (lib)` : `${e.name} (${e.kind})`);
  for (const { exe } of s.exes) {
    const left = deadline === Infinity ? 0 : Math.max(1, (deadline - Date.now()) / 1000);
    const r = await runPlainly([exe.path, ...s.harnessArgs], { cwd: exe.packageDir, env: { ...env, CARGO_MANIFEST_DIR: exe.packageDir }, timeoutS: left });
    const out = r.stdout + r.stderr;
    results.push({ exe, failed: readLibtest(out).failed, exitCode: r.exitCode, timedOut: r.timedOut, output: out });
    if (r.timedOut) break;
  }
  const failures = results.flatMap((r) => r.failed.map((t) => `${label(r.exe)}: ${t}`));
  const bad = results.find((r) => r.timedOut || r.exitCode !== 0);
  if (bad) {
    const why = bad.timedOut
      ? `${label(bad.exe)} was still running at the --timeout (${timeoutS} s): debugging it`
      : `each test executable ran plainly first: ${failures.length ? `${failures.length} failed (${names(failures)})` : `${label(bad.exe)} ended with exit code ${bad.exitCode}`}; debugging ${label(bad.exe)}`;
    return {
      ...plan,
      survey: undefined,
      program: bad.exe.path,
      cwd: bad.exe.packageDir,
      env: { ...plan.env, CARGO_MANIFEST_DIR: bad.exe.packageDir },
      failures,
      notes: [...plan.notes, why],
    };
  }
  const sum = results.reduce(
    (a, r) => {
      const c = readLibtest(r.output).counts;
      return c ? { passed: a.passed + c.passed, ignored: a.ignored + c.ignored } : a;
    },
    { passed: 0, ignored: 0 },
  );
  return {
    passed: true,
    runner: "cargo",
    command: plan.command,
    exitCode: 0,
    summary: `ok: ${sum.passed} passed; 0 failed; ${sum.ignored} ignored in ${results.length} test executables`,
    output: results.map((r) => `${label(r.exe)}: ${/^test result: .*$/m.exec(r.output)?.[0] ?? `exit code ${r.exitCode}`}\n`).join(""),
    notes: [`each test executable ran plainly first: nothing failed, so nothing was debugged`],
  };
}

async function surveyCtest(
  plan: TestPlan,
  s: Extract<NonNullable<TestPlan["survey"]>, { kind: "ctest" }>,
  ctx: CallerEnv,
  env: Record<string, string | undefined>,
  timeoutS: number,
): Promise<TestPlan | PassedRun> {
  const r = await runPlainly([s.ctest, ...s.argv], { cwd: ctx.cwd, env, timeoutS });
  const out = r.stdout + r.stderr;
  // `The following tests FAILED:` then `\t  2 - name (Failed)`.
  const failedNames = [...out.matchAll(/^\s+\d+ - (.+?) \((?:Failed|SEGFAULT|Subprocess aborted|Child aborted|Exception|Timeout|[^)]*)\)/gm)].map((m) => m[1]!);
  const pick = r.timedOut
    ? s.tests.find((t) => !new RegExp(`Test\\s+#\\d+: ${escapeRe(t.name)} \\.`).test(out))
    : s.tests.find((t) => failedNames.includes(t.name));
  if (pick) {
    const why = r.timedOut
      ? `ctest was still running '${pick.name}' at the --timeout (${timeoutS} s): debugging it`
      : `ctest ran plainly first: ${failedNames.length} failed (${names(failedNames)}); debugging '${pick.name}': \`${pick.command.join(" ")}\``;
    return { ...plan, survey: undefined, program: pick.command[0]!, args: pick.command.slice(1), cwd: pick.cwd, failures: failedNames, notes: [why] };
  }
  if (r.exitCode !== 0)
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `ctest failed (exit code ${r.exitCode}) with no failing test named: ${tail(out, 10)}`,
      "run it in the build directory (or give --test-dir DIR)",
    );
  return {
    passed: true,
    runner: "program",
    command: plan.command,
    exitCode: 0,
    summary: /^\d+% tests passed.*$/m.exec(out)?.[0] ?? "ok",
    output: `${tail(out, 15)}\n`,
    notes: ["ctest ran plainly first: nothing failed, so nothing was debugged"],
  };
}

/** node --test's files, each run plainly as node runs a test file (`node [OPTIONS] FILE`), in turn until one fails. */
async function surveyNode(
  plan: TestPlan,
  s: Extract<NonNullable<TestPlan["survey"]>, { kind: "node" }>,
  ctx: CallerEnv,
  env: Record<string, string | undefined>,
  timeoutS: number,
): Promise<TestPlan | PassedRun> {
  const deadline = timeoutS > 0 ? Date.now() + timeoutS * 1000 : Infinity;
  const rel = (f: string) => relative(ctx.cwd, f) || f;
  const lines: string[] = [];
  let passed = 0;
  for (const file of s.files) {
    const left = deadline === Infinity ? 0 : Math.max(1, (deadline - Date.now()) / 1000);
    const r = await runPlainly([s.node, ...s.nodeArgs, file], { cwd: ctx.cwd, env, timeoutS: left });
    const out = r.stdout + r.stderr;
    if (r.timedOut || r.exitCode !== 0) {
      // TAP (`not ok 2 - name`) or the spec reporter (`✖ name (1.2ms)`), top-level tests only.
      const failed = [...new Set([...out.matchAll(/^(?:not ok \d+ - (.+?)|✖ (.+?) \([\d.]+m?s\))\s*(?:#.*)?$/gm)].map((m) => (m[1] ?? m[2])!))];
      const failures = failed.map((t) => `${rel(file)}: ${t}`);
      const before = lines.length ? ` (${lines.length} file${lines.length === 1 ? "" : "s"} passed)` : "";
      const why = r.timedOut
        ? `${rel(file)} was still running at the --timeout (${timeoutS} s): debugging it`
        : `each test file ran plainly first${before}: ${failed.length ? `${failed.length} failed in ${rel(file)} (${names(failed)})` : `${rel(file)} ended with exit code ${r.exitCode}`}; debugging ${rel(file)}${s.files.indexOf(file) < s.files.length - 1 ? " (the files after it were not run)" : ""}`;
      return { ...plan, survey: undefined, program: file, failures, notes: [...plan.notes, why] };
    }
    passed += Number(/^[#ℹ] pass (\d+)$/m.exec(out)?.[1] ?? 0);
    lines.push(`${rel(file)}: ${nodeTestSummary(out) ?? "exit code 0"}\n`);
  }
  return {
    passed: true,
    runner: "node",
    command: plan.command,
    exitCode: 0,
    summary: `${passed} passed in ${s.files.length} test files`,
    output: lines.join(""),
    notes: ["each test file ran plainly first: nothing failed, so nothing was debugged"],
  };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
