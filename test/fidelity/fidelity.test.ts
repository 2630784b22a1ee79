// The value-fidelity suite (suite.ts): every everyday value of each language, read on every
// adapter that serves it through the stop report, `print` and `print --json`, must be exact,
// visibly elided or visibly raw — never WRONG, never a hang. The verdicts are written to
// test/fixtures/build/fidelity-results.json for `bun scripts/fidelity-table.ts` (the README's table).
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { E2eEnv, missing } from "../harness/index.ts";
import { buildProgram, counts, languages, markerLine, measure, missingTools, ownText, RESULTS_FILE, type AdapterResult } from "./suite.ts";

const results: AdapterResult[] = [];
afterAll(() => {
  if (results.length) writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 1));
});

for (const lang of languages) {
  describe(`value fidelity: ${lang.name}`, () => {
    for (const adapter of lang.adapters) {
      const absent = missingTools(lang, adapter);
      const available = absent.length === 0 || missing(`${absent.join(", ")} not found`, `test/fidelity (${lang.name} on ${adapter})`);
      test.skipIf(!available)(`${adapter}: every value exact, elided or raw — none wrong, none hung; no debugger text as program output`, async () => {
        const program = buildProgram(lang);
        const r = await measure(lang, adapter, program, ownText(lang, program));
        results.push(r);
        const bad = r.values
          .filter((v) => v.verdict === "WRONG" || v.verdict === "hang")
          .map(
            (v) =>
              `${v.name}: ${v.verdict} (expected ${v.expected}; stop ${JSON.stringify(v.stop)}, print ${JSON.stringify(v.print)}, json ${JSON.stringify(v.json)})`,
          );
        console.log(`${lang.name}/${adapter}: ${JSON.stringify(counts(r))} in ${r.seconds} s`);
        expect(bad).toEqual([]);
        expect(r.foreignOutput).toEqual([]);
        expect(r.values.length).toBe(lang.values.length);
      });
    }
  });
}

// The Rust program's frame also holds garbage (a String, a Vec and a HashMap made of 0x41 bytes, as
// a frame holds them before a value is built): rustc's formatters asked LLDB for ~140 TB there and hung
// lldb-dap, taking every other value of the frame with them. Each value now answers within its
// budget, raw with a note; the rest of the frame reads true (the suite above) and the session goes on.
const rust = languages.find((l) => l.name === "Rust")!;
for (const adapter of ["lldb-dap", "lldb-cli", "codelldb"]) {
  const absent = missingTools(rust, adapter);
  const available = absent.length === 0 || missing(`${absent.join(", ")} not found`, `test/fidelity (garbage on ${adapter})`);
  test.skipIf(!available)(`${adapter}: a Rust String or Vec of garbage reads raw with a note, at once, and the session goes on`, async () => {
    const env = new E2eEnv({ prefix: "dbg-fidelity-" });
    try {
      const s = env.session("garbage");
      const program = buildProgram(rust);
      const began = performance.now();
      const start = await s.run(["start", program, "--adapter", adapter, "--break", `${join(import.meta.dir, rust.source)}:${markerLine(rust)}`]);
      expect(start.json?.ok).toBe(true);
      const locals: { name: string; value: string }[] = start.json.data.stop.locals;
      expect(locals.find((v) => v.name === "text")?.value).toBe('"héllo wörld"');
      expect(locals.some((v) => v.name === "junk_string")).toBe(true);
      // The String and the Vec sit two levels down (ManuallyDrop → MaybeDangling → String).
      const note = /raw: the Rust formatter failed \((?:length \d+ (?:above capacity|is not a real size)|cannot read)/;
      expect(JSON.stringify(await s.ok(["print", "junk_string", "--depth", "3"]))).toMatch(note);
      expect(JSON.stringify(await s.ok(["print", "junk_vec", "--depth", "3"]))).toMatch(note);
      // A HashMap of garbage: the provider's walk over ~4.7e18 buckets is ended by the time budget.
      expect(JSON.stringify(await s.ok(["print", "junk_map", "--depth", "3"]))).toMatch(/raw: the Rust formatter failed \(formatter took over \d+s\)/);
      // The session answers on: a step, and a true value after it.
      await s.ok(["next"]);
      expect((await s.ok(["print", "text"])).result).toBe('"héllo wörld"');
      expect(performance.now() - began).toBeLessThan(30_000);
      // Nothing of the formatters' reaches the program's output.
      const out = [
        start.json.data.stop.output ?? "",
        ...[await s.run(["output", "--stdout"]), await s.run(["output", "--stderr"])].map((r) => String(r.json?.data?.text ?? "")),
      ].join("");
      expect(out).not.toMatch(/Traceback|ReadMemory|lldb_providers|rustLldbGuard/);
    } finally {
      await env.stopSessions().catch(() => {});
      await env.close();
    }
  });
}
