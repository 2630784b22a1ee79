// `test -- CMD…`: the test command turned into a launch plan (src/adapters/testRunners), the
// adapter given the runner's failure stops, then a session started as `start` starts one.
import { resolve } from "node:path";
import { chooseAdapter, withCallerAdapter } from "../../adapters/index.ts";
import { planTest } from "../../adapters/testRunners/plan.ts";
import { testAdapter } from "../../adapters/testRunners/runnerAdapter.ts";
import { loadConfig } from "../../common/config.ts";
import type { StartOptions } from "../session/session.ts";
import type { Handlers } from "./common.ts";
import { requireFree, runSession, startBreakpoints } from "./session.ts";

export const testHandlers: Handlers<"test"> = {
  async test(a, caller, ctx) {
    requireFree(ctx, caller.session);
    // Locations first: a malformed one is a usage error before anything is built.
    const breakpoints = await startBreakpoints(a.break, caller.cwd);
    const config = await loadConfig();
    // --python names the interpreter that runs the tests; the plan lends it debugpy if it has none.
    const { python, virtualEnv: _venv, ...options } = a.options;
    const plan = planTest(a.command, { cwd: caller.cwd, path: a.path ?? process.env.PATH ?? "", python: typeof python === "string" && python ? python : undefined });
    const spec = testAdapter(chooseAdapter(withCallerAdapter(config, a.options), plan.program, a.adapter ?? plan.adapter), plan, a.stopOnFailure);
    const opts: StartOptions = {
      mode: "launch",
      program: plan.program,
      args: plan.args,
      cwd: a.cwd ? resolve(caller.cwd, a.cwd) : plan.cwd,
      env: { ...plan.env, ...a.env },
      stopOnEntry: false,
      breakpoints,
      options,
    };
    const started = await runSession(ctx, caller, spec, config, opts, a);
    return { ...started, runner: plan.runner, program: plan.program, args: plan.args, ...(plan.notes.length ? { notes: plan.notes } : {}) };
  },
};
