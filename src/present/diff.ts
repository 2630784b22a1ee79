// `diff`'s reply as text: the shared prefix in one line, the first stop whose values part (both
// sides in columns), where control flow parts, the two ends and the output lines that differ.
import type { DiffData, DiffEnd } from "../ipc/commands.ts";
import type { Presenters } from "./view.ts";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function end(side: "a" | "b", e: DiffEnd, test?: string): string {
  const stops = plural(e.stops, "stop");
  const how =
    e.stoppedBy === "exit"
      ? e.signal
        ? `killed by ${e.signal}`
        : `exited with code ${e.exitCode ?? "?"}`
      : e.stoppedBy === "max"
        ? "ended at the stop limit, max (more may follow)"
        : e.stoppedBy === "timeout"
          ? `still running at the timeout (a hang?)${e.at ? `, paused in ${e.at}` : ""}`
          : e.stoppedBy === "interrupted"
            ? `interrupted (Ctrl-C)${e.at ? `, paused in ${e.at}` : ""}`
            : `stopped: ${e.reason ?? "?"}${e.at ? ` in ${e.at}` : ""}`;
  const never = e.stops === 0 ? "; it never stopped at a breakpoint" : "";
  return `${side}${test ? ` (${test})` : ""}: ${stops}, ${how}${never}.`;
}

function diff(d: DiffData): string {
  const parts: string[] = [];
  if (d.warnings?.length) parts.push(d.warnings.map((w) => `Warning: ${w}.`).join("\n"));
  if (d.differs) {
    const agree = d.agree === 1 ? "The first stop agrees; stop" : d.agree ? `The first ${d.agree} stops agree; stop` : "Stop";
    parts.push(`${agree} #${d.differs.stop} (${d.differs.at}) differs:`);
    const width = Math.max(...d.differs.values.map((v) => v.expression.length));
    const widthA = Math.min(40, Math.max(...d.differs.values.map((v) => v.a.length)));
    for (const v of d.differs.values) parts.push(`  ${v.expression.padEnd(width)}  a: ${v.a.padEnd(widthA)}  b: ${v.b}`);
  } else if (d.a.stops || d.b.stops) parts.push(`The values agree at every stop both runs share (${d.agree}).`);
  if (d.parts) {
    const p = d.parts;
    const after = p.lastCommon ? `after stop #${p.after} (${p.lastCommon}, the last in common)` : "at the first stop";
    const next = (x: string) => (x === "end" ? "no further stop" : x);
    parts.push(`Control flow parts ${after}: a goes to ${next(p.a)}, b to ${next(p.b)}.`);
    if (p.counts.length) parts.push(`Reached: ${p.counts.map((c) => `${c.at} a ${c.a}×, b ${c.b}×`).join("; ")}.`);
  } else if (d.a.stops && d.b.stops) parts.push("Control flow agrees: the same places, in the same order.");
  parts.push(end("a", d.a, d.tests?.a), end("b", d.b, d.tests?.b));
  if (d.output?.length) {
    parts.push("Output differs:");
    for (const o of d.output) parts.push(`  line ${o.line}  a: ${o.a ?? "(none)"}\n  ${" ".repeat(`line ${o.line}`.length)}  b: ${o.b ?? "(none)"}`);
  } else parts.push(d.outputNotCompared ? `Output: not compared (${d.outputNotCompared}).` : "Output: the same.");
  if (d.outputFiles)
    parts.push(
      `Whole output: ${Object.entries(d.outputFiles)
        .map(([k, f]) => `${k} ${f}`)
        .join(", ")}.`,
    );
  parts.push("Both programs were ended: nothing is left running.");
  return parts.join("\n");
}

export const diffPresenters: Presenters<"diff"> = { diff };
