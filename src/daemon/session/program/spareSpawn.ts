// An adapter spawned by the daemon ahead of any session (a warm spare, a launch made ahead): in the
// daemon's directory, its output sent wherever its sink says until a session takes it over.
import { connectAdapter, type AdapterProcess } from "../../../adapters/connection.ts";
import type { AdapterSpec, FoundAdapter } from "../../../adapters/types.ts";

/** Where a spare's stderr goes until a session takes it. */
export interface SpareSink {
  stderr(text: string): void;
  /** The debuggee's output written on the adapter's own stdout/stderr (Delve's). */
  programOutput(text: string, stream: "stdout" | "stderr"): void;
  trace(direction: "in" | "out", message: unknown): void;
}

/** Spawns the adapter `found` names, its output read through `sink` (whose parts may be replaced later). */
export function spawnWithSink(spec: AdapterSpec, found: FoundAdapter, sink: SpareSink, timeoutMs: number): Promise<AdapterProcess> {
  return connectAdapter(spec.transport, found.command, {
    cwd: process.cwd(),
    env: found.env,
    timeoutMs,
    onStderr: (text) => sink.stderr(text),
    onProgramOutput: spec.quirks.adapterOutputIsProgramOutput ? (text, stream) => sink.programOutput(text, stream) : undefined,
    trace: (dir, m) => sink.trace(dir, m),
  });
}
