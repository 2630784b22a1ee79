// `run`: its loop is the session-level domain function ../run.ts; the handler gives it the caller's stdin copy to release on a failed start.
import { releasingStdin } from "../launch.ts";
import { runOnce } from "../run.ts";
import type { Handlers } from "./common.ts";

export const runHandlers: Handlers<"run"> = { run: (a, caller, ctx, stream) => releasingStdin(ctx, a.stdin, () => runOnce(a, caller, ctx, stream)) };
