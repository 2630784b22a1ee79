// One executable, two modes: the CLI (default) and the hidden daemon (`__daemon`).
const argv = process.argv.slice(2);
if (argv[0] === "__daemon") {
  const { runDaemon } = await import("./daemon/server.ts");
  await runDaemon();
} else {
  const { runCli } = await import("./cli/run.ts");
  const code = await runCli(argv);
  process.exit(code);
}
export {};
