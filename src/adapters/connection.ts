// Connects a DapClient to an adapter: over a child's stdio, over TCP to a child that prints the
// port it listens on (Delve), or over TCP to an adapter someone else started (`--connect`).
// The adapter's stderr tail is kept so an adapter that dies can say why.
import { closeSync, openSync } from "node:fs";
import type { Socket } from "bun";
import { ownEnv, type Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { DapClient, type ClientOptions } from "../dap/client.ts";
import { drained, exitMessage, listening } from "./adapterExit.ts";
import { openStdioFifos, readOutput, spawnOnFifos } from "./stdioFifos.ts";
import { spawnSessionServer } from "./sessionServer.ts";

export { exitMessage };

export interface AdapterProcess {
  client: DapClient;
  /** The adapter process, when we started one. */
  pid: number | undefined;
  /**
   * `DEBUGGER_ADAPTER_ID=…`, set in the environment of an adapter we started: every process it
   * starts inherits it, so the program it launched can be found even after the adapter died.
   */
  envMark?: string;
  /** The names of the variables the adapter process was started with: what a program it launches would inherit. */
  inherited: string[];
  /** Resolves when the adapter has gone (process exited or socket closed) and its output is drained. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  /**
   * Where the program's stdout and stderr come through named pipes of this process's (Delve's own
   * stdout and stderr; the program js-debug's session server starts): resolves once what was
   * written to them so far has been read (at most `maxMs`), true if exactly so.
   */
  settleOutput?(maxMs: number): Promise<boolean>;
  stderrTail(): string;
  closeInput(): void;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions extends ClientOptions {
  cwd: string;
  /** The environment the adapter starts from: the caller's for a session, this daemon's for a warm spare. */
  baseEnv?: Env;
  /** Added for the adapter itself (FoundAdapter.env). */
  env?: Record<string, string>;
  /** Adapter stderr, as it arrives. */
  onStderr?: (text: string) => void;
  /** Adapter stdout/stderr that is not DAP (tcp-listen adapters print the debuggee's output there). */
  onProgramOutput?: (text: string, stream: "stdout" | "stderr") => void;
  /** A file to give a tcp-listen adapter as its stdin, for the program it launches to inherit (Delve: `--stdin`). */
  stdinFile?: string;
}

export type Transport =
  | { kind: "stdio" }
  | { kind: "tcp-listen"; pattern: RegExp }
  | { kind: "tcp-connect"; host: string; port: number }
  /** A server that opens each debuggee's session on a new connection (js-debug's startDebugging): sessionServer.ts. */
  | { kind: "tcp-listen-sessions"; pattern: RegExp; compiledFor?(source: string, roots: string[]): string[] };

const TAIL_BYTES = 4096;

/**
 * Why an adapter could not be spawned. Only a missing or unusable command is ADAPTER_NOT_FOUND:
 * a daemon out of descriptors or memory has found the adapter, and `doctor` would find it too.
 */
export function spawnFailure(command: string, e: unknown): DebuggerError {
  const err = e as NodeJS.ErrnoException;
  const code = err.code ?? /\b(EMFILE|ENFILE|EAGAIN|ENOMEM)\b/.exec(err.message ?? "")?.[1];
  if (code === "EMFILE" || code === "ENFILE") {
    const whose = code === "EMFILE" ? "the daemon has" : "the system has";
    return new DebuggerError(
      "ADAPTER_START_FAILED",
      `could not start adapter ${command}: too many open files (${code}): ${whose} no file descriptor left for its pipes`,
      code === "EMFILE"
        ? "raise the limit (`ulimit -n 4096`) in the shell, run `debugger daemon stop` so the next command starts a daemon with it, or end sessions you no longer need (`debugger sessions`)"
        : "close programs that hold many files, or raise fs.file-max; then try again",
    );
  }
  if (code === "EAGAIN" || code === "ENOMEM")
    return new DebuggerError(
      "ADAPTER_START_FAILED",
      `could not start adapter ${command}: out of processes or memory (${code})`,
      "end sessions you no longer need (`debugger sessions`) or raise `ulimit -u`; then try again",
    );
  return new DebuggerError("ADAPTER_NOT_FOUND", `could not start adapter ${command}: ${err.message}`, "`debugger doctor` checks the adapters");
}

let spawned = 0;
/**
 * The adapter's stdin is the DAP channel ("pipe") or, for an adapter that talks over TCP, /dev/null
 * ("ignore") or the `--stdin` file (an open fd): a program it launches inherits it (Delve), and a
 * read must get end-of-file or the file, not wait for ever on a pipe nobody writes.
 */
function spawnProcess<S extends "pipe" | "ignore" | number>(
  command: string[],
  opts: SpawnOptions,
  stdin: S,
  outputs: { stdout: "pipe"; stderr: "pipe" } = { stdout: "pipe", stderr: "pipe" },
) {
  const id = `${process.pid}.${++spawned}.${crypto.randomUUID().slice(0, 8)}`;
  try {
    const env = { ...(opts.baseEnv ?? ownEnv()), ...opts.env, DEBUGGER_ADAPTER_ID: id };
    // `outputs`: Bun's pipes, or named pipes' write ends (stdioFifos.ts spawnOnFifos).
    const proc = Bun.spawn(command, { cwd: opts.cwd, env, stdin, ...outputs });
    return Object.assign(proc, { envMark: `DEBUGGER_ADAPTER_ID=${id}`, inherited: Object.keys(env) });
  } catch (e) {
    throw spawnFailure(command[0]!, e);
  }
}

async function pump(stream: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<void> {
  const dec = new TextDecoder();
  for await (const chunk of stream) onText(dec.decode(chunk, { stream: true }));
}

export function spawnStdioAdapter(command: string[], opts: SpawnOptions): AdapterProcess {
  const proc = spawnProcess(command, opts, "pipe");
  let tail = "";
  let inputOpen = true;
  const closeInput = () => {
    if (!inputOpen) return;
    inputOpen = false;
    try {
      proc.stdin.end();
    } catch {}
  };
  const client = new DapClient(
    {
      write(bytes) {
        if (!inputOpen) throw new Error("adapter input is closed");
        proc.stdin.write(bytes);
        proc.stdin.flush();
      },
      close: closeInput,
    },
    opts,
  );
  const stdoutDone = (async () => {
    for await (const chunk of proc.stdout) client.receive(chunk);
  })().catch(() => {});
  const stderrDone = pump(proc.stderr, (text) => {
    tail = (tail + text).slice(-TAIL_BYTES);
    opts.onStderr?.(text);
  }).catch(() => {});
  const exited = proc.exited.then(async (code) => {
    await drained([stdoutDone, stderrDone]);
    const signal = proc.signalCode == null ? null : String(proc.signalCode);
    client.fail(exitMessage(signal ? `was killed by ${signal}` : `exited with code ${code}`, tail));
    return { code: signal ? null : code, signal };
  });
  return {
    client,
    pid: proc.pid,
    envMark: proc.envMark,
    inherited: proc.inherited,
    exited,
    stderrTail: () => tail,
    closeInput,
    kill(signal = "SIGKILL") {
      try {
        proc.kill(signal);
      } catch {}
    },
  };
}

/** Opens a TCP connection that feeds a DapClient; resolves once connected. */
async function openTcp(host: string, port: number, opts: SpawnOptions, onClose: () => void): Promise<{ client: DapClient; end: () => void }> {
  let sock: Socket<undefined> | undefined;
  let client!: DapClient;
  const pending: Uint8Array[] = [];
  const flush = () => {
    while (sock && pending.length) {
      const chunk = pending[0]!;
      const n = sock.write(chunk);
      if (n < chunk.length) {
        pending[0] = chunk.subarray(Math.max(n, 0));
        return;
      }
      pending.shift();
    }
  };
  client = new DapClient(
    {
      write(bytes) {
        pending.push(bytes);
        flush();
      },
      close: () => sock?.end(),
    },
    opts,
  );
  try {
    sock = await Bun.connect({
      hostname: host,
      port,
      socket: {
        data: (_s, chunk) => client.receive(chunk),
        drain: () => flush(),
        close: () => onClose(),
        error: () => onClose(),
      },
    });
  } catch (e) {
    throw new DebuggerError(
      "ADAPTER_NOT_FOUND",
      `could not connect to a debug adapter at ${host}:${port}: ${(e as Error).message}`,
      "is the adapter listening there? (e.g. `dlv dap --listen=HOST:PORT`, `python3 -m debugpy --listen HOST:PORT prog.py`)",
    );
  }
  return { client, end: () => sock?.end() };
}

function openStdin(path: string): number {
  try {
    return openSync(path, "r");
  } catch (e) {
    throw new DebuggerError(
      "INVALID_ARGUMENT",
      `--stdin ${path}: cannot be opened (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      "give a readable file",
    );
  }
}

/**
 * Starts an adapter that listens on a port it prints (e.g. `dlv dap --listen=127.0.0.1:0`). One whose
 * stdout and stderr are its program's (onProgramOutput: Delve) gets named pipes for them (stdioFifos.ts).
 */
export async function spawnListeningAdapter(command: string[], pattern: RegExp, opts: SpawnOptions): Promise<AdapterProcess> {
  const fifos = opts.onProgramOutput ? openStdioFifos() : undefined;
  const proc = spawnOnFifos(fifos, (outputs) => {
    if (!opts.stdinFile) return spawnProcess(command, opts, "ignore", outputs);
    // The child gets its own copy of the descriptor: ours is closed once it is spawned.
    const fd = openStdin(opts.stdinFile);
    try {
      return spawnProcess(command, opts, fd, outputs);
    } finally {
      closeSync(fd);
    }
  });
  let tail = "";
  let address: { host: string; port: number } | undefined;
  let seen = "";
  let announce!: (a: { host: string; port: number }) => void;
  const announced = new Promise<{ host: string; port: number }>((resolve) => (announce = resolve));
  // Until the "listening" line, stdout is the adapter's own; after it, the debuggee's output.
  const stdoutDone = readOutput(fifos, "stdout", proc.stdout, (text) => {
    if (address) return opts.onProgramOutput?.(text, "stdout");
    seen += text;
    const m = pattern.exec(seen);
    if (!m) return;
    address = { host: m[1]!, port: Number(m[2]) };
    announce(address);
    const rest = seen.slice(m.index + m[0].length).replace(/^\r?\n/, "");
    if (rest) opts.onProgramOutput?.(rest, "stdout");
  }).catch(() => {});
  const stderrDone = readOutput(fifos, "stderr", proc.stderr, (text) => {
    tail = (tail + text).slice(-TAIL_BYTES);
    if (address && opts.onProgramOutput) opts.onProgramOutput(text, "stderr");
    else opts.onStderr?.(text);
  }).catch(() => {});
  // The pipes' directory goes once the adapter is gone and its streams drained (or given up on).
  void Promise.all([stdoutDone, stderrDone]).finally(() => fifos?.close());
  const { addr, procExit, kill } = await listening(proc, command, announced, [stdoutDone, stderrDone], () => tail + seen);
  const { client, end } = await openTcp(addr.host, addr.port, opts, () => {}).catch((e) => {
    kill();
    throw e;
  });
  const exited = procExit.then((how) => {
    client.fail(exitMessage(how.signal ? `was killed by ${how.signal}` : `exited with code ${how.code}`, tail));
    return how;
  });
  return {
    client,
    pid: proc.pid,
    envMark: proc.envMark,
    inherited: proc.inherited,
    exited,
    stderrTail: () => tail,
    closeInput: end,
    kill,
    ...(fifos ? { settleOutput: fifos.settled } : {}),
  };
}

/** Connects to an adapter somebody else started (`--connect HOST:PORT`). */
export async function connectTcpAdapter(host: string, port: number, opts: SpawnOptions): Promise<AdapterProcess> {
  let closed!: () => void;
  const gone = new Promise<void>((resolve) => (closed = resolve));
  const { client, end } = await openTcp(host, port, opts, () => closed());
  const exited = gone.then(() => {
    client.fail(
      new DebuggerError(
        "ADAPTER_EXITED",
        `the debug adapter at ${host}:${port} closed the connection`,
        "the session is over: start the adapter again and reconnect",
      ),
    );
    return { code: null, signal: null };
  });
  return { client, pid: undefined, inherited: [], exited, stderrTail: () => "", closeInput: end, kill: end };
}

export async function connectAdapter(transport: Transport, command: string[], opts: SpawnOptions): Promise<AdapterProcess> {
  switch (transport.kind) {
    case "stdio":
      return spawnStdioAdapter(command, opts);
    case "tcp-listen":
      return spawnListeningAdapter(command, transport.pattern, opts);
    case "tcp-connect":
      return connectTcpAdapter(transport.host, transport.port, opts);
    case "tcp-listen-sessions":
      return spawnSessionServer(command, transport.pattern, opts, { compiledFor: transport.compiledFor });
  }
}
