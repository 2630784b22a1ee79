// An adapter that is a TCP server giving each debuggee its own DAP session (js-debug): the first
// connection only launches; the adapter then sends `startDebugging`, and the debuggee's session
// (threads, breakpoints, stops, values) lives on a NEW connection to the same server, opened with
// the configuration it sent. The daemon talks to one DapClient; this module routes its messages:
// initialize/launch/attach/disconnect to the launching connection, everything else to the
// debuggee's. The program itself is started here (the adapter's `runInTerminal`), so its output
// arrives as written, stdout and stderr apart, and its exit code is known (js-debug sends no
// `exited` event).
import { ownEnv } from "../common/callerEnv.ts";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { Socket } from "bun";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { encodeMessage, MessageDecoder } from "../dap/codec.ts";
import { DapClient } from "../dap/client.ts";
import { exitMessage, listening } from "./adapterExit.ts";
import { inspectStyle } from "./jsValues.ts";
import type { AdapterProcess, SpawnOptions } from "./connection.ts";
import { openStdioFifos, readOutput, spawnOnFifos } from "./stdioFifos.ts";

const TAIL_BYTES = 4096;
/** Seqs of the requests this module sends itself, apart from the daemon's (which count from 1). */
const OWN_SEQ_BASE = 1_000_000_000;
const TO_LAUNCHER = new Set(["initialize", "launch", "attach", "terminate", "restart"]);
const DISCONNECT_WAIT_MS = 1500;
const BIND_WAIT_MS = 1500;
const IN_FLIGHT_WAIT_MS = 1000;
/** js-debug numbers a debuggee's main thread 0; the daemon's thread ids are shown and typed by users, from 1. */
const THREAD_SHIFT = 1;
/**
 * Worker threads are numbered from 101: a session's own thread ids are js-debug's (a followed child
 * process's main thread is 1, shown 2), so a small number could be the main thread's.
 */
const WORKER_THREADS = 100;
/** Where a worker session's frame, variable and source ids start as the daemon sees them (js-debug's own count from 1). */
const WORKER_IDS = 1_500_000_000;
/** How long a pause may wait for JavaScript to run before an evaluation runs some (pause()). */
const PAUSE_WAKE_MS = 500;
/** What a Node event loop waits on, counted: `TCPServerWrap, PipeWrap ×2, Timeout`. */
const PENDING_EXPRESSION = `typeof process === "object" && typeof process.getActiveResourcesInfo === "function" ? Object.entries(process.getActiveResourcesInfo().reduce((c, r) => ((c[r] = (c[r] || 0) + 1), c), {})).map(([k, n]) => (n > 1 ? k + " ×" + n : k)).join(", ") : ""`;

/** Lines Node writes to the program's stderr when a debugger attaches or holds it at exit: not the program's. */
const NODE_NOTICES = [
  /^Debugger attached\.\r?\n/,
  /^Waiting for the debugger to disconnect\.\.\.\r?\n/,
  /^Debugger listening on ws:\/\/\S+\r?\n/,
  /^For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector\r?\n/,
];

/** Removes Node's debugger notices from stderr text; a partial line that may become one is held back. */
export class NoticeFilter {
  private held = "";
  push(text: string): string {
    let s = this.held + text;
    this.held = "";
    let out = "";
    while (s) {
      const nl = s.indexOf("\n");
      const line = nl < 0 ? s : s.slice(0, nl + 1);
      if (nl < 0) {
        // An unfinished line that starts like a notice waits for its end; anything else goes now.
        if (NOTICE_TEXTS.some((t) => t.startsWith(line) || line.startsWith(t))) this.held = line;
        else out += line;
        break;
      }
      if (!NODE_NOTICES.some((re) => re.test(line))) out += line;
      s = s.slice(nl + 1);
    }
    return out;
  }
  flush(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }
}

const NOTICE_TEXTS = [
  "Debugger attached.",
  "Waiting for the debugger to disconnect...",
  "Debugger listening on ws://",
  "For help, see: https://nodejs.org/en/docs/inspector",
];

/** One TCP connection to the server, with the requests this module sent on it. */
class Upstream {
  private sock: Socket<undefined> | undefined;
  private readonly decoder = new MessageDecoder();
  private readonly pendingWrites: Uint8Array[] = [];
  private readonly own = new Map<number, (r: P.Response) => void>();
  private seq = OWN_SEQ_BASE;
  initializedSeen = 0;
  /** Compiled files holding a first-line breakpoint of ours on this connection, and those breakpoints' ids. */
  readonly holders = new Set<string>();
  readonly holderIds = new Set<number>();
  /** This debuggee's breakpoint ids → the ids the daemon knows (a followed child's; else the same). */
  readonly ids = new Map<number, number>();
  /** It reported a stop to the daemon. */
  stopped = false;
  /** Paused now (a stop reported, no `continued` since). */
  paused = false;
  /** Stops reported so far. */
  stops = 0;
  /** A worker thread's debuggee (js-debug names it `[worker N]`), not a process: never followed. */
  worker = false;
  /** WORKERS_FIELD: our breakpoint where the runner starts the tests (testGate), its file and ids; hit, the filters are set. */
  gate: { path: string; ids: Set<number> } | undefined;
  /** A worker's thread as the daemon numbers it (its session's own thread is 0). */
  threadId = 0;

  constructor(
    readonly name: string,
    private readonly onMessage: (m: P.ProtocolMessage, from: Upstream) => void,
    private readonly onClose: (from: Upstream) => void,
  ) {}

  async open(host: string, port: number): Promise<void> {
    this.sock = await Bun.connect({
      hostname: host,
      port,
      socket: {
        data: (_s, chunk) => {
          let messages: unknown[];
          try {
            messages = this.decoder.push(chunk);
          } catch {
            return this.close();
          }
          for (const m of messages as P.ProtocolMessage[]) {
            if (m.type === "response" && this.own.has((m as P.Response).request_seq)) {
              const done = this.own.get((m as P.Response).request_seq)!;
              this.own.delete((m as P.Response).request_seq);
              done(m as P.Response);
            } else this.onMessage(m, this);
          }
        },
        drain: () => this.flush(),
        close: () => this.onClose(this),
        error: () => this.onClose(this),
      },
    });
    this.flush();
  }

  send(m: P.ProtocolMessage): void {
    this.pendingWrites.push(encodeMessage(m));
    this.flush();
  }

  /** A request of this module's own: its answer is not the daemon's. */
  request(command: string, args?: unknown): Promise<P.Response> {
    const seq = this.seq++;
    return new Promise((resolve) => {
      this.own.set(seq, resolve);
      this.send({ seq, type: "request", command, arguments: args } as P.Request);
    });
  }

  respond(req: P.Request, body: unknown, error?: string): void {
    this.send({
      seq: this.seq++,
      type: "response",
      request_seq: req.seq,
      command: req.command,
      success: !error,
      ...(error ? { message: error } : { body }),
    } as P.Response);
  }

  close(): void {
    try {
      this.sock?.end();
    } catch {}
  }

  private flush(): void {
    while (this.sock && this.pendingWrites.length) {
      const chunk = this.pendingWrites[0]!;
      const n = this.sock.write(chunk);
      if (n < chunk.length) {
        this.pendingWrites[0] = chunk.subarray(Math.max(n, 0));
        return;
      }
      this.pendingWrites.shift();
    }
  }
}

/** The program this module started for the adapter (runInTerminal). */
interface Program {
  pid: number;
  done: Promise<number>;
  /** Ends it (SIGTERM, then SIGKILL) and waits for its exit to be reported. */
  end(): Promise<void>;
  /** Its stdout and stderr read up to what it wrote so far (stdioFifos.ts); undefined where they are Bun's pipes. */
  settle?(maxMs: number): Promise<boolean>;
}

let spawned = 0;

/**
 * Starts the adapter server (`command` prints where it listens, matched by `pattern`) and returns
 * one DapClient for the daemon, routed as the header says.
 */
export interface SessionServerOptions {
  /**
   * The compiled files a source was compiled into (source maps), under the launch's roots: each
   * gets a breakpoint of ours at its first line, which holds the program there while the adapter
   * loads the map, so the source's breakpoints bind before its code runs (compiledSources.ts).
   * The stop is resumed unseen.
   */
  compiledFor?(source: string, roots: string[]): string[];
}

export async function spawnSessionServer(command: string[], pattern: RegExp, opts: SpawnOptions, server: SessionServerOptions = {}): Promise<AdapterProcess> {
  const id = `${process.pid}.s${++spawned}.${crypto.randomUUID().slice(0, 8)}`;
  const envMark = `DEBUGGER_ADAPTER_ID=${id}`;
  // The server runs in the caller's environment (connection.ts spawnProcess): what it finds is the caller's.
  const serverEnv = { ...(opts.baseEnv ?? ownEnv()), ...opts.env, DEBUGGER_ADAPTER_ID: id };
  const spawn = () => Bun.spawn(command, { cwd: opts.cwd, env: serverEnv, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let proc: ReturnType<typeof spawn>;
  try {
    proc = spawn();
  } catch (e) {
    throw new DebuggerError("ADAPTER_NOT_FOUND", `could not start adapter ${command[0]}: ${(e as Error).message}`, "`debugger doctor` checks the adapters");
  }
  let tail = "";
  let seen = "";
  let announce!: (a: { host: string; port: number }) => void;
  const announced = new Promise<{ host: string; port: number }>((resolve) => (announce = resolve));
  const dec = new TextDecoder();
  const pumpOut = (async () => {
    for await (const chunk of proc.stdout) {
      const text = dec.decode(chunk, { stream: true });
      seen = (seen + text).slice(-TAIL_BYTES);
      const m = pattern.exec(seen);
      if (m) announce({ host: m[1]!, port: Number(m[2]) });
    }
  })().catch(() => {});
  const errDec = new TextDecoder();
  const pumpErr = (async () => {
    for await (const chunk of proc.stderr) {
      const text = errDec.decode(chunk, { stream: true });
      tail = (tail + text).slice(-TAIL_BYTES);
      opts.onStderr?.(text);
    }
  })().catch(() => {});
  const { addr, procExit, kill } = await listening(proc, command, announced, [pumpOut, pumpErr], () => tail + seen);

  const router = new Router(addr, opts, envMark, server, () => tail);
  try {
    await router.start();
  } catch (e) {
    kill();
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `could not connect to the debug adapter at ${addr.host}:${addr.port}: ${(e as Error).message}`,
      "`debugger logs` shows its output",
    );
  }
  const exited = procExit.then((how) => {
    router.client.fail(exitMessage(how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`, tail));
    return how;
  });
  return {
    client: router.client,
    pid: proc.pid,
    envMark,
    // The program's environment is the launch's alone (runProgram): nothing of the server's to unset.
    inherited: [],
    exited,
    stderrTail: () => tail,
    // The server serves this session only: once the daemon is done with it, it goes too.
    closeInput: () => {
      router.close();
      kill("SIGTERM");
    },
    kill,
    settleOutput: (maxMs) => router.settleOutput(maxMs),
  };
}

/** A field of the launch arguments by which node.ts hands the router the --stdin file. */
export const STDIN_FIELD = "__debuggerStdin";
/**
 * A launch field saying the program is a test runner whose tests run in child processes (vitest's
 * forks): exception stops belong to those children only (the runner's own process throws and
 * catches hundreds of errors while it resolves modules: each would be a stop to judge), and each
 * new child is followed unless the one followed is paused (the runner starts one per test file).
 */
export const WORKERS_FIELD = "__debuggerTestWorkers";

class Router {
  readonly client: DapClient;
  private readonly sessionDecoder = new MessageDecoder();
  private launcher!: Upstream;
  /** The debuggee's session: where requests go once it exists. */
  private target: Upstream | undefined;
  private readonly others: Upstream[] = [];
  private program: Program | undefined;
  private ended = false;
  private finishing = false;
  /** The daemon's requests forwarded and not yet answered, and who waits for none to be left. */
  private readonly inFlight = new Set<number>();
  /** The source path of each setBreakpoints the daemon sent. */
  private readonly pathOf = new Map<number, string>();
  private drained: (() => void) | undefined;
  private closed = false;
  /** Where the launched program's compiled files may be (the launch's cwd and program directory). */
  private roots: string[] = [];
  /** The launched program (a test runner's CLI script under WORKERS_FIELD). */
  private launchProgram: string | undefined;
  /** The daemon's latest breakpoints per source path (merged with ours where both set the same file). */
  private readonly userBreakpoints = new Map<string, P.SourceBreakpoint[]>();
  /** The daemon's exception filters, replayed to a child that is followed. */
  private exceptionFilters: P.SetExceptionBreakpointsArguments | undefined;
  /** The ids the daemon was given for each source's breakpoints, in order. */
  private readonly daemonIds = new Map<string, number[]>();
  /** Answers to the daemon's requests that are changed on their way back (ours stripped). */
  private readonly rewrites = new Map<number, (r: P.Response) => void>();
  /** Attached (not launched): the program's code is already loaded. */
  private attached = false;
  /** The launch's --stdin file: the program's fd 0 when we start it. */
  private stdinFile: string | undefined;
  /** The launch's program arguments, as given (js-debug drops the empty ones from runInTerminal). */
  private programArgs: string[] = [];
  /** WORKERS_FIELD: the program is a test runner whose tests run in children. */
  private testWorkers = false;
  /** The daemon's breakpoints js-debug has not bound yet, and who waits for them all to be. */
  private readonly provisional = new Set<number>();
  private allBound: (() => void) | undefined;
  /** A pause under way (pause()), and what the stop it wakes should say. */
  private waking = false;
  private idleNote: string | undefined;
  /** Threads resumed after a stop at one of ours: their `continued` is not news. */
  private readonly resumed = new Set<number>();
  /**
   * Worker threads (`node:worker_threads`, js-debug's `[worker N]` sessions), shown as threads of
   * the program: each has the daemon's breakpoints and its own thread id; the frame, variable and
   * source ids of their sessions are renumbered apart from the main session's (WORKER_IDS up).
   */
  private readonly workers: Upstream[] = [];
  private workerThreads = 0;
  private readonly globalIds = new Map<number, { up: Upstream; id: number }>();
  private readonly localIds = new Map<Upstream, Map<number, number>>();
  private nextGlobalId = WORKER_IDS;

  constructor(
    private readonly addr: { host: string; port: number },
    private readonly opts: SpawnOptions,
    private readonly envMark: string,
    private readonly server: SessionServerOptions,
    private readonly stderrTail: () => string,
  ) {
    this.client = new DapClient(
      {
        write: (bytes) => {
          for (const m of this.sessionDecoder.push(bytes) as P.ProtocolMessage[]) this.fromDaemon(m);
        },
        close: () => this.close(),
      },
      opts,
    );
  }

  async start(): Promise<void> {
    this.launcher = new Upstream(
      "launcher",
      (m, from) => this.fromUpstream(m, from),
      () => this.upstreamClosed(),
    );
    await this.launcher.open(this.addr.host, this.addr.port);
  }

  close(): void {
    this.closed = true;
    for (const u of [this.target, ...this.others, this.launcher]) u?.close();
  }

  private toDaemon(m: P.ProtocolMessage): void {
    if (this.ended && m.type === "event") return;
    if (m.type === "response" && this.inFlight.delete((m as P.Response).request_seq) && !this.inFlight.size) this.drained?.();
    this.client.receive(encodeMessage(m));
  }

  private event(event: string, body: unknown): void {
    this.toDaemon({ seq: 0, type: "event", event, body } as P.Event);
  }

  private fromDaemon(m: P.ProtocolMessage): void {
    if (m.type !== "request") return; // no reverse request reaches the daemon
    const req = m as P.Request;
    // Told that this client opens sessions itself, js-debug asks with startDebugging (else it sends an event of its own).
    if (req.command === "initialize") req.arguments = { ...req.arguments, supportsStartDebuggingRequest: true };
    if (req.command === "disconnect") return void this.disconnect(req);
    if (req.command === "attach") this.attached = true;
    if (req.command === "launch") {
      const a = req.arguments as { cwd?: string; program?: string; [STDIN_FIELD]?: string };
      this.roots = [a.cwd, a.program ? dirname(a.program) : undefined].filter((r): r is string => !!r);
      this.launchProgram = a.program;
      // --stdin: ours to apply when we start the program (js-debug has no such option); not js-debug's to see.
      this.stdinFile = a[STDIN_FIELD];
      this.testWorkers = (a as Record<string, unknown>)[WORKERS_FIELD] === true;
      this.programArgs = Array.isArray((a as { args?: unknown }).args) ? (a as { args: unknown[] }).args.map(String) : [];
      req.arguments = Object.fromEntries(Object.entries(req.arguments as object).filter(([k]) => k !== STDIN_FIELD && k !== WORKERS_FIELD));
    }
    if (req.command === "setExceptionBreakpoints") {
      this.exceptionFilters = req.arguments as P.SetExceptionBreakpointsArguments;
      // The runner's own process: none (WORKERS_FIELD); its children get the daemon's (configureChild).
      if (this.testWorkers && this.target && !this.others.length) req.arguments = { filters: [] };
    }
    if (req.command === "setExceptionBreakpoints") for (const w of this.workers) void w.request("setExceptionBreakpoints", req.arguments);
    if (req.command === "setBreakpoints" && this.target) return this.setBreakpoints(req, this.target);
    if (req.command === "threads" && this.target && this.workers.length) return void this.threads(req, this.target);
    const worker = this.workerOf(req);
    if (req.command === "pause" && !worker && this.target && !this.target.paused && !this.waking) return void this.pause(req, this.target);
    const to = worker ?? (TO_LAUNCHER.has(req.command) || !this.target ? this.launcher : this.target);
    const args = req.arguments as { threadId?: unknown } | undefined;
    if (to !== this.launcher && typeof args?.threadId === "number") req.arguments = { ...args, threadId: worker ? 0 : args.threadId - THREAD_SHIFT };
    this.inFlight.add(req.seq);
    to.send(req);
  }

  /** The worker session a request is about (by its thread, frame, variables or source id), its ids made that session's. */
  private workerOf(req: P.Request): Upstream | undefined {
    if (!this.workers.length || !req.arguments) return undefined;
    const a = req.arguments as {
      threadId?: number;
      frameId?: number;
      variablesReference?: number;
      source?: { sourceReference?: number };
      sourceReference?: number;
    };
    if (typeof a.threadId === "number") return this.workers.find((w) => w.threadId === a.threadId);
    for (const key of ["frameId", "variablesReference", "sourceReference"] as const) {
      const g = this.globalIds.get(a[key] ?? -1);
      if (g) {
        req.arguments = { ...a, [key]: g.id };
        return g.up;
      }
    }
    const src = this.globalIds.get(a.source?.sourceReference ?? -1);
    if (src) {
      req.arguments = { ...a, source: { ...a.source, sourceReference: src.id } };
      return src.up;
    }
    return undefined;
  }

  /** A worker session's frame, variable or source id as the daemon sees it (a variable or source id 0 is none: it stays). */
  private globalId(up: Upstream, id: number | undefined, zeroIsNone = true): number | undefined {
    if (id === undefined || (zeroIsNone && id === 0)) return id;
    let local = this.localIds.get(up);
    if (!local) this.localIds.set(up, (local = new Map()));
    let g = local.get(id);
    if (g === undefined) {
      g = this.nextGlobalId++;
      local.set(id, g);
      this.globalIds.set(g, { up, id });
    }
    return g;
  }

  /** Renumbers the ids in a worker session's answer (see `workers`). */
  private fromWorker(up: Upstream, r: P.Response): void {
    // biome-ignore lint/suspicious/noExplicitAny: any response's body, its id fields rewritten by name
    const b = r.body as Record<string, any> | undefined;
    if (!b) return;
    const src = (s: P.Source | undefined) => {
      if (s?.sourceReference) s.sourceReference = this.globalId(up, s.sourceReference);
    };
    for (const f of (b.stackFrames ?? []) as P.StackFrame[]) {
      f.id = this.globalId(up, f.id, false)!;
      src(f.source);
    }
    for (const v of [...(b.scopes ?? []), ...(b.variables ?? []), b])
      if (typeof v.variablesReference === "number") v.variablesReference = this.globalId(up, v.variablesReference);
  }

  /** The threads of the program: the main session's, then one per live worker. */
  private async threads(req: P.Request, target: Upstream): Promise<void> {
    this.inFlight.add(req.seq);
    const answers = await Promise.all([target, ...this.workers].map((u) => Promise.race([u.request("threads"), Bun.sleep(2000).then(() => undefined)])));
    const threads: P.Thread[] = [];
    answers.forEach((r, i) => {
      const up = i === 0 ? target : this.workers[i - 1]!;
      for (const t of (r?.success ? (r.body as P.ThreadsResponse["body"]).threads : []) ?? [])
        threads.push({ id: i === 0 ? t.id + THREAD_SHIFT : up.threadId, name: t.name });
    });
    const main = answers[0];
    this.toDaemon({
      seq: 0,
      type: "response",
      request_seq: req.seq,
      command: req.command,
      success: main?.success ?? false,
      ...(main?.success ? { body: { threads } } : { message: main?.message ?? "no answer" }),
    } as P.Response);
  }

  /** A worker thread's session: the daemon's breakpoints and exception filters, then it runs. */
  private async configureWorker(w: Upstream): Promise<void> {
    w.threadId = WORKER_THREADS + ++this.workerThreads;
    this.workers.push(w);
    const sets: Promise<unknown>[] = [];
    for (const path of this.userBreakpoints.keys()) sets.push(this.workerBreakpoints(w, path));
    if (this.exceptionFilters) sets.push(w.request("setExceptionBreakpoints", this.exceptionFilters));
    await Promise.all(sets);
    await w.request("configurationDone");
    this.event("thread", { reason: "started", threadId: w.threadId });
  }

  /** The daemon's breakpoints of one source in a worker's session, its ids mapped to the daemon's by position. */
  private async workerBreakpoints(w: Upstream, path: string): Promise<void> {
    const list = this.userBreakpoints.get(path) ?? [];
    const r = await w.request("setBreakpoints", { source: { path }, breakpoints: list });
    const known = this.daemonIds.get(path) ?? [];
    ((r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? []).forEach((b, i) => {
      if (b.id !== undefined && known[i] !== undefined) w.ids.set(b.id, known[i]!);
    });
  }

  /**
   * A pause takes effect when JavaScript next runs: a program whose event loop waits (a server, a
   * timer) runs none, and the pause never came (measured: js-debug 1.112, the CLI waited for ever).
   * What the loop waits on is read first (an evaluation runs while it is idle); if no stop comes
   * within PAUSE_WAKE_MS, an empty evaluation runs the pause, and the stop says what was pending.
   */
  private async pause(req: P.Request, to: Upstream): Promise<void> {
    this.waking = true;
    try {
      const pending = await Promise.race([
        to.request("evaluate", { expression: PENDING_EXPRESSION, context: "repl" }),
        Bun.sleep(PAUSE_WAKE_MS).then(() => undefined),
      ]);
      const text = pending?.success ? String((pending.body as { result?: string }).result ?? "").replace(/^'(.*)'$/, "$1") : "";
      const args = req.arguments as { threadId?: unknown } | undefined;
      if (typeof args?.threadId === "number") req.arguments = { ...args, threadId: args.threadId - THREAD_SHIFT };
      this.inFlight.add(req.seq);
      const before = to.stops;
      to.send(req);
      await Bun.sleep(PAUSE_WAKE_MS);
      if (to.stops !== before || to.paused || this.ended) return;
      this.idleNote = `Paused while the event loop waited (no JavaScript was running)${text ? `; pending: ${text}` : ""}`;
      void to.request("evaluate", { expression: "void 0", context: "repl" });
    } finally {
      this.waking = false;
    }
  }

  /** The daemon's setBreakpoints, with our first-line holders added to compiled files (see SessionServerOptions). */
  private setBreakpoints(req: P.Request, to: Upstream): void {
    const args = req.arguments as P.SetBreakpointsArguments;
    const path = args.source.path;
    if (!path) return to.send(req);
    this.userBreakpoints.set(path, args.breakpoints ?? []);
    // They replace our gate (testGate) in that file: the filters it waited for go now.
    if (to.gate?.path === path) {
      to.gate = undefined;
      if (this.exceptionFilters) void to.request("setExceptionBreakpoints", this.exceptionFilters);
    }
    this.addHolders(path, to);
    const own = (args.breakpoints ?? []).length;
    this.pathOf.set(req.seq, path);
    this.rewrites.set(req.seq, (r) => {
      if (to.holders.has(path)) this.keepHolderIds(to, r, own);
      for (const b of (r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? [])
        if (b.id !== undefined && to.ids.has(b.id)) b.id = to.ids.get(b.id);
      // Ids a followed child gives to breakpoints set on it since are its own: the same to the daemon.
      this.daemonIds.set(
        path,
        ((r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? []).map((b) => b.id ?? -1),
      );
      for (const w of this.workers) void this.workerBreakpoints(w, path);
    });
    if (!to.holders.has(path)) return to.send(req);
    to.send({ ...req, arguments: { ...args, breakpoints: [...(args.breakpoints ?? []), { line: 1 }], lines: undefined } } as P.Request);
  }

  /** Our first-line breakpoints in the compiled files of `path` (see SessionServerOptions). */
  private addHolders(path: string, to: Upstream): void {
    if (!this.server.compiledFor || !this.userBreakpoints.get(path)?.length) return;
    for (const compiled of this.server.compiledFor(path, this.roots)) {
      if (compiled === path || to.holders.has(compiled)) continue;
      to.holders.add(compiled);
      const list = [...(this.userBreakpoints.get(compiled) ?? []), { line: 1 }];
      void to.request("setBreakpoints", { source: { path: compiled }, breakpoints: list }).then((r) => this.keepHolderIds(to, r, list.length - 1));
    }
  }

  /** Records the ids of our breakpoints (from index `from` of the answer) and leaves the daemon's. */
  private keepHolderIds(to: Upstream, r: P.Response, from: number): void {
    const list = (r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints;
    if (!list) return;
    for (const b of list.slice(from)) if (b.id !== undefined) to.holderIds.add(b.id);
    (r.body as P.SetBreakpointsResponse["body"]).breakpoints = list.slice(0, from);
  }

  /**
   * A child process's debuggee, while the one followed has not stopped yet (a wrapper such as tsx
   * or npx that runs the real program in a child): the daemon's breakpoints and exception filters
   * move to it, their ids mapped to the daemon's, and the one left behind runs on without them.
   * Otherwise (the program being debugged starts helpers) the child runs without the debugger's stops.
   */
  private async configureChild(child: Upstream): Promise<void> {
    const old = this.target;
    if (!old || (this.testWorkers ? old.paused : old.stopped)) return void child.request("configurationDone");
    this.target = child;
    this.others.splice(this.others.indexOf(child), 1);
    this.others.push(old);
    const sets: Promise<unknown>[] = [];
    for (const [path, list] of this.userBreakpoints) {
      if (!list.length) continue;
      const known = this.daemonIds.get(path) ?? [];
      sets.push(
        child.request("setBreakpoints", { source: { path }, breakpoints: list }).then((r) => {
          ((r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? []).forEach((b, i) => {
            if (b.id !== undefined && known[i] !== undefined) child.ids.set(b.id, known[i]!);
          });
        }),
      );
      this.addHolders(path, child);
    }
    // A test runner's worker: its filters must be set before a test's failing expect runs, but not
    // while it imports (Node's ESM resolver throws and catches two errors per bare import, ~240 in
    // a vitest worker, each a pause). It is held by a breakpoint of ours where the runner starts
    // the tests (testGate), after its imports: the filters are set there, then it runs on. Without
    // that place, they are set now (each import's errors then cost a pause, resumed by js-debug).
    const gate = this.exceptionFilters && this.testWorkers ? testGate(this.launchProgram) : undefined;
    if (gate && !this.userBreakpoints.get(gate.path)?.length) {
      sets.push(
        child.request("setBreakpoints", { source: { path: gate.path }, breakpoints: [{ line: gate.line }] }).then((r) => {
          const ids = ((r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? []).flatMap((b) => (b.id === undefined ? [] : [b.id]));
          if (r.success && ids.length) child.gate = { path: gate.path, ids: new Set(ids) };
        }),
      );
    }
    await Promise.all(sets);
    if (this.exceptionFilters && !child.gate) await child.request("setExceptionBreakpoints", this.exceptionFilters);
    await child.request("configurationDone");
    // The one left behind must not stop where nobody looks.
    for (const path of new Set([...this.userBreakpoints.keys(), ...old.holders])) void old.request("setBreakpoints", { source: { path }, breakpoints: [] });
    void old.request("setExceptionBreakpoints", { filters: [] });
  }

  /**
   * Disconnect goes to the debuggee's session and the launcher; once the program has ended the
   * launcher never answers (measured: js-debug 1.112), so the answer is ours after a short wait.
   */
  private async disconnect(req: P.Request): Promise<void> {
    const answer = (message?: string) =>
      this.toDaemon({ seq: 0, type: "response", request_seq: req.seq, command: req.command, success: true, ...(message ? { message } : {}) } as P.Response);
    const wait = this.ended ? 0 : DISCONNECT_WAIT_MS;
    const asked = [this.target, this.launcher].filter((u): u is Upstream => !!u).map((u) => u.request("disconnect", req.arguments));
    await Promise.race([Promise.all(asked), Bun.sleep(wait)]);
    // A program this module started ends with the session unless the daemon detaches from it.
    const args = req.arguments as P.DisconnectArguments | undefined;
    if (this.program && !this.ended && args?.terminateDebuggee !== false) await this.program.end();
    answer();
  }

  private fromUpstream(m: P.ProtocolMessage, from: Upstream): void {
    if (m.type === "request") return void this.reverse(m as P.Request, from);
    if (m.type === "response") {
      const r = m as P.Response;
      const rewrite = this.rewrites.get(r.request_seq);
      if (rewrite && from === this.target) {
        this.rewrites.delete(r.request_seq);
        rewrite(r);
      }
      if (from === this.target && r.command === "setBreakpoints") {
        const path = this.pathOf.get(r.request_seq);
        this.pathOf.delete(r.request_seq);
        for (const b of (r.body as P.SetBreakpointsResponse["body"] | undefined)?.breakpoints ?? []) {
          if (!b.verified && b.id !== undefined) this.provisional.add(b.id);
          // "Unbound" here means only that no loaded script has the line yet (js-debug binds when one
          // loads, later than the daemon's 2 s wait for a program started through tsx): in a file
          // that exists it is pending, as a native debugger's breakpoint in a library not loaded yet.
          if (!b.verified && b.message === "breakpoint.provisionalBreakpoint" && path && existsSync(path)) {
            b.verified = true;
            delete b.message;
          }
        }
      }
      // Attached to a running program, its code is loaded: js-debug binds the breakpoints a moment
      // after configurationDone. Answered once they are bound (or after a short wait), so the
      // reply does not warn of breakpoints that are about to stop it.
      if (from === this.target && r.command === "configurationDone" && this.attached && this.provisional.size) {
        void Promise.race([new Promise<void>((resolve) => (this.allBound = resolve)), Bun.sleep(BIND_WAIT_MS)]).then(() => this.toDaemon(r));
        return;
      }
      // A frame past an `await` (an async stack's caller) has no live variables: js-debug fails its
      // scopes, which made the frame impossible to select. It is selectable, with none; `print` says why.
      if (
        from !== this.launcher &&
        r.command === "scopes" &&
        !r.success &&
        /not available in async stacks/i.test(r.message ?? (r.body as { error?: { format?: string } } | undefined)?.error?.format ?? "")
      ) {
        Object.assign(r, { success: true, body: { scopes: [] } });
        delete r.message;
      }
      // js-debug hints its Closure scope as "arguments": it holds the enclosing scopes' variables, not the frame's arguments.
      if (from !== this.launcher && r.command === "scopes") {
        for (const sc of (r.body as P.ScopesResponse["body"] | undefined)?.scopes ?? [])
          if (sc.presentationHint === "arguments" && /^Closure\b/.test(sc.name)) delete sc.presentationHint;
      }
      // Values as util.inspect spaces them (jsValues.ts).
      if (from !== this.launcher && r.body) {
        const b = r.body as { variables?: { value: string }[]; result?: string; value?: string };
        if (r.command === "variables") for (const v of b.variables ?? []) v.value = inspectStyle(v.value);
        if (r.command === "evaluate" && typeof b.result === "string") b.result = inspectStyle(b.result);
        if ((r.command === "setVariable" || r.command === "setExpression") && typeof b.value === "string") b.value = inspectStyle(b.value);
      }
      // js-debug names a plain function called with the global object as `this` `global.main`;
      // Node's own stack traces (and the source) say `main`.
      if (from !== this.launcher && r.command === "stackTrace") {
        for (const f of (r.body as P.StackTraceResponse["body"] | undefined)?.stackFrames ?? []) f.name = f.name.replace(/^global\./, "");
      }
      if (from !== this.launcher && r.command === "threads") {
        for (const t of (r.body as P.ThreadsResponse["body"] | undefined)?.threads ?? []) t.id = from.worker ? from.threadId : t.id + THREAD_SHIFT;
      }
      if (from.worker) this.fromWorker(from, r);
      return this.toDaemon(m);
    }
    const e = m as P.Event;
    switch (e.event) {
      case "initialized":
        from.initializedSeen++;
        // The launcher starts the program only after its configurationDone; the daemon's
        // configuration belongs to the debuggee's session, whose first `initialized` it waits for
        // (js-debug sends a second one once attached: the first already holds the breakpoints).
        if (from === this.launcher) void from.request("configurationDone");
        else if (from === this.target && from.initializedSeen === 1) this.toDaemon(e);
        else if (from.initializedSeen === 1 && this.others.includes(from)) void (from.worker ? this.configureWorker(from) : this.configureChild(from));
        return;
      case "terminated":
        // The program's exit ends the session when this module started it (with its exit code).
        if (from === this.launcher && !this.program) void this.finish(undefined);
        // A worker thread that ended: no longer one of the program's threads.
        if (from.worker && this.workers.includes(from)) {
          this.workers.splice(this.workers.indexOf(from), 1);
          this.event("thread", { reason: "exited", threadId: from.threadId });
        }
        return;
      case "exited":
        if (!this.program) this.toDaemon(e);
        return;
      case "loadedSource":
        return;
      case "stopped": {
        const b = e.body as P.StoppedEvent["body"];
        const gate = from.gate;
        if (gate && b.threadId !== undefined && (b.hitBreakpointIds ?? []).some((id) => gate.ids.has(id))) {
          // The runner starts its tests: the filters first, acknowledged, then on it goes (a child
          // no longer followed, without them).
          from.gate = undefined;
          this.resumed.add(b.threadId);
          const threadId = b.threadId;
          const followed = from === this.target;
          void (async () => {
            if (followed && this.exceptionFilters) await from.request("setExceptionBreakpoints", this.exceptionFilters);
            await from.request("setBreakpoints", { source: { path: gate.path }, breakpoints: followed ? (this.userBreakpoints.get(gate.path) ?? []) : [] });
            await from.request("continue", { threadId });
          })();
          return;
        }
        if (from !== this.target && !this.workers.includes(from)) return;
        const ours = (b.hitBreakpointIds ?? []).filter((id) => from.holderIds.has(id));
        if (ours.length && ours.length === b.hitBreakpointIds!.length && b.threadId !== undefined) {
          // Held at a compiled file's first line while its source map loaded: on it goes.
          this.resumed.add(b.threadId);
          void from.request("continue", { threadId: b.threadId });
          return;
        }
        b.hitBreakpointIds = b.hitBreakpointIds?.filter((id) => !from.holderIds.has(id)).map((id) => from.ids.get(id) ?? id);
        from.stopped = true;
        from.paused = true;
        from.stops++;
        if (this.idleNote && b.reason === "pause") b.description = this.idleNote;
        this.idleNote = undefined;
        // A breakpoint that stops is bound, though js-debug may say so only later (after an attach).
        for (const id of b.hitBreakpointIds ?? []) {
          if (!this.provisional.delete(id)) continue;
          this.event("breakpoint", { reason: "changed", breakpoint: { id, verified: true } });
          if (!this.provisional.size) this.allBound?.();
        }
        break;
      }
      case "continued": {
        const t = (e.body as P.ContinuedEvent["body"]).threadId;
        if (this.resumed.delete(t)) return;
        from.paused = false;
        break;
      }
      case "breakpoint": {
        const bp = (e.body as P.BreakpointEvent["body"]).breakpoint;
        // The main session's word on a breakpoint is the daemon's; a worker's may differ (its code is another script set).
        if (from.worker) return;
        if (from.holderIds.has(bp.id ?? -1)) return;
        if (bp.id !== undefined && from.ids.has(bp.id)) e.body = { ...(e.body as object), breakpoint: { ...bp, id: from.ids.get(bp.id) } };
        if (bp.verified && bp.id !== undefined && this.provisional.delete(bp.id) && !this.provisional.size) this.allBound?.();
        break;
      }
      case "output": {
        // The program's own stdout and stderr come from its pipes here; js-debug repeats what the
        // console API wrote (formatted its way): dropped.
        const category = (e.body as P.OutputEvent["body"]).category;
        if (this.program && (category === "stdout" || category === "stderr")) return;
        return this.toDaemon(e);
      }
    }
    const body = e.body as { threadId?: unknown } | undefined;
    if (from !== this.launcher && typeof body?.threadId === "number")
      e.body = { ...body, threadId: from.worker ? from.threadId : body.threadId + THREAD_SHIFT };
    // A worker's own `thread` events are ours to send (configureWorker, terminated).
    if (from === this.launcher || from === this.target || (this.workers.includes(from) && e.event !== "thread")) this.toDaemon(e);
  }

  private async reverse(req: P.Request, from: Upstream): Promise<void> {
    this.opts.trace?.("in", { ...req, from: from.name });
    switch (req.command) {
      case "runInTerminal":
        try {
          from.respond(req, { processId: this.runProgram(req.arguments as P.RunInTerminalRequestArguments) });
        } catch (e) {
          from.respond(req, undefined, (e as Error).message);
        }
        return;
      case "startDebugging": {
        from.respond(req, {});
        const args = req.arguments as P.StartDebuggingRequestArguments;
        const child = new Upstream(
          `target ${this.others.length + (this.target ? 1 : 0)}`,
          (m, f) => this.fromUpstream(m, f),
          () => {},
        );
        child.worker = /^\[worker \d+\]$/.test(String(args.configuration.name ?? ""));
        const first = !this.target;
        // The first debuggee is the session's; later ones (child processes): see configureChild.
        if (first) this.target = child;
        else this.others.push(child);
        try {
          await child.open(this.addr.host, this.addr.port);
          await child.request("initialize", initializeFor(args.configuration));
          // A later one is configured at its first `initialized` (configureChild).
          const r = await child.request(args.request, args.configuration);
          if (!r.success && first)
            this.event("output", { category: "stderr", output: `the debug adapter could not open the program's session: ${r.message ?? "failed"}\n` });
        } catch {}
        return;
      }
      default:
        from.respond(req, undefined, `reverse request '${req.command}' is not supported by this client`);
    }
  }

  /** Resolves once the program's output so far has been sent as events (at most `maxMs`); true if exactly so. */
  settleOutput(maxMs: number): Promise<boolean> {
    return this.program?.settle?.(maxMs) ?? Promise.resolve(false);
  }

  /** Starts the program as the adapter asks (its command and environment), output captured. */
  private runProgram(args: P.RunInTerminalRequestArguments): number {
    // js-debug's `env` is the launch's (the caller's whole environment, then --env: adapterLink.ts)
    // plus its own NODE_OPTIONS: nothing of the daemon's is added.
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(args.env ?? {})) {
      if (v === null || v === undefined) delete env[k];
      else env[k] = v;
    }
    const [key, value] = [this.envMark.slice(0, this.envMark.indexOf("=")), this.envMark.slice(this.envMark.indexOf("=") + 1)];
    env[key] = value;
    // Named pipes for its stdout and stderr, as a shell's pipe gives a plain run (Bun's "pipe" is a
    // socket pair); Bun's where they cannot be made.
    const fifos = openStdioFifos();
    const child = spawnOnFifos(fifos, (outputs) =>
      Bun.spawn(withEmptyArgs(args.args, this.programArgs), {
        cwd: args.cwd || undefined,
        env,
        stdin: (this.stdinFile ? Bun.file(this.stdinFile) : "ignore") as "ignore",
        ...outputs,
      }),
    );
    const filter = new NoticeFilter();
    const pump = async (category: "stdout" | "stderr") => {
      await readOutput(fifos, category, child[category], (text) => {
        const own = category === "stderr" ? filter.push(text) : text;
        if (own) this.event("output", { category, output: own });
      });
      const rest = category === "stderr" ? filter.flush() : "";
      if (rest) this.event("output", { category, output: rest });
    };
    const pumps = Promise.all([pump("stdout").catch(() => {}), pump("stderr").catch(() => {})]);
    void pumps.finally(() => fifos?.close());
    const done = child.exited.then(async (code) => {
      await Promise.race([pumps, Bun.sleep(1000)]);
      const signal = child.signalCode == null ? undefined : String(child.signalCode);
      // A death by a signal as the negative signal number (node.ts exitSignal tells it as the
      // signal): 128 + N would be an exit code a program can also give.
      const exitCode = signal ? -((constants.signals as Record<string, number>)[signal] ?? 0) : code;
      void this.finish(exitCode);
      return exitCode;
    });
    const end = async () => {
      child.kill("SIGTERM");
      if (await Promise.race([done.then(() => true), Bun.sleep(1000).then(() => false)])) return;
      child.kill("SIGKILL");
      await Promise.race([done, Bun.sleep(1000)]);
    };
    this.program = { pid: child.pid, done, end, ...(fifos ? { settle: fifos.settled } : {}) };
    this.event("process", { name: args.args.join(" "), systemProcessId: child.pid, isLocalProcess: true, startMethod: "launch" });
    return child.pid;
  }

  /**
   * The end, once the daemon's requests in flight are answered: a `continue` that lets the program
   * die at once (an exception) is answered after the exit, and the daemon ends the adapter at
   * `terminated` — the answer would be lost and the command fail (seen under load).
   */
  private async finish(exitCode: number | undefined): Promise<void> {
    if (this.finishing) return;
    this.finishing = true;
    if (this.inFlight.size) await Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), Bun.sleep(IN_FLIGHT_WAIT_MS)]);
    if (exitCode !== undefined) this.event("exited", { exitCode });
    this.event("terminated", {});
    this.ended = true;
  }

  private upstreamClosed(): void {
    if (this.closed) return;
    // The launcher's connection dropping without the server's exit: the session cannot go on.
    // Its reason is on its stderr (js-debug: "Could not connect to debug target at …").
    const said = this.stderrTail()
      .trim()
      .split("\n")
      .filter((l) => /error/i.test(l))
      .at(-1);
    this.client.fail(
      new DebuggerError(
        "ADAPTER_EXITED",
        `the debug adapter closed the connection${said ? `: ${said.trim()}` : ""}`,
        "the session is over: `debugger start` begins a new one; `debugger logs` has its output",
      ),
    );
  }
}

/**
 * The command line js-debug asks for, with the program's empty arguments put back: it leaves them
 * out (`a "" b` became `a b`). Its command ends with the launch's arguments less the empty ones.
 */
export function withEmptyArgs(argv: string[], given: string[]): string[] {
  const kept = given.filter((a) => a !== "");
  if (kept.length === given.length || argv.length < kept.length) return argv;
  const tail = argv.slice(argv.length - kept.length);
  if (!tail.every((a, i) => a === kept[i])) return argv;
  return [...argv.slice(0, argv.length - kept.length), ...given];
}

/** The initialize arguments for a debuggee's own session (the adapter's type as its id). */
function initializeFor(config: Record<string, unknown>): P.InitializeRequestArguments {
  return {
    clientID: "debugger-cli",
    clientName: "debugger",
    adapterID: typeof config.type === "string" ? config.type : "pwa-node",
    locale: "en-US",
    linesStartAt1: true,
    columnsStartAt1: true,
    pathFormat: "path",
    supportsVariableType: true,
    supportsRunInTerminalRequest: true,
    supportsStartDebuggingRequest: true,
  };
}

/**
 * Where a test runner's worker starts running its tests, after its own imports: the first line of
 * `startTests` in @vitest/runner (its public entry), found in the package beside the launched CLI
 * script (node_modules/vitest/vitest.mjs, by its real path). Undefined where it is not found.
 */
export function testGate(program: string | undefined): { path: string; line: number } | undefined {
  if (!program) return undefined;
  let real = program;
  try {
    // Node loads a package by its real path (pnpm links node_modules/vitest into its store, beside its dependencies).
    real = realpathSync(program);
  } catch {}
  const pkg = dirname(real);
  for (const dist of [join(pkg, "node_modules", "@vitest", "runner", "dist"), join(dirname(pkg), "@vitest", "runner", "dist")]) {
    let names: string[];
    try {
      names = readdirSync(dist).filter((n) => n.endsWith(".js"));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(dist, name);
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue;
      }
      const at = text.search(/^async function startTests\(/m);
      if (at < 0) continue;
      // The line after the declaration: the body's first statement, where the call stops.
      return { path, line: text.slice(0, at).split("\n").length + 1 };
    }
  }
  return undefined;
}
