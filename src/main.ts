// One executable, two modes: the CLI (default) and the hidden daemon (`__daemon`). The CLI is
// imported statically (a dynamic import costs ~1.5 ms in a compiled binary); the daemon's code is
// a separate chunk that only the daemon loads.
import { runCli } from "./cli/run.ts";

const argv = process.argv.slice(2);
if (argv[0] === "__daemon") {
  const { runDaemon } = await import("./daemon/server.ts");
  await runDaemon();
} else {
  process.exit(await runCli(argv));
}
