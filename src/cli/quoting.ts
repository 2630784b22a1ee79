// Expressions the shell cut short. `--print pNew->pKey` unquoted reaches the CLI as `pNew-` (the
// shell took `>pKey` as a redirect), `a||b` as `a` plus a pipe, `i<=n` as `i` plus an input
// redirect: the daemon then answers `pNew- = error: expected expression` and the agent loses a
// call or three. No expression of C, C++, Rust, Python or Go ends in these characters, so a
// trailing one is a sign: say so, with the quoted form to use.
const CUT_ENDINGS: Record<string, string> = {
  "-": "->",
  "=": "",
  "|": "|",
  "<": "<",
};

/** One warning per expression that ends where a shell operator would have cut it, else none. */
export function quotingWarnings(expressions: readonly string[], flag: string): string[] {
  const out: string[] = [];
  for (const e of expressions) {
    const trimmed = e.trimEnd();
    const last = trimmed.at(-1);
    if (last === undefined || !(last in CUT_ENDINGS)) continue;
    const guess = `${trimmed.slice(0, -1)}${CUT_ENDINGS[last]}…`;
    const use = flag ? `${flag} '${guess}'` : `'${guess}'`;
    out.push(
      `warning: '${trimmed}' ends in '${last}': the shell probably took the rest of it (an unquoted >, <, | is a redirect or a pipe). Quote the whole expression: ${use}`,
    );
  }
  return out;
}

/** The warnings for a daemon request's expressions (`--print`, `print EXPR…`, `display`, `trace --if`). */
export function requestQuotingWarnings(args: Record<string, unknown>): string[] {
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : []);
  return [
    ...quotingWarnings(list(args.print), "--print"),
    ...quotingWarnings(list(args.expressions), ""),
    ...quotingWarnings(list(args.expression), ""),
    ...quotingWarnings(list(args.if), "--if"),
  ];
}
