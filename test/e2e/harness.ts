// The e2e suite's entry to the one harness (test/harness): the built binary, real debug adapters,
// the fixture programs. New tests may import test/harness directly; this file stays so imports of
// it keep working.
import { runCommand as run } from "../harness/index.ts";

export * from "../harness/index.ts";

/**
 * runCommand whose result also answers to the old name `code`, for tests written against it on
 * branches not yet merged. @deprecated read `exitCode`; `code` goes once those branches are in.
 */
export function runCommand(cmd: string[]): { exitCode: number; out: string /** @deprecated use exitCode */; readonly code: number } {
  const r = run(cmd);
  return Object.defineProperty(r, "code", { get: () => r.exitCode, enumerable: false }) as ReturnType<typeof runCommand>;
}
