// One executable, two modes: the CLI (default) and the hidden daemon (`__daemon`). Only the
// version line is imported statically: `--version` prints without loading the CLI, and every
// other command loads it with one dynamic import (measured: no slower than a static one once the
// module graph is the same); the daemon's code is a separate chunk that only the daemon loads.
import { normalJitPolicy } from "./common/jit.ts";
import { versionLine } from "./common/version.ts";
import { runThin, THIN_WORDS } from "./cli/thinClient.ts";

const argv = process.argv.slice(2);
if (argv[0] === "__daemon") {
  normalJitPolicy();
  const { runDaemon } = await import("./daemon/server.ts");
  // The CLI's own line runner, for thin clients' lines (cli/serveLine.ts); loaded at the first one.
  await runDaemon({ runLine: async (...a) => (await import("./cli/serveLine.ts")).serveLine(...a) });
} else if (argv[0] === "__lldb-cli-adapter") {
  // The lldb CLI backend: a DAP adapter of our own that drives `lldb` (src/adapters/lldbCli).
  const { runLldbCliAdapter } = await import("./adapters/lldbCli/adapter.ts");
  process.exit(await runLldbCliAdapter(argv.slice(1)));
} else if (argv[0] === "__relay") {
  // Inside a --via target: DAP between the pipe and an adapter that only listens on TCP (src/adapters/relay.ts).
  const { runRelay } = await import("./adapters/relay.ts");
  process.exit(await runRelay(argv.slice(1)));
} else if (argv.length === 1 && isVersionWord(argv[0]!) && !process.env.DEBUGGER_JSON) {
  // What `debugger version` prints, without the registry, config or socket code (DEBUGGER_JSON
  // and any second word take the full path).
  // A reader that closed the pipe has had what it wanted (src/cli/closedPipe.ts): no message.
  await Bun.write(Bun.stdout, `${versionLine()}\n`).catch(() => {});
  process.exit(0);
} else {
  // A line the daemon can run whole is sent as words (cli/thinClient.ts); whatever it leaves, the CLI runs.
  const thin = argv.length && THIN_WORDS.has(argv[0]!) ? await runThin(argv) : undefined;
  if (thin !== undefined) process.exit(thin);
  const { runCli } = await import("./cli/run.ts");
  process.exit(await runCli(argv));
}

function isVersionWord(word: string): boolean {
  return word === "--version" || word === "-v" || word === "-V" || word === "version";
}
