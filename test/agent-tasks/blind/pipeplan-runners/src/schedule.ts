// List scheduling of jobs onto runners to estimate pipeline wall time.

import { criticalPath, indexByName, remainingPath } from "./graph";
import { Job, Plan, PlanError, PlannedJob, Runner } from "./types";

export function canRun(runner: Runner, job: Job): boolean {
  if (runner.protectedOnly && !job.tags.includes("protected")) return false;
  return job.tags.every((t) => runner.labels.includes(t));
}

export function schedule(jobs: Job[], runners: Runner[]): Plan {
  const rest = remainingPath(jobs);
  const byName = indexByName(jobs);
  for (const j of jobs) {
    if (!runners.some((r) => canRun(r, j))) {
      throw new PlanError(`job ${j.name}: no runner matches tags [${j.tags.join(", ")}]`);
    }
  }

  const freeAt = new Map<string, number>(runners.map((r) => [r.name, 0]));
  const finish = new Map<string, number>();
  const planned: PlannedJob[] = [];
  const pending = new Set(jobs.map((j) => j.name));
  let now = 0;

  const priority = (a: Job, b: Job) =>
    rest.get(b.name)! - rest.get(a.name)! || a.stageIndex - b.stageIndex || (a.name < b.name ? -1 : 1);

  while (pending.size > 0) {
    const ready = [...pending]
      .map((n) => byName.get(n)!)
      .filter((j) => j.needs.every((n) => (finish.get(n) ?? Infinity) <= now))
      .sort(priority);

    let started = false;
    for (const job of ready) {
      const runner = runners.find((r) => freeAt.get(r.name)! <= now && canRun(r, job));
      if (!runner) continue;
      const end = now + job.estimateMin;
      planned.push({ job, start: now, end, runner: runner.name });
      freeAt.set(runner.name, end);
      finish.set(job.name, end);
      pending.delete(job.name);
      started = true;
    }
    if (pending.size === 0) break;

    // Advance to the next moment something finishes.
    const upcoming = [...freeAt.values(), ...finish.values()].filter((t) => t > now);
    if (upcoming.length === 0) {
      if (!started) throw new PlanError(`scheduler stuck at ${now}m with ${pending.size} jobs left`);
      continue;
    }
    now = Math.min(...upcoming);
  }

  const busy = new Map<string, number>(runners.map((r) => [r.name, 0]));
  for (const p of planned) busy.set(p.runner, busy.get(p.runner)! + (p.end - p.start));
  const cp = criticalPath(jobs);
  planned.sort((a, b) => a.start - b.start || a.job.stageIndex - b.job.stageIndex || (a.job.name < b.job.name ? -1 : 1));
  return {
    jobs: planned,
    wallMin: Math.max(0, ...planned.map((p) => p.end)),
    criticalPath: cp.path,
    criticalPathMin: cp.minutes,
    busyMinByRunner: busy,
  };
}
