// Text output for plans.

import { Plan, Runner } from "./types";
import { PolicyNote } from "./policy";

function mmss(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return `${h}:${String(m).padStart(2, "0")}`;
}

export function formatPlan(name: string, plan: Plan, runners: Runner[], notes: PolicyNote[]): string {
  const lines: string[] = [];
  const stages = new Set(plan.jobs.map((p) => p.job.stage));
  lines.push(`Pipeline "${name}": ${plan.jobs.length} jobs in ${stages.size} stages, ${runners.length} runners`);
  lines.push("");
  const width = Math.max(...plan.jobs.map((p) => p.job.name.length), 4);
  lines.push(`  ${"start".padEnd(6)}${"end".padEnd(6)}${"job".padEnd(width + 2)}stage`);
  for (const p of plan.jobs) {
    lines.push(`  ${mmss(p.start).padEnd(6)}${mmss(p.end).padEnd(6)}${p.job.name.padEnd(width + 2)}${p.job.stage}`);
  }
  lines.push("");
  lines.push(`Critical path (${plan.criticalPathMin}m): ${plan.criticalPath.join(" -> ")}`);
  lines.push(`Estimated wall time: ${plan.wallMin}m`);
  const total = [...plan.busyMinByRunner.values()].reduce((a, b) => a + b, 0);
  const capacity = plan.wallMin * runners.length;
  const util = capacity === 0 ? 0 : Math.round((100 * total) / capacity);
  lines.push(`Runner utilisation: ${util}% (${total} job-minutes)`);
  if (notes.length > 0) {
    lines.push("");
    lines.push("Policy:");
    for (const n of notes) lines.push(`  ${n.job}: ${n.message}`);
  }
  return lines.join("\n");
}
