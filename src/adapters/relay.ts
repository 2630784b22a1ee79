// `debugger __relay [--cwd DIR] -- ADAPTER…`: runs inside a `--via` target, for an adapter that only
// listens on TCP (Delve). It starts the adapter, reads the port it prints, connects to it on the
// target's own loopback and relays DAP between that socket and its own stdin/stdout (the via
// command's pipe). The adapter's stdout/stderr (the program's output, for Delve) is sent on as DAP
// `output` events between whole messages, so nothing but DAP is on stdout. The pipe is the life
// line: when stdin ends (stop, a dead daemon, a lost ssh connection, a killed `docker exec`), the
// adapter and everything it started are ended. docs/decisions.md says why it is this executable.
import { readFileSync, readdirSync } from "node:fs";
import type { Socket } from "bun";

const LISTENING = /listening at:\s*\[?([\w.:-]+?)\]?:(\d+)/;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/** The pids below `root` (children first found, then theirs), read from /proc. */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const c of children.get(queue.shift()!) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {}
}

function outputEvent(category: "stdout" | "stderr", text: string): Uint8Array {
  const body = JSON.stringify({ seq: 0, type: "event", event: "output", body: { category, output: text } });
  return Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`), Buffer.from(body)]);
}

/** Splits a DAP byte stream into whole messages (header and body), so events can go between them. */
class Framer {
  private buf = Buffer.alloc(0);
  push(chunk: Uint8Array): Uint8Array[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: Uint8Array[] = [];
    for (;;) {
      const end = this.buf.indexOf("\r\n\r\n");
      if (end < 0) break;
      const length = Number(/Content-Length:\s*(\d+)/i.exec(this.buf.toString("latin1", 0, end))?.[1] ?? NaN);
      if (!Number.isFinite(length)) {
        // Not DAP: pass it on whole rather than hold it for ever.
        out.push(this.buf);
        this.buf = Buffer.alloc(0);
        break;
      }
      if (this.buf.length < end + 4 + length) break;
      out.push(this.buf.subarray(0, end + 4 + length));
      this.buf = this.buf.subarray(end + 4 + length);
    }
    return out;
  }
}

export async function runRelay(argv: string[]): Promise<number> {
  let cwd: string | undefined;
  let i = 0;
  for (; i < argv.length && argv[i] !== "--"; i++) if (argv[i] === "--cwd") cwd = argv[++i];
  const command = argv.slice(i + 1);
  if (!command.length) {
    process.stderr.write("usage: debugger __relay [--cwd DIR] -- ADAPTER ARGS…\n");
    return 2;
  }
  const out = Bun.stdout.writer();
  const send = (bytes: Uint8Array) => {
    out.write(bytes);
    out.flush();
  };
  let adapter;
  try {
    adapter = Bun.spawn(command, { cwd, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  } catch (e) {
    process.stderr.write(`relay: could not start ${command[0]}: ${(e as Error).message}\n`);
    return 127;
  }
  let socket: Socket | undefined;
  let ended = false;
  /** Ends the adapter and what it started: first by closing its connection (Delve then ends a launched program), then by signal. */
  const end = async (code: number) => {
    if (ended) return;
    ended = true;
    socket?.end();
    const gone = await Promise.race([adapter.exited.then(() => true), Bun.sleep(3000).then(() => false)]);
    const below = descendantsOf(process.pid);
    for (const p of below.reverse()) kill(p, "SIGKILL");
    if (!gone) kill(adapter.pid, "SIGKILL");
    process.exit(code);
  };

  // Before the connection: the adapter's stdout is searched for its port. After: its output is the program's.
  const early: Uint8Array[] = [];
  let connected = false;
  const forward = (category: "stdout" | "stderr", text: string) => {
    if (connected) send(outputEvent(category, text));
    else early.push(outputEvent(category, text));
  };
  const port = new Promise<{ host: string; port: number }>((resolvePort, reject) => {
    let seen = "";
    let found = false;
    const dec = new TextDecoder();
    void (async () => {
      for await (const chunk of adapter.stdout) {
        const text = dec.decode(chunk, { stream: true });
        if (found) {
          forward("stdout", text);
          continue;
        }
        seen += text;
        const m = LISTENING.exec(seen);
        if (!m) continue;
        found = true;
        resolvePort({ host: m[1]!, port: Number(m[2]) });
        const nl = seen.indexOf("\n", m.index);
        if (nl >= 0 && nl + 1 < seen.length) forward("stdout", seen.slice(nl + 1));
      }
      reject(new Error(`${command[0]} ended before it said which port it listens on${seen ? `: ${seen.trim().slice(-500)}` : ""}`));
    })();
  });
  void (async () => {
    const dec = new TextDecoder();
    for await (const chunk of adapter.stderr) {
      const text = dec.decode(chunk, { stream: true });
      // Until it listens, its stderr says why it could not start: the relay's stderr, as an adapter's.
      if (connected) forward("stderr", text);
      else process.stderr.write(text);
    }
  })();
  adapter.exited.then(() => setTimeout(() => void end(0), 200));
  // A hang-up (ssh's session ended) or a terminate: the same clean end as a closed pipe.
  for (const sig of ["SIGHUP", "SIGTERM", "SIGINT", "SIGPIPE"] as const) process.on(sig, () => void end(0));

  let at: { host: string; port: number };
  try {
    at = await Promise.race([port, Bun.sleep(30_000).then(() => Promise.reject(new Error(`${command[0]} did not say which port it listens on within 30 s`)))]);
  } catch (e) {
    process.stderr.write(`relay: ${(e as Error).message}\n`);
    await end(1);
    return 1;
  }
  // The target's own loopback only: never another address (the adapter was told to listen there).
  if (!LOOPBACK.has(at.host)) {
    process.stderr.write(`relay: ${command[0]} listens on ${at.host}, not on loopback: refused\n`);
    await end(1);
    return 1;
  }
  const framer = new Framer();
  try {
    socket = await Bun.connect({
      hostname: at.host === "localhost" ? "127.0.0.1" : at.host,
      port: at.port,
      socket: {
        data(_s, chunk) {
          for (const m of framer.push(chunk)) send(m);
        },
        close() {
          void end(0);
        },
        error() {
          void end(1);
        },
      },
    });
  } catch (e) {
    process.stderr.write(`relay: could not connect to ${at.host}:${at.port}: ${(e as Error).message}\n`);
    await end(1);
    return 1;
  }
  connected = true;
  for (const e of early) send(e);
  for await (const chunk of Bun.stdin.stream()) {
    let rest: Uint8Array = chunk;
    while (rest.length) {
      const n = socket.write(rest);
      if (n >= rest.length) break;
      rest = rest.subarray(Math.max(n, 0));
      await Bun.sleep(1);
    }
  }
  await end(0);
  return 0;
}
