// What the install channels cost: the `debugger` command npm installs against the raw binary
// (native link, and the Node launcher used when install scripts are off), and what the binary's
// size is made of. Writes the "Install channels" and "Binary size" sections of BENCHMARKS.md.
//   bun scripts/bench-install.ts [--runs N]     (needs dist/debugger; dist/debugger-* after build --all)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDefines, COMPILE_FLAGS, runtimeCacheFile } from "./build.ts";
import { artifactName, hostTarget, TARGETS } from "./lib/targets.ts";
import { packNpm } from "./pack-npm.ts";

const root = join(import.meta.dir, "..");
const raw = join(root, "dist", "debugger");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;
const work = mkdtempSync(join(tmpdir(), "dbg-bench-install-"));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("npm_"))) as Record<string, string>;
env.DEBUGGER_RUNTIME_DIR = join(work, "rt");

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function sh(argv: string[]): string {
  const r = Bun.spawnSync(argv, { env, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed (${r.exitCode}): ${r.stderr.toString()}`);
  return r.stdout.toString();
}

/**
 * Median and fastest wall time of `cmd --version`. The commands are interleaved so load drifts
 * hit all alike; on a busy machine the fastest run is the better estimate of the cost itself.
 */
function timeVersions(cmds: string[]): { median: number; min: number }[] {
  const samples = cmds.map(() => [] as number[]);
  for (let i = 0; i < RUNS + 3; i++) {
    cmds.forEach((cmd, j) => {
      const t = performance.now();
      const r = Bun.spawnSync([cmd, "--version"], { env, stdout: "ignore", stderr: "ignore" });
      const ms = performance.now() - t;
      if (r.exitCode !== 0) throw new Error(`${cmd} --version failed`);
      if (i >= 3) samples[j]!.push(ms); // the first runs warm the page cache
    });
  }
  return samples.map((xs) => ({ median: median(xs), min: Math.min(...xs) }));
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const size = (path: string) => statSync(path).size;

// --- install channels ---------------------------------------------------------------------------
if (!existsSync(raw)) throw new Error("dist/debugger is missing: bun scripts/build.ts");
const [wrapper, platform] = packNpm(true);
function npmInstall(name: string, extra: string[]): string {
  const prefix = join(work, name);
  sh(["npm", "install", "-g", "--prefix", prefix, "--cache", join(work, "npm-cache"), "--offline", "--no-audit", "--no-fund", ...extra, wrapper!, platform!]);
  return join(prefix, "bin", "debugger");
}
const linked = npmInstall("native", []);
const launcher = npmInstall("launcher", ["--ignore-scripts"]);
const [tRaw, tLinked, tLauncher] = timeVersions([raw, linked, launcher]).map((t) => t!);
const row = (what: string, t: { median: number; min: number }) =>
  `| ${what} | ${t.median.toFixed(1)} ms | ${t.min.toFixed(1)} ms | ${(t.median / tRaw!.median).toFixed(2)} | ${(t.min / tRaw!.min).toFixed(2)} |`;
const installRows = [
  row("`dist/debugger --version` (the raw binary)", tRaw!),
  row("npm `debugger --version`, install script on (native binary linked in)", tLinked!),
  row("npm `debugger --version`, `--ignore-scripts` (Node launcher)", tLauncher!),
];

// --- size -----------------------------------------------------------------------------------------
const host = hostTarget();
const compileSize = (name: string, flags: string[], entry = join(root, "src/main.ts")) => {
  const out = join(work, name);
  sh([process.execPath, "build", "--compile", ...flags, ...buildDefines(), entry, "--outfile", out]);
  return size(out);
};
writeFileSync(join(work, "hello.ts"), 'console.log("hello");\n');
const hello = compileSize("hello", [], join(work, "hello.ts"));
const variants: [string, string[]][] = [
  ["no flags", []],
  ["--minify", ["--minify"]],
  ["--minify --splitting --format=esm", ["--minify", "--splitting", "--format=esm"]],
  ["--minify --bytecode --format=esm", ["--minify", "--bytecode", "--format=esm"]],
  [`${COMPILE_FLAGS.join(" ")} (shipped)`, COMPILE_FLAGS],
];
const variantBytes = variants.map(([, flags], i) => compileSize(`v${i}`, flags));
const variantTimes = timeVersions(variants.map((_, i) => join(work, `v${i}`)));
const variantRows = variants.map(([label], i) => {
  const t = variantTimes[i]!;
  return `| ${label} | ${mb(variantBytes[i]!)} | ${mb(variantBytes[i]! - hello)} | ${t.median.toFixed(1)} ms | ${t.min.toFixed(1)} ms |`;
});
sh([process.execPath, "build", "--minify", "--splitting", "--format=esm", "--target=bun", join(root, "src/main.ts"), "--outdir", join(work, "js")]);
const chunks = readdirSync(join(work, "js"));
const jsBytes = chunks.reduce((n, f) => n + size(join(work, "js", f)), 0);

const targetRows = TARGETS.map((t) => {
  const artifact = join(root, "dist", artifactName(t));
  const runtime = t.id === host.id ? process.execPath : runtimeCacheFile(t);
  const a = existsSync(artifact) ? size(artifact) : undefined;
  const r = existsSync(runtime) ? size(runtime) : undefined;
  return `| ${t.id} | ${a ? mb(a) : "not built"} | ${r ? mb(r) : "not cached"} | ${a && r ? mb(a - r) : "—"} |`;
});
const gz = size(platform!);

rmSync(work, { recursive: true, force: true });

const cpu = (readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) ?? [])[1] ?? process.arch;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const sections = `## Install channels

Produced by \`bun scripts/bench-install.ts\`: medians of ${RUNS} interleaved runs of \`--version\`,
wall time, the npm packages installed offline from \`npm run pack:npm -- --host-only\`.
Last run: ${new Date().toISOString().slice(0, 10)}, ${cpu}, ${host.id}, load average ${load}.

| command | median | fastest | ratio (median) | ratio (fastest) |
|---|---|---|---|---|
${installRows.join("\n")}

Under npm the install script hard-links the platform package's executable over the launcher, so
the installed command *is* the binary: the ratio is 1 within noise. The Node launcher (install
scripts disabled, Windows, pnpm, Yarn) adds a Node.js start-up on every command.

## Binary size

${host.id}, Bun ${Bun.version}. A compiled one-line program is ${mb(hello)}: that is the Bun runtime,
and it is nearly all of the binary. Our code minified is ${mb(jsBytes)} of JavaScript in
${chunks.length} chunks; the rest of what we add is \`--bytecode\`'s precompiled bytecode.

| compile flags | binary | above the one-line program | \`--version\` median | fastest |
|---|---|---|---|---|
${variantRows.join("\n")}

\`--bytecode\` costs about 3 MB and is what keeps \`--version\` near the runtime's own start-up
(without it every start parses and compiles the JavaScript); \`--minify\` and \`--splitting\` change
the size by a fraction of a megabyte and the start-up by more. \`strip\` is not an option: it
removes the embedded program and leaves a plain \`bun\`. What is left to cut is the runtime
itself, which no flag of ours touches.

| target | artifact | Bun runtime executable | difference |
|---|---|---|---|
${targetRows.join("\n")}

The difference is our code and its bytecode plus what \`--compile\` itself adds to any program
(on ${host.id} the one-line program is ${mb(hello - size(process.execPath))} above the runtime executable).
The npm package for ${host.id} is ${mb(gz)} gzipped.
`;

/** This script's sections replace themselves; the sections of others stay where they are. */
function replaceSections(doc: string, text: string, mine = ["## Install channels", "## Binary size"]): string {
  const start = doc.indexOf(`\n${mine[0]}`);
  if (start < 0) return `${doc.trimEnd()}\n\n${text}`;
  let end = doc.length;
  for (const m of doc.slice(start + 1).matchAll(/^## .*$/gm)) {
    if (!mine.some((h) => m[0].startsWith(h))) {
      end = start + 1 + m.index!;
      break;
    }
  }
  return `${doc.slice(0, start).trimEnd()}\n\n${text}${end < doc.length ? `\n${doc.slice(end)}` : ""}`;
}

const path = join(root, "BENCHMARKS.md");
writeFileSync(path, replaceSections(readFileSync(path, "utf8"), sections));
console.log(sections);
