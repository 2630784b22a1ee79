// `node --test [OPTIONS] FILES`: node's own options told from the test files, so that each option
// reaches the node that runs the file (with its value, `--opt V` or `--opt=V`) and a value is
// never taken for a file. The known set is node's `--help` (20 to 24); an unknown option cannot be
// told from a flag: it is passed as a flag, and said.
import { readdirSync, type Dirent } from "node:fs";
import { basename, join } from "node:path";
import { DebuggerError } from "../../common/errors.ts";

/** node's options that take a value (as the next word or after `=`), from `node --help`. */
const VALUED = new Set([
  "--test-name-pattern",
  "--test-skip-pattern",
  "--test-concurrency",
  "--test-timeout",
  "--test-reporter",
  "--test-reporter-destination",
  "--test-shard",
  "--test-isolation",
  "--test-coverage-include",
  "--test-coverage-exclude",
  "--test-coverage-branches",
  "--test-coverage-functions",
  "--test-coverage-lines",
  "--test-global-setup",
  "--import",
  "--require",
  "-r",
  "--loader",
  "--experimental-loader",
  "--conditions",
  "-C",
  "--env-file",
  "--env-file-if-exists",
  "--experimental-default-type",
  "--experimental-policy",
  "--experimental-sea-config",
  "--experimental-config-file",
  "--input-type",
  "--allow-fs-read",
  "--allow-fs-write",
  "--disable-proto",
  "--disable-warning",
  "--dns-result-order",
  "--diagnostic-dir",
  "--cpu-prof-dir",
  "--cpu-prof-interval",
  "--cpu-prof-name",
  "--heap-prof-dir",
  "--heap-prof-interval",
  "--heap-prof-name",
  "--heapsnapshot-near-heap-limit",
  "--heapsnapshot-signal",
  "--icu-data-dir",
  "--max-http-header-size",
  "--network-family-autoselection-attempt-timeout",
  "--openssl-config",
  "--policy-integrity",
  "--redirect-warnings",
  "--report-directory",
  "--report-dir",
  "--report-filename",
  "--report-signal",
  "--secure-heap",
  "--secure-heap-min",
  "--snapshot-blob",
  "--build-snapshot-config",
  "--stack-trace-limit",
  "--title",
  "--tls-cipher-list",
  "--tls-keylog",
  "--trace-event-categories",
  "--trace-event-file-pattern",
  "--trace-require-module",
  "--unhandled-rejections",
  "--use-largepages",
  "--v8-pool-size",
  "--localstorage-file",
  "--watch-path",
  "--inspect-port",
  "--debug-port",
]);

/** node's options that take no value, from `node --help` (beside --experimental-*, --no-*, --allow-*, --trace-*, --tls-*). */
const FLAGS = new Set([
  "--test-only",
  "--test-force-exit",
  "--test-update-snapshots",
  "--abort-on-uncaught-exception",
  "--build-snapshot",
  "--cpu-prof",
  "--heap-prof",
  "--disallow-code-generation-from-strings",
  "--enable-fips",
  "--force-fips",
  "--enable-source-maps",
  "--expose-gc",
  "--force-context-aware",
  "--force-node-api-uncaught-exceptions-policy",
  "--frozen-intrinsics",
  "--huge-max-old-generation-size",
  "--insecure-http-parser",
  "--interpreted-frames-native-stack",
  "--jitless",
  "--node-memory-debug",
  "--openssl-legacy-provider",
  "--openssl-shared-config",
  "--pending-deprecation",
  "--preserve-symlinks",
  "--preserve-symlinks-main",
  "--prof",
  "--report-compact",
  "--report-exclude-network",
  "--report-on-fatalerror",
  "--report-on-signal",
  "--report-uncaught-exception",
  "--throw-deprecation",
  "--use-bundled-ca",
  "--use-openssl-ca",
  "--entry-url",
  "--permission",
  "--watch",
  "--watch-preserve-output",
]);

/** Options for inspection: the debugger's js-debug owns the inspector. */
const INSPECT = /^--(inspect|inspect-brk|inspect-wait|inspect-port|debug-port|inspect-publish-uid)$/;
/** A run once, here: node would re-run the file on each change. */
const WATCH = /^--(watch|watch-path|watch-preserve-output)$/;

export interface NodeTestArgs {
  files: string[];
  /** What the node running a test file is given, before the file. */
  nodeArgs: string[];
  notes: string[];
}

/** Reads the words after `node` in `node --test …`. */
export function readNodeTestArgs(rest: string[]): NodeTestArgs {
  const files: string[] = [];
  const nodeArgs: string[] = [];
  const ignored: string[] = [];
  const asFlags: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w === "--") {
      files.push(...rest.slice(i + 1));
      break;
    }
    if (w === "--test") continue;
    if (!w.startsWith("-") || w === "-") {
      files.push(w);
      continue;
    }
    const eq = w.indexOf("=");
    const name = w.startsWith("--") && eq > 0 ? w.slice(0, eq) : w;
    if (/^(-e|--eval|-p|--print|-c|--check|-i|--interactive)$/.test(name))
      throw new DebuggerError(
        "USAGE",
        `node ${name} runs no test file: debugger test runs node --test with the test files`,
        "`debugger test -- node --test [OPTIONS] test/x.test.js`",
      );
    const valued = VALUED.has(name);
    // `--opt VALUE`: the next word is the value, whatever it looks like (a pattern may start with -).
    const word = valued && eq < 0 && i + 1 < rest.length ? [w, rest[++i]!] : [w];
    if (INSPECT.test(name) || WATCH.test(name)) {
      ignored.push(...word);
      continue;
    }
    if (!valued && !FLAGS.has(name) && !/^--(experimental|no|allow|trace|tls|max|stack)-/.test(name)) asFlags.push(w);
    nodeArgs.push(...word);
  }
  const notes: string[] = [];
  if (ignored.length) notes.push(`node options not passed on: ${ignored.join(" ")} (the debugger inspects the tests itself, and runs them once)`);
  if (asFlags.length)
    notes.push(
      `${asFlags.join(" ")}: not an option node --help lists; passed on as a flag (what follows it is read as a file: write ${asFlags[0]}=VALUE if it takes one)`,
    );
  return { files, nodeArgs, notes };
}

/** node's default test file names (`node --test DIR` searches DIR for these), outside node_modules. */
const TEST_NAME = /(^|[.\-_])test\.[cm]?js$|^test-.*\.[cm]?js$/;

/** The test files `node --test DIR` would run: by their names, or any script under a `test` directory; sorted. */
export function testFilesIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, underTest: boolean) => {
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, underTest || e.name === "test");
      else if (e.isFile() && (TEST_NAME.test(e.name) || (underTest && /\.[cm]?js$/.test(e.name)))) out.push(p);
    }
  };
  walk(dir, basename(dir) === "test");
  return out.sort();
}
