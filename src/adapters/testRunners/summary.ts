// The verdict line each test runner prints at its end, read back from the program's output so the
// exit report can say it in a few bytes ("1 failed, 1 passed"). Pure: unit-tested from samples.

export type Runner = "pytest" | "unittest" | "python" | "go" | "cargo" | "node" | "vitest" | "jest" | "program" | "wrapper";

function lastMatch(text: string, re: RegExp): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`))) last = m as RegExpExecArray;
  return last;
}

/** pytest: `=== 1 failed, 1 passed in 0.04s ===` (or without the rules under -q). */
export function pytestSummary(output: string): string | undefined {
  const m = lastMatch(output, /^=*\s*((?:\d+ [a-z]+(?:, )?)+) in [\d.]+s\b.*$/m);
  return m?.[1]?.trim();
}

/** unittest: `Ran 2 tests in 0.001s` then `OK` or `FAILED (failures=1)`. */
export function unittestSummary(output: string): string | undefined {
  const m = lastMatch(output, /^Ran (\d+) tests? in [\d.]+s\s*\n\s*\n?(OK|FAILED)\b(.*)$/m);
  return m ? `ran ${m[1]}: ${m[2]}${m[3]!.trim() ? ` ${m[3]!.trim()}` : ""}` : undefined;
}

/**
 * A Go test binary prints `--- FAIL: TestX (0.00s)` per failure (and `--- PASS` under -v), then
 * `FAIL` or `PASS` alone on the last line; it counts nothing itself.
 */
export function goSummary(output: string): string | undefined {
  const failed = [...output.matchAll(/^\s*--- FAIL: (\S+)/gm)].map((m) => m[1]!);
  const passed = [...output.matchAll(/^\s*--- PASS: (\S+)/gm)].length;
  const verdict = lastMatch(output, /^(PASS|FAIL)\s*$/m)?.[1];
  if (!verdict && !failed.length) return undefined;
  const counts = [
    failed.length ? `${failed.length} failed (${failed.slice(0, 5).join(", ")}${failed.length > 5 ? ", …" : ""})` : "",
    passed ? `${passed} passed` : "",
  ].filter(Boolean);
  return [verdict, counts.join(", ")].filter(Boolean).join(": ");
}

/** libtest: `test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s`. */
export function cargoSummary(output: string): string | undefined {
  const m = lastMatch(output, /^test result: (\w+)\. (.*?)(?:; finished in [\d.]+s)?\s*$/m);
  return m ? `${m[1]}: ${m[2]}` : undefined;
}

/** node:test's TAP ending: `# pass 1` and `# fail 1` lines (spec reporter: `ℹ pass 1`). */
export function nodeTestSummary(output: string): string | undefined {
  const count = (what: string) => lastMatch(output, new RegExp(`^[#ℹ] ${what} (\\d+)$`, "m"))?.[1];
  const pass = count("pass");
  const fail = count("fail");
  if (pass === undefined && fail === undefined) return undefined;
  return [fail && fail !== "0" ? `${fail} failed` : "", `${pass ?? 0} passed`].filter(Boolean).join(", ");
}

/** vitest: ` Tests  1 failed | 1 passed (2)` (colours, if any, removed). */
export function vitestSummary(output: string): string | undefined {
  const m = lastMatch(plain(output), /^\s*Tests\s+(.+?)\s+\((\d+)\)\s*$/m);
  return m ? m[1]!.split(/\s*\|\s*/).join(", ") : undefined;
}

/** jest: `Tests:       1 failed, 1 passed, 2 total` (on stderr). */
export function jestSummary(output: string): string | undefined {
  return lastMatch(plain(output), /^Tests:\s+(.+?)\s*$/m)?.[1];
}

function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}

export function summaryFor(runner: Runner): ((output: string) => string | undefined) | undefined {
  switch (runner) {
    case "pytest":
      return pytestSummary;
    case "unittest":
      return unittestSummary;
    case "go":
      return goSummary;
    case "cargo":
      return cargoSummary;
    case "node":
      return nodeTestSummary;
    case "vitest":
      return vitestSummary;
    case "jest":
      return jestSummary;
    default:
      return undefined;
  }
}
