// Go sources built by the daemon for Delve, cached across starts: `go build -gcflags=all=-N -l`
// (what Delve's `debug` mode runs) into a private cache directory, keyed by the module, the
// program, go's version and build environment, and the content of every file the build reads
// from the module. The session then launches the binary in Delve's `exec` mode, so a warm spare
// Delve can take it (`debug` mode must start Delve in the module directory), and a second start
// of an unchanged program does not build at all. Where the key cannot see every input (a go.work
// workspace, a `replace` with a local directory, a huge tree) this answers undefined and Delve
// builds as before.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { Env } from "../common/callerEnv.ts";
import { DebuggerError } from "../common/errors.ts";
import { cacheDir } from "../common/paths.ts";
import { ensurePrivateDir } from "../common/privateFiles.ts";
import { which } from "./which.ts";

/** The flags Delve's `debug` mode builds with: no optimisation, no inlining. */
export const GO_DEBUG_FLAGS = ["-gcflags=all=-N -l"];
/** Beyond this many source files the key would cost more than it saves: Delve builds. */
const MAX_FILES = 5000;
/** Binaries kept (the least recently used go first). */
const KEEP = 24;
const BUILD_TIMEOUT_MS = 10 * 60 * 1000;

export interface GoBuild {
  binary: string;
  /** Found in the cache: nothing was built. */
  cached: boolean;
  ms: number;
}

/** Files of a module that a `go build` of the program reads (tests are not). */
const SOURCE = /\.(go|s|S|c|h|cc|cpp|cxx|hh|hpp|hxx|m|f|F|for|f90|syso)$/;

/**
 * The module's build inputs, sorted: every source file below `root` except tests, testdata,
 * `.`/`_` directories and nested modules (as go itself skips them). undefined: too many.
 */
export function moduleFiles(root: string, recursive: boolean): string[] | undefined {
  const out: string[] = [];
  // Symlinked directories are followed (a package may live behind one), each directory once.
  const seen = new Set<string>();
  const walk = (dir: string, top: boolean): boolean => {
    try {
      const st = statSync(dir);
      const id = `${st.dev}:${st.ino}`;
      if (seen.has(id)) return true;
      seen.add(id);
    } catch {
      return true;
    }
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return true;
    }
    if (!top && names.includes("go.mod")) return true; // another module
    for (const name of names) {
      const path = join(dir, name);
      if (top && (name === "go.mod" || name === "go.sum")) {
        out.push(path);
        continue;
      }
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!recursive || name === "testdata" || name.startsWith(".") || name.startsWith("_")) continue;
        if (!walk(path, false)) return false;
      } else if (st.isFile() && SOURCE.test(name) && !name.endsWith("_test.go")) {
        out.push(path);
        if (out.length > MAX_FILES) return false;
      }
    }
    return true;
  };
  return walk(root, true) ? out : undefined;
}

const envMemo = new Map<string, string>();

/** What go says of its version and build environment in that directory (GOTOOLCHAIN can switch versions there), under the caller's environment. */
async function goEnv(go: string, cwd: string, goMod: string, env: Env | undefined): Promise<Record<string, string>> {
  let mtime = 0;
  try {
    mtime = statSync(go).mtimeMs;
  } catch {}
  // The caller's GO*, CGO_*, CC… change the answer: part of the key (hashed, never kept as text).
  const goVars = env
    ? sha(
        JSON.stringify(
          Object.entries(env)
            .filter(([k]) => /^(GO|CGO_|CC$|CXX$|PATH$|HOME$)/.test(k))
            .sort(),
        ),
      )
    : "";
  const memoKey = JSON.stringify([go, mtime, cwd, goMod, goVars]);
  let text = envMemo.get(memoKey);
  if (text === undefined) {
    const proc = Bun.spawn(
      [
        go,
        "env",
        "-json",
        "GOVERSION",
        "GOOS",
        "GOARCH",
        "GOFLAGS",
        "CGO_ENABLED",
        "GOEXPERIMENT",
        "GOWORK",
        "GOAMD64",
        "GOARM",
        "GOARM64",
        "CC",
        "CGO_CFLAGS",
        "CGO_LDFLAGS",
        "GOROOT",
      ],
      { cwd, env, stdout: "pipe", stderr: "pipe" },
    );
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    if (code !== 0) throw new Error(`go env exited with ${code}`);
    text = out;
    envMemo.set(memoKey, text);
  }
  return JSON.parse(text);
}

function hashFiles(root: string, files: string[]): string {
  const h = new Bun.CryptoHasher("sha256");
  for (const f of files) {
    h.update(relative(root, f));
    h.update("\0");
    h.update(readFileSync(f));
    h.update("\0");
  }
  return h.digest("hex");
}

const sha = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

/** A private directory for the builds (0700, ours, not a symlink), or undefined: Delve builds. */
function buildDir(log: (text: string) => void): string | undefined {
  const base = cacheDir();
  const dir = join(base, "go-builds");
  try {
    ensurePrivateDir(base);
    ensurePrivateDir(dir);
    return dir;
  } catch (e) {
    log(`no build cache (${(e as Error).message}): Delve builds the program`);
    return undefined;
  }
}

/** Keeps the newest binary of each program and at most KEEP in all. */
function prune(dir: string, keep: string, programPrefix: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const entries = names.flatMap((name) => {
    try {
      return [{ name, mtime: statSync(join(dir, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  entries.sort((a, b) => b.mtime - a.mtime);
  let kept = 0;
  for (const e of entries) {
    if (e.name === keep) continue;
    // A temporary file is another build's in progress, unless it is older than any build runs.
    const stale = e.name.includes(".tmp-") ? Date.now() - e.mtime > BUILD_TIMEOUT_MS : e.name.startsWith(`${programPrefix}-`) || ++kept >= KEEP;
    if (stale) rmSync(join(dir, e.name), { force: true });
  }
}

/**
 * The binary of Go source `program` (a .go file or a package directory) built in `moduleRoot`,
 * from the cache when nothing it is built from changed. undefined: no go, no usable cache, or
 * inputs the key cannot see — the caller lets Delve build. A build that fails throws
 * LAUNCH_FAILED with the compiler's words, as Delve's own build error did.
 */
export async function goDebugBuild(
  program: string,
  moduleRoot: string,
  hasGoMod: boolean,
  log: (text: string) => void,
  callerEnv?: Env,
): Promise<GoBuild | undefined> {
  const t0 = performance.now();
  // The build runs as the caller's `go build` would: its PATH, GOPATH, GOFLAGS, CGO_* …
  const go = which("go", callerEnv ?? process.env);
  if (!go) return undefined;
  let goMod = "";
  if (hasGoMod) {
    try {
      goMod = readFileSync(join(moduleRoot, "go.mod"), "utf8");
    } catch {
      return undefined;
    }
    // A replacement by a local directory: its files are inputs the key does not hash.
    if (/=>\s*["`]?(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])/.test(goMod)) {
      log("go.mod replaces a module with a local directory: Delve builds the program");
      return undefined;
    }
  }
  const files = moduleFiles(moduleRoot, hasGoMod);
  if (!files) {
    log(`more than ${MAX_FILES} source files under ${moduleRoot}: Delve builds the program`);
    return undefined;
  }
  let env: Record<string, string>;
  try {
    env = await goEnv(go, moduleRoot, goMod, callerEnv);
  } catch (e) {
    log(`go env failed (${(e as Error).message}): Delve builds the program`);
    return undefined;
  }
  if (env.GOWORK && env.GOWORK !== "off") {
    log(`a go.work workspace (${env.GOWORK}): Delve builds the program`);
    return undefined;
  }
  const dir = buildDir(log);
  if (!dir) return undefined;
  const programPrefix = sha(JSON.stringify([moduleRoot, program])).slice(0, 16);
  const key = sha(JSON.stringify([moduleRoot, program, go, env, GO_DEBUG_FLAGS, hashFiles(moduleRoot, files)])).slice(0, 32);
  const name = `${programPrefix}-${key}`;
  const binary = join(dir, name);
  try {
    if (statSync(binary).isFile()) {
      const now = new Date();
      utimesSync(binary, now, now); // least recently used goes first
      return { binary, cached: true, ms: performance.now() - t0 };
    }
  } catch {}
  const temporary = `${binary}.tmp-${process.pid}-${Date.now().toString(36)}`;
  // The package relative to the module: go finds the module from its own working directory, the
  // real path, so a program under a symlinked directory was "outside main module" by its own path.
  const inModule = relative(moduleRoot, program);
  const target = inModule && !inModule.startsWith("..") && !isAbsolute(inModule) ? `./${inModule}` : inModule === "" ? "." : program;
  const argv = [go, "build", ...GO_DEBUG_FLAGS, "-o", temporary, target];
  const proc = Bun.spawn(argv, { cwd: moduleRoot, env: callerEnv, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), BUILD_TIMEOUT_MS);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]).finally(() =>
    clearTimeout(timer),
  );
  if (code !== 0) {
    rmSync(temporary, { force: true });
    const said = `${out}${err}`.trim();
    throw new DebuggerError(
      "LAUNCH_FAILED",
      `launch failed: Build error: go build ${GO_DEBUG_FLAGS.join(" ")} ${program} (in ${moduleRoot}) exited with ${proc.signalCode ? `signal ${proc.signalCode}` : `status ${code}`}${said ? `\n${said}` : ""}`,
      `fix the build; \`go build\` in ${moduleRoot} shows the same`,
    );
  }
  renameSync(temporary, binary);
  prune(dir, name, programPrefix);
  return { binary, cached: false, ms: performance.now() - t0 };
}
