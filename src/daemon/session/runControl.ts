// Setting the program running and stopping it: the `stopped` events (a new stop, or another
// thread's hit of the current one, reported by the next `continue`: stops/pendingHits.ts), resuming
// (continue, next, step, finish), passing a stop the throw policy lets go, pausing, and waiting
// for the next stop. It holds the session's core and the siblings it drives; the stop pipeline is its own.
import { DebuggerError } from "../../common/errors.ts";
import { log } from "../../common/log.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { SessionState, StopReport } from "../../ipc/types.ts";
import type { BreakpointSync } from "./breakpoints/breakpointSync.ts";
import type { Displays } from "./stops/displays.ts";
import type { Ending } from "./ending.ts";
import type { SessionCore } from "./facts.ts";
import { beforeResume, probeHost } from "./breakpoints/conditionProbe.ts";
import type { Inspector } from "./inspection/inspector.ts";
import { reportPending } from "./core/lifecycle.ts";
import { PendingHits } from "./stops/pendingHits.ts";
import { beforeStepOut } from "./stops/returnValues.ts";
import { StopPipeline } from "./stops/stopPipeline.ts";
import type { ResumeKind } from "./stops/throwPolicy.ts";

/** How long a pause waits for a resume under way (or, six times that, for the program to start). */
const PAUSE_SETTLE_MS = 5000;
/**
 * A pause this soon after a resume first waits this long for a stop the program makes on its own.
 * An interrupt that races a breakpoint stop stalls LLDB for its interrupt-timeout (20 s) and
 * leaves the session wedged (no stop after the next resume; seen 1 in ~100 pauses sent straight
 * after a `continue` onto a breakpoint in a tight loop: a trace ended by Ctrl-C or an MCP cancel).
 */
const PAUSE_AFTER_RESUME_MS = 150;

/**
 * A command that drives the program through several stops (`trace`, `batch`, `continue --count`)
 * found that a `pause` came since it began (Ctrl-C in the CLI): it resumes no more and ends where
 * the program is. Never reaches a client: the handler turns it into its reply.
 * Thrown by `RunControl.resume`.
 */
export class Interrupted extends DebuggerError {
  constructor() {
    super("NOT_RUNNING", "interrupted by a pause", "");
  }
}

export class RunControl {
  /** What last set the program running: a throw of a type not asked for is passed only after `continue` (and start). */
  lastResume: ResumeKind = "continue";
  /** What was read before a `finish` to tell what it returned (AdapterSpec.returnValue.before). */
  beforeStepOut: string | undefined;
  /** The `--print` expressions of the command that last resumed, for the report builder at the stop it leads to. */
  private prints: readonly string[] | undefined;
  /** Other threads' hits of the current stop, reported by the next `continue` (stops/pendingHits.ts). */
  readonly pending = new PendingHits();
  /** A resume request went out since the last stop: a `stopped` event now is a new stop, not another thread's part of the last one. */
  private resumeSent = true;
  /** When the last resume request went out (performance.now()). */
  private resumedAt = 0;
  /** The thread the current stop is reported for. */
  private stopThread: number | undefined;
  /**
   * Pauses asked for so far. A command that resumes the program more than once passes the count it
   * began with to `resume`, which then refuses to resume once a pause has come (Ctrl-C on a trace).
   */
  interrupts = 0;
  /** Commands under way that drive the program through several stops and honour `interrupts` (a trace). */
  drivers = 0;

  /** Runs a command that drives the program through several stops, resuming only while no pause came; the returned function ends it. */
  drive(): () => void {
    this.drivers++;
    let done = false;
    return () => {
      if (!done) this.drivers--;
      done = true;
    };
  }

  /** What happens at a stop this part accepted: the verdicts, the report, its publication. */
  readonly pipeline: StopPipeline;

  constructor(
    private readonly session: SessionCore,
    private readonly inspector: Inspector,
    private readonly breakpoints: BreakpointSync,
    private readonly ending: Ending,
    displays: Displays,
  ) {
    this.pipeline = new StopPipeline(session, { breakpoints, inspector, displays, control: this });
  }

  /** The program starts (or starts again): it runs as after a `continue`. */
  starting(): void {
    this.resuming();
    this.lastResume = "continue";
    this.prints = undefined;
  }

  /** The prints that travelled with the last resume, once: the first report after it reads them. */
  takePrints(): readonly string[] | undefined {
    const p = this.prints;
    this.prints = undefined;
    return p;
  }

  /** A `stopped` event: a new stop for the pipeline, or another thread's part of the current one. */
  stopped(body: DapEventMap["stopped"]): void {
    const h = this.session;
    // lldb-dap tells one stop as one `stopped` event per thread with a reason: the first is the
    // stop reported; the others are hits the next `continue` reports (no new stop, no new selection).
    const sameStop =
      h.state === "stopped" && !this.resumeSent && body.threadId !== undefined && this.stopThread !== undefined && body.threadId !== this.stopThread;
    // LLDB numbers watchpoints apart from breakpoints: a data breakpoint's id is a watchpoint's.
    const among = body.reason === "data breakpoint" ? "data" : "code";
    // A hit that was pending when a step went out, told again: counted already.
    const hits = (again: boolean) =>
      again ? this.breakpoints.registry.idsOf(body.hitBreakpointIds, among) : this.breakpoints.registry.recordHits(body.hitBreakpointIds, among);
    if (sameStop) {
      if (this.pending.accepts(body.threadId!))
        this.pending.add({ threadId: body.threadId!, body, ids: hits(this.pending.again(body.threadId!, body.hitBreakpointIds)) });
      return;
    }
    if (!h.go({ type: "stopped" })) return;
    this.resumeSent = false;
    this.stopThread = body.threadId;
    const again = body.threadId !== undefined && this.pending.again(body.threadId, body.hitBreakpointIds);
    this.pending.newStop();
    this.inspector.invalidate(body.threadId);
    const ids = hits(again);
    void h.run((q) => this.pipeline.run(q, body, ids));
  }

  /**
   * Whether a `continued` event ends the current stop: one for every thread, or for the thread the
   * stop was reported on. Another thread alone running on leaves it standing: js-debug's worker
   * threads are sessions on connections of their own, and a worker's `continued` for the resume
   * that led to the main thread's stop can come after that stop (the session then said NOT_STOPPED).
   */
  endsStop(body: DapEventMap["continued"]): boolean {
    return body.allThreadsContinued !== false || this.stopThread === undefined || body.threadId === this.stopThread;
  }

  /**
   * Another thread's hit of the current stop, reported as a stop of its own without resuming
   * (inside the queue: the report is built after the current piece of work).
   */
  private reportPending(threadId?: number): boolean {
    const h = this.session;
    const hit = this.pending.take(threadId);
    if (!hit) return false;
    h.go({ type: "stopped" });
    this.stopThread = hit.threadId;
    this.inspector.invalidate(hit.threadId);
    void h.run((q) => this.pipeline.run(q, hit.body, hit.ids));
    return true;
  }

  /** A resume request is about to go out: every thread runs on, pending hits included (a step: see PendingHits.step). */
  resuming(kind?: ResumeKind): void {
    this.resumeSent = true;
    if (kind === "next" || kind === "stepIn" || kind === "stepOut") this.pending.step();
    else this.pending.clear();
  }

  /**
   * A stop the throw policy passes on: the program runs again, no report. `kind`: how (a step that
   * finishes the one the stop cut short); `lastResume` stays what the command asked for.
   */
  async passStop(threadId: number, kind: ResumeKind = "continue"): Promise<boolean> {
    const h = this.session;
    // Another thread's hit of the same stop is next, before anything runs.
    if (this.reportPending()) return true;
    h.go({ type: "resumed" });
    this.resuming(kind);
    this.inspector.invalidate();
    this.resumedAt = performance.now();
    try {
      await h.client!.request(kind, { threadId });
      return true;
    } catch (e) {
      log("info", `[${h.name}] could not pass a throw: ${(e as Error).message}`);
      h.go({ type: "resumeFailed" });
      return false;
    }
  }

  /**
   * Sends a resume-type request and returns a waiter for the stop it leads to. The waiter is
   * registered before the request goes out, so a fast stop is never missed. With `unlessPausedSince`
   * (the `interrupts` count the caller began with) a pause that came since throws `Interrupted`.
   * `prints`: the command's `--print` expressions, read by the report builder at the stop.
   */
  resume(kind: ResumeKind, threadId?: number, unlessPausedSince?: number, prints?: readonly string[]): Promise<{ stop: Promise<StopReport> }> {
    const h = this.session;
    h.requireRunnable(kind === "stepIn" ? "step" : kind === "stepOut" ? "finish" : kind);
    return h.run(async (q) => {
      if (unlessPausedSince !== undefined && this.interrupts !== unlessPausedSince) throw new Interrupted();
      const client = h.requireStopped();
      // lldb-dap 19 dies of SIGPIPE when told to resume a program killed while stopped.
      const gone = h.nextStop();
      if (await this.ending.endIfProgramGone()) return { stop: gone.promise };
      gone.cancel();
      // `continue --thread N` means that thread alone: only where the adapter can keep the others stopped.
      const single = kind === "continue" && threadId !== undefined;
      if (single && !h.capabilities.supportsSingleThreadExecutionRequests) {
        throw new DebuggerError(
          "UNSUPPORTED",
          `${h.adapter.name} cannot resume one thread alone (capability supportsSingleThreadExecutionRequests)`,
          "`debugger continue` without --thread resumes every thread; a breakpoint with a condition on the thread stops where it matters",
        );
      }
      if (threadId !== undefined) await this.inspector.selectThreadNow(q, threadId);
      // Another thread stopped at a breakpoint with the last stop: `continue` reports it first, without resuming.
      if (kind === "continue" && (threadId === undefined || this.pending.has(threadId)) && this.pending.size) {
        const waiter = h.nextStop();
        this.lastResume = kind;
        this.prints = prints;
        this.reportPending(threadId);
        return { stop: waiter.promise };
      }
      await beforeResume(probeHost(this.pipeline.conditionContext(q)), this.breakpoints.registry.list(), kind !== "continue");
      const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThread());
      // What `finish` needs read before it runs to tell the returned value after (gdb's value history).
      this.beforeStepOut =
        kind === "stepOut"
          ? await beforeStepOut(h.adapter.returnValue, (command) => this.inspector.console.rawNow(q, command).then((r) => r.result))
          : undefined;
      const waiter = h.nextStop();
      const before = h.phase;
      this.lastResume = kind;
      this.prints = prints;
      this.resuming(kind);
      this.resumedAt = performance.now();
      try {
        await client.request(kind, { threadId: tid, ...(single ? { singleThread: true } : {}) });
      } catch (e) {
        waiter.cancel();
        throw e;
      }
      // Running, unless the stop it led to has already arrived (some adapters send it first).
      if (h.phase === before && h.go({ type: "resumed" })) this.inspector.invalidate();
      h.onChange();
      // Wrapped: an async function returning a promise would wait for it, holding the queue.
      return { stop: waiter.promise };
    });
  }

  /**
   * Not queued: a pause must get through while a long request holds the queue. It also tells a
   * command driving the program through several stops to resume no more (`interrupts`).
   */
  async pause(threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    const h = this.session;
    h.requireRunnable("pause");
    this.interrupts++;
    // Still starting: the adapter takes a pause once the program runs.
    const started = Date.now() + PAUSE_SETTLE_MS * 6;
    while (h.state === "starting" && Date.now() < started) await Bun.sleep(20);
    // Stopped: a command may be resuming the program right now. A resume queued after this point
    // sees the count and does not go out; one already under way is waited for, then paused.
    if (h.state === "stopped") await Promise.race([h.run(async () => {}), Bun.sleep(PAUSE_SETTLE_MS)]);
    // Just resumed: a stop may be an instant away (a trace's breakpoint); an interrupt racing it wedges LLDB.
    const own = await this.ownStopSoon();
    if (own) return own;
    const client = h.requireLive();
    // Stopped between two stops of a command driving the program (a trace at a hit): that command
    // sees the count and resumes no more, so the pause has done its work: the program stays here.
    if (h.state === "stopped" && this.drivers > 0) return { stop: this.awaitStop() };
    if (h.state === "stopped") throw new DebuggerError("NOT_RUNNING", `session '${h.name}' is already stopped`, "`debugger context` shows where");
    const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThread());
    const waiter = h.nextStop();
    this.resuming();
    h.go({ type: "expect", what: "pause" });
    try {
      await client.request("pause", { threadId: tid });
    } catch (e) {
      waiter.cancel();
      throw e;
    }
    return { stop: waiter.promise };
  }

  /**
   * Right after a resume, the stop the program makes on its own within PAUSE_AFTER_RESUME_MS of
   * it (its report, as a pause would give), or undefined: still running, the pause goes out.
   */
  private async ownStopSoon(): Promise<{ stop: Promise<StopReport> } | undefined> {
    const h = this.session;
    const left = PAUSE_AFTER_RESUME_MS - (performance.now() - this.resumedAt);
    if (h.state !== "running" || left <= 0) return undefined;
    const own = h.nextStop();
    own.promise.catch(() => {});
    await Promise.race([
      own.promise.then(
        () => {},
        () => {},
      ),
      Bun.sleep(left),
    ]);
    // Wrapped: an async function returning a promise would wait for it.
    if ((h.state as SessionState) !== "running") return { stop: own.promise };
    own.cancel();
    return undefined;
  }

  /** The latest report if the session is not running, else the next one. */
  awaitStop(): Promise<StopReport> {
    const h = this.session;
    // Stopped, but its report is still being built: the last one would be the previous stop.
    if (h.state !== "running" && h.state !== "starting" && h.lastReport && !reportPending(h.phase)) return Promise.resolve(h.lastReport);
    if (!h.live) throw h.requireLive();
    return h.nextStop().promise;
  }
}
