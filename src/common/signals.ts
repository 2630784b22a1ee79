// Signal numbers and names (Linux numbering, the one the adapters report in), for telling a
// program's death by a signal apart from an exit code.
import { constants } from "node:os";

const byNumber = new Map<number, string>();
for (const [name, n] of Object.entries(constants.signals)) if (!byNumber.has(n)) byNumber.set(n, name);

/** `SIGKILL` for 9; undefined for a number that names no signal. */
export function signalName(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n < 65 ? byNumber.get(n) : undefined;
}
