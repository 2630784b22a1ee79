// Builds dist/debugger for this machine and proves it runs; with --all (or --target ID,…) builds
// the release artifacts dist/debugger-<target>, checks each header says the platform it was built
// for, and writes dist/SHA256SUMS.
//
//   bun scripts/build.ts                      dist/debugger (host)
//   bun scripts/build.ts --all [--offline]    every target in scripts/lib/targets.ts
//   bun scripts/build.ts --target linux-arm64,darwin-arm64
//
// Cross-compiling needs the Bun runtime of each target. Bun downloads it from the npm registry
// (@oven/bun-<os>-<arch>) on first use and keeps it in its install cache (runtimeCacheDir below:
// $BUN_INSTALL_CACHE_DIR, else ~/.bun/install/cache), one file per target and Bun version.
// --offline refuses to download: every runtime must already be in that cache.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { mismatch, readBinaryInfo } from "./lib/binaryFormat.ts";
import { artifactName, hostTarget, TARGETS, targetById, type Target } from "./lib/targets.ts";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");

/**
 * --bytecode needs --format=esm, or the binary is silently broken (DESIGN §10). --splitting keeps
 * the daemon, doctor and setup in chunks of their own that a plain command never loads
 * (measured: --version 12.6 → 7.9 ms, status 13.9 → 11.6 ms). --compile-jit-policy=10 keeps a
 * command's run-once start-up code in the interpreter: without it Bun's own node:fs set-up and the
 * command registry each got a baseline JIT compile, and the first one starts the JIT (a `threads`
 * spent ~4 ms of CPU on it); the daemon and the MCP server, which live long, set the normal policy
 * back (main.ts, mcp/server.ts). The executable does not read bunfig.toml or .env files from the
 * cwd: they are Bun's run-time settings for scripts, not ours (a project's .env with
 * DEBUGGER_JSON=1 turned every command's output into JSON, and looking for them read the cwd and
 * its parents). Every target accepts these flags.
 */
export const COMPILE_FLAGS = [
  "--minify",
  "--bytecode",
  "--format=esm",
  "--splitting",
  "--compile-jit-policy=10",
  "--no-compile-autoload-dotenv",
  "--no-compile-autoload-bunfig",
];

/** Where Bun keeps the runtimes it downloads for cross-compiling. */
export function runtimeCacheDir(env = process.env): string {
  if (env.BUN_INSTALL_CACHE_DIR) return env.BUN_INSTALL_CACHE_DIR;
  return join(env.BUN_INSTALL || join(homedir(), ".bun"), "install", "cache");
}

/** The cached runtime's file name, as Bun writes it (it says aarch64 where we say arm64). */
export function runtimeCacheFile(t: Target, bunVersion = Bun.version): string {
  const name = t.bun.replace("-arm64", "-aarch64");
  return join(runtimeCacheDir(), `${name}-v${bunVersion}`);
}

/** Build metadata the binary reports (src/common/version.ts reads BUILD_COMMIT and BUILD_DATE). */
export function buildDefines(release = false): string[] {
  const git = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: root, stdout: "pipe", stderr: "ignore" });
  const commit = git.exitCode === 0 ? git.stdout.toString().trim() : "";
  // SOURCE_DATE_EPOCH makes release builds reproducible: same commit, same bytes, same checksums.
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const date = (Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date()).toISOString();
  // Test hooks (DEBUGGER_TEST_VERSION) exist only in the host build the tests run, never in a release.
  const defines = ["--define", `BUILD_DATE=${JSON.stringify(date)}`, "--define", `TEST_HOOKS=${release ? "false" : "true"}`];
  if (commit) defines.push("--define", `BUILD_COMMIT=${JSON.stringify(commit)}`);
  return defines;
}

function compile(out: string, target: Target | undefined, offline: boolean): void {
  const extra: string[] = [];
  if (target && target.id !== hostTarget().id) {
    const cached = runtimeCacheFile(target);
    if (existsSync(cached)) extra.push(`--compile-executable-path=${cached}`);
    else if (offline) fail(`--offline: the Bun ${Bun.version} runtime for ${target.id} is not cached (${cached}); build once without --offline to fetch it`);
    else console.error(`downloading the Bun ${Bun.version} runtime for ${target.id} from the npm registry into ${runtimeCacheDir()}`);
  }
  const cmd = [
    process.execPath,
    "build",
    "--compile",
    ...COMPILE_FLAGS,
    ...buildDefines(target !== undefined),
    ...(target ? [`--target=${target.bun}`] : []),
    ...extra,
    join(root, "src/main.ts"),
    "--outfile",
    out,
  ];
  const started = performance.now();
  const r = Bun.spawnSync(cmd, { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (r.exitCode !== 0) fail(`build failed for ${target?.id ?? "host"} (exit ${r.exitCode})`);
  console.error(`built ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The binary must start and print its version first (it may add the commit and date after it). */
function checkRuns(path: string): void {
  const check = Bun.spawnSync([path, "--version"], { stdout: "pipe", stderr: "pipe" });
  const version = check.stdout.toString().trim();
  if (check.exitCode !== 0 || !/^\d+\.\d+\.\d+/.test(version)) {
    fail(`the built binary does not run: exit ${check.exitCode}, stdout ${JSON.stringify(version)}, stderr ${check.stderr.toString()}`);
  }
  console.error(`${basename(path)} --version → ${version}`);
}

function checkHeader(path: string, t: Target): void {
  const head = readFileSync(path).subarray(0, 65536);
  const info = readBinaryInfo(head);
  const wrong = mismatch(info, t);
  if (wrong) fail(`${basename(path)} ${wrong}`);
  console.error(`${basename(path)}: ${info.format} ${info.cpu}${info.libc ? ` ${info.libc}` : ""}${info.signed ? " signed" : ""}`);
}

export function sha256File(path: string): string {
  return new Bun.CryptoHasher("sha256").update(readFileSync(path)).digest("hex");
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function selectedTargets(argv: string[]): Target[] | undefined {
  if (argv.includes("--all")) return [...TARGETS];
  const i = argv.indexOf("--target");
  if (i >= 0) return (argv[i + 1] ?? "").split(",").filter(Boolean).map(targetById);
  return undefined;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const offline = argv.includes("--offline");
  const targets = selectedTargets(argv);
  mkdirSync(dist, { recursive: true });
  if (!targets) {
    const out = join(dist, "debugger");
    compile(out, undefined, offline);
    checkRuns(out);
  } else {
    const host = hostTarget().id;
    const sums: string[] = [];
    for (const t of targets) {
      const out = join(dist, artifactName(t));
      rmSync(out, { force: true });
      compile(out, t, offline);
      checkHeader(out, t);
      if (t.id === host) checkRuns(out);
      sums.push(`${sha256File(out)}  ${artifactName(t)}`);
    }
    // The format `sha256sum -c` reads; install.sh and the Homebrew formula take their checksums from it.
    writeFileSync(join(dist, "SHA256SUMS"), `${sums.join("\n")}\n`);
    console.error(`wrote dist/SHA256SUMS (${sums.length} artifacts)`);
  }
}
