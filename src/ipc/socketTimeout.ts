// How long a client's socket waits for the daemon's reply: one rule for the CLI and MCP. The daemon
// enforces every wait itself (a stop's --timeout, an evaluation's); the socket only guards against
// a hung daemon, so it waits the command's own time plus a margin, forever where the command does.
import { MAX_TIMER_MS } from "./client.ts";

export const SOCKET_FOREVER_MS = MAX_TIMER_MS;
/** A command that names no wait of its own. */
export const SOCKET_DEFAULT_MS = 120_000;
/** Past a stop's --timeout: the report's reads after the stop. */
export const STOP_MARGIN_S = 45;

/** The socket's wait for a command that waits `seconds` itself (0: forever; undefined: the default), `marginS` past it. */
export function socketWaitMs(seconds: number | undefined, marginS: number = STOP_MARGIN_S): number {
  if (seconds === undefined) return SOCKET_DEFAULT_MS;
  return seconds === 0 ? SOCKET_FOREVER_MS : (seconds + marginS) * 1000;
}
