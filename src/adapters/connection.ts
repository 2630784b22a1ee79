// Starts an adapter process and wires its stdio to a DapClient. The stderr tail is kept so an
// adapter that dies can say why.
import { DebuggerError } from "../common/errors.ts";
import { DapClient, type ClientOptions } from "../dap/client.ts";

export interface AdapterProcess {
  client: DapClient;
  pid: number;
  /** Resolves when the process has exited and its output is drained. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  stderrTail(): string;
  closeInput(): void;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions extends ClientOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Adapter stderr, as it arrives. */
  onStderr?: (text: string) => void;
}

const TAIL_BYTES = 4096;

export function spawnStdioAdapter(command: string[], opts: SpawnOptions): AdapterProcess {
  let proc: ReturnType<typeof Bun.spawn<"pipe", "pipe", "pipe">>;
  try {
    proc = Bun.spawn(command, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
  } catch (e) {
    throw new DebuggerError("ADAPTER_NOT_FOUND", `could not start adapter ${command[0]}: ${(e as Error).message}`, "`debugger doctor` checks the adapters");
  }
  let tail = "";
  let inputOpen = true;
  const client = new DapClient(
    {
      write(bytes) {
        if (!inputOpen) throw new Error("adapter input is closed");
        proc.stdin.write(bytes);
        proc.stdin.flush();
      },
      close() {
        closeInput();
      },
    },
    opts,
  );
  function closeInput(): void {
    if (!inputOpen) return;
    inputOpen = false;
    try {
      proc.stdin.end();
    } catch {}
  }
  const stdoutDone = (async () => {
    for await (const chunk of proc.stdout) client.receive(chunk);
  })().catch(() => {});
  const stderrDone = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of proc.stderr) {
      const text = dec.decode(chunk, { stream: true });
      tail = (tail + text).slice(-TAIL_BYTES);
      opts.onStderr?.(text);
    }
  })().catch(() => {});
  const exited = proc.exited.then(async (code) => {
    await Promise.all([stdoutDone, stderrDone]);
    const signal = proc.signalCode == null ? null : String(proc.signalCode);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const last = tail.trim() ? `; its last stderr output:\n${tail.trim().split("\n").slice(-10).join("\n")}` : "";
    client.fail(new DebuggerError("ADAPTER_EXITED", `the debug adapter ${how}${last}`, "the session is over: `debugger start` begins a new one; `debugger logs` has details"));
    return { code: signal ? null : code, signal };
  });
  return {
    client,
    pid: proc.pid,
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

export function connectAdapter(spec: { transport: string; name: string }, command: string[], opts: SpawnOptions): AdapterProcess {
  if (spec.transport === "stdio") return spawnStdioAdapter(command, opts);
  throw new DebuggerError("UNSUPPORTED", `adapter ${spec.name}: transport '${spec.transport}' is not supported yet`, "use an adapter that speaks DAP on stdio");
}
