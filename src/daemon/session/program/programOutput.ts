// Where the adapter's output events go — the program's stdout/stderr, the debugger's console text,
// the reply of a `raw` command, or nowhere — and the part of it each stop report carries.
import type { AdapterSpec, FoundAdapter } from "../../../adapters/types.ts";
import { followLauncherPipes, type LauncherPipes } from "../../../adapters/launcherPipes.ts";
import { openProgramPipes, type ProgramPipes } from "../../../adapters/programPipes.ts";
import { openProgramTerminal, type ProgramTerminal } from "../../../adapters/programTerminal.ts";
import type { Config } from "../../../common/config.ts";
import type { DapEventMap } from "../../../dap/types.ts";
import type { StopReport } from "../../../ipc/types.ts";
import { CrlfNormalizer } from "./lineEndings.ts";
import { OutputFile, type OutputFileState } from "./outputFile.ts";
import { joinText, RingBuffer, type OutputCategory } from "./ringBuffer.ts";

/** A report carries at most this much of the program's output: the last whole lines that fit. */
export const REPORT_OUTPUT_BYTES = 8192;
const PROGRAM_STREAMS: ReadonlySet<OutputCategory> = new Set(["stdout", "stderr"]);

export interface OutputHost {
  /** The session's name, in the name of the file that keeps its whole output. */
  readonly name: string;
  readonly adapter: AdapterSpec;
  readonly found: FoundAdapter | undefined;
  /** False once the adapter is being disconnected (lldb-dap-19 prints its crash trace after a clean disconnect). */
  accepting(): boolean;
}

export class ProgramOutput {
  readonly buffer: RingBuffer;
  private readonly crlf = new CrlfNormalizer();
  /** The last output event's text: gdb's "Old value = " comes in one event and the value in the next. */
  private previous: string | undefined;
  /** Output events while a console command runs whose text arrives as output (cdt-gdb-adapter's `raw`). */
  private captured: string[] | undefined;
  /** Told of each captured event while capture() waits for its fence. */
  private onCaptured: (() => void) | undefined;
  /** The launched program's pty, when the adapter lets the daemon own it (quirks.programTerminal). */
  private terminal: ProgramTerminal | undefined;
  /** The launched program's stdout and stderr pipes (quirks.programPipes). */
  private pipes: ProgramPipes | undefined;
  /** The pipes the adapter's launcher reads for the program (quirks.launcherReadsProgram). */
  private launcher: LauncherPipes | undefined;
  /** The adapter's own stdout and stderr, which are its program's (Delve's, through named pipes): their markers. */
  private adapterStreams: ((maxMs: number) => Promise<boolean>) | undefined;
  /** Where the next stop report's output begins. */
  private reportCursor = 1;
  /** Every byte of the program's output, kept past the buffer's bound and the session's end. */
  private readonly file: OutputFile;

  constructor(
    private readonly host: OutputHost,
    config: Config,
  ) {
    this.buffer = new RingBuffer({ maxChunks: config.output.max_chunks ?? 10_000, maxBytes: config.output.max_bytes ?? 10 * 1024 * 1024 });
    this.file = new OutputFile(host.name, config);
  }

  /** The file holding all the program has printed so far (none before its first byte). */
  get wholeOutput(): OutputFileState | undefined {
    return this.file.info;
  }

  private keep(category: OutputCategory, text: string): void {
    if (category !== "console") this.file.write(text);
    this.buffer.push(category, text);
  }

  /** One DAP `output` event. */
  event(b: DapEventMap["output"]): void {
    if (!this.host.accepting()) return;
    if (b.category === "telemetry" || (b.category === "important" && !b.output)) return;
    const adapter = this.host.adapter;
    let category: OutputCategory =
      adapter.outputCategory?.(b.category ?? "console", b.output, this.host.found, this.previous) ??
      (b.category === "stdout" ? "stdout" : b.category === "stderr" ? "stderr" : "console");
    this.previous = b.output;
    // The program writes to the daemon's pipes: what the adapter says is its own (cdt-gdb-adapter
    // sends gdb's console text and warnings as stdout and stderr).
    if (this.pipes && category !== "console") category = "console";
    // Before ignoreOutput: the fence that ends a `raw` answer is text the facet otherwise drops
    // (CodeLLDB's, which under load comes in one event with the answer), and capture() cuts it.
    if (this.captured && b.category !== "stderr") {
      // The answer to `raw`: the debugger's text, not the program's; the reply carries it.
      this.captured.push(b.output);
      this.onCaptured?.();
      return;
    }
    if (adapter.ignoreOutput?.(b.output, category)) return;
    // The launcher's markers (at a stop) are taken out of its stream.
    const output = this.launcher && category !== "console" ? this.launcher.pass(category, b.output) : b.output;
    if (!output && b.output) return;
    // debugpy spells a byte that is not UTF-8 as a lone surrogate (surrogateescape): U+FFFD, as
    // the other adapters' text has it.
    let text = output.toWellFormed();
    // The debuggee runs on a pty under lldb-dap: \r\n line endings, sometimes cut between events.
    // Elsewhere a "\r\n" is the program's own.
    if (this.onPty()) text = this.crlf.push(category, text);
    // With the program on our own pty, its output and the adapter's console text ("Process 7
    // exited") race: let what the program wrote before the event arrive first.
    if (this.terminal && category === "console") void this.terminal.settled(10, 200).then(() => this.buffer.push(category, text));
    else this.keep(category, text);
  }

  /** The debuggee's output as the adapter's own stdout/stderr (Delve: quirks.adapterOutputIsProgramOutput). */
  fromAdapterStream(stream: "stdout" | "stderr", text: string): void {
    if (!this.host.accepting()) return;
    const sort = this.host.adapter.outputCategory;
    if (!sort) return this.keep(stream, text);
    // The adapter's own log shares the stream (Delve's `… error layer=debugger …`): sorted line by
    // line, kept a run of one category at a time (the buffer holds at most 10,000 chunks: a megabyte
    // kept line by line lost its start).
    let run = "";
    let runCategory: OutputCategory = stream;
    for (const line of text.split(/(?<=\n)/)) {
      const category = sort(stream, line, this.host.found);
      if (category !== runCategory && run) {
        this.keep(runCategory, run);
        run = "";
      }
      runCategory = category;
      run += line;
    }
    if (run) this.keep(runCategory, run);
  }

  /**
   * Runs fn (a console command, the program stopped) and returns what the adapter sent as output
   * meanwhile. `until`: text that ends the answer (a fence fn asked for after the command: CodeLLDB
   * sends a command's text after its response, in order), awaited up to `maxMs` and left out.
   */
  async capture<T>(fn: () => Promise<T>, until?: string, maxMs = 5000): Promise<{ value: T; text: string }> {
    const captured: string[] = [];
    this.captured = captured;
    try {
      const value = await fn();
      if (until !== undefined && !captured.join("").includes(until)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, maxMs);
          this.onCaptured = () => {
            if (captured.join("").includes(until)) {
              clearTimeout(timer);
              resolve();
            }
          };
        });
      }
      const text = captured.join("");
      const at = until === undefined ? -1 : text.indexOf(until);
      return { value, text: at < 0 ? text : text.slice(0, at) };
    } finally {
      this.captured = undefined;
      this.onCaptured = undefined;
    }
  }

  /** The daemon's own pty for a launched program; its path goes into the launch arguments. */
  openTerminal(): string | undefined {
    this.terminal ??= openProgramTerminal((output) => this.event({ category: "stdout", output }));
    return this.terminal?.path;
  }

  /** The program's output comes through a pty (the daemon's, or lldb-dap's own where it has none). */
  private onPty(): boolean {
    return !!this.terminal || !!this.host.adapter.quirks.programTerminal;
  }

  /**
   * How the output differs from the program's own bytes, said where it shows (README: "The
   * program's output"): `run --json` carries these.
   */
  differences(): string[] {
    const out: string[] = [];
    const read = this.buffer.read(1, PROGRAM_STREAMS).chunks;
    if (this.onPty()) {
      out.push(
        'stdout and stderr are one stream, shown as stdout: the program runs on a pseudo-terminal (its stdout is a terminal, line-buffered), which turns each "\\n" into "\\r\\n", shown as "\\n" again',
      );
    } else if (new Set(read.filter((c) => c.text).map((c) => c.category)).size > 1) {
      out.push("stdout and stderr are read apart: each keeps its order, but their order relative to each other is as they arrived");
    }
    out.push(...(this.host.adapter.quirks.outputDifferences ?? []));
    if (read.some((c) => c.text.includes("\uFFFD"))) out.push("bytes that are not UTF-8 are shown as U+FFFD (the output is text)");
    return out;
  }

  /** The daemon's own pipes for a launched program's stdout and stderr; their paths go into the launch arguments. */
  openPipes(): { stdout: string; stderr: string } | undefined {
    // Only the program writes there: kept even while the adapter is being disconnected.
    this.pipes ??= openProgramPipes((stream, output) => this.keep(stream, output));
    return this.pipes && { stdout: this.pipes.stdout, stderr: this.pipes.stderr };
  }

  /**
   * The launched program's stdout and stderr are pipes its launcher (`launcherPid`) reads and sends
   * as output events: from now on a stop waits for what the program wrote to come back that way.
   */
  followLauncher(programPid: number, launcherPid: number): void {
    if (this.launcher?.programPid === programPid) return;
    this.launcher?.close();
    this.launcher = followLauncherPipes(programPid, launcherPid);
  }

  /** The launched program writes to the adapter's own stdout and stderr: a stop waits for a marker there (AdapterProcess.settleOutput). */
  followAdapter(settle: ((maxMs: number) => Promise<boolean>) | undefined): void {
    this.adapterStreams = settle;
  }

  /**
   * Resolves once the program's last output has come through the daemon's pty or pipes, or back
   * from its launcher or adapter (at once without them): true when every byte it wrote is known
   * to be in (a line it left open is then its own, not one on its way).
   */
  async settled(quietMs?: number, maxMs?: number): Promise<boolean> {
    const wait = Math.max(maxMs ?? 0, 500);
    const [, , launcher, adapter] = await Promise.all([
      this.terminal?.settled(quietMs, maxMs),
      this.pipes?.settled(wait),
      this.launcher?.settled(wait),
      this.adapterStreams?.(wait),
    ]);
    return !!this.terminal || !!this.pipes || launcher === true || adapter === true;
  }

  /**
   * Where the program's output travels apart from the stop (adapter output events, the adapter's
   * own pipes: debugpy reads the program's pipes on threads of its own, and under load the end
   * of a line printed before a breakpoint came after the stop), a stream whose output since the
   * last report ends mid-line is given up to `maxMs` for its line end. True if one is still open.
   * Not needed where settled() said the output is whole.
   */
  async lineEnds(maxMs: number): Promise<boolean> {
    const open = () => {
      const read = this.buffer.read(this.reportCursor, PROGRAM_STREAMS);
      const last = new Map<OutputCategory, string>();
      for (const c of read.chunks) if (c.text) last.set(c.category, c.text);
      return [...last.values()].some((t) => !t.endsWith("\n"));
    };
    if (!open()) return false;
    const deadline = performance.now() + maxMs;
    let off: (() => void) | undefined;
    try {
      while (open()) {
        const left = deadline - performance.now();
        if (left <= 0) return true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          off = this.buffer.onPush(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        off?.();
      }
      return false;
    } finally {
      off?.();
    }
  }

  closeTerminal(): void {
    this.terminal?.close();
    this.terminal = undefined;
    this.pipes?.close();
    this.pipes = undefined;
    this.launcher?.close();
    this.launcher = undefined;
    this.adapterStreams = undefined;
    this.file.close();
  }

  /** The last whole lines of the program's output (stdout and stderr) that fit in maxBytes. */
  tail(maxBytes = REPORT_OUTPUT_BYTES): string {
    const chunks = this.buffer.read(0, PROGRAM).chunks;
    let text = "";
    for (let i = chunks.length - 1; i >= 0 && text.length <= maxBytes * 4; i--) text = chunks[i]!.text + text;
    return lastLines(text, maxBytes);
  }

  /** A position in the buffer: `since(mark)` reads what came after it. */
  mark(): number {
    return this.buffer.end;
  }

  since(mark: number, categories?: OutputCategory[]): string {
    return joinText(this.buffer.read(mark, categories ? new Set(categories) : undefined).chunks);
  }

  /** Everything since the last stop report (adapters tell some stops only in their output). */
  sinceReport(): string {
    return this.since(this.reportCursor);
  }

  /** The last chunks of the buffer (adapters that say the exit code only in words). */
  recent(chunks = 50): string {
    return this.since(Math.max(1, this.buffer.end - chunks));
  }

  get reportMark(): number {
    return this.reportCursor;
  }

  /** A new run starts: its first report shows only its own output. */
  restartReports(): void {
    this.reportCursor = this.buffer.end;
  }

  /** The program's output (stdout, stderr) and the debugger's console text since the last report, apart. */
  attachTo(report: StopReport): void {
    const read = this.buffer.read(this.reportCursor);
    this.reportCursor = read.cursor;
    const program = joinText(read.chunks.filter((c) => c.category !== "console"));
    let console = joinText(read.chunks.filter((c) => c.category === "console"));
    const noise = this.host.adapter.reportNoise;
    if (noise && console)
      console = console
        .split(/(?<=\n)/)
        .filter((line) => !noise.test(line))
        .join("");
    report.output = program;
    if (read.dropped > 0 || Buffer.byteLength(program) > REPORT_OUTPUT_BYTES) this.cutOutput(report, program, read.dropped);
    if (console.trim()) report.console = cutConsole(console, report);
  }

  /**
   * The report with all the program printed in the session as its output (a `run`'s end), cut as
   * any report's, or to `tail` when the run's rows are the answer (RUN_ROWS_TAIL).
   */
  withWholeOutput(report: StopReport, tail?: OutputTail): StopReport {
    const read = this.buffer.read(1, PROGRAM);
    const text = joinText(read.chunks);
    const truncated = report.truncated?.filter((t) => !t.startsWith("output:"));
    const whole: StopReport = { ...report, output: text, truncated: truncated?.length ? truncated : undefined };
    delete whole.outputFile;
    const long = tail && (Buffer.byteLength(text) > tail.wholeBytes || lineCount(text) > tail.wholeLines);
    if (long) this.cutOutput(whole, text, read.dropped, tail);
    else if (read.dropped > 0 || Buffer.byteLength(text) > REPORT_OUTPUT_BYTES) this.cutOutput(whole, text, read.dropped);
    if (!whole.truncated) delete whole.truncated;
    return whole;
  }

  /**
   * Cuts a report's program output (all it printed since the previous report, `text`) to its last
   * whole lines (those of `tail` when given), and says what was cut and where the whole is: the
   * file, which outlives the session.
   */
  cutOutput(report: StopReport, text: string, dropped = 0, tail?: OutputTail): void {
    let shown = lastLines(text, tail?.bytes ?? REPORT_OUTPUT_BYTES);
    if (tail && lineCount(shown) > tail.lines)
      shown = shown
        .split(/(?<=\n)/)
        .slice(-tail.lines)
        .join("");
    report.output = shown;
    const file = this.file.info;
    const lines = lineCount;
    const ofWhat = dropped > 0 ? "" : ` of ${lines(text)}`;
    const where = file?.error
      ? `the file that keeps it, ${file.path}, stopped at ${file.bytes} bytes, the rest not kept: ${file.error}`
      : file
        ? `all of it (${file.bytes} bytes${file.full ? ", up to the file's bound" : ""}) is in ${file.path}`
        : "`debugger output` shows the rest while the session lasts";
    (report.truncated ??= []).push(`output: the last ${lines(shown)}${ofWhat} lines shown; ${where}`);
    if (file && !file.error) report.outputFile = file.path;
  }
}

const PROGRAM: ReadonlySet<OutputCategory> = new Set(["stdout", "stderr"]);

/** How much of the output a reply shows when other parts of it are the answer: whole up to `whole*`, else the last `lines` within `bytes`. */
export interface OutputTail {
  lines: number;
  bytes: number;
  wholeLines: number;
  wholeBytes: number;
}

/**
 * A `run` that stopped at breakpoints: its rows are the answer, and the program's output is
 * usually what the caller saw already (it is how they found the bug). Its last lines show how it
 * ended; the rest is in the file the note names. Whole below 10 lines and 1 KB: a cut and its note
 * would save little there.
 */
export const RUN_ROWS_TAIL: OutputTail = { lines: 5, bytes: 640, wholeLines: 10, wholeBytes: 1024 };

/** Lines in a text, the last counted without its newline. */
function lineCount(t: string): number {
  return (t.match(/\n/g)?.length ?? 0) + (t && !t.endsWith("\n") ? 1 : 0);
}

/** The last whole lines of text that fit in maxBytes (one line longer than that: its end). */
export function lastLines(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const bytes = Buffer.from(text);
  const tail = bytes.subarray(bytes.length - maxBytes);
  // Start after the first newline in the kept part (the line it begins in was cut), unless that newline ends the text.
  const nl = tail.indexOf(10);
  const from = nl >= 0 && nl < tail.length - 1 ? nl + 1 : 0;
  // A cut inside a UTF-8 sequence: skip its continuation bytes.
  let start = from;
  while (start < tail.length && (tail[start]! & 0xc0) === 0x80) start++;
  return tail.subarray(start).toString();
}

function cutConsole(text: string, report: StopReport): string {
  const total = Buffer.byteLength(text);
  if (total <= REPORT_OUTPUT_BYTES) return text;
  (report.truncated ??= []).push(`console: showing the last ${REPORT_OUTPUT_BYTES} of ${total} bytes; \`debugger output --console\` has all of it`);
  return lastLines(text, REPORT_OUTPUT_BYTES);
}
