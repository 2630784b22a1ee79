// `raw`: a command for the debugger's own console (LLDB, gdb, Python for debugpy, Go for Delve),
// sent the way the adapter needs it, its answer told from the program's output.
import { DebuggerError } from "../../../common/errors.ts";
import type { Replies } from "../../../ipc/commands.ts";
import type { SessionCore } from "../facts.ts";
import type { SelectedFrame } from "./inspectorHost.ts";
import type { InQueue, Queue } from "../core/queue.ts";
import { evaluateError } from "../values/values.ts";

const RAW_HINT =
  "the text goes to the debugger's own console as typed: LLDB or gdb commands (`debugger raw help`), Python for debugpy, Go expressions for Delve";

export class DebuggerConsole {
  constructor(
    private readonly session: SessionCore,
    private readonly frames: SelectedFrame,
    private readonly queue: Queue,
  ) {}

  /** A command for the debugger's own console; one it refuses is EVALUATE_FAILED with its text. */
  raw(command: string): Promise<Replies["raw"]> {
    return this.queue((q) => this.rawNow(q, command));
  }

  async rawNow(q: InQueue, command: string): Promise<Replies["raw"]> {
    const adapter = this.session.adapter;
    const how = adapter.rawCommand?.(command, this.session.foundAdapter);
    // Text that arrives as output can only be told from the program's while the program is stopped.
    const client = how?.textAsOutput ? this.session.requireStopped() : this.session.requireLive();
    const frameId = this.session.state === "stopped" ? (await this.frames.selectedFrameNow(q)).frame.id : undefined;
    const refused = (why: string) => new DebuggerError("EVALUATE_FAILED", `${adapter.name} refused '${command}': ${why}`, RAW_HINT);
    const fence = how?.fence;
    const ask = async () => {
      const r = await client.request("evaluate", { expression: how?.expression ?? command, frameId, context: "repl" });
      // The command's text may come after its answer: a second command's text marks its end.
      if (fence) await client.request("evaluate", { expression: fence.command, frameId, context: "repl" }).catch(() => {});
      return r;
    };
    try {
      const { value: r, text } = how?.textAsOutput ? await this.session.captureOutput(ask, fence?.text) : { value: await ask(), text: undefined };
      const result = text ?? r.result;
      const error = adapter.rawError?.(result);
      if (error) throw refused(error);
      return { result, type: r.type, reference: r.variablesReference };
    } catch (e) {
      if (e instanceof DebuggerError && e.code === "ADAPTER_ERROR" && !client.closed) throw refused(evaluateError(adapter, e.message));
      throw e;
    }
  }
}
