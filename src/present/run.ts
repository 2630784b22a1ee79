// `run`'s reply as text: the place once, one row of values per stop (as gdb's `commands … end`
// prints), then how it ended — the exit report, or the stop that was not a breakpoint's, whole.
import { conditionFalseWhy, notYetAtStops } from "../ipc/conditionWords.ts";
import type { RunData } from "../ipc/commands.ts";
import { pause } from "./execution.ts";
import { conditionCostLines, conditionErrorLines, neverStoppedLines, shortPath, stopReport } from "./text.ts";
import type { Presenters, View } from "./view.ts";

/** `run`'s reply, or a `test --max` walk's (`as`: the command the hints name). */
export function runRows(d: RunData, view: View, as: "run" | "test" = "run"): string {
  const endedNote = `The program was ended (\`${as} --keep\` leaves it there to inspect).`;
  const parts: string[] = [];
  if (d.warnings?.length) parts.push(d.warnings.map((w) => `Warning: ${w}.`).join("\n"));
  const at = (h: RunData["hits"][number]) => (h.frame?.file ? `${shortPath(h.frame.file, view.cwd)}:${h.frame.line}` : (h.frame?.function ?? "?"));
  const places = new Set(d.hits.map(at));
  // Several places: each row names its file by its base name where that names one file among the
  // rows (`lib.rs:98`, as the agent wrote it), else by its path.
  const base = (f: string) => f.slice(f.lastIndexOf("/") + 1);
  const files = new Set(d.hits.flatMap((h) => (h.frame?.file ? [h.frame.file] : [])));
  const bases = new Map<string, number>();
  for (const f of files) bases.set(base(f), (bases.get(base(f)) ?? 0) + 1);
  const rowAt = (h: RunData["hits"][number]) => (h.frame?.file && bases.get(base(h.frame.file)) === 1 ? `${base(h.frame.file)}:${h.frame.line}` : at(h));
  const threads = new Set(d.hits.map((h) => h.threadId));
  // One place: named once above the rows; several: each row names its own.
  if (places.size === 1) parts.push(`Stops at ${d.hits[0]!.frame?.function ?? "?"} (${at(d.hits[0]!)}):`);
  // Rows say new things only: a row the same as the one before is counted, not repeated, and an
  // error already said for the same expression at the same place is not said again.
  let shown: { key: string; hit: number; more: number } | undefined;
  const said = new Map<string, string>();
  const flush = () => {
    if (shown?.more)
      parts.push(
        `  (same on ${shown.more} more stop${shown.more === 1 ? "" : "s"}: ${shown.more === 1 ? `#${shown.hit + 1}` : `#${shown.hit + 1}–#${shown.hit + shown.more}`})`,
      );
  };
  for (const h of d.hits) {
    const where = places.size > 1 ? ` ${rowAt(h)}` : "";
    const thread = threads.size > 1 && h.threadId !== undefined ? ` thread ${h.threadId}` : "";
    const key = `${where}${thread}\0${JSON.stringify(h.values)}`;
    if (shown && shown.key === key) {
      shown.more++;
      continue;
    }
    flush();
    const values = h.values
      .map((v) => {
        if (v.error === undefined) return `${v.expression} = ${v.value}`;
        const again = said.get(`${where}\0${v.expression}`) === v.error;
        said.set(`${where}\0${v.expression}`, v.error);
        return `${v.expression} = ${again ? "error (as above)" : `error: ${v.error}`}`;
      })
      .join("  ");
    parts.push(`#${h.hit}${where}${thread}  ${values}`);
    shown = { key, hit: h.hit, more: 0 };
  }
  flush();
  // Rows merged from a line's several code locations: said once, so the breakpoint's hit count (every stop) still adds up.
  const merged = d.hits.filter((h) => (h.locations ?? 1) > 1);
  if (merged.length) {
    const most = Math.max(...merged.map((h) => h.locations!));
    parts.push(`(one row per pass: ${rowAt(merged[0]!)} stopped at ${most} code locations of its line in a pass; the values are those at the last)`);
  }
  // A breakpoint that stopped where its condition's names do not exist yet: the rows above read garbage.
  const early = d.breakpoints.filter((b) => b.hits > 0 && b.notYet?.length);
  if (early.length) parts.push(early.map(notYetAtStops).join("\n"));
  const rows = `${d.hits.length} stop${d.hits.length === 1 ? "" : "s"}`;
  if (d.stoppedBy === "printsFailed") {
    // Said once, with the likely cause: the line is in a function whose locals are not the names asked for.
    const f = d.stop?.frame;
    const locals = d.stop?.locals.map((l) => l.name) ?? [];
    const lead = `Every --print failed at the first stop, so the run ended there rather than say it at every stop: ${f?.file ? `${shortPath(f.file, view.cwd)}:${f.line}` : "that line"} is in ${f?.function ?? "a function"}`;
    parts.push(
      `${lead}, ${locals.length ? `whose locals are ${locals.slice(0, 12).join(", ")}${locals.length > 12 ? ", …" : ""}` : "which has no locals"}. Is the breakpoint in the function you meant?`,
    );
  }
  if (d.stoppedBy === "max") parts.push(`Stopped after ${rows} (--max); ${d.kept ? `the session '${d.session.name}' waits there` : "the program was ended"}.`);
  else if (d.stoppedBy === "timeout" || d.stoppedBy === "interrupted") {
    const ended = d.stoppedBy === "timeout" ? `Timed out after ${rows}` : `Interrupted (Ctrl-C) after ${rows}`;
    if (!d.stop) parts.push(`${ended}; ${d.kept ? `the session '${d.session.name}' is still running` : "the program was ended"}.`);
    else {
      // Paused at the timeout or a Ctrl-C: where it was, every waiting thread when it hangs.
      parts.push(d.stop.reason === "pause" ? `${ended}, still running; paused to show where it was:` : `${ended}; the program was here:`);
      parts.push(pause({ state: "stopped", stop: d.stop, hang: d.hang }, view));
      parts.push(d.kept ? `The session '${d.session.name}' waits there.` : endedNote);
    }
  }
  if (d.stop && d.stoppedBy !== "timeout" && d.stoppedBy !== "interrupted" && d.stoppedBy !== "printsFailed") {
    // At --max the last stop is the last row: only what the program printed is new.
    // After rows the stop's line alone: the rows were the look around (a test's failure after a walk
    // showed 7 lines of the test's source the agent had read already).
    if (d.stoppedBy !== "max") parts.push(stopReport(d.hits.length ? currentLineOnly(d.stop) : d.stop, view.cwd, { locals: view.locals }));
    else if (d.stop.output) {
      parts.push(`Output:\n${d.stop.output.replace(/\n$/, "").replace(/^/gm, "  ")}`);
      const cut = d.stop.truncated?.filter((t) => t.startsWith("output:"));
      if (cut?.length) parts.push(cut.map((t) => `(${t})`).join("\n"));
    }
    if (d.stoppedBy === "other") parts.push(d.kept ? `The session '${d.session.name}' waits there.` : endedNote);
  }
  // Where the stop report was not shown whole, what the hot conditions cost is said here.
  if (d.stop?.conditions?.length && (d.stoppedBy === "max" || d.stoppedBy === "timeout" || d.stoppedBy === "interrupted" || d.stoppedBy === "printsFailed"))
    parts.push(conditionCostLines(d.stop.conditions));
  if (d.stop?.conditionErrors?.length && (d.stoppedBy === "max" || d.stoppedBy === "printsFailed")) parts.push(conditionErrorLines(d.stop.conditionErrors));
  // What stays, as `test` and `trace` say it: a session only where a program is stopped (`--keep`).
  if (d.stoppedBy === "exit") parts.push(d.kept ? `The session '${d.session.name}' ended with the program.` : "The program ended: nothing is left to stop.");
  // The exit report names the breakpoints that never stopped; an earlier end names those reached with the condition false.
  if (d.stoppedBy !== "exit") {
    const never = d.breakpoints.filter((b) => b.hits === 0 && b.conditionFalse?.hits);
    if (never.length)
      parts.push(
        neverStoppedLines(
          never.map((b) => ({
            id: b.id,
            location: `${b.location} if ${b.condition}`,
            why: conditionFalseWhy(b, true),
          })),
        ),
      );
  }
  return parts.filter(Boolean).join("\n");
}

function currentLineOnly(stop: NonNullable<RunData["stop"]>): NonNullable<RunData["stop"]> {
  const line = stop.source.filter((l) => l.current);
  return line.length ? { ...stop, source: line } : stop;
}

export const runPresenters: Presenters<"run"> = { run: (d, view) => runRows(d, view) };
