// The one test harness for the integration and e2e suites (test/integration/harness.ts and
// test/e2e/harness.ts re-export it). Import from here in new tests.
//
//   DebuggerEnv     the built binary with a daemon of its own; run() → { exitCode, json, stdout, stderr }
//   E2eEnv          a DebuggerEnv for real adapters (no colour)
//   FakeAdapterEnv  a DebuggerEnv configured with test/fake-adapter (integration tests)
//   useEnv          creates an env per file and registers the hooks that stop sessions after each
//                   test (pass or fail) and close the env after the file
//   waitFor, alive  wait on conditions, never on fixed sleeps
//   attachWhenInspectorPortFree  a Node attach by pid that waits out another run's hold on 9229
//   normalise       scrub what varies from human output before it is pinned as a golden snapshot
export { BIN, CI, DebuggerEnv, E2eEnv, ROOT, withFlags } from "./env.ts";
export type { CliResult, EnvOptions, RunOptions, SessionHandle } from "./env.ts";
export { FakeAdapterEnv, PROGRAM_SOURCE, STANDARD_PROGRAM } from "./fakeAdapter.ts";
export type { FakeEnvOptions } from "./fakeAdapter.ts";
export { adapterAvailable, findAdapter, missing, skipped } from "./adapters.ts";
export { runCommand, spawnAndReadPid, tracerPid } from "./processes.ts";
export { alive, running, waitFor } from "./wait.ts";
export { attachWhenInspectorPortFree, inspectorPortTaken } from "./nodeInspector.ts";
export { expectShape, type Shape } from "./shape.ts";
export { normalise } from "./normalise.ts";
export type { NormaliseOptions } from "./normalise.ts";
export { useEnv } from "./lifecycle.ts";
export { cliGroupAliases, cliWords, stopOf } from "./replies.ts";
export type { CliJson, CommandOfArgv, DataOf, LocalReplies, Reading } from "./replies.ts";
