// Requests the adapter sends to us. `runInTerminal`: there is no terminal, so the command runs with
// its output captured into the session's buffer. Anything else is answered success:false by the
// DAP client itself.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { DapClient } from "../../../dap/client.ts";
import type { OutputCategory, RingBuffer } from "./ringBuffer.ts";

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
  const child = Bun.spawn(args.args, { cwd: args.cwd || undefined, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const pump = async (stream: ReadableStream<Uint8Array>, category: OutputCategory) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) output.push(category, dec.decode(chunk, { stream: true }));
  };
  void pump(child.stdout, "stdout").catch(() => {});
  void pump(child.stderr, "stderr").catch(() => {});
  return { processId: child.pid };
}
