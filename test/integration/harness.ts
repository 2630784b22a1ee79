// The integration suite's entry to the one harness (test/harness): the built binary against the
// fake adapter. New tests may import test/harness directly; this file stays so imports of it keep
// working.
import { type CliResult, FakeAdapterEnv, type FakeEnvOptions, type RunOptions } from "../harness/index.ts";
import type { DataOf } from "../harness/replies.ts";

export * from "../harness/index.ts";
export type EnvOptions = FakeEnvOptions;

/**
 * The thin client's two ways to the daemon's socket (src/cli/syncSocket.ts): libc's on Linux, Bun's
 * elsewhere (macOS, Windows, musl), forced here by DEBUGGER_NO_FFI_SOCKET. The variables to add.
 */
export const SOCKETS: [string, Record<string, string>][] = [
  ["libc's socket", {}],
  ["Bun's socket", { DEBUGGER_NO_FFI_SOCKET: "1" }],
];

/**
 * A result that also answers to the old name `code`, for tests written against it on branches not
 * yet merged. @deprecated read `exitCode`; `code` goes once those branches are in.
 */
export type Result<D = unknown> = CliResult<D> & { /** @deprecated use exitCode */ readonly code: number };

function withOldName<D>(r: CliResult<D>): Result<D> {
  // Not enumerable, so toEqual/toMatchObject on a whole result see only the real fields.
  return Object.defineProperty(r, "code", { get: () => r.exitCode, enumerable: false }) as Result<D>;
}

/** The integration env: a FakeAdapterEnv (see test/harness/fakeAdapter.ts). */
export class Env extends FakeAdapterEnv {
  override async run<const A extends readonly string[]>(args: A, opts: RunOptions = {}): Promise<Result<DataOf<A>>> {
    return withOldName(await super.run(args, opts));
  }
}
