// Requests the adapter sends to us. `runInTerminal`: there is no terminal, so the command runs with
// its output captured into the session's buffer. Anything else is answered success:false by the
// DAP client itself.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import type { DapClient } from "../../../dap/client.ts";
import { openStdioFifos } from "../../../adapters/stdioFifos.ts";
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
  let child: ReturnType<typeof Bun.spawn<"ignore", "pipe", "pipe">>;
  try {
    child = Bun.spawn(args.args, {
      cwd: args.cwd || undefined,
      env,
      stdin: "ignore",
      stdout: (fifos?.fds.stdout ?? "pipe") as "pipe",
      stderr: (fifos?.fds.stderr ?? "pipe") as "pipe",
    });
  } catch (e) {
    fifos?.spawned();
    fifos?.close();
    throw e;
  } finally {
    fifos?.spawned();
  }
  const pump = async (category: "stdout" | "stderr") => {
    const dec = new TextDecoder();
    const keep = (text: string) => output.push(category, text);
    const marked = fifos?.filtered(category, keep);
    try {
      for await (const chunk of fifos ? fifos.stream(category) : child[category]) (marked?.push ?? keep)(dec.decode(chunk, { stream: true }));
    } finally {
      marked?.end();
    }
  };
  void Promise.all([pump("stdout").catch(() => {}), pump("stderr").catch(() => {})]).finally(() => fifos?.close());
  return { processId: child.pid };
}
