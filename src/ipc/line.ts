// A whole command line sent to the daemon, which parses it, runs it and presents the reply as the
// CLI would: the thin client's request (src/cli/thinClient.ts). What a short command costs is
// mostly the CLI process loading and parsing before it sends anything; this way the process only
// checks the socket, sends its words and prints (docs/decisions.md, "The command line parsed in
// the daemon"). It rides on an ordinary request (id, version, session, cwd) with a command name no
// user can type, so a daemon of another version refuses it as any request and the client falls
// back to parsing the line itself.

import type { Reply, Request } from "./protocol.ts";

/** The request's command: `args` is a LineArgs. */
export const LINE_COMMAND = "__line";
/** Sent on the same connection at the client's Ctrl-C (SIGINT), while the line runs. */
export const INTERRUPT_COMMAND = "__interrupt";

/** How long a thin client waits for a reply before it gives up on the daemon, unless told more (a partial's guardMs). */
export const LINE_GUARD_MS = 120_000;

/** What of the caller's world the line is read against (the rest is the daemon's own). */
export interface LineArgs {
  argv: string[];
  /** DEBUGGER_JSON and DEBUGGER_SESSION as the caller has them. */
  json?: string;
  session?: string;
  /** The caller's config.toml (its XDG_CONFIG_HOME or HOME name it). */
  config: string;
  /** How long the client waits without any reply before it gives up on the daemon. */
  guardMs: number;
  /**
   * The caller's whole environment, sent with a line that launches a program (`start`, `run`): the
   * program's world is the caller's (DESIGN §7b), and the CLI's code reads it where it would read
   * its own process's.
   */
  env?: Record<string, string>;
}

/** The line's result, as the CLI would have printed it; `fallback`: the client must run it itself. */
export type LineResult = { out: string; err: string; exit: number } | { fallback: string };

/** A partial reply of a line: text for the client's stdout or stderr now, or a longer guard. */
export interface LinePartial {
  out?: string;
  err?: string;
  guardMs?: number;
}

/** What a line runs against in the daemon. */
export interface LineHost {
  /** Handles a request as if this line's client had sent it; partial replies go to `onPartial`. */
  request(
    msg: Pick<Request, "command" | "session" | "cwd" | "args" | "liveOutput">,
    o: { onPartial?: (r: Reply) => void; signal?: AbortSignal },
  ): Promise<Reply>;
  /** Hears the client's Ctrl-C; returns what stops hearing it. */
  onInterrupt(heard: () => void): () => void;
  /** Sends the client text (or a longer wait) now, before the result. */
  emit(p: LinePartial): void;
}

/** Runs a command line as the CLI would and returns what it printed (src/cli/serveLine.ts; main.ts hands it to the daemon). */
export type LineRunner = (args: LineArgs, cwd: string, host: LineHost) => Promise<LineResult>;
