// What a session is and shows of itself, apart from what it does: its program, adapter, state,
// reports and limits, and the checks that refuse what its state does not allow (a core cannot run,
// an ended session answers nothing). Session (./session.ts) is the rest: the lifecycle and the
// operations, which own the parts this reads.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec, FoundAdapter } from "../../adapters/types.ts";
import { readInTarget } from "../../adapters/via.ts";
import { maxLocals, maxValueLength, sourceLines, type Config } from "../../common/config.ts";
import { DebuggerError } from "../../common/errors.ts";
import type { DapClient } from "../../dap/client.ts";
import type { BreakpointView, SessionState, SessionSummary, StopReport } from "../../ipc/types.ts";
import type { RingBuffer } from "../ringBuffer.ts";
import { readingElsewhere, readLines, type LinesReader } from "../sourceWindow.ts";
import type { DisplayLimits } from "../truncate.ts";
import type { AdapterLink, StartOptions } from "./adapterLink.ts";
import type { BreakpointSync } from "./breakpointSync.ts";
import type { Inspector } from "./inspector.ts";
import { hasEnded, publicState, type Phase } from "./lifecycle.ts";
import type { ProgramOutput } from "./programOutput.ts";
import type { Reports } from "./reports.ts";
import { breakpointView } from "./stopReport.ts";
import { sessionFacts, type CodeFacts } from "./userCode.ts";

export abstract class SessionFacts {
  pid: number | undefined;
  exitCode: number | null | undefined;
  /** The program was killed by this signal (then it has no exit code). */
  exitSignal: string | undefined;
  readonly createdAt = Date.now();
  protected phase: Phase = { name: "starting" };
  protected startOptions: StartOptions | undefined;
  abstract readonly inspector: Inspector;
  abstract readonly breakpoints: BreakpointSync;
  protected abstract readonly out: ProgramOutput;
  protected abstract readonly link: AdapterLink;
  protected abstract readonly reports: Reports;

  constructor(
    readonly name: string,
    readonly adapter: AdapterSpec,
    protected readonly config: Config,
  ) {}

  get state(): SessionState {
    return publicState(this.phase);
  }

  /** The adapter said `terminated`, or the session was ended: its events no longer count. */
  protected get ended(): boolean {
    return hasEnded(this.phase);
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
  withWholeOutput(report: StopReport): StopReport {
    return this.out.withWholeOutput(report);
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

  get currentThreadId(): number | undefined {
    return this.inspector.currentThreadId;
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

  breakpointViews(): BreakpointView[] {
    return this.breakpoints.registry.userList().map(breakpointView);
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
