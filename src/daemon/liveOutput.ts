// The program's output sent as it comes while an execution command waits (the CLI on a terminal
// shows it as gdb does): partial replies `{output}` with the program's stdout and stderr. What is
// sent runs from where the session's next stop report begins up to where the report that ends the
// command ends, so it holds everything that report's Output holds (the CLI leaves that section
// out) and nothing the next report will hold. A `start` streams its new session from its first byte.
import type { Session } from "./session/session.ts";
import { joinText, type OutputCategory } from "./session/program/ringBuffer.ts";

const PROGRAM: ReadonlySet<OutputCategory> = new Set(["stdout", "stderr"]);
/** Output that comes in bursts is sent together after this long. */
const GATHER_MS = 30;
/** How often the session's name is looked up again (a `start` creates it, or replaces an ended one). */
const LOOK_MS = 50;

export interface LiveOutput {
  /** The command is done: the rest up to its stop report is sent, and nothing after. */
  end(): void;
}

export function liveOutput(find: () => Session | undefined, emit: (data: { output: string }) => void): LiveOutput {
  const initial = find();
  let session: Session | undefined;
  let cursor = 0;
  let off: (() => void) | undefined;
  let gather: ReturnType<typeof setTimeout> | undefined;

  const send = (upTo = Infinity) => {
    if (!session) return;
    const read = session.output.read(cursor, PROGRAM);
    const chunks = read.chunks.filter((c) => c.seq < upTo);
    cursor = upTo === Infinity ? read.cursor : Math.max(cursor, upTo);
    const text = joinText(chunks);
    if (text) emit({ output: text });
  };
  const follow = () => {
    const now = find();
    // A session that went (a `run` ends its own before it replies) is still read to its end.
    if (now === session || (!now && session)) return;
    off?.();
    session = now;
    if (!session) return;
    // A session this command created: all of its output; one that was there: from its next report's start.
    cursor = session === initial ? session.reportMark : 1;
    off = session.output.onPush(() => {
      gather ??= setTimeout(() => {
        gather = undefined;
        // Stopped: what comes now is either this stop's (sent at the end, up to its report) or the next one's.
        if (session?.state === "running" || session?.state === "starting") send();
      }, GATHER_MS);
    });
    if (session.state === "running" || session.state === "starting") send();
  };
  follow();
  const look = setInterval(follow, LOOK_MS);
  return {
    end() {
      clearInterval(look);
      clearTimeout(gather);
      follow();
      off?.();
      if (session) send(session.reportMark);
    },
  };
}
