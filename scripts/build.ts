// Builds dist/debugger for this machine (or every target with --all) and proves the binary runs.
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const targets = process.argv.includes("--all")
  ? ["bun-linux-x64", "bun-linux-arm64", "bun-darwin-x64", "bun-darwin-arm64", "bun-windows-x64"]
  : [undefined];

mkdirSync(join(root, "dist"), { recursive: true });
for (const target of targets) {
  const out = join(root, "dist", target ? `debugger-${target.replace(/^bun-/, "")}` : "debugger");
  // --bytecode needs --format=esm, or the binary is silently broken (DESIGN §10). --splitting keeps
  // the daemon, doctor and setup in chunks of their own that a plain command never loads
  // (measured: --version 12.6 → 7.9 ms, status 13.9 → 11.6 ms).
  const cmd = [process.execPath, "build", "--compile", "--minify", "--bytecode", "--format=esm", "--splitting", ...(target ? [`--target=${target}`] : []), join(root, "src/main.ts"), "--outfile", out];
  const started = performance.now();
  const r = Bun.spawnSync(cmd, { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (r.exitCode !== 0) {
    console.error(`build failed for ${target ?? "host"} (exit ${r.exitCode})`);
    process.exit(1);
  }
  console.error(`built ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!target) {
    const check = Bun.spawnSync([out, "--version"], { stdout: "pipe", stderr: "pipe" });
    const version = check.stdout.toString().trim();
    if (check.exitCode !== 0 || !/^\d+\.\d+\.\d+/.test(version)) {
      console.error(`the built binary does not run: exit ${check.exitCode}, stdout ${JSON.stringify(version)}, stderr ${check.stderr.toString()}`);
      process.exit(1);
    }
    console.error(`dist/debugger --version → ${version}`);
  }
}
