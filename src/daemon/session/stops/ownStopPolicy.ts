// A step of the stop pipeline beside the throw policy: a stop of one of the daemon's catchpoints,
// or an exception, that the adapter's own policy says is not news (AdapterSpec.passStop: a Go
// test failure seen again for the parent test, testing's re-panic of a panic already shown) is
// passed on without a report — after `continue` only, as for throws: a step that ends there reports it.
// An exception the program's own code swallows where the adapter's filter cannot see it
// (AdapterSpec.expectedException: a Python test's `with pytest.raises(E)`) is passed the same way,
// and also during a step where the adapter says how to finish that step (expectedExceptionStep):
// the stop is not where the step ended, only the debugger's filter interrupting it.
import { log } from "../../../common/log.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { BreakpointRegistry } from "../breakpoints/breakpointRegistry.ts";
import type { InQueue } from "../core/queue.ts";
import { frameView } from "../inspection/frameView.ts";
import type { LinesReader } from "../inspection/sourceWindow.ts";
import { isUserFrame, type CodeFacts } from "../inspection/userCode.ts";
import type { ResumeKind, ThrowContext, Verdict } from "./throwPolicy.ts";

/** The throw policy's view, and what an expected exception is told by: the source, which frames are the user's. */
export interface OwnStopContext extends ThrowContext {
  readonly readSource: LinesReader;
  readonly facts: CodeFacts;
}

export async function ownStopVerdict(
  q: InQueue,
  ctx: OwnStopContext,
  body: DapEventMap["stopped"],
  ids: number[],
  registry: BreakpointRegistry,
  resumedBy: ResumeKind,
): Promise<Verdict> {
  const pass = ctx.adapter.passStop;
  const expected = ctx.adapter.expectedException;
  // After a step only an expected exception is passed, and only where the adapter says how to finish the step.
  const step = resumedBy === "continue" ? undefined : ctx.adapter.expectedExceptionStep;
  if ((!pass && !expected) || (resumedBy !== "continue" && !(expected && step)) || !ctx.client) return { stand: true };
  if (ids.some((id) => !registry.get(id)?.internal)) return { stand: true };
  const reason =
    ids.map((id) => registry.get(id)?.internal).find(Boolean) ?? (body.reason === "exception" || body.reason === "panic" ? body.reason : undefined);
  if (!reason) return { stand: true };
  try {
    const threadId = body.threadId ?? (await ctx.frames.defaultThread());
    const raw = await ctx.frames.framesNow(q, threadId);
    const frames = raw.map((f) => frameView(f, ctx.adapter));
    if (!step && pass?.(reason, frames)) {
      log("debug", `[${ctx.name}] ${reason} stop at ${frames[0]?.function}: not news; resumed`);
      return { stand: false, threadId, thrown: reason };
    }
    if (reason !== "exception" || !expected || !ctx.client) return { stand: true };
    const client = ctx.client;
    const swallowed = await expected({
      frames: frames.flatMap((f, i) => (f.id === undefined ? [] : [{ ...f, id: f.id, name: raw[i]!.name, user: isUserFrame(f, ctx.facts) }])),
      source: ctx.readSource,
      evaluate: async (expression, frameId) => (await client.request("evaluate", { expression, frameId, context: ctx.adapter.printContext })).result,
      log: (message) => log("debug", `[${ctx.name}] exception stop at ${frames[0]?.function}: ${message}`),
    });
    if (!swallowed) return { stand: true };
    log(
      "debug",
      `[${ctx.name}] exception stop at ${frames[0]?.function}: expected by the program's own code; ${step ? `the ${resumedBy} goes on (${step})` : "resumed"}`,
    );
    return { stand: false, threadId, thrown: reason, ...(step ? { resume: step } : {}) };
  } catch (e) {
    log("info", `[${ctx.name}] could not judge a ${reason} stop: ${(e as Error).message}`);
    return { stand: true };
  }
}
