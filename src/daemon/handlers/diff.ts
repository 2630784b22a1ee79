// `diff`: the same program run twice (a, b) by `run`'s machinery, with the same breakpoints and
// `--print` expressions, one after the other, and the two series of rows compared: the first stop
// whose values part, where control flow parts, and how each run ended. Each run is a `run` of its
// own session (NAME.runN), ended before the reply: nothing is left running.
import { readFile } from "node:fs/promises";
import { DebuggerError } from "../../common/errors.ts";
import { ClientGone } from "../cancel.ts";
import type { ArgsOut, DiffData, DiffEnd, RunData, RunHit } from "../../ipc/commands.ts";
import { planTest } from "../../adapters/testRunners/plan.ts";
import type { Runner } from "../../adapters/testRunners/summary.ts";
import { pytestOneTest } from "../../adapters/testRunners/python.ts";
import { goOneTest } from "../../adapters/testRunners/go.ts";
import { cargoOneTest } from "../../adapters/testRunners/cargo.ts";
import { lookupEnv } from "../../common/callerEnv.ts";
import { loadConfig } from "../../common/config.ts";
import type { Caller, DaemonContext, Handlers, ReplyStream } from "./common.ts";
import { runOnce, type RunStarter } from "../run.ts";
import { runSession, startBreakpoints, testLaunch } from "../launch.ts";

/** Differing values and output lines shown: the first few say where; more is the reader's `run`. */
const SHOWN = 3;
/** A value or an output line in the reply is cut here (the reply stays under 2 KB). */
const VALUE_MAX = 120;
/** Places reached a different number of times, listed at most. */
const COUNTS_MAX = 4;
/** The output compared: a whole-output file is read up to this many bytes. */
const OUTPUT_READ_MAX = 4 << 20;

type Side = "a" | "b";

async function diff(a: ArgsOut<"diff">, caller: Caller, ctx: DaemonContext, stream?: ReplyStream): Promise<DiffData> {
  if (!a.program === !a.command) {
    throw new DebuggerError(
      "USAGE",
      a.program ? "diff takes a program or a test command, not both" : "diff needs a program, or a test command with two tests",
      "`debugger diff ./app --break app.c:42 --print x --a 'in1' --b 'in2'`, or `debugger diff --break calc.py:12 --print total --test-a test_ok --test-b test_bad -- pytest tests/test_calc.py`",
    );
  }
  // Both sides are checked before either runs: a mistake is said before a minute of runs.
  const tests = a.command ? await testStarters(a, caller, ctx, stream?.signal) : undefined;
  const runs = {} as Record<Side, RunData>;
  for (const side of ["a", "b"] as const) {
    const s = a[side];
    runs[side] = await runOnce(
      {
        program: a.program ?? "",
        args: s.args,
        env: s.env,
        clearEnv: a.clearEnv,
        callerEnv: a.callerEnv,
        adapter: a.adapter,
        options: a.options,
        break: a.break,
        print: a.print,
        max: a.max,
        timeout: a.timeout,
        ...(s.stdin !== undefined ? { stdin: s.stdin } : {}),
      },
      caller,
      ctx,
      stream,
      tests?.[side],
    ).catch((e: unknown) => {
      // Which run could not start (a missing stdin file, a bad argument): said in the message.
      throw e instanceof DebuggerError && !(e instanceof ClientGone) ? new DebuggerError(e.code, `run ${side}: ${e.message}`, e.hint, e.details) : e;
    });
  }
  const data = compare(
    runs.a,
    runs.b,
    { ignore: new Set(a.ignore), addresses: !!a.addresses, durations: !!tests },
    await outputOf(runs.a),
    await outputOf(runs.b),
  );
  return tests ? { ...data, tests: { a: a.a.test!, b: a.b.test! } } : data;
}

/**
 * The command line of one test of the suite `command` runs, in its runner's words: a pytest node
 * id (or `-k NAME`), a unittest name, `go test -run '^NAME$'`, `cargo test NAME -- --exact`.
 */
export function withTest(command: string[], runner: Runner, name: string): string[] {
  switch (runner) {
    case "pytest":
      return pytestOneTest(command, name);
    case "unittest":
      return [...command, name];
    case "go":
      return goOneTest(command, name);
    case "cargo":
      return cargoOneTest(command, name);
    default:
      throw new DebuggerError(
        "USAGE",
        `diff of two tests knows pytest, python -m pytest|unittest, go test and cargo test, not '${command.join(" ")}'`,
        "run each test's program with `debugger diff PROGRAM --a 'ARGS' --b 'ARGS'`",
      );
  }
}

/** Each side's test planned as `test` plans it (stopping at its failing assertion), started by `run`'s loop. */
async function testStarters(a: ArgsOut<"diff">, caller: Caller, ctx: DaemonContext, signal?: AbortSignal): Promise<Record<Side, RunStarter>> {
  const command = a.command!;
  for (const side of ["a", "b"] as const) {
    if (!a[side].test)
      throw new DebuggerError(
        "USAGE",
        `diff of two tests needs --test-${side} NAME`,
        "`debugger diff --break calc.py:12 --print total --test-a test_ok --test-b test_bad -- pytest tests/test_calc.py`",
      );
    if (a[side].args.length || a[side].stdin !== undefined)
      throw new DebuggerError(
        "USAGE",
        `--${side} and --${side}-stdin are a program's: with two tests, each side is its --test-${side} NAME`,
        "leave out --a/--b (give the runner's own arguments after --)",
      );
  }
  const config = await loadConfig();
  const env = lookupEnv(a.callerEnv);
  const plainEnv = { cwd: caller.cwd, path: env.PATH ?? "", env };
  const { python, ...options } = a.options;
  const planCtx = { ...plainEnv, python: typeof python === "string" && python ? python : undefined };
  const runner = planTest(command, planCtx).runner;
  const breakpoints = await startBreakpoints(a.break, caller.cwd);
  const starters = {} as Record<Side, RunStarter>;
  for (const side of ["a", "b"] as const) {
    const plan = planTest(withTest(command, runner, a[side].test!), planCtx);
    if (plan.survey)
      throw new DebuggerError(
        "USAGE",
        `\`${command.join(" ")}\` runs several test targets: diff runs the two tests of one`,
        plan.runner === "go" ? "name one package: `-- go test ./pkg`" : "name one target: `-- cargo test --lib` or `--test NAME`",
      );
    const { spec, opts } = testLaunch(
      plan,
      { options, adapter: a.adapter, env: a[side].env, clearEnv: a.clearEnv, stopOnFailure: true },
      { config, env, cwd: plan.cwd, breakpoints },
    );
    starters[side] = (name) => runSession(ctx, { session: name, cwd: caller.cwd }, spec, config, opts, { wait: true, timeout: a.timeout, print: [] }, signal);
  }
  return starters;
}

/** Where a stop is: FILE:LINE (the file's base name), else the function. */
function placeOf(h: RunHit): string {
  const f = h.frame;
  if (f?.file) return `${f.file.split(/[\\/]/).pop()}:${f.line}`;
  return f?.function ?? "?";
}

function cut(text: string): string {
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** A value as compared: errors are values too; addresses (0x…) are one token unless asked for. */
function shown(v: RunHit["values"][number]): string {
  return v.error !== undefined ? `error: ${v.error}` : (v.value ?? "");
}

export function compare(ra: RunData, rb: RunData, how: { ignore: Set<string>; addresses: boolean; durations?: boolean }, outA: string, outB: string): DiffData {
  const norm = (text: string) => (how.addresses ? text : text.replace(/0x[0-9a-fA-F]+/g, "0x…"));
  // A runner's timings ("1 failed in 0.12s", "ok pkg 0.004s") differ run to run: not a difference.
  const normLine = (text: string) => (how.durations ? norm(text).replace(/\b\d+(?:\.\d+)?m?s\b/g, "…s") : norm(text));
  const valuesOf = (h: RunHit) => h.values.filter((v) => !how.ignore.has(v.expression));
  const n = Math.min(ra.hits.length, rb.hits.length);
  let agree = 0;
  let differs: DiffData["differs"];
  let partedAt = -1;
  for (let i = 0; i < n; i++) {
    const ha = ra.hits[i]!;
    const hb = rb.hits[i]!;
    if (placeOf(ha) !== placeOf(hb)) {
      partedAt = i;
      break;
    }
    if (!differs) {
      const vb = new Map(valuesOf(hb).map((v) => [v.expression, v]));
      const values = valuesOf(ha).flatMap((v) => {
        const other = vb.get(v.expression);
        const [x, y] = [shown(v), other ? shown(other) : "(none)"];
        return norm(x) === norm(y) ? [] : [{ expression: v.expression, a: cut(x), b: cut(y) }];
      });
      if (values.length) differs = { stop: i + 1, at: placeOf(ha), values: values.slice(0, SHOWN) };
      else agree++;
    }
  }
  if (partedAt < 0 && ra.hits.length !== rb.hits.length) partedAt = n;
  let parts: DiffData["parts"];
  if (partedAt >= 0) {
    const count = (hits: RunHit[]) => hits.reduce((m, h) => m.set(placeOf(h), (m.get(placeOf(h)) ?? 0) + 1), new Map<string, number>());
    const [ca, cb] = [count(ra.hits), count(rb.hits)];
    const counts = [...new Set([...ca.keys(), ...cb.keys()])]
      .filter((p) => ca.get(p) !== cb.get(p))
      .slice(0, COUNTS_MAX)
      .map((p) => ({ at: p, a: ca.get(p) ?? 0, b: cb.get(p) ?? 0 }));
    const next = (hits: RunHit[]) => (hits[partedAt] ? placeOf(hits[partedAt]!) : "end");
    parts = { after: partedAt, ...(partedAt > 0 ? { lastCommon: placeOf(ra.hits[partedAt - 1]!) } : {}), a: next(ra.hits), b: next(rb.hits), counts };
  }
  // A test run ended at its failing assertion never printed the rest (its runner's summary): its
  // output is no evidence, and a comparison would list what the ending cut off.
  const endedEarly = how.durations ? (["a", "b"] as const).filter((s) => (s === "a" ? ra : rb).stoppedBy !== "exit") : [];
  const output = endedEarly.length ? [] : outputDiff(outA, outB, normLine);
  const files = { ...(ra.stop?.outputFile ? { a: ra.stop.outputFile } : {}), ...(rb.stop?.outputFile ? { b: rb.stop.outputFile } : {}) };
  const warnings = [...new Set([...(ra.warnings ?? []), ...(rb.warnings ?? [])])];
  return {
    agree,
    ...(differs ? { differs } : {}),
    ...(parts ? { parts } : {}),
    a: endOf(ra),
    b: endOf(rb),
    ...(output.length ? { output } : {}),
    ...(endedEarly.length
      ? { outputNotCompared: `${endedEarly.join(" and ")} ended before ${endedEarly.length > 1 ? "their runners" : "its runner"} finished` }
      : {}),
    ...(Object.keys(files).length ? { outputFiles: files } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

function endOf(r: RunData): DiffEnd {
  const s = r.stop;
  const end: DiffEnd = { stops: r.hits.length, stoppedBy: r.stoppedBy };
  if (s?.exitCode !== undefined) end.exitCode = s.exitCode;
  if (s?.signal) end.signal = s.signal;
  if (s && r.stoppedBy !== "exit" && r.stoppedBy !== "max") {
    const f = s.frame;
    end.at = f?.file ? `${f.function ?? "?"} (${f.file.split(/[\\/]/).pop()}:${f.line})` : (f?.function ?? "?");
    const why = s.exception?.description ?? s.description ?? s.reason;
    // One line: a test's assertion message spans several ("assert 2 == 10\n +  where 2 = …").
    if (why) end.reason = cut(why.trim().replace(/\s*\n\s*/g, " "));
  }
  return end;
}

/** The first lines that differ, in order (a line one run lacks counts). */
function outputDiff(a: string, b: string, norm: (t: string) => string): NonNullable<DiffData["output"]> {
  const la = a.replace(/\n$/, "").split("\n");
  const lb = b.replace(/\n$/, "").split("\n");
  if (a === "") la.length = 0;
  if (b === "") lb.length = 0;
  const out: NonNullable<DiffData["output"]> = [];
  for (let i = 0; i < Math.max(la.length, lb.length) && out.length < SHOWN; i++) {
    const [x, y] = [la[i], lb[i]];
    if (x !== undefined && y !== undefined && norm(x) === norm(y)) continue;
    out.push({ line: i + 1, ...(x !== undefined ? { a: cut(x) } : {}), ...(y !== undefined ? { b: cut(y) } : {}) });
  }
  return out;
}

/** All a run printed: its whole-output file where the report's output was cut, else the report's. */
async function outputOf(r: RunData): Promise<string> {
  const s = r.stop;
  if (!s) return "";
  if (s.outputFile) {
    const text = await readFile(s.outputFile, "utf8").catch(() => undefined);
    if (text !== undefined) return text.slice(0, OUTPUT_READ_MAX);
  }
  return s.output ?? "";
}

export const diffHandlers: Handlers<"diff"> = { diff };
