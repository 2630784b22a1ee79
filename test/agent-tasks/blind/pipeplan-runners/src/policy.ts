// Organisation-wide rules applied after normalisation.

import { Job, Policy } from "./types";

export const DEFAULT_POLICY: Policy = {
  protectedEnvironments: ["production"],
  maxTimeoutMin: 120,
  maxRetries: 2,
};

export function resolvePolicy(overrides: Partial<Policy> | undefined): Policy {
  return {
    protectedEnvironments: overrides?.protectedEnvironments ?? DEFAULT_POLICY.protectedEnvironments,
    maxTimeoutMin: overrides?.maxTimeoutMin ?? DEFAULT_POLICY.maxTimeoutMin,
    maxRetries: overrides?.maxRetries ?? DEFAULT_POLICY.maxRetries,
  };
}

export interface PolicyNote {
  job: string;
  message: string;
}

export function applyPolicy(jobs: Job[], policy: Policy): PolicyNote[] {
  const notes: PolicyNote[] = [];
  for (const job of jobs) {
    if (job.environment && policy.protectedEnvironments.includes(job.environment)) {
      if (!job.tags.includes("protected")) {
        job.tags.push("protected");
        notes.push({ job: job.name, message: `deploys to ${job.environment}: protected runners only` });
      }
      if (job.retries > 0) {
        job.retries = 0;
        notes.push({ job: job.name, message: "retries disabled for protected deploys" });
      }
    }
    if (job.timeoutMin > policy.maxTimeoutMin) {
      notes.push({ job: job.name, message: `timeout ${job.timeoutMin}m capped to ${policy.maxTimeoutMin}m` });
      job.timeoutMin = policy.maxTimeoutMin;
    }
    if (job.retries > policy.maxRetries) {
      notes.push({ job: job.name, message: `retries ${job.retries} capped to ${policy.maxRetries}` });
      job.retries = policy.maxRetries;
    }
  }
  return notes;
}
