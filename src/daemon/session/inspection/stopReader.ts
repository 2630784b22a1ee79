// What the stop pipeline reads of a stopped program (its verdicts and the report builder): the
// inspector provides it (Inspector.stopReader), the pipeline's tests fake it.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { DisplayValue, VariableView } from "../../../ipc/types.ts";
import type { InQueue } from "../core/queue.ts";

/** Thread and frame reads, already inside the session's queue. */
export interface FrameReader {
  defaultThread(): Promise<number>;
  framesNow(q: InQueue, threadId: number, levels?: number): Promise<P.StackFrame[]>;
}

/** Value reads in a given frame, already inside the session's queue. */
export interface StopReader extends FrameReader {
  evaluateNow(
    q: InQueue,
    expression: string,
    context: "watch" | "repl" | "hover" | "clipboard",
    format?: P.ValueFormat,
    frameId?: number,
  ): Promise<P.EvaluateResponse["body"]>;
  scopeVariablesNow(q: InQueue, frameId: number, which: "locals" | "arguments" | "all"): Promise<VariableView[]>;
  displaysNow(q: InQueue, items: { id?: number; expression: string }[], frameId?: number, maxLength?: number): Promise<DisplayValue[]>;
  rawNow(q: InQueue, command: string): Promise<{ result: string }>;
}
