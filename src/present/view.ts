// What a presenter may know besides the reply: where the caller stands and which session it
// named, and the name the caller used for the command when one contract command has two (the
// CLI's `watch remove` is `breakpoint.remove`).
import type { CommandName, Replies } from "../ipc/commands.ts";
import type { LocalsMode } from "./sizing.ts";

export interface View {
  /** Paths under it are shown relative. */
  cwd: string;
  session: string;
  /** The caller's name of the command, when it is not the contract's. */
  as?: string;
  /** Which locals a stop report shows (`--locals`, or [defaults] locals); unset: all, or those that changed when the stop shows values asked for. */
  locals?: LocalsMode;
}

/** Human text of one reply. */
export type Presenter<C extends CommandName> = (reply: Replies[C], view: View) => string;
export type Presenters<K extends CommandName> = { [C in K]: Presenter<C> };
