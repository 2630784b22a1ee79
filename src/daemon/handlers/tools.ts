// Tools: the adapter's console, and a plan of several commands in one call.
import { DebuggerError, toErrorData } from "../../common/errors.ts";
import type { BatchReply } from "../../ipc/commands.ts";
import { handle } from "../handlers.ts";
import { ClientGone, leaveStopped } from "../cancel.ts";
import type { Handlers } from "./common.ts";

export const toolHandlers: Handlers<"raw" | "batch"> = {
  raw: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.raw(a.expression),

  /**
   * Runs each command in order through the same dispatch as a request of its own (execution
   * commands wait for their stop as usual) and stops at the first failure unless `keepGoing`.
   */
  async batch(a, caller, ctx, stream) {
    const replies: BatchReply[] = [];
    for (const [i, c] of a.commands.entries()) {
      const session = c.session ?? caller.session;
      try {
        if (c.command === "batch") throw new DebuggerError("USAGE", "a batch cannot contain another batch", "put the commands in one file");
        if (stream?.signal?.aborted) throw new ClientGone();
        const data = await handle({ id: 0, version: "", command: c.command, session, cwd: caller.cwd, args: c.args }, ctx, stream);
        replies.push({ ok: true, command: c.command, session, data });
      } catch (e) {
        if (e instanceof ClientGone) {
          // The rest of the plan is not run; a program a step set running is left stopped.
          const s = ctx.registry.find(session);
          const where = s && s.live ? await leaveStopped(s) : undefined;
          ctx.notify?.(session, `the batch was interrupted at step ${i + 1} of ${a.commands.length} (${c.command}; its client went away)${where ? `; ${where}` : ""}`);
          throw e;
        }
        replies.push({ ok: false, command: c.command, session, error: toErrorData(e) });
        if (!a.keepGoing) break;
      }
    }
    return { replies, ran: replies.length, total: a.commands.length };
  },
};
