// One debug session's lifecycle: the state driven by adapter events, start-up, execution and
// shut-down. It owns its parts — the adapter link, the program's output, the stop pipeline, the
// breakpoint sync, the inspector, the displays, how it ends by itself (ending.ts) — and one private
// queue: every public operation that talks to the adapter runs through it. Waiting for a stop
// happens outside the queue, so `status`, `pause` and other clients are never blocked by a waiter.
// What the session is and shows of itself (program, state, limits, the state checks) is facts.ts.
import type { Env } from "../../common/callerEnv.ts";
import type { AdapterSpec } from "../../adapters/types.ts";
import type { Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
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
import { expectation, transition, type LifeEvent } from "./lifecycle.ts";
import { ProgramOutput } from "./programOutput.ts";
import { SessionQueue, type InQueue } from "./queue.ts";
import { Reports } from "./reports.ts";
import { registerReverseRequests } from "./reverseRequests.ts";
import { coreStopFrom, type Selection } from "./stopReportBuilder.ts";
import { StopPipeline } from "./stopPipeline.ts";
import { RunControl } from "./runControl.ts";
import { signalName } from "../../common/signals.ts";
import { isAlive } from "./helperWatch.ts";

export type { StartOptions } from "./adapterLink.ts";
export type { ResumeKind } from "./throwPolicy.ts";

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
  /** Running and stopping the program: handlers resume, pause and await stops here directly. */
  readonly control: RunControl;
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
    this.out = new ProgramOutput(
      {
        name,
        adapter,
        get found() {
          return session.link.found;
        },
        accepting: () => this.link.accepting(),
      },
      config,
    );
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
      get pid() {
        return session.pid;
      },
      get exitCode() {
        return session.exitCode;
      },
      set exitCode(code) {
        session.exitCode = code;
      },
      get exitSignal() {
        return session.exitSignal;
      },
      set exitSignal(signal) {
        session.exitSignal = signal;
      },
      get mode() {
        return session.mode;
      },
      get ended() {
        return session.ended;
      },
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
      reader: this.inspector.reader,
      get state() {
        return session.state;
      },
      get lastReport() {
        return session.lastReport;
      },
    });
    this.control = new RunControl({
      name,
      adapter,
      get state() {
        return session.state;
      },
      get live() {
        return session.live;
      },
      get phase() {
        return session.phase;
      },
      get capabilities() {
        return session.capabilities;
      },
      get client() {
        return session.link.client;
      },
      inspector: this.inspector,
      breakpoints: this.breakpoints,
      get pipeline() {
        return session.pipeline;
      },
      get lastReport() {
        return session.lastReport;
      },
      run: this.queue.run,
      go: (e) => this.go(e),
      nextStop: () => this.nextStop(),
      requireRunnable: (what) => this.requireRunnable(what),
      requireLive: () => this.requireLive(),
      requireStopped: () => this.requireStopped(),
      endIfProgramGone: () => this.endIfProgramGone(),
      onChange: () => this.onChange(),
    });
    this.pipeline = new StopPipeline({
      name,
      adapter,
      get client() {
        return session.link.client;
      },
      get capabilities() {
        return session.capabilities;
      },
      breakpoints: this.breakpoints,
      reader: this.inspector.stopReader,
      output: this.out,
      reports: this.reports,
      get program() {
        return session.program;
      },
      get core() {
        return session.core;
      },
      get sourceLines() {
        return session.sourceLines;
      },
      get readSource() {
        return session.readSource;
      },
      codeFacts: () => this.codeFacts(),
      get limits() {
        return session.limits;
      },
      displays: this.displays,
      takeExpectation: () => {
        const e = expectation(this.phase);
        this.go({ type: "expectationUsed" });
        return e;
      },
      control: this.control,
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
      for (const c of this.adapter.catchpoints?.(opts.program) ?? [])
        if (c.on) this.breakpoints.registry.add(c.function, { kind: "function", name: c.function }, { internal: c.reason });
    }
    await this.queue.run((q) => this.connectAndConfigure(q));
  }

  private async connectAndConfigure(q: InQueue): Promise<void> {
    const opts = this.startOptions!;
    this.go({ type: "start" });
    this.control.starting();
    this.exitCode = undefined;
    this.exitSignal = undefined;
    this.pid = opts.mode === "attach" ? opts.pid : undefined;
    const breakpointFiles = [...new Set(this.breakpoints.registry.list().flatMap((b) => (b.kind === "line" && b.file ? [b.file] : [])))];
    const { noStopEvent, outputMark } = await this.link.connect(opts, {
      breakpointFiles,
      configure: async () => {
        await this.breakpoints.syncAllNow(q);
        if (opts.mode === "launch" && opts.stopOnEntry) this.go({ type: "expect", what: "entry" });
      },
    });
    if (noStopEvent) this.control.stopped(coreStopFrom(this.adapter, this.out, outputMark));
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
    on("stopped", (b) => {
      // gdb tells a death by a signal as a stop ("Program terminated with signal SIGKILL"): it is the
      // end. A program killed while stopped is a zombie gdb has not reaped, and gdb stops with an
      // "error" when it cannot write its breakpoints back: the wait status in /proc says the signal.
      const killed = this.link.killedDebuggee();
      const signal = this.adapter.signalDeathAtStop?.(this.out.sinceReport()) ?? (killed ? (signalName(killed) ?? `signal ${killed}`) : undefined);
      if (signal) {
        this.exitSignal = signal;
        this.ending.terminated();
        return;
      }
      this.control.stopped(b);
    });
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
    // A program started through runInTerminal starts from the caller's environment too (or none: --clear-env).
    registerReverseRequests(client, this.out.buffer, () => (this.startOptions?.clearEnv ? {} : (this.startOptions?.callerEnv ?? {})));
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

  /** A launched program that died while stopped (its pid gone or a zombie) ends the session now. */
  private endIfProgramGone(): boolean {
    // Only a program on this machine (not one on a remote debug server).
    if (this.mode !== "launch" || this.startOptions?.connect || this.startOptions?.via || !this.pid || process.platform !== "linux" || isAlive(this.pid))
      return false;
    const killed = this.link.killedDebuggee();
    if (killed) this.exitSignal = signalName(killed) ?? `signal ${killed}`;
    this.ending.terminated();
    return true;
  }

  // ---- shut-down ------------------------------------------------------------------------

  /**
   * `stop` (terminate a launched program) or `detach` (leave it running). Returns the pids the
   * daemon had to end itself because the adapter hung (undefined when the adapter did it).
   */
  async end(terminateDebuggee: boolean): Promise<number[] | undefined> {
    if (this.ended && !this.link.open) return undefined;
    this.go({ type: "ended" });
    this.reports.fail(
      new DebuggerError("SESSION_ENDED", `session '${this.name}' was ${terminateDebuggee ? "stopped" : "detached"}`, "`debugger start` begins a new one"),
    );
    const ended = await this.link.shutdown(terminateDebuggee);
    this.onChange();
    return ended;
  }

  /** Kill everything now (daemon shut-down). */
  async kill(): Promise<void> {
    await Promise.race([this.end(this.mode !== "attach"), Bun.sleep(2000)]);
    this.link.kill();
  }

  /**
   * Launches the program again with the same options and breakpoints (hit counts reset), in the
   * environment of the caller of the restart (its --env and --clear-env kept).
   */
  async restart(callerEnv?: Env): Promise<{ stop: Promise<StopReport> }> {
    const opts = this.startOptions;
    if (!opts) throw new DebuggerError("NO_SESSION", `session '${this.name}' was never started`, "`debugger start PROGRAM`");
    if (opts.mode === "attach")
      throw new DebuggerError("UNSUPPORTED", "an attached session cannot be restarted", "`debugger detach`, then start the program again");
    if (callerEnv) this.startOptions = { ...opts, callerEnv };
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
