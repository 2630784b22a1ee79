// Execution commands' replies as text: the stop report, or why there is none yet.
import type { Replies, StopData } from "../ipc/commands.ts";
import { conditionErrorLines, hangLines, stopReport } from "./text.ts";
import type { Presenters, View } from "./view.ts";

export function stopped(d: StopData & { loopHint?: string }, view: View): string {
  if (d.stop) return [stopReport(d.stop, view.cwd, { locals: view.locals }), d.loopHint].filter(Boolean).join("\n");
  return `Running (session '${view.session}'). \`debugger await\` waits for the next stop.`;
}

function trace(d: Replies["trace"], view: View): string {
  // The thread only when the hits were on more than one.
  const threads = new Set(d.hits.map((h) => h.threadId));
  const lines = d.hits.map(
    (h) =>
      `#${h.hit}${threads.size > 1 && h.threadId !== undefined ? ` thread ${h.threadId}` : ""}  ${h.values.map((v) => `${v.expression} = ${v.error !== undefined ? `error: ${v.error}` : v.value}`).join("  ")}`,
  );
  const head = `Trace of breakpoint ${d.breakpoint}: ${d.hits.length} hit${d.hits.length === 1 ? "" : "s"}`;
  const most = Math.max(1, ...d.hits.map((h) => h.locations ?? 1));
  if (most > 1) lines.push(`(one row per pass: the line stopped at ${most} code locations in a pass; the values are those at the last)`);
  const end =
    d.stoppedBy === "max"
      ? `Stopped at hit ${d.hits.length} (--max); the program waits there: session '${view.session}' stays (\`debugger continue\` goes on, \`debugger stop\` ends it).`
      : d.stoppedBy === "timeout"
        ? "Timed out; the program is still running (`debugger await`, `debugger pause`)."
        : d.stoppedBy === "interrupted" && d.stop
          ? `Interrupted (a pause); the program waits here: session '${view.session}' stays (\`debugger stop\` ends it).\n${stopReport(d.stop, view.cwd, { locals: view.locals })}`
          : d.stop
            ? stopReport(d.stop, view.cwd, { locals: view.locals })
            : "";
  const ended = d.stop && (d.stop.reason === "exited" || d.stop.reason === "terminated");
  const stays = ended
    ? "The program ended: nothing is left to stop."
    : d.stop && d.stoppedBy !== "max" && d.stoppedBy !== "interrupted"
      ? `Session '${view.session}' stays here (\`debugger stop\` ends it).`
      : "";
  // At --max the stop report is not shown: a condition that could not be evaluated is said here.
  const unevaluated = d.stoppedBy === "max" ? conditionErrorLines(d.stop?.conditionErrors) : "";
  return [head, ...lines, unevaluated, end, stays].filter(Boolean).join("\n");
}

/**
 * A pause of a blocked program: the stop's head line, then every waiting thread (the hang report)
 * in place of the paused thread's source and locals, which its entry repeats.
 */
export function pause(d: Replies["pause"], view: View): string {
  const h = d.hang;
  if (!h) return stopped(d, view);
  const n = h.groups.reduce((k, g) => k + g.threads.length, 0);
  const places = h.groups.filter((g) => g.threads.length).length;
  if (!d.stop) {
    return [
      `Not stopped: all ${n} threads wait in code that runs no Python (a lock, a join, a queue); debugpy stops a thread only when it runs Python code, so the pause stays asked and a thread that wakes stops.`,
      "Stacks read while it runs (no locals until it stops):",
      hangLines(h, view.cwd),
    ].join("\n");
  }
  // The paused thread's source, locals and their note: its entry below shows them.
  const truncated = d.stop.truncated?.filter((t) => !/^(locals|frame):/.test(t));
  const rest = stopReport({ ...d.stop, source: [], locals: [], frameIndex: undefined, truncated }, view.cwd).split("\n");
  // Delve names goroutines `[Go N] …`.
  const unit = h.groups.every((g) => g.name.startsWith("[Go ")) ? "goroutines" : "threads";
  return [
    rest[0],
    `Blocked: all ${n} ${unit} of yours wait${places > 1 && places < n ? `, in ${places} places` : ""}.`,
    hangLines(h, view.cwd),
    ...rest.slice(1),
  ].join("\n");
}

export const executionPresenters: Presenters<"continue" | "next" | "step" | "finish" | "until" | "pause" | "await" | "trace"> = {
  continue: stopped,
  next: stopped,
  step: stopped,
  finish: stopped,
  until: stopped,
  pause,
  await: stopped,
  trace,
};
