// One pass of a line is one row. A line can have several code locations in one function (a Rust
// `for` line: the iterator's set-up and its `next`; a C `for` header: its test and its step; a call
// whose arguments span lines; a `match` arm's pattern and body), and lldb-dap stops at each, as gdb
// does where they lie in different blocks. Stops at another code location of the same line, in the
// same frame, with nothing stopped in between, are the same pass: `run` merges them into one row.
// The next pass is told by its code address: a location the pass has already stopped at. debugpy
// gives none: the stop's instruction offset is read in its frame, with whether the stop can only
// continue a pass (a call over lines, pythonSites.ts).

/** Where a breakpoint stop is: its line (with thread and breakpoints), its frame, its code address. */
export interface StopSite {
  line: string;
  /** The frame's identity: its callers' code addresses and the depth (a recursive call is another frame). */
  frame: string;
  pc: string;
  /**
   * Told by the adapter (AdapterSpec.stopOffset: debugpy): the stop continues the pass only when it
   * can (Python's line told again from a later line of its statement) and its `offset` in the code
   * is past the pass's last stop's; else it begins one. Undefined: by the code address alone.
   */
  continues?: boolean;
  offset?: number;
}

export class Passes {
  private current: { line: string; frame: string; pcs: Set<string>; last: string; offset?: number } | undefined;
  /** Per line and code address: the addresses that followed it within a pass. */
  private readonly followers = new Map<string, Set<string>>();

  /** Records a stop; true when it goes on the current pass (merged into its row), false when it begins one. A site that cannot be told (no code address) begins one. */
  add(site: StopSite | undefined): boolean {
    const c = this.current;
    const told = site?.continues === undefined || (site.continues && (site.offset ?? -1) > (c?.offset ?? Number.MAX_SAFE_INTEGER));
    if (site && c && told && c.line === site.line && c.frame === site.frame && !c.pcs.has(site.pc)) {
      const key = `${c.line}\0${c.last}`;
      this.followers.set(key, (this.followers.get(key) ?? new Set()).add(site.pc));
      c.pcs.add(site.pc);
      c.last = site.pc;
      c.offset = site.offset;
      return true;
    }
    this.current = site ? { line: site.line, frame: site.frame, pcs: new Set([site.pc]), last: site.pc, offset: site.offset } : undefined;
    return false;
  }

  /** Whether the current pass may go on at another code location: its last one was followed by one in an earlier pass. */
  mayGoOn(): boolean {
    const c = this.current;
    if (!c) return false;
    return [...(this.followers.get(`${c.line}\0${c.last}`) ?? [])].some((pc) => !c.pcs.has(pc));
  }
}

/** A pass's values read again at its later code location: the later read wins, but a value read earlier is not lost to a later error. */
export function laterRead<V extends { expression: string; value?: string; error?: string }>(earlier: V[], later: V[]): V[] {
  return later.map((v, i) => (v.error !== undefined && earlier[i]?.expression === v.expression && earlier[i]!.error === undefined ? earlier[i]! : v));
}
