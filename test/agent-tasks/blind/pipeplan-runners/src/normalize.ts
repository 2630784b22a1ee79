// Turns raw job definitions into concrete jobs: defaults, matrix expansion
// and GitLab-style implicit stage ordering.

import { Job, PlanError, RawJob, RawPipeline } from "./types";

const JOB_DEFAULTS = {
  needs: [] as string[],
  tags: [] as string[],
  estimateMin: 5,
  timeoutMin: 60,
  retries: 0,
  allowFailure: false,
  variables: {} as Record<string, string>,
};

function matrixCombos(matrix: Record<string, string[]>): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const [axis, values] of Object.entries(matrix)) {
    const next: Record<string, string>[] = [];
    for (const c of combos) {
      for (const v of values) next.push({ ...c, [axis]: v });
    }
    combos = next;
  }
  return combos;
}

function comboLabel(c: Record<string, string>): string {
  return Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
}

export function normalizeJob(name: string, raw: RawJob, stages: string[]): Job[] {
  const stage = raw.stage ?? "test";
  const stageIndex = stages.indexOf(stage);
  if (stageIndex < 0) throw new PlanError(`job ${name}: stage "${stage}" is not declared`);
  const { matrix, ...rest } = raw;
  const base: Job = {
    ...JOB_DEFAULTS,
    ...rest,
    name,
    stage,
    stageIndex,
    explicitNeeds: raw.needs !== undefined,
  };
  if (!matrix) return [base];
  return matrixCombos(matrix).map((combo) => ({
    ...base,
    name: `${name} [${comboLabel(combo)}]`,
    variables: { ...base.variables, ...combo },
  }));
}

// Expands `needs` entries that refer to a matrix job by its base name.
function resolveNeeds(jobs: Job[]): void {
  const byBase = new Map<string, string[]>();
  for (const j of jobs) {
    const base = j.name.replace(/ \[.*\]$/, "");
    if (!byBase.has(base)) byBase.set(base, []);
    byBase.get(base)!.push(j.name);
  }
  for (const j of jobs) {
    if (!j.explicitNeeds) continue;
    const resolved: string[] = [];
    for (const n of j.needs) {
      const targets = byBase.get(n);
      if (!targets) throw new PlanError(`job ${j.name}: needs unknown job "${n}"`);
      resolved.push(...targets);
    }
    j.needs = resolved;
  }
}

// Jobs without an explicit `needs` wait for every job in earlier stages.
function addStageOrdering(jobs: Job[]): void {
  for (const j of jobs) {
    if (j.explicitNeeds) continue;
    j.needs = jobs.filter((o) => o.stageIndex < j.stageIndex).map((o) => o.name);
  }
}

export function normalizePipeline(p: RawPipeline): Job[] {
  const jobs: Job[] = [];
  for (const [name, raw] of Object.entries(p.jobs)) {
    jobs.push(...normalizeJob(name, raw, p.stages));
  }
  jobs.sort((a, b) => a.stageIndex - b.stageIndex);
  resolveNeeds(jobs);
  addStageOrdering(jobs);
  return jobs;
}
