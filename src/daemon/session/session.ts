// One debug session: its lifecycle driven by adapter events, start-up and shut-down. Its shared
// core (facts.ts: name, adapter, phase, client, queue, reports, change events) is what it extends;
// its parts hold that core and the siblings they use: the inspector, the breakpoint sync, the
// displays, running and stopping the program with its stop pipeline (runControl.ts), and how it
// ends by itself (ending.ts). Every operation that talks to the adapter runs through the core's
// queue; waiting for a stop happens outside it, so `status`, `pause` and other clients are never
// blocked by a waiter.
import type { Env } from "../../common/callerEnv.ts";
import type { AdapterSpec } from "../../adapters/types.ts";
import type { Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { StopReport } from "../../ipc/types.ts";
import type { WarmPool } from "./program/warmPool.ts";
import { AdapterLink, type StartOptions } from "./program/adapterLink.ts";
import { BreakpointSync } from "./breakpoints/breakpointSync.ts";
import { Displays } from "./stops/displays.ts";
import { Ending } from "./ending.ts";
import { SessionCore } from "./facts.ts";
import { Inspector } from "./inspection/inspector.ts";
import { ProgramOutput } from "./program/programOutput.ts";
import type { InQueue } from "./core/queue.ts";
import { registerReverseRequests } from "./program/reverseRequests.ts";
import { coreStopFrom } from "./stops/stopReportBuilder.ts";
import { RunControl } from "./runControl.ts";
import { signalName } from "../../common/signals.ts";
import { parentPid } from "./program/guards.ts";

export type { StartOptions } from "./program/adapterLink.ts";
export type { ResumeKind } from "./stops/throwPolicy.ts";

export class Session extends SessionCore {
  readonly inspector: Inspector;
  readonly breakpoints: BreakpointSync;
  readonly displays: Displays;
  private readonly ending: Ending;
  /** Running and stopping the program: handlers resume, pause and await stops here directly. */
  readonly control: RunControl;
  /** A client's `stop` or `detach` ended the session (a start under way then says so, not how the adapter died). */
  endRequest: "stop" | "detach" | undefined;

  constructor(name: string, adapter: AdapterSpec, config: Config, onChange: () => void, warm?: WarmPool) {
    // The link reports to the session (its events, the adapter's death), which exists only once built:
    // `this` cannot be read before super(), so the hooks hold a variable set after it.
    // biome-ignore lint/complexity/noUselessThisAlias: the hooks may run before super() returns
    let session: Session | undefined;
    const out = new ProgramOutput(
      {
        name,
        adapter,
        get found() {
          return link.found;
        },
        accepting: () => link.accepting(),
      },
      config,
    );
    const link: AdapterLink = new AdapterLink({
      name,
      adapter,
      config,
      warm,
      output: out,
      listen: (client) => session?.listen(client),
      adapterExited: (how, expected, tail) => session?.ending.adapterExited(how, expected, tail),
    });
    super(name, adapter, config, link, out, onChange);
    session = this;
    this.inspector = new Inspector(this, this.run);
    this.breakpoints = new BreakpointSync(this, this.inspector, this.run);
    this.displays = new Displays(this, this.inspector.reader);
    this.ending = new Ending(this, this.breakpoints);
    this.control = new RunControl(this, this.inspector, this.breakpoints, this.ending, this.displays);
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
    await this.run((q) => this.connectAndConfigure(q));
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
    this.recordDebuggees();
    this.link.prepareSpare(this.lastReport ? Promise.resolve() : this.nextStop().promise);
    this.onChange();
  }

  /** The launched program's processes and the adapter's helpers, once its pid is known. */
  private recordDebuggees(): void {
    this.link.recordDebuggees(this.pid);
    this.ending.watchHelpers();
    // A program whose output its launcher (one of those helpers, its parent) sends as events.
    const launcher = this.pid && this.adapter.quirks.launcherReadsProgram ? parentPid(this.pid) : undefined;
    if (launcher && this.link.helpers.some((h) => h.pid === launcher)) this.out.followLauncher(this.pid!, launcher);
  }

  // ---- adapter events -------------------------------------------------------------------

  private stoppedNow(b: DapEventMap["stopped"]): void {
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
  }

  private listen(client: DapClient): void {
    const on = <K extends keyof DapEventMap>(event: K, fn: (body: DapEventMap[K]) => void) => client.on(event, (e) => fn(e.body as DapEventMap[K]));
    on("output", (b) => this.out.event(b));
    on("stopped", (b) => {
      // A program killed while stopped, still on its way out (a big one frees its memory): gdb stops
      // with an "error" as it cannot write its breakpoints back; its end is in /proc once it is a zombie.
      if (this.link.dyingDebuggee()) {
        void this.link.untilDied().then(() => !this.ended && this.stoppedNow(b));
        return;
      }
      this.stoppedNow(b);
    });
    on("continued", (b) => {
      if (!this.control.endsStop(b)) return;
      if (this.go({ type: "resumed" })) this.inspector.invalidate();
    });
    on("exited", (b) => {
      this.exitCode = b.exitCode;
    });
    on("terminated", () => this.ending.terminated());
    on("breakpoint", (b) => {
      const bp = this.breakpoints.registry.applyEvent(b.reason, b.breakpoint);
      if (bp?.kind === "data" && b.reason === "removed") this.control.pipeline.watchEnded(bp.id);
    });
    on("process", (b) => {
      if (b.systemProcessId) this.pid = b.systemProcessId;
      if (this.link.tracksDebuggees || this.state !== "starting") {
        this.recordDebuggees();
      }
      this.onChange();
    });
    // A program started through runInTerminal starts from the caller's environment too (or none: --clear-env).
    registerReverseRequests(client, this.out.buffer, () => (this.startOptions?.clearEnv ? {} : (this.startOptions?.callerEnv ?? {})));
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
    // Where the program's processes were ended after a crash, their last look is part of the end.
    if (terminateDebuggee) await this.link.swept();
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
    // The old launch's helpers (lldb-server, gdb, the launcher) die with it: not a death to act on
    // in the new one (seen: a restart ended by its predecessor's lldb-server).
    this.ending.stopWatching();
    await this.link.forget(3000);
    this.breakpoints.registry.resetHits();
    this.inspector.invalidate();
    this.inspector.reader.forgetProgramTypes();
    this.reports.last = undefined;
    this.reports.seen.reset();
    this.out.restartReports();
    const waiter = this.nextStop();
    try {
      await this.run((q) => this.connectAndConfigure(q));
    } catch (e) {
      waiter.cancel();
      throw e;
    }
    return { stop: waiter.promise };
  }
}
