// The session's shared core, held by every part of it: what the session is (name, adapter,
// config, start options, program, pid and exit), its lifecycle phase and the one place that moves
// it, the adapter link's client, the queue, the reports and the change events; and the checks that
// refuse what its state does not allow (a core cannot run, an ended session answers nothing).
// Session (./session.ts) extends it with its parts and operations; a part is given this core and
// the siblings it uses, never the session.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec, FoundAdapter } from "../../adapters/types.ts";
import { readInTarget } from "../../adapters/via.ts";
import { maxLocals, maxValueLength, sourceLines, type Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import type { DapClient } from "../../dap/client.ts";
import type { SessionState, SessionSummary, StopReport } from "../../ipc/types.ts";
import type { RingBuffer } from "./program/ringBuffer.ts";
import { readingElsewhere, readLines, type LinesReader } from "./inspection/sourceWindow.ts";
import type { DisplayLimits } from "./values/truncate.ts";
import type { AdapterLink, StartOptions } from "./program/adapterLink.ts";
import { expectation, hasEnded, publicState, transition, type LifeEvent, type Phase } from "./core/lifecycle.ts";
import type { OutputTail, ProgramOutput } from "./program/programOutput.ts";
import { SessionQueue, type Queue } from "./core/queue.ts";
import { Reports } from "./stops/reports.ts";
import { sessionFacts, type CodeFacts } from "./inspection/userCode.ts";

export class SessionCore {
  pid: number | undefined;
  exitCode: number | null | undefined;
  /** The program was killed by this signal (then it has no exit code). */
  exitSignal: string | undefined;
  readonly createdAt = Date.now();
  private current: Phase = { name: "starting" };
  /** How the session was started (set by `start` and `restart`). */
  startOptions: StartOptions | undefined;
  /** Stop reports: numbered, the last one kept, handed to whoever waits for the next. */
  readonly reports = new Reports();
  /** The session's one queue: every piece of work that talks to the adapter runs through it. */
  readonly run: Queue = new SessionQueue().run;

  constructor(
    readonly name: string,
    readonly adapter: AdapterSpec,
    readonly config: Config,
    /** The adapter process and its DAP client. */
    readonly link: AdapterLink,
    /** The program's output. */
    readonly out: ProgramOutput,
    /** Tells the daemon the session changed (state, pid, a report). */
    readonly onChange: () => void,
  ) {}

  /** Where the lifecycle stands (lifecycle.ts); only `go` moves it. */
  get phase(): Phase {
    return this.current;
  }

  /** Moves the lifecycle on; true when the event changed the phase. */
  go(e: LifeEvent): boolean {
    const next = transition(this.current, e);
    if (next === this.current) return false;
    this.current = next;
    return true;
  }

  /** What the stop now being reported was expected to be (entry, pause); asking consumes it. */
  takeExpectation(): "entry" | "pause" | undefined {
    const e = expectation(this.current);
    this.go({ type: "expectationUsed" });
    return e;
  }

  /** Registers interest in the next stop or exit before the request that causes it is sent. */
  nextStop(): { promise: Promise<StopReport>; cancel: () => void } {
    return this.reports.next();
  }

  /** A report is ready: hand it to whoever waits, and tell the daemon. */
  publish(report: StopReport): void {
    this.go({ type: "reported" });
    this.reports.publish(report);
    this.onChange();
  }

  /** The last stop was shown as a row of values (`trace`, `run`), not as a report: the next report is sized by the ones before it. */
  reportShownAsRow(): void {
    this.reports.seen.unshown();
  }

  get state(): SessionState {
    return publicState(this.current);
  }

  /** The adapter said `terminated`, or the session was ended: its events no longer count. */
  get ended(): boolean {
    return hasEnded(this.current);
  }

  get output(): RingBuffer {
    return this.out.buffer;
  }

  /** How the program's output as shown differs from its bytes (ProgramOutput.differences). */
  get outputDifferences(): string[] {
    return this.out.differences();
  }

  /** The file holding every byte of the program's stdout and stderr (none before its first byte). */
  get outputFile(): string | undefined {
    const f = this.out.wholeOutput;
    // A file a full disk cut short holds not all of it: named by the report's note, not as the whole.
    return f && !f.error ? f.path : undefined;
  }

  /** The report with all the program printed in the session as its output, cut to the last lines with a note naming the file of the whole. */
  withWholeOutput(report: StopReport, tail?: OutputTail): StopReport {
    return this.out.withWholeOutput(report, tail);
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

  /** The DAP client (undefined before start-up and once the adapter is gone). */
  get client(): DapClient | undefined {
    return this.link.client;
  }

  get program(): string | undefined {
    return this.startOptions?.program;
  }

  /** What tells the user's code from libraries' for this session: its working directory, its program's directory, the disk. */
  codeFacts(): CodeFacts {
    return sessionFacts(this.startOptions?.cwd, this.program, this.adapter.runtimeFrames);
  }

  /** The program runs where a `--connect` adapter runs, maybe another machine. */
  get remote(): boolean {
    return !!this.startOptions?.connect;
  }

  /** The file the program reads as its stdin (`--stdin`), if one was given. */
  get stdin(): string | undefined {
    return this.startOptions?.stdin;
  }

  /** The core dump this session opened (post-mortem), if it is one. */
  get core(): string | undefined {
    return this.startOptions?.core;
  }

  /** A core dump cannot run: execution and breakpoints are refused with what to do instead. */
  requireRunnable(what: string): void {
    if (this.core)
      throw new DebuggerError(
        "UNSUPPORTED",
        `${what}: session '${this.name}' is a core dump (${this.core}); it cannot run`,
        "inspect it with backtrace, frame, locals, print, threads, memory read; start the program without --core to run it",
      );
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
  captureOutput<T>(fn: () => Promise<T>, until?: string): Promise<{ value: T; text: string }> {
    return this.out.capture(fn, until);
  }

  summary(): SessionSummary {
    return {
      name: this.name,
      state: this.state,
      program: this.program || undefined,
      adapter: this.adapter.name,
      pid: this.pid,
      mode: this.mode,
      ...(this.core ? { core: this.core } : {}),
    };
  }

  get limits(): DisplayLimits {
    return { maxValueLength: maxValueLength(this.config), maxLocals: maxLocals(this.config) };
  }

  get sourceLines(): number {
    return sourceLines(this.config);
  }

  private targetReader: LinesReader | undefined;
  /** How a stop and `list` read source: from here, and through --via a file that has no copy here from the target. */
  get readSource(): LinesReader {
    const o = this.startOptions;
    if (!o?.via) return readLines;
    const via = o.via;
    return (this.targetReader ??= readingElsewhere((path) => readInTarget(via, path, o.callerEnv)));
  }

  requireLive(): DapClient {
    const client = this.link.client;
    if (!this.live || !client) {
      throw new DebuggerError(
        "SESSION_ENDED",
        `session '${this.name}' has ${this.state !== "exited" ? "ended" : this.exitSignal ? `ended: the program was killed by ${this.exitSignal}` : `exited (code ${this.exitCode})`}`,
        "`debugger start PROGRAM` begins a new one; `debugger output` and `debugger events` still show what happened",
      );
    }
    return client;
  }

  requireStopped(): DapClient {
    const client = this.requireLive();
    if (this.state !== "stopped") {
      throw new DebuggerError(
        "NOT_STOPPED",
        `session '${this.name}' is ${this.state}, not stopped`,
        "`debugger pause` stops it, `debugger await` waits for the next stop",
      );
    }
    return client;
  }
}
