// Reading and validating pipeline and runner definitions.

import * as fs from "fs";
import { PlanError, RawJob, RawPipeline, Runner } from "./types";

function readJson(path: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(path, "utf8");
  } catch (e) {
    throw new PlanError(`cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new PlanError(`${path}: invalid JSON: ${(e as Error).message}`);
  }
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

function checkJob(name: string, raw: unknown, stages: string[]): RawJob {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new PlanError(`job ${name}: must be an object`);
  }
  const job = raw as RawJob;
  if (job.stage !== undefined && !stages.includes(job.stage)) {
    throw new PlanError(`job ${name}: unknown stage "${job.stage}"`);
  }
  if (job.needs !== undefined && !isStringArray(job.needs)) {
    throw new PlanError(`job ${name}: needs must be a list of job names`);
  }
  if (job.tags !== undefined && !isStringArray(job.tags)) {
    throw new PlanError(`job ${name}: tags must be a list of strings`);
  }
  for (const key of ["estimateMin", "timeoutMin", "retries"] as const) {
    const v = job[key];
    if (v !== undefined && (typeof v !== "number" || !(v >= 0))) {
      throw new PlanError(`job ${name}: ${key} must be a non-negative number`);
    }
  }
  if (job.matrix !== undefined) {
    for (const [axis, values] of Object.entries(job.matrix)) {
      if (!isStringArray(values) || values.length === 0) {
        throw new PlanError(`job ${name}: matrix axis ${axis} needs at least one value`);
      }
    }
  }
  return job;
}

export function loadPipeline(path: string): RawPipeline {
  const data = readJson(path) as Partial<RawPipeline>;
  if (typeof data.name !== "string") throw new PlanError(`${path}: missing pipeline name`);
  if (!isStringArray(data.stages) || data.stages.length === 0) {
    throw new PlanError(`${path}: stages must be a non-empty list`);
  }
  if (typeof data.jobs !== "object" || data.jobs === null) {
    throw new PlanError(`${path}: missing jobs`);
  }
  const jobs: Record<string, RawJob> = {};
  for (const [name, raw] of Object.entries(data.jobs)) {
    jobs[name] = checkJob(name, raw, data.stages);
  }
  return { name: data.name, stages: data.stages, jobs, policy: data.policy };
}

export function loadRunners(path: string): Runner[] {
  const data = readJson(path);
  if (!Array.isArray(data)) throw new PlanError(`${path}: expected a list of runners`);
  const out: Runner[] = [];
  const seen = new Set<string>();
  for (const r of data as Partial<Runner>[]) {
    if (typeof r.name !== "string") throw new PlanError(`${path}: runner without a name`);
    if (seen.has(r.name)) throw new PlanError(`${path}: duplicate runner ${r.name}`);
    seen.add(r.name);
    const concurrency = r.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      out.push({
        name: concurrency > 1 ? `${r.name}#${i + 1}` : r.name,
        labels: isStringArray(r.labels) ? r.labels : [],
        protectedOnly: r.protectedOnly === true,
        concurrency: 1,
      });
    }
  }
  if (out.length === 0) throw new PlanError(`${path}: no runners`);
  return out;
}
