// The stop pipeline: a `stopped` event that the session accepted → the throw policy (should this
// stop stand?) → the report builder → the selection it chose → publish → temporary breakpoints
// that fired go. It runs inside the session's queue, one stop at a time.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec } from "../../adapters/types.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { StopReport } from "../../ipc/types.ts";
import type { DisplayLimits } from "../truncate.ts";
import type { BreakpointSync } from "./breakpointSync.ts";
import type { Display } from "./displays.ts";
import type { ProgramOutput } from "./programOutput.ts";
import type { InQueue } from "./queue.ts";
import type { Reports } from "./reports.ts";
import type { CodeFacts } from "./userCode.ts";
import { buildStopReport, type Selection, type StopReader } from "./stopReportBuilder.ts";
import { conditionVerdict, type ConditionContext } from "./conditionProbe.ts";
import { ownStopVerdict } from "./ownStopPolicy.ts";
import { thrownType, throwVerdict, type ResumeKind, type ThrowContext } from "./throwPolicy.ts";

export interface PipelineHost {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly client: DapClient | undefined;
  readonly capabilities: P.Capabilities;
  readonly breakpoints: BreakpointSync;
  readonly reader: StopReader;
  readonly output: ProgramOutput;
  readonly reports: Reports;
  readonly program: string | undefined;
  readonly core: string | undefined;
  readonly sourceLines: number;
  codeFacts(): CodeFacts;
  readonly limits: DisplayLimits;
  displayList(): Display[];
  /** What last set the program running. */
  readonly resumedBy: ResumeKind;
  /** What was read before a `finish` (AdapterSpec.returnValue.before). */
  readonly beforeStepOut: string | undefined;
  /** What the stop was expected to be; asking consumes it. */
  takeExpectation(): "entry" | "pause" | undefined;
  /** Resumes past a stop that does not stand; false when that failed and the stop stands after all. */
  pass(threadId: number): Promise<boolean>;
  /** The report is ready: select what it shows and hand it out. */
  publish(report: StopReport, selection: Selection): void;
}

export class StopPipeline {
  /** Watchpoints the adapter dropped since the last report (gdb: their scope ended, which is itself a stop). */
  private watchesEnded: number[] = [];

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
    const verdict = await throwVerdict(q, this.throwContext(), body, ids, h.breakpoints.registry, h.breakpoints.throwTypes, h.resumedBy);
    if (!verdict.stand && (await h.pass(verdict.threadId))) return;
    const own = await ownStopVerdict(q, this.throwContext(), body, ids, h.breakpoints.registry, h.resumedBy);
    if (!own.stand && (await h.pass(own.threadId))) return;
    const condition = await conditionVerdict(q, this.conditionContext(q), body, ids, h.resumedBy);
    if (!condition.stand && (await h.pass(condition.threadId))) return;
    const { report, selection } = await buildStopReport(
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
        displays: h.displayList(),
        sourceLines: h.sourceLines,
        facts: h.codeFacts(),
        limits: h.limits,
        create: (reason) => h.reports.create(reason),
        seen: h.reports.seen,
        thrownType: (q, threadId) => this.thrownType(q, threadId),
        finished: h.resumedBy === "stepOut" ? { before: h.beforeStepOut } : undefined,
      },
      body,
      ids,
    );
    this.watchesEnded = [];
    h.publish(report, selection);
    await h.breakpoints.removeTemporaryNow(q, report.breakpointIds);
  }

  /** The condition probe's view of the session (conditionProbe.ts). */
  conditionContext(q: InQueue): ConditionContext {
    const h = this.host;
    return { name: h.name, adapter: h.adapter, client: h.client, frames: h.reader, registry: h.breakpoints.registry, resync: (bp) => h.breakpoints.resyncNow(q, bp) };
  }

  private throwContext(): ThrowContext {
    return { name: this.host.name, adapter: this.host.adapter, client: this.host.client, frames: this.host.reader };
  }
}
