// `test -- CMD…`: the test command turned into a launch plan (src/adapters/testRunners), the
// adapter given the runner's failure stops, then a session started as `start` starts one.
import { resolve } from "node:path";
import { chooseAdapter, withCallerAdapter } from "../../adapters/index.ts";
import { planTest } from "../../adapters/testRunners/plan.ts";
import { testAdapter } from "../../adapters/testRunners/runnerAdapter.ts";
import { lookupEnv } from "../../common/callerEnv.ts";
import { loadConfig } from "../../common/config.ts";
import type { StartOptions } from "../session/session.ts";
import type { Handlers } from "./common.ts";
import { programStdin, releasingStdin, requireFree, runSession, startBreakpoints } from "./session.ts";

export const testHandlers: Handlers<"test"> = {
  test: (a, caller, ctx, stream) => releasingStdin(ctx, a.stdin, async () => {
    requireFree(ctx, caller.session);
    // Locations first: a malformed one is a usage error before anything is built.
    const breakpoints = await startBreakpoints(a.break, caller.cwd);
    const config = await loadConfig();
    // --python names the interpreter that runs the tests; the plan lends it debugpy if it has none.
    const { python, ...options } = a.options;
    // The runner is found, and planned, as the caller's shell would run it: its PATH, VIRTUAL_ENV, GOFLAGS …
    const env = lookupEnv(a.callerEnv);
    const plan = planTest(a.command, { cwd: caller.cwd, path: env.PATH ?? "", env, python: typeof python === "string" && python ? python : undefined });
    // The adapter runs with the interpreter that has the debugpy the tests run with (not, say, the
    // active virtualenv's, when the runner is another Python's).
    if (plan.python) options.python = plan.python.lender ?? plan.python.python;
    const spec = testAdapter(chooseAdapter(withCallerAdapter(config, a.options), plan.program, a.adapter ?? plan.adapter, env), plan, a.stopOnFailure);
    const opts: StartOptions = {
      mode: "launch",
      program: plan.program,
      args: plan.args,
      cwd: a.cwd ? resolve(caller.cwd, a.cwd) : plan.cwd,
      env: { ...plan.env, ...a.env },
      clearEnv: a.clearEnv,
      callerEnv: env,
      stopOnEntry: false,
      breakpoints,
      options,
    };
    const stdin = programStdin(a, caller.cwd, "launch");
    if (stdin) opts.stdin = stdin;
    const started = await runSession(ctx, caller, spec, config, opts, a, stream?.signal);
    return { ...started, runner: plan.runner, program: plan.program, args: plan.args, ...(plan.notes.length ? { notes: plan.notes } : {}) };
  }),
};
