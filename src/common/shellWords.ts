// Words of a command line as a POSIX shell splits them, without expansions: a plan's lines, a
// launch.json `args` string, `diff --args`.

/**
 * Quotes group, a backslash escapes the next character (inside double quotes only `"`, `\`, `$` and
 * a backquote). An unbalanced quote is the caller's error, from `unbalanced(quote)`.
 */
export function shellWords(text: string, unbalanced: (quote: "'" | '"') => Error): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw unbalanced("'");
      word += text.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      i++;
      for (; i < text.length && text[i] !== '"'; i++) word += text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "") ? text[++i] : text[i];
      if (i >= text.length) throw unbalanced('"');
      inWord = true;
    } else if (c === "\\" && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
