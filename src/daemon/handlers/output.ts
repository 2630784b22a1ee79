// `output`: the program's stdout/stderr and the adapter's console text, kept by the daemon.
import type { OutputData, Replies } from "../../ipc/commands.ts";
import { tailLines } from "../../common/tail.ts";
import { joinText, type OutputCategory } from "../session/program/ringBuffer.ts";
import type { Session } from "../session/session.ts";
import type { Handlers, ReplyStream } from "./common.ts";

export const outputHandlers: Handlers<"output"> = {
  async output(a, caller, ctx, stream): Promise<Replies["output"]> {
    const s = ctx.registry.get(caller.session);
    let cats: Set<OutputCategory> | undefined;
    if (a.stdout || a.stderr || a.console) {
      cats = new Set();
      if (a.stdout) cats.add("stdout");
      if (a.stderr) cats.add("stderr");
      if (a.console) cats.add("console");
    }
    const read = s.output.read(a.since ?? 0, cats);
    let text = joinText(read.chunks);
    if (a.tail !== undefined) text = tailLines(text, a.tail);
    if (a.clear) s.output.clear();
    const file = read.dropped ? s.outputFile : undefined;
    if (!a.follow || !stream) return { text, dropped: read.dropped, ...(file ? { file } : {}), cursor: read.cursor, state: s.state };
    stream.emit({ text, dropped: read.dropped, ...(file ? { file } : {}), cursor: read.cursor, state: s.state });
    return follow(s, stream, read.cursor, cats, a.timeout);
  },
};

/**
 * `output --follow`: one reply per batch of new output until the session ends, the client goes
 * away, or `timeout` seconds pass (0: no limit). The last reply says why it stopped.
 */
async function follow(s: Session, stream: ReplyStream, cursor: number, cats: Set<OutputCategory> | undefined, timeout: number): Promise<OutputData> {
  let wake: () => void = () => {};
  const off = s.output.onPush(() => wake());
  const deadline = timeout > 0 ? Date.now() + timeout * 1000 : Infinity;
  let gone = false;
  void stream.closed.then(() => {
    gone = true;
    wake();
  });
  try {
    for (;;) {
      // Woken by new output, by the client leaving, or every 250 ms to notice the session's end.
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now())));
      });
      const read = s.output.read(cursor, cats);
      if (read.chunks.length || read.dropped) {
        cursor = read.cursor;
        const file = read.dropped ? s.outputFile : undefined;
        stream.emit({ text: joinText(read.chunks), dropped: read.dropped, ...(file ? { file } : {}), cursor, state: s.state });
      } else cursor = read.cursor;
      const why = gone ? "client gone" : !s.live ? `session ${s.state}` : Date.now() >= deadline ? "timeout" : undefined;
      if (why) return { text: "", dropped: 0, cursor, state: s.state, done: why };
    }
  } finally {
    off();
  }
}
