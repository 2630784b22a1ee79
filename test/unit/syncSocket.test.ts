// The thin client's libc socket (src/cli/syncSocket.ts) against a Unix socket server in this
// process: the server runs between the client's waits (each wait here is 0 ms, then a turn of the
// event loop), so both ends are real sockets, with no second process.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Received, SyncSocket } from "../../src/cli/syncSocket.ts";

const here = process.platform === "linux";
if (!here) console.warn(`syncSocket.test: skipped: the libc socket is Linux's; on ${process.platform} the thin client uses Bun's socket`);

const dir = mkdtempSync(join(tmpdir(), "dbg-sync-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that records what it gets and answers each line with REPLY(line), then closes if told. */
function server(name: string, reply: (line: string) => string, closeAfter = false) {
  const path = join(dir, name);
  const got: string[] = [];
  let text = "";
  // What the socket did not take yet: written at its drain, then the end if asked.
  let out = Buffer.alloc(0);
  let ending = false;
  const flush = (sock: { write(b: Uint8Array): number; end(): void }) => {
    const n = out.length ? sock.write(out) : 0;
    out = out.subarray(Math.max(n, 0));
    if (!out.length && ending) sock.end();
  };
  const s = Bun.listen({
    unix: path,
    socket: {
      data(sock, chunk) {
        text += chunk.toString();
        for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n")) {
          const line = text.slice(0, at);
          text = text.slice(at + 1);
          got.push(line);
          out = Buffer.concat([out, Buffer.from(reply(line))]);
          ending ||= closeAfter;
          flush(sock);
        }
      },
      drain: flush,
    },
  });
  return { path, got, stop: () => s.stop(true) };
}

/** Reads until N bytes came or the server closed, letting the server run between waits. */
async function readAll(sock: SyncSocket, n: number): Promise<{ bytes: number; text: string; end: Received | undefined }> {
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (let turns = 0; turns < 5000 && bytes < n; turns++) {
    const r = sock.receive(0);
    if (r === "closed" || r === "failed") return { bytes, text: Buffer.concat(parts).toString(), end: r };
    if (r === "nothing") await Bun.sleep(1);
    else {
      parts.push(r.bytes);
      bytes += r.bytes.length;
    }
  }
  return { bytes, text: Buffer.concat(parts).toString(), end: undefined };
}

test.skipIf(!here)("a line sent and a reply of 300 KB read whole, in the order sent", async () => {
  const big = `${"é".repeat(150_000)}\n`; // two bytes a character: 300,001 bytes
  const srv = server("big.sock", () => big);
  const sock = SyncSocket.connect(srv.path);
  expect(sock).toBeInstanceOf(SyncSocket);
  const line = Buffer.from('{"id":1,"argv":["print","ünïcode"]}\n');
  let sent = 0;
  while (sent < line.length) {
    const n = sock!.send(line.subarray(sent), 0);
    expect(n).toBeGreaterThanOrEqual(0);
    sent += n;
  }
  const r = await readAll(sock!, Buffer.byteLength(big));
  expect(r.bytes).toBe(Buffer.byteLength(big));
  expect(r.text).toBe(big);
  expect(srv.got).toEqual(['{"id":1,"argv":["print","ünïcode"]}']);
  sock!.close();
  srv.stop();
});

test.skipIf(!here)("the server's close is told from a wait that found nothing", async () => {
  const srv = server("close.sock", (l) => `${l}!\n`, true);
  const sock = SyncSocket.connect(srv.path)!;
  expect(sock.receive(0)).toBe("nothing");
  sock.send(Buffer.from("hi\n"), 0);
  const r = await readAll(sock, Number.POSITIVE_INFINITY);
  expect(r.text).toBe("hi!\n");
  expect(r.end).toBe("closed");
  sock.close();
  expect(sock.receive(0)).toBe("closed");
  expect(sock.send(Buffer.from("x"), 0)).toBe(-1);
  srv.stop();
});

test.skipIf(!here)("nothing listening: null (the CLI then starts a daemon); a path too long for sockaddr_un, or DEBUGGER_NO_FFI_SOCKET: Bun's socket", () => {
  expect(SyncSocket.connect(join(dir, "nobody.sock"))).toBeNull();
  expect(SyncSocket.connect(join(dir, "x".repeat(120)))).toBeUndefined();
  process.env.DEBUGGER_NO_FFI_SOCKET = "1";
  try {
    const srv = server("off.sock", () => "");
    expect(SyncSocket.connect(srv.path)).toBeUndefined();
    srv.stop();
  } finally {
    delete process.env.DEBUGGER_NO_FFI_SOCKET;
  }
});
