// Human renderings. Only results go to stdout; these are what an agent reads at every step, so
// they are short, stable and say where to look next.
import type { HangReport, ThreadStack } from "../ipc/commands.ts";
import type {
  BreakpointView,
  ConditionCost,
  ConditionErrorNote,
  DisplayValue,
  FrameView,
  SessionSummary,
  SourceLine,
  StopReport,
  VariableView,
} from "../ipc/types.ts";
import { localsMode, localsShown, shortValue, sourceShown, type LocalsMode } from "./sizing.ts";

export function shortPath(file: string | undefined, cwd: string): string {
  if (!file) return "??";
  if (cwd && file.startsWith(`${cwd}/`)) return file.slice(cwd.length + 1);
  return file;
}

export function where(frame: { function?: string; file?: string; line?: number } | undefined, cwd: string): string {
  if (!frame) return "an unknown location";
  const loc = frame.file ? `${shortPath(frame.file, cwd)}${frame.line ? `:${frame.line}` : ""}` : "no source";
  return `${frame.function ?? "??"} (${loc})`;
}

export function sourceBlock(lines: SourceLine[]): string {
  if (!lines.length) return "";
  const width = String(lines.at(-1)!.line).length;
  return lines.map((l) => `${l.current ? "→" : " "} ${String(l.line).padStart(width)}  ${l.text}`).join("\n");
}

export function variableLines(vars: VariableView[], indent = "  "): string {
  const out: string[] = [];
  for (const v of vars) {
    // Go names an unnamed result `~r0`: it is the function's return value, not a variable of the code.
    const what = [v.type, /^~r\d+$/.test(v.name) ? "return value" : undefined].filter(Boolean).join(", ");
    out.push(`${indent}${v.name}${what ? ` (${what})` : ""} = ${v.value}`);
    if (v.children?.length) out.push(variableLines(v.children, `${indent}  `));
  }
  return out.join("\n");
}

function indentText(text: string, prefix = "  "): string {
  const trimmed = text.endsWith("\n") ? text.slice(0, -1) : text;
  return trimmed
    .split("\n")
    .map((l) => prefix + l)
    .join("\n");
}

/** How a stop report is sized: the caller's `--locals`; `whole` shows it as if it were the first (status). */
export interface ReportSizing {
  locals?: LocalsMode;
  whole?: boolean;
}

/**
 * The traceback under an exception's head, less its last lines when they only say the head again
 * (debugpy's traceback ends with `Type: message`: a pytest assertion's message, ten lines, was
 * shown twice).
 */
function exceptionDetails(e: NonNullable<StopReport["exception"]>): string {
  if (!e.details) return "";
  const lines = (text: string) => text.split("\n").map((l) => l.trimEnd());
  const details = lines(e.details.trimEnd());
  for (const head of [[e.id, e.description].filter(Boolean).join(": "), e.description ?? ""]) {
    const tail = lines(head.trimEnd());
    if (!head.trim() || tail.length > details.length) continue;
    if (tail.every((l, i) => details[details.length - tail.length + i] === l)) {
      const rest = details
        .slice(0, details.length - tail.length)
        .join("\n")
        .trimEnd();
      return rest ? `\n${indentText(rest)}` : "";
    }
  }
  return `\n${indentText(e.details)}`;
}

export function stopReport(r: StopReport | undefined, cwd: string, sizing: ReportSizing = {}): string {
  if (!r) return "No stop yet.";
  const parts: string[] = [];
  if (r.reason === "exited" || r.reason === "terminated") {
    parts.push(
      r.reason !== "exited"
        ? `Session ended: ${r.description ?? "terminated"}.`
        : r.signal
          ? `Program was killed by ${r.signal}.`
          : `Program exited with code ${r.exitCode}.`,
    );
    if (r.output) parts.push(`Output:\n${indentText(r.output)}`);
    if (r.summary) parts.push(`Tests: ${r.summary}`);
    // The exit code says what the debugger's closing words would ("Process N exited with status 3").
    if (r.console && r.reason !== "exited") parts.push(consoleBlock(r.console));
    if (r.neverStopped?.length) parts.push(neverStoppedLines(r.neverStopped));
    else if (r.neverHit?.length) parts.push(`Breakpoints never hit: ${r.neverHit.join(", ")}.`);
    if (r.conditions?.length) parts.push(conditionCostLines(r.conditions));
    if (r.conditionErrors?.length) parts.push(conditionErrorLines(r.conditionErrors));
    // What was cut from the output, and where the whole is.
    if (r.truncated?.length) parts.push(r.truncated.map((t) => `(${t})`).join("\n"));
    return parts.join("\n");
  }
  let head = `Stopped: ${r.reason}`;
  if (r.breakpointIds.length) head += ` ${r.breakpointIds.join(", ")}`;
  head += ` in ${where(r.frame, cwd)}`;
  if (r.threadId !== undefined) head += `, thread ${r.threadId}`;
  parts.push(head);
  if (r.frameIndex)
    parts.push(`  (frame #${r.frameIndex}, the first in your code; above it: ${skippedFrames(r.skipped ?? [])}; \`debugger frame 0\` shows the top)`);
  if (r.alsoStopped?.length)
    parts.push(
      `  also stopped: ${r.alsoStopped.map((o) => `thread ${o.threadId}${o.breakpointIds?.length ? ` at breakpoint ${o.breakpointIds.join(", ")}` : ""} in ${where(o, cwd)}`).join("; ")} (\`debugger continue\` reports ${r.alsoStopped.length > 1 ? "each" : "it"} first, before anything runs)`,
    );
  if (
    r.description &&
    r.description !== r.exception?.description &&
    !["breakpoint", "step", "entry"].includes(r.reason) &&
    r.description.toLowerCase() !== r.reason
  )
    parts.push(`  ${r.description}`);
  if (r.returnValue !== undefined) parts.push(`Returned: ${r.returnValue}`);
  else if (r.returnValueNote) parts.push(`Returned: not known (${r.returnValueNote})`);
  if (r.exception)
    parts.push(
      `Exception: ${[r.exception.id, r.exception.description].filter(Boolean).join(": ")}${r.exception.type ? ` (${r.exception.type})` : ""}${exceptionDetails(r.exception)}`,
    );
  // Values asked for (--print, display) lead; a local of the same name is not shown twice.
  if (r.displays?.length) parts.push(`Values:\n${displayLines(r.displays)}`);
  // After the first stop, a stop in the frame the last report showed gets its current line only (sizing.ts).
  if (sizing.whole) r = { ...r, seen: undefined };
  const src = sourceBlock(sourceShown(r));
  if (src) parts.push(src);
  const asked = new Set((r.displays ?? []).filter((d) => d.error === undefined).map((d) => d.expression));
  const mode = localsMode(r, sizing.locals);
  const { locals, note } = localsShown(r, asked.size ? r.locals.filter((v) => !asked.has(v.name)) : r.locals, mode);
  // Long strings and containers are cut short here, saying how long the whole is; `print` shows it.
  let cut = false;
  const short = locals.map((v) => {
    const value = shortValue(v);
    if (value !== v.value) cut = true;
    return value === v.value ? v : { ...v, value };
  });
  if (short.length) parts.push(`Locals${note ? ` (${note})` : ""}:\n${variableLines(short)}`);
  else if (note) parts.push(`Locals: ${note}`);
  // Each cut value says how long it is: the daemon's note on its own (longer) cut goes.
  const notes = (r.truncated ?? []).map(withoutValueCuts).filter((t): t is string => !!t);
  // Said with the window: a stop in the same frame has just said it.
  if (cut && !r.seen?.sameFrame) notes.push("… = cut; `debugger print NAME` shows all");
  if (r.output) parts.push(`Output:\n${indentText(r.output)}`);
  if (r.console) parts.push(consoleBlock(r.console));
  if (notes.length) parts.push(notes.map((t) => `(${t})`).join("\n"));
  if (r.conditions?.length) parts.push(conditionCostLines(r.conditions));
  if (r.conditionErrors?.length) parts.push(conditionErrorLines(r.conditionErrors));
  return parts.join("\n");
}

/** The daemon's note on locals cut at its budget, without that clause: the text cuts them shorter and says so per value. */
function withoutValueCuts(note: string): string | undefined {
  if (!note.startsWith("locals: ")) return note;
  const clauses = note.slice("locals: ".length).split("; ");
  const kept = clauses.filter((c) => !/^\d+ values? cut at \d+ characters$/.test(c));
  if (kept.length === clauses.length) return note;
  // What is left may be only the hint that closed the note.
  return kept.some((c) => !c.startsWith("`")) ? `locals: ${kept.join("; ")}` : undefined;
}

/** The library frames a stop skipped: all of them when few, else how many and the two ends. */
function skippedFrames(names: string[]): string {
  if (names.length <= 3) return names.join(" ← ");
  return `${names.length} library frames (${names[0]} ← … ← ${names.at(-1)})`;
}

/** Each breakpoint whose condition cannot be evaluated, once: it stops at every pass; the debugger's error; what to write instead. */
export function conditionErrorLines(notes: ConditionErrorNote[] | undefined): string {
  return (notes ?? [])
    .map((c) => `Condition of #${c.id} (${c.location} if ${c.condition}) cannot be evaluated, so it stops at every pass: ${c.error}\n  Instead: ${c.instead}.`)
    .join("\n");
}

/** What each hot condition cost the command: "condition evaluated N times (X ms each)", and a faster adapter where one is installed. */
export function conditionCostLines(costs: ConditionCost[] | undefined): string {
  if (!costs?.length) return "";
  const n = (x: number) => x.toLocaleString("en-US");
  return costs
    .map((c) => {
      const total = c.checked + (c.about ?? 0);
      const first = c.checked ? `; the first ${n(c.checked)} by the debugger, ${c.checkedMs} ms each` : "";
      const count =
        c.msEach !== undefined
          ? `evaluated ≈${n(total)} times in ${c.seconds} s (≈${c.msEach} ms each by ${c.adapter}, its cost measured on this machine: it reports no count${first})`
          : `checked by ${c.adapter} at every pass for ${c.seconds} s${first}`;
      const faster = c.faster ? ` ${c.faster.adapter} evaluates one in ≈${c.faster.msEach} ms: add --adapter ${c.faster.adapter}.` : "";
      return `Condition of #${c.id} (${c.location} if ${c.condition}) ${count}.${faster}`;
    })
    .join("\n");
}

/** The progress line's words for the hot conditions so far: "#1's condition: ≈2,300 passes by lldb-dap (≈2.3 ms each; gdb ≈1.1 ms)". */
export function conditionProgressText(costs: ConditionCost[]): string {
  return costs
    .map(
      (c) =>
        `#${c.id}'s condition: ${c.about !== undefined ? `≈${(c.checked + c.about).toLocaleString("en-US")} passes` : `${c.seconds} s`} by ${c.adapter}${c.msEach !== undefined ? ` (≈${c.msEach} ms each${c.faster ? `; ${c.faster.adapter} ≈${c.faster.msEach} ms` : ""})` : ""}`,
    )
    .join("; ");
}

/** Each breakpoint that never stopped the program, and why. */
export function neverStoppedLines(never: { id: number; location: string; why: string }[]): string {
  return never.map((n) => `Breakpoint #${n.id} ${n.location} never stopped: ${n.why}.`).join("\n");
}

export function displayLines(values: DisplayValue[], indent = "  "): string {
  return values
    .map(
      (d) =>
        `${indent}${d.id !== undefined ? `${d.id}: ` : ""}${d.expression}${d.error !== undefined ? ` — error: ${d.error}` : ` = ${d.value}${d.type ? ` (${d.type})` : ""}`}`,
    )
    .join("\n");
}

/** The debugger's own words, labelled and kept short: the program's output is what matters. */
function consoleBlock(text: string, max = 3): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const shown = lines.slice(0, max).join("\n");
  const more = lines.length > max ? `\n  (${lines.length - max} more lines: \`debugger output --console\`)` : "";
  return `Debugger says:\n${indentText(shown)}${more}`;
}

export function breakpointLine(b: BreakpointView, cwd: string): string {
  if (b.kind === "data") {
    const bits = [`#${b.id}`, `watch ${b.location}`, b.accessType === "readWrite" ? "read/write" : (b.accessType ?? "write")];
    if (b.description) bits.push(`(${b.description})`);
    bits.push(b.verified ? "verified" : `pending${b.message ? `: ${b.message}` : ""}`);
    if (!b.enabled) bits.push("disabled");
    if (b.condition) bits.push(`if ${b.condition}`);
    bits.push(`hits ${b.hits}`);
    return bits.join("  ");
  }
  const where = b.file && b.line ? `${shortPath(b.file, cwd)}:${b.line}` : (b.function ?? b.address ?? b.location);
  const bits = [`#${b.id}`, where];
  if (b.location !== where && b.function === undefined) bits.push(`(asked ${b.location})`);
  if (b.function && b.file && b.line) bits[1] = `${b.function} at ${shortPath(b.file, cwd)}:${b.line}`;
  bits.push(b.verified ? "verified" : `pending${b.message ? `: ${b.message}` : ""}`);
  if (!b.enabled) bits.push("disabled");
  if (b.condition) bits.push(`if ${b.condition}`);
  if (b.hitCondition) bits.push(`hit count ${b.hitCondition}`);
  if (b.logMessage) bits.push(`log "${b.logMessage}"`);
  if (b.temporary) bits.push("temporary");
  bits.push(`hits ${b.hits}`);
  const f = b.conditionFalse;
  if (f?.hits)
    bits.push(
      `(condition false ${f.more ? "≥" : ""}${f.hits}×${f.last?.length ? `; last: ${f.last.map((v) => `${v.expression} = ${v.error !== undefined ? "error" : v.value}`).join(", ")}` : ""})`,
    );
  return bits.join("  ");
}

export function breakpointList(bps: BreakpointView[], cwd: string): string {
  return bps.length ? bps.map((b) => breakpointLine(b, cwd)).join("\n") : "No breakpoints.";
}

export function backtrace(frames: (FrameView & { current?: boolean; locals?: VariableView[] })[], cwd: string): string {
  if (!frames.length) return "No frames.";
  return frames
    .map((f) => {
      const line = `${f.current ? "→" : " "} #${f.index}  ${where(f, cwd)}`;
      return f.locals?.length ? `${line}\n${variableLines(f.locals, "       ")}` : line;
    })
    .join("\n");
}

/**
 * `backtrace --all`: one line per thread with its first frame in the user's code (and where it
 * waits, when that is in a library or runtime); threads with nothing of the user's on their stack
 * are counted on one line. More frames per thread with --limit.
 */
export function threadStacks(threads: ThreadStack[], cwd: string): string {
  if (!threads.length) return "No threads.";
  const lines: string[] = [];
  const idle = new Map<string, number[]>();
  for (const t of threads) {
    const top = t.frames[0];
    if (!t.userFrame && !t.current && t.frames.length <= 1) {
      const key = top ? top.function : "no frames";
      idle.set(key, [...(idle.get(key) ?? []), t.id]);
      continue;
    }
    const at = t.userFrame ?? top;
    const inLib = top && t.userFrame && t.userFrame.index > 0 ? `, in ${top.function}` : "";
    // The user's frame with its number, so `frame N --thread ID` reaches it in one call.
    const numbered = at && t.userFrame && t.userFrame.index > 0 ? `#${t.userFrame.index} ` : "";
    lines.push(`${t.current ? "→" : " "} ${t.id}  ${t.name}  at ${numbered}${at ? where(at, cwd) : "no frame"}${inLib}`);
    if (t.frames.length > 1) for (const f of t.frames) lines.push(`      #${f.index}  ${where(f, cwd)}`);
  }
  for (const [fn, ids] of idle) lines.push(`  ${ids.join(", ")}  ${fn} (nothing of yours on the stack)`);
  return lines.join("\n");
}

/** `20-24, 31` for [20, 21, 22, 23, 24, 31]. */
function idRanges(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return out.join(", ");
}

/**
 * The hang report: one entry per group of threads that wait on the same thing at the same frame
 * of the user's — the ids, the frame with its number (`frame N --thread ID` reaches it), what it
 * waits on, the source line, and the first thread's locals; then the threads with nothing of the
 * user's on the stack, counted.
 */
export function hangLines(h: HangReport, cwd: string): string {
  const lines: string[] = [];
  for (const g of h.groups) {
    const ids = g.threads.length > 1 ? `${idRanges(g.threads)} (×${g.threads.length})` : String(g.threads[0]);
    const held = g.heldBy
      ? ` (held by ${g.heldBy.thread !== undefined ? `thread ${g.heldBy.thread}${g.threads.includes(g.heldBy.thread) ? ", itself" : ""}` : `LWP ${g.heldBy.lwp}, not a thread of this program`})`
      : "";
    const what = g.waits ? ` waits: ${g.waits}${held}` : g.running ? " runs (top frame is yours)" : "";
    lines.push(`${g.current ? "→" : " "} ${ids}  #${g.frame.index} ${where(g.frame, cwd)}${what}`);
    if (g.text !== undefined) lines.push(`      ${g.frame.line}  ${g.text.length > 100 ? `${g.text.slice(0, 100)}…` : g.text}`);
    if (g.locals?.length) {
      if (g.threads.length > 1) lines.push(`      locals of ${g.threads[0]}:`);
      for (const v of g.locals) lines.push(`      ${v.name} = ${v.value}`);
    }
  }
  for (const i of h.idle) lines.push(`  ${idRanges(i.threads)}  ${i.function} (nothing of yours on the stack)`);
  if (h.truncated?.length) lines.push(...h.truncated.map((t) => `(${t})`));
  return lines.join("\n");
}

export function sessionsTable(sessions: SessionSummary[]): string {
  if (!sessions.length) return "No sessions.";
  return sessions
    .map((s) =>
      `${s.name}  ${s.state}  ${s.adapter ?? ""}  ${s.program ?? ""}${s.core ? `  core ${s.core}` : s.pid ? `  pid ${s.pid}` : ""}`.replace(/ {3,}/g, "  "),
    )
    .join("\n");
}
