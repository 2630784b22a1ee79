// Where in its line a Python stop is. pydevd stops at each `line` event of a breakpoint's line, and
// Python sends one again where a statement spans lines and execution comes back to its first line
// from a later one (`total += add(\n i,\n 2)`: the call instruction is the first line's): two stops a
// pass, at the same line and frame, that debugpy tells apart by nothing (it gives no code address).
// The frame's own instruction offset (f_lasti) tells them: the code unit just before the stop's
// instruction is on a later line of the same statement (its logical line in the source), and the
// offset is past the pass's earlier stop. A new pass of the line comes by a jump (a loop: backward,
// from the line itself, or falling into a `while`'s test from its body, a line outside the header's
// logical line). AdapterSpec.stopOffset of debugpy; read by the rows of `run`, `test` and `trace`.
import { logicalLines } from "./testRunners/pythonExpected.ts";

/**
 * Evaluated in the stopped frame: `(f_lasti, line of the code unit before it)` (-1: none; Python
 * before 3.10 has no co_lines). The frame object is pydevd's (`evaluate_expression`'s `frame` on the
 * thread's stack), not the evaluation's own.
 */
const EXPRESSION =
  "(lambda f: (f.f_lasti, next((l for s, e, l in f.f_code.co_lines() if s <= f.f_lasti - 2 < e and l is not None), -1) " +
  "if hasattr(f.f_code, 'co_lines') else -1))" +
  "(next(s.f_locals['frame'] for s, _ in __import__('traceback').walk_stack(None) " +
  "if s.f_code.co_name == 'evaluate_expression' and 'frame' in s.f_locals))";

/** The answer read: the offset, and whether the stop can only continue a pass of LINE (from the source's LINES). */
export function pythonStopSite(
  result: string,
  line: number,
  lines: readonly string[] | undefined,
): { pc: string; offset: number; continues: boolean } | undefined {
  const m = /^\((\d+), (-?\d+)\)$/.exec(result.trim());
  if (!m) return undefined;
  const offset = Number(m[1]);
  const before = Number(m[2]);
  const statement = lines && before > line ? statementAt(lines, line) : undefined;
  return { pc: `@${offset}`, offset, continues: !!statement && before <= statement.end };
}

/** The logical line (statement) holding LINE; the file's split is kept while its lines are the same array (readLines caches it by mtime). */
function statementAt(lines: readonly string[], line: number): ReturnType<typeof logicalLines>[number] | undefined {
  let logical = parsed.get(lines);
  if (!logical) parsed.set(lines, (logical = logicalLines(lines)));
  return logical.find((l) => l.start <= line && line <= l.end);
}
const parsed = new WeakMap<readonly string[], ReturnType<typeof logicalLines>>();

/**
 * Whether a stop at LINE needs its offset read: only where the line's statement goes on past it
 * (a line told again from a later line of its statement). Elsewhere every stop at the line begins
 * a pass whatever its offset, and the evaluation (a round trip through pydevd's stopped thread,
 * and the frames read again after it) is saved.
 */
export function pythonOffsetNeeded(line: number, lines: readonly string[] | undefined): boolean {
  const statement = lines && statementAt(lines, line);
  return !!statement && line < statement.end;
}

export const pythonStopOffset = { expression: EXPRESSION, read: pythonStopSite, needed: pythonOffsetNeeded };
