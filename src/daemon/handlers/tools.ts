// Tools: the adapter's console, and a plan of several commands in one call.
import { DebuggerError, toErrorData } from "../../common/errors.ts";
import type { BatchReply } from "../../ipc/commands.ts";
import { handle } from "../handlers.ts";
import type { Handlers } from "./common.ts";

export const toolHandlers: Handlers<"raw" | "batch"> = {
  raw: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.raw(a.expression),

  /**
   * Runs each command in order through the same dispatch as a request of its own (execution
   * commands wait for their stop as usual) and stops at the first failure unless `keepGoing`.
   */
  async batch(a, caller, ctx) {
    const replies: BatchReply[] = [];
    for (const c of a.commands) {
      const session = c.session ?? caller.session;
      try {
        if (c.command === "batch") throw new DebuggerError("USAGE", "a batch cannot contain another batch", "put the commands in one file");
        const data = await handle({ id: 0, version: "", command: c.command, session, cwd: caller.cwd, args: c.args }, ctx);
        replies.push({ ok: true, command: c.command, session, data });
      } catch (e) {
        replies.push({ ok: false, command: c.command, session, error: toErrorData(e) });
        if (!a.keepGoing) break;
      }
    }
    return { replies, ran: replies.length, total: a.commands.length };
  },
};
