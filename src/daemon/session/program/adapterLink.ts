// The session's link to its debug adapter: a process spawned (or a warm spare taken, or a
// `--connect` adapter reached), the DAP start-up sequence (initialize, launch or attach,
// configurationDone: DESIGN §3 rule 4), the adapter's exit, the launched program's processes when
// the adapter dies without ending them, and the disconnect at the end.
import { existsSync, statSync } from "node:fs";
import { attachDenial, launchDenial, type PtraceState } from "../../../common/ptrace.ts";
import { deadHelper, helpersOf, realProgram, type Helper } from "./helperWatch.ts";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { connectAdapter, type AdapterProcess, type Transport } from "../../../adapters/connection.ts";
import { pathRewriter, placeRelay, probeTarget, toRemote, viaCommand, type Via } from "../../../adapters/via.ts";
import type { AdapterSpec, CoreArgs, FoundAdapter, LaunchOptions } from "../../../adapters/types.ts";
import { redactEnv } from "../../../common/callerEnv.ts";
import { adapterStartTimeoutMs, requestTimeoutMs, type Config } from "../../../common/config.ts";
import { DebuggerError } from "../../../common/errors.ts";
import type { Location } from "../../../common/location.ts";
import { log } from "../../../common/log.ts";
import type { DapClient } from "../../../dap/client.ts";
import type { BreakpointOptions } from "../breakpoints/breakpointRegistry.ts";
import { tailLines } from "../../../common/tail.ts";
import { initializeArguments, keyOf, type WarmPool } from "./warmPool.ts";
import type { LaunchPlan, TakenLaunch } from "./launchAhead.ts";
import { descendants, dying, endProcesses, running, withEnvironment, zombieEnd, type ProcessId } from "./processTree.ts";
import type { ProgramOutput } from "./programOutput.ts";

/** The wait for `initialized` from an adapter that builds while it launches: a cold `go test` build of a large package on a busy machine. */
const LAUNCH_BUILD_TIMEOUT_MS = 10 * 60_000;
/** How long a killed program may take to become a zombie before its end is told (~50 ms a GiB to free). */
const DYING_MS = 5000;
/** How long after ending a launched program's processes the daemon looks for them once more. */
const LATE_SWEEP_MS = 150;

export interface StartOptions extends Omit<LaunchOptions, "breakpointFiles" | "inherited"> {
  /** --env: set on top of the caller's environment (callerEnv), or alone with clearEnv. */
  env: Record<string, string>;
  /** --clear-env: the program starts from an empty environment, then --env. */
  clearEnv?: boolean;
  mode: "launch" | "attach";
  pid?: number;
  /** A core dump of `program`, opened instead of running it. */
  core?: string;
  /** Talk to an adapter already listening there instead of starting one. */
  connect?: { host: string; port: number };
  /** Start the adapter inside a target through this command (`--via`), with paths mapped. */
  via?: Via;
  breakpoints: { text: string; loc: Location; opts?: BreakpointOptions }[];
}

export interface LinkHost {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly config: Config;
  readonly warm: WarmPool | undefined;
  readonly output: ProgramOutput;
  /** Subscribes the session to a new client's events. */
  listen(client: DapClient): void;
  /** The adapter process is gone; `expected` when the daemon had disconnected it. */
  adapterExited(how: { code: number | null; signal: string | null }, expected: boolean, stderrTail: string): void;
}

/** What the start-up sequence needs from the session between `launch` and `configurationDone`. */
export interface OpenHooks {
  /** Files with line breakpoints (debugpy turns justMyCode off for library files). */
  breakpointFiles: string[];
  /** Breakpoints and exception filters, sent once the adapter is `initialized`. */
  configure(): Promise<void>;
}

export class AdapterLink {
  private proc: AdapterProcess | undefined;
  private opts: StartOptions | undefined;
  found: FoundAdapter | undefined;
  /** The adapter program (for `sessions` and orphan checks). */
  path: string | undefined;
  /** This start took a warm spare adapter. */
  warmStart = false;
  /** This start's adapter had to begin in a given directory or with a given stdin: a spare would not have served it. */
  private pinnedCwd = false;
  /** This start's launch, to be made ahead once the session ends (launchAhead.ts); undefined: not one that can be. */
  private plan: LaunchPlan | undefined;
  capabilities: P.Capabilities = {};
  /** What the --via target allows a tracer (read there before the adapter starts). */
  private targetPtrace: PtraceState | undefined;
  /** Processes the adapter started for a launched program: ended if the adapter dies without doing it. */
  private debuggees: ProcessId[] = [];
  /**
   * Disconnect sent: the adapter's exit is expected and its output dropped — except while
   * `listening` (Delve's last words, sent only in answer to disconnect, carry the exit code).
   */
  private closing: "no" | "quiet" | "listening" = "no";

  constructor(private readonly host: LinkHost) {}

  get client(): DapClient | undefined {
    return this.proc?.client;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get open(): boolean {
    return !!this.proc;
  }

  /** Output still belongs to the session (not after a disconnect, but for the adapter's last words). */
  accepting(): boolean {
    return this.closing !== "quiet";
  }

  get disconnecting(): boolean {
    return this.closing !== "no";
  }

  /**
   * Starts the adapter and runs the start-up sequence up to the answer to launch or attach. Returns
   * whether the adapter will report no first stop by itself (a core dump under cdt-gdb-adapter) and
   * where this start's output begins.
   */
  async connect(opts: StartOptions, hooks: OpenHooks): Promise<{ noStopEvent: boolean; outputMark: number }> {
    const { adapter, config, output } = this.host;
    this.opts = opts;
    this.closing = "no";
    this.debuggees = [];
    this.found = undefined;
    this.targetPtrace = undefined;
    let command: string[] = [];
    let env: Record<string, string> | undefined;
    let targetEnv: Record<string, string> | undefined;
    let target: LaunchOptions["target"];
    // --connect to the program itself (Node's inspector): the adapter is ours, as without it.
    const dapConnect = adapter.connectsToProgram ? undefined : opts.connect;
    if (adapter.connectsToProgram && opts.connect && opts.mode === "launch")
      throw new DebuggerError(
        "USAGE",
        `--connect with ${adapter.name} names a running program's inspector: that is \`attach --connect\`, not start`,
        `\`debugger attach --connect ${opts.connect.host}:${opts.connect.port} --adapter ${adapter.name}\``,
      );
    if (opts.via) {
      const remote = adapter.remote;
      if (!remote)
        throw new DebuggerError(
          "UNSUPPORTED",
          `--via: ${adapter.name} cannot run in a target${adapter.name === "gdb" ? " (cdt-gdb-adapter is a Node program: it would need node and its own files there)" : ""}`,
          "lldb-dap (C, C++, Rust: `--adapter lldb-dap`), debugpy (Python) and Delve (Go) run through --via",
        );
      // Looked up in the target, never here: the target's adapter debugs the target's program.
      const facts = probeTarget(opts.via.argv, remote.names, opts.callerEnv);
      if (!facts.path)
        throw new DebuggerError(
          "ADAPTER_NOT_FOUND",
          `--via: ${adapter.name} was not found in the target (looked for ${remote.names.join(", ")})`,
          `install it there: ${adapter.installHint}`,
        );
      // Not refused here without CAP_SYS_PTRACE: docker's default profile lets a debugger trace its own
      // child without it (kernel ≥ 4.8). A refused launch is explained from these facts (startError).
      this.targetPtrace = { capSysPtrace: facts.capSysPtrace, seccompFilter: facts.seccompFilter };
      targetEnv = facts.env;
      target = { seccompFilter: facts.seccompFilter };
      // An adapter that only listens on TCP runs under the relay there: DAP still goes over the pipe,
      // to the target's own loopback (never its network address).
      const relay = remote.relay
        ? [
            await placeRelay(opts.via.argv, opts.callerEnv),
            "__relay",
            "--cwd",
            toRemote(adapter.spawnCwd?.({ ...opts, env: {}, breakpointFiles: [] }) ?? opts.cwd, opts.via.maps),
            "--",
          ]
        : [];
      this.found = {
        path: facts.path,
        command: viaCommand(opts.via.argv, [...relay, ...remote.command(facts.path)]),
        variant: `via ${opts.via.argv.join(" ")}`,
      };
      this.path = facts.path;
      command = this.found.command;
    } else if (!dapConnect) {
      const found = adapter.discover({ options: opts.options, env: opts.callerEnv });
      this.found = found ?? undefined;
      if (!found) throw new DebuggerError("ADAPTER_NOT_FOUND", `${adapter.name} is not installed or not on PATH`, adapter.installHint);
      this.path = found.path;
      command = found.command;
      env = found.env;
    }
    const core = opts.core ? this.coreArgs(opts, opts.core) : undefined;
    if (core?.command) command = core.command;
    // The program's environment: the caller's (none with --clear-env), then --env (README "environment").
    // Through --via the program's world is the target's: its environment (as the via command's processes get it), then --env.
    const baseEnv = targetEnv ?? opts.callerEnv;
    const launch: LaunchOptions = {
      ...opts,
      env: { ...(opts.clearEnv ? {} : baseEnv), ...opts.env },
      breakpointFiles: hooks.breakpointFiles,
      found: this.found,
      ...(target ? { target } : {}),
    };
    // The daemon's pty and named pipes are on this machine, out of the target's reach.
    const here = !opts.connect && !opts.via;
    if (opts.mode === "launch" && here && adapter.quirks.programTerminal) launch.terminal = output.openTerminal();
    if (opts.mode === "launch" && here && !opts.core && adapter.quirks.programPipes?.(this.found)) launch.pipes = output.openPipes();
    const outputMark = output.mark();
    const transport: Transport = dapConnect ? { kind: "tcp-connect", ...dapConnect } : opts.via ? { kind: "stdio" } : adapter.transport;
    // Environment values (the caller's, which may hold secrets) never reach the log: their names do.
    const trace = (dir: "in" | "out", m: unknown) => log("debug", `[${this.host.name}] ${dir === "in" ? "<-" : "->"} ${JSON.stringify(redactEnv(m))}`);
    const onStderr = (text: string) => {
      if (!this.disconnecting) log("info", `[${this.host.name}] adapter stderr: ${text.trimEnd()}`);
    };
    // Sources the daemon builds itself (Delve: Go, cached across starts), so the adapter need not.
    if (opts.mode === "launch" && here && !core && adapter.prebuild) {
      const built = await adapter.prebuild(launch, (text) => log("info", `[${this.host.name}] build: ${text}`));
      if (built) {
        launch.built = built.binary;
        log("info", `[${this.host.name}] build: ${built.cached ? "cached" : "built"} ${built.binary} (${Math.round(built.ms)} ms)`);
      }
    }
    const spawnCwd = adapter.spawnCwd?.(launch);
    // An adapter whose program inherits its stdin is spawned with the --stdin file: a spare has /dev/null.
    const stdinFile = opts.mode === "launch" && !opts.connect && !core && adapter.quirks.programInheritsAdapterStdin ? opts.stdin : undefined;
    this.pinnedCwd = spawnCwd !== undefined || stdinFile !== undefined;
    this.plan = opts.mode === "launch" && here && !core && !this.pinnedCwd && !launch.terminal && !launch.pipes ? this.launchPlan(launch) : undefined;
    // The same launch made ahead when the last session of it ended: straight to its breakpoints.
    const ahead = this.plan && this.found && this.host.warm ? await this.host.warm.ahead.take(adapter, keyOf(adapter, this.found), this.plan) : undefined;
    // A warm spare of this adapter, spawned and initialized before: straight to launch.
    const spare =
      !ahead && this.found && !opts.via && this.host.warm && !core?.command && !this.pinnedCwd
        ? await this.host.warm.takeAnswering(adapter, this.found)
        : undefined;
    this.warmStart = !!spare || !!ahead;
    // Delve writes the debuggee's output to its own stdout/stderr, not as DAP output events.
    // Through --via the relay sends that output as DAP output events.
    const onProgramOutput =
      adapter.quirks.adapterOutputIsProgramOutput && !opts.via
        ? (text: string, stream: "stdout" | "stderr") => output.fromAdapterStream(stream, text)
        : undefined;
    let proc: AdapterProcess;
    if (ahead) {
      ahead.sink.stderr = onStderr;
      ahead.sink.trace = trace;
      if (onProgramOutput) ahead.sink.programOutput = onProgramOutput;
      proc = ahead.proc;
    } else if (spare) {
      spare.sink.stderr = onStderr;
      spare.sink.trace = trace;
      if (onProgramOutput) spare.sink.programOutput = onProgramOutput;
      proc = spare.proc;
    } else {
      proc = await connectAdapter(transport, command, {
        // Through --via these directories are the target's: the command itself runs here.
        cwd: opts.via ? (existsSync(spawnCwd ?? opts.cwd) ? (spawnCwd ?? opts.cwd) : "/") : (spawnCwd ?? opts.cwd),
        // The adapter runs in the caller's environment: what it finds and builds (Delve's go build, gdb's init files) is the caller's.
        baseEnv: opts.callerEnv,
        env,
        timeoutMs: requestTimeoutMs(config),
        trace,
        ...(opts.via ? { rewrite: pathRewriter(opts.via.maps) } : {}),
        onStderr,
        onProgramOutput,
        ...(stdinFile ? { stdinFile } : {}),
      });
    }
    this.proc = proc;
    this.host.listen(proc.client);
    if (ahead) this.replay(ahead, onProgramOutput);
    // A program whose stdout and stderr the adapter process carries apart from its stops (Delve's
    // own, the program js-debug's session server starts): stops wait for them.
    output.followAdapter(opts.mode === "launch" && here && !core ? proc.settleOutput : undefined);
    // What the program would inherit from this adapter (launchArgs unsets what it must not see),
    // and the adapter's mark, by which its processes are found if the adapter dies (README "environment").
    // Through --via the adapter's environment is the target's, which launch.env already holds whole.
    Object.assign(launch, opts.via ? { inherited: [] } : withAdapter(launch, proc));
    proc.exited.then((how) => {
      if (proc !== this.proc) return;
      output.closeTerminal();
      this.host.adapterExited(how, this.disconnecting, proc.stderrTail());
    });

    const client = proc.client;
    const startTimeout = adapterStartTimeoutMs(config);
    try {
      this.capabilities = ahead
        ? ahead.capabilities
        : spare
          ? spare.capabilities
          : ((await client.request("initialize", initializeArguments(adapter.name), startTimeout)) ?? {});
    } catch (e) {
      // An adapter that dies before it answers initialize never started: exit 4, as a missing one.
      if (e instanceof DebuggerError && e.code === "ADAPTER_EXITED") {
        // A write can fail (EPIPE) before the exit is seen: the exit status says more.
        const how = await Promise.race([proc.exited, Bun.sleep(500).then(() => undefined)]);
        const said = how ? (how.signal ? `it was killed by ${how.signal}` : `it exited with code ${how.code}`) : e.message;
        const tail = proc.stderrTail().trim();
        // In a target, an adapter that cannot start is one to install there (debugpy's module missing).
        if (opts.via && /No module named|not found|No such file/i.test(tail))
          throw new DebuggerError(
            "ADAPTER_NOT_FOUND",
            `--via: ${adapter.name} could not start in the target: ${tail.split("\n").at(-1)}`,
            `install it there: ${adapter.installHint.replace(/; or name an interpreter.*$/, "")}; \`debugger doctor --via '…'\` shows what the target has`,
          );
        throw new DebuggerError(
          "ADAPTER_START_FAILED",
          `${adapter.name} could not start: ${said} before answering initialize${tail ? `\n${tail}` : ""}`,
          `check its command (${command.join(" ")}); \`debugger doctor ${adapter.name}\` tries it`,
        );
      }
      throw e;
    }

    // Launch is sent without awaiting: some adapters answer it only after configurationDone.
    const building = opts.mode === "launch" && !core && adapter.quirks.buildsWhileLaunching;
    const initialized = ahead
      ? Promise.resolve()
      : client.waitForEvent("initialized", building ? Math.max(startTimeout, LAUNCH_BUILD_TIMEOUT_MS) : startTimeout);
    initialized.catch(() => {}); // read by the race below; a launch that fails first leaves it unread
    const args = ahead
      ? undefined
      : core
        ? core.args
        : opts.mode === "launch"
          ? adapter.launchArgs(launch)
          : adapter.attachArgs({
              pid: opts.pid,
              program: opts.program || undefined,
              remote: !!dapConnect,
              ...(opts.connect && !dapConnect ? { connect: opts.connect } : {}),
              options: opts.options,
              found: this.found,
              callerEnv: opts.callerEnv,
            });
    const startRequest = ahead ? ahead.reply : client.request(core?.request ?? opts.mode, args, 0);
    const failed = startRequest.then(
      () => new Promise<never>(() => {}),
      (e: Error) => Promise.reject(e),
    );
    try {
      await Promise.race([initialized, failed]);
    } catch (e) {
      throw this.startError(e as Error, outputMark);
    }
    await hooks.configure();
    if (this.capabilities.supportsConfigurationDoneRequest !== false && !core?.noStopEvent) {
      // gdb runs the program here: a program that cannot start (a refused ptrace) fails this request.
      try {
        await client.request("configurationDone", undefined);
      } catch (e) {
        throw this.startError(e as Error, outputMark);
      }
    }
    try {
      await Promise.race([startRequest, timeoutError(startTimeout, `the adapter did not answer '${opts.mode}'`)]);
    } catch (e) {
      throw this.startError(e as Error, outputMark);
    }
    this.relaunch = this.plan;
    return { noStopEvent: !!core?.noStopEvent, outputMark };
  }

  /** The launch of a session that started: made ahead again once the session ends. */
  private relaunch: LaunchPlan | undefined;

  /**
   * This launch as a launch made ahead would be made and compared: its arguments against a given
   * adapter process (its environment and mark), and the stamp of what it reads (the adapter's, and
   * the working directory's identity, not its mtime: a directory removed and made again is another,
   * one whose files change is not).
   */
  private launchPlan(launch: LaunchOptions): LaunchPlan | undefined {
    const adapter = this.host.adapter;
    const own = adapter.launchAhead;
    if (!own || !this.host.warm) return undefined;
    const base: LaunchOptions = { ...launch, env: { ...launch.env } };
    return {
      program: launch.program,
      stamp: () => {
        const stamp = own.stamp(base);
        return stamp === undefined ? undefined : `${dirIdentity(base.cwd)}\0${stamp}`;
      },
      argsFor: (proc) => adapter.launchArgs({ ...base, ...withAdapter(base, proc) }),
    };
  }

  /** What a launch made ahead sent while it waited, to the session now listening. */
  private replay(ahead: TakenLaunch, onProgramOutput: ((text: string, stream: "stdout" | "stderr") => void) | undefined): void {
    for (const [text, stream] of ahead.output) onProgramOutput?.(text, stream);
    for (const e of ahead.events) ahead.proc.client.deliver(e);
  }

  /**
   * Once the session's launch has ended, the same launch is made ahead for the next start (the
   * end's reply has gone out; a start that comes while it is on its way waits for it).
   */
  private launchAgain(): void {
    const plan = this.relaunch;
    const found = this.found;
    const warm = this.host.warm;
    this.relaunch = undefined;
    if (!plan || !found || !warm) return;
    const adapter = this.host.adapter;
    setTimeout(() => void warm.ahead.launch(adapter, found, keyOf(adapter, found), plan), 0).unref?.();
  }

  /**
   * The next start of this kind takes a spare made in the background — after this start has
   * reached its first stop (`after`), so the two do not compete for the CPU (measured: they did).
   */
  prepareSpare(after: Promise<unknown>): void {
    const found = this.found;
    const warm = this.host.warm;
    // A start that could not take a spare (Delve building a test package) makes none either.
    if (!found || !warm || this.pinnedCwd || this.opts?.via) return;
    const prepare = () => setTimeout(() => warm.prepare(this.host.adapter, found), 250).unref?.();
    void after.then(prepare, prepare);
  }

  /** A launched program's processes, so they can be ended if the adapter dies without ending them. */
  recordDebuggees(programPid: number | undefined): void {
    // A program in a --via target is in another pid namespace or host: its pids mean nothing here.
    if (this.opts?.mode !== "launch" || this.opts.connect || this.opts.via || !this.proc?.pid) return;
    this.debuggees = descendants(this.proc.pid, programPid);
    if (process.platform === "linux") this.helpers = helpersOf(this.proc.pid, this.debuggees, programPid, realProgram(this.opts.program));
  }

  /** The processes between the adapter and the launched program (lldb-server, gdb, debugpy's launcher). */
  helpers: Helper[] = [];

  /** A helper that died while the program it ran may live on. */
  lostHelper(): Helper | undefined {
    return deadHelper(this.helpers);
  }

  /** The recorded processes that are the program's own, not the helpers between it and the adapter. */
  private programProcesses(): ProcessId[] {
    const helpers = new Set(this.helpers.map((h) => h.pid));
    return this.debuggees.filter((p) => !helpers.has(p.pid));
  }

  /** The signal that killed a recorded program process its tracer has not yet reaped (a zombie), if any. */
  killedDebuggee(): number | undefined {
    for (const p of this.programProcesses()) {
      const end = zombieEnd(p);
      if (end && "signal" in end) return end.signal;
    }
    return undefined;
  }

  /** Whether a recorded program process is on its way out (killed, not yet a zombie): see processTree.dying. */
  dyingDebuggee(): boolean {
    return this.programProcesses().some(dying);
  }

  /** Waits (at most `ms`) until no recorded program process is on its way out: its end is then in /proc. */
  async untilDied(ms = DYING_MS): Promise<void> {
    for (let waited = 0; waited < ms && this.dyingDebuggee(); waited += 10) await Bun.sleep(10);
  }

  /** Whether every recorded process of the launched program is gone (Linux, where they are recorded). */
  private programEnded(): boolean {
    const program = process.platform === "linux" ? this.programProcesses() : [];
    return program.length > 0 && !program.some(running);
  }

  get tracksDebuggees(): boolean {
    return this.debuggees.length > 0;
  }

  /** Ends the launched program's processes that are still the ones recorded; returns their pids. */
  endDebuggees(): number[] | undefined {
    if (this.opts?.mode !== "launch" || this.opts.connect || this.opts.via) return undefined;
    // The tree recorded after launch misses a program started after it (or an adapter killed
    // before launch was answered); the adapter's mark in the environment finds those too.
    // The adapter of now: a `restart` replaces this.proc before the second look below.
    const proc = this.proc;
    const marked = markedBy(proc);
    const known = [...this.debuggees, ...marked.filter((m) => !this.debuggees.some((d) => d.pid === m.pid))];
    const ended = endProcesses(known);
    this.debuggees = [];
    // A helper ended as it started the program (debugpy's launcher between its fork and the
    // program's exec, seen once in a full run) leaves a child this look missed: look once more,
    // for that adapter's mark.
    this.lateSweep ??= Bun.sleep(LATE_SWEEP_MS).then(() => {
      endProcesses(markedBy(proc));
      this.lateSweep = undefined;
    });
    return ended.length ? ended : undefined;
  }

  /** The look after endDebuggees, while one is due. */
  private lateSweep: Promise<void> | undefined;

  /** Resolves once the look after endDebuggees (if one is due) is done. */
  async swept(): Promise<void> {
    await this.lateSweep;
  }

  /**
   * Disconnects and waits for the adapter to go (killing it if it hangs). `listen`: keep its output
   * until it is gone. Returns the pids the daemon had to end itself (undefined when the adapter did it).
   */
  async shutdown(terminateDebuggee: boolean, listen = false, onDisconnected?: () => void): Promise<number[] | undefined> {
    const proc = this.proc;
    if (!proc || this.disconnecting) return undefined;
    this.closing = listen ? "listening" : "quiet";
    if (terminateDebuggee) this.launchAgain();
    try {
      try {
        await proc.client.request("disconnect", { restart: false, terminateDebuggee }, 3000);
      } catch {}
      onDisconnected?.();
      proc.closeInput();
      const gone = Promise.race([proc.exited.then(() => true), Bun.sleep(1500).then(() => false)]);
      // The adapter ended the program it launched: nothing more is owed by it. Its own exit goes on
      // without the caller (lldb-dap 19 aborts after a clean disconnect, 50–250 ms later).
      if (terminateDebuggee && !listen && this.programEnded()) {
        void gone.then((exited) => exited || proc.kill("SIGKILL"));
        return undefined;
      }
      if (!(await gone)) {
        // A hung adapter never ended the program: do it here (a launched one only), before the
        // adapter is killed — its death lets gdb or lldb-server end the program first, and then
        // who ended it (and whether the reply can name the pids) is a race.
        const ended = terminateDebuggee ? this.endDebuggees() : undefined;
        proc.kill("SIGKILL");
        return ended;
      }
      return undefined;
    } finally {
      if (this.closing === "listening") this.closing = "quiet";
    }
  }

  /** Waits (up to ms) for the adapter process to be gone, then forgets it (a restart starts another). */
  async forget(ms: number): Promise<void> {
    const old = this.proc;
    if (old) await Promise.race([old.exited, Bun.sleep(ms)]);
    this.proc = undefined;
    // Its helpers and program are the old launch's: a helper of it found dead must not end the next.
    this.helpers = [];
    this.debuggees = [];
  }

  kill(): void {
    this.proc?.kill("SIGKILL");
  }

  private coreArgs(opts: StartOptions, file: string): CoreArgs {
    const core = this.host.adapter.coreArgs?.({ program: opts.program, core: file, cwd: opts.cwd, found: this.found, callerEnv: opts.callerEnv });
    if (!core)
      throw new DebuggerError(
        "UNSUPPORTED",
        `${this.found?.version ?? this.host.adapter.name} cannot open core dumps`,
        "lldb-dap opens native cores (leave out --adapter)",
      );
    return core;
  }

  private startError(e: Error, outputFrom: number): DebuggerError {
    if (e instanceof DebuggerError && (e.code === "ADAPTER_EXITED" || e.code === "TIMEOUT")) return e;
    const what = this.opts?.mode === "attach" ? "attach" : "launch";
    // Adapters often explain a failure in output events, not in the error: Delve answers "Build
    // error: Check the debug console for details" after sending the compiler's message as stderr.
    const said = tailLines(this.host.output.since(outputFrom, ["stderr", "console"]), 20).trim();
    // A refused ptrace (another tracer, Yama, a missing CAP_SYS_PTRACE, seccomp): its cause and fix, not a guess at the path.
    const pid = this.opts?.pid;
    const denied =
      what === "attach"
        ? pid && !this.opts?.connect
          ? this.opts?.via
            ? attachDenial(pid, this.targetPtrace ?? { capSysPtrace: false, seccompFilter: false }, {})
            : attachDenial(pid)
          : undefined
        : launchDenial(`${e.message}\n${said}`, this.opts?.via ? this.targetPtrace : undefined);
    // A build the adapter ran (Delve's `mode: debug`) failed: the compiler's messages are the news, not the path or -g.
    const build =
      what === "launch" && /\bbuild error\b/i.test(e.message)
        ? said
          ? "fix the build: the compiler's messages are above"
          : "fix the build: `go build` in the program's directory shows the compiler's messages"
        : undefined;
    // The debugger could not make a thread or a process: a resource limit, not the program (lldb
    // under `ulimit -v 400000` says "failed to launch host thread"; a fork says EAGAIN/ENOMEM).
    const limit = /failed to launch host thread|\b(EAGAIN|ENOMEM)\b|Cannot allocate memory|Resource temporarily unavailable/i.test(`${e.message}\n${said}`)
      ? "the debugger could not create a thread or process: a limit is too low for it (`ulimit -v` address space, `ulimit -u` processes, a container's memory or pids.max); raise it, then `debugger daemon stop` so the daemon starts again under the new limit"
      : undefined;
    return new DebuggerError(
      what === "attach" ? "ATTACH_FAILED" : "LAUNCH_FAILED",
      `${what} failed: ${e.message}${said ? `\n${said}` : ""}`,
      denied ??
        build ??
        limit ??
        (what === "attach"
          ? "check the pid and that you may trace it (ptrace permission; `debugger doctor`)"
          : "check the program path and that it is built with debug info (-g)"),
    );
  }
}

function timeoutError(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new DebuggerError("TIMEOUT", `${what} within ${ms / 1000} s`, "`debugger logs` shows the adapter's messages")), ms),
  );
}

/** The processes that carry an adapter's mark in their environment, but the adapter. */
function markedBy(proc: AdapterProcess | undefined) {
  return proc?.envMark ? withEnvironment(proc.envMark).filter((p) => p.pid !== proc.pid) : [];
}

/** The launch options as they are for a given adapter process: what the program would inherit from it, and its mark. */
function withAdapter(launch: LaunchOptions, proc: AdapterProcess): Pick<LaunchOptions, "inherited" | "env"> {
  if (!proc.envMark) return { inherited: proc.inherited, env: launch.env };
  const [k, v] = proc.envMark.split("=") as [string, string];
  return { inherited: proc.inherited, env: { ...launch.env, [k]: v } };
}

/** A directory's device and inode ("-" where it cannot be read). */
function dirIdentity(path: string): string {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}`;
  } catch {
    return "-";
  }
}
