// What the inspector's parts need from the session that owns them, and from the selection.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { AdapterSpec, FoundAdapter } from "../../adapters/types.ts";
import type { DapClient } from "../../dap/client.ts";
import type { SessionState, StopReport } from "../../ipc/types.ts";
import type { DisplayLimits } from "../truncate.ts";
import type { LinesReader } from "../sourceWindow.ts";
import type { InQueue } from "./queue.ts";
import type { CodeFacts } from "./userCode.ts";

/** What the inspector needs from the session that owns it. */
export interface InspectorHost {
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly capabilities: P.Capabilities;
  readonly state: SessionState;
  readonly limits: DisplayLimits;
  readonly sourceLines: number;
  /** How source files are read (unset: from this machine's disk). */
  readonly readSource?: LinesReader;
  readonly lastReport: StopReport | undefined;
  readonly foundAdapter: FoundAdapter | undefined;
  /** The program being debugged (its language decides how expressions are spelled for the adapter). */
  readonly program: string | undefined;
  requireLive(): DapClient;
  requireStopped(): DapClient;
  /** `until`: the text that ends the answer (programOutput.ts capture). */
  captureOutput<T>(fn: () => Promise<T>, until?: string): Promise<{ value: T; text: string }>;
  /** What tells the user's code from libraries' here (userCode.ts). */
  codeFacts(): CodeFacts;
}

/** The selected frame (inspector.ts keeps the selection). */
export interface SelectedFrame {
  selectedFrameNow(q: InQueue): Promise<{ frame: P.StackFrame; index: number; threadId: number }>;
  /** Frame `index` is the selected one until the returned function puts the selection back (`print --frame N`, inside one queued piece). */
  borrowFrameNow(q: InQueue, index: number): Promise<() => void>;
}
