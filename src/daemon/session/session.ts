// One debug session's lifecycle: the state driven by adapter events, start-up, execution and
// shut-down. It owns its parts — the adapter link, the program's output, the stop pipeline, the
// breakpoint sync, the inspector, the displays — and one private queue: every public operation that
// talks to the adapter runs through it. Waiting for a stop happens outside the queue, so `status`,
// `pause` and other clients are never blocked by a waiter.
import { isAlive, type Helper } from "./helperWatch.ts";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { exitMessage } from "../../adapters/connection.ts";
import type { AdapterSpec, FoundAdapter } from "../../adapters/types.ts";
import { maxLocals, maxValueLength, sourceLines, type Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import { log } from "../../common/log.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { BreakpointView, DisplayValue, SessionState, SessionSummary, StopReport } from "../../ipc/types.ts";
import type { RingBuffer } from "../ringBuffer.ts";
import type { DisplayLimits } from "../truncate.ts";
import type { WarmPool } from "../warmPool.ts";
import { AdapterLink, type StartOptions } from "./adapterLink.ts";
import { BreakpointSync } from "./breakpointSync.ts";
import { Displays, type Display } from "./displays.ts";
import { Inspector } from "./inspector.ts";
import { expectation, hasEnded, publicState, reportPending, transition, type LifeEvent, type Phase } from "./lifecycle.ts";
import { ProgramOutput } from "./programOutput.ts";
import { SessionQueue, type InQueue } from "./queue.ts";
import { Reports } from "./reports.ts";
import { registerReverseRequests } from "./reverseRequests.ts";
import { breakpointView } from "./stopReport.ts";
import { coreStopFrom, type Selection } from "./stopReportBuilder.ts";
import { StopPipeline } from "./stopPipeline.ts";
import { sessionFacts, type CodeFacts } from "./userCode.ts";
import { beforeResume, neverStopped, probeHost } from "./conditionProbe.ts";
import { beforeStepOut } from "./returnValues.ts";
import { PendingHits } from "./pendingHits.ts";
import type { ResumeKind } from "./throwPolicy.ts";
import { Interrupted } from "../cancel.ts";

export type { StartOptions } from "./adapterLink.ts";
export type { ResumeKind } from "./throwPolicy.ts";

/** How long a pause waits for a resume under way (or, six times that, for the program to start). */
const PAUSE_SETTLE_MS = 5000;

export class Session {
  pid: number | undefined;
  exitCode: number | null | undefined;
  readonly createdAt = Date.now();
  readonly inspector: Inspector;
  readonly breakpoints: BreakpointSync;
  readonly displays = new Displays();
  private readonly out: ProgramOutput;
  private readonly link: AdapterLink;
  private readonly reports = new Reports();
  private readonly pipeline: StopPipeline;

  private readonly queue = new SessionQueue();
  private phase: Phase = { name: "starting" };
  /** What last set the program running: a throw of a type not asked for is passed only after `continue` (and start). */
  private lastResume: ResumeKind = "continue";
  /** What was read before a `finish` to tell what it returned (AdapterSpec.returnValue.before). */
  private beforeStepOut: string | undefined;
  private startOptions: StartOptions | undefined;
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
    readonly name: string,
    readonly adapter: AdapterSpec,
    private readonly config: Config,
    private readonly onChange: () => void,
    warm?: WarmPool,
  ) {
    const session = this;
    this.out = new ProgramOutput({ adapter, get found() { return session.link.found; }, accepting: () => this.link.accepting() }, config);
    this.link = new AdapterLink({
      name,
      adapter,
      config,
      warm,
      output: this.out,
      listen: (client) => this.listen(client),
      adapterExited: (how, expected, tail) => this.onAdapterExit(how, expected, tail),
    });
    this.inspector = new Inspector(this, this.queue.run);
    this.breakpoints = new BreakpointSync(this, this.inspector, this.queue.run);
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

  get state(): SessionState {
    return publicState(this.phase);
  }

  /** The adapter said `terminated`, or the session was ended: its events no longer count. */
  private get ended(): boolean {
    return hasEnded(this.phase);
  }

  /** Moves the lifecycle on; true when the event changed the phase. */
  private go(e: LifeEvent): boolean {
    const next = transition(this.phase, e);
    if (next === this.phase) return false;
    this.phase = next;
    return true;
  }

  get output(): RingBuffer {
    return this.out.buffer;
  }

  /** Where the next stop report's output begins in `output` (what the last report took ends there). */
  get reportMark(): number {
    return this.out.reportMark;
  }

  get history(): StopReport[] {
    return this.reports.history;
  }

  get lastReport(): StopReport | undefined {
    return this.reports.last;
  }

  get capabilities(): P.Capabilities {
    return this.link.capabilities;
  }

  get program(): string | undefined {
    return this.startOptions?.program;
  }

  /** What tells the user's code from libraries' for this session: its working directory, its program's directory, the disk. */
  codeFacts(): CodeFacts {
    return sessionFacts(this.startOptions?.cwd, this.program);
  }

  /** The program runs where a `--connect` adapter runs, maybe another machine. */
  get remote(): boolean {
    return !!this.startOptions?.connect;
  }

  /** The core dump this session opened (post-mortem), if it is one. */
  get core(): string | undefined {
    return this.startOptions?.core;
  }

  /** A core dump cannot run: execution and breakpoints are refused with what to do instead. */
  requireRunnable(what: string): void {
    if (this.core) throw new DebuggerError("UNSUPPORTED", `${what}: session '${this.name}' is a core dump (${this.core}); it cannot run`, "inspect it with backtrace, frame, locals, print, threads, memory read; start the program without --core to run it");
  }

  get mode(): "launch" | "attach" | undefined {
    return this.startOptions?.mode;
  }

  get adapterPid(): number | undefined {
    return this.link.pid;
  }

  get adapterPath(): string | undefined {
    return this.link.path;
  }

  /** This start took a warm spare adapter. */
  get warmStart(): boolean {
    return this.link.warmStart;
  }

  get live(): boolean {
    return this.state === "starting" || this.state === "running" || this.state === "stopped";
  }

  /** The DAP client while the session has not ended (breakpoint sets are not sent after). */
  get dap(): DapClient | undefined {
    return this.ended ? undefined : this.link.client;
  }

  get foundAdapter(): FoundAdapter | undefined {
    return this.link.found;
  }

  /** Runs fn (a console command, the program stopped) and returns what the adapter sent as output meanwhile. */
  captureOutput<T>(fn: () => Promise<T>): Promise<{ value: T; text: string }> {
    return this.out.capture(fn);
  }

  get currentThreadId(): number | undefined {
    return this.inspector.currentThreadId;
  }

  summary(): SessionSummary {
    return { name: this.name, state: this.state, program: this.program || undefined, adapter: this.adapter.name, pid: this.pid, mode: this.mode, ...(this.core ? { core: this.core } : {}) };
  }

  get limits(): DisplayLimits {
    return { maxValueLength: maxValueLength(this.config), maxLocals: maxLocals(this.config) };
  }

  get sourceLines(): number {
    return sourceLines(this.config);
  }

  breakpointViews(): BreakpointView[] {
    return this.breakpoints.registry.userList().map(breakpointView);
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
    this.watchHelpers();
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
    on("terminated", () => this.onTerminated());
    on("breakpoint", (b) => {
      const bp = this.breakpoints.registry.applyEvent(b.reason, b.breakpoint);
      if (bp?.kind === "data" && b.reason === "removed") this.pipeline.watchEnded(bp.id);
    });
    on("process", (b) => {
      if (b.systemProcessId) this.pid = b.systemProcessId;
      if (this.link.tracksDebuggees || this.state !== "starting") {
        this.link.recordDebuggees(this.pid);
        this.watchHelpers();
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

  private onTerminated(): void {
    if (!this.go({ type: "terminated" })) return; // Delve sends a second `terminated` after disconnect
    if (this.adapter.quirks.noExitedEvent && this.link.open && !this.link.disconnecting) {
      // No `exited` event: disconnect first and wait for the adapter to go. Its last words (Delve:
      // "Process N has exited with status 3", sent only in answer to disconnect) and the
      // debuggee's output still in its pipes then reach the buffer before the report is built.
      void this.link.shutdown(this.mode === "launch", true).finally(() => this.publishEnd());
      return;
    }
    // The program's last output may still be on its way through our pty: read it before the
    // report is built and before disconnecting (output is ignored from then on). The program has
    // ended, so what it wrote is already in the pty's buffer and arrives on the next poll: 5 ms of
    // quiet, not the 30 ms a running program gets (issue 25: lldb-dap's continue to the exit was
    // ~50 ms of ours against the adapter's 5 ms).
    void this.out.settled(5).then(() => {
      this.publishEnd();
      void this.link.shutdown(this.mode === "launch");
    });
  }

  /**
   * Every second while the session lives: a helper of the adapter (lldb-server, gdb, debugpy's
   * launcher) that died ends the session and the program it ran (helperWatch.ts).
   */
  private watchHelpers(): void {
    if (this.helperTimer || !this.link.helpers.length) return;
    let seen = 0;
    this.helperTimer = setInterval(() => {
      if (this.ended) return void clearInterval(this.helperTimer);
      const dead = this.link.lostHelper();
      if (!dead) return;
      // A program that ends takes its launcher with it: the adapter's own end report comes
      // within moments then. Act at once only when the program outlives its helper.
      if ((this.pid && isAlive(this.pid)) || ++seen >= 3) this.onHelperDied(dead);
    }, 1000);
    this.helperTimer.unref?.();
  }

  private helperTimer: ReturnType<typeof setInterval> | undefined;
  private helperNote: string | undefined;

  private onHelperDied(dead: Helper): void {
    clearInterval(this.helperTimer);
    const what = `the adapter's helper process ${dead.name} (pid ${dead.pid}) died`;
    log("warn", `[${this.name}] ${what}`);
    this.go({ type: "ended" });
    const ended = this.link.endDebuggees();
    void this.link.shutdown(true);
    const report = this.reports.create("terminated");
    report.description = `${what}; ${ended ? `the program it ran (pid ${ended.join(", ")}) was ended` : "the program had already gone"}`;
    this.out.attachTo(report);
    this.reports.keep(report);
    this.reports.fail(new DebuggerError("ADAPTER_EXITED", `${what}; the session ended`, "`debugger start` begins a new one; `debugger logs` shows the adapter's last words"));
    this.onChange();
  }

  private publishEnd(): void {
    clearInterval(this.helperTimer);
    // The adapter reported the end, but a helper died and the program may run on without it
    // (lldb-dap says "exited -1" when lldb-server is killed): end it and say why.
    const dead = this.mode === "launch" ? this.link.lostHelper() : undefined;
    const orphaned = dead && this.pid && isAlive(this.pid) ? this.link.endDebuggees() : undefined;
    if (dead && orphaned) this.helperNote = `the adapter's helper process ${dead.name} (pid ${dead.pid}) died; the program it ran (pid ${orphaned.join(", ")}) was still running and was ended`;
    if (this.exitCode === undefined && this.adapter.exitCodeFromOutput) this.exitCode = this.adapter.exitCodeFromOutput(this.out.recent());
    this.go({ type: "finished", exited: this.exitCode !== undefined });
    const report = this.reports.create(this.exitCode !== undefined ? "exited" : "terminated");
    report.exitCode = this.exitCode;
    report.description = this.exitCode !== undefined ? `program exited with code ${this.exitCode}` : "the debug session ended (the adapter did not report an exit code)";
    if (this.helperNote) report.description += ` (${this.helperNote})`;
    report.neverHit = this.breakpoints.registry.neverHit().map((b) => b.id);
    const never = neverStopped(this.breakpointViews());
    if (never.length) report.neverStopped = never;
    const summary = this.adapter.exitSummary?.(this.out.recent(400));
    if (summary) report.summary = summary;
    this.out.attachTo(report);
    this.publish(report);
  }

  private onAdapterExit(how: { code: number | null; signal: string | null }, expected: boolean, stderrTail: string): void {
    if (expected || this.ended) {
      // Already ending (its final report on the way) or ended: nothing more to say.
      if (!this.ended && this.go({ type: "ended" })) this.onChange();
      return;
    }
    const what = how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`;
    const desc = `the debug adapter ${what}`;
    log("warn", `[${this.name}] ${desc}; stderr tail: ${stderrTail.trim()}`);
    this.go({ type: "ended" });
    // The program it launched would live on with parent pid 1: end it (never an attached one).
    const ended = this.link.endDebuggees();
    const report = this.reports.create("terminated");
    report.description = `${desc} unexpectedly${ended ? `; the program it launched (pid ${ended.join(", ")}) was ended` : ""}`;
    this.out.attachTo(report);
    this.reports.keep(report);
    this.reports.fail(exitMessage(what, stderrTail));
    this.onChange();
  }

  private publish(report: StopReport, selection?: Selection): void {
    if (selection) this.inspector.select(selection);
    this.go({ type: "reported" });
    this.reports.publish(report);
    this.onChange();
  }

  // ---- displays -------------------------------------------------------------------------

  addDisplays(expressions: string[]): Display[] {
    return this.displays.add(expressions);
  }

  removeDisplays(ids: number[] | "all"): number[] {
    return this.displays.remove(ids);
  }

  listDisplays(): Display[] {
    return this.displays.list();
  }

  /** Expressions in the selected frame at the current stop, each failure in place. */
  /** The last stop was shown as a row of values (`trace`, `run`), not as a report: the next report is sized by the ones before it. */
  reportShownAsRow(): void {
    this.reports.seen.unshown();
  }

  evaluateAtStop(expressions: string[]): Promise<DisplayValue[]> {
    return this.queue.run((q) => this.inspector.reader.displaysNow(q, expressions.map((expression) => ({ expression }))));
  }

  displayValues(): Promise<DisplayValue[]> {
    return this.queue.run((q) => this.inspector.reader.displaysNow(q, this.displays.list()));
  }

  /** A command's `--print` expressions at the stop it reports (the session's displays are already in it). */
  async withPrints(report: StopReport, expressions: string[]): Promise<StopReport> {
    if (!expressions.length || report !== this.lastReport || this.state !== "stopped") {
      if (!expressions.length) return report;
      const why = this.state === "stopped" ? "not at this stop any more" : `the program has ${this.state === "running" ? "run on" : "ended"}`;
      return { ...report, displays: [...(report.displays ?? []), ...expressions.map((expression) => ({ expression, error: why }))] };
    }
    const values: DisplayValue[] = await this.queue.run((q) => this.inspector.reader.displaysNow(q, expressions.map((expression) => ({ expression }))));
    return { ...report, displays: [...(report.displays ?? []), ...values] };
  }

  // ---- execution ------------------------------------------------------------------------

  requireLive(): DapClient {
    const client = this.link.client;
    if (!this.live || !client) {
      throw new DebuggerError("SESSION_ENDED", `session '${this.name}' has ${this.state === "exited" ? `exited (code ${this.exitCode})` : "ended"}`, "`debugger start PROGRAM` begins a new one; `debugger output` and `debugger events` still show what happened");
    }
    return client;
  }

  requireStopped(): DapClient {
    const client = this.requireLive();
    if (this.state !== "stopped") {
      throw new DebuggerError("NOT_STOPPED", `session '${this.name}' is ${this.state}, not stopped`, "`debugger pause` stops it, `debugger await` waits for the next stop");
    }
    return client;
  }

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
