// Dependency graph helpers: topological order and critical path.

import { Job, PlanError } from "./types";

export function indexByName(jobs: Job[]): Map<string, Job> {
  const m = new Map<string, Job>();
  for (const j of jobs) {
    if (m.has(j.name)) throw new PlanError(`duplicate job name ${j.name}`);
    m.set(j.name, j);
  }
  return m;
}

// Kahn's algorithm; ties broken by stage then name so output is stable.
export function topoOrder(jobs: Job[]): Job[] {
  const byName = indexByName(jobs);
  const indeg = new Map<string, number>();
  const users = new Map<string, string[]>();
  for (const j of jobs) {
    indeg.set(j.name, j.needs.length);
    for (const n of j.needs) {
      if (!byName.has(n)) throw new PlanError(`job ${j.name}: needs unknown job "${n}"`);
      if (!users.has(n)) users.set(n, []);
      users.get(n)!.push(j.name);
    }
  }
  const cmp = (a: Job, b: Job) => a.stageIndex - b.stageIndex || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  let ready = jobs.filter((j) => indeg.get(j.name) === 0).sort(cmp);
  const out: Job[] = [];
  while (ready.length > 0) {
    const j = ready.shift()!;
    out.push(j);
    for (const u of users.get(j.name) ?? []) {
      const d = indeg.get(u)! - 1;
      indeg.set(u, d);
      if (d === 0) ready.push(byName.get(u)!);
    }
    ready.sort(cmp);
  }
  if (out.length !== jobs.length) {
    const stuck = jobs.filter((j) => !out.includes(j)).map((j) => j.name);
    throw new PlanError(`dependency cycle among: ${stuck.join(", ")}`);
  }
  return out;
}

// Longest remaining path (including the job itself) for every job.
export function remainingPath(jobs: Job[]): Map<string, number> {
  const order = topoOrder(jobs);
  const users = new Map<string, Job[]>();
  for (const j of jobs) {
    for (const n of j.needs) {
      if (!users.has(n)) users.set(n, []);
      users.get(n)!.push(j);
    }
  }
  const rest = new Map<string, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const j = order[i];
    let best = 0;
    for (const u of users.get(j.name) ?? []) best = Math.max(best, rest.get(u.name)!);
    rest.set(j.name, j.estimateMin + best);
  }
  return rest;
}

export function criticalPath(jobs: Job[]): { path: string[]; minutes: number } {
  const rest = remainingPath(jobs);
  const byName = indexByName(jobs);
  const users = new Map<string, Job[]>();
  for (const j of jobs) for (const n of j.needs) {
    if (!users.has(n)) users.set(n, []);
    users.get(n)!.push(j);
  }
  let cur: Job | undefined;
  for (const j of jobs) {
    if (j.needs.length === 0 && (!cur || rest.get(j.name)! > rest.get(cur.name)!)) cur = j;
  }
  const path: string[] = [];
  const minutes = cur ? rest.get(cur.name)! : 0;
  while (cur) {
    path.push(cur.name);
    let next: Job | undefined;
    for (const u of users.get(cur.name) ?? []) {
      if (!next || rest.get(u.name)! > rest.get(next.name)!) next = u;
    }
    cur = next ? byName.get(next.name) : undefined;
  }
  return { path, minutes };
}
