// One debug session's lifecycle: the adapter process and its DAP client, the state machine driven
// by adapter events, start-up, execution, stop reports and shut-down. It owns its services — the
// breakpoint sync, the inspector — and one private queue: every public operation that talks to the
// adapter runs through it. Waiting for a stop happens outside the queue, so `status`, `pause` and
// other clients are never blocked by a waiter.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { connectAdapter, exitMessage, type AdapterProcess, type Transport } from "../../adapters/connection.ts";
import type { AdapterSpec, CoreArgs, FoundAdapter, LaunchOptions } from "../../adapters/types.ts";
import { adapterStartTimeoutMs, maxLocals, maxValueLength, requestTimeoutMs, sourceLines, type Config } from "../../common/config.ts";
import { CXX_THROW_FUNCTION, quotedString, thrownTypeNameExpression } from "../../adapters/catchpoints.ts";
import { demangleType, typeMatches } from "../../common/demangle.ts";
import { DebuggerError } from "../../common/errors.ts";
import type { Location } from "../../common/location.ts";
import { log } from "../../common/log.ts";
import type { DapClient } from "../../dap/client.ts";
import type { DapEventMap } from "../../dap/types.ts";
import type { BreakpointView, DisplayValue, SessionState, SessionSummary, StopReport } from "../../ipc/types.ts";
import type { BreakpointOptions } from "../breakpointRegistry.ts";
import { CrlfNormalizer } from "../lineEndings.ts";
import { openProgramTerminal, type ProgramTerminal } from "../../adapters/programTerminal.ts";
import { joinText, RingBuffer, tailLines, type OutputCategory } from "../ringBuffer.ts";
import { sourceWindow } from "../sourceWindow.ts";
import { truncateVariables, type DisplayLimits } from "../truncate.ts";
import { initializeArguments, type WarmPool } from "../warmPool.ts";
import { BreakpointSync } from "./breakpointSync.ts";
import { Inspector } from "./inspector.ts";
import { descendants, endProcesses, withEnvironment, type ProcessId } from "./processTree.ts";
import { registerReverseRequests } from "./reverseRequests.ts";
import { activeProbes, beforeResume, checkConditions, neverStopped, type ProbeHost } from "./conditionProbe.ts";
import { compactValue } from "./values.ts";
import { breakpointView, coreStop, frameView, newReport, normaliseReason, userFrameIndex } from "./stopReport.ts";
import { identifyWatchpoint } from "./watchStops.ts";

const HISTORY_LIMIT = 100;
const REPORT_OUTPUT_BYTES = 8192;

export interface StartOptions extends Omit<LaunchOptions, "breakpointFiles"> {
  mode: "launch" | "attach";
  pid?: number;
  /** A core dump of `program`, opened instead of running it. */
  core?: string;
  /** Talk to an adapter already listening there instead of starting one. */
  connect?: { host: string; port: number };
  breakpoints: { text: string; loc: Location; opts?: BreakpointOptions }[];
}

interface Waiter {
  resolve: (r: StopReport) => void;
  reject: (e: Error) => void;
}

export type ResumeKind = "continue" | "next" | "stepIn" | "stepOut";

export class Session {
  state: SessionState = "starting";
  pid: number | undefined;
  exitCode: number | null | undefined;
  capabilities: P.Capabilities = {};
  readonly output: RingBuffer;
  readonly history: StopReport[] = [];
  lastReport: StopReport | undefined;
  readonly createdAt = Date.now();
  readonly inspector: Inspector;
  readonly breakpoints: BreakpointSync;
  /** `display` expressions, evaluated at every stop. */
  private readonly displays: { id: number; expression: string }[] = [];
  private nextDisplayId = 1;

  private proc: AdapterProcess | undefined;
  private client: DapClient | undefined;
  private waiters = new Set<Waiter>();
  private queueTail: Promise<unknown> = Promise.resolve();
  private reportSeq = 0;
  private reportCursor = 1;
  private disconnecting = false;
  /** Output is still wanted while disconnecting: the adapter's last words carry the exit code. */
  private lastWords = false;
  private stopCount = 0;
  /** Watchpoints the adapter dropped since the last report (gdb: their scope ended, which is itself a stop). */
  private watchesEnded: number[] = [];
  /** What last set the program running: a throw of a type not asked for is passed only after `continue` (and start). */
  private lastResume: ResumeKind = "continue";
  /** A `stopped` event arrived and its report is not published yet. */
  private reportPending = false;
  /** What the next stop is expected to be (a pause we asked for, the entry stop we asked for). */
  private expecting: "entry" | "pause" | undefined;
  private ended = false;
  private startOptions: StartOptions | undefined;
  /** Processes the adapter started for a launched program: ended if the adapter dies without doing it. */
  private debuggees: ProcessId[] = [];
  adapterPath: string | undefined;
  /** This start took a warm spare adapter. */
  warmStart = false;
  private found: FoundAdapter | undefined;
  /** Output events while a console command runs whose text arrives as output (cdt-gdb-adapter's `raw`). */
  private captured: string[] | undefined;

  constructor(
    readonly name: string,
    readonly adapter: AdapterSpec,
    private readonly config: Config,
    private readonly onChange: () => void,
    private readonly warm?: WarmPool,
  ) {
    this.output = new RingBuffer({
      maxChunks: config.output.max_chunks ?? 10_000,
      maxBytes: config.output.max_bytes ?? 10 * 1024 * 1024,
    });
    const queue = <T>(fn: () => Promise<T>) => this.enqueue(fn);
    this.inspector = new Inspector(this, queue);
    this.breakpoints = new BreakpointSync(this, this.inspector, queue);
  }

  get program(): string | undefined {
    return this.startOptions?.program;
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
    return this.proc?.pid;
  }

  get live(): boolean {
    return this.state === "starting" || this.state === "running" || this.state === "stopped";
  }

  /** The DAP client while the session has not ended (breakpoint sets are not sent after). */
  get dap(): DapClient | undefined {
    return this.ended ? undefined : this.client;
  }

  get foundAdapter(): FoundAdapter | undefined {
    return this.found;
  }

  /** Runs fn (a console command, the program stopped) and returns what the adapter sent as output meanwhile. */
  async captureOutput<T>(fn: () => Promise<T>): Promise<{ value: T; text: string }> {
    this.captured = [];
    try {
      const value = await fn();
      return { value, text: this.captured.join("") };
    } finally {
      this.captured = undefined;
    }
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

  /** [timeouts] adapter_start: spawn, initialize and launch/attach. */
  private get startTimeoutMs(): number {
    return adapterStartTimeoutMs(this.config);
  }

  get sourceLines(): number {
    return sourceLines(this.config);
  }

  breakpointViews(): BreakpointView[] {
    return this.breakpoints.registry.userList().map(breakpointView);
  }

  /** Serialises work that talks to the adapter. */
  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queueTail.then(fn, fn);
    this.queueTail = run.catch(() => {});
    return run;
  }

  // ---- start-up -------------------------------------------------------------------------

  /** Spawns the adapter and runs the DAP start-up sequence (DESIGN §3 rule 4). */
  async start(opts: StartOptions): Promise<void> {
    this.startOptions = opts;
    for (const b of opts.breakpoints) this.breakpoints.registry.add(b.text, b.loc, b.opts);
    // Stops the adapter does not make by itself (a Rust panic), as breakpoints of the daemon's own.
    if (opts.mode === "launch" || opts.program) {
      for (const c of this.adapter.catchpoints?.(opts.program) ?? []) if (c.on) this.breakpoints.registry.add(c.function, { kind: "function", name: c.function }, { internal: c.reason });
    }
    await this.enqueue(() => this.connectAndConfigure());
  }

  private async connectAndConfigure(): Promise<void> {
    const opts = this.startOptions!;
    this.state = "starting";
    this.lastResume = "continue";
    this.ended = false;
    this.disconnecting = false;
    this.exitCode = undefined;
    this.debuggees = [];
    this.pid = opts.mode === "attach" ? opts.pid : undefined;
    let command: string[] = [];
    let env: Record<string, string> | undefined;
    this.found = undefined;
    if (!opts.connect) {
      const found = this.adapter.discover({ options: opts.options });
      this.found = found ?? undefined;
      if (!found) {
        throw new DebuggerError("ADAPTER_NOT_FOUND", `${this.adapter.name} is not installed or not on PATH`, this.adapter.installHint);
      }
      this.adapterPath = found.path;
      command = found.command;
      env = found.env;
    }
    const core = opts.core ? this.coreArgs(opts.core) : undefined;
    if (core?.command) command = core.command;
    const launch = this.launchOptions();
    if (opts.mode === "launch" && !opts.connect && this.adapter.quirks.programTerminal) {
      this.terminal ??= openProgramTerminal((output) => this.onOutput({ category: "stdout", output }));
      launch.terminal = this.terminal?.path;
    }
    const outputAtStart = this.output.end;
    const transport: Transport = opts.connect ? { kind: "tcp-connect", ...opts.connect } : this.adapter.transport;
    const captureOutput = this.adapter.quirks.adapterOutputIsProgramOutput;
    const trace = (dir: "in" | "out", m: unknown) => log("debug", `[${this.name}] ${dir === "in" ? "<-" : "->"} ${JSON.stringify(m)}`);
    const onStderr = (text: string) => {
      if (!this.disconnecting) log("info", `[${this.name}] adapter stderr: ${text.trimEnd()}`);
    };
    // A warm spare of this adapter, spawned and initialized before: straight to launch.
    const spare = this.found && this.warm && !core?.command ? this.warm.take(this.adapter, this.found) : undefined;
    this.warmStart = !!spare;
    let proc: AdapterProcess;
    if (spare) {
      spare.sink.stderr = onStderr;
      spare.sink.trace = trace;
      proc = spare.proc;
    } else {
      proc = await connectAdapter(transport, command, {
        cwd: this.adapter.spawnCwd?.(launch) ?? opts.cwd,
        env,
        timeoutMs: requestTimeoutMs(this.config),
        trace,
        onStderr,
        // Delve writes the debuggee's output to its own stdout/stderr, not as DAP output events.
        onProgramOutput: captureOutput ? (text, stream) => (!this.disconnecting || this.lastWords) && this.output.push(stream, text) : undefined,
      });
    }
    this.proc = proc;
    this.client = proc.client;
    this.wireEvents(proc.client);
    proc.exited.then((how) => this.onAdapterExit(proc, how));

    const client = proc.client;
    this.capabilities = spare ? spare.capabilities : ((await client.request("initialize", initializeArguments(this.adapter.name), this.startTimeoutMs)) ?? {});

    // Launch is sent without awaiting: some adapters answer it only after configurationDone.
    const initialized = client.waitForEvent("initialized", this.startTimeoutMs);
    const args = core
      ? core.args
      : opts.mode === "launch"
        ? this.adapter.launchArgs(launch)
        : this.adapter.attachArgs({ pid: opts.pid, program: opts.program || undefined, remote: !!opts.connect, options: opts.options, found: this.found });
    const startRequest = client.request(core?.request ?? opts.mode, args, 0);
    const failed = startRequest.then(
      () => new Promise<never>(() => {}),
      (e: Error) => Promise.reject(e),
    );
    try {
      await Promise.race([initialized, failed]);
    } catch (e) {
      throw this.startError(e as Error, outputAtStart);
    }
    await this.breakpoints.syncAllNow();
    if (opts.mode === "launch" && opts.stopOnEntry) this.expecting = "entry";
    if (this.capabilities.supportsConfigurationDoneRequest !== false && !core?.noStopEvent) {
      await client.request("configurationDone", undefined);
    }
    try {
      await Promise.race([startRequest, timeoutError(this.startTimeoutMs, `the adapter did not answer '${opts.mode}'`)]);
    } catch (e) {
      throw this.startError(e as Error, outputAtStart);
    }
    if (core?.noStopEvent) this.onStopped(coreStop(joinText(this.output.read(outputAtStart, new Set<OutputCategory>(["console"])).chunks)));
    if (this.state === "starting") this.state = "running";
    this.recordDebuggees();
    // The next start of this kind takes a spare made in the background — after this start has
    // reached its first stop, so the two do not compete for the CPU (measured: they did).
    const found = this.found;
    if (found && this.warm) {
      const warm = this.warm;
      const prepare = () => setTimeout(() => warm.prepare(this.adapter, found), 250).unref?.();
      if (this.lastReport) prepare();
      else void this.nextStop().promise.then(prepare, prepare);
    }
    this.onChange();
  }

  private coreArgs(file: string): CoreArgs {
    const opts = this.startOptions!;
    const core = this.adapter.coreArgs?.({ program: opts.program, core: file, cwd: opts.cwd, found: this.found });
    if (!core) throw new DebuggerError("UNSUPPORTED", `${this.found?.version ?? this.adapter.name} cannot open core dumps`, "lldb-dap opens native cores (leave out --adapter)");
    return core;
  }

  /** A launched program's processes, so they can be ended if the adapter dies without ending them. */
  private recordDebuggees(): void {
    if (this.mode !== "launch" || this.startOptions?.connect || !this.proc?.pid) return;
    this.debuggees = descendants(this.proc.pid, this.pid);
  }

  private launchOptions(): LaunchOptions {
    const opts = this.startOptions!;
    const files = this.breakpoints.registry.list().flatMap((b) => (b.kind === "line" && b.file ? [b.file] : []));
    return { ...opts, breakpointFiles: [...new Set(files)], found: this.found };
  }

  private startError(e: Error, outputFrom: number): DebuggerError {
    if (e instanceof DebuggerError && (e.code === "ADAPTER_EXITED" || e.code === "TIMEOUT")) return e;
    const what = this.startOptions?.mode === "attach" ? "attach" : "launch";
    // Adapters often explain a failure in output events, not in the error: Delve answers "Build
    // error: Check the debug console for details" after sending the compiler's message as stderr.
    const said = tailLines(joinText(this.output.read(outputFrom, new Set<OutputCategory>(["stderr", "console"])).chunks), 20).trim();
    return new DebuggerError(
      what === "attach" ? "ATTACH_FAILED" : "LAUNCH_FAILED",
      `${what} failed: ${e.message}${said ? `\n${said}` : ""}`,
      what === "attach" ? "check the pid and that you may trace it (ptrace permission; `debugger doctor`)" : "check the program path and that it is built with debug info (-g)",
    );
  }

  /** Registers interest in the next stop or exit before the request that causes it is sent. */
  nextStop(): { promise: Promise<StopReport>; cancel: () => void } {
    let waiter!: Waiter;
    const promise = new Promise<StopReport>((resolve, reject) => {
      waiter = { resolve, reject };
    });
    this.waiters.add(waiter);
    return { promise, cancel: () => this.waiters.delete(waiter) };
  }

  // ---- adapter events -------------------------------------------------------------------

  private wireEvents(client: DapClient): void {
    const on = <K extends keyof DapEventMap>(event: K, fn: (body: DapEventMap[K]) => void) => client.on(event, (e) => fn(e.body as DapEventMap[K]));
    on("output", (b) => this.onOutput(b));
    on("stopped", (b) => this.onStopped(b));
    on("continued", () => {
      if (this.state === "stopped" && !this.ended) this.markRunning();
    });
    on("exited", (b) => {
      this.exitCode = b.exitCode;
    });
    on("terminated", () => this.onTerminated());
    on("breakpoint", (b) => {
      const bp = this.breakpoints.registry.applyEvent(b.reason, b.breakpoint);
      if (bp?.kind === "data" && b.reason === "removed") this.watchesEnded.push(bp.id);
    });
    on("process", (b) => {
      if (b.systemProcessId) this.pid = b.systemProcessId;
      if (this.debuggees.length || this.state !== "starting") this.recordDebuggees();
      this.onChange();
    });
    registerReverseRequests(client, this.output);
  }

  private readonly crlf = new CrlfNormalizer();
  /** The last output event's text: gdb's "Old value = " comes in one event and the value in the next. */
  private previousOutput: string | undefined;
  /** The launched program's pty, when the adapter lets the daemon own it (quirks.programTerminal). */
  private terminal: ProgramTerminal | undefined;

  private onOutput(b: DapEventMap["output"]): void {
    if (this.disconnecting && !this.lastWords) return; // lldb-dap-19 prints its crash trace after a clean disconnect
    if (b.category === "telemetry" || (b.category === "important" && !b.output)) return;
    const category: OutputCategory =
      this.adapter.outputCategory?.(b.category ?? "console", b.output, this.found, this.previousOutput) ?? (b.category === "stdout" ? "stdout" : b.category === "stderr" ? "stderr" : "console");
    this.previousOutput = b.output;
    if (this.adapter.ignoreOutput?.(b.output, category)) return;
    if (this.captured && b.category !== "stderr") {
      // The answer to `raw`: the debugger's text, not the program's; the reply carries it.
      this.captured.push(b.output);
      return;
    }
    // The debuggee runs on a pty under lldb-dap: \r\n line endings, sometimes cut between events.
    const text = this.crlf.push(category, b.output);
    // With the program on our own pty, its output and the adapter's console text ("Process 7
    // exited") race: let what the program wrote before the event arrive first.
    if (this.terminal && category === "console") void this.terminal.settled(10, 200).then(() => this.output.push(category, text));
    else this.output.push(category, text);
  }

  private markRunning(): void {
    this.state = "running";
    this.inspector.invalidate();
  }

  private onStopped(body: DapEventMap["stopped"]): void {
    if (this.ended) return;
    this.stopCount++;
    this.reportPending = true;
    this.state = "stopped";
    this.inspector.invalidate(body.threadId);
    // LLDB numbers watchpoints apart from breakpoints: a data breakpoint's id is a watchpoint's.
    const ids = this.breakpoints.registry.recordHits(body.hitBreakpointIds, body.reason === "data breakpoint" ? "data" : "code");
    void this.enqueue(async () => {
      if (await this.passThrow(body, ids)) return;
      if (await this.passFalseCondition(body, ids)) return;
      const report = await this.buildStopReport(body, ids);
      this.publish(report);
      await this.breakpoints.removeTemporaryNow(report.breakpointIds);
    });
  }

  /**
   * `catch throw TYPE…`: a throw of another type is resumed without a report — after `continue`
   * only; a step that ends at a throw reports it, whatever its type, rather than run away.
   */
  private async passThrow(body: DapEventMap["stopped"], ids: number[]): Promise<boolean> {
    const types = this.breakpoints.throwTypes;
    if (!types.length || this.lastResume !== "continue" || !this.client) return false;
    if (ids.some((id) => !this.breakpoints.registry.get(id)?.internal)) return false;
    try {
      const threadId = body.threadId ?? (await this.inspector.defaultThreadNow());
      const thrown = await this.thrownTypeNow(threadId);
      if (thrown === undefined || types.some((t) => typeMatches(thrown, t))) return false;
      log("debug", `[${this.name}] a throw of ${thrown}: not one of ${types.join(", ")}; resumed`);
      this.reportPending = false;
      this.markRunning();
      await this.client.request("continue", { threadId });
      return true;
    } catch (e) {
      log("info", `[${this.name}] could not tell or pass a throw's type: ${(e as Error).message}`);
      if (this.state === "running" && !this.ended) this.state = "stopped";
      this.reportPending = true;
      return false;
    }
  }

  /** The condition probe's way to the adapter (conditionProbe.ts). */
  private get probeHost(): ProbeHost {
    return {
      evaluate: async (expression, frameId) => (await this.client!.request("evaluate", { expression, frameId, context: this.adapter.printContext })).result,
      resync: (bp) => this.breakpoints.resyncNow(bp),
    };
  }

  /**
   * A stop at breakpoints whose condition the daemon checks itself, all of them false: counted and
   * resumed without a report. Ids of breakpoints whose condition was false leave `ids`.
   */
  private async passFalseCondition(body: DapEventMap["stopped"], ids: number[]): Promise<boolean> {
    const registry = this.breakpoints.registry;
    if (!this.client || !/breakpoint/i.test(body.reason) || this.lastResume !== "continue") return false;
    try {
      const threadId = body.threadId ?? (await this.inspector.defaultThreadNow());
      const top = (await this.inspector.framesNow(threadId))[0];
      if (!top) return false;
      // cdt-gdb-adapter names no breakpoint: the stop's location does.
      const at = ids.length ? ids.map((id) => registry.get(id)) : registry.matchLocation(top.source?.path, top.line, top.name);
      const probed = activeProbes(at);
      if (!probed.length) return false;
      const held = await checkConditions(this.probeHost, probed, top.id, ids.length > 0);
      const falseIds = new Set(probed.map((b) => b.id).filter((id) => !held.includes(id)));
      const rest = ids.filter((id) => !falseIds.has(id));
      ids.splice(0, ids.length, ...rest);
      if (rest.length || held.length) return false;
      this.reportPending = false;
      this.markRunning();
      await this.client.request("continue", { threadId });
      return true;
    } catch (e) {
      log("info", `[${this.name}] could not check a breakpoint's condition: ${(e as Error).message}`);
      return false;
    }
  }

  /** The type being thrown when the thread is at the entry of the C++ runtime's `__cxa_throw`, else undefined. */
  private async thrownTypeNow(threadId: number): Promise<string | undefined> {
    const expression = this.adapter.throwFilter ? thrownTypeNameExpression() : undefined;
    if (!expression || !this.client) return undefined;
    const top = (await this.inspector.framesNow(threadId))[0];
    if (!top?.name?.includes(CXX_THROW_FUNCTION)) return undefined;
    const r = await this.client.request("evaluate", { expression, frameId: top.id, context: this.adapter.printContext }).catch(() => undefined);
    const mangled = r ? quotedString(r.result) : undefined;
    return mangled ? (demangleType(mangled) ?? mangled) : undefined;
  }

  private onTerminated(): void {
    if (this.ended) return; // Delve sends a second `terminated` after disconnect
    this.ended = true;
    if (this.adapter.quirks.noExitedEvent && this.proc && !this.disconnecting) {
      // No `exited` event: disconnect first and wait for the adapter to go. Its last words (Delve:
      // "Process N has exited with status 3", sent only in answer to disconnect) and the
      // debuggee's output still in its pipes then reach the buffer before the report is built.
      this.lastWords = true;
      void this.shutdownAdapter(this.mode === "launch").finally(() => {
        this.lastWords = false;
        this.publishEnd();
      });
      return;
    }
    // The program's last output may still be on its way through our pty: read it before the
    // report is built and before disconnecting (output is ignored from then on).
    void (this.terminal?.settled() ?? Promise.resolve()).then(() => {
      this.publishEnd();
      void this.shutdownAdapter(this.mode === "launch");
    });
  }

  private publishEnd(): void {
    if (this.exitCode === undefined && this.adapter.exitCodeFromOutput) {
      this.exitCode = this.adapter.exitCodeFromOutput(joinText(this.output.read(Math.max(1, this.output.end - 50)).chunks));
    }
    this.state = this.exitCode !== undefined ? "exited" : "terminated";
    const report = newReport(++this.reportSeq, this.exitCode !== undefined ? "exited" : "terminated");
    report.exitCode = this.exitCode;
    report.description = this.exitCode !== undefined ? `program exited with code ${this.exitCode}` : "the debug session ended (the adapter did not report an exit code)";
    report.neverHit = this.breakpoints.registry.neverHit().map((b) => b.id);
    const never = neverStopped(this.breakpointViews());
    if (never.length) report.neverStopped = never;
    this.attachOutput(report);
    this.publish(report);
  }

  private onAdapterExit(proc: AdapterProcess, how: { code: number | null; signal: string | null }): void {
    if (proc !== this.proc) return;
    this.terminal?.close();
    this.terminal = undefined;
    if (this.disconnecting || this.ended) {
      if (!this.ended) this.finishWithoutAdapter();
      return;
    }
    const what = how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`;
    const desc = `the debug adapter ${what}`;
    log("warn", `[${this.name}] ${desc}; stderr tail: ${proc.stderrTail().trim()}`);
    this.ended = true;
    this.state = "terminated";
    // The program it launched would live on with parent pid 1: end it (never an attached one).
    const ended = this.endDebuggees();
    const report = newReport(++this.reportSeq, "terminated");
    report.description = `${desc} unexpectedly${ended ? `; the program it launched (pid ${ended.join(", ")}) was ended` : ""}`;
    this.attachOutput(report);
    this.history.push(report);
    this.lastReport = report;
    this.reportPending = false;
    const err = exitMessage(what, proc.stderrTail());
    for (const w of this.waiters) w.reject(err);
    this.waiters.clear();
    this.onChange();
  }

  /** Ends the launched program's processes that are still the ones recorded; returns their pids. */
  private endDebuggees(): number[] | undefined {
    if (this.mode !== "launch" || this.startOptions?.connect) return undefined;
    // The tree recorded after launch misses a program started after it (or an adapter killed
    // before launch was answered); the adapter's mark in the environment finds those too.
    const marked = this.proc?.envMark ? withEnvironment(this.proc.envMark).filter((p) => p.pid !== this.proc?.pid) : [];
    const known = [...this.debuggees, ...marked.filter((m) => !this.debuggees.some((d) => d.pid === m.pid))];
    const ended = endProcesses(known);
    this.debuggees = [];
    return ended.length ? ended : undefined;
  }

  private finishWithoutAdapter(): void {
    this.ended = true;
    this.state = "terminated";
    this.onChange();
  }

  private publish(report: StopReport): void {
    this.reportPending = false;
    this.lastReport = report;
    this.history.push(report);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    for (const w of this.waiters) w.resolve(report);
    this.waiters.clear();
    this.onChange();
  }

  // ---- stop reports ---------------------------------------------------------------------

  /** The program's output (stdout, stderr) and the debugger's console text since the last report, apart. */
  private attachOutput(report: StopReport): void {
    const read = this.output.read(this.reportCursor);
    this.reportCursor = read.cursor;
    const program = joinText(read.chunks.filter((c) => c.category !== "console"));
    let console = joinText(read.chunks.filter((c) => c.category === "console"));
    const noise = this.adapter.reportNoise;
    if (noise && console) console = console.split(/(?<=\n)/).filter((line) => !noise.test(line)).join("");
    if (read.dropped > 0) (report.truncated ??= []).push(`output: ${read.dropped} earlier chunks were dropped from the buffer`);
    report.output = this.cutOutput(program, "output", report);
    if (console.trim()) report.console = this.cutOutput(console, "console", report);
  }

  private cutOutput(text: string, what: string, report: StopReport): string {
    const total = Buffer.byteLength(text);
    if (total <= REPORT_OUTPUT_BYTES) return text;
    (report.truncated ??= []).push(`${what}: showing the last ${REPORT_OUTPUT_BYTES} of ${total} bytes; \`debugger output${what === "console" ? " --console" : ""}\` has all of it`);
    return text.slice(-REPORT_OUTPUT_BYTES);
  }

  private async buildStopReport(body: DapEventMap["stopped"], ids: number[]): Promise<StopReport> {
    // A stop at one of the daemon's own breakpoints (a Rust panic) reads as what it stands for.
    const registry = this.breakpoints.registry;
    const said = this.adapter.stopReason?.(body.reason, joinText(this.output.read(this.reportCursor).chunks));
    let ownBp = ids.map((id) => registry.get(id)).find((b) => b?.internal !== undefined);
    let internal = ownBp?.internal;
    ids = ids.filter((id) => !registry.get(id)?.internal);
    const reason = internal ?? normaliseReason(said ?? body.reason, body.description ?? body.text, this.expecting, ids);
    // A core dump stops where it was taken (Delve says "entry"); a crash keeps its signal.
    const report = newReport(++this.reportSeq, this.core && reason === "entry" ? "core" : reason);
    this.expecting = undefined;
    const sinceLastStop = () => joinText(this.output.read(this.reportCursor).chunks);
    report.description = internal ? this.adapter.describeInternalStop?.(internal, sinceLastStop()) : (body.description ?? body.text ?? this.adapter.stopDescription?.(body.reason, sinceLastStop()));
    // "watchpoint 3" is lldb's own numbering, not the CLI id: it would only mislead.
    const lldbWatchNumber = report.reason === "watchpoint" && /^watchpoint \d+$/i.test(report.description ?? "");
    report.breakpointIds = ids;
    try {
      const threadId = body.threadId ?? (await this.inspector.defaultThreadNow());
      report.threadId = threadId;
      this.inspector.currentThreadId = threadId;
      const frames = await this.inspector.framesNow(threadId);
      const top = frames[0];
      if (top) {
        // An adapter that names no breakpoint (cdt-gdb-adapter): one of the daemon's own is told by where it stopped.
        if (!internal && ids.length === 0 && report.reason === "breakpoint") {
          const own = registry.matchLocation(top.source?.path, top.line, top.name).find((b) => b.internal);
          if (own) {
            own.hits++;
            ownBp = own;
            internal = own.internal;
            report.reason = own.internal!;
            report.description = this.adapter.describeInternalStop?.(own.internal!, joinText(this.output.read(this.reportCursor).chunks));
          }
        }
        // gdb stops when a watched local goes out of scope and drops the watchpoint; cdt-gdb-adapter calls it "generic".
        const ended = this.watchesEnded.map((id) => registry.get(id)).filter((b) => b !== undefined);
        if (report.reason === "generic" && ended.length) {
          report.reason = "watchpoint";
          report.breakpointIds = ended.map((b) => b.id);
          report.description = `${ended.map((b) => b.expression ?? b.location).join(", ")}: out of scope, ${ended.length > 1 ? "the watchpoints are" : "the watchpoint is"} gone (the program left the block where it is valid)`;
        }
        if (report.reason === "watchpoint" && ids.length === 0 && !ended.length) {
          const id = await identifyWatchpoint(this.adapter, registry.list().filter((b) => b.kind === "data"), report.description, (command) => this.inspector.rawNow(command).then((r) => r.result));
          const bp = id !== undefined ? registry.get(id) : undefined;
          if (bp) {
            bp.hits++;
            report.breakpointIds = [bp.id];
          }
        }
        // A catchpoint's own frame tells what was thrown (Go's panic value), before the user's frame is chosen.
        const caught = internal ? this.adapter.catchpoints?.(this.program).find((c) => c.value && registry.list().some((b) => b.internal && b.function === c.function && top.name?.includes(c.function))) : undefined;
        if (caught && !report.description) {
          const value = await this.client!.request("evaluate", { expression: caught.value!, frameId: top.id, context: this.adapter.printContext }).then((r) => r.result, () => undefined);
          if (value) report.description = compactValue(value, undefined);
        }
        // A crash or pause inside the C library or a runtime: show the first frame of the user's code.
        const views = frames.map(frameView);
        const index = userFrameIndex(report.reason, views);
        const shown = frames[index]!;
        const { id: _id, ...where } = views[index]!;
        report.frame = where;
        if (index > 0) {
          report.frameIndex = index;
          report.skipped = views.slice(0, index).map((f) => f.function);
          this.inspector.currentFrame = index;
        }
        // What changed: gdb says "Old value = 3, New value = 6"; lldb-dap says nothing.
        const watched = report.reason === "watchpoint" && report.breakpointIds.length === 1 ? registry.get(report.breakpointIds[0]!) : undefined;
        if (watched?.expression) {
          const now = await this.inspector.evaluateNow(watched.readAs ?? watched.expression, this.adapter.printContext).then((r) => r.result, () => undefined);
          if (now !== undefined) {
            // With a condition, writes in between were not seen: the last value seen would mislead.
            const known = watched.lastValue !== undefined && watched.lastValue !== now && !watched.condition;
            const hit = watched.hits > 0 ? ` (hit ${watched.hits})` : "";
            report.description = `${known ? `${watched.expression}: ${watched.lastValue} → ${now}` : `${watched.expression} = ${now}`}${hit}`;
            watched.lastValue = now;
          }
        }
        if (report.reason === "breakpoint" && ids.length === 0) {
          report.breakpointIds = registry.matchLocation(top.source?.path, top.line, top.name).filter((b) => !b.internal).map((b) => (b.hits++, b.id));
        }
        // The source window comes from disk: read it while the adapter answers for the locals.
        const [source, locals] = await Promise.all([sourceWindow(shown.source?.path, shown.line, this.sourceLines), this.inspector.scopeVariablesNow(shown.id, "locals")]);
        report.source = source;
        const cut = truncateVariables(locals, this.limits);
        report.locals = cut.variables;
        if (cut.note) (report.truncated ??= []).push(cut.note);
        // debugpy names a function's return value `(return) NAME` after `finish`.
        const returned = report.locals.find((v) => v.name.startsWith("(return)"));
        if (returned) report.returnValue = returned.value;
        if (this.displays.length) report.displays = await this.inspector.displaysNow(this.displays);
      }
    } catch (e) {
      (report.truncated ??= []).push(`frame: could not be read (${(e as Error).message})`);
    }
    if (lldbWatchNumber && /^watchpoint \d+$/i.test(report.description ?? "")) report.description = undefined;
    if (report.reason === "exception" && this.capabilities.supportsExceptionInfoRequest && report.threadId !== undefined) {
      try {
        const info = await this.client!.request("exceptionInfo", { threadId: report.threadId });
        report.exception = { id: info.exceptionId, description: info.description, details: info.details?.stackTrace ?? info.details?.message };
      } catch {}
    }
    // A catchpoint of the daemon's own: named by its filter, described by what was thrown or its label.
    const def = ownBp ? this.adapter.catchpoints?.(this.program).find((c) => c.function === ownBp!.function) : undefined;
    if (internal) report.exception = { id: def?.filter ?? internal, description: report.description ?? def?.label };
    if (report.reason === "exception" && !report.exception) report.exception = { description: body.text ?? body.description };
    // A C++ throw says what it throws.
    if (report.exception && report.threadId !== undefined) {
      const type = await this.thrownTypeNow(report.threadId).catch(() => undefined);
      if (type) report.exception.type = type;
    }
    this.watchesEnded = [];
    this.attachOutput(report);
    return report;
  }

  // ---- displays -------------------------------------------------------------------------

  addDisplays(expressions: string[]): { id: number; expression: string }[] {
    for (const expression of expressions) {
      if (!this.displays.some((d) => d.expression === expression)) this.displays.push({ id: this.nextDisplayId++, expression });
    }
    return [...this.displays];
  }

  removeDisplays(ids: number[] | "all"): number[] {
    const gone = ids === "all" ? this.displays.map((d) => d.id) : ids;
    for (const id of gone) {
      const i = this.displays.findIndex((d) => d.id === id);
      if (i < 0) throw new DebuggerError("INVALID_ARGUMENT", `no display ${id}`, "`debugger display` lists them");
    }
    for (const id of gone) this.displays.splice(this.displays.findIndex((d) => d.id === id), 1);
    return gone;
  }

  listDisplays(): { id: number; expression: string }[] {
    return [...this.displays];
  }

  /** Expressions in the selected frame at the current stop, each failure in place. */
  evaluateAtStop(expressions: string[]): Promise<DisplayValue[]> {
    return this.enqueue(() => this.inspector.displaysNow(expressions.map((expression) => ({ expression }))));
  }

  displayValues(): Promise<DisplayValue[]> {
    return this.enqueue(() => this.inspector.displaysNow(this.displays));
  }

  /** A command's `--print` expressions at the stop it reports (the session's displays are already in it). */
  async withPrints(report: StopReport, expressions: string[]): Promise<StopReport> {
    if (!expressions.length || report !== this.lastReport || this.state !== "stopped") {
      if (!expressions.length) return report;
      const why = this.state === "stopped" ? "not at this stop any more" : `the program has ${this.state === "running" ? "run on" : "ended"}`;
      return { ...report, displays: [...(report.displays ?? []), ...expressions.map((expression) => ({ expression, error: why }))] };
    }
    const values: DisplayValue[] = await this.enqueue(() => this.inspector.displaysNow(expressions.map((expression) => ({ expression }))));
    return { ...report, displays: [...(report.displays ?? []), ...values] };
  }

  // ---- execution ------------------------------------------------------------------------

  requireLive(): DapClient {
    if (!this.live || !this.client) {
      throw new DebuggerError("SESSION_ENDED", `session '${this.name}' has ${this.state === "exited" ? `exited (code ${this.exitCode})` : "ended"}`, "`debugger start PROGRAM` begins a new one; `debugger output` and `debugger events` still show what happened");
    }
    return this.client;
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
   * registered before the request goes out, so a fast stop is never missed.
   */
  resume(kind: ResumeKind, threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    this.requireRunnable(kind === "stepIn" ? "step" : kind === "stepOut" ? "finish" : kind);
    return this.enqueue(async () => {
      const client = this.requireStopped();
      // `continue --thread N` means that thread alone: only where the adapter can keep the others stopped.
      const single = kind === "continue" && threadId !== undefined;
      if (single && !this.capabilities.supportsSingleThreadExecutionRequests) {
        throw new DebuggerError("UNSUPPORTED", `${this.adapter.name} cannot resume one thread alone (capability supportsSingleThreadExecutionRequests)`, "`debugger continue` without --thread resumes every thread; a breakpoint with a condition on the thread stops where it matters");
      }
      if (threadId !== undefined) await this.inspector.selectThreadNow(threadId);
      await beforeResume(this.probeHost, this.breakpoints.registry.list(), kind !== "continue");
      const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThreadNow());
      const waiter = this.nextStop();
      const stopsBefore = this.stopCount;
      this.lastResume = kind;
      try {
        await client.request(kind, { threadId: tid, ...(single ? { singleThread: true } : {}) });
      } catch (e) {
        waiter.cancel();
        throw e;
      }
      // Running, unless the stop it led to has already arrived (some adapters send it first).
      if (this.state === "stopped" && this.stopCount === stopsBefore) this.markRunning();
      this.onChange();
      // Wrapped: an async function returning a promise would wait for it, holding the queue.
      return { stop: waiter.promise };
    });
  }

  /** Not queued: a pause must get through while a long request holds the queue. */
  async pause(threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    this.requireRunnable("pause");
    const client = this.requireLive();
    if (this.state === "stopped") throw new DebuggerError("NOT_RUNNING", `session '${this.name}' is already stopped`, "`debugger context` shows where");
    const tid = threadId ?? this.inspector.currentThreadId ?? (await this.inspector.defaultThreadNow());
    const waiter = this.nextStop();
    this.expecting = "pause";
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
    if (this.state !== "running" && this.state !== "starting" && this.lastReport && !this.reportPending) return Promise.resolve(this.lastReport);
    if (!this.live) throw this.requireLive();
    return this.nextStop().promise;
  }

  // ---- shut-down ------------------------------------------------------------------------

  /**
   * `stop` (terminate a launched program) or `detach` (leave it running). Returns the pids the
   * daemon had to end itself because the adapter hung (undefined when the adapter did it).
   */
  async end(terminateDebuggee: boolean): Promise<number[] | undefined> {
    if (this.ended && !this.proc) return undefined;
    const wasLive = this.live;
    this.ended = true;
    if (wasLive) this.state = "terminated";
    for (const w of this.waiters) w.reject(new DebuggerError("SESSION_ENDED", `session '${this.name}' was ${terminateDebuggee ? "stopped" : "detached"}`, "`debugger start` begins a new one"));
    this.waiters.clear();
    const ended = await this.shutdownAdapter(terminateDebuggee);
    this.onChange();
    return ended;
  }

  private async shutdownAdapter(terminateDebuggee: boolean): Promise<number[] | undefined> {
    const proc = this.proc;
    if (!proc || this.disconnecting) return undefined;
    this.disconnecting = true;
    try {
      await proc.client.request("disconnect", { restart: false, terminateDebuggee }, 3000);
    } catch {}
    proc.closeInput();
    const gone = await Promise.race([proc.exited.then(() => true), Bun.sleep(1500).then(() => false)]);
    if (!gone) {
      proc.kill("SIGKILL");
      // A hung adapter never ended the program: do it here (a launched one only).
      if (terminateDebuggee) return this.endDebuggees();
    }
    return undefined;
  }

  /** Kill everything now (daemon shut-down). */
  async kill(): Promise<void> {
    await Promise.race([this.end(this.mode !== "attach"), Bun.sleep(2000)]);
    this.proc?.kill("SIGKILL");
  }

  /** Launches the program again with the same options and breakpoints (hit counts reset). */
  async restart(): Promise<{ stop: Promise<StopReport> }> {
    const opts = this.startOptions;
    if (!opts) throw new DebuggerError("NO_SESSION", `session '${this.name}' was never started`, "`debugger start PROGRAM`");
    if (opts.mode === "attach") throw new DebuggerError("UNSUPPORTED", "an attached session cannot be restarted", "`debugger detach`, then start the program again");
    if (this.proc) {
      const old = this.proc;
      await this.end(true);
      await Promise.race([old.exited, Bun.sleep(3000)]);
    }
    this.proc = undefined;
    this.breakpoints.registry.resetHits();
    this.inspector.invalidate();
    this.lastReport = undefined;
    this.reportPending = false;
    this.reportCursor = this.output.end;
    const waiter = this.nextStop();
    try {
      await this.enqueue(() => this.connectAndConfigure());
    } catch (e) {
      waiter.cancel();
      throw e;
    }
    return { stop: waiter.promise };
  }
}

function timeoutError(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new DebuggerError("TIMEOUT", `${what} within ${ms / 1000} s`, "`debugger logs` shows the adapter's messages")), ms));
}
