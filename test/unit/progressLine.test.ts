// The progress line fits the terminal (issue 29): at 40 columns it wrapped, and every redraw left
// a copy above the report, since `\r\x1b[K` erases one row only. (On a real terminal:
// test/e2e/terminal.test.ts.)
import { expect, test } from "bun:test";
import { fitLine } from "../../src/cli/progress.ts";

const SUBJECT = "continue: the program runs; waiting for the stop";
const width = (s: string) => [...s].length;

test("wide enough: the whole line", () => {
  expect(fitLine(SUBJECT, "; 2.5 s", "; 3 lines of output", 120)).toBe(`${SUBJECT}; 2.5 s; 3 lines of output`);
  // Unknown width (not a terminal): as it is.
  expect(fitLine(SUBJECT, "; 2.5 s", "", undefined)).toBe(`${SUBJECT}; 2.5 s`);
});

test("narrower: the output count goes first, then the subject is cut, the time stays; never the last column", () => {
  expect(fitLine(SUBJECT, "; 2.5 s", "; 3 lines of output", 60)).toBe(`${SUBJECT}; 2.5 s`);
  expect(fitLine(SUBJECT, "; 12.5 s", "", 40)).toBe("continue: the program runs; wa…; 12.5 s");
  for (let cols = 2; cols <= 80; cols++) {
    const line = fitLine(SUBJECT, "; 12.5 s", "; 30 lines of output", cols);
    expect(width(line)).toBeLessThan(cols);
    if (cols >= 12 && cols <= 76) expect(line).toEndWith("; 12.5 s");
  }
  // Characters, not bytes or UTF-16 units: a cut never splits one.
  expect(fitLine("wait for 'λλλλλλλλλλλλλλλλ'", "; 1.0 s", "", 20)).toBe("wait for 'λ…; 1.0 s");
});
