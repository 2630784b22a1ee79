// A waiting command's progress on a terminal: one line on stderr that says what it waits for and
// for how long, rewritten in place and erased before the reply is printed. Never with --json,
// --quiet or when stderr is not a terminal; shown only after a second, so quick replies pay nothing.

const FIRST_MS = 1000;
const EVERY_MS = 250;

/** Starts the line; the returned function erases it (call it before printing the reply). */
export function showProgress(what: string): () => void {
  const started = Date.now();
  let shown = false;
  const draw = () => {
    shown = true;
    const s = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`\r\x1b[K${what}; ${s} s`);
  };
  let every: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    draw();
    every = setInterval(draw, EVERY_MS);
  }, FIRST_MS);
  return () => {
    clearTimeout(first);
    clearInterval(every);
    if (shown) process.stderr.write("\r\x1b[K");
  };
}
