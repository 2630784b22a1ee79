// Tools: the adapter's console.
import type { Handlers } from "./common.ts";

export const toolHandlers: Handlers<"raw"> = {
  raw: async (a, caller, ctx) => ctx.registry.get(caller.session).inspector.raw(a.expression),
};
