// What a function returned, after `finish`, read from the debuggers' own text (the daemon's side is
// src/daemon/session/stops/returnValues.ts). No adapter here puts it in DAP by itself except
// debugpy (a `(return) NAME` local): lldb-dap 19 shows no "(Return Value)" local, though LLDB
// knows it (`thread info`: "Return value: (int) $0 = 1"); cdt-gdb-adapter drops the return value of
// gdb's `-exec-finish` record, though gdb puts it in its value history; Delve's DAP server steps
// out without asking for return values (onStepOutRequest in dlv 1.20 and later), so it cannot say.

/** The adapter's way to tell, as console commands (sent as `raw` sends them) and how to read them. */
export type ReturnValueSpec =
  | {
      /** A command run before the step out (gdb: the value history so far), if the reading needs one. */
      before?: string;
      /** A command run at the stop the step out led to. */
      after: string;
      /** The value returned, or undefined (a void function, a step out cut short by a breakpoint), or why it is not shown. */
      parse(after: string, before: string | undefined, threadId: number): string | { cannot: string } | undefined;
    }
  | { cannot: string };

/**
 * LLDB's `thread info all`: the block of thread `tid = N` whose stop reason is the step out, and its
 * `Return value: (TYPE) $0 = VALUE` (VALUE may run over several lines: a struct).
 */
export function lldbReturnValue(text: string, threadId: number): string | { cannot: string } | undefined {
  const blocks = text.split(/^(?=\*?\s*thread #\d+)/m);
  const mine = blocks.find((b) => new RegExp(`^\\*?\\s*thread #\\d+: tid = ${threadId}\\b`).test(b));
  if (!mine || !/stop reason = step out\b/.test(mine)) return undefined;
  // The block ends at its first blank line; the value runs from `= ` to there.
  const block = mine.replace(/\n\s*\n[\s\S]*$/, "\n");
  const m = /^Return value: \([^\n]*?\) \$\d+ = /m.exec(block);
  if (!m) return undefined;
  const value = block.slice(m.index + m[0].length).trimEnd();
  // LLDB reads the value by C's calling convention. rustc follows it for numbers and thin
  // pointers only: a small struct or enum comes back in two registers LLDB does not read
  // (Point { x: 3, y: 4 } read {x = 3, y = 0}), so in Rust code only those are shown.
  const type = /^Return value: \(([^\n]*?)\) \$/m.exec(block)![1]!;
  if (/^\*?\s*thread #\d+: [^\n]* at [^\n]*\.rs:\d+/.test(block) && !plainScalar(type)) return { cannot: RUST_AGGREGATE };
  // A summary with its children under it (a Rust String: `"part-7" {\n  vec = …`): the summary is the value, as in Locals.
  const summary = /^(.*\S) \{\n/.exec(value);
  return lldbBraces(summary ? summary[1]! : oneLine(value));
}

const RUST_AGGREGATE =
  "LLDB reads what a Rust function returns by C's calling convention, which rustc follows only for numbers and pointers; `next`, then print where the result went";

/** A number, a bool, a char or a thin pointer: returned in one register by C's rules and rustc's alike. */
function plainScalar(type: string): boolean {
  const t = type.trim();
  if (
    /^(?:(?:unsigned |signed )?(?:char|short|int|long|long long|__int128)|bool|_Bool|float|double|char(?:8|16|32)_t|wchar_t|[iu](?:8|16|32|64|128|size)|f32|f64)$/.test(
      t,
    )
  )
    return true;
  // A pointer or reference to a sized type (not str, a slice or a trait object, whose pointers are two words).
  return (/\*$/.test(t) || /^(?:\*(?:const|mut) |&)/.test(t)) && !/\b(?:str|dyn)\b|\[/.test(t);
}

/** LLDB writes a struct on one line as `(x = 3, y = 4)`; the rest of the reply reads `{x = 3, y = 4}`. */
export function lldbBraces(value: string): string {
  if (!/^\([A-Za-z_]\w* = /.test(value)) return value;
  const out: string[] = [];
  const open: boolean[] = [];
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quote) {
      if (c === "\\") out.push(c, value[++i] ?? "");
      else {
        if (c === quote) quote = undefined;
        out.push(c);
      }
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    if (c === "(") {
      const struct = /^[A-Za-z_]\w* = /.test(value.slice(i + 1));
      open.push(struct);
      out.push(struct ? "{" : c);
    } else if (c === ")") out.push(open.pop() ? "}" : c);
    else out.push(c);
  }
  return out.join("");
}

/** gdb's `show values` (`$1 = 3` …): the number and value of the last entry, if any. */
export function lastHistoryValue(text: string): { number: number; value: string } | undefined {
  const starts = [...text.matchAll(/^\$(\d+) = /gm)];
  const last = starts.at(-1);
  if (!last) return undefined;
  return { number: Number(last[1]), value: oneLine(text.slice(last.index! + last[0].length)) };
}

/**
 * gdb puts the value `finish` returned in its value history: a new last entry after the step out is
 * it; none (a void function, or a step out a breakpoint cut short) says nothing was returned.
 */
export function gdbReturnValue(after: string, before: string | undefined): string | undefined {
  const now = lastHistoryValue(after);
  const then = before === undefined ? undefined : lastHistoryValue(before);
  if (!now || (then && now.number <= then.number)) return undefined;
  return now.value || undefined;
}

/** A value printed over several lines (`{\n  x = 3\n  y = 4\n}`) on one: `{x = 3, y = 4}`. */
export function oneLine(value: string): string {
  return value
    .trim()
    .replace(/([{[(])\s*\n\s*/g, "$1")
    .replace(/\s*\n\s*([}\])])/g, "$1")
    .replace(/,?\s*\n\s*/g, ", ");
}
