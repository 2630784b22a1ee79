// The fake adapter's side of the wire: framed messages on stdout, one seq counter, and the
// NDJSON traffic log tests read to see exactly what the client sent.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { openSync, writeSync } from "node:fs";
import { encodeMessage } from "../../src/dap/codec.ts";

/** EPIPE: nobody reads our stdout any more, so there is nothing left to serve. */
function clientGone(e: unknown): never {
  process.stderr.write(`fake adapter: client gone (${(e as Error).message})\n`);
  process.exit(0);
}

export class Wire {
  private seq = 1;
  private readonly out = Bun.stdout.writer();
  private readonly logFd: number | undefined;

  constructor(logPath: string | undefined) {
    // Synchronous appends: the log must be complete even when the adapter crashes on purpose.
    this.logFd = logPath ? openSync(logPath, "a") : undefined;
  }

  log(dir: "in" | "out", msg: unknown): void {
    if (this.logFd !== undefined) writeSync(this.logFd, `${JSON.stringify({ dir, msg })}\n`);
  }

  private send(msg: Omit<P.ProtocolMessage, "seq"> & Record<string, unknown>): void {
    const full = { seq: this.seq++, ...msg };
    this.log("out", full);
    try {
      this.out.write(encodeMessage(full));
      void Promise.resolve(this.out.flush()).catch(clientGone);
    } catch (e) {
      clientGone(e);
    }
  }

  respond(req: P.Request, body: unknown): void {
    this.send({ type: "response", request_seq: req.seq, success: true, command: req.command, ...(body === undefined ? {} : { body }) });
  }

  fail(req: P.Request, message: string): void {
    // Both places: clients read `message`, VS Code shows `body.error.format`.
    const error = { id: 1, format: message, showUser: true };
    this.send({ type: "response", request_seq: req.seq, success: false, command: req.command, message, body: { error } });
  }

  event(event: string, body: unknown = {}): void {
    this.send({ type: "event", event, body });
  }

  request(command: string, args: unknown): void {
    this.send({ type: "request", command, arguments: args });
  }

  /** Bytes that are not a DAP message (faults: garbage, a frame cut short). */
  raw(text: string): void {
    this.out.write(text);
    void Promise.resolve(this.out.flush()).catch(clientGone);
  }

  /** Let everything already written reach the client before the process goes. */
  async exit(code: number): Promise<never> {
    await this.out.flush();
    process.exit(code);
  }
}
