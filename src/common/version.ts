import { version as packageVersion } from "../../package.json" with { type: "json" };

/** Test hooks answer in the development build and from source, never in a release binary. */
export const testHooks: boolean = typeof TEST_HOOKS === "undefined" ? true : TEST_HOOKS;

// DEBUGGER_TEST_VERSION lets the integration tests run a daemon of "another version".
export const VERSION: string = (testHooks && process.env.DEBUGGER_TEST_VERSION) || packageVersion;

export interface VersionInfo {
  version: string;
  /** The git commit the binary was built from ("dev" when run from source). */
  commit: string;
  /** When it was built (ISO 8601; "unknown" when run from source). */
  date: string;
  /** os-arch, e.g. linux-x64. */
  platform: string;
  bun: string;
}

export function versionInfo(): VersionInfo {
  return {
    version: VERSION,
    commit: typeof BUILD_COMMIT !== "undefined" ? BUILD_COMMIT : "dev",
    date: typeof BUILD_DATE !== "undefined" ? BUILD_DATE : "unknown",
    platform: `${process.platform}-${process.arch}`,
    bun: Bun.version,
  };
}

/** One line that starts with the version number (the build script and packagers read it). */
export function versionLine(i: VersionInfo = versionInfo()): string {
  return `${i.version} (commit ${i.commit}, built ${i.date}, ${i.platform}, bun ${i.bun})`;
}

/**
 * Which build this is, beyond its version: a daemon of the same version but another build (a
 * rebuilt binary, a fixed one installed over it) is another program, and is replaced as one of
 * another version is. Empty when run from source (nothing to tell builds apart by);
 * DEBUGGER_TEST_BUILD stands in for it in the tests, as DEBUGGER_TEST_VERSION does for the version.
 */
export const BUILD: string =
  (testHooks && process.env.DEBUGGER_TEST_BUILD) ||
  (typeof BUILD_COMMIT !== "undefined" && typeof BUILD_DATE !== "undefined" ? `${BUILD_COMMIT}.${BUILD_DATE}` : "");

/** A request's `VERSION+BUILD` as its two parts (a bare version: a client built without a build). */
export function splitVersion(text: string): [string, string | undefined] {
  const at = text.lastIndexOf("+");
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
