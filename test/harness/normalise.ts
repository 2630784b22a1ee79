// Turns a transcript of human output into text that is the same on every run and machine, so it
// can be pinned as a golden snapshot. Each rule scrubs one kind of thing that varies, and only that;
// everything else (wording, layout, values the fixtures compute) is kept, since it is what a
// snapshot is for. Rules, in order:
//
//   ANSI colour escapes            removed (stdout is a pipe, so there should be none anyway)
//   CRLF                           LF
//   the repository's path          <repo>       (where the clone is differs per machine)
//   paths under the temp directory <tmp>/…      (mkdtemp names are random)
//   `pid N`, `pid=N`, `Daemon N`   <pid>
//   `thread N`                     <thread>     (lldb-dap's thread ids are OS thread ids)
//   hex numbers of 5+ digits       <addr>       (ASLR; short hex such as 0x1f are values and stay)
//   ISO timestamps, clock times    <timestamp>, <clock>
//   durations: `12 ms`, `1.5 s`    <duration>
//   tool versions (gdb 13.1, go-1.19, python3.11, lldb-dap version 19.1.7, …)  <version>
//   trailing blanks on a line      removed (blank source lines end in spaces)
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface NormaliseOptions {
  /** The repository's root (default: this checkout). */
  root?: string;
  /** The temp directory (default: os.tmpdir()). */
  tmp?: string;
}

const DEFAULT_ROOT = join(import.meta.dir, "..", "..");

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Both spellings of a directory: as given and with symlinks resolved (macOS /tmp → /private/tmp). */
function spellings(dir: string): string[] {
  const out = new Set([dir.replace(/\/+$/, "")]);
  try {
    out.add(realpathSync(dir).replace(/\/+$/, ""));
  } catch {}
  // Longest first, so /private/tmp is replaced before /tmp.
  return [...out].filter(Boolean).sort((a, b) => b.length - a.length);
}

export function normalise(text: string, options: NormaliseOptions = {}): string {
  let out = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r\n/g, "\n");
  for (const root of spellings(options.root ?? DEFAULT_ROOT)) {
    out = out.replace(new RegExp(`${escapeRegExp(root)}(?=[/\\s'"():,]|$)`, "gm"), "<repo>");
  }
  for (const tmp of spellings(options.tmp ?? tmpdir())) {
    // The first component under tmp is the random mkdtemp name; what follows it is the test's own.
    out = out.replace(new RegExp(`${escapeRegExp(tmp)}/[^/\\s'"():,]+`, "g"), "<tmp>");
  }
  out = out
    .replace(/\bpid(\s+|=)\d+/g, "pid$1<pid>")
    .replace(/\bDaemon \d+/g, "Daemon <pid>")
    .replace(/\bthread(\s+)\d+/g, "thread$1<thread>")
    .replace(/\b0x[0-9a-fA-F]{5,}\b/g, "<addr>")
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/g, "<timestamp>")
    .replace(/\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b/g, "<clock>")
    .replace(/\b\d+(\.\d+)?\s?(ms|µs|us|ns)\b/g, "<duration>")
    .replace(/\b\d+\.\d+\s?s\b/g, "<duration>")
    .replace(/\bGNU gdb \([^)\n]*\) \d+(\.\d+)+\S*/g, "GNU gdb <version>")
    .replace(
      /\b(go|llvm|lldb|python|gdb|dlv|delve|debugpy|node|bun)([- ]?v?|\s+version\s+v?)\d+(\.\d+)+(-[\w.]+)?/gi,
      (_m, tool: string, sep: string) => `${tool}${sep}<version>`,
    )
    .replace(/\bversion\s+v?\d+(\.\d+)+(-[\w.]+)?/gi, "version <version>");
  return out
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n");
}
