// The platforms a release ships, and the names each one has in every channel: Bun's compile
// target, the release artifact, the npm package and the fields npm selects it by.

export interface Target {
  /** Our name: artifact suffix, npm package suffix, install.sh's detection result. */
  id: string;
  /** `bun build --compile --target=…` */
  bun: string;
  os: "linux" | "darwin" | "win32";
  cpu: "x64" | "arm64";
  libc?: "glibc" | "musl";
  /** What the artifact's header must say (checked after every build). */
  format: "elf" | "macho" | "pe";
}

export const TARGETS: readonly Target[] = [
  { id: "linux-x64", bun: "bun-linux-x64", os: "linux", cpu: "x64", libc: "glibc", format: "elf" },
  { id: "linux-arm64", bun: "bun-linux-arm64", os: "linux", cpu: "arm64", libc: "glibc", format: "elf" },
  { id: "linux-x64-musl", bun: "bun-linux-x64-musl", os: "linux", cpu: "x64", libc: "musl", format: "elf" },
  { id: "linux-arm64-musl", bun: "bun-linux-arm64-musl", os: "linux", cpu: "arm64", libc: "musl", format: "elf" },
  { id: "darwin-x64", bun: "bun-darwin-x64", os: "darwin", cpu: "x64", format: "macho" },
  { id: "darwin-arm64", bun: "bun-darwin-arm64", os: "darwin", cpu: "arm64", format: "macho" },
  { id: "windows-x64", bun: "bun-windows-x64", os: "win32", cpu: "x64", format: "pe" },
];

// Where the project lives, in one place (release.json): the GitHub repository (release downloads,
// npm's repository.url, which provenance checks against the repository that publishes), the
// Homebrew tap and the npm wrapper's name. The release workflow, install.sh's default and the
// README are checked against it (test/dist/releaseConfig.test.ts). A placeholder until the project
// has its public home: the release workflow refuses to publish from any other repository.
import release from "./release.json" with { type: "json" };

/** GitHub's owner/name. */
export const REPOSITORY: string = release.repository;
/** The tap repository (owner/homebrew-name); users say `brew install owner/name/debugger`. */
export const TAP: string = release.tap;
/** The published wrapper package; the root package.json is the private development package. */
export const NPM_WRAPPER: string = release.npmWrapper;
/** The repository's web address (homepage, npm's repository.url). */
export const RELEASE_REPO = `https://github.com/${REPOSITORY}`;
/** Where one release's assets are downloaded from. */
export function releaseBaseUrl(version: string): string {
  return `${RELEASE_REPO}/releases/download/v${version}`;
}
/** `brew install` name: the tap repository's owner/name without `homebrew-`, then the formula. */
export function brewInstallName(): string {
  return `${TAP.replace("/homebrew-", "/")}/debugger`;
}

export function artifactName(t: Target): string {
  return `debugger-${t.id}${t.os === "win32" ? ".exe" : ""}`;
}

/** Unscoped, so publishing needs no npm organisation (each name was checked free). */
export function npmPackageName(t: Target): string {
  return `${NPM_WRAPPER}-${t.id}`;
}

export function targetById(id: string): Target {
  const t = TARGETS.find((x) => x.id === id);
  if (!t) throw new Error(`unknown target '${id}' (one of ${TARGETS.map((x) => x.id).join(", ")})`);
  return t;
}

/** The target of the machine running this script. */
export function hostTarget(): Target {
  const os = process.platform;
  const cpu = process.arch;
  let libc: Target["libc"];
  if (os === "linux") {
    // glibc's dynamic loader reports its version here; musl has none.
    const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
    libc = report?.header?.glibcVersionRuntime ? "glibc" : "musl";
  }
  const t = TARGETS.find((x) => x.os === os && x.cpu === cpu && x.libc === libc);
  if (!t) throw new Error(`no release target for ${os}-${cpu}${libc ? `-${libc}` : ""}`);
  return t;
}
