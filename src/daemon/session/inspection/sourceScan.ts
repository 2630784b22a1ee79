// Reading a function's source around a line: whether a name is declared below a stop (a breakpoint
// stops before its line runs) or was seen above it in the same function. Used by the stop's
// displays and by the condition probe.

/** How far below the stop a later declaration is looked for. */
export const BELOW_LINES = 60;

/** A line that begins another function (or ends a top-level one): a name past it is not this function's. */
const FUNCTION_EDGE = /^\s*(?:(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:fn|def|func)\s)|^\}/;

/**
 * Whether NAME appears above line LINE (1-based) of LINES inside the same function: scanned up to
 * the function's own first line (a `fn`/`def`/`func` header, itself included) or the end of the
 * one before it (a `}` in column 0), at most BELOW_LINES lines.
 */
export function seenAbove(lines: string[], line: number, name: string): boolean {
  const word = new RegExp(`\\b${name}\\b`);
  for (let i = line - 2; i >= 0 && i >= line - 1 - BELOW_LINES; i--) {
    const text = lines[i]!;
    if (/^\}/.test(text)) return false;
    if (word.test(text)) return true;
    if (FUNCTION_EDGE.test(text)) return false;
  }
  return false;
}

/** The index in LINES (from the stop's own line) where NAME first appears inside the stopped function, or undefined. */
export function firstBelow(lines: string[], name: string): number | undefined {
  const word = new RegExp(`\\b${name}\\b`);
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && FUNCTION_EDGE.test(lines[i]!)) return undefined;
    if (word.test(lines[i]!)) return i;
  }
  return undefined;
}
