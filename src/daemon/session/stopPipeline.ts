// The stop pipeline: a `stopped` event that the session accepted → the throw policy (should this
// stop stand?) → the report builder → the selection it chose → publish → temporary breakpoints
// that fired go. It runs inside the session's queue, one stop at a time.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec } from "../../adapters/types.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { StopReport } from "../../ipc/types.ts";
import type { DisplayLimits } from "../truncate.ts";
import type { LinesReader } from "../sourceWindow.ts";
import type { BreakpointSync } from "./breakpointSync.ts";
import type { Displays } from "./displays.ts";
import type { InQueue } from "./queue.ts";
import type { Reports } from "./reports.ts";
import type { CodeFacts } from "./userCode.ts";
import { buildStopReport, type ReportContext, type Selection, type StopReader } from "./stopReportBuilder.ts";
import { conditionVerdict, type ConditionContext } from "./conditionProbe.ts";
import { ownStopVerdict } from "./ownStopPolicy.ts";
import { thrownType, throwVerdict, type ResumeKind, type ThrowContext } from "./throwPolicy.ts";
import { normaliseAddress, stoppedAtBreakpoints, type PendingHits, type TopFrame } from "./pendingHits.ts";
import { frameView } from "./stopReport.ts";

/** What the pipeline reads of how the program was last resumed, and how it passes a stop (RunControl has these). */
export interface ResumeFacts {
  /** What last set the program running. */
  readonly lastResume: ResumeKind;
  /** What was read before a `finish` (AdapterSpec.returnValue.before). */
  readonly beforeStepOut: string | undefined;
  /** The `--print` expressions that travelled with the resume (undefined: none asked); asking consumes them. */
  takePrints(): readonly string[] | undefined;
  /** Other threads' hits of this stop, for the next `continue`. */
  readonly pending: PendingHits;
  /** Resumes past a stop that does not stand; false when that failed and the stop stands after all. */
  passStop(threadId: number): Promise<boolean>;
}

export interface PipelineHost {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly client: Pick<DapClient, "request"> | undefined;
  readonly capabilities: P.Capabilities;
  readonly breakpoints: Pick<BreakpointSync, "registry" | "throwTypes" | "removeTemporaryNow" | "resyncNow">;
  readonly reader: StopReader;
  readonly output: ReportContext["output"];
  readonly reports: Reports;
  readonly program: string | undefined;
  readonly core: string | undefined;
  readonly sourceLines: number;
  /** How source files are read (unset: from this machine's disk). */
  readonly readSource?: LinesReader;
  codeFacts(): CodeFacts;
  readonly limits: DisplayLimits;
  /** The session's displays: their list, and the prints the builder read at a report's stop. */
  readonly displays: Pick<Displays, "list" | "printed">;
  /** What the stop was expected to be; asking consumes it. */
  takeExpectation(): "entry" | "pause" | undefined;
  /** Running and stopping the program (RunControl): how it was resumed, and passing a stop that does not stand. */
  readonly control: ResumeFacts;
  /** The report is ready: select what it shows and hand it out. */
  publish(report: StopReport, selection: Selection): void;
}

export class StopPipeline {
  /** Watchpoints the adapter dropped since the last report (gdb: their scope ended, which is itself a stop). */
  private watchesEnded: number[] = [];
  /** Where breakpoints were hit (program counter → the CLI's id), for adapters whose other hits are found by it (AdapterSpec.otherHits). */
  private readonly addresses = new Map<string, number>();

  constructor(private readonly host: PipelineHost) {}

  watchEnded(id: number): void {
    this.watchesEnded.push(id);
  }

  /** The type a C++ throw is throwing, where the thread stands at it. */
  thrownType(q: InQueue, threadId: number): Promise<string | undefined> {
    return thrownType(q, this.throwContext(), threadId);
  }

  async run(q: InQueue, body: DapEventMap["stopped"], ids: number[]): Promise<void> {
    const h = this.host;
    const verdict = await throwVerdict(q, this.throwContext(), body, ids, h.breakpoints.registry, h.breakpoints.throwTypes, h.control.lastResume);
    if (!verdict.stand && (await h.control.passStop(verdict.threadId))) return;
    const own = await ownStopVerdict(q, this.throwContext(), body, ids, h.breakpoints.registry, h.control.lastResume);
    if (!own.stand && (await h.control.passStop(own.threadId))) return;
    const condition = await conditionVerdict(q, this.conditionContext(q), body, ids, h.control.lastResume);
    if (!condition.stand && (await h.control.passStop(condition.threadId))) return;
    const { report, selection, printed } = await buildStopReport(
      q,
      {
        adapter: h.adapter,
        client: h.client!,
        capabilities: h.capabilities,
        registry: h.breakpoints.registry,
        reader: h.reader,
        output: h.output,
        program: h.program,
        core: !!h.core,
        expecting: h.takeExpectation(),
        watchesEnded: this.watchesEnded,
        displays: h.displays.list(),
        prints: h.control.takePrints(),
        sourceLines: h.sourceLines,
        ...(h.readSource ? { readSource: h.readSource } : {}),
        facts: h.codeFacts(),
        limits: h.limits,
        create: (reason) => h.reports.create(reason),
        seen: h.reports.seen,
        thrownType: (q, threadId) => this.thrownType(q, threadId),
        finished: h.control.lastResume === "stepOut" ? { before: h.control.beforeStepOut } : undefined,
      },
      body,
      ids,
    );
    this.watchesEnded = [];
    await this.otherThreads(q, report);
    if (printed) h.displays.printed(report, printed);
    h.publish(report, selection);
    await h.breakpoints.removeTemporaryNow(q, report.breakpointIds);
  }

  /**
   * The other threads that stopped at a breakpoint with this stop: found where the adapter does
   * not say (Delve), counted, queued for the next `continue`, and listed in the report.
   */
  private async otherThreads(q: InQueue, report: StopReport): Promise<void> {
    const h = this.host;
    const client = h.client;
    h.control.pending.reportedFor(report.threadId);
    if (!client || report.threadId === undefined) return;
    if (h.adapter.otherHits === "pc") await this.findByAddress(q, client, report).catch(() => {});
    if (!h.control.pending.size) return;
    const tops = await Promise.all(h.control.pending.list().map((p) => this.top(client, p.threadId)));
    report.alsoStopped = h.control.pending.list().map((p, i) => {
      const f = tops[i] ? frameView(tops[i] as P.StackFrame, h.adapter) : undefined;
      return { threadId: p.threadId, ...(p.ids.length ? { breakpointIds: p.ids } : {}), ...(f ? { function: f.function, file: f.file, line: f.line } : {}) };
    });
  }

  private async findByAddress(q: InQueue, client: Pick<DapClient, "request">, report: StopReport): Promise<void> {
    const h = this.host;
    const registry = h.breakpoints.registry;
    // A hit reported at the top frame tells that breakpoint's address.
    if (report.reason === "breakpoint" && report.breakpointIds.length === 1 && !report.frameIndex) {
      const pc = (await h.reader.framesNow(q, report.threadId!, 1))[0]?.instructionPointerReference;
      if (pc) this.addresses.set(normaliseAddress(pc), report.breakpointIds[0]!);
    }
    // Only plain breakpoints: one with a condition, a hit count or a log message may be at its address without having stopped there.
    const live = new Map(
      [...this.addresses].filter(([, id]) => {
        const b = registry.get(id);
        return b?.enabled && !b.internal && !b.condition && !b.hitCondition && !b.logMessage;
      }),
    );
    if (!live.size) return;
    const { threads } = await client.request("threads", undefined);
    const onThread = threads.filter((t) => t.id !== report.threadId && /\(Thread \d+\)/.test(t.name) && h.control.pending.accepts(t.id));
    const tops = new Map<number, TopFrame | undefined>();
    await Promise.all(onThread.map(async (t) => tops.set(t.id, await this.top(client, t.id))));
    for (const { threadId, breakpointId } of stoppedAtBreakpoints(onThread, tops, live, report.threadId)) {
      const bp = registry.get(breakpointId)!;
      bp.hits++;
      h.control.pending.add({
        threadId,
        ids: [bp.id],
        body: { reason: "breakpoint", threadId, allThreadsStopped: true, hitBreakpointIds: bp.adapterId !== undefined ? [bp.adapterId] : [] },
      });
    }
  }

  private top(client: Pick<DapClient, "request">, threadId: number): Promise<P.StackFrame | undefined> {
    return client.request("stackTrace", { threadId, startFrame: 0, levels: 1 }).then(
      (r) => r.stackFrames[0],
      () => undefined,
    );
  }

  /** The condition probe's view of the session (conditionProbe.ts). */
  conditionContext(q: InQueue): ConditionContext {
    const h = this.host;
    return {
      name: h.name,
      adapter: h.adapter,
      client: h.client,
      frames: h.reader,
      registry: h.breakpoints.registry,
      program: h.program,
      resync: (bp) => h.breakpoints.resyncNow(q, bp),
    };
  }

  private throwContext(): ThrowContext {
    return { name: this.host.name, adapter: this.host.adapter, client: this.host.client, frames: this.host.reader };
  }
}
