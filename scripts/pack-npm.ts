// Writes the npm packages into dist/npm/ as tarballs: the wrapper `debugger-cli` (launcher and
// install script from npm/wrapper, versioned from the root package.json) and one package per
// platform carrying only its binary, selected by npm through `os`, `cpu` and `libc`.
//
//   bun scripts/pack-npm.ts              every platform; needs `bun scripts/build.ts --all` first
//   bun scripts/pack-npm.ts --host-only  the wrapper and this machine's package, from dist/debugger
import { chmodSync, copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { artifactName, hostTarget, NPM_WRAPPER, npmPackageName, RELEASE_REPO, TARGETS, type Target } from "./lib/targets.ts";

const root = join(import.meta.dir, "..");
const out = join(root, "dist", "npm");
const stage = join(out, "stage");

const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; description: string; license: string };
const common = {
  version: rootPkg.version,
  license: rootPkg.license,
  repository: { type: "git", url: `git+${RELEASE_REPO}.git` },
  homepage: RELEASE_REPO,
};

function binName(t: Target): string {
  return t.os === "win32" ? "debugger.exe" : "debugger";
}

/** Hard link when possible: a 100 MB copy per package is slow and npm reads it once anyway. */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function stagePlatform(t: Target, binary: string): string {
  const dir = join(stage, npmPackageName(t));
  mkdirSync(join(dir, "bin"), { recursive: true });
  place(binary, join(dir, "bin", binName(t)));
  chmodSync(join(dir, "bin", binName(t)), 0o755);
  const pkg = {
    name: npmPackageName(t),
    ...common,
    description: `The ${t.id} executable of ${NPM_WRAPPER}; install ${NPM_WRAPPER}, which picks it.`,
    os: [t.os],
    cpu: [t.cpu],
    ...(t.libc ? { libc: [t.libc] } : {}),
    files: [`bin/${binName(t)}`],
    preferUnplugged: true,
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(dir, "README.md"), `# ${pkg.name}\n\n${pkg.description}\n`);
  return dir;
}

function stageWrapper(): string {
  const dir = join(stage, NPM_WRAPPER);
  cpSync(join(root, "npm", "wrapper"), dir, { recursive: true });
  chmodSync(join(dir, "bin", "debugger"), 0o755);
  // The repository's address comes from scripts/lib/release.json, like every other channel's.
  const readme = join(dir, "README.md");
  writeFileSync(readme, readFileSync(readme, "utf8").replace(/^Documentation: .*$/m, `Documentation: ${RELEASE_REPO}`));
  // The Agent Skill (`debugger guide --skill` prints the same) ships beside the command.
  cpSync(join(root, "skills"), join(dir, "skills"), { recursive: true });
  const targets = TARGETS.map((t) => ({ package: npmPackageName(t), os: t.os, cpu: t.cpu, libc: t.libc, bin: `bin/${binName(t)}` }));
  writeFileSync(join(dir, "lib", "targets.json"), `${JSON.stringify(targets, null, 2)}\n`);
  const pkg = {
    name: NPM_WRAPPER,
    ...common,
    description: rootPkg.description,
    bin: { debugger: "bin/debugger" },
    scripts: { postinstall: "node install.js" },
    // Every platform is listed; npm installs the one whose os/cpu/libc match.
    optionalDependencies: Object.fromEntries(TARGETS.map((t) => [npmPackageName(t), rootPkg.version])),
    files: ["bin/debugger", "lib/", "install.js", "skills/"],
    engines: { node: ">=18" },
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  return dir;
}

function npmPack(dir: string): string {
  const r = Bun.spawnSync(["npm", "pack", dir, "--pack-destination", out, "--ignore-scripts", "--json", "--loglevel=error"], {
    cwd: out,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (r.exitCode !== 0) throw new Error(`npm pack ${dir} failed (exit ${r.exitCode}): ${r.stderr.toString()}`);
  const [info] = JSON.parse(r.stdout.toString()) as { filename: string; size: number }[];
  console.error(`${info!.filename} (${(info!.size / 1e6).toFixed(1)} MB)`);
  return join(out, info!.filename);
}

/** Packs and returns the tarballs' paths, the wrapper first. */
export function packNpm(hostOnly: boolean): string[] {
  const chosen = hostOnly ? [hostTarget()] : TARGETS;
  const binaries = chosen.map((t) => ({ t, path: join(root, "dist", hostOnly ? "debugger" : artifactName(t)) }));
  const missing = binaries.filter((b) => !existsSync(b.path));
  if (missing.length) {
    throw new Error(`missing ${missing.map((b) => b.path).join(", ")}: run \`bun scripts/build.ts${hostOnly ? "" : " --all"}\` first`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const tarballs = [npmPack(stageWrapper()), ...binaries.map((b) => npmPack(stagePlatform(b.t, b.path)))];
  rmSync(stage, { recursive: true, force: true });
  return tarballs;
}

if (import.meta.main) {
  try {
    packNpm(process.argv.includes("--host-only"));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
