// scripts/release-dry-run.sh, the release workflow's build job, run for real: every target built
// and matching SHA256SUMS, each npm package carrying its own target's binary, the formula naming
// the same checksums, attestation reported as skipped, npm publish --dry-run with the platform
// packages first. It builds and packs all seven targets (minutes), so it runs in CI (CI=true) and
// where DEBUGGER_RELEASE_DRY_RUN=1 asks for it; elsewhere it skips and says so.
import { beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseSums } from "../../scripts/homebrew.ts";
import { artifactName, NPM_WRAPPER, npmPackageName, TARGETS } from "../../scripts/lib/targets.ts";
import { CI, ROOT, run, type Ran } from "./helpers.ts";

const wanted = CI || process.env.DEBUGGER_RELEASE_DRY_RUN === "1";
if (!wanted) console.warn("SKIP release dry run: it builds and packs every target (minutes); CI runs it, DEBUGGER_RELEASE_DRY_RUN=1 runs it here");
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const dist = join(ROOT, "dist");
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

describe.skipIf(!wanted)("scripts/release-dry-run.sh", () => {
  let r: Ran;
  beforeAll(async () => {
    r = await run(["bash", join(ROOT, "scripts", "release-dry-run.sh")], { env: process.env as Record<string, string> });
    if (r.code !== 0) throw new Error(`release-dry-run.sh failed (exit ${r.code}):\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
  }, 900_000);

  test("every target built, each matching its SHA256SUMS line; attestation said to be skipped", () => {
    const sums = parseSums(readFileSync(join(dist, "SHA256SUMS"), "utf8"));
    expect([...sums.keys()].sort()).toEqual(TARGETS.map(artifactName).sort());
    for (const t of TARGETS) {
      const name = artifactName(t);
      expect({ name, sha: sha256(readFileSync(join(dist, name))) }).toEqual({ name, sha: sums.get(name)! });
    }
    expect(r.stdout).toContain("attest: SKIPPED in this dry run");
  });

  test("each npm package carries its own target's binary; the formula names the same checksums", async () => {
    const sums = parseSums(readFileSync(join(dist, "SHA256SUMS"), "utf8"));
    const tarballs = readdirSync(join(dist, "npm"))
      .filter((f) => f.endsWith(".tgz"))
      .sort();
    expect(tarballs).toEqual([NPM_WRAPPER, ...TARGETS.map(npmPackageName)].map((n) => `${n}-${version}.tgz`).sort());
    for (const t of TARGETS) {
      const tgz = join(dist, "npm", `${npmPackageName(t)}-${version}.tgz`);
      const inside = Bun.spawnSync(["tar", "xzOf", tgz, `package/bin/${t.os === "win32" ? "debugger.exe" : "debugger"}`], { stdout: "pipe" });
      expect({ t: t.id, sha: sha256(inside.stdout) }).toEqual({ t: t.id, sha: sums.get(artifactName(t))! });
    }
    const rb = readFileSync(join(dist, "debugger.rb"), "utf8");
    for (const id of ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64"]) {
      expect(rb).toContain(`/v${version}/debugger-${id}"\n      sha256 "${sums.get(`debugger-${id}`)}"`);
    }
    expect(readFileSync(join(dist, "install.sh"), "utf8")).toBe(readFileSync(join(ROOT, "scripts", "install.sh"), "utf8"));
  });

  test("npm publish --dry-run: the seven platform packages, then the wrapper", () => {
    const published = [...r.stdout.matchAll(/^\+ (\S+)$/gm)].map((m) => m[1]);
    expect(published).toEqual([...TARGETS.map((t) => `${npmPackageName(t)}@${version}`), `${NPM_WRAPPER}@${version}`]);
    expect(r.stdout).toContain("(dry run: nothing published)");
  });
});
