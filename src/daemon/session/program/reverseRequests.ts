// Requests the adapter sends to us. `runInTerminal`: there is no terminal, so the command runs with
// its output captured into the session's buffer. Anything else is answered success:false by the
// DAP client itself.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { DapClient } from "../../../dap/client.ts";
import { openStdioFifos, readOutput, spawnOnFifos } from "../../../adapters/stdioFifos.ts";
import type { RingBuffer } from "./ringBuffer.ts";

/** `baseEnv`: the environment the command starts from (DAP: `env` is added to or removed from it), the caller's, not the daemon's. */
export function registerReverseRequests(client: DapClient, output: RingBuffer, baseEnv: () => Record<string, string>): void {
  client.handleReverse("runInTerminal", (args: P.RunInTerminalRequestArguments) => runInTerminal(args, output, baseEnv()));
}

function runInTerminal(args: P.RunInTerminalRequestArguments, output: RingBuffer, baseEnv: Record<string, string>): P.RunInTerminalResponse["body"] {
  const env: Record<string, string> = { ...baseEnv };
  for (const [k, v] of Object.entries(args.env ?? {})) {
    if (v === null || v === undefined) delete env[k];
    else env[k] = v;
  }
  // Named pipes for its stdout and stderr, as a shell's pipe gives a plain run (Bun's "pipe" is a
  // socket pair); Bun's where they cannot be made.
  const fifos = openStdioFifos();
  const child = spawnOnFifos(fifos, (outputs) => Bun.spawn(args.args, { cwd: args.cwd || undefined, env, stdin: "ignore", ...outputs }));
  const pump = (category: "stdout" | "stderr") => readOutput(fifos, category, child[category], (text) => output.push(category, text));
  void Promise.all([pump("stdout").catch(() => {}), pump("stderr").catch(() => {})]).finally(() => fifos?.close());
  return { processId: child.pid };
}
