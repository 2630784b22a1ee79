// `--timeout` on print, eval and raw: how long the adapter may take to answer the evaluation
// (a slow expression, a call into the program, a long console command).
import { DebuggerError } from "../../common/errors.ts";
import { answerTimeoutMs } from "../../dap/client.ts";

export async function withAnswerTimeout<T>(command: string, seconds: number | undefined, work: () => Promise<T>): Promise<T> {
  if (seconds === undefined) return work();
  try {
    return await answerTimeoutMs.run(Math.round(seconds * 1000), work);
  } catch (e) {
    if (e instanceof DebuggerError && e.code === "TIMEOUT" && /did not answer/.test(e.message)) {
      // The adapter is still at it: its later requests wait behind it, or it gives up on its own.
      throw new DebuggerError(
        "TIMEOUT",
        `${command} did not finish within ${seconds} s (the adapter may still be evaluating it)`,
        "`debugger status` shows whether the session still answers; `debugger stop` ends it",
      );
    }
    throw e;
  }
}
