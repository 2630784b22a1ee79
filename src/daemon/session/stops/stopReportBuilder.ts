// The stop report builder: from a `stopped` event that stands to the report an agent reads — the
// reason in the same words whatever the adapter, the breakpoint or watchpoint that fired, the frame
// to show (the user's, past the C library), its source and locals, displays, the exception and the
// output since the last report. It reads the program but never changes the inspector's selection:
// the frame it chose is part of its result, for the pipeline to select.
import { localPathFacts } from "../breakpoints/pathFacts.ts";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec } from "../../../adapters/types.ts";
import type { DapClient } from "../../../dap/client.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { StopReport } from "../../../ipc/types.ts";
import type { Breakpoint, BreakpointRegistry } from "../breakpoints/breakpointRegistry.ts";
import { sourceWindow, type LinesReader } from "../inspection/sourceWindow.ts";
import { truncateVariables, type DisplayLimits } from "../values/truncate.ts";
import { declaredBelow, stopPrints, type Display, type Printed } from "./displays.ts";
import type { InQueue } from "../core/queue.ts";
import type { ProgramOutput } from "../program/programOutput.ts";
import { coreStop, normaliseReason } from "./stopReport.ts";
import { frameView } from "../inspection/frameView.ts";
import { userFrameIndex, type CodeFacts } from "../inspection/userCode.ts";
import { identifyWatchpoint } from "../breakpoints/watchStops.ts";
import { frameKey, type SeenFrames } from "./seenFrames.ts";
import { returnedValue } from "./returnValues.ts";
import { compactValue } from "../values/values.ts";
import type { StopReader } from "../inspection/stopReader.ts";

export interface ReportContext {
  readonly adapter: AdapterSpec;
  readonly client: Pick<DapClient, "request">;
  readonly capabilities: P.Capabilities;
  readonly registry: BreakpointRegistry;
  readonly reader: StopReader;
  readonly output: Pick<ProgramOutput, "sinceReport" | "settled" | "lineEnds" | "attachTo">;
  readonly program: string | undefined;
  /** A core dump: its first stop is where it was taken. */
  readonly core: boolean;
  /** What this stop was expected to be (a pause or the entry stop asked for). */
  readonly expecting: "entry" | "pause" | undefined;
  /** Watchpoints the adapter dropped since the last report (gdb: their scope ended, which is itself a stop). */
  readonly watchesEnded: readonly number[];
  readonly displays: readonly Display[];
  /** A command's `--print` expressions, travelling with the resume: read beside the displays (with the breakpoint's own). */
  readonly prints?: readonly string[];
  readonly sourceLines: number;
  /** How source files are read (unset: from this machine's disk). */
  readonly readSource?: LinesReader;
  readonly limits: DisplayLimits;
  /** What tells the user's code from libraries' here. */
  readonly facts: CodeFacts;
  create(reason: string): StopReport;
  /** What the session's reports have shown so far: this report's `seen` comes from it. */
  readonly seen?: SeenFrames;
  thrownType(q: InQueue, threadId: number): Promise<string | undefined>;
  /** The stop a `finish` led to, and what was read before it (to tell the returned value). */
  readonly finished?: { before: string | undefined };
}

/** The thread and frame a report shows, to be selected for the commands that follow it. */
export interface Selection {
  threadId?: number;
  frameIndex: number;
}

const STOP_QUIET_MS = 1;
const STOP_QUIET_MAX_MS = 20;
/** How long a line the program left open before the stop may take to end (ProgramOutput.lineEnds). */
const LINE_END_MAX_MS = 250;

/** What the steps of one report share: the report as it grows and what the earlier steps found. */
interface Draft {
  readonly report: StopReport;
  readonly selection: Selection;
  /** The breakpoints the adapter named, without the daemon's own. */
  ids: number[];
  /** The daemon's own breakpoint this stop is at (a catchpoint), and what it stands for. */
  ownBp: Breakpoint | undefined;
  internal: string | undefined;
  /** The adapter's description names its own watchpoint number (AdapterSpec.ownWatchpointNumber). */
  watchNumber: boolean;
  /** The stopped thread's frames (empty when they could not be read). */
  frames: P.StackFrame[];
  /** The frame the report shows, and the other frames' count below it (for `seen`). */
  shown?: P.StackFrame;
  where?: StopReport["frame"];
  /** The command's prints, read at this stop (ReportContext.prints). */
  printed?: Printed;
}

export async function buildStopReport(
  q: InQueue,
  ctx: ReportContext,
  body: DapEventMap["stopped"],
  ids: number[],
): Promise<{ report: StopReport; selection: Selection; printed?: Printed }> {
  const d = classify(ctx, body, ids);
  try {
    await locate(q, ctx, body, d);
    await read(q, ctx, d);
  } catch (e) {
    (d.report.truncated ??= []).push(`frame: could not be read (${(e as Error).message})`);
  }
  await explain(q, ctx, body, d);
  await attachOutput(ctx, d.report);
  return { report: d.report, selection: d.selection, ...(d.printed ? { printed: d.printed } : {}) };
}

/** Step 1: the reason in the same words whatever the adapter, its description, the breakpoints named. */
export function classify(ctx: ReportContext, body: DapEventMap["stopped"], hit: number[]): Draft {
  const { adapter, registry, output } = ctx;
  // A stop at one of the daemon's own breakpoints (a Rust panic) reads as what it stands for.
  const said = adapter.stopReason?.(body.reason, output.sinceReport(), body.description ?? body.text);
  const ownBp = hit.map((id) => registry.get(id)).find((b) => b?.internal !== undefined);
  const internal = ownBp?.internal;
  const ids = hit.filter((id) => !registry.get(id)?.internal);
  // The adapter's own words for what the stop was (AdapterSpec.stopDescription: gdb's signal, its watchpoint).
  const told = body.description ?? body.text ?? adapter.stopDescription?.(body.reason, output.sinceReport());
  const reason = internal ?? normaliseReason(said ?? body.reason, told, ctx.expecting, ids);
  // A core dump stops where it was taken (Delve says "entry"); a crash keeps its signal.
  const report = ctx.create(ctx.core && reason === "entry" ? "core" : reason);
  report.description = internal ? adapter.describeInternalStop?.(internal, output.sinceReport()) : told;
  // The debugger's own watchpoint number, not the CLI id (AdapterSpec.ownWatchpointNumber): it would only mislead.
  const ownNumber = adapter.ownWatchpointNumber;
  const watchNumber = report.reason === "watchpoint" && !!ownNumber && ownNumber.test(report.description ?? "");
  report.breakpointIds = ids;
  return { report, selection: { frameIndex: 0 }, ids, ownBp, internal, watchNumber, frames: [] };
}

/**
 * Step 2: the thread and its frames; which breakpoint, catchpoint or watchpoint it is where the
 * adapter does not say; the frame to show (the user's, past the C library).
 */
export async function locate(q: InQueue, ctx: ReportContext, body: DapEventMap["stopped"], d: Draft): Promise<void> {
  const { adapter, registry, reader, output } = ctx;
  const { report, selection, ids } = d;
  const threadId = body.threadId ?? (await reader.defaultThread());
  report.threadId = threadId;
  selection.threadId = threadId;
  d.frames = await reader.framesNow(q, threadId);
  const top = d.frames[0];
  if (!top) return;
  // An adapter that names no breakpoint (cdt-gdb-adapter): one of the daemon's own is told by where it stopped.
  if (!d.internal && ids.length === 0 && report.reason === "breakpoint") {
    const own = registry.matchLocation(top.source?.path, top.line, top.name, localPathFacts).find((b) => b.internal);
    if (own) {
      own.hits++;
      d.ownBp = own;
      d.internal = own.internal;
      report.reason = own.internal!;
      report.description = adapter.describeInternalStop?.(own.internal!, output.sinceReport());
    }
  }
  // gdb stops when a watched local goes out of scope and drops the watchpoint; cdt-gdb-adapter calls it "generic".
  const ended = ctx.watchesEnded.map((id) => registry.get(id)).filter((b) => b !== undefined);
  if (report.reason === "generic" && ended.length) {
    report.reason = "watchpoint";
    report.breakpointIds = ended.map((b) => b.id);
    report.description = `${ended.map((b) => b.expression ?? b.location).join(", ")}: out of scope, ${ended.length > 1 ? "the watchpoints are" : "the watchpoint is"} gone (the program left the block where it is valid)`;
  }
  if (report.reason === "watchpoint" && ids.length === 0 && !ended.length) {
    const id = await identifyWatchpoint(
      adapter,
      registry.list().filter((b) => b.kind === "data"),
      report.description,
      (command) => reader.rawNow(q, command).then((r) => r.result),
    );
    const bp = id !== undefined ? registry.get(id) : undefined;
    if (bp) {
      bp.hits++;
      report.breakpointIds = [bp.id];
    }
  }
  // A catchpoint's own frame tells what was thrown (Go's panic value), before the user's frame is chosen.
  const caught = d.internal
    ? adapter
        .catchpoints?.(ctx.program)
        .find((c) => c.value && registry.list().some((b) => b.internal && b.function === c.function && top.name?.includes(c.function)))
    : undefined;
  if (caught && !report.description) {
    const value = await ctx.client.request("evaluate", { expression: caught.value!, frameId: top.id, context: adapter.printContext }).then(
      (r) => r.result,
      () => undefined,
    );
    if (value) report.description = caught.valueIsMessage ? messageText(adapter, value) : compactValue(adapter, value, undefined);
  }
  // A crash or pause inside the C library or a runtime: show the first frame of the user's code.
  const views = d.frames.map((f) => frameView(f, adapter));
  const index = userFrameIndex(report.reason, views, ctx.facts);
  d.shown = d.frames[index]!;
  const { id: _id, ...where } = views[index]!;
  d.where = where;
  report.frame = where;
  if (index > 0) {
    report.frameIndex = index;
    report.skipped = views.slice(0, index).map((f) => f.function);
    selection.frameIndex = index;
  }
  if (report.reason === "breakpoint" && ids.length === 0) {
    report.breakpointIds = registry
      .matchLocation(top.source?.path, top.line, top.name, localPathFacts)
      .filter((b) => !b.internal)
      .map((b) => {
        b.hits++;
        return b.id;
      });
  }
}

/** Step 3: what the shown frame holds: the watched value, the source window, locals, the returned value, displays. */
export async function read(q: InQueue, ctx: ReportContext, d: Draft): Promise<void> {
  const { adapter, registry, reader } = ctx;
  const { report, shown, where } = d;
  if (!shown || !where) return;
  const threadId = report.threadId!;
  // What changed: gdb says "Old value = 3, New value = 6"; lldb-dap says nothing.
  const watched = report.reason === "watchpoint" && report.breakpointIds.length === 1 ? registry.get(report.breakpointIds[0]!) : undefined;
  if (watched?.expression) {
    const now = await reader.evaluateNow(q, watched.readAs ?? watched.expression, adapter.printContext, undefined, shown.id).then(
      (r) => r.result,
      () => undefined,
    );
    if (now !== undefined) {
      // With a condition, writes in between were not seen: the last value seen would mislead.
      const known = watched.lastValue !== undefined && watched.lastValue !== now && !watched.condition;
      const hit = watched.hits > 0 ? ` (hit ${watched.hits})` : "";
      report.description = `${known ? `${watched.expression}: ${watched.lastValue} → ${now}` : `${watched.expression} = ${now}`}${hit}`;
      watched.lastValue = now;
    }
  }
  // The source window comes from disk: read it while the adapter answers for the locals.
  const [source, locals] = await Promise.all([
    sourceWindow(shown.source?.path, shown.line, ctx.sourceLines, ctx.sourceLines, ctx.readSource),
    reader.scopeVariablesNow(q, shown.id, "locals"),
  ]);
  report.source = source;
  // Compared whole, before the cut: a change past the budget is still a change.
  const index = report.frameIndex ?? 0;
  const seen = ctx.seen?.note(frameKey(threadId, where.function, where.file, d.frames.length < 64 ? d.frames.length - index : undefined), locals);
  if (seen) report.seen = seen;
  const cut = truncateVariables(locals, ctx.limits);
  report.locals = cut.variables;
  if (cut.note) (report.truncated ??= []).push(cut.note);
  // debugpy names a function's return value `(return) NAME` after `finish`.
  const returned = report.locals.find((v) => v.name.startsWith("(return)"));
  if (returned) report.returnValue = returned.value;
  else if (ctx.finished && report.reason === "step") {
    const told = await returnedValue(adapter.returnValue, ctx.finished.before, threadId, (command) => reader.rawNow(q, command).then((r) => r.result));
    if (told.value !== undefined) report.returnValue = compactValue(adapter, told.value, undefined);
    if (told.note) report.returnValueNote = told.note;
  }
  if (ctx.displays.length) report.displays = await reader.displaysNow(q, [...ctx.displays], shown.id);
  if (ctx.prints) {
    const expressions = stopPrints((id) => registry.get(id), report, ctx.prints);
    const values = expressions.length
      ? await reader.displaysNow(
          q,
          expressions.map((expression) => ({ expression })),
          shown.id,
        )
      : [];
    d.printed = { expressions, values: await declaredBelow(values, report) };
  }
}

/** Step 4: what was thrown or caught, in the adapter's words and the daemon's catchpoint's. */
export async function explain(q: InQueue, ctx: ReportContext, body: DapEventMap["stopped"], d: Draft): Promise<void> {
  const { report, ownBp, internal } = d;
  if (d.watchNumber && ctx.adapter.ownWatchpointNumber!.test(report.description ?? "")) report.description = undefined;
  if (report.reason === "exception" && ctx.capabilities.supportsExceptionInfoRequest && report.threadId !== undefined) {
    try {
      const info = await ctx.client.request("exceptionInfo", { threadId: report.threadId });
      report.exception = {
        id: withoutPauseNote(info.exceptionId),
        description: withoutPauseNote(info.description),
        details: info.details?.stackTrace ?? info.details?.message,
      };
    } catch {}
  }
  // A catchpoint of the daemon's own: named by its filter, described by what was thrown or its label.
  const def = ownBp ? ctx.adapter.catchpoints?.(ctx.program).find((c) => c.function === ownBp.function) : undefined;
  if (internal) report.exception = { id: def?.filter ?? internal, description: report.description ?? def?.label };
  if (report.reason === "exception" && !report.exception) report.exception = { description: body.text ?? body.description };
  // A C++ throw says what it throws.
  if (report.exception && report.threadId !== undefined) {
    const type = await ctx.thrownType(q, report.threadId).catch(() => undefined);
    if (type) report.exception.type = type;
  }
}

/**
 * Step 5: the program's output since the last report. The program wrote its last output before it
 * stopped, but it reaches the daemon apart from the stop (the daemon's pty or pipes, read on the
 * event loop; a launcher's or an adapter's pipes): those bytes can trail the stop. A marker behind
 * them lets them in (no wait when nothing is in flight); where none can be written, a line left open
 * is given LINE_END_MAX_MS for its end.
 */
export async function attachOutput(ctx: Pick<ReportContext, "output">, report: StopReport): Promise<void> {
  const { output } = ctx;
  const whole = await output.settled(STOP_QUIET_MS, STOP_QUIET_MAX_MS);
  const open = !whole && (await output.lineEnds(LINE_END_MAX_MS));
  output.attachTo(report);
  if (open && report.output)
    (report.truncated ??= []).push(
      "output: its last line has no line end yet (not written by the program, or still on its way): what follows is in the next report",
    );
}

/** The first stop of a core dump whose adapter reports none, from what the debugger said opening it. */
export function coreStopFrom(spec: AdapterSpec, output: ProgramOutput, mark: number): DapEventMap["stopped"] {
  return coreStop(spec, output.since(mark, ["console"]));
}

/** debugpy's userUnhandled stops add "(note: full exception trace is shown but execution is paused at: f)" to the exception's name. */
function withoutPauseNote<T extends string | undefined>(text: T): T {
  return text?.replace(/\s*\(note: full exception trace is shown but execution is paused at: [^)]*\)/, "") as T;
}

/** A string value shown as the message it holds: `"    a_test.go:15: got 11\n"` → `a_test.go:15: got 11`. */
function messageText(adapter: AdapterSpec, value: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/s.exec(value.trim());
  if (!m) return compactValue(adapter, value, undefined);
  let text = m[1]!;
  try {
    text = JSON.parse(`"${m[1]}"`);
  } catch {}
  return text.trim().replace(/\s*\n\s*/g, "; ") || compactValue(adapter, value, undefined);
}
