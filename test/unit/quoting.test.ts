// Expressions the shell cut short: a trailing '-', '=', '|' or '<' is warned about, with the quoted form.
import { expect, test } from "bun:test";
import { quotingWarnings, requestQuotingWarnings } from "../../src/cli/quoting.ts";

test("a trailing shell operator is warned about, sound expressions are not", () => {
  expect(quotingWarnings(["pNew-"], "--print")).toEqual([
    "warning: 'pNew-' ends in '-': the shell probably took the rest of it (an unquoted >, <, | is a redirect or a pipe). Quote the whole expression: --print 'pNew->…'",
  ]);
  expect(quotingWarnings(["a =", "x |", "i <", "a - b", "p->x", "n >= 3", "s"], "")).toHaveLength(3);
  expect(quotingWarnings(["i <"], "")[0]).toEndWith("Quote the whole expression: 'i <…'");
});

test("every expression of a request is looked at", () => {
  expect(requestQuotingWarnings({ print: ["ok", "p-"], expressions: ["q|"], if: "n=", location: "a.c:3" })).toHaveLength(3);
  expect(requestQuotingWarnings({ location: "x-" })).toEqual([]);
});
