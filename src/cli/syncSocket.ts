// The thin client's connection to the daemon through libc (../common/libc.ts): connect, send and
// wait for the reply with blocking calls on this thread, instead of Bun.connect, whose socket
// needs the event loop's turns to open, write and read (measured: a `threads` 1.3–1.6 ms sooner,
// docs/decisions.md "The thin client's socket"). The event loop still runs between waits: a wait
// returns at a signal (poll's EINTR), so the caller yields and Bun runs the process's SIGINT
// listener, and at least every MAX_WAIT_MS, so its timers fire. Linux only (the sockaddr_un and
// pollfd layouts and constants below are Linux's on every architecture).
import { libc, type Libc } from "../common/libc.ts";

const AF_UNIX = 1;
const SOCK_STREAM = 1;
const SOCK_CLOEXEC = 0o2000000;
const MSG_DONTWAIT = 0x40;
const MSG_NOSIGNAL = 0x4000;
const POLLIN = 0x1;
const POLLOUT = 0x4;
/** sockaddr_un: a 2-byte family, then the path (108 bytes with its NUL). */
const SUN_PATH_MAX = 108;
/** The longest one wait blocks the thread: the event loop's timers get a turn at least this often. */
export const MAX_WAIT_MS = 200;

/** What a wait saw: bytes, the daemon's end of the connection, a failure, or nothing yet (a signal, a timeout). */
export type Received = { bytes: Uint8Array } | "closed" | "failed" | "nothing";

export class SyncSocket {
  private readonly buf = new Uint8Array(1 << 16);
  private readonly pollfd = new Uint8Array(8);
  private closed = false;

  private constructor(
    private readonly c: Libc,
    private readonly fd: number,
  ) {
    new DataView(this.pollfd.buffer).setInt32(0, fd, true);
  }

  /**
   * Connected to the socket at PATH; null when nothing listens there (the caller starts over as
   * for Bun.connect's connectError); undefined where this way is not available here.
   */
  static connect(path: string): SyncSocket | null | undefined {
    if (process.env.DEBUGGER_NO_FFI_SOCKET) return undefined;
    const c = libc();
    const name = Buffer.from(path);
    if (!c || name.length >= SUN_PATH_MAX || name.includes(0)) return undefined;
    const fd = c.socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return undefined;
    const addr = new Uint8Array(2 + SUN_PATH_MAX);
    new DataView(addr.buffer).setUint16(0, AF_UNIX, true);
    addr.set(name, 2);
    if (c.connect(fd, addr, addr.length) !== 0) {
      c.close(fd);
      return null;
    }
    return new SyncSocket(c, fd);
  }

  /**
   * Sends what it can of BYTES without blocking, waiting up to waitMs for room when none is left:
   * how many went, or -1 when the connection failed.
   */
  send(bytes: Uint8Array, waitMs: number): number {
    if (this.closed) return -1;
    let n = this.c.send(this.fd, bytes, bytes.length, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n >= 0) return n;
    // A full buffer or a failure (errno is not readable through FFI): poll tells them apart.
    if (this.wait(POLLOUT, waitMs) <= 0) return 0;
    n = this.c.send(this.fd, bytes, bytes.length, MSG_DONTWAIT | MSG_NOSIGNAL);
    return n >= 0 ? n : -1;
  }

  /** Waits up to waitMs (at most MAX_WAIT_MS) for what the daemon sends. */
  receive(waitMs: number): Received {
    if (this.closed) return "closed";
    const ready = this.wait(POLLIN, waitMs);
    if (ready <= 0) return "nothing";
    const n = this.c.recv(this.fd, this.buf, this.buf.length, MSG_DONTWAIT);
    if (n > 0) return { bytes: this.buf.slice(0, n) };
    if (n === 0) return "closed";
    // -1 after poll said readable: an error on the connection (EAGAIN cannot follow POLLIN here).
    return "failed";
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.c.close(this.fd);
  }

  /** poll on the socket: >0 ready (or hung up, or failed: the next call says which), 0 timed out, <0 a signal. */
  private wait(events: number, waitMs: number): number {
    const view = new DataView(this.pollfd.buffer);
    view.setInt16(4, events, true);
    view.setInt16(6, 0, true);
    return this.c.poll(this.pollfd, 1, Math.max(0, Math.min(Math.ceil(waitMs), MAX_WAIT_MS)));
  }
}
