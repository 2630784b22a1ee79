// The last lines of a text: `output --tail`, `logs --tail`, an adapter's last words.

/** The last `n` lines of `text` (a trailing newline does not count as an empty line). */
export function tailLines(text: string, n: number): string {
  if (n <= 0) return "";
  const trimmed = text.endsWith("\n") ? text.slice(0, -1) : text;
  const lines = trimmed.split("\n");
  const kept = lines.slice(Math.max(0, lines.length - n)).join("\n");
  return text.endsWith("\n") ? `${kept}\n` : kept;
}
