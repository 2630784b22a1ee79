// `test -- CMD…`: the test command turned into a launch plan (src/adapters/testRunners), the
// adapter given the runner's failure stops, then a session started as `start` starts one. Several
// targets are narrowed first by a plain run (survey.ts); nothing failing there is the answer.
import { checkOptionsKnown } from "../../common/adapterOptions.ts";
import { resolve } from "node:path";
import { chooseAdapter, withCallerAdapter } from "../../adapters/index.ts";
import { planTest } from "../../adapters/testRunners/plan.ts";
import { testAdapter } from "../../adapters/testRunners/runnerAdapter.ts";
import { surveyed, type PassedRun } from "../../adapters/testRunners/survey.ts";
import { debuggedEnv, Handoff } from "../../adapters/testRunners/handoff.ts";
import { runPlainly } from "../../adapters/testRunners/plainRun.ts";
import { pytestSummary, unittestSummary } from "../../adapters/testRunners/summary.ts";
import type { TestPlan } from "../../adapters/testRunners/plan.ts";
import type { CallerEnv } from "../../adapters/shebang.ts";
import { lookupEnv } from "../../common/callerEnv.ts";
import { loadConfig } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import { RUN_MAX, type Replies } from "../../ipc/commands.ts";
import type { Session, StartOptions } from "../session/session.ts";
import { newReport } from "../session/stops/stopReport.ts";
import type { Caller, DaemonContext, Handlers, ReplyStream } from "./common.ts";
import { runOnce, type RunStarter } from "../run.ts";
import { pauseAndReport } from "../pause.ts";
import {
  programStdin,
  releasingStdin,
  requireCwd,
  requireFree,
  runSession,
  type startBreakpoints,
  startBreakpointsKeeping,
  testLaunch,
  viaOf,
} from "../launch.ts";
import type { ArgsOut } from "../../ipc/commands.ts";

/** Sessions a `test` left at a failure: the next `test` of the same name replaces them (no `stop` needed). */
const leftByTest = new WeakSet<Session>();
/** How long the pause at the timeout may take. */
const PAUSE_TIMEOUT_S = 5;

/** Ends the session a previous `test` left; any other live session is in the way as before. */
async function replaceLeft(ctx: DaemonContext, name: string): Promise<string | undefined> {
  const s = ctx.registry.find(name);
  if (!s?.live || !leftByTest.has(s)) return undefined;
  await s.end(true).catch(() => {});
  if (ctx.registry.find(name) === s) ctx.registry.remove(name);
  return name;
}

function passedReply(caller: Caller, p: PassedRun): Replies["test"] {
  const [program, ...args] = p.command;
  return {
    session: { name: caller.session, state: "exited" },
    breakpoints: [],
    state: "exited",
    stop: {
      ...newReport(1, "exited"),
      exitCode: p.exitCode,
      description: p.exitCode === 0 ? "the tests passed (exit code 0)" : `program exited with code ${p.exitCode}`,
      output: p.output,
      summary: p.summary,
    },
    runner: p.runner,
    program: program!,
    args,
    notes: p.notes,
    ranPlainly: true,
  };
}

export const testHandlers: Handlers<"test"> = {
  test: (given, caller, ctx, stream) =>
    releasingStdin(ctx, given.stdin, async () => {
      // Locations first: a malformed one is a usage error before anything is built.
      const { breakpoints, refused } = await startBreakpointsKeeping(given.break, caller.cwd);
      // A breakpoint with values to show asks for rows, as `run` gives them (agents wrote `test
      // --break 'LOC print x'` and got one stop, often another caller's): walked up to run's
      // default --max. Without prints a --break stops there and keeps the session, as `start` does.
      const walks = breakpoints.length > 0 && (given.print.length > 0 || breakpoints.some((b) => b.opts?.prints?.length));
      const a = given.max === undefined && walks ? { ...given, max: RUN_MAX } : given;
      if (a.keep && a.max === undefined)
        throw new DebuggerError(
          "USAGE",
          "test --keep goes with --max N or a --break with prints: without them, test already leaves its session at the first stop",
          "`debugger test --break 'LOC print X' --keep -- CMD…` (or --max N), or leave out --keep",
        );
      const left = ctx.registry.find(caller.session);
      if (!(left?.live && leftByTest.has(left))) requireFree(ctx, caller.session);
      if (a.via) return testInTarget(a, caller, ctx, breakpoints, stream, refused);
      requireCwd(a.cwd, caller.cwd);
      const config = await loadConfig();
      // --python names the interpreter that runs the tests; the plan lends it debugpy if it has none.
      const { python, ...options } = a.options;
      checkOptionsKnown(a.options);
      // The runner is found, and planned, as the caller's shell would run it: its PATH, VIRTUAL_ENV, GOFLAGS …
      const env = lookupEnv(a.callerEnv);
      const callerEnv = { cwd: caller.cwd, path: env.PATH ?? "", env };
      const found = await surveyed(
        planTest(a.command, { ...callerEnv, python: typeof python === "string" && python ? python : undefined }),
        callerEnv,
        a.timeout,
      );
      // Replaced only now: a command that cannot run leaves the previous test's session as it was.
      const replaced = await replaceLeft(ctx, caller.session);
      requireFree(ctx, caller.session);
      if ("passed" in found) return { ...passedReply(caller, found), ...(replaced ? { replaced } : {}), ...(refused.length ? { warnings: refused } : {}) };
      let plan = found;
      let handoff: Handoff | undefined;
      if (plan.runner === "wrapper") {
        const followed = await followWrapper(plan, callerEnv, a.timeout);
        if ("passed" in followed)
          return { ...passedReply(caller, followed), ...(replaced ? { replaced } : {}), ...(refused.length ? { warnings: refused } : {}) };
        ({ plan, handoff } = followed);
      }
      let launch;
      try {
        launch = testLaunch(plan, { ...a, options }, { config, env, cwd: a.cwd ? resolve(caller.cwd, a.cwd) : plan.cwd, breakpoints });
      } catch (e) {
        handoff?.finish(1);
        throw e;
      }
      const { spec, opts } = launch;
      const stdin = programStdin(a, caller.cwd, "launch");
      if (stdin) opts.stdin = stdin;
      const about = {
        runner: plan.runner,
        program: plan.program,
        args: plan.args,
        ...(plan.notes.length ? { notes: plan.notes } : {}),
        ...(plan.failures?.length ? { failures: plan.failures } : {}),
        ...(replaced ? { replaced } : {}),
      };
      if (a.max !== undefined) {
        const starter: RunStarter = async (name) => {
          try {
            const begun = await runSession(
              ctx,
              { ...caller, session: name },
              spec,
              config,
              opts,
              { wait: true, timeout: a.timeout, print: [], refused },
              stream?.signal,
            );
            if (handoff) handBack(ctx, name, handoff);
            return begun;
          } catch (e) {
            if (handoff) {
              if (ctx.registry.find(name)?.live) handBack(ctx, name, handoff);
              else handoff.finish(1);
            }
            throw goBuildFailed(e, plan);
          }
        };
        return walkTests(a, caller, ctx, stream, starter, about);
      }
      let started;
      try {
        started = await runSession(ctx, caller, spec, config, opts, { ...a, refused }, stream?.signal);
        if (handoff) handBack(ctx, caller.session, handoff);
      } catch (e) {
        const s = ctx.registry.find(caller.session);
        if (handoff) {
          if (s?.live) handBack(ctx, caller.session, handoff);
          else handoff.finish(1);
        }
        const failed = goBuildFailed(e, plan);
        if (failed !== e) throw failed;
        // Still running at the --timeout: paused and shown where, every waiting thread of a hang, as `run` does.
        if (!(e instanceof DebuggerError && e.code === "TIMEOUT") || !s?.live || s.state !== "running") throw e;
        const paused = await pauseAndReport(s, { wait: true, timeout: PAUSE_TIMEOUT_S, print: a.print }).catch(() => undefined);
        if (!paused?.stop) throw e;
        leftByTest.add(s);
        return {
          session: s.summary(),
          breakpoints: s.breakpoints.views(),
          state: s.state,
          stop: paused.stop,
          ...(paused.hang ? { hang: paused.hang } : {}),
          ...about,
          notes: [...plan.notes, `still running at the --timeout (${a.timeout} s): paused to show where`],
        };
      }
      const s = ctx.registry.find(caller.session);
      if (s?.live && s.state === "stopped") leftByTest.add(s);
      return { ...started, ...about };
    }),
};

/** A Go test binary that did not build: the hint says what shows the errors. */
function goBuildFailed(e: unknown, plan: TestPlan): unknown {
  if (e instanceof DebuggerError && e.code === "LAUNCH_FAILED" && plan.runner === "go" && /build/i.test(e.message))
    return new DebuggerError("LAUNCH_FAILED", e.message, `fix the build; \`go vet ${plan.program}\` shows the same errors`);
  return e;
}

/**
 * `test --max N`: the tests walked by `run`'s loop, started the test's way: one row per breakpoint
 * stop (each breakpoint's own prints), then the failure's stop or the runner's end, and the session
 * ended unless `keep`.
 */
async function walkTests(
  a: ArgsOut<"test">,
  caller: Caller,
  ctx: DaemonContext,
  stream: ReplyStream | undefined,
  starter: RunStarter,
  about: { runner: string; program: string; args: string[]; notes?: string[]; failures?: string[]; replaced?: string },
): Promise<Replies["test"]> {
  const d = await runOnce(
    {
      program: about.program,
      args: about.args,
      env: {},
      callerEnv: a.callerEnv,
      options: {},
      break: a.break,
      print: a.print,
      locals: a.locals,
      max: a.max!,
      keep: a.keep,
      timeout: a.timeout,
    },
    caller,
    ctx,
    stream,
    starter,
  );
  const s = ctx.registry.find(caller.session);
  if (d.kept && s?.live && s.state === "stopped") leftByTest.add(s);
  return { ...d, state: d.session.state, ...about };
}

/**
 * A wrapper (`make test`, `tox -e py`, a shell script) runs as it would; the first Python test
 * runner it starts hands its command over (handoff.ts), which becomes the plan. A wrapper that ends
 * without one was not followed: its exit and output are the answer, with the command that works.
 */
async function followWrapper(plan: TestPlan, callerEnv: CallerEnv, timeoutS: number): Promise<{ plan: TestPlan; handoff: Handoff } | PassedRun> {
  const h = new Handoff();
  const shown = [plan.command[0], ...plan.args].join(" ");
  const abort = new AbortController();
  const running = runPlainly([plan.program, ...plan.args], {
    cwd: plan.cwd,
    env: h.env({ ...(callerEnv.env ?? process.env), PATH: callerEnv.path }),
    timeoutS: 0,
    signal: abort.signal,
  });
  let ended: Awaited<typeof running> | undefined;
  void running.then((r) => (ended = r));
  const deadline = timeoutS > 0 ? Date.now() + timeoutS * 1000 : Infinity;
  let req = h.request();
  while (!req && !ended && Date.now() < deadline) {
    await Bun.sleep(50);
    req = h.request();
  }
  if (!req) {
    if (!ended) {
      abort.abort();
      h.close();
      throw new DebuggerError(
        "TIMEOUT",
        `\`${shown}\` started no Python test run within ${timeoutS} s; it is still running`,
        "give it longer with --timeout S, or give the test command itself: `debugger test -- pytest …`",
      );
    }
    h.close();
    const out = ended.stdout + ended.stderr;
    const verdict = pytestSummary(out) ?? unittestSummary(out);
    return {
      passed: true,
      runner: "wrapper",
      command: plan.command,
      exitCode: ended.exitCode ?? 1,
      summary: verdict ?? `${plan.command[0]} exited with code ${ended.exitCode}`,
      output: out.split("\n").slice(-30).join("\n"),
      notes: [
        `\`${shown}\` ran with no Python test run (pytest, python -m unittest; Python 3.10+) to follow: it ran plainly, nothing was debugged. Give the test command itself to debug it: \`debugger test -- pytest …\`, \`debugger test -- go test ./…\``,
      ],
    };
  }
  // The handed-off command, planned as if typed, in the handed-off process's directory, PATH and environment.
  let inner: TestPlan;
  try {
    inner = planTest([req.python, ...req.argv], { cwd: req.cwd, path: req.env.PATH ?? callerEnv.path, env: req.env });
  } catch (e) {
    // The waiting process sees its directory go and exits 1; the wrapper goes on by itself.
    h.close();
    throw e;
  }
  const followed: TestPlan = {
    ...inner,
    env: { ...debuggedEnv(req, h.siteDir), ...inner.env },
    notes: [
      `\`${shown}\` started \`${[req.python, ...req.argv].join(" ")}\` (pid ${req.pid}), which runs under the debugger in its place; the wrapper waits for it and goes on when it ends`,
      ...inner.notes,
    ],
  };
  void running.then(() => h.close());
  return { plan: followed, handoff: h };
}

/** When the debugged run ends, the waiting process exits with its exit code and the wrapper goes on. */
function handBack(ctx: DaemonContext, name: string, h: Handoff): void {
  const s = ctx.registry.find(name);
  const timer = setInterval(() => {
    const now = ctx.registry.find(name);
    if (now === s && s?.live && s.state !== "exited" && s.state !== "terminated") return;
    clearInterval(timer);
    h.finish(now === s && typeof s?.exitCode === "number" ? s.exitCode : 1);
  }, 100);
}

/**
 * `test --via '…' -- pytest ARGS`: pytest inside the target, under the target's debugpy, stopped
 * where a test fails (the same exception filters as here). The runner is not looked for or
 * surveyed here (this machine's runners are not the target's): only pytest's forms are taken.
 */
async function testInTarget(
  a: ArgsOut<"test">,
  caller: Caller,
  ctx: DaemonContext,
  breakpoints: Awaited<ReturnType<typeof startBreakpoints>>,
  stream: ReplyStream | undefined,
  refused: string[],
): Promise<Replies["test"]> {
  const signal = stream?.signal;
  const [first = "", ...rest] = a.command;
  const base = first.split("/").pop() ?? "";
  const python =
    /^python[\d.]*$/.test(base) && rest[0] === "-m" && rest[1] === "pytest" ? first : /^(py\.test|pytest(-3)?)$/.test(base) ? "python3" : undefined;
  if (!python)
    throw new DebuggerError(
      "UNSUPPORTED",
      `test --via runs pytest in the target (pytest ARGS, python3 -m pytest ARGS), not '${a.command.join(" ")}'`,
      "for another runner, start its program there: `debugger start --via '…' PROGRAM -- ARGS`",
    );
  const args = base.startsWith("python") ? rest.slice(2) : rest;
  if (a.stdin !== undefined) programStdin(a, caller.cwd, "launch");
  const env = lookupEnv(a.callerEnv);
  const via = viaOf(a.via!, a.map ?? [], env);
  const config = await loadConfig();
  const plan: TestPlan = {
    runner: "pytest",
    adapter: "debugpy",
    program: "pytest",
    args,
    cwd: caller.cwd,
    env: {},
    python: { python, module: "pytest" },
    notes: [],
    command: a.command,
  };
  const spec = testAdapter(chooseAdapter(withCallerAdapter(config, a.options), undefined, "debugpy", env), plan, a.stopOnFailure);
  const opts: StartOptions = {
    mode: "launch",
    program: "pytest",
    args,
    cwd: a.cwd ? resolve(caller.cwd, a.cwd) : caller.cwd,
    env: a.env,
    clearEnv: a.clearEnv,
    callerEnv: env,
    stopOnEntry: false,
    breakpoints,
    options: a.options,
    via,
  };
  if (a.max !== undefined)
    return walkTests(
      a,
      caller,
      ctx,
      stream,
      (name) => runSession(ctx, { ...caller, session: name }, spec, config, opts, { wait: true, timeout: a.timeout, print: [], refused }, stream?.signal),
      {
        runner: plan.runner,
        program: plan.program,
        args,
      },
    );
  const started = await runSession(ctx, caller, spec, config, opts, { ...a, refused }, signal);
  const s = ctx.registry.find(caller.session);
  if (s?.live && s.state === "stopped") leftByTest.add(s);
  return { ...started, runner: plan.runner, program: plan.program, args };
}
