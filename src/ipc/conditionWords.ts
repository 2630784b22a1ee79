// How a conditional breakpoint that never stopped is said, one wording for the daemon's exit
// report (conditionProbe.ts) and the client's `run`/`test --max` end (present/run.ts).
import type { BreakpointView } from "./types.ts";

/** "reached 7 times, the condition false each time (last time: …)", with where it sat and what was not there yet. */
export function conditionFalseWhy(b: Pick<BreakpointView, "line" | "movedFrom" | "conditionFalse" | "notYet">, soFar = false): string {
  const f = b.conditionFalse!;
  const last = f.last?.length
    ? ` (last time: ${f.last.map((v) => `${v.expression} = ${v.error !== undefined ? `error: ${v.error}` : v.value}`).join(", ")})`
    : "";
  const times = `${f.more ? "at least " : ""}${f.hits} time${f.hits === 1 ? "" : "s"}${soFar ? " so far" : ""}`;
  // The line the condition was read at, when the adapter moved it (a function's opening line binds at its first statement).
  const sat = b.movedFrom !== undefined && b.line !== undefined ? `it sat at line ${b.line}, not ${b.movedFrom}; ` : "";
  const notYet = (b.notYet ?? []).map((n) =>
    n.line === b.line
      ? `; '${n.name}' is declared on line ${n.line} itself, and a breakpoint stops before its line runs: ${n.name} was not constructed or assigned yet when the condition was read`
      : `; '${n.name}' first appears on line ${n.line}, below the breakpoint's line ${b.line}: it was not constructed or assigned yet when the condition was read`,
  );
  return `${sat}reached ${times}, the condition false each time${last}${f.more ? `; the daemon stopped counting after ${f.hits}` : ""}${notYet.join("")}`;
}

/** A conditional breakpoint that stopped where its condition reads a name not constructed yet: its values there are the memory's, not the program's. */
export function notYetAtStops(b: Pick<BreakpointView, "id" | "line" | "notYet">): string {
  const names = (b.notYet ?? []).map((n) => `'${n.name}' (declared on line ${n.line})`).join(", ");
  return `Breakpoint #${b.id} sits at line ${b.line}, before ${names} is constructed or assigned (a breakpoint stops before its line runs): its condition and values read memory that holds no such value yet; put it on a later line.`;
}
