// Where in its line a Python stop is (src/adapters/pythonSites.ts): the answer of the expression
// evaluated in the frame (f_lasti and the line of the code unit before it), read against the source.
import { expect, test } from "bun:test";
import { pythonOffsetNeeded, pythonStopSite } from "../../src/adapters/pythonSites.ts";

const source = `total = 0
for i in range(3):
    total += add(
        i,
        2,
    )
    while (i <
           1):
        i += 1
print(total)`.split("\n");

test.each([
  // The call's first stop: the code unit before is on the line before (the loop's).
  ["(38, 2)", 3, { pc: "@38", offset: 38, continues: false }],
  // Back on its line from its arguments' lines: the same pass.
  ["(50, 5)", 3, { pc: "@50", offset: 50, continues: true }],
  // A while's test at the loop's end, reached from its body: a line past the header's statement.
  ["(94, 9)", 7, { pc: "@94", offset: 94, continues: false }],
  ["(98, 8)", 7, { pc: "@98", offset: 98, continues: true }],
  // No line before (Python before 3.10, the code's first unit).
  ["(0, -1)", 3, { pc: "@0", offset: 0, continues: false }],
])("%s at line %d", (answer, line, want) => expect(pythonStopSite(answer as string, line as number, source)).toEqual(want));

test("no source: never a continuation; an answer of another shape: not told", () => {
  expect(pythonStopSite("(50, 5)", 3, undefined)?.continues).toBe(false);
  expect(pythonStopSite("NameError: name 'f' is not defined", 3, source)).toBeUndefined();
  expect(pythonStopSite("'(50, 5)'", 3, source)).toBeUndefined();
});

// The offset is read only where it can tell a continuation: a statement that goes on past the line.
// Every answer read at another line is `continues: false`, so nothing is evaluated there.
test("the offset is needed exactly at the first lines of statements spanning lines", () => {
  const needed = source.map((_, i) => i + 1).filter((line) => pythonOffsetNeeded(line, source));
  expect(needed).toEqual([3, 4, 5, 7]);
  expect(pythonOffsetNeeded(3, undefined)).toBe(false);
  for (let line = 1; line <= source.length; line++)
    if (!pythonOffsetNeeded(line, source))
      for (const answer of ["(38, 2)", "(50, 5)", "(98, 8)", "(94, 9)", "(60, 12)"]) expect(pythonStopSite(answer, line, source)?.continues).toBe(false);
});
