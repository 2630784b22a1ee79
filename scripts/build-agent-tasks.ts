// Builds the agent-task programs (test/agent-tasks/*) into test/fixtures/build/agent-tasks/TASK/
// (gitignored), with debug info and no optimisation, each rebuilt only when a source is newer.
// SQLite comes from the amalgamation the better-sqlite3 npm package ships (deps/sqlite3), with one
// defect injected for the sqlite-substr task; it is compiled once into sqlite3.o (30–60 s).
// Run: bun scripts/build-agent-tasks.ts     Import: buildAgentTasks(), agentTasksDir, agentBuildDir
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { mtime } from "./build-fixtures.ts";

const root = resolve(import.meta.dir, "..");
export const agentTasksDir = join(root, "test", "agent-tasks");
export const agentBuildDir = join(root, "test", "fixtures", "build", "agent-tasks");
const sqliteDir = join(agentBuildDir, "sqlite");

/** Pinned: debugger.txt and native.txt name lines of this amalgamation (SQLite 3.53.2). */
export const BETTER_SQLITE3 = "better-sqlite3@12.11.1";

/**
 * The defect injected into SQLite's substr(): the loop that counts the characters of the text
 * stops one character early, so a negative start (substr(x, -3)) begins one character too soon.
 * Same number of lines as the original, so line numbers in the transcripts stay those of 3.53.2.
 */
const SUBSTR_DEFECT = { from: "      for(z2=z; *z2; len++){", to: "      for(z2=z; z2[1]; len++){" };

function run(argv: string[], cwd: string, env?: Record<string, string>): void {
  const result = Bun.spawnSync(argv, { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) {
    throw new Error(`${argv.join(" ")} failed (exit ${result.exitCode}) in ${cwd}\n${result.stdout}${result.stderr}`);
  }
}

/** Newest modification time of the files under a directory (recursively). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** The patched amalgamation and its object file, fetched with `npm pack` the first time. */
function buildSqlite(): string {
  mkdirSync(sqliteDir, { recursive: true });
  const source = join(sqliteDir, "sqlite3.c");
  if (!existsSync(source)) {
    const scratch = mkdtempSync(join(tmpdir(), "agent-sqlite-"));
    try {
      run(["npm", "pack", "--silent", BETTER_SQLITE3, "--pack-destination", scratch], scratch);
      const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
      if (!tarball) throw new Error(`npm pack ${BETTER_SQLITE3} produced no tarball`);
      run(["tar", "xzf", tarball, "package/deps/sqlite3/sqlite3.c", "package/deps/sqlite3/sqlite3.h"], scratch);
      cpSync(join(scratch, "package/deps/sqlite3/sqlite3.h"), join(sqliteDir, "sqlite3.h"));
      const original = readFileSync(join(scratch, "package/deps/sqlite3/sqlite3.c"), "utf8");
      const hits = original.split(SUBSTR_DEFECT.from).length - 1;
      if (hits !== 1) throw new Error(`the substr() defect expects one match in ${BETTER_SQLITE3}'s sqlite3.c, found ${hits}`);
      writeFileSync(`${source}.tmp`, original.replace(SUBSTR_DEFECT.from, SUBSTR_DEFECT.to));
      renameSync(`${source}.tmp`, source);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  const object = join(sqliteDir, "sqlite3.o");
  if ((mtime(object) ?? 0) < mtime(source)!) {
    const temporary = `${object}.tmp-${process.pid}`;
    run(["gcc", "-g", "-O0", "-c", "-DSQLITE_THREADSAFE=0", "-DSQLITE_OMIT_LOAD_EXTENSION", "-o", temporary, "sqlite3.c"], sqliteDir);
    renameSync(temporary, object);
  }
  return object;
}

/** go and its caches must work where HOME is not writable (CI sandboxes). */
function goEnv(): Record<string, string> {
  const env = { ...(process.env as Record<string, string>) };
  if (!env.GOCACHE && !existsSync(env.HOME ?? "/nonexistent")) env.GOCACHE = join(tmpdir(), "debugger-go-cache");
  if (!env.GOPATH && !existsSync(env.HOME ?? "/nonexistent")) env.GOPATH = join(tmpdir(), "debugger-go-path");
  return env;
}

interface TaskBuild {
  /** Output file name under the task's build directory. */
  output: string;
  /** argv to build `temporary` from the task's directory. */
  command: (temporary: string) => string[];
  env?: () => Record<string, string>;
  needsSqlite?: boolean;
}

const sqliteProgram = (source: string) => (out: string) => ["gcc", "-g", "-O0", "-I", sqliteDir, "-o", out, source, join(sqliteDir, "sqlite3.o"), "-lm"];

export const taskBuilds: Record<string, TaskBuild | null> = {
  "sqlite-segfault": { output: "contacts", command: sqliteProgram("contacts.c"), needsSqlite: true },
  "sqlite-substr": { output: "extensions", command: sqliteProgram("extensions.c"), needsSqlite: true },
  "cpp-budget": { output: "budget", command: (out) => ["g++", "-g", "-O0", "-o", out, "budget.cpp"] },
  "cpp-overflow": { output: "accounts", command: (out) => ["g++", "-g", "-O0", "-o", out, "accounts.cpp"] },
  "rust-nth": { output: "ledger", command: (out) => ["rustc", "-g", "-C", "opt-level=0", "-o", out, "ledger.rs"] },
  "go-deadlock": { output: "pipeline", command: (out) => ["go", "build", "-gcflags=all=-N -l", "-o", out, "."], env: goEnv },
  "go-strconv": { output: "tzconfig", command: (out) => ["go", "build", "-gcflags=all=-N -l", "-o", out, "."], env: goEnv },
  "py-textwrap": null, // runs from source
  "py-defaults": null,
  "c-realloc": { output: "inventory", command: (out) => ["gcc", "-g", "-O0", "-o", out, "inventory.c"] },
  "go-shadow": { output: "cart", command: (out) => ["go", "build", "-gcflags=all=-N -l", "-o", out, "."], env: goEnv },
};

/** Builds every task program that is missing or older than its sources; returns task → program path. */
export async function buildAgentTasks(only?: string[]): Promise<Record<string, string>> {
  const built: Record<string, string> = {};
  let sqliteReady = false;
  for (const [task, build] of Object.entries(taskBuilds)) {
    if (only && !only.includes(task)) continue;
    const taskDir = join(agentTasksDir, task);
    if (!build) {
      built[task] = taskDir;
      continue;
    }
    const outDir = join(agentBuildDir, task);
    mkdirSync(outDir, { recursive: true });
    const output = join(outDir, build.output);
    let sourceTime = newest(taskDir);
    if (build.needsSqlite) {
      if (!sqliteReady) buildSqlite();
      sqliteReady = true;
      sourceTime = Math.max(sourceTime, mtime(join(sqliteDir, "sqlite3.o"))!);
    }
    if ((mtime(output) ?? 0) < sourceTime) {
      // Build to a temporary name and rename, so a concurrent reader never sees half a binary.
      const temporary = `${output}.tmp-${process.pid}`;
      try {
        run(build.command(temporary), taskDir, build.env?.());
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
      renameSync(temporary, output);
    }
    built[task] = output;
  }
  return built;
}

if (import.meta.main) {
  for (const [task, path] of Object.entries(await buildAgentTasks(process.argv.slice(2).length ? process.argv.slice(2) : undefined))) {
    console.log(`${task}\t${path}`);
  }
}
