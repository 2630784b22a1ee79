// The stop pipeline: a `stopped` event that the session accepted → the throw policy (should this
// stop stand?) → the report builder → the selection it chose → publish → temporary breakpoints
// that fired go. It runs inside the session's queue, one stop at a time.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { log } from "../../../common/log.ts";
import type { DapClient } from "../../../dap/client.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { StopReport } from "../../../ipc/types.ts";
import type { BreakpointSync } from "../breakpoints/breakpointSync.ts";
import type { Displays } from "./displays.ts";
import type { SessionCore } from "../facts.ts";
import type { Inspector } from "../inspection/inspector.ts";
import type { InQueue } from "../core/queue.ts";
import { buildStopReport } from "./stopReportBuilder.ts";
import type { StopReader } from "../inspection/stopReader.ts";
import { conditionVerdict, type ConditionContext } from "../breakpoints/conditionProbe.ts";
import { ownStopVerdict } from "./ownStopPolicy.ts";
import { thrownType, throwVerdict, type ResumeKind, type ThrowContext } from "./throwPolicy.ts";
import { normaliseAddress, stoppedAtBreakpoints, type PendingHits, type TopFrame } from "./pendingHits.ts";
import { frameView } from "../inspection/frameView.ts";

/**
 * What the pipeline reads of how the program was last resumed, and how it passes a stop: RunControl's
 * members of these names. Written out, not imported: RunControl builds the pipeline.
 */
export interface ResumeFacts {
  /** What last set the program running. */
  readonly lastResume: ResumeKind;
  /** What was read before a `finish` (AdapterSpec.returnValue.before). */
  readonly beforeStepOut: string | undefined;
  /** The `--print` expressions that travelled with the resume (undefined: none asked); asking consumes them. */
  takePrints(): readonly string[] | undefined;
  /** Other threads' hits of this stop, for the next `continue`. */
  readonly pending: PendingHits;
  /** Resumes past a stop that does not stand (`kind`: a step that finishes the one it cut short; default continue); false when that failed and the stop stands after all. */
  passStop(threadId: number, kind?: ResumeKind): Promise<boolean>;
}

/** The siblings the pipeline reads and drives: RunControl, which owns it, hands them over. */
export interface PipelineParts {
  readonly breakpoints: Pick<BreakpointSync, "registry" | "throwTypes" | "removeTemporaryNow" | "resyncNow">;
  /** Where the stop is read (threads, frames, values), and the selection a report chose. */
  readonly inspector: Pick<Inspector, "stopReader" | "select">;
  /** The session's displays: their list, and the prints the builder read at a report's stop. */
  readonly displays: Pick<Displays, "list" | "printed">;
  /** How the program was last resumed, the prints that travelled with it, and passing a stop that does not stand. */
  readonly control: ResumeFacts;
}

export class StopPipeline {
  /** Watchpoints the adapter dropped since the last report (gdb: their scope ended, which is itself a stop). */
  private watchesEnded: number[] = [];
  /** Where breakpoints were hit (program counter → the CLI's id), for adapters whose other hits are found by it (AdapterSpec.otherHits). */
  private readonly addresses = new Map<string, number>();

  private readonly breakpoints: PipelineParts["breakpoints"];
  private readonly reader: StopReader;
  private readonly inspector: PipelineParts["inspector"];
  private readonly displays: PipelineParts["displays"];
  private readonly control: PipelineParts["control"];

  constructor(
    private readonly session: SessionCore,
    parts: PipelineParts,
  ) {
    ({ breakpoints: this.breakpoints, inspector: this.inspector, displays: this.displays, control: this.control } = parts);
    this.reader = parts.inspector.stopReader;
  }

  watchEnded(id: number): void {
    this.watchesEnded.push(id);
  }

  /** The type a C++ throw is throwing, where the thread stands at it. */
  thrownType(q: InQueue, threadId: number): Promise<string | undefined> {
    return thrownType(q, this.throwContext(), threadId);
  }

  async run(q: InQueue, body: DapEventMap["stopped"], ids: number[]): Promise<void> {
    // A hit of a breakpoint the session has taken away, told after (LLDB stops at a site whose
    // breakpoint it is removing, as a thread reaches it: named, or `breakpoint 0.0` once the site
    // has no owner), or removed since its stop came and before it was reported: after a
    // `continue`, not the user's stop.
    const registry = this.breakpoints.registry;
    const late = ids.length
      ? ids.every((id) => !registry.get(id))
      : registry.namesOnlyGone(body.hitBreakpointIds) || !!this.session.adapter.breakpointTraps?.ownerless?.(body.description);
    // As the adapter tells it: lldb-dap says "breakpoint" for a watchpoint too ("watchpoint 1").
    const reason = this.session.adapter.stopReason?.(body.reason, "", body.description) ?? body.reason;
    if (reason === "breakpoint" && this.control.lastResume === "continue" && late) {
      log("info", `[${this.session.name}] ${body.description ?? "a breakpoint stop"}: a breakpoint removed as the thread reached it; passed`);
      if (body.threadId !== undefined && (await this.control.passStop(body.threadId))) return;
    }
    const claimed = await this.claimTrap(q, body, ids);
    if (claimed === "pass" && (await this.control.passStop(body.threadId!))) return;
    if (claimed && claimed !== "pass") ({ body, ids } = claimed);
    const verdict = await throwVerdict(q, this.throwContext(), body, ids, this.breakpoints.registry, this.breakpoints.throwTypes, this.control.lastResume);
    if (!verdict.stand && (await this.control.passStop(verdict.threadId))) return;
    const own = await ownStopVerdict(
      q,
      { ...this.throwContext(), readSource: this.session.readSource, facts: this.session.codeFacts() },
      body,
      ids,
      this.breakpoints.registry,
      this.control.lastResume,
    );
    if (!own.stand && (await this.control.passStop(own.threadId, own.resume))) return;
    const condition = await conditionVerdict(q, this.conditionContext(q), body, ids, this.control.lastResume);
    if (!condition.stand && (await this.control.passStop(condition.threadId))) return;
    const { report, selection, printed } = await buildStopReport(
      q,
      {
        adapter: this.session.adapter,
        client: this.session.client!,
        capabilities: this.session.capabilities,
        registry: this.breakpoints.registry,
        reader: this.reader,
        output: this.session.out,
        program: this.session.program,
        core: !!this.session.core,
        expecting: this.session.takeExpectation(),
        watchesEnded: this.watchesEnded,
        displays: this.displays.list(),
        prints: this.control.takePrints(),
        sourceLines: this.session.sourceLines,
        ...(this.session.readSource ? { readSource: this.session.readSource } : {}),
        facts: this.session.codeFacts(),
        limits: this.session.limits,
        create: (reason) => this.session.reports.create(reason),
        seen: this.session.reports.seen,
        thrownType: (q, threadId) => this.thrownType(q, threadId),
        finished: this.control.lastResume === "stepOut" ? { before: this.control.beforeStepOut } : undefined,
      },
      body,
      ids,
    );
    this.watchesEnded = [];
    await this.otherThreads(q, report);
    if (printed) this.displays.printed(report, printed);
    this.inspector.select(selection);
    this.session.publish(report);
    await this.breakpoints.removeTemporaryNow(q, report.breakpointIds);
  }

  /**
   * A trap the adapter did not tell as a breakpoint's hit, at the address of a location of one of
   * the session's breakpoints (AdapterSpec.breakpointTraps): that breakpoint's hit, counted. One
   * whose condition, hit count or log message the adapter judges is passed instead: the adapter
   * never judged this arrival, and the program runs on as if the breakpoint were set a moment later.
   * At an address where the debugger has no breakpoint but its stub still has a trap (LLDB removing
   * a breakpoint while the program runs can leave one: see staleTrap), the trap is cleared and,
   * after a `continue`, the stop passed: the program runs on as if it had been removed in time.
   */
  private async claimTrap(
    q: InQueue,
    body: DapEventMap["stopped"],
    ids: number[],
  ): Promise<{ body: DapEventMap["stopped"]; ids: number[] } | "pass" | undefined> {
    const traps = this.session.adapter.breakpointTraps;
    if (!traps || ids.length || body.threadId === undefined || !traps.isTrap(body.reason, body.description)) return undefined;
    const registry = this.breakpoints.registry;
    try {
      const pc = (await this.reader.framesNow(q, body.threadId, 1))[0]?.instructionPointerReference;
      if (!pc) return undefined;
      const at = [...traps.parse((await this.reader.rawNow(q, traps.command)).result)].find(([address]) => normaliseAddress(address) === normaliseAddress(pc));
      if (!at) return this.staleTrap(q, body, ids, pc);
      const bp = registry.list().find((b) => b.adapterId === at[1] && b.kind !== "data" && b.enabled);
      if (!bp) return undefined;
      log("info", `[${this.session.name}] ${body.description ?? body.reason} at ${pc}, a location of breakpoint ${bp.id}: its hit`);
      if ((bp.condition && !bp.probe?.active) || bp.hitCondition || bp.logMessage) return "pass";
      return { body: { ...body, reason: "breakpoint", description: undefined, hitBreakpointIds: [at[1]] }, ids: registry.recordHits([at[1]], "code") };
    } catch (e) {
      log("info", `[${this.session.name}] could not tell whether a trap was a breakpoint's: ${(e as Error).message}`);
      return undefined;
    }
  }

  /**
   * A trap at PC where the debugger has no breakpoint: one its stub still has is taken out (LLDB,
   * removing a breakpoint's site while the program runs, can lose the race with its own step over
   * that site, which writes the trap back: the site is gone from LLDB's list, the trap stays in
   * memory, and every pass there stopped with "signal SIGTRAP"). One the stub no longer has, at
   * the address of a breakpoint the session removed, was reached as it went (once). After a
   * `continue` the stop is passed; after a step it stands (the step's plan is gone), saying what it was.
   */
  private async staleTrap(
    q: InQueue,
    body: DapEventMap["stopped"],
    ids: number[],
    pc: string,
  ): Promise<{ body: DapEventMap["stopped"]; ids: number[] } | "pass" | undefined> {
    const traps = this.session.adapter.breakpointTraps;
    if (!traps?.clear || !traps.cleared) return undefined;
    const result = (await this.reader.rawNow(q, traps.clear(normaliseAddress(pc)))).result;
    const where = normaliseAddress(pc);
    if (traps.cleared(result)) {
      log("info", `[${this.session.name}] ${body.description ?? body.reason} at ${pc}: a trap left where no breakpoint is; cleared`);
      if (this.control.lastResume === "continue") return "pass";
      return { body: { ...body, description: `a breakpoint's trap left in the program at ${where} after its removal (cleared now)` }, ids };
    }
    // No trap there any more (the stub took it out after the thread reached it): a removed breakpoint's address, reached as it went.
    if (!this.breakpoints.registry.wasAt(pc)) return undefined;
    log("info", `[${this.session.name}] ${body.description ?? body.reason} at ${pc}: a removed breakpoint's address, reached as it went`);
    if (this.control.lastResume === "continue") return "pass";
    return { body: { ...body, description: `a trap at ${where}, where a breakpoint was being removed` }, ids };
  }

  /**
   * The other threads that stopped at a breakpoint with this stop: found where the adapter does
   * not say (Delve), counted, queued for the next `continue`, and listed in the report.
   */
  private async otherThreads(q: InQueue, report: StopReport): Promise<void> {
    const client = this.session.client;
    this.control.pending.reportedFor(report.threadId);
    if (!client || report.threadId === undefined) return;
    if (this.session.adapter.otherHits === "pc") await this.findByAddress(q, client, report).catch(() => {});
    if (!this.control.pending.size) return;
    const tops = await Promise.all(this.control.pending.list().map((p) => this.top(client, p.threadId)));
    report.alsoStopped = this.control.pending.list().map((p, i) => {
      const f = tops[i] ? frameView(tops[i] as P.StackFrame, this.session.adapter) : undefined;
      return { threadId: p.threadId, ...(p.ids.length ? { breakpointIds: p.ids } : {}), ...(f ? { function: f.function, file: f.file, line: f.line } : {}) };
    });
  }

  private async findByAddress(q: InQueue, client: Pick<DapClient, "request">, report: StopReport): Promise<void> {
    const registry = this.breakpoints.registry;
    // A hit reported at the top frame tells that breakpoint's address.
    if (report.reason === "breakpoint" && report.breakpointIds.length === 1 && !report.frameIndex) {
      const pc = (await this.reader.framesNow(q, report.threadId!, 1))[0]?.instructionPointerReference;
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
    const onThread = threads.filter((t) => t.id !== report.threadId && /\(Thread \d+\)/.test(t.name) && this.control.pending.accepts(t.id));
    const tops = new Map<number, TopFrame | undefined>();
    await Promise.all(onThread.map(async (t) => tops.set(t.id, await this.top(client, t.id))));
    for (const { threadId, breakpointId } of stoppedAtBreakpoints(onThread, tops, live, report.threadId)) {
      const bp = registry.get(breakpointId)!;
      bp.hits++;
      this.control.pending.add({
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

  /** The condition probe's view of the session (../breakpoints/conditionProbe.ts). */
  conditionContext(q: InQueue): ConditionContext {
    return {
      name: this.session.name,
      adapter: this.session.adapter,
      client: this.session.client,
      frames: this.reader,
      registry: this.breakpoints.registry,
      program: this.session.program,
      found: this.session.foundAdapter,
      resync: (bp) => this.breakpoints.resyncNow(q, bp),
    };
  }

  private throwContext(): ThrowContext {
    return { name: this.session.name, adapter: this.session.adapter, client: this.session.client, frames: this.reader };
  }
}
