// Reading what `lldb` writes on its stdout while driver.py runs inside it: lines that start with
// the record separator \x1e are the driver's JSON messages; anything else is not ours — LLDB's
// own echo of the start-up command before the driver runs, or the program's output when it
// shares lldb's stdout (a launch without a terminal). Pure: feed text, get messages and text.

export const MARK = "\x1e";

export type DriverMessage =
  | { type: "response"; seq: number; success: boolean; body?: unknown; message?: string }
  | { type: "event"; event: string; body?: Record<string, unknown> };

export interface ChannelItem {
  message?: DriverMessage;
  /** Text that was not a driver message, line endings kept. */
  text?: string;
  /** A marked line that did not parse: a bug in the driver, reported rather than dropped. */
  malformed?: string;
}

export class DriverChannel {
  private partial = "";

  /** Whole lines become items; a trailing partial line waits for its end (unless it is plain text). */
  push(chunk: string): ChannelItem[] {
    const all = this.partial + chunk;
    const out: ChannelItem[] = [];
    let start = 0;
    for (let nl = all.indexOf("\n", start); nl >= 0; nl = all.indexOf("\n", start)) {
      const line = all.slice(start, nl + 1);
      // The program may share lldb's stdout and leave a line unfinished before a message.
      const at = line.indexOf(MARK);
      if (at > 0) out.push({ text: line.slice(0, at) }, this.item(line.slice(at)));
      else out.push(this.item(line));
      start = nl + 1;
    }
    const rest = all.slice(start);
    // A marked line is held until it is whole; plain text goes on at once (a prompt, `printf`
    // without a newline) — unless it could be the start of a marked line cut in two.
    const at = rest.indexOf(MARK);
    if (rest && at !== 0) {
      out.push({ text: at > 0 ? rest.slice(0, at) : rest });
      this.partial = at > 0 ? rest.slice(at) : "";
    } else {
      this.partial = rest;
    }
    return mergeText(out);
  }

  private item(line: string): ChannelItem {
    if (!line.startsWith(MARK)) return { text: line };
    const json = line.slice(MARK.length).trim();
    try {
      const m = JSON.parse(json) as DriverMessage;
      if (m && (m.type === "response" || m.type === "event")) return { message: m };
    } catch {}
    return { malformed: json };
  }
}

function mergeText(items: ChannelItem[]): ChannelItem[] {
  const out: ChannelItem[] = [];
  for (const it of items) {
    const last = out.at(-1);
    if (it.text !== undefined && last?.text !== undefined) last.text += it.text;
    else out.push({ ...it });
  }
  return out;
}

/** The one-line `script` command that runs the driver inside lldb: no temporary file, no shell. */
export function bootstrapCommand(driverSource: string): string {
  const b64 = Buffer.from(driverSource, "utf8").toString("base64");
  return `script import base64; exec(base64.b64decode('${b64}').decode('utf-8'))`;
}

/**
 * Why lldb ended before the driver said it was ready, from its output: an LLDB built without
 * Python answers `script` with an error about the script interpreter.
 */
export function explainNoDriver(output: string): string {
  const text = output.replace(/\x1e[^\n]*\n?/g, "").trim();
  if (/no (embedded )?script(ing)? interpreter|script interpreter|python/i.test(text) && /error/i.test(text)) {
    return `this lldb has no Python scripting, which the lldb CLI backend needs (${lastLine(text)})`;
  }
  return text ? `lldb ended before the backend started: ${lastLine(text)}` : "lldb ended before the backend started (no output)";
}

function lastLine(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("(lldb) script import base64"));
  return lines.at(-1) ?? text.split("\n")[0]!.slice(0, 200);
}
