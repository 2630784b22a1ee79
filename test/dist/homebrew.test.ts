// The generated formula parses as Ruby, names each macOS and Linux artifact with its checksum, and
// keeps the `brew audit --strict --new` rules that can be checked by reading it (brew itself does
// not run here: it is neither on Debian nor on npm).
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, RELEASE_REPO, TARGETS } from "../../scripts/lib/targets.ts";
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
  writeFileSync(join(dir.path, "SHA256SUMS"), `${[...expected].map(([n, h]) => `${h}  ${n}`).join("\n")}\n`);
  const out = join(dir.path, "debugger.rb");
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const base = `http://127.0.0.1:1/releases/download/v${version}`;
  const r = await run([process.execPath, join(ROOT, "scripts/homebrew.ts"), "--sums", join(dir.path, "SHA256SUMS"), "--base-url", base, "--out", out]);
  expect(r.code).toBe(0);
  const rb = readFileSync(out, "utf8");
  for (const [os, cpu, id] of [
    ["on_macos", "on_arm", "darwin-arm64"],
    ["on_macos", "on_intel", "darwin-x64"],
    ["on_linux", "on_arm", "linux-arm64"],
    ["on_linux", "on_intel", "linux-x64"],
  ]) {
    const name = `debugger-${id}`;
    // url and sha256 of one artifact sit together inside its os/cpu block
    const block = new RegExp(`${os} do[\\s\\S]*?${cpu} do\\s+url "${base}/${name}"\\s+sha256 "${expected.get(name)}"\\s+end`);
    expect(rb).toMatch(block);
  }
  expect(rb).not.toContain("musl");
  expect(rb).not.toContain("windows");
  expect(rb).toMatch(/test do\s+assert_match version\.to_s, shell_output\("#\{bin\}\/debugger --version"\)/);
  // No version line: Homebrew 6.0.14+ reads the version from the URL's release tag, and `brew
  // audit --strict` calls a line equal to it redundant. A license, livecheck.
  expect(rb).not.toMatch(/^  version /m);
  expect(rb).toContain(`homepage "${RELEASE_REPO}"`);
  expect(rb).toMatch(/^  license "MIT"$/m);
  expect(rb).toMatch(/livecheck do\s+url :stable\s+strategy :github_latest\s+end/);
  // audit's component order: desc, homepage, license, livecheck, on_macos/on_linux, install, caveats, test.
  const order = ["  desc ", "  homepage ", "  license ", "  livecheck do", "  on_macos do", "  on_linux do", "  def install", "  def caveats", "  test do"].map(
    (k) => rb.indexOf(`\n${k}`),
  );
  expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  // desc: no leading article or formula name, no trailing period, at most 80 characters.
  const desc = /^  desc "(.*)"$/m.exec(rb)![1]!;
  expect(desc).not.toMatch(/^(A|An|The|Debugger)\b|\.$/);
  expect(desc.length).toBeLessThanOrEqual(80);
  // bash, zsh and fish completions from `debugger completion SHELL`; the skill; the adapters caveat.
  expect(rb).toContain('generate_completions_from_executable(bin/"debugger", "completion")');
  expect(rb).toContain('(pkgshare/"skills/debugger/SKILL.md").write Utils.safe_popen_read(bin/"debugger", "guide", "--skill")');
  expect(rb).toMatch(/def caveats[\s\S]*debugger setup[\s\S]*#\{opt_pkgshare\}\/skills\/debugger/);
  if (ruby) {
    const syntax = await run([ruby, "-c", out]);
    expect(syntax.stdout.trim()).toBe("Syntax OK");
    expect(syntax.code).toBe(0);
  }
});

test("formula: the commands it runs at install and test time exist in the binary", async () => {
  const bin = join(ROOT, "dist", "debugger");
  for (const shell of ["bash", "zsh", "fish"]) {
    const r = await run([bin, "completion", shell]);
    expect({ shell, code: r.code, empty: r.stdout.length === 0 }).toEqual({ shell, code: 0, empty: false });
  }
  expect((await run([bin, "completion", "fish"])).stdout).toContain("complete -c debugger");
  const skill = await run([bin, "guide", "--skill"]);
  expect(skill.stdout).toBe(readFileSync(join(ROOT, "skills", "debugger", "SKILL.md"), "utf8"));
  for (const cmd of [
    ["setup", "--help"],
    ["doctor", "--help"],
  ])
    expect((await run([bin, ...cmd])).code).toBe(0);
});

test("formula: a base URL that is not this release's is refused", async () => {
  using dir = tempDir("dbg-brew-");
  writeFileSync(join(dir.path, "SHA256SUMS"), `${[...sums()].map(([n, h]) => `${h}  ${n}`).join("\n")}\n`);
  const r = await run([
    process.execPath,
    join(ROOT, "scripts/homebrew.ts"),
    "--sums",
    join(dir.path, "SHA256SUMS"),
    "--base-url",
    "http://127.0.0.1:1/latest",
    "--out",
    join(dir.path, "debugger.rb"),
  ]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("does not name v");
  expect(r.stderr).toContain("the formula must point at this release");
});

test("formula: a missing checksum is refused, naming the artifact", async () => {
  using dir = tempDir("dbg-brew-");
  const partial = [...sums()].filter(([n]) => n !== "debugger-linux-arm64");
  writeFileSync(join(dir.path, "SHA256SUMS"), `${partial.map(([n, h]) => `${h}  ${n}`).join("\n")}\n`);
  const r = await run([process.execPath, join(ROOT, "scripts/homebrew.ts"), "--sums", join(dir.path, "SHA256SUMS"), "--out", join(dir.path, "debugger.rb")]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("SHA256SUMS has no entry for debugger-linux-arm64");
});

test("formula: a base URL without a release tag (a mirror) keeps the version line, in audit's place", async () => {
  using dir = tempDir("dbg-brew-");
  writeFileSync(join(dir.path, "SHA256SUMS"), `${[...sums()].map(([n, h]) => `${h}  ${n}`).join("\n")}\n`);
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const out = join(dir.path, "debugger.rb");
  const r = await run([
    process.execPath,
    join(ROOT, "scripts/homebrew.ts"),
    "--sums",
    join(dir.path, "SHA256SUMS"),
    "--base-url",
    `http://127.0.0.1:1/mirror/v${version}`,
    "--out",
    out,
  ]);
  expect(r.code).toBe(0);
  const rb = readFileSync(out, "utf8");
  // Without the tag Homebrew reads the file name ("debugger-linux-x64" → 64): the version is stated.
  expect(rb).toMatch(new RegExp(`^  homepage .*\\n  version "${version.replace(/\./g, "\\.")}"\\n  license "MIT"$`, "m"));
  if (ruby) expect((await run([ruby, "-c", out])).stdout.trim()).toBe("Syntax OK");
});
