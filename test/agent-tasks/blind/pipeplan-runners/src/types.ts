// Shared types for pipeline definitions, runners and plans.

export interface RawJob {
  stage?: string;
  needs?: string[];
  tags?: string[];
  estimateMin?: number;
  timeoutMin?: number;
  retries?: number;
  allowFailure?: boolean;
  environment?: string;
  variables?: Record<string, string>;
  matrix?: Record<string, string[]>;
}

export interface RawPipeline {
  name: string;
  stages: string[];
  jobs: Record<string, RawJob>;
  policy?: Partial<Policy>;
}

export interface Job {
  name: string;
  stage: string;
  stageIndex: number;
  needs: string[];
  explicitNeeds: boolean;
  tags: string[];
  estimateMin: number;
  timeoutMin: number;
  retries: number;
  allowFailure: boolean;
  environment?: string;
  variables: Record<string, string>;
}

export interface Runner {
  name: string;
  labels: string[];
  protectedOnly: boolean;
  concurrency: number;
}

export interface Policy {
  protectedEnvironments: string[];
  maxTimeoutMin: number;
  maxRetries: number;
}

export interface PlannedJob {
  job: Job;
  start: number;
  end: number;
  runner: string;
}

export interface Plan {
  jobs: PlannedJob[];
  wallMin: number;
  criticalPath: string[];
  criticalPathMin: number;
  busyMinByRunner: Map<string, number>;
}

export class PlanError extends Error {}
