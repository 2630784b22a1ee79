// Counts regular expressions per file (literals and `new RegExp`/`RegExp(` calls), read by
// TypeScript's own scanner so a `/` in a division or a string is not one:
// `bun scripts/count-regexes.ts [dir…]` (default src/daemon src/adapters).
import ts from "typescript";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

function count(path: string): number {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) n++;
    else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

const dirs = process.argv.slice(2);
for (const dir of dirs.length ? dirs : ["src/daemon", "src/adapters"]) {
  const rows = files(dir)
    .map((f) => [f, count(f)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  console.log(`${dir}: ${rows.reduce((s, [, n]) => s + n, 0)}`);
  for (const [f, n] of rows) console.log(`  ${String(n).padStart(4)}  ${f}`);
}
