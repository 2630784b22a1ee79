// Tools: the adapter's console. (A batch of commands is the dispatcher's own: ../handlers.ts.)
import type { Replies } from "../../ipc/commands.ts";
import { withAnswerTimeout } from "./answerTimeout.ts";
import type { Handlers } from "./common.ts";

export const toolHandlers: Handlers<"raw"> = {
  raw: async (a, caller, ctx): Promise<Replies["raw"]> =>
    withAnswerTimeout("raw", a.timeout, () => ctx.registry.get(caller.session).inspector.raw(a.expression)),
};
