// The daemon's side of a thin client's command line (../ipc/line.ts): the CLI's own runLine, with
// the caller's world taken from the request and its text collected for the reply. Loaded only by
// the daemon (main.ts hands it over), on the first line a thin client sends.
import { AsyncLocalStorage } from "node:async_hooks";
import { setHostedWorld, type Env } from "../common/callerEnv.ts";
import { cliSettings } from "../common/cliSettings.ts";
import type { Requester } from "../ipc/client.ts";
import type { LineArgs, LineHost, LineResult } from "../ipc/line.ts";
import { LineFallback, runLine, type LineIo } from "./run.ts";

/** The client a line runs for, while its code runs (lines run side by side in the daemon). */
const world = new AsyncLocalStorage<{ env: Env; cwd: string }>();
setHostedWorld(() => world.getStore());

/** Flags of a launch read in the CLI's own process (a launch.json, config.toml's targets): such a line is the client's to run. */
const CLIENT_FLAGS = /^--(config|launch-file|target)(=|$)/;

export async function serveLine(a: LineArgs, cwd: string, host: LineHost): Promise<LineResult> {
  if (a.env) {
    const end = a.argv.indexOf("--");
    if ((end < 0 ? a.argv : a.argv.slice(0, end)).some((w) => CLIENT_FLAGS.test(w))) return { fallback: "a launch configuration or target" };
  }
  let out = "";
  let err = "";
  // Until a partial reply or a Ctrl-C line, the text goes back whole with the result: one write.
  let live = false;
  const goLive = () => {
    if (live) return;
    live = true;
    if (out || err) host.emit({ ...(out ? { out } : {}), ...(err ? { err } : {}) });
    out = "";
    err = "";
  };
  const request = ((msg, timeoutMs, opts) => {
    // The client guards against a hung daemon for guardMs: a command that may wait longer says so first.
    if (timeoutMs > a.guardMs) host.emit({ guardMs: timeoutMs });
    return host.request(msg, { onPartial: opts?.onPartial as never, signal: opts?.signal });
  }) as Requester;
  const io: LineIo = {
    json: a.json,
    session: a.session,
    cwd,
    settings: () => cliSettings(a.config),
    request,
    write: async (stream, text) => {
      if (live) host.emit(stream === "out" ? { out: text } : { err: text });
      else if (stream === "out") out += text;
      else err += text;
    },
    // A thin client is used only where neither stdout nor stderr is a terminal.
    terminal: () => false,
    say: (text) => {
      goLive();
      host.emit({ err: `${text}\n` });
    },
    onInterrupt: (heard) => host.onInterrupt(heard),
    live: goLive,
    hosted: true,
    launches: a.env !== undefined,
  };
  try {
    const env = a.env;
    const exit = await (env ? world.run({ env, cwd }, () => runLine(a.argv, io)) : runLine(a.argv, io));
    return { out, err, exit };
  } catch (e) {
    if (e instanceof LineFallback) return { fallback: e.message };
    throw e;
  }
}
