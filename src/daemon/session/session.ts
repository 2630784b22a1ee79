// One debug session's lifecycle: the state driven by adapter events, start-up, execution and
// shut-down. It owns its parts — the adapter link, the program's output, the stop pipeline, the
// breakpoint sync, the inspector, the displays, how it ends by itself (ending.ts) — and one private
// queue: every public operation that talks to the adapter runs through it. Waiting for a stop
// happens outside the queue, so `status`, `pause` and other clients are never blocked by a waiter.
// What the session is and shows of itself (program, state, limits, the state checks) is facts.ts.
import type { AdapterSpec } from "../../adapters/types.ts";
import type { Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import { log } from "../../common/log.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { StopReport } from "../../ipc/types.ts";
import type { WarmPool } from "../warmPool.ts";
import { AdapterLink, type StartOptions } from "./adapterLink.ts";
import { BreakpointSync } from "./breakpointSync.ts";
import { Displays } from "./displays.ts";
import { Ending } from "./ending.ts";
import { SessionFacts } from "./facts.ts";
import { Inspector } from "./inspector.ts";
import { expectation, reportPending, transition, type LifeEvent } from "./lifecycle.ts";
import { ProgramOutput } from "./programOutput.ts";
import { SessionQueue, type InQueue } from "./queue.ts";
import { Reports } from "./reports.ts";
import { registerReverseRequests } from "./reverseRequests.ts";
import { coreStopFrom, type Selection } from "./stopReportBuilder.ts";
import { StopPipeline } from "./stopPipeline.ts";
import { beforeResume, probeHost } from "./conditionProbe.ts";
import { beforeStepOut } from "./returnValues.ts";
import { PendingHits } from "./pendingHits.ts";
import type { ResumeKind } from "./throwPolicy.ts";
import { Interrupted } from "../cancel.ts";

export type { StartOptions } from "./adapterLink.ts";
export type { ResumeKind } from "./throwPolicy.ts";

/** How long a pause waits for a resume under way (or, six times that, for the program to start). */
const PAUSE_SETTLE_MS = 5000;

export class Session extends SessionFacts {
  override readonly inspector: Inspector;
  override readonly breakpoints: BreakpointSync;
  readonly displays: Displays;
  protected override readonly out: ProgramOutput;
  protected override readonly link: AdapterLink;
  protected override readonly reports = new Reports();
  private readonly pipeline: StopPipeline;
  private readonly ending: Ending;

  private readonly queue = new SessionQueue();
  /** What last set the program running: a throw of a type not asked for is passed only after `continue` (and start). */
  private lastResume: ResumeKind = "continue";
  /** What was read before a `finish` to tell what it returned (AdapterSpec.returnValue.before). */
  private beforeStepOut: string | undefined;
  /** Other threads' hits of the current stop, reported by the next `continue` (pendingHits.ts). */
  private readonly pending = new PendingHits();
  /** A resume request went out since the last stop: a `stopped` event now is a new stop, not another thread's part of the last one. */
  private resumeSent = true;
  /** The thread the current stop is reported for. */
  private stopThread: number | undefined;
  /**
   * Pauses asked for so far. A command that resumes the program more than once passes the count it
   * began with to `resume`, which then refuses to resume once a pause has come (Ctrl-C on a trace).
   */
  interrupts = 0;
  /** A client's `stop` or `detach` ended the session (a start under way then says so, not how the adapter died). */
  endRequest: "stop" | "detach" | undefined;

  constructor(
    name: string,
    adapter: AdapterSpec,
    config: Config,
    private readonly onChange: () => void,
    warm?: WarmPool,
  ) {
    super(name, adapter, config);
    const session = this;
    this.out = new ProgramOutput({ adapter, get found() { return session.link.found; }, accepting: () => this.link.accepting() }, config);
    this.link = new AdapterLink({
      name,
      adapter,
      config,
      warm,
      output: this.out,
      listen: (client) => this.listen(client),
      adapterExited: (how, expected, tail) => this.ending.adapterExited(how, expected, tail),
    });
    this.ending = new Ending({
      name,
      adapter,
      link: this.link,
      output: this.out,
      reports: this.reports,
      get pid() { return session.pid; },
      get exitCode() { return session.exitCode; },
      set exitCode(code) { session.exitCode = code; },
      get mode() { return session.mode; },
      get ended() { return session.ended; },
      go: (e) => this.go(e),
      breakpointViews: () => this.breakpointViews(),
      neverHit: () => this.breakpoints.registry.neverHit().map((b) => b.id),
      publish: (report) => this.publish(report),
      onChange: () => this.onChange(),
    });
    this.inspector = new Inspector(this, this.queue.run);
    this.breakpoints = new BreakpointSync(this, this.inspector, this.queue.run);
    this.displays = new Displays({
      run: this.queue.run,
      valuesNow: (q, items) => this.inspector.reader.displaysNow(q, items),
      get state() { return session.state; },
      get lastReport() { return session.lastReport; },
    });
    this.pipeline = new StopPipeline({
      name,
      adapter,
      get client() { return session.link.client; },
      get capabilities() { return session.capabilities; },
      breakpoints: this.breakpoints,
      reader: {
        defaultThread: () => this.inspector.defaultThread(),
        framesNow: (q, threadId, levels) => this.inspector.framesNow(q, threadId, levels),
        evaluateNow: (q, ...a) => this.inspector.reader.evaluateNow(q, ...a),
        scopeVariablesNow: (q, frameId, which) => this.inspector.reader.scopeVariablesNow(q, frameId, which),
        displaysNow: (q, items, frameId) => this.inspector.reader.displaysNow(q, items, frameId),
        rawNow: (q, command) => this.inspector.console.rawNow(q, command),
      },
      output: this.out,
      reports: this.reports,
      get program() { return session.program; },
      get core() { return session.core; },
      get sourceLines() { return session.sourceLines; },
      codeFacts: () => this.codeFacts(),
      get limits() { return session.limits; },
      displayList: () => this.displays.list(),
      get resumedBy() { return session.lastResume; },
      get beforeStepOut() { return session.beforeStepOut; },
      takeExpectation: () => {
        const e = expectation(this.phase);
        this.go({ type: "expectationUsed" });
        return e;
      },
      pending: this.pending,
      pass: (threadId) => this.passStop(threadId),
      publish: (report, selection) => this.publish(report, selection),
    });
  }

  /** Moves the lifecycle on; true when the event changed the phase. */
  private go(e: LifeEvent): boolean {
    const next = transition(this.phase, e);
    if (next === this.phase) return false;
    this.phase = next;
    return true;
  }

  // ---- start-up -------------------------------------------------------------------------

  /** Starts the adapter and runs the DAP start-up sequence (DESIGN §3 rule 4). */
  async start(opts: StartOptions): Promise<void> {
    this.startOptions = opts;
    for (const b of opts.breakpoints) this.breakpoints.registry.add(b.text, b.loc, b.opts);
    // Stops the adapter does not make by itself (a Rust panic), as breakpoints of the daemon's own.
    if (opts.mode === "launch" || opts.program) {
      for (const c of this.adapter.catchpoints?.(opts.program) ?? []) if (c.on) this.breakpoints.registry.add(c.function, { kind: "function", name: c.function }, { internal: c.reason });
    }
    await this.queue.run((q) => this.connectAndConfigure(q));
  }

  private async connectAndConfigure(q: InQueue): Promise<void> {
    const opts = this.startOptions!;
    this.go({ type: "start" });
    this.resuming();
    this.lastResume = "continue";
    this.exitCode = undefined;
    this.pid = opts.mode === "attach" ? opts.pid : undefined;
    const breakpointFiles = [...new Set(this.breakpoints.registry.list().flatMap((b) => (b.kind === "line" && b.file ? [b.file] : [])))];
    const { noStopEvent, outputMark } = await this.link.connect(opts, {
      breakpointFiles,
      configure: async () => {
        await this.breakpoints.syncAllNow(q);
        if (opts.mode === "launch" && opts.stopOnEntry) this.go({ type: "expect", what: "entry" });
      },
    });
    if (noStopEvent) this.onStopped(coreStopFrom(this.out, outputMark));
    this.go({ type: "started" });
    this.link.recordDebuggees(this.pid);
    this.ending.watchHelpers();
    this.link.prepareSpare(this.lastReport ? Promise.resolve() : this.nextStop().promise);
    this.onChange();
  }

  /** Registers interest in the next stop or exit before the request that causes it is sent. */
  nextStop(): { promise: Promise<StopReport>; cancel: () => void } {
    return this.reports.next();
  }

  // ---- adapter events -------------------------------------------------------------------

  private listen(client: DapClient): void {
    const on = <K extends keyof DapEventMap>(event: K, fn: (body: DapEventMap[K]) => void) => client.on(event, (e) => fn(e.body as DapEventMap[K]));
    on("output", (b) => this.out.event(b));
    on("stopped", (b) => this.onStopped(b));
    on("continued", () => {
      if (this.go({ type: "resumed" })) this.inspector.invalidate();
    });
    on("exited", (b) => {
      this.exitCode = b.exitCode;
    });
    on("terminated", () => this.ending.terminated());
    on("breakpoint", (b) => {
      const bp = this.breakpoints.registry.applyEvent(b.reason, b.breakpoint);
      if (bp?.kind === "data" && b.reason === "removed") this.pipeline.watchEnded(bp.id);
    });
    on("process", (b) => {
      if (b.systemProcessId) this.pid = b.systemProcessId;
      if (this.link.tracksDebuggees || this.state !== "starting") {
        this.link.recordDebuggees(this.pid);
        this.ending.watchHelpers();
      }
      this.onChange();
    });
    registerReverseRequests(client, this.out.buffer);
  }

  private onStopped(body: DapEventMap["stopped"]): void {
    // lldb-dap tells one stop as one `stopped` event per thread with a reason: the first is the
    // stop reported; the others are hits the next `continue` reports (no new stop, no new selection).
    const sameStop = this.state === "stopped" && !this.resumeSent && body.threadId !== undefined && this.stopThread !== undefined && body.threadId !== this.stopThread;
    // LLDB numbers watchpoints apart from breakpoints: a data breakpoint's id is a watchpoint's.
    const among = body.reason === "data breakpoint" ? "data" : "code";
    // A hit that was pending when a step went out, told again: counted already.
    const hits = (again: boolean) => (again ? this.breakpoints.registry.idsOf(body.hitBreakpointIds, among) : this.breakpoints.registry.recordHits(body.hitBreakpointIds, among));
    if (sameStop) {
      if (this.pending.accepts(body.threadId!)) this.pending.add({ threadId: body.threadId!, body, ids: hits(this.pending.again(body.threadId!, body.hitBreakpointIds)) });
      return;
    }
    if (!this.go({ type: "stopped" })) return;
    this.resumeSent = false;
    this.stopThread = body.threadId;
    const again = body.threadId !== undefined && this.pending.again(body.threadId, body.hitBreakpointIds);
    this.pending.newStop();
    this.inspector.invalidate(body.threadId);
    const ids = hits(again);
    void this.queue.run((q) => this.pipeline.run(q, body, ids));
  }

  /**
   * Another thread's hit of the current stop, reported as a stop of its own without resuming
   * (inside the queue: the report is built after the current piece of work).
   */
  private reportPending(threadId?: number): boolean {
    const hit = this.pending.take(threadId);
    if (!hit) return false;
    this.go({ type: "stopped" });
    this.stopThread = hit.threadId;
    this.inspector.invalidate(hit.threadId);
    void this.queue.run((q) => this.pipeline.run(q, hit.body, hit.ids));
    return true;
  }

  /** A resume request is about to go out: every thread runs on, pending hits included (a step: see PendingHits.step). */
  private resuming(kind?: ResumeKind): void {
    this.resumeSent = true;
    if (kind === "next" || kind === "stepIn" || kind === "stepOut") this.pending.step();
    else this.pending.clear();
  }

  /** A stop the throw policy passes on: the program runs again, no report. */
  private async passStop(threadId: number): Promise<boolean> {
    // Another thread's hit of the same stop is next, before anything runs.
    if (this.reportPending()) return true;
    this.go({ type: "resumed" });
    this.resuming();
    this.inspector.invalidate();
    try {
      await this.link.client!.request("continue", { threadId });
      return true;
    } catch (e) {
      log("info", `[${this.name}] could not pass a throw: ${(e as Error).message}`);
      this.go({ type: "resumeFailed" });
      return false;
    }
  }

  private publish(report: StopReport, selection?: Selection): void {
    if (selection) this.inspector.select(selection);
    this.go({ type: "reported" });
    this.reports.publish(report);
    this.onChange();
  }

  /** The last stop was shown as a row of values (`trace`, `run`), not as a report: the next report is sized by the ones before it. */
  reportShownAsRow(): void {
    this.reports.seen.unshown();
  }

  // ---- execution ------------------------------------------------------------------------

  /**
   * Sends a resume-type request and returns a waiter for the stop it leads to. The waiter is
   * registered before the request goes out, so a fast stop is never missed. With `unlessPausedSince`
   * (the `interrupts` count the caller began with) a pause that came since throws `Interrupted`.
   */
  resume(kind: ResumeKind, threadId?: number, unlessPausedSince?: number): Promise<{ stop: Promise<StopReport> }> {
    this.requireRunnable(kind === "stepIn" ? "step" : kind === "stepOut" ? "finish" : kind);
    return this.queue.run(async (q) => {
      if (unlessPausedSince !== undefined && this.interrupts !== unlessPausedSince) throw new Interrupted();
      const client = this.requireStopped();
      // `continue --thread N` means that thread alone: only where the adapter can keep the others stopped.
      const single = kind === "continue" && threadId !== undefined;
      if (single && !this.capabilities.supportsSingleThreadExecutionRequests) {
        throw new DebuggerError("UNSUPPORTED", `${this.adapter.name} cannot resume one thread alone (capability supportsSingleThreadExecutionRequests)`, "`debugger continue` without --thread resumes every thread; a breakpoint with a condition on the thread stops where it matters");
      }
      if (threadId !== undefined) await this.inspector.selectThreadNow(q, threadId);
      // Another thread stopped at a breakpoint with the last stop: `continue` reports it first, without resuming.
      if (kind === "continue" && (threadId === undefined || this.pending.has(threadId)) && this.pending.size) {
        const waiter = this.nextStop();
        this.lastResume = kind;
        this.reportPending(threadId);
        return { stop: waiter.promise };
      }
      await beforeResume(probeHost(this.pipeline.conditionContext(q)), this.breakpoints.registry.list(), kind !== "continue");
      const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThread());
      // What `finish` needs read before it runs to tell the returned value after (gdb's value history).
      this.beforeStepOut = kind === "stepOut" ? await beforeStepOut(this.adapter.returnValue, (command) => this.inspector.console.rawNow(q, command).then((r) => r.result)) : undefined;
      const waiter = this.nextStop();
      const before = this.phase;
      this.lastResume = kind;
      this.resuming(kind);
      try {
        await client.request(kind, { threadId: tid, ...(single ? { singleThread: true } : {}) });
      } catch (e) {
        waiter.cancel();
        throw e;
      }
      // Running, unless the stop it led to has already arrived (some adapters send it first).
      if (this.phase === before && this.go({ type: "resumed" })) this.inspector.invalidate();
      this.onChange();
      // Wrapped: an async function returning a promise would wait for it, holding the queue.
      return { stop: waiter.promise };
    });
  }

  /**
   * Not queued: a pause must get through while a long request holds the queue. It also tells a
   * command driving the program through several stops to resume no more (`interrupts`).
   */
  async pause(threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    this.requireRunnable("pause");
    this.interrupts++;
    // Still starting: the adapter takes a pause once the program runs.
    const started = Date.now() + PAUSE_SETTLE_MS * 6;
    while (this.state === "starting" && Date.now() < started) await Bun.sleep(20);
    // Stopped: a command may be resuming the program right now. A resume queued after this point
    // sees the count and does not go out; one already under way is waited for, then paused.
    if (this.state === "stopped") await Promise.race([this.queue.run(async () => {}), Bun.sleep(PAUSE_SETTLE_MS)]);
    const client = this.requireLive();
    if (this.state === "stopped") throw new DebuggerError("NOT_RUNNING", `session '${this.name}' is already stopped`, "`debugger context` shows where");
    const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThread());
    const waiter = this.nextStop();
    this.resuming();
    this.go({ type: "expect", what: "pause" });
    try {
      await client.request("pause", { threadId: tid });
    } catch (e) {
      waiter.cancel();
      throw e;
    }
    return { stop: waiter.promise };
  }

  /** The latest report if the session is not running, else the next one. */
  awaitStop(): Promise<StopReport> {
    // Stopped, but its report is still being built: the last one would be the previous stop.
    if (this.state !== "running" && this.state !== "starting" && this.lastReport && !reportPending(this.phase)) return Promise.resolve(this.lastReport);
    if (!this.live) throw this.requireLive();
    return this.nextStop().promise;
  }

  // ---- shut-down ------------------------------------------------------------------------

  /**
   * `stop` (terminate a launched program) or `detach` (leave it running). Returns the pids the
   * daemon had to end itself because the adapter hung (undefined when the adapter did it).
   */
  async end(terminateDebuggee: boolean): Promise<number[] | undefined> {
    if (this.ended && !this.link.open) return undefined;
    this.go({ type: "ended" });
    this.reports.fail(new DebuggerError("SESSION_ENDED", `session '${this.name}' was ${terminateDebuggee ? "stopped" : "detached"}`, "`debugger start` begins a new one"));
    const ended = await this.link.shutdown(terminateDebuggee);
    this.onChange();
    return ended;
  }

  /** Kill everything now (daemon shut-down). */
  async kill(): Promise<void> {
    await Promise.race([this.end(this.mode !== "attach"), Bun.sleep(2000)]);
    this.link.kill();
  }

  /** Launches the program again with the same options and breakpoints (hit counts reset). */
  async restart(): Promise<{ stop: Promise<StopReport> }> {
    const opts = this.startOptions;
    if (!opts) throw new DebuggerError("NO_SESSION", `session '${this.name}' was never started`, "`debugger start PROGRAM`");
    if (opts.mode === "attach") throw new DebuggerError("UNSUPPORTED", "an attached session cannot be restarted", "`debugger detach`, then start the program again");
    if (this.link.open) await this.end(true);
    await this.link.forget(3000);
    this.breakpoints.registry.resetHits();
    this.inspector.invalidate();
    this.reports.last = undefined;
    this.reports.seen.reset();
    this.out.restartReports();
    const waiter = this.nextStop();
    try {
      await this.queue.run((q) => this.connectAndConfigure(q));
    } catch (e) {
      waiter.cancel();
      throw e;
    }
    return { stop: waiter.promise };
  }
}
