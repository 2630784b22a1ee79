// pipeplan: estimate how long a CI pipeline takes on a runner fleet.
//
//   node dist/main.js PIPELINE.json RUNNERS.json

import { formatPlan } from "./format";
import { loadPipeline, loadRunners } from "./load";
import { normalizePipeline } from "./normalize";
import { applyPolicy, resolvePolicy } from "./policy";
import { schedule } from "./schedule";
import { PlanError } from "./types";

function main(argv: string[]): number {
  if (argv.length !== 2) {
    console.error("usage: pipeplan PIPELINE.json RUNNERS.json");
    return 2;
  }
  try {
    const raw = loadPipeline(argv[0]);
    const runners = loadRunners(argv[1]);
    const jobs = normalizePipeline(raw);
    const notes = applyPolicy(jobs, resolvePolicy(raw.policy));
    const plan = schedule(jobs, runners);
    console.log(formatPlan(raw.name, plan, runners, notes));
    return 0;
  } catch (e) {
    if (e instanceof PlanError) {
      console.error(`pipeplan: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
