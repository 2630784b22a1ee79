// The selected frame, as the inspector's parts (values, console, machine) read it: inspector.ts
// keeps the selection. The session's facts they read are its core (facts.ts).
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { InQueue } from "../core/queue.ts";

/** The selected frame (inspector.ts keeps the selection). */
export interface SelectedFrame {
  selectedFrameNow(q: InQueue): Promise<{ frame: P.StackFrame; index: number; threadId: number }>;
  /** Frame `index` is the selected one until the returned function puts the selection back (`print --frame N`, inside one queued piece). */
  borrowFrameNow(q: InQueue, index: number): Promise<() => void>;
}
