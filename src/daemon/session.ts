// One debug session: an adapter process, its DAP client, the state machine driven by adapter
// events, the breakpoint registry, the output buffer and the stop history. Work that talks to
// the adapter is serialised through `enqueue`; waiting for a stop happens outside the queue, so
// `status`, `pause` and other clients are never blocked by a waiter.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { connectAdapter, exitMessage, type AdapterProcess, type Transport } from "../adapters/connection.ts";
import type { AdapterSpec, FoundAdapter, LaunchOptions } from "../adapters/types.ts";
import type { Config } from "../common/config.ts";
import { DebuggerError } from "../common/errors.ts";
import type { Location } from "../common/location.ts";
import { log } from "../common/log.ts";
import type { DapClient } from "../dap/client.ts";
import type { BreakpointView, FrameView, SessionState, SessionSummary, StopReport, VariableView } from "../ipc/types.ts";
import { BreakpointRegistry, type Breakpoint, type BreakpointOptions, type SetKey } from "./breakpointRegistry.ts";
import { joinText, RingBuffer, tailLines, type OutputCategory } from "./ringBuffer.ts";
import { sourceWindow } from "./sourceWindow.ts";
import { truncateVariables, type DisplayLimits } from "./truncate.ts";
import { CrlfNormalizer } from "./lineEndings.ts";

const HISTORY_LIMIT = 100;
const REPORT_OUTPUT_BYTES = 8192;
const START_TIMEOUT_MS = 30_000;

export interface StartOptions extends Omit<LaunchOptions, "breakpointFiles"> {
  mode: "launch" | "attach";
  pid?: number;
  /** Talk to an adapter already listening there instead of starting one. */
  connect?: { host: string; port: number };
  breakpoints: { text: string; loc: Location; opts?: BreakpointOptions }[];
}

interface Waiter {
  resolve: (r: StopReport) => void;
  reject: (e: Error) => void;
}

export class Session {
  state: SessionState = "starting";
  pid: number | undefined;
  exitCode: number | null | undefined;
  capabilities: P.Capabilities = {};
  readonly breakpoints = new BreakpointRegistry();
  readonly output: RingBuffer;
  readonly history: StopReport[] = [];
  lastReport: StopReport | undefined;
  currentThreadId: number | undefined;
  currentFrame = 0;
  readonly createdAt = Date.now();

  private proc: AdapterProcess | undefined;
  private client: DapClient | undefined;
  private waiters = new Set<Waiter>();
  private queueTail: Promise<unknown> = Promise.resolve();
  private reportSeq = 0;
  private reportCursor = 1;
  private framesCache: { threadId: number; frames: P.StackFrame[] } | undefined;
  private disconnecting = false;
  /** Output is still wanted while disconnecting: the adapter's last words carry the exit code. */
  private lastWords = false;
  private stopCount = 0;
  /** Exception filters chosen with `catch`; undefined: the adapter's defaults. */
  private chosenExceptionFilters: string[] | undefined;
  /** What the next stop is expected to be (a pause we asked for, the entry stop we asked for). */
  private expecting: "entry" | "pause" | undefined;
  private ended = false;
  private startOptions: StartOptions | undefined;
  adapterPath: string | undefined;
  private found: FoundAdapter | undefined;

  constructor(
    readonly name: string,
    readonly adapter: AdapterSpec,
    private readonly config: Config,
    private readonly onChange: () => void,
  ) {
    this.output = new RingBuffer({
      maxChunks: config.output.max_chunks ?? 10_000,
      maxBytes: config.output.max_bytes ?? 10 * 1024 * 1024,
    });
  }

  get program(): string | undefined {
    return this.startOptions?.program;
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

  summary(): SessionSummary {
    return { name: this.name, state: this.state, program: this.program || undefined, adapter: this.adapter.name, pid: this.pid, mode: this.mode };
  }

  get limits(): DisplayLimits {
    const d = this.config.display;
    return { maxValueLength: d.max_value_length ?? 200, maxLocals: d.max_locals ?? 40 };
  }

  get sourceLines(): number {
    return this.config.display.source_lines ?? 3;
  }

  /** Serialises work that talks to the adapter. */
  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queueTail.then(fn, fn);
    this.queueTail = run.catch(() => {});
    return run;
  }

  // ---- start-up -------------------------------------------------------------------------

  /** Spawns the adapter and runs the DAP start-up sequence (DESIGN §3 rule 4). */
  async start(opts: StartOptions): Promise<void> {
    this.startOptions = opts;
    for (const b of opts.breakpoints) this.breakpoints.add(b.text, b.loc, b.opts);
    await this.connectAndConfigure();
  }

  private async connectAndConfigure(): Promise<void> {
    const opts = this.startOptions!;
    this.state = "starting";
    this.ended = false;
    this.disconnecting = false;
    this.exitCode = undefined;
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
    const launch = this.launchOptions();
    const outputAtStart = this.output.end;
    const transport: Transport = opts.connect ? { kind: "tcp-connect", ...opts.connect } : this.adapter.transport;
    const captureOutput = this.adapter.quirks.adapterOutputIsProgramOutput;
    const proc = await connectAdapter(transport, command, {
      cwd: this.adapter.spawnCwd?.(launch) ?? opts.cwd,
      env,
      trace: (dir, m) => log("debug", `[${this.name}] ${dir === "in" ? "<-" : "->"} ${JSON.stringify(m)}`),
      onStderr: (text) => {
        if (!this.disconnecting) log("info", `[${this.name}] adapter stderr: ${text.trimEnd()}`);
      },
      // Delve writes the debuggee's output to its own stdout/stderr, not as DAP output events.
      onProgramOutput: captureOutput ? (text, stream) => (!this.disconnecting || this.lastWords) && this.output.push(stream, text) : undefined,
    });
    this.proc = proc;
    this.client = proc.client;
    this.wireEvents(proc.client);
    proc.exited.then((how) => this.onAdapterExit(proc, how));

    const client = proc.client;
    this.capabilities =
      (await client.request("initialize", {
        clientID: "debugger-cli",
        clientName: "debugger",
        adapterID: this.adapter.name,
        locale: "en-US",
        linesStartAt1: true,
        columnsStartAt1: true,
        pathFormat: "path",
        supportsVariableType: true,
        supportsVariablePaging: false,
        supportsRunInTerminalRequest: true,
        supportsMemoryReferences: true,
        supportsProgressReporting: false,
        supportsInvalidatedEvent: false,
      }, START_TIMEOUT_MS)) ?? {};

    // Launch is sent without awaiting: some adapters answer it only after configurationDone.
    const initialized = client.waitForEvent("initialized", START_TIMEOUT_MS);
    const args =
      opts.mode === "launch"
        ? this.adapter.launchArgs(launch)
        : this.adapter.attachArgs({ pid: opts.pid, program: opts.program || undefined, remote: !!opts.connect, options: opts.options, found: this.found });
    const startRequest = client.requestRaw(opts.mode, args, 0);
    const failed = startRequest.then(
      () => new Promise<never>(() => {}),
      (e: Error) => Promise.reject(e),
    );
    try {
      await Promise.race([initialized, failed]);
    } catch (e) {
      throw this.startError(e as Error, outputAtStart);
    }
    await this.syncAllBreakpoints();
    if (this.capabilities.exceptionBreakpointFilters) await this.syncExceptionFilters().catch(() => {});
    if (opts.mode === "launch" && opts.stopOnEntry) this.expecting = "entry";
    if (this.capabilities.supportsConfigurationDoneRequest !== false) {
      await client.request("configurationDone", undefined);
    }
    try {
      await Promise.race([startRequest, timeoutError(START_TIMEOUT_MS, `the adapter did not answer '${opts.mode}'`)]);
    } catch (e) {
      throw this.startError(e as Error, outputAtStart);
    }
    if (this.state === "starting") this.state = "running";
    this.onChange();
  }

  private launchOptions(): LaunchOptions {
    const opts = this.startOptions!;
    const files = this.breakpoints.list().flatMap((b) => (b.kind === "line" && b.file ? [b.file] : []));
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
      what === "attach"
        ? "check the pid and that you may trace it (ptrace permission; `debugger doctor`)"
        : "check the program path and that it is built with debug info (-g)",
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
    client.on("output", (e) => this.onOutput(e as P.OutputEvent));
    client.on("stopped", (e) => this.onStopped((e as P.StoppedEvent).body));
    client.on("continued", (e) => {
      if (this.state === "stopped" && !this.ended) this.markRunning();
      void e;
    });
    client.on("exited", (e) => {
      this.exitCode = (e as P.ExitedEvent).body.exitCode;
    });
    client.on("terminated", () => this.onTerminated());
    client.on("breakpoint", (e) => {
      const b = (e as P.BreakpointEvent).body;
      this.breakpoints.applyEvent(b.reason, b.breakpoint);
    });
    client.on("process", (e) => {
      const b = (e as P.ProcessEvent).body;
      if (b.systemProcessId) this.pid = b.systemProcessId;
      this.onChange();
    });
    client.handleReverse("runInTerminal", (args: P.RunInTerminalRequestArguments) => this.runInTerminal(args));
  }

  private readonly crlf = new CrlfNormalizer();

  private onOutput(e: P.OutputEvent): void {
    if (this.disconnecting && !this.lastWords) return; // lldb-dap-19 prints its crash trace after a clean disconnect
    const b = e.body;
    if (b.category === "telemetry" || b.category === "important" && !b.output) return;
    const category: OutputCategory =
      this.adapter.outputCategory?.(b.category ?? "console", b.output, this.found) ??
      (b.category === "stdout" ? "stdout" : b.category === "stderr" ? "stderr" : "console");
    if (this.adapter.ignoreOutput?.(b.output, category)) return;
    // The debuggee runs on a pty under lldb-dap: \r\n line endings, sometimes cut between events.
    this.output.push(category, this.crlf.push(category, b.output));
  }

  private markRunning(): void {
    this.state = "running";
    this.framesCache = undefined;
    this.currentFrame = 0;
  }

  private onStopped(body: P.StoppedEvent["body"]): void {
    if (this.ended) return;
    this.stopCount++;
    this.state = "stopped";
    this.framesCache = undefined;
    this.currentFrame = 0;
    if (body.threadId !== undefined) this.currentThreadId = body.threadId;
    const ids = this.breakpoints.recordHits(body.hitBreakpointIds);
    void this.enqueue(async () => {
      const report = await this.buildStopReport(body, ids);
      this.publish(report);
      await this.removeTemporary(report.breakpointIds);
    });
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
    this.publishEnd();
    void this.shutdownAdapter(this.mode === "launch");
  }

  private publishEnd(): void {
    if (this.exitCode === undefined && this.adapter.exitCodeFromOutput) {
      this.exitCode = this.adapter.exitCodeFromOutput(joinText(this.output.read(Math.max(1, this.output.end - 50)).chunks));
    }
    this.state = this.exitCode !== undefined ? "exited" : "terminated";
    const report = this.newReport(this.exitCode !== undefined ? "exited" : "terminated");
    report.exitCode = this.exitCode;
    report.description = this.exitCode !== undefined ? `program exited with code ${this.exitCode}` : "the debug session ended (the adapter did not report an exit code)";
    report.neverHit = this.breakpoints.neverHit().map((b) => b.id);
    this.attachOutput(report);
    this.publish(report);
    this.onChange();
  }

  private onAdapterExit(proc: AdapterProcess, how: { code: number | null; signal: string | null }): void {
    if (proc !== this.proc) return;
    if (this.disconnecting || this.ended) {
      if (!this.ended) this.finishWithoutAdapter();
      return;
    }
    const what = how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`;
    const desc = `the debug adapter ${what}`;
    log("warn", `[${this.name}] ${desc}; stderr tail: ${proc.stderrTail().trim()}`);
    this.ended = true;
    this.state = "terminated";
    const report = this.newReport("terminated");
    report.description = `${desc} unexpectedly`;
    this.attachOutput(report);
    this.history.push(report);
    this.lastReport = report;
    const err = exitMessage(what, proc.stderrTail());
    for (const w of this.waiters) w.reject(err);
    this.waiters.clear();
    this.onChange();
  }

  private finishWithoutAdapter(): void {
    this.ended = true;
    this.state = "terminated";
    this.onChange();
  }

  private publish(report: StopReport): void {
    this.lastReport = report;
    this.history.push(report);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    for (const w of this.waiters) w.resolve(report);
    this.waiters.clear();
    this.onChange();
  }

  private async runInTerminal(args: P.RunInTerminalRequestArguments): Promise<P.RunInTerminalResponse["body"]> {
    // No terminal here: run the command with its output captured into the session's buffer.
    const env: Record<string, string> = { ...(process.env as Record<string, string>) };
    for (const [k, v] of Object.entries(args.env ?? {})) {
      if (v === null || v === undefined) delete env[k];
      else env[k] = v;
    }
    const child = Bun.spawn(args.args, { cwd: args.cwd || undefined, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const pump = async (stream: ReadableStream<Uint8Array>, category: OutputCategory) => {
      const dec = new TextDecoder();
      for await (const chunk of stream) this.output.push(category, dec.decode(chunk, { stream: true }));
    };
    void pump(child.stdout, "stdout").catch(() => {});
    void pump(child.stderr, "stderr").catch(() => {});
    return { processId: child.pid };
  }

  // ---- stop reports ---------------------------------------------------------------------

  private newReport(reason: string): StopReport {
    return { reason, breakpointIds: [], source: [], locals: [], output: "", seq: ++this.reportSeq, time: new Date().toISOString() };
  }

  private attachOutput(report: StopReport): void {
    const read = this.output.read(this.reportCursor);
    this.reportCursor = read.cursor;
    let text = joinText(read.chunks);
    if (read.dropped > 0) (report.truncated ??= []).push(`output: ${read.dropped} earlier chunks were dropped from the buffer`);
    if (Buffer.byteLength(text) > REPORT_OUTPUT_BYTES) {
      const total = Buffer.byteLength(text);
      text = text.slice(-REPORT_OUTPUT_BYTES);
      (report.truncated ??= []).push(`output: showing the last ${REPORT_OUTPUT_BYTES} of ${total} bytes; \`debugger output\` has all of it`);
    }
    report.output = text;
  }

  private async buildStopReport(body: P.StoppedEvent["body"], ids: number[]): Promise<StopReport> {
    const said = this.adapter.stopReason?.(body.reason, joinText(this.output.read(this.reportCursor).chunks));
    const report = this.newReport(normaliseReason(said ?? body.reason, body.description ?? body.text, this.expecting, ids));
    this.expecting = undefined;
    report.description = body.description ?? body.text;
    // "watchpoint 3" is lldb's own numbering, not the CLI id: it would only mislead.
    if (report.reason === "watchpoint" && /^watchpoint \d+$/i.test(report.description ?? "")) report.description = undefined;
    report.breakpointIds = ids;
    try {
      const threadId = body.threadId ?? (await this.defaultThread());
      report.threadId = threadId;
      this.currentThreadId = threadId;
      const frames = await this.frames(threadId);
      const top = frames[0];
      if (top) {
        const { id: _id, ...where } = frameView(top);
        report.frame = where;
        // lldb-dap names no breakpoint id for a watchpoint stop: with one watchpoint it is that one.
        const watches = this.breakpoints.list().filter((b) => b.kind === "data" && b.enabled);
        if (report.reason === "watchpoint" && ids.length === 0 && watches.length === 1) {
          watches[0]!.hits++;
          report.breakpointIds = [watches[0]!.id];
        }
        if (report.reason === "breakpoint" && ids.length === 0) {
          report.breakpointIds = this.breakpoints
            .matchLocation(top.source?.path, top.line, top.name)
            .map((b) => (b.hits++, b.id));
        }
        report.source = await sourceWindow(top.source?.path, top.line, this.sourceLines);
        const locals = await this.scopeVariables(top.id, "locals");
        const cut = truncateVariables(locals, this.limits);
        report.locals = cut.variables;
        if (cut.note) (report.truncated ??= []).push(cut.note);
      }
    } catch (e) {
      (report.truncated ??= []).push(`frame: could not be read (${(e as Error).message})`);
    }
    if (report.reason === "exception" && this.capabilities.supportsExceptionInfoRequest && report.threadId !== undefined) {
      try {
        const info = await this.client!.request("exceptionInfo", { threadId: report.threadId });
        report.exception = { id: info.exceptionId, description: info.description, details: info.details?.stackTrace ?? info.details?.message };
      } catch {}
    }
    if (report.reason === "exception" && !report.exception) report.exception = { description: body.text ?? body.description };
    this.attachOutput(report);
    return report;
  }

  private async removeTemporary(ids: number[]): Promise<void> {
    const temps = ids.map((id) => this.breakpoints.get(id)).filter((b): b is Breakpoint => !!b?.temporary);
    for (const b of temps) {
      this.breakpoints.remove(b.id);
      await this.syncSet(this.breakpoints.keyOf(b)).catch(() => {});
    }
  }

  // ---- breakpoints ----------------------------------------------------------------------

  private async syncAllBreakpoints(): Promise<void> {
    for (const key of this.breakpoints.allKeys()) await this.syncSet(key);
  }

  /** Re-sends the whole set a breakpoint belongs to: DAP replaces sets, never single entries. */
  async syncSet(key: SetKey): Promise<void> {
    const client = this.client;
    if (!client || this.ended) return;
    if (key.kind === "source") {
      const res = await client.request("setBreakpoints", {
        source: { path: key.file, name: key.file.slice(key.file.lastIndexOf("/") + 1) },
        breakpoints: this.breakpoints.sourceBreakpoints(key.file),
        lines: this.breakpoints.sourceBreakpoints(key.file).map((b) => b.line),
      });
      this.breakpoints.applyResponse(key, res.breakpoints);
    } else if (key.kind === "function") {
      this.requireCapability("supportsFunctionBreakpoints", "function breakpoints");
      const spell = (name: string) => this.adapter.functionBreakpointName?.(name) ?? name;
      const res = await client.request("setFunctionBreakpoints", { breakpoints: this.breakpoints.functionBreakpoints().map((b) => ({ ...b, name: spell(b.name) })) });
      this.breakpoints.applyResponse(key, res.breakpoints);
    } else if (key.kind === "data") {
      this.requireCapability("supportsDataBreakpoints", "watchpoints");
      const res = await client.requestRaw("setDataBreakpoints", { breakpoints: this.breakpoints.dataBreakpoints() });
      this.breakpoints.applyResponse(key, (res.body as { breakpoints: P.Breakpoint[] }).breakpoints);
    } else {
      this.requireCapability("supportsInstructionBreakpoints", "address breakpoints");
      const res = await client.requestRaw("setInstructionBreakpoints", { breakpoints: this.breakpoints.instructionBreakpoints() });
      this.breakpoints.applyResponse(key, (res.body as { breakpoints: P.Breakpoint[] }).breakpoints);
    }
  }

  /** The adapter's exception filters and which are on: the user's choice (`catch`), else the defaults. */
  exceptionFilters(): { filter: string; label: string; description?: string; enabled: boolean }[] {
    const available = this.capabilities.exceptionBreakpointFilters ?? [];
    const on = new Set(this.activeExceptionFilters());
    return available.map((f) => ({ filter: f.filter, label: f.label, description: f.description, enabled: on.has(f.filter) }));
  }

  private activeExceptionFilters(): string[] {
    const known = new Set((this.capabilities.exceptionBreakpointFilters ?? []).map((f) => f.filter));
    return (this.chosenExceptionFilters ?? this.adapter.defaultExceptionFilters ?? []).filter((f) => known.has(f));
  }

  private async syncExceptionFilters(): Promise<void> {
    const filters = this.activeExceptionFilters();
    // Default exception options only until the user chooses filters: debugpy ignores the filters
    // when options are present.
    const options = !this.chosenExceptionFilters && this.capabilities.supportsExceptionOptions ? this.adapter.defaultExceptionOptions : undefined;
    await this.client!.request("setExceptionBreakpoints", { filters, ...(options ? { exceptionOptions: options } : {}) });
  }

  /** `catch`: switch exception filters on or off (the whole set is re-sent, as DAP wants). */
  async setExceptionFilters(add: string[], remove: string[]): Promise<void> {
    this.requireLive();
    const available = this.capabilities.exceptionBreakpointFilters ?? [];
    if (!available.length) this.unsupported("exceptionBreakpointFilters", "exception breakpoints");
    const names = available.map((f) => f.filter);
    for (const f of [...add, ...remove]) {
      if (!names.includes(f)) throw new DebuggerError("INVALID_ARGUMENT", `${this.adapter.name} has no exception filter '${f}'`, `its filters: ${names.join(", ")} (\`debugger catch list\`)`);
    }
    const next = new Set(this.activeExceptionFilters());
    for (const f of add) next.add(f);
    for (const f of remove) next.delete(f);
    const before = this.chosenExceptionFilters;
    this.chosenExceptionFilters = [...next];
    try {
      await this.syncExceptionFilters();
    } catch (e) {
      this.chosenExceptionFilters = before;
      throw e;
    }
  }

  async addBreakpoint(text: string, loc: Location, opts: BreakpointOptions): Promise<Breakpoint> {
    if (opts.condition && this.capabilities.supportsConditionalBreakpoints === false) this.unsupported("supportsConditionalBreakpoints", "conditional breakpoints");
    if (opts.hitCondition && this.capabilities.supportsHitConditionalBreakpoints === false) this.unsupported("supportsHitConditionalBreakpoints", "hit counts");
    if (opts.logMessage && this.capabilities.supportsLogPoints === false) this.unsupported("supportsLogPoints", "log points");
    const bp = this.breakpoints.add(text, loc, opts);
    try {
      await this.syncSet(this.breakpoints.keyOf(bp));
    } catch (e) {
      this.breakpoints.remove(bp.id);
      // Put the adapter's view back the way it was.
      await this.syncSet(this.breakpoints.keyOf(bp)).catch(() => {});
      throw e;
    }
    return bp;
  }

  /** `watch EXPR`: asks the adapter where the value lives (`dataBreakpointInfo`), then sets the whole data set. */
  async addWatch(expression: string, accessType: "read" | "write" | "readWrite", opts: BreakpointOptions): Promise<Breakpoint> {
    const client = this.requireStopped();
    this.requireCapability("supportsDataBreakpoints", "watchpoints");
    const { frame } = await this.selectedFrame();
    const { scopes } = await client.request("scopes", { frameId: frame.id });
    const locals = pickScopes(scopes, "locals")[0];
    // A plain local is asked for by name in its scope; anything else as an expression in the frame.
    let args: P.DataBreakpointInfoArguments = { name: this.adapter.dataBreakpointExpression?.(expression) ?? expression, frameId: frame.id };
    if (locals && /^[A-Za-z_]\w*$/.test(expression)) {
      const { variables } = await client.request("variables", { variablesReference: locals.variablesReference });
      if (variables.some((v) => v.name === expression)) args = { name: expression, variablesReference: locals.variablesReference };
    }
    const info = (await client.requestRaw("dataBreakpointInfo", args)).body as P.DataBreakpointInfoResponse["body"];
    if (!info.dataId) {
      throw new DebuggerError("EVALUATE_FAILED", `cannot watch '${expression}': ${info.description || "the adapter found no memory for it"}`, "watch a variable or an lvalue in the selected frame (`debugger locals`)");
    }
    if (info.accessTypes && !info.accessTypes.includes(accessType)) {
      throw new DebuggerError("UNSUPPORTED", `${this.adapter.name} cannot watch '${expression}' for ${accessType} access (it offers ${info.accessTypes.join(", ")})`, "drop --read/--access, or use another access type");
    }
    const bp = this.breakpoints.addData(expression, info.dataId, accessType, info.description, opts);
    try {
      await this.syncSet({ kind: "data" });
    } catch (e) {
      this.breakpoints.remove(bp.id);
      await this.syncSet({ kind: "data" }).catch(() => {});
      throw e;
    }
    return bp;
  }

  async removeBreakpoints(ids: number[]): Promise<Breakpoint[]> {
    const missing = ids.filter((id) => !this.breakpoints.get(id));
    if (missing.length) throw this.noBreakpoint(missing[0]!);
    const removed = ids.map((id) => this.breakpoints.remove(id)!);
    const keys = new Map<string, SetKey>();
    for (const b of removed) {
      const k = this.breakpoints.keyOf(b);
      keys.set(JSON.stringify(k), k);
    }
    for (const k of keys.values()) await this.syncSet(k);
    return removed;
  }

  async setEnabled(id: number, enabled: boolean): Promise<Breakpoint> {
    const bp = this.breakpoints.get(id);
    if (!bp) throw this.noBreakpoint(id);
    if (bp.enabled !== enabled) {
      bp.enabled = enabled;
      await this.syncSet(this.breakpoints.keyOf(bp));
    }
    return bp;
  }

  noBreakpoint(id: number): DebuggerError {
    return new DebuggerError("BREAKPOINT_NOT_FOUND", `no breakpoint ${id} in session '${this.name}'`, "`debugger breakpoint list` shows the ids");
  }

  breakpointViews(): BreakpointView[] {
    return this.breakpoints.list().map(breakpointView);
  }

  private requireCapability(cap: keyof P.Capabilities, what: string): void {
    if (!this.capabilities[cap]) this.unsupported(cap, what);
  }

  private unsupported(cap: string, what: string): never {
    throw new DebuggerError("UNSUPPORTED", `${this.adapter.name} does not support ${what} (capability ${cap})`, "use another kind of breakpoint or another adapter");
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
  async resume(kind: "continue" | "next" | "stepIn" | "stepOut", threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    return this.enqueue(async () => {
      const client = this.requireStopped();
      const tid = threadId ?? this.currentThreadId ?? (await this.defaultThread());
      const waiter = this.nextStop();
      const stopsBefore = this.stopCount;
      try {
        if (kind === "continue") await client.request("continue", { threadId: tid });
        else await client.request(kind, { threadId: tid });
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

  async pause(threadId?: number): Promise<{ stop: Promise<StopReport> }> {
    const client = this.requireLive();
    if (this.state === "stopped") throw new DebuggerError("NOT_RUNNING", `session '${this.name}' is already stopped`, "`debugger context` shows where");
    const tid = threadId ?? this.currentThreadId ?? (await this.defaultThread());
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
    if (this.state !== "running" && this.state !== "starting" && this.lastReport) return Promise.resolve(this.lastReport);
    if (!this.live) throw this.requireLive();
    return this.nextStop().promise;
  }

  // ---- inspection -----------------------------------------------------------------------

  async defaultThread(): Promise<number> {
    const res = await this.client!.request("threads", undefined);
    const first = res.threads[0];
    if (!first) throw new DebuggerError("NO_THREAD", "the program has no threads", "is it still running? `debugger status`");
    return first.id;
  }

  async threads(): Promise<{ id: number; name: string; current: boolean }[]> {
    const client = this.requireLive();
    const res = await client.request("threads", undefined);
    return res.threads.map((t) => ({ id: t.id, name: t.name, current: t.id === this.currentThreadId }));
  }

  async frames(threadId: number, levels = 64): Promise<P.StackFrame[]> {
    if (this.framesCache?.threadId === threadId && this.framesCache.frames.length >= Math.min(levels, 64)) return this.framesCache.frames.slice(0, levels);
    const res = await this.client!.request("stackTrace", { threadId, startFrame: 0, levels: Math.max(levels, 64) });
    this.framesCache = { threadId, frames: res.stackFrames };
    return res.stackFrames.slice(0, levels);
  }

  async selectedFrame(): Promise<{ frame: P.StackFrame; index: number; threadId: number }> {
    this.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.frames(threadId);
    const frame = frames[this.currentFrame];
    if (!frame) throw new DebuggerError("NO_FRAME", `thread ${threadId} has no frame ${this.currentFrame}`, "`debugger backtrace` lists the frames");
    return { frame, index: this.currentFrame, threadId };
  }

  async selectFrame(index: number): Promise<void> {
    this.requireStopped();
    const threadId = this.currentThreadId ?? (await this.defaultThread());
    const frames = await this.frames(threadId, index + 1);
    if (index < 0 || index >= frames.length) {
      throw new DebuggerError("NO_FRAME", `no frame ${index}: thread ${threadId} has ${frames.length} frame${frames.length === 1 ? "" : "s"}`, "`debugger backtrace` lists the frames");
    }
    this.currentFrame = index;
  }

  async selectThread(id: number): Promise<void> {
    const threads = await this.threads();
    if (!threads.some((t) => t.id === id)) {
      throw new DebuggerError("NO_THREAD", `no thread ${id}`, `threads: ${threads.map((t) => t.id).join(", ")} (\`debugger threads\`)`);
    }
    this.currentThreadId = id;
    this.currentFrame = 0;
    this.framesCache = undefined;
  }

  async scopeVariables(frameId: number, which: "locals" | "arguments" | "all"): Promise<VariableView[]> {
    const { scopes } = await this.client!.request("scopes", { frameId });
    const pick = pickScopes(scopes, which);
    const out: VariableView[] = [];
    for (const s of pick) out.push(...(await this.variables(s.variablesReference)));
    return Promise.all(out.map((v) => this.inlineSmallStruct(v)));
  }

  /**
   * lldb-dap shows a struct as `Point @ 0x7ffd…`, which tells an agent nothing: a small struct of
   * plain fields is shown inline as `{x = 3, y = 4}` instead (it stays expandable by reference).
   */
  private async inlineSmallStruct(v: VariableView): Promise<VariableView> {
    if (v.reference <= 0 || !/(^\{)|( @ 0x[0-9a-f]+$)/i.test(v.value)) return v;
    try {
      const kids = await this.variables(v.reference);
      if (kids.length === 0 || kids.length > 8 || kids.some((k) => k.reference > 0 && !/^0x[0-9a-f]+$/i.test(k.value))) return v;
      return { ...v, value: `{${kids.map((k) => `${k.name} = ${k.value}`).join(", ")}}` };
    } catch {
      return v;
    }
  }

  async variables(reference: number, depth = 0): Promise<VariableView[]> {
    const { variables } = await this.client!.request("variables", { variablesReference: reference });
    const out: VariableView[] = [];
    for (const v of variables) {
      const view: VariableView = { name: v.name, type: v.type, value: v.value, reference: v.variablesReference };
      if (depth > 0 && v.variablesReference > 0) view.children = await this.variables(v.variablesReference, depth - 1);
      out.push(view);
    }
    return out;
  }

  async evaluate(expression: string, context: "watch" | "repl" | "hover", format?: P.ValueFormat): Promise<P.EvaluateResponse["body"]> {
    const client = this.requireLive();
    let frameId: number | undefined;
    if (this.state === "stopped") frameId = (await this.selectedFrame()).frame.id;
    const spelled = context === "repl" ? { expression } : (this.adapter.rewriteExpression?.(expression) ?? { expression });
    try {
      const body = await client.request("evaluate", {
        expression: spelled.expression,
        frameId,
        context: spelled.context ?? context,
        ...(format && this.capabilities.supportsValueFormattingOptions ? { format } : {}),
      });
      this.adapter.checkEvaluate?.(expression, body);
      return body;
    } catch (e) {
      if (e instanceof DebuggerError && e.code === "ADAPTER_ERROR") {
        throw new DebuggerError("EVALUATE_FAILED", `cannot evaluate '${expression}': ${e.message}`, "`debugger locals` lists the names in scope");
      }
      throw e;
    }
  }

  async frameViews(threadId: number, limit: number): Promise<FrameView[]> {
    const frames = await this.frames(threadId, limit);
    return frames.map((f, index) => ({ index, ...frameView(f) }));
  }

  // ---- shut-down ------------------------------------------------------------------------

  /** `stop` (terminate a launched program) or `detach` (leave it running). */
  async end(terminateDebuggee: boolean): Promise<void> {
    if (this.ended && !this.proc) return;
    const wasLive = this.live;
    this.ended = true;
    if (wasLive) this.state = "terminated";
    for (const w of this.waiters) w.reject(new DebuggerError("SESSION_ENDED", `session '${this.name}' was ${terminateDebuggee ? "stopped" : "detached"}`, "`debugger start` begins a new one"));
    this.waiters.clear();
    await this.shutdownAdapter(terminateDebuggee);
    this.onChange();
  }

  private async shutdownAdapter(terminateDebuggee: boolean): Promise<void> {
    const proc = this.proc;
    if (!proc || this.disconnecting) return;
    this.disconnecting = true;
    try {
      await proc.client.request("disconnect", { restart: false, terminateDebuggee }, 3000);
    } catch {}
    proc.closeInput();
    const gone = await Promise.race([proc.exited.then(() => true), Bun.sleep(1500).then(() => false)]);
    if (!gone) proc.kill("SIGKILL");
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
    this.breakpoints.resetHits();
    this.framesCache = undefined;
    this.lastReport = undefined;
    this.reportCursor = this.output.end;
    const waiter = this.nextStop();
    try {
      await this.connectAndConfigure();
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

const REASONS: Record<string, string> = {
  "function breakpoint": "breakpoint",
  "instruction breakpoint": "breakpoint",
  "data breakpoint": "watchpoint",
};

/**
 * The same stop reads the same whatever the adapter: lldb-dap reports a stop on entry and a pause
 * as `exception` "signal SIGSTOP", and real signals as `exception` "signal SIGSEGV".
 */
export function normaliseReason(reason: string, description: string | undefined, expecting: "entry" | "pause" | undefined, breakpointIds: number[] = []): string {
  // gdb (through cdt-gdb-adapter) names the signal itself as the reason: `SIGINT`.
  if (/^SIG[A-Z0-9]+$/.test(reason)) {
    description = `signal ${reason}`;
    reason = "signal";
  }
  // A stop on entry done with a temporary breakpoint at main (cdt-gdb-adapter) is still the entry stop.
  if (expecting === "entry" && reason === "breakpoint" && breakpointIds.length === 0) return "entry";
  const signal = /^signal\s+SIG/i.test(description ?? "");
  if (expecting && (reason === expecting || reason === "exception" || reason === "signal" || reason === "pause" || reason === "entry")) {
    if (reason === expecting || !signal || /SIGSTOP|SIGTRAP|SIGINT/.test(description ?? "")) return expecting;
  }
  if (reason === "exception" && signal) return "signal";
  // lldb-dap: reason "breakpoint", description "watchpoint 1".
  if (reason === "breakpoint" && /^watchpoint\b/i.test(description ?? "")) return "watchpoint";
  return REASONS[reason] ?? reason;
}

/** Rust symbols end in a hash (`basic::add::h1a2b…`) that only gets in the reader's way. */
export function functionName(name: string): string {
  return name.replace(/::h[0-9a-f]{16}$/, "");
}

function frameView(f: P.StackFrame): Omit<FrameView, "index"> {
  return { id: f.id, function: functionName(f.name), file: f.source?.path ?? f.source?.name, line: f.line || undefined, column: f.column || undefined };
}

export function breakpointView(b: Breakpoint): BreakpointView {
  return {
    id: b.id,
    kind: b.kind,
    location: b.location,
    file: b.resolvedFile ?? b.file,
    line: b.resolvedLine ?? b.line,
    function: b.function,
    address: b.address,
    verified: b.verified,
    message: b.message,
    condition: b.condition,
    hitCondition: b.hitCondition,
    logMessage: b.logMessage,
    temporary: b.temporary || undefined,
    accessType: b.accessType,
    description: b.description,
    enabled: b.enabled,
    hits: b.hits,
  };
}

function pickScopes(scopes: P.Scope[], which: "locals" | "arguments" | "all"): P.Scope[] {
  if (which === "all") return scopes.filter((s) => !s.expensive);
  const isArgs = (s: P.Scope) => s.presentationHint === "arguments" || /^arg/i.test(s.name);
  const isLocals = (s: P.Scope) => s.presentationHint === "locals" || /^locals?$/i.test(s.name);
  if (which === "arguments") return scopes.filter(isArgs);
  const locals = scopes.filter(isLocals);
  return locals.length ? locals : scopes.filter((s) => !s.expensive && !isArgs(s)).slice(0, 1);
}
