// The generated formula parses as Ruby and names each macOS and Linux artifact with its checksum.
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, TARGETS } from "../../scripts/lib/targets.ts";
import { CI, ROOT, run, tempDir } from "./helpers.ts";

const ruby = Bun.which("ruby");
if (!ruby && CI) throw new Error("CI=true and ruby is not installed (scripts/install-adapters.sh installs it)");
if (!ruby) console.warn("SKIP homebrew formula syntax: ruby is not installed (apt-get install ruby)");

/** A SHA256SUMS as build --all writes it, each artifact with a checksum of its own. */
function sums(): Map<string, string> {
  return new Map(TARGETS.map((t) => [artifactName(t), new Bun.CryptoHasher("sha256").update(t.id).digest("hex")]));
}

test("formula: every macOS and Linux artifact with its URL and checksum, and a test block", async () => {
  using dir = tempDir("dbg-brew-");
  const expected = sums();
  writeFileSync(join(dir.path, "SHA256SUMS"), [...expected].map(([n, h]) => `${h}  ${n}`).join("\n") + "\n");
  const out = join(dir.path, "debugger.rb");
  const base = "http://127.0.0.1:1/v9";
  const r = await run([process.execPath, join(ROOT, "scripts/homebrew.ts"), "--sums", join(dir.path, "SHA256SUMS"), "--base-url", base, "--out", out]);
  expect(r.code).toBe(0);
  const rb = readFileSync(out, "utf8");
  for (const [os, cpu, id] of [["on_macos", "on_arm", "darwin-arm64"], ["on_macos", "on_intel", "darwin-x64"], ["on_linux", "on_arm", "linux-arm64"], ["on_linux", "on_intel", "linux-x64"]]) {
    const name = `debugger-${id}`;
    // url and sha256 of one artifact sit together inside its os/cpu block
    const block = new RegExp(`${os} do[\\s\\S]*?${cpu} do\\s+url "${base}/${name}"\\s+sha256 "${expected.get(name)}"\\s+end`);
    expect(rb).toMatch(block);
  }
  expect(rb).not.toContain("musl");
  expect(rb).not.toContain("windows");
  expect(rb).toMatch(/test do\s+assert_match version\.to_s, shell_output\("#\{bin\}\/debugger --version"\)/);
  if (ruby) {
    const syntax = await run([ruby, "-c", out]);
    expect(syntax.stdout.trim()).toBe("Syntax OK");
    expect(syntax.code).toBe(0);
  }
});

test("formula: a missing checksum is refused, naming the artifact", async () => {
  using dir = tempDir("dbg-brew-");
  const partial = [...sums()].filter(([n]) => n !== "debugger-linux-arm64");
  writeFileSync(join(dir.path, "SHA256SUMS"), partial.map(([n, h]) => `${h}  ${n}`).join("\n") + "\n");
  const r = await run([process.execPath, join(ROOT, "scripts/homebrew.ts"), "--sums", join(dir.path, "SHA256SUMS"), "--out", join(dir.path, "debugger.rb")]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("SHA256SUMS has no entry for debugger-linux-arm64");
});
