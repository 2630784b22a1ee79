// Session commands' replies as text.
import type { Replies, StartData } from "../ipc/commands.ts";
import { pause } from "./execution.ts";
import { runRows } from "./run.ts";
import { breakpointList, sessionsTable, shortPath, stopReport } from "./text.ts";
import type { Presenters, View } from "./view.ts";

function started(d: StartData, view: View): string {
  const parts: string[] = [];
  const s = d.session;
  if (s.core)
    parts.push(
      `Session '${s.name}' opened core ${shortPath(s.core, view.cwd)} of ${shortPath(s.program, view.cwd)} with ${s.adapter}: it cannot run; inspect it.`,
    );
  else
    parts.push(
      `Session '${s.name}' ${s.mode === "attach" ? "attached to" : "started"} ${s.program ? shortPath(s.program, view.cwd) : `pid ${s.pid}`} with ${s.adapter}${s.pid && s.mode !== "attach" ? ` (pid ${s.pid})` : ""}.`,
    );
  const pending = d.breakpoints.filter((b) => !b.verified);
  if (d.warnings?.length) parts.push(d.warnings.map((w) => `Warning: ${w}.`).join("\n"));
  // A warning says why when none bound; a location left out before the start leaves the others' list.
  const all = d.breakpoints.filter((b) => b.kind !== "data").length;
  if (pending.length && !(d.warnings?.length && pending.length === all)) parts.push(`Pending breakpoints:\n${breakpointList(pending, view.cwd)}`);
  const moved = d.breakpoints.filter((b) => b.movedFrom !== undefined);
  if (moved.length) parts.push(moved.map((b) => `Breakpoint #${b.id} ${b.location} is at line ${b.line}: no code at line ${b.movedFrom}.`).join("\n"));
  if (d.stop) parts.push(stopReport(d.stop, view.cwd, { locals: view.locals }));
  else if (d.state === "running") parts.push("Running. `debugger await` waits for the next stop; `debugger pause` interrupts.");
  return parts.join("\n");
}

function status(d: Replies["status"], view: View): string {
  if (d.state === "idle") return `No session '${d.session}'. \`debugger start PROGRAM\` starts one.`;
  if (d.state === "lost") return `Session '${d.session}' was lost when its daemon died. Start it again.`;
  const head = `Session '${d.session}': ${d.state}${d.program ? `, ${d.program}` : ""} (${d.adapter}${d.pid ? `, pid ${d.pid}` : ""})`;
  if (d.state === "stopped" || d.state === "exited" || d.state === "terminated") return `${head}\n${stopReport(d.stop, view.cwd, { whole: true })}`;
  return head;
}

/** `test`: which runner and what runs, what was said beside it, then the start. */
function tested(d: Replies["test"], view: View): string {
  const head = `Testing with ${d.runner}: ${[d.program, ...d.args].join(" ")}`;
  const parts = [
    head,
    ...(d.replaced ? [`Replaced session '${d.replaced}', which the previous test left at its failure.`] : []),
    ...(d.notes ?? []).map((n) => `Note: ${n}.`),
    // Run plainly, no start says them: a location left out before it.
    ...(d.ranPlainly ? (d.warnings ?? []).map((w) => `Warning: ${w}.`) : []),
  ];
  if (d.hits && d.stoppedBy) {
    // Walked as `run` walks (--max): its rows and end say what stays.
    parts.push(runRows({ ...d, hits: d.hits, stoppedBy: d.stoppedBy, kept: !!d.kept }, view, "test"));
    return parts.filter(Boolean).join("\n");
  }
  if (d.ranPlainly) parts.push(stopReport(d.stop, view.cwd, { locals: view.locals }), "No session was started.");
  else if (d.hang) parts.push(pause({ state: d.state, stop: d.stop, hang: d.hang }, view));
  else parts.push(started(d, view));
  parts.push(sessionLeft(d));
  return parts.filter(Boolean).join("\n");
}

/** The one rule, said in every test reply: a session stays only where the program is stopped. */
function sessionLeft(d: Replies["test"]): string {
  if (d.ranPlainly) return "";
  if (d.state === "stopped")
    return `Session '${d.session.name}' stays here to inspect: \`debugger continue\` runs the rest of the tests; the next \`debugger test\` replaces it; \`debugger stop\` ends it.`;
  if (d.state === "exited" || d.state === "terminated") return "The tests ended: nothing is left to stop.";
  return "";
}

/** `attach --wait`: which process started, and the others that started with it. */
function attached(d: Replies["attach"], view: View): string {
  const w = d.waited;
  if (!w) return started(d, view);
  const head = w.others.length
    ? `${w.others.length + 1} processes named '${w.name}' started at once (pids ${[w.pid, ...w.others].sort((a, b) => a - b).join(", ")}), after ${w.seconds} s: attached to the newest, ${w.pid}.`
    : `Process ${w.pid} ('${w.name}') started after ${w.seconds} s.`;
  return `${head}\n${started(d, view)}`;
}

export const sessionPresenters: Presenters<"start" | "test" | "attach" | "stop" | "detach" | "restart" | "status" | "sessions"> = {
  start: started,
  test: tested,
  attach: attached,
  stop: (d) => `Session '${d.stopped}' ended.${d.ended ? ` The adapter did not answer: it and the program (pid ${d.ended.join(", ")}) were killed.` : ""}`,
  detach: (d) => `Detached from ${d.pid ? `pid ${d.pid}` : "the program"}; it keeps running. Session '${d.detached}' ended.`,
  restart: (d, view) => (d.stop ? stopReport(d.stop, view.cwd, { locals: view.locals }) : `Restarted; ${d.state}.`),
  status,
  sessions: (d) => sessionsTable(d.sessions),
};
