// A step of the stop pipeline beside the throw policy: a stop of one of the daemon's catchpoints,
// or an exception, that the adapter's own policy says is not news (AdapterSpec.passStop: a Go
// test failure seen again for the parent test, testing's re-panic of a panic already shown) is
// passed on without a report — after `continue` only, as for throws: a step that ends there reports it.
import { log } from "../../../common/log.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { BreakpointRegistry } from "../breakpoints/breakpointRegistry.ts";
import type { InQueue } from "../core/queue.ts";
import { frameView } from "../inspection/frameView.ts";
import type { ResumeKind, ThrowContext, Verdict } from "./throwPolicy.ts";

export async function ownStopVerdict(
  q: InQueue,
  ctx: ThrowContext,
  body: DapEventMap["stopped"],
  ids: number[],
  registry: BreakpointRegistry,
  resumedBy: ResumeKind,
): Promise<Verdict> {
  const pass = ctx.adapter.passStop;
  if (!pass || resumedBy !== "continue" || !ctx.client) return { stand: true };
  if (ids.some((id) => !registry.get(id)?.internal)) return { stand: true };
  const reason =
    ids.map((id) => registry.get(id)?.internal).find(Boolean) ?? (body.reason === "exception" || body.reason === "panic" ? body.reason : undefined);
  if (!reason) return { stand: true };
  try {
    const threadId = body.threadId ?? (await ctx.frames.defaultThread());
    const frames = (await ctx.frames.framesNow(q, threadId)).map((f) => frameView(f, ctx.adapter));
    if (!pass(reason, frames)) return { stand: true };
    log("debug", `[${ctx.name}] ${reason} stop at ${frames[0]?.function}: not news; resumed`);
    return { stand: false, threadId, thrown: reason };
  } catch (e) {
    log("info", `[${ctx.name}] could not judge a ${reason} stop: ${(e as Error).message}`);
    return { stand: true };
  }
}
