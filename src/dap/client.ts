// DAP client: request/response correlation with per-request timeouts, event listeners and
// reverse-request handlers over any byte transport (a child's stdio or a TCP socket).
import { AsyncLocalStorage } from "node:async_hooks";
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { DebuggerError } from "../common/errors.ts";
import { encodeMessage, MessageDecoder } from "./codec.ts";
import type { DapRequestMap } from "./types.ts";

/**
 * How long the requests made within `answerTimeoutMs.run(ms, …)` may wait for the adapter (0: no
 * limit), in place of the client's default: `print --timeout`, `eval --timeout`, `raw --timeout`.
 * Scoped to the call, so another session's or call's requests keep their own.
 */
export const answerTimeoutMs = new AsyncLocalStorage<number>();

export interface Transport {
  write(bytes: Uint8Array): void;
  /** Called once when the peer goes away (process exit or socket close). */
  close(): void;
}

export type EventListener = (event: P.Event) => void;
// biome-ignore lint/suspicious/noExplicitAny: each reverse request has its own arguments type, narrowed by its handler
export type ReverseHandler = (args: any) => Promise<unknown> | unknown;

interface Pending {
  command: string;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve: (response: P.Response) => void;
  reject: (error: Error) => void;
}

export interface ClientOptions {
  /** Default per-request timeout in ms. */
  timeoutMs?: number;
  /** Called with every message in and out, for the debug log. */
  trace?: (direction: "in" | "out", message: unknown) => void;
  /** Rewrites each message on its way out and in (`--via`: file paths between the target and here). */
  rewrite?: { out(message: unknown): unknown; in(message: unknown): unknown };
}

/** Requests that only read the stopped program's state: they cannot move a thread or run its code. */
const READS = new Set(["stackTrace", "scopes", "variables", "threads", "source", "loadedSources", "modules", "exceptionInfo"]);

export class DapClient {
  private seq = 1;
  /**
   * Counts requests that may change what the program's stacks are (an evaluate can call a
   * function that stops at a breakpoint, a console command can step): what was read before a
   * change is stale after it.
   */
  changes = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly anyListeners = new Set<EventListener>();
  private readonly reverseHandlers = new Map<string, ReverseHandler>();
  private readonly decoder = new MessageDecoder();
  private closedError: Error | undefined;
  /** Event waiters, failed with the adapter: a dead adapter sends no event. */
  private readonly eventWaiters = new Set<(error: Error) => void>();
  private readonly timeoutMs: number;

  constructor(
    private readonly transport: Transport,
    private readonly options: ClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  get closed(): boolean {
    return this.closedError !== undefined;
  }

  /** Feed bytes from the adapter. A framing error is fatal for the connection. */
  receive(chunk: Uint8Array): void {
    let messages: unknown[];
    try {
      messages = this.decoder.push(chunk);
    } catch (e) {
      this.fail(
        new DebuggerError(
          "ADAPTER_ERROR",
          `adapter sent a malformed message: ${(e as Error).message}`,
          "the session is over: `debugger start` begins a new one; `debugger logs` has the adapter's messages",
        ),
      );
      this.transport.close();
      return;
    }
    for (const m of messages) {
      // Valid JSON that is not a message object (null, 7, []) is a protocol violation: dropped.
      if (typeof m === "object" && m !== null && !Array.isArray(m)) this.dispatch(m as P.ProtocolMessage);
      else this.options.trace?.("in", m);
    }
  }

  /** The adapter went away: reject everything pending with this error. */
  fail(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const [, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(error);
    }
    this.pending.clear();
    // Killed between answering `launch` and sending `initialized`, lldb-dap left a start waiting
    // the whole start-up timeout for an event that could not come (then TIMEOUT, not ADAPTER_EXITED).
    for (const waiter of [...this.eventWaiters]) waiter(error);
    this.eventWaiters.clear();
  }

  on(event: string, listener: EventListener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set!.delete(listener);
  }

  onAny(listener: EventListener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  /** Hands an event to the listeners as if it had just arrived (events a launch made ahead kept for its session). */
  deliver(e: P.Event): void {
    for (const l of this.listeners.get(e.event) ?? []) l(e);
    for (const l of this.anyListeners) l(e);
  }

  /** Resolves with the next event of that name (optionally matching a predicate). */
  waitForEvent<E extends P.Event = P.Event>(event: string, timeoutMs: number, match?: (e: E) => boolean): Promise<E> {
    if (this.closedError) return Promise.reject(this.closedError);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        off();
        this.eventWaiters.delete(gone);
      };
      const gone = (error: Error) => {
        done();
        reject(error);
      };
      const timer = setTimeout(() => {
        done();
        reject(new DebuggerError("TIMEOUT", `adapter sent no '${event}' event within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const off = this.on(event, (e) => {
        if (match && !match(e as E)) return;
        done();
        resolve(e as E);
      });
      this.eventWaiters.add(gone);
    });
  }

  handleReverse(command: string, handler: ReverseHandler): void {
    this.reverseHandlers.set(command, handler);
  }

  request<C extends keyof DapRequestMap>(command: C, args?: DapRequestMap[C][0], timeoutMs?: number): Promise<DapRequestMap[C][1]> {
    return this.requestRaw(command, args, timeoutMs).then((r) => r.body as DapRequestMap[C][1]);
  }

  /** Sends a request; resolves with the whole response, rejects on success:false. */
  requestRaw(command: string, args?: unknown, timeoutMs?: number): Promise<P.Response> {
    if (this.closedError) return Promise.reject(this.closedError);
    const seq = this.seq++;
    if (!READS.has(command)) this.changes++;
    const message: P.Request = { seq, type: "request", command, arguments: args };
    const ms = timeoutMs ?? answerTimeoutMs.getStore() ?? this.timeoutMs;
    return new Promise<P.Response>((resolve, reject) => {
      const timer =
        ms > 0
          ? setTimeout(() => {
              this.pending.delete(seq);
              reject(
                new DebuggerError(
                  "TIMEOUT",
                  `adapter did not answer '${command}' within ${ms / 1000} s`,
                  "the adapter may be hung: `debugger stop` ends the session",
                ),
              );
            }, ms)
          : undefined;
      this.pending.set(seq, { command, timer, resolve, reject });
      this.send(message);
    });
  }

  private send(message: P.ProtocolMessage): void {
    if (this.options.rewrite) message = this.options.rewrite.out(message) as P.ProtocolMessage;
    this.options.trace?.("out", message);
    try {
      this.transport.write(encodeMessage(message));
    } catch (e) {
      this.fail(new DebuggerError("ADAPTER_EXITED", `could not write to the adapter: ${(e as Error).message}`));
    }
  }

  private dispatch(message: P.ProtocolMessage): void {
    if (this.options.rewrite) message = this.options.rewrite.in(message) as P.ProtocolMessage;
    this.options.trace?.("in", message);
    switch (message.type) {
      case "response": {
        const r = message as P.Response;
        const p = this.pending.get(r.request_seq);
        if (!p) return; // late answer to a request that timed out
        this.pending.delete(r.request_seq);
        if (p.timer) clearTimeout(p.timer);
        if (r.success) p.resolve(r);
        else p.reject(responseError(r));
        return;
      }
      case "event":
        this.deliver(message as P.Event);
        return;
      case "request":
        void this.answerReverse(message as P.Request);
        return;
    }
  }

  private async answerReverse(req: P.Request): Promise<void> {
    const handler = this.reverseHandlers.get(req.command);
    const base = { type: "response" as const, request_seq: req.seq, command: req.command };
    if (!handler) {
      this.send({ ...base, seq: this.seq++, success: false, message: `reverse request '${req.command}' is not supported by this client` } as P.Response);
      return;
    }
    try {
      const body = await handler(req.arguments);
      this.send({ ...base, seq: this.seq++, success: true, body } as P.Response);
    } catch (e) {
      this.send({ ...base, seq: this.seq++, success: false, message: (e as Error).message } as P.Response);
    }
  }
}

/** An adapter's success:false answer, kept with its command and message. */
export class DapRequestError extends DebuggerError {
  constructor(
    readonly command: string,
    message: string,
    readonly body: unknown,
  ) {
    super("ADAPTER_ERROR", message);
  }
}

function responseError(r: P.Response): DapRequestError {
  const body = r.body as { error?: P.Message } | undefined;
  let text = r.message ?? "";
  if (body?.error?.format) {
    const vars = body.error.variables ?? {};
    text = body.error.format.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);
  }
  return new DapRequestError(r.command, text || `'${r.command}' failed`, r.body);
}
