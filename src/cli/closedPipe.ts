// A reader that closes the pipe (`debugger help --all | head -1`) has had what it wanted: the
// command writes nothing more, says nothing, and exits with the status it had anyway (0 for a
// command that succeeded; git's 141 would fail every `set -o pipefail` script that reads only the
// head of a reply). Bun ignores SIGPIPE, so the closed pipe shows up as EPIPE from the write.

/** Thrown by writeTo once stdout or stderr is closed by its reader; runCli turns it into the exit. */
export class OutputClosed extends Error {
  constructor() {
    super("the reader closed the output");
  }
}

let closed = false;

export function isClosedPipe(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof OutputClosed || code === "EPIPE" || code === "ERR_STREAM_DESTROYED";
}

/** Writes text whole, or throws OutputClosed (and writes nothing more after) when the reader is gone. */
export async function writeTo(stream: "out" | "err", text: string): Promise<void> {
  if (closed) throw new OutputClosed();
  try {
    await Bun.write(stream === "out" ? Bun.stdout : Bun.stderr, text);
  } catch (e) {
    if (!isClosedPipe(e)) throw e;
    closed = true;
    throw new OutputClosed();
  }
}
