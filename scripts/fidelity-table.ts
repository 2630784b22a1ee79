// The README's table of value fidelity, from the fidelity suite's output.
//   bun scripts/fidelity-table.ts          the table from the last run (test/fidelity/fidelity.test.ts writes it)
//   bun scripts/fidelity-table.ts --run    measure now (every language × adapter found here), then print
//   --only LANG[/ADAPTER]                  with --run: one language (or one pair)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { buildProgram, counts, languages, measure, missingTools, ownText, RESULTS_FILE, type AdapterResult } from "../test/fidelity/suite.ts";
import { VERDICTS } from "../test/fidelity/verdict.ts";

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;

async function run(): Promise<AdapterResult[]> {
  const out: AdapterResult[] = [];
  for (const lang of languages) {
    if (only && !only.toLowerCase().startsWith(lang.name.toLowerCase())) continue;
    const program = buildProgram(lang);
    const own = ownText(lang, program);
    for (const adapter of lang.adapters) {
      if (only?.includes("/") && !only.endsWith(`/${adapter}`)) continue;
      const missing = missingTools(lang, adapter);
      if (missing.length) {
        out.push({ language: lang.name, adapter, skipped: `${missing.join(", ")} not found`, values: [], foreignOutput: [], seconds: 0 });
        continue;
      }
      const r = await measure(lang, adapter, program, own);
      console.error(`${lang.name}/${adapter}: ${JSON.stringify(counts(r))} in ${r.seconds} s`);
      out.push(r);
    }
  }
  return out;
}

const results: AdapterResult[] = args.includes("--run") ? await run() : existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : [];
if (args.includes("--run")) writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 1));
if (!results.length) {
  console.error(`no results: run \`bun test test/fidelity\` or \`bun scripts/fidelity-table.ts --run\` first`);
  process.exit(1);
}

const mark: Record<string, string> = { exact: "✓", elided: "…", raw: "raw", WRONG: "**WRONG**", hang: "**hang**" };
const lines: string[] = [];
lines.push(`| language | adapter | ${VERDICTS.join(" · ")} | foreign output lines |`, "|---|---|---|---|");
for (const r of results) {
  if (r.skipped) {
    lines.push(`| ${r.language} | ${r.adapter} | skipped: ${r.skipped} | |`);
    continue;
  }
  const c = counts(r);
  lines.push(`| ${r.language} (${r.values.length}) | ${r.adapter} | ${VERDICTS.map((v) => c[v]).join(" · ")} | ${r.foreignOutput.length} |`);
}
for (const lang of [...new Set(results.map((r) => r.language))]) {
  const rs = results.filter((r) => r.language === lang && !r.skipped);
  if (!rs.length) continue;
  lines.push("", `**${lang}**`, "", `| value | ${rs.map((r) => r.adapter).join(" | ")} |`, `|---|${rs.map(() => "---|").join("")}`);
  for (const [i, v] of rs[0]!.values.entries()) lines.push(`| \`${v.name}\` | ${rs.map((r) => mark[r.values[i]?.verdict ?? ""] ?? "").join(" | ")} |`);
}
console.log(lines.join("\n"));
if (args.includes("--details")) {
  for (const r of results) for (const v of r.values) if (v.verdict !== "exact") console.log(`${r.language}/${r.adapter} ${v.name} ${v.verdict}: expected ${v.expected}\n   stop=${JSON.stringify(v.stop)}\n   print=${JSON.stringify(v.print)}\n   json=${JSON.stringify(v.json)}`);
  for (const r of results) if (r.foreignOutput.length) console.log(`${r.language}/${r.adapter} foreign output:\n   ${r.foreignOutput.slice(0, 10).join("\n   ")}`);
}
