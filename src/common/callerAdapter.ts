// DEBUGGER_ADAPTER, the caller's default adapter: read by the CLI and the MCP server from their own
// environment (the daemon's is not the caller's) and carried in a start's `options`, where the
// daemon takes it as `[defaults] adapter` (native programs only), winning over config.toml's.
import { sentEnvView } from "./callerEnv.ts";

/** The key of a start's, attach's, test's or run's `options` that carries it. */
export const CALLER_ADAPTER = "defaultAdapter";

/** The caller's DEBUGGER_ADAPTER, if any, as `options` entries. */
export function callerAdapterOption(env: Record<string, string | undefined> = sentEnvView()): Record<string, string> {
  return env.DEBUGGER_ADAPTER ? { [CALLER_ADAPTER]: env.DEBUGGER_ADAPTER } : {};
}
