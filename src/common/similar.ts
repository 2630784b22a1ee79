// How alike two words are, for "did you mean": an unknown flag, command or config key.

/**
 * Edits between two words, a swap of two neighbours counting as one (optimal string alignment,
 * Damerau's rule): `mpc` is one edit from `mcp`, where plain Levenshtein says two and ties it
 * with `c`.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The most similar candidate, if it is similar enough to be worth suggesting. On a tie the one of
 * the word's own length wins: a typo keeps the length more often than it drops letters.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    let d = c.startsWith(word) && word.length >= 3 ? 0.5 : editDistance(word, c);
    if (c.length !== word.length) d += 0.25;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) + 0.25 ? best : undefined;
}
