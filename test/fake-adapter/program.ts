// The two JSON inputs of the fake adapter: the behaviour script (how the adapter misbehaves) and
// the fake program (what the "debuggee" does). See README.md for the format.
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type When = "afterInitialize" | "afterLaunch" | "afterConfigurationDone";

export interface Behaviour {
  initializedTiming?: "afterLaunchResponse" | "launchAfterConfigurationDone" | "beforeLaunch";
  delays?: Record<string, number>;
  errors?: Record<string, string>;
  hang?: string[];
  noExited?: boolean;
  reverseRequests?: { command: string; arguments?: unknown; when?: When }[];
  floodOutput?: { count: number; bytes?: number; category?: string; when?: When };
  /** After the first `stopped` event: this output, `delayMs` later (what debugpy does under load: a line's end after the stop). */
  outputAfterStop?: { text: string; delayMs?: number; category?: string };
  /**
   * Right after each `stopped` event, a `continued` for this thread, only that thread resumed (js-debug: a
   * worker's `continued` for the resume that led to the main thread's stop, on the worker's own connection).
   */
  continuedAfterStop?: { threadId: number };
  crash?: { on: string; exitCode?: number; signal?: NodeJS.Signals; stderr?: string };
  exitOnDisconnectCode?: number;
  stderrOnDisconnect?: string;
  events?: { event: string; body?: unknown; when?: When }[];
  /** Instead of answering that request, write `text` raw to stdout (garbage, a truncated frame). */
  raw?: { on: string; text: string };
  /** `bytes` bytes of text on stderr, in 64 KiB writes. */
  stderrFlood?: { bytes: number; when?: When };
  /** Never send the `initialized` event. */
  noInitialized?: boolean;
  /** Program file for an `attach` request that names none (a CLI attaches by pid only). */
  program?: string;
  /** Merged over the default capabilities, e.g. to test a missing one. */
  capabilities?: Partial<P.Capabilities>;
}

export interface FunctionSpec {
  name: string;
  start: number;
  end: number;
}

/** A string template ({line}, {hits}), or a type plus a template or a per-line table. */
export type LocalSpec = string | { type?: string; value: string | Record<string, string> };

export interface FakeProgram {
  source: string;
  lines: number;
  functions: FunctionSpec[];
  calls: Record<string, string>;
  locals: Record<string, LocalSpec>;
  evaluate: Record<string, { result: string; type?: string }>;
  output: Record<string, string | { category?: string; text: string }>;
  exitCode: number;
  spin?: number;
  threads: { id: number; name: string }[];
  /** Other threads that stop at a breakpoint with the first one, each told by a `stopped` event of its own after it (as lldb-dap does). */
  coStops: number[];
  adapter: Behaviour;
}

function readJson(path: string, what: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new Error(`could not read ${what} ${path}: ${(e as Error).message}`);
  }
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${what} ${path} is not a JSON object`);
  return value as Record<string, unknown>;
}

export function loadBehaviour(path: string | undefined): Behaviour {
  return path ? (readJson(path, "script") as Behaviour) : {};
}

/** Program keys win; the keyed tables are merged so a program can add one delay to a script's. */
export function mergeBehaviour(base: Behaviour, over: Behaviour): Behaviour {
  return {
    ...base,
    ...over,
    delays: { ...base.delays, ...over.delays },
    errors: { ...base.errors, ...over.errors },
    capabilities: { ...base.capabilities, ...over.capabilities },
  };
}

export function loadProgram(path: string): FakeProgram {
  const raw = readJson(path, "program") as Partial<FakeProgram>;
  if (typeof raw.source !== "string") throw new Error(`program ${path} has no "source"`);
  // Relative paths are relative to the program file, so fixtures can live next to their sources.
  const source = resolve(dirname(resolve(path)), raw.source);
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (e) {
    throw new Error(`could not read source ${source}: ${(e as Error).message}`);
  }
  const lineCount = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  const lines = raw.lines ?? lineCount;
  return {
    source,
    lines,
    functions: raw.functions ?? [{ name: "main", start: 1, end: lines }],
    calls: raw.calls ?? {},
    locals: raw.locals ?? {},
    evaluate: raw.evaluate ?? {},
    output: raw.output ?? {},
    exitCode: raw.exitCode ?? 0,
    spin: raw.spin,
    // Not 1, so a client that assumes thread 1 fails the tests.
    threads: raw.threads?.length ? raw.threads : [{ id: 7, name: "main" }],
    coStops: raw.coStops ?? [],
    adapter: raw.adapter ?? {},
  };
}
