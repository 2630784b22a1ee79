// A waiting command's progress on a terminal: one line on stderr that says what it waits for and
// for how long, rewritten in place and erased before the reply is printed. Never with --json,
// --quiet or when stderr is not a terminal; shown only after a second, so quick replies pay nothing.

const FIRST_MS = 1000;
const EVERY_MS = 250;

export interface Progress {
  /** Erases the line for good (call it before printing the reply). */
  erase(): void;
  /** Makes TEXT the line's subject from now on and draws it at once (Ctrl-C: "pausing the program…"). */
  say(text: string): void;
  /** While held the line is not drawn (erased at once): program output is being written, or its last line is unfinished. */
  hold(on: boolean): void;
  /** The program's output shown so far, in lines: said on the line. */
  output(lines: number): void;
}

/**
 * SUBJECT, TIME and EXTRA (the output so far) in fewer than COLUMNS characters: a line that wraps
 * cannot be erased by `\r\x1b[K`, and each redraw would leave a copy above. EXTRA goes first, then
 * the subject is cut (with `…`) so the time stays in view. The last column stays empty: writing
 * into it leaves some terminals' cursor waiting to wrap.
 */
export function fitLine(subject: string, time: string, extra: string, columns: number | undefined): string {
  const line = subject + time + extra;
  if (!columns || columns < 2) return line;
  const width = columns - 1;
  if ([...line].length <= width) return line;
  const tail = time;
  const chars = [...(subject + tail)];
  if (chars.length <= width) return subject + tail;
  const tailChars = [...tail];
  if (tailChars.length + 2 <= width) return `${[...subject].slice(0, width - tailChars.length - 1).join("")}…${tail}`;
  return `${chars.slice(0, width - 1).join("")}…`;
}

/** Starts the line. */
export function showProgress(what: string): Progress {
  const started = Date.now();
  let shown = false;
  let subject = what;
  let held = false;
  let done = false;
  let lines = 0;
  const draw = () => {
    if (held || done) return;
    shown = true;
    const s = ((Date.now() - started) / 1000).toFixed(1);
    // The width read at each draw: a resized terminal (SIGWINCH) is followed at the next one.
    process.stderr.write(`\r\x1b[K${fitLine(subject, `; ${s} s`, lines ? `; ${lines} line${lines === 1 ? "" : "s"} of output` : "", process.stderr.columns)}`);
  };
  const clear = () => {
    if (shown) process.stderr.write("\r\x1b[K");
    shown = false;
  };
  let every: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    draw();
    every = setInterval(draw, EVERY_MS);
  }, FIRST_MS);
  return {
    erase() {
      done = true;
      clearTimeout(first);
      clearInterval(every);
      clear();
    },
    say(text) {
      subject = text;
      draw();
    },
    hold(on) {
      held = on;
      if (on) clear();
      else if (every) draw();
    },
    output(n) {
      lines = n;
    },
  };
}
