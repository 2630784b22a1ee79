// A raw DAP client for the benchmarks: the least a program can do to drive an adapter over stdio
// (or, for Delve, over the TCP port it prints; framing from src/dap/codec.ts, nothing else of
// this project). bench.ts compares the CLI with it.
//
//   bun scripts/rawDap.ts lldb PROGRAM FILE:LINE     one start → first stop, in ms
//   bun scripts/rawDap.ts python PROGRAM FILE:LINE
//   bun scripts/rawDap.ts go PROGRAM FILE:LINE       a Go binary (exec mode) or sources (debug mode)
//   bun scripts/rawDap.ts run python PROGRAM FILE:LINE EXPR   a whole run: stop, evaluate, continue, exit
//   RAWDAP_TIMELINE=1 …                              each request and event, ms since the spawn
import { statSync } from "node:fs";
import { encodeMessage, MessageDecoder } from "../src/dap/codec.ts";

type Body = Record<string, any>;
interface Message {
  type: "request" | "response" | "event";
  seq: number;
  command?: string;
  event?: string;
  request_seq?: number;
  success?: boolean;
  message?: string;
  body?: Body;
}

export class RawDap {
  private seq = 1;
  private readonly pending = new Map<number, { resolve: (b: Body) => void; reject: (e: Error) => void }>();
  private readonly waiters: { event: string; resolve: (b: Body) => void }[] = [];
  private readonly proc: ReturnType<typeof Bun.spawn<"pipe", "pipe", "pipe" | "inherit" | "ignore">>;
  private sendBytes: (bytes: Uint8Array) => void = () => {};
  private readonly t0 = performance.now();
  /** Resolves once the client can send (at once over stdio; after connecting over TCP). */
  readonly ready: Promise<void>;

  /** `listen`: the adapter prints the TCP address it listens on (Delve); else stdio. */
  constructor(command: string[], env: Record<string, string | undefined> = process.env, opts: { listen?: RegExp; cwd?: string } = {}) {
    const { listen } = opts;
    this.proc = Bun.spawn(command, {
      cwd: opts.cwd,
      stdin: "pipe",
      stdout: "pipe",
      stderr: process.env.RAWDAP_STDERR ? "inherit" : listen ? "pipe" : "ignore",
      env,
    });
    if (!listen) {
      this.sendBytes = (bytes) => {
        this.proc.stdin.write(bytes);
        this.proc.stdin.flush();
      };
      this.ready = Promise.resolve();
      void this.read(this.proc.stdout);
      return;
    }
    const decoder = new MessageDecoder();
    const proc = this.proc;
    this.ready = (async () => {
      let seen = "";
      const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
      let m: RegExpExecArray | null = null;
      while (!(m = listen.exec(seen))) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`adapter exited before it listened: ${seen}`);
        seen += new TextDecoder().decode(value);
      }
      void (async () => {
        while (!(await reader.read()).done); // the debuggee's output: drained, unread
      })();
      if (proc.stderr instanceof ReadableStream) void new Response(proc.stderr).text();
      const socket = await Bun.connect({
        hostname: m[1]!,
        port: Number(m[2]),
        socket: { data: (_s, chunk) => this.dispatch(decoder.push(chunk) as Message[]), close: () => this.fail() },
      });
      socket.setNoDelay(true);
      this.sendBytes = (bytes) => void socket.write(bytes);
    })();
  }

  private async read(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new MessageDecoder();
    for await (const chunk of stream) this.dispatch(decoder.push(chunk) as Message[]);
    this.fail();
  }

  private fail(): void {
    for (const p of this.pending.values()) p.reject(new Error("adapter exited"));
  }

  private mark(what: string): void {
    if (process.env.RAWDAP_TIMELINE) console.error(`${(performance.now() - this.t0).toFixed(1).padStart(8)} ms  ${what}`);
  }

  private dispatch(messages: Message[]): void {
    for (const m of messages) {
      if (m.type === "response") {
        this.mark(`<- ${m.command} response`);
        const p = this.pending.get(m.request_seq!);
        this.pending.delete(m.request_seq!);
        if (m.success) p?.resolve(m.body ?? {});
        else p?.reject(new Error(`${m.command}: ${m.message}`));
      } else if (m.type === "event") {
        this.mark(`<- ${m.event} event`);
        const i = this.waiters.findIndex((w) => w.event === m.event);
        if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m.body ?? {});
      } else if (m.type === "request") {
        // debugpy asks nothing of a launch with internalConsole; answer anything else with success.
        this.write({ type: "response", seq: this.seq++, request_seq: m.seq, command: m.command, success: true, body: {} });
      }
    }
  }

  private write(m: unknown): void {
    this.sendBytes(encodeMessage(m));
  }

  request(command: string, args?: unknown): Promise<Body> {
    const seq = this.seq++;
    this.mark(`-> ${command}`);
    const reply = new Promise<Body>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    this.write({ type: "request", seq, command, arguments: args });
    return reply;
  }

  /** Registered before the request that causes it, so it cannot be missed. */
  event(name: string): Promise<Body> {
    return new Promise((resolve) => this.waiters.push({ event: name, resolve }));
  }

  /** Disconnect, then end the adapter without waiting for it (a client that has its answer and exits). */
  async quickClose(): Promise<void> {
    await Promise.race([this.request("disconnect", { terminateDebuggee: true }).catch(() => {}), Bun.sleep(2000)]);
    this.proc.kill();
    await Promise.race([this.proc.exited, Bun.sleep(1000)]); // reaped, not left a zombie of a long bench
  }

  async close(): Promise<void> {
    await Promise.race([this.request("disconnect", { terminateDebuggee: true }).catch(() => {}), Bun.sleep(2000)]);
    try {
      this.proc.stdin.end();
    } catch {}
    await Promise.race([this.proc.exited, Bun.sleep(2000)]);
    this.proc.kill();
  }
}

export type Kind = "lldb" | "python" | "gdb" | "go";

/** Delve's "DAP server listening at: 127.0.0.1:PORT". */
export const DELVE_LISTEN = /DAP server listening at:\s*\[?([\w.:-]+?)\]?:(\d+)/;

/** A .go file or a package directory: Delve's debug mode builds it (from Delve's cwd, the module). */
export function goSource(program: string): boolean {
  return program.endsWith(".go") || statSync(program).isDirectory();
}

const ADAPTER_ID: Record<Kind, string> = { lldb: "lldb-dap", python: "debugpy", gdb: "gdb", go: "go" };

/** The launch arguments a minimal client sends for each adapter. */
function launchArgs(kind: Kind, program: string, cwd: string, adapter: string[]): Body {
  if (kind === "lldb") return { program, args: [], cwd, stopOnEntry: false };
  // cdt-gdb-adapter (gdb < 14) needs gdb's path; gdb's own DAP takes the program alone.
  if (kind === "gdb") return adapter.includes("-i=dap") ? { program, args: [], cwd } : { program, cwd, gdb: Bun.which("gdb") ?? "gdb", gdbArguments: ["-q"] };
  if (kind === "go") {
    return goSource(program) ? { mode: "debug", program, cwd, output: `${cwd}/raw-debug-bin-${process.pid}` } : { mode: "exec", program, cwd };
  }
  return { type: "python", request: "launch", program, args: [], cwd, console: "internalConsole", justMyCode: true, stopOnEntry: false };
}

/**
 * initialize → launch → initialized → setBreakpoints → configurationDone → stopped. Returns the
 * client, the stopped thread and the ms from spawning the adapter to the stop.
 */
export async function rawStart(
  kind: Kind,
  adapter: string[],
  program: string,
  file: string,
  line: number,
  cwd: string,
  env?: Record<string, string | undefined>,
  opts: { spawnCwd?: string; launch?: Body } = {},
): Promise<{ dap: RawDap; threadId: number; ms: number }> {
  const t = performance.now();
  const dap = new RawDap(
    adapter,
    env,
    kind === "go" ? { listen: DELVE_LISTEN, cwd: opts.spawnCwd ?? (goSource(program) && statSync(program).isDirectory() ? program : undefined) } : {},
  );
  await dap.ready;
  await dap.request("initialize", { clientID: "raw", adapterID: ADAPTER_ID[kind], linesStartAt1: true, columnsStartAt1: true, pathFormat: "path" });
  const initialized = dap.event("initialized");
  const launched = dap.request("launch", { ...launchArgs(kind, program, cwd, adapter), ...opts.launch });
  await initialized;
  await dap.request("setBreakpoints", { source: { path: file }, breakpoints: [{ line }] });
  const stopped = dap.event("stopped");
  await dap.request("configurationDone");
  await launched;
  const { threadId } = await stopped;
  return { dap, threadId, ms: performance.now() - t };
}

/** What a stop report needs: the frames, the top frame's scopes and its first scope's variables. */
export async function rawReport(dap: RawDap, threadId: number): Promise<void> {
  const { stackFrames } = await dap.request("stackTrace", { threadId, levels: 20 });
  const { scopes } = await dap.request("scopes", { frameId: stackFrames[0].id });
  await dap.request("variables", { variablesReference: scopes[0].variablesReference });
}

/** next → stopped → stackTrace → scopes → variables, in ms. */
export async function rawNext(dap: RawDap, threadId: number): Promise<number> {
  const t = performance.now();
  const stopped = dap.event("stopped");
  await dap.request("next", { threadId });
  await stopped;
  await rawReport(dap, threadId);
  return performance.now() - t;
}

/**
 * A whole `run` as a raw client does it: the start, one stop, one evaluate, continue, the exit.
 * Resolves once the adapter reports the program's exit code.
 */
export async function rawRun(
  kind: Kind,
  adapter: string[],
  program: string,
  file: string,
  line: number,
  expression: string,
  env?: Record<string, string | undefined>,
): Promise<string> {
  const { dap, threadId } = await rawStart(kind, adapter, program, file, line, process.cwd(), env);
  const { stackFrames } = await dap.request("stackTrace", { threadId, levels: 20 });
  const { result } = await dap.request("evaluate", { expression, frameId: stackFrames[0].id, context: "watch" });
  const exited = dap.event("exited");
  await dap.request("continue", { threadId });
  const { exitCode } = await exited;
  await dap.quickClose();
  return `${expression} = ${result}; exit code ${exitCode}`;
}

if (import.meta.main && process.argv[2] === "run") {
  // bun scripts/rawDap.ts run python PROGRAM FILE:LINE EXPR: the floor of `debugger run PROGRAM --break FILE:LINE --print EXPR`
  // (debugpy with the TCP_NODELAY bootstrap alone, as the benchmark's other raw rows; RAWDAP_BOOTSTRAP=full below).
  const [kind, program, at, expression] = process.argv.slice(3) as [Kind, string, string, string];
  const [file, line] = [at.slice(0, at.lastIndexOf(":")), Number(at.slice(at.lastIndexOf(":") + 1))];
  const { debugpy } = await import("../src/adapters/debugpy.ts");
  const { withNoDelay } = await import("../src/adapters/pythonNoDelay.ts");
  const python = debugpy.discover({ options: {} });
  if (kind !== "python" || !python) throw new Error("run: python only, with a python3 that has debugpy");
  // RAWDAP_BOOTSTRAP=full: with the whole bootstrap the daemon gives debugpy (its start, stop and exit trims).
  const env = { ...process.env, PYTHONPATH: withNoDelay(process.env.PYTHONPATH, process.env, process.env.RAWDAP_BOOTSTRAP !== "full") };
  console.log(await rawRun(kind, python.command, program, file, line, expression, env));
  // The answer is in: exit now, not when the killed adapter's inherited pipes close.
  process.exit(0);
} else if (import.meta.main) {
  const [kind, program, at] = process.argv.slice(2) as [Kind, string, string];
  const [file, line] = [at.slice(0, at.lastIndexOf(":")), Number(at.slice(at.lastIndexOf(":") + 1))];
  const adapter =
    kind === "lldb"
      ? [Bun.which("lldb-dap-19") ?? Bun.which("lldb-dap") ?? "lldb-dap"]
      : kind === "go"
        ? [Bun.which("dlv") ?? "dlv", "dap", "--listen=127.0.0.1:0"]
        : kind === "gdb"
          ? (process.argv[5] ?? "").split(" ").filter(Boolean)
          : ["python3", "-m", "debugpy.adapter"];
  const { dap, threadId, ms } = await rawStart(kind, adapter, program, file, line, process.cwd());
  await rawReport(dap, threadId);
  console.log(`first stop after ${ms.toFixed(1)} ms; next with its report ${(await rawNext(dap, threadId)).toFixed(1)} ms`);
  await dap.close();
}
