// The first step of the stop pipeline: should this stop stand? `catch throw TYPE…` stops at every
// C++ throw (the entry of `__cxa_throw`) and reads the thrown type there; a throw of another type
// is passed on without a report — after `continue` only: a step that ends at a throw reports it,
// whatever its type, rather than run away.
import type { AdapterSpec } from "../../../adapters/types.ts";
import { CXX_THROW_FUNCTION, quotedString, thrownTypeNameExpression } from "../../../adapters/catchpoints.ts";
import { demangleType, typeMatches } from "../../../common/demangle.ts";
import { log } from "../../../common/log.ts";
import type { DapClient } from "../../../dap/client.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { BreakpointRegistry } from "../breakpoints/breakpointRegistry.ts";
import type { InQueue } from "../core/queue.ts";
import type { FrameReader } from "../inspection/stopReader.ts";

export interface ThrowContext {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly client: Pick<DapClient, "request"> | undefined;
  readonly frames: FrameReader;
}

export type ResumeKind = "continue" | "next" | "stepIn" | "stepOut";

/** `resume`: how the stop is passed (default `continue`): a step it cut short is finished by the adapter's step. */
export type Verdict = { stand: true } | { stand: false; threadId: number; thrown: string; resume?: ResumeKind };

/**
 * `types`: what `catch throw` was narrowed to (empty: every throw stands); `ids`: the breakpoints
 * hit; `resumedBy`: what set the program running. A failure to tell lets the stop stand.
 */
export async function throwVerdict(
  q: InQueue,
  ctx: ThrowContext,
  body: DapEventMap["stopped"],
  ids: number[],
  registry: BreakpointRegistry,
  types: readonly string[],
  resumedBy: ResumeKind,
): Promise<Verdict> {
  if (!types.length || resumedBy !== "continue" || !ctx.client) return { stand: true };
  if (ids.some((id) => !registry.get(id)?.internal)) return { stand: true };
  try {
    const threadId = body.threadId ?? (await ctx.frames.defaultThread());
    const thrown = await thrownType(q, ctx, threadId);
    if (thrown === undefined || types.some((t) => typeMatches(thrown, t))) return { stand: true };
    log("debug", `[${ctx.name}] a throw of ${thrown}: not one of ${types.join(", ")}; resumed`);
    return { stand: false, threadId, thrown };
  } catch (e) {
    log("info", `[${ctx.name}] could not tell a throw's type: ${(e as Error).message}`);
    return { stand: true };
  }
}

/** The type being thrown when the thread is at the entry of the C++ runtime's `__cxa_throw`, else undefined. */
export async function thrownType(q: InQueue, ctx: ThrowContext, threadId: number): Promise<string | undefined> {
  const expression = ctx.adapter.throwFilter ? thrownTypeNameExpression() : undefined;
  if (!expression || !ctx.client) return undefined;
  const top = (await ctx.frames.framesNow(q, threadId))[0];
  if (!top?.name?.includes(CXX_THROW_FUNCTION)) return undefined;
  const r = await ctx.client.request("evaluate", { expression, frameId: top.id, context: ctx.adapter.printContext }).catch(() => undefined);
  const mangled = r ? quotedString(r.result) : undefined;
  return mangled ? (demangleType(mangled) ?? mangled) : undefined;
}
