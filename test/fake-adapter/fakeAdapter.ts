// A scriptable DAP adapter for integration tests. It speaks DAP on stdin/stdout, runs a fake
// program described in JSON, and misbehaves on request (delays, errors, hangs, crashes, reverse
// requests, floods) the way real adapters do. Usage and formats: README.md.
//
//   bun test/fake-adapter/fakeAdapter.ts [--script FILE] [--log FILE]
import type { DebugProtocol as P } from "@vscode/debugprotocol";
import { writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { FramingError, MessageDecoder } from "../../src/dap/codec.ts";
import { Engine } from "./engine.ts";
import { type Behaviour, loadBehaviour, loadProgram, mergeBehaviour, type When } from "./program.ts";
import { Wire } from "./wire.ts";

const { values: flags } = parseArgs({ options: { script: { type: "string" }, log: { type: "string" } } });
let behaviour: Behaviour = loadBehaviour(flags.script);
const wire = new Wire(flags.log ?? process.env.FAKE_ADAPTER_LOG);
let engine: Engine | undefined;
let launch: { req: P.Request; stopOnEntry: boolean; attached: boolean } | undefined;
let deferredLaunchResponse: (() => void) | undefined;
let configured = false; // a client may finish configuring before it launches (initialized "beforeLaunch")

// SIGUSR2: from now on answer nothing, as a deadlocked adapter that is still running (a test
// makes a warm spare hang this way; SIGSTOP would show in its process state).
let deadlocked = false;
process.on("SIGUSR2", () => {
  deadlocked = true;
});

// Real adapters accept these while the debuggee runs; everything else must wait for a stop.
const WHILE_RUNNING = new Set(["pause", "threads", "disconnect", "terminate", "setBreakpoints", "setFunctionBreakpoints", "setExceptionBreakpoints"]);
const NEEDS_STOP = new Set(["continue", "next", "stepIn", "stepOut", "stackTrace", "scopes", "variables", "evaluate", "setVariable"]);
const DEFER = Symbol("the handler answers later");

class RequestError extends Error {}
const fail = (message: string): never => {
  throw new RequestError(message);
};
const need = <T>(value: T | undefined, message: string): T => value ?? fail(message);

function fire(when: When): void {
  const at = (w: When | undefined) => (w ?? "afterConfigurationDone") === when;
  for (const e of behaviour.events ?? []) if (at(e.when)) wire.event(e.event, e.body);
  for (const r of behaviour.reverseRequests ?? []) if (at(r.when)) wire.request(r.command, r.arguments ?? {});
  const errFlood = behaviour.stderrFlood;
  if (errFlood && at(errFlood.when)) {
    const block = `${"stderr flood ".padEnd(1023, "e")}\n`;
    const chunk = block.repeat(64);
    for (let left = errFlood.bytes; left > 0; left -= chunk.length) writeSync(2, left >= chunk.length ? chunk : chunk.slice(0, left));
  }
  const flood = behaviour.floodOutput;
  if (flood && at(flood.when)) {
    const size = Math.max(flood.bytes ?? 100, 16);
    for (let i = 0; i < flood.count; i++) {
      const output = `${`flood ${i} `.padEnd(size - 1, "x")}\n`;
      wire.event("output", { category: flood.category ?? "stdout", output });
    }
  }
}

function initialized(): void {
  if (!behaviour.noInitialized) wire.event("initialized");
}

function startProgram(args: { program?: string }, attached: boolean): Engine {
  const path = need(args.program ?? behaviour.program, `no program given to ${attached ? "attach to" : "launch"}`);
  let prog;
  try {
    prog = loadProgram(path);
  } catch (e) {
    return fail((e as Error).message);
  }
  behaviour = mergeBehaviour(behaviour, prog.adapter);
  let late = behaviour.outputAfterStop;
  return new Engine(prog, (event, body) => {
    if (!(event === "exited" && behaviour.noExited)) wire.event(event, body); // Delve sends only `terminated`
    if (event === "stopped" && late) {
      const { text, delayMs = 0, category = "stdout" } = late;
      late = undefined;
      setTimeout(() => wire.event("output", { category, output: text }), delayMs);
    }
    const resumed = behaviour.continuedAfterStop;
    if (event === "stopped" && resumed) wire.event("continued", { threadId: resumed.threadId, allThreadsContinued: false });
  });
}

type Handler = (args: any, req: P.Request) => unknown;

const handlers: Record<string, Handler> = {
  initialize: () => ({
    supportsConfigurationDoneRequest: true,
    supportsConditionalBreakpoints: true,
    supportsHitConditionalBreakpoints: true,
    supportsLogPoints: true,
    supportsFunctionBreakpoints: true,
    supportsEvaluateForHovers: true,
    supportsTerminateRequest: true,
    supportsSetVariable: true,
    exceptionBreakpointFilters: [
      { filter: "raised", label: "Raised exceptions", default: false },
      { filter: "uncaught", label: "Uncaught exceptions", default: true },
    ],
    ...behaviour.capabilities,
  }),
  launch: (args: P.LaunchRequestArguments & { stopOnEntry?: boolean }, req) => begin(req, !!args.stopOnEntry, false),
  attach: (_args: P.AttachRequestArguments, req) => begin(req, false, true),
  setBreakpoints: (args: P.SetBreakpointsArguments) => ({
    breakpoints: need(engine, "no program launched").setBreakpoints(args.source.path ?? "", args.breakpoints ?? []),
  }),
  setFunctionBreakpoints: (args: P.SetFunctionBreakpointsArguments) => ({
    breakpoints: need(engine, "no program launched").setFunctionBreakpoints(args.breakpoints),
  }),
  setExceptionBreakpoints: (args: P.SetExceptionBreakpointsArguments) => ({ breakpoints: args.filters.map(() => ({ verified: true })) }),
  configurationDone: () => undefined,
  threads: () => ({ threads: engine?.threads() ?? [] }),
  stackTrace: (args: P.StackTraceArguments) => {
    const frames = need(engine?.stackTrace(args.threadId), `unknown thread ${args.threadId}`);
    const start = args.startFrame ?? 0;
    return { stackFrames: frames.slice(start, args.levels ? start + args.levels : undefined), totalFrames: frames.length };
  },
  scopes: (args: P.ScopesArguments) => ({ scopes: engine!.scopes(args.frameId) }),
  variables: (args: P.VariablesArguments) => ({
    variables: need(engine!.variables(args.variablesReference), `unknown variablesReference ${args.variablesReference}`),
  }),
  setVariable: (args: P.SetVariableArguments) => need(engine!.setVariable(args.variablesReference, args.name, args.value), `cannot set ${args.name}`),
  evaluate: (args: P.EvaluateArguments) => need(engine!.evaluate(args.expression, args.frameId), `undefined identifier: ${args.expression}`),
  continue: () => ({ allThreadsContinued: true }),
  next: () => undefined,
  stepIn: () => undefined,
  stepOut: () => undefined,
  pause: () => undefined,
  terminate: () => undefined,
  disconnect: () => undefined,
};

function begin(req: P.Request, stopOnEntry: boolean, attached: boolean): unknown {
  launch = { req, stopOnEntry, attached };
  if (behaviour.initializedTiming !== "launchAfterConfigurationDone" || configured) return undefined;
  // debugpy: `initialized` at once, but the launch response only after configurationDone.
  initialized();
  deferredLaunchResponse = () => wire.respond(req, undefined);
  return DEFER;
}

// What follows a successful response: events and the program's own progress.
const afterResponse: Record<string, (req: P.Request) => void> = {
  initialize: () => {
    if (behaviour.initializedTiming === "beforeLaunch") initialized();
    fire("afterInitialize");
  },
  launch: () => afterLaunch(),
  attach: () => afterLaunch(),
  configurationDone: () => {
    deferredLaunchResponse?.();
    deferredLaunchResponse = undefined;
    configured = true;
    fire("afterConfigurationDone");
    engine?.start(!!launch?.stopOnEntry);
  },
  continue: () => engine!.resume("continue"),
  next: () => engine!.resume("next"),
  stepIn: () => engine!.resume("stepIn"),
  stepOut: () => engine!.resume("stepOut"),
  pause: () => engine?.pause(),
  terminate: () => engine?.terminate(),
  disconnect: (req) => void disconnect(req.arguments as P.DisconnectArguments | undefined),
};

function afterLaunch(): void {
  const timing = behaviour.initializedTiming ?? "afterLaunchResponse";
  if (timing === "afterLaunchResponse") initialized(); // lldb-dap: response first, then the event
  fire("afterLaunch");
  if (configured) engine?.start(!!launch?.stopOnEntry);
}

async function disconnect(args: P.DisconnectArguments | undefined): Promise<void> {
  if (launch?.attached && args?.terminateDebuggee === false) process.stderr.write("fake adapter: detached, debuggee left running\n");
  const text = behaviour.stderrOnDisconnect;
  if (text) {
    // lldb-dap-19 prints an abort message and dies with SIGABRT after a clean disconnect.
    wire.event("output", { category: "stderr", output: text });
    writeSync(2, text);
  }
  await wire.exit(behaviour.exitOnDisconnectCode ?? 0);
}

function stateError(command: string): string | undefined {
  const status = engine?.status;
  if (status === "running" && !WHILE_RUNNING.has(command)) return "process is running";
  if (!NEEDS_STOP.has(command) || status === "stopped") return undefined;
  return status === "exited" ? "process has exited" : "process not started";
}

async function dispatch(req: P.Request): Promise<void> {
  try {
    // Launch reads the program first, so the program's own "adapter" keys apply to launch itself.
    const attached = req.command === "attach";
    const starts = attached || req.command === "launch";
    if (starts) engine = startProgram(req.arguments ?? {}, attached);
    const crash = behaviour.crash;
    if (crash?.on === req.command) {
      if (crash.stderr) writeSync(2, crash.stderr);
      if (crash.signal) process.kill(process.pid, crash.signal);
      await wire.exit(crash.exitCode ?? 1);
    }
    if (behaviour.raw?.on === req.command) return wire.raw(behaviour.raw.text);
    if (deadlocked || behaviour.hang?.includes(req.command)) return;
    const delay = behaviour.delays?.[req.command];
    if (delay) await Bun.sleep(delay); // other requests are served meanwhile
    const scripted = behaviour.errors?.[req.command];
    if (scripted) {
      if (starts) engine = undefined; // a failed launch leaves nothing to configure
      return wire.fail(req, scripted);
    }
    const handler = handlers[req.command];
    if (!handler) return wire.fail(req, "unrecognized request");
    const problem = stateError(req.command);
    if (problem) return wire.fail(req, problem);
    const result = handler(req.arguments ?? {}, req);
    if (result === DEFER) return afterLaunch();
    wire.respond(req, result);
    afterResponse[req.command]?.(req);
  } catch (e) {
    if (!(e instanceof RequestError)) throw e;
    wire.fail(req, e.message);
  }
}

/** A bug in the fake must fail the test loudly, not leave a half-alive adapter behind. */
function bug(e: unknown): never {
  process.stderr.write(`fake adapter: internal error: ${(e as Error).stack ?? e}\n`);
  process.exit(70);
}

async function main(): Promise<void> {
  const decoder = new MessageDecoder();
  for await (const chunk of Bun.stdin.stream()) {
    let messages: unknown[];
    try {
      messages = decoder.push(chunk);
    } catch (e) {
      if (!(e instanceof FramingError)) throw e;
      process.stderr.write(`fake adapter: ${e.message}\n`);
      return void (await wire.exit(1));
    }
    for (const msg of messages) {
      wire.log("in", msg);
      // Responses to our reverse requests need nothing beyond the log entry.
      if ((msg as P.ProtocolMessage).type === "request") dispatch(msg as P.Request).catch(bug);
    }
  }
  await wire.exit(0); // the client closed stdin
}

await main();
