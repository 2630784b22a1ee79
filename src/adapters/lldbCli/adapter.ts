// The lldb CLI backend as a DAP adapter of our own: `debugger __lldb-cli-adapter <lldb>` speaks
// DAP on stdio and drives `lldb` (argv, no shell) through pipes, with driver.py running inside
// lldb's embedded Python and answering one JSON line per request. The daemon's session code
// treats it like any stdio adapter. This side owns DAP framing, capabilities and the start-up
// order (the launch answer waits for configurationDone, so breakpoints are set before the
// program runs); the driver owns LLDB.
import { encodeMessage, MessageDecoder } from "../../dap/codec.ts";
import DRIVER from "./driver.py" with { type: "text" };
import { ADAPTER_SUBCOMMAND } from "./names.ts";
import { bootstrapCommand, type DriverMessage, DriverChannel, explainNoDriver } from "./channel.ts";

/** What this backend does, said truthfully in `initialize` (the daemon names what is missing). */
export const CAPABILITIES = {
  supportsConfigurationDoneRequest: true,
  supportsFunctionBreakpoints: true,
  supportsConditionalBreakpoints: true,
  supportsHitConditionalBreakpoints: true,
  supportsLogPoints: true,
  supportsInstructionBreakpoints: true,
  supportsDataBreakpoints: false,
  supportsSetVariable: true,
  supportsSetExpression: true,
  supportsEvaluateForHovers: true,
  supportsReadMemoryRequest: true,
  supportsDisassembleRequest: true,
  supportsSteppingGranularity: true,
  supportsTerminateRequest: true,
  supportsExceptionInfoRequest: false,
  supportsExceptionOptions: false,
  supportsValueFormattingOptions: false,
  supportsStepBack: false,
  supportsRestartRequest: false,
  supportsGotoTargetsRequest: false,
  supportsCompletionsRequest: false,
  supportsModulesRequest: false,
  exceptionBreakpointFilters: [],
};

/** How long lldb may take to load its Python and say it is ready. */
const READY_TIMEOUT_MS = 30_000;

interface Request {
  seq: number;
  type: "request";
  command: string;
  arguments?: Record<string, unknown>;
}

export async function runLldbCliAdapter(argv: string[]): Promise<number> {
  const lldbPath = argv[0];
  if (!lldbPath) {
    process.stderr.write(`usage: debugger ${ADAPTER_SUBCOMMAND} <path to lldb>\n`);
    return 2;
  }
  let seq = 0;
  const write = (m: Record<string, unknown>) => {
    process.stdout.write(encodeMessage({ ...m, seq: ++seq }));
  };
  const respond = (req: Request, success: boolean, bodyOrMessage?: unknown) =>
    write({
      type: "response",
      request_seq: req.seq,
      command: req.command,
      success,
      ...(success ? { body: bodyOrMessage ?? {} } : { message: String(bodyOrMessage) }),
    });
  const emit = (event: string, body: unknown = {}) => write({ type: "event", event, body });

  const lldb = Bun.spawn([lldbPath, "--no-lldbinit", "--batch", "--no-use-colors", "-o", bootstrapCommand(DRIVER)], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });

  // ---- the driver's side --------------------------------------------------------------------
  let ready = false;
  let readyResolve!: () => void;
  let readyReject!: (e: Error) => void;
  const readyPromise = new Promise<void>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  readyPromise.catch(() => {});
  const timer = setTimeout(() => readyReject(new Error(`${lldbPath} did not start its Python within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
  let early = "";
  const pending = new Map<number, (m: Extract<DriverMessage, { type: "response" }>) => void>();
  let driverSeq = 0;
  let programStarted = false;
  let terminatedSent = false;

  const call = async (command: string, args: unknown): Promise<Extract<DriverMessage, { type: "response" }>> => {
    await readyPromise;
    const id = ++driverSeq;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      try {
        lldb.stdin.write(`${JSON.stringify({ seq: id, command, arguments: args ?? {} })}\n`);
        lldb.stdin.flush();
      } catch (e) {
        pending.delete(id);
        resolve({ type: "response", seq: id, success: false, message: `lldb is gone: ${(e as Error).message}` });
      }
    });
  };

  const onDriverMessage = (m: DriverMessage) => {
    if (m.type === "response") {
      const done = pending.get(m.seq);
      pending.delete(m.seq);
      done?.(m);
      return;
    }
    if (m.event === "ready") {
      ready = true;
      clearTimeout(timer);
      readyResolve();
      return;
    }
    if (m.event === "terminated") terminatedSent = true;
    emit(m.event, m.body ?? {});
  };

  const channel = new DriverChannel();
  const pumpStdout = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of lldb.stdout) {
      for (const item of channel.push(dec.decode(chunk, { stream: true }))) {
        if (item.message) onDriverMessage(item.message);
        else if (item.malformed) process.stderr.write(`lldb-cli: malformed driver line: ${item.malformed.slice(0, 300)}\n`);
        else if (item.text) {
          if (!ready) early += item.text;
          // Only a launched program that shares lldb's stdout (no terminal given) writes here.
          else if (programStarted) emit("output", { category: "stdout", output: item.text });
        }
      }
    }
  })();
  const pumpStderr = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of lldb.stderr) {
      const text = dec.decode(chunk, { stream: true });
      if (!ready) early += text;
      process.stderr.write(text);
    }
  })();

  void lldb.exited.then(async (code) => {
    await Promise.race([Promise.all([pumpStdout, pumpStderr]), Bun.sleep(500)]);
    if (!ready) readyReject(new Error(`${explainNoDriver(early)} (${lldbPath}, exit code ${code})`));
    for (const [id, done] of pending) done({ type: "response", seq: id, success: false, message: `lldb exited (code ${code})` });
    pending.clear();
    if (ready && !terminatedSent && !disconnected) emit("terminated");
    // Give the last writes a moment to leave, then go: the daemon sees the adapter end.
    setTimeout(() => process.exit(disconnected ? 0 : 1), 50);
  });

  // ---- the client's side ----------------------------------------------------------------------
  let disconnected = false;
  let launchRequest: Request | undefined;

  const handle = async (req: Request): Promise<void> => {
    const args = req.arguments ?? {};
    switch (req.command) {
      case "initialize":
        // Answered once lldb's Python runs: `doctor`'s handshake then proves the backend works.
        try {
          await readyPromise;
          respond(req, true, CAPABILITIES);
        } catch (e) {
          respond(req, false, (e as Error).message);
        }
        return;
      case "launch": {
        const r = await call("launch", args);
        if (!r.success) return respond(req, false, r.message);
        // The answer waits for configurationDone, which starts the program.
        launchRequest = req;
        emit("initialized");
        return;
      }
      case "attach": {
        const r = await call("attach", args);
        respond(req, r.success, r.success ? r.body : r.message);
        if (r.success) emit("initialized");
        return;
      }
      case "configurationDone": {
        const r = await call("configurationDone", args);
        const launch = launchRequest;
        launchRequest = undefined;
        if (launch) {
          respond(req, true);
          programStarted = r.success;
          respond(launch, r.success, r.success ? {} : r.message);
          return;
        }
        respond(req, r.success, r.success ? r.body : r.message);
        return;
      }
      case "disconnect": {
        const r = await call("disconnect", args);
        disconnected = true;
        respond(req, r.success, r.success ? r.body : r.message);
        try {
          lldb.stdin.end();
        } catch {}
        // lldb leaves when the driver returns; if it lingers, end it.
        setTimeout(() => lldb.kill("SIGKILL"), 3000).unref();
        return;
      }
      default: {
        const r = await call(req.command, args);
        respond(req, r.success, r.success ? r.body : r.message);
      }
    }
  };

  // Requests are handled in order, as lldb handles them one at a time anyway.
  let chain = Promise.resolve();
  const decoder = new MessageDecoder();
  for await (const chunk of Bun.stdin.stream()) {
    for (const m of decoder.push(chunk)) {
      const req = m as Request;
      if (req?.type !== "request") continue;
      chain = chain.then(() => handle(req)).catch((e) => respond(req, false, (e as Error).message));
    }
  }
  // The client closed our stdin: end lldb (and so the program it launched).
  await chain;
  try {
    lldb.stdin.end();
  } catch {}
  setTimeout(() => lldb.kill("SIGKILL"), 3000).unref();
  await lldb.exited;
  return 0;
}
