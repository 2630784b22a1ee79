// The release workflow cannot run here; this checks what can be checked: it is YAML of the
// shape Actions reads, it runs on tags, its shell steps parse, the scripts it calls exist, and it
// uploads every artifact build --all makes.
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, TARGETS } from "../../scripts/lib/targets.ts";
import { ROOT, run } from "./helpers.ts";

const wf = Bun.YAML.parse(readFileSync(join(ROOT, ".github/workflows/release.yml"), "utf8")) as any;
const steps: { name?: string; uses?: string; run?: string }[] = wf.jobs.release.steps;
const shell = steps.map((s) => s.run ?? "").join("\n");

test("runs on version tags, with every step either an action or a script", () => {
  expect(wf.on).toEqual({ push: { tags: ["v*"] } });
  expect(wf.permissions).toEqual({ contents: "write", "id-token": "write" });
  for (const s of steps) expect(Boolean(s.uses) !== Boolean(s.run)).toBe(true);
});

test("its shell steps parse, and the scripts they call exist", async () => {
  for (const s of steps.filter((x) => x.run)) {
    const r = await run(["bash", "-n", "-c", s.run!]);
    expect({ step: s.name, stderr: r.stderr }).toEqual({ step: s.name, stderr: "" });
  }
  const scripts = [...shell.matchAll(/\b(scripts\/[\w.-]+)/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  for (const path of scripts) expect({ path, exists: existsSync(join(ROOT, path)) }).toEqual({ path, exists: true });
  expect(shell).toContain("npm test");
  expect(shell).toContain("npm run pack:npm");
});

test("uploads every artifact, SHA256SUMS, the formula and install.sh", () => {
  const release = steps.find((s) => s.run?.includes("gh release create"))!.run!;
  const globs = release.split(/\s+/).filter((w) => w.startsWith("dist/") || w.startsWith("scripts/"));
  for (const t of TARGETS) {
    const file = `dist/${artifactName(t)}`;
    expect({ file, uploaded: globs.some((g) => new Bun.Glob(g).match(file)) }).toEqual({ file, uploaded: true });
  }
  expect(globs).toEqual(expect.arrayContaining(["dist/SHA256SUMS", "dist/debugger.rb", "scripts/install.sh"]));
});
