// A raw DAP client for the benchmarks: the least a program can do to drive an adapter over stdio
// (framing from src/dap/codec.ts, nothing else of this project). bench.ts compares the CLI with it.
//
//   bun scripts/rawDap.ts lldb PROGRAM FILE:LINE     one start → first stop, in ms
//   bun scripts/rawDap.ts python PROGRAM FILE:LINE
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
  private readonly proc: ReturnType<typeof Bun.spawn<"pipe", "pipe", "inherit" | "ignore">>;

  constructor(command: string[], env: Record<string, string | undefined> = process.env) {
    this.proc = Bun.spawn(command, { stdin: "pipe", stdout: "pipe", stderr: process.env.RAWDAP_STDERR ? "inherit" : "ignore", env });
    void this.read();
  }

  private async read(): Promise<void> {
    const decoder = new MessageDecoder();
    for await (const chunk of this.proc.stdout) {
      for (const m of decoder.push(chunk) as Message[]) {
        if (m.type === "response") {
          const p = this.pending.get(m.request_seq!);
          this.pending.delete(m.request_seq!);
          if (m.success) p?.resolve(m.body ?? {});
          else p?.reject(new Error(`${m.command}: ${m.message}`));
        } else if (m.type === "event") {
          const i = this.waiters.findIndex((w) => w.event === m.event);
          if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m.body ?? {});
        } else if (m.type === "request") {
          // debugpy asks nothing of a launch with internalConsole; answer anything else with success.
          this.write({ type: "response", seq: this.seq++, request_seq: m.seq, command: m.command, success: true, body: {} });
        }
      }
    }
    for (const p of this.pending.values()) p.reject(new Error("adapter exited"));
  }

  private write(m: unknown): void {
    this.proc.stdin.write(encodeMessage(m));
    this.proc.stdin.flush();
  }

  request(command: string, args?: unknown): Promise<Body> {
    const seq = this.seq++;
    const reply = new Promise<Body>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    this.write({ type: "request", seq, command, arguments: args });
    return reply;
  }

  /** Registered before the request that causes it, so it cannot be missed. */
  event(name: string): Promise<Body> {
    return new Promise((resolve) => this.waiters.push({ event: name, resolve }));
  }

  async close(): Promise<void> {
    await Promise.race([this.request("disconnect", { terminateDebuggee: true }).catch(() => {}), Bun.sleep(2000)]);
    this.proc.stdin.end();
    await Promise.race([this.proc.exited, Bun.sleep(2000)]);
    this.proc.kill();
  }
}

export type Kind = "lldb" | "python";

/** The launch arguments a minimal client sends for each adapter. */
function launchArgs(kind: Kind, program: string, cwd: string): Body {
  if (kind === "lldb") return { program, args: [], cwd, stopOnEntry: false };
  return { type: "python", request: "launch", program, args: [], cwd, console: "internalConsole", justMyCode: true, stopOnEntry: false };
}

/**
 * initialize → launch → initialized → setBreakpoints → configurationDone → stopped. Returns the
 * client, the stopped thread and the ms from spawning the adapter to the stop.
 */
export async function rawStart(kind: Kind, adapter: string[], program: string, file: string, line: number, cwd: string, env?: Record<string, string | undefined>): Promise<{ dap: RawDap; threadId: number; ms: number }> {
  const t = performance.now();
  const dap = new RawDap(adapter, env);
  await dap.request("initialize", { clientID: "raw", adapterID: kind === "lldb" ? "lldb-dap" : "debugpy", linesStartAt1: true, columnsStartAt1: true, pathFormat: "path" });
  const initialized = dap.event("initialized");
  const launched = dap.request("launch", launchArgs(kind, program, cwd));
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

if (import.meta.main) {
  const [kind, program, at] = process.argv.slice(2) as [Kind, string, string];
  const [file, line] = [at.slice(0, at.lastIndexOf(":")), Number(at.slice(at.lastIndexOf(":") + 1))];
  const adapter = kind === "lldb" ? [Bun.which("lldb-dap-19") ?? Bun.which("lldb-dap") ?? "lldb-dap"] : ["python3", "-m", "debugpy.adapter"];
  const { dap, threadId, ms } = await rawStart(kind, adapter, program, file, line, process.cwd());
  await rawReport(dap, threadId);
  console.log(`first stop after ${ms.toFixed(1)} ms; next with its report ${(await rawNext(dap, threadId)).toFixed(1)} ms`);
  await dap.close();
}
