// VS Code launch configurations (`.vscode/launch.json`): found from the caller's directory up,
// read as JSON with comments, one configuration picked by name, its `${…}` variables replaced with
// the caller's values, and its fields mapped onto this tool's own start/attach arguments. Pure
// reading: nothing here runs a task or a program. Senders (the CLI, the MCP server) do this in
// their own process, where the caller's cwd and environment are (docs/decisions.md).
import { DebuggerError } from "./errors.ts";
import { namesDirectory } from "./hostPath.ts";
import { shellWords } from "./shellWords.ts";

// node:fs is loaded when a launch file is read: ipc/launchCall.ts brings this module onto every
// command's path (the command registry), and loading node:fs costs a plain command ~1.4 ms of CPU
// (a compiled one-line program with and without it; lstat.ts).
const fs = () => require("node:fs") as typeof import("node:fs");
const existsSync = (p: string) => fs().existsSync(p);
const statSync = (p: string) => fs().statSync(p);
const readFileSync = (p: string, encoding: "utf8") => fs().readFileSync(p, encoding);
// node:path too (hostPath.ts).
const nodePath = () => require("node:path") as typeof import("node:path");
const basename = (p: string, suffix?: string) => nodePath().basename(p, suffix);
const dirname = (p: string) => nodePath().dirname(p);
const isAbsolute = (p: string) => nodePath().isAbsolute(p);
const join = (...parts: string[]) => nodePath().join(...parts);
const resolve = (...parts: string[]) => nodePath().resolve(...parts);

/** Configuration types this tool maps, and the adapter each one gets (undefined: chosen from the program). */
export const LAUNCH_TYPES: Record<string, string | undefined> = {
  cppdbg: undefined,
  lldb: "lldb",
  "lldb-dap": "lldb-dap",
  "lldb-vscode": "lldb-dap",
  debugpy: "debugpy",
  python: "debugpy",
  go: "delve",
  gdb: "gdb",
};

/** VS Code variables that name the editor's open file or selection: nothing is open here. */
const EDITOR_VARIABLES = new Set([
  "file",
  "fileBasename",
  "fileBasenameNoExtension",
  "fileDirname",
  "fileDirnameBasename",
  "fileExtname",
  "fileWorkspaceFolder",
  "relativeFile",
  "relativeFileDirname",
  "lineNumber",
  "columnNumber",
  "selectedText",
]);

export interface LaunchFile {
  /** The launch.json read. */
  file: string;
  /** The folder VS Code would call the workspace folder: the one holding `.vscode`. */
  workspaceFolder: string;
  configurations: Record<string, unknown>[];
  compounds: { name: string; configurations: string[] }[];
}

/** What a configuration asks for, in this tool's terms. Fields left out were not in it. */
export interface LaunchPlan {
  name: string;
  type: string;
  /** launch, or attach to a process id or a listening adapter. */
  request: "launch" | "attach";
  adapter?: string;
  program?: string;
  module?: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  stopOnEntry?: boolean;
  core?: string;
  pid?: number;
  connect?: { host: string; port: number };
  /** debugpy: the interpreter, and justMyCode. */
  python?: string;
  justMyCode?: boolean;
  /** Tasks VS Code would run before and after: named, never run. */
  preLaunchTask?: string;
  /** The preLaunchTask's command line, when .vscode/tasks.json gives it plainly. */
  preLaunchCommand?: string;
  postDebugTask?: string;
  /** Things said beside the reply: fields this tool does not use, an envFile that is not there. */
  notes: string[];
}

/** What the caller's process supplies to the variables. */
export interface LaunchContext {
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
}

function launchError(message: string, hint: string): DebuggerError {
  return new DebuggerError("LAUNCH_CONFIG", message, hint);
}

/** The nearest `.vscode/launch.json` from DIR up to the root, or undefined. */
export function findLaunchFile(dir: string): string | undefined {
  let d = resolve(dir);
  for (;;) {
    const candidate = join(d, ".vscode", "launch.json");
    if (existsSync(candidate)) return candidate;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** JSON with comments and trailing commas, as VS Code reads its settings files. */
export function parseJsonc(text: string, file: string): unknown {
  try {
    return Bun.JSONC.parse(text);
  } catch (e) {
    throw launchError(
      `${file} is not valid JSON (with comments): ${(e as Error).message.replace(/^JSONC Parse error: /, "")}`,
      "fix the file (VS Code's editor shows where), or name another with --launch-file PATH",
    );
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads launch.json: the given file, else the nearest one from CWD up. */
export function readLaunchFile(cwd: string, given?: string): LaunchFile {
  let file: string;
  if (given !== undefined) {
    file = resolve(cwd, given);
    if (!existsSync(file) || statSync(file).isDirectory())
      throw launchError(`no launch configuration file at ${file}`, "--launch-file names a launch.json (VS Code's .vscode/launch.json)");
  } else {
    const found = findLaunchFile(cwd);
    if (!found)
      throw launchError(
        `no .vscode/launch.json in ${resolve(cwd)} or any folder above it`,
        "run from inside the project, or name the file with --launch-file PATH",
      );
    file = found;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw launchError(`cannot read ${file}: ${(e as Error).message}`, "check the file's permissions");
  }
  const doc = parseJsonc(text, file);
  if (!isObject(doc)) throw launchError(`${file} holds no object`, 'launch.json is {"version": "0.2.0", "configurations": [ … ]}');
  const configurations = Array.isArray(doc.configurations) ? doc.configurations.filter(isObject) : [];
  const compounds = (Array.isArray(doc.compounds) ? doc.compounds.filter(isObject) : []).map((c) => ({
    name: String(c.name ?? ""),
    configurations: Array.isArray(c.configurations) ? c.configurations.map((x) => (isObject(x) ? String(x.name ?? "") : String(x))) : [],
  }));
  const parent = dirname(file);
  return { file, workspaceFolder: basename(parent) === ".vscode" ? dirname(parent) : parent, configurations, compounds };
}

/**
 * Replaces VS Code's variables in TEXT: ${workspaceFolder}, ${workspaceFolderBasename},
 * ${workspaceRoot}, ${userHome}, ${cwd}, ${pathSeparator} and ${/}, ${env:NAME} (empty when unset,
 * as in VS Code). Anything else (${file}, ${command:…}, ${input:…}, ${config:…}) is an error
 * naming it; FIELD says where it was.
 */
export function substitute(text: string, workspaceFolder: string, ctx: LaunchContext, field: string): string {
  return text.replace(/\$\{([^}]*)\}/g, (whole, name: string) => {
    switch (name) {
      case "workspaceFolder":
      case "workspaceRoot":
        return workspaceFolder;
      case "workspaceFolderBasename":
        return basename(workspaceFolder);
      case "userHome":
        return ctx.home;
      case "cwd":
        return ctx.cwd;
      case "pathSeparator":
      case "/":
        return nodePath().sep;
    }
    if (name.startsWith("env:")) return ctx.env[name.slice(4)] ?? "";
    if (EDITOR_VARIABLES.has(name))
      throw launchError(
        `${field} uses ${whole}, the file open in VS Code's editor; there is none here`,
        "give that value on the command line (it wins over the configuration), e.g. the program: `debugger start --config NAME ./script.py`",
      );
    if (name.startsWith("command:") || name.startsWith("input:"))
      throw launchError(
        `${field} uses ${whole}, which VS Code asks the user or an extension for; this tool cannot`,
        "give that value on the command line (it wins over the configuration), or write it into launch.json",
      );
    throw launchError(
      `${field} uses ${whole}, a variable this tool does not know`,
      "known: ${workspaceFolder}, ${workspaceFolderBasename}, ${userHome}, ${cwd}, ${pathSeparator}, ${env:NAME}; give the value on the command line instead",
    );
  });
}

/** A dotenv file: KEY=VALUE lines, `export` allowed, # comments, values in '…' (as written) or "…" (\n escapes). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][\w.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const q = value[0];
    if ((q === '"' || q === "'") && value.indexOf(q, 1) > 0) {
      const end = value.indexOf(q, 1);
      value = value.slice(1, end);
      if (q === '"')
        value = value
          .replace(/\\n/g, "\n")
          .replace(/\\r/g, "\r")
          .replace(/\\t/g, "\t")
          .replace(/\\(["\\])/g, "$1");
    } else value = value.replace(/\s+#.*$/, "").trim();
    out[m[1]!] = value;
  }
  return out;
}

/** A command line in one string (VS Code allows `args` so for some types): words split as a POSIX shell would, without expansions. */
export function splitWords(text: string): string[] {
  return shellWords(text, (quote) => launchError(`unbalanced ${quote} in the arguments: ${text}`, "close the quote, or write args as an array"));
}

const PLATFORM_KEY: Partial<Record<NodeJS.Platform, string>> = { linux: "linux", darwin: "osx", win32: "windows" };

/** Fields that change what runs and that this tool cannot honour: said as a note so nobody is misled. */
const IGNORED_SAID: Record<string, string> = {
  buildFlags: "buildFlags (Go build flags) are not used: the package is built with -gcflags='all=-N -l' only",
  miDebuggerPath: "miDebuggerPath is not used: the gdb on PATH (or DEBUGGER_GDB) is",
  setupCommands: "setupCommands are not run",
  initCommands: "initCommands are not run",
  preRunCommands: "preRunCommands are not run",
  sourceFileMap: "sourceFileMap is not used",
  substitutePath: "substitutePath is not used",
  sourceMap: "sourceMap is not used",
  subProcess: "subProcess is not used: child processes are not debugged",
  dlvFlags: "dlvFlags are not passed to Delve",
};

function names(lf: LaunchFile): string[] {
  return lf.configurations.map((c) => String(c.name ?? ""));
}

/**
 * The configuration NAME of the file, mapped. SKIP lists the fields the command line gives (they
 * win, so the configuration's are neither read nor checked: `${file}` in a program given on the
 * command line is no error).
 */
export function launchPlan(lf: LaunchFile, name: string, ctx: LaunchContext, skip: ReadonlySet<string> = new Set()): LaunchPlan {
  const found = lf.configurations.find((c) => c.name === name);
  if (!found) {
    const compound = lf.compounds.find((c) => c.name === name);
    if (compound)
      throw launchError(
        `'${name}' in ${lf.file} is a compound (${compound.configurations.join(", ")}): this tool starts one configuration at a time`,
        `start each as its own session: ${compound.configurations.map((c) => `\`debugger start --config '${c}' --session NAME\``).join(", ")}`,
      );
    const all = names(lf);
    throw launchError(
      `no configuration named '${name}' in ${lf.file}`,
      all.length ? `its configurations: ${all.map((n) => `'${n}'`).join(", ")} (\`debugger configs\` lists them)` : "it has no configurations",
    );
  }
  const platform = PLATFORM_KEY[process.platform];
  const c: Record<string, unknown> = { ...found, ...(platform && isObject(found[platform]) ? found[platform] : {}) };
  const type = String(c.type ?? "");
  if (!(type in LAUNCH_TYPES)) {
    throw launchError(
      `configuration '${name}' is of type '${type || "(none)"}', which this tool does not debug`,
      `types it reads: ${Object.keys(LAUNCH_TYPES).join(", ")}; otherwise start the program directly: \`debugger start PROGRAM -- ARGS\``,
    );
  }
  const request = c.request === "attach" ? "attach" : c.request === "launch" || c.request === undefined ? "launch" : undefined;
  if (!request) throw launchError(`configuration '${name}' has request '${String(c.request)}'`, "request is launch or attach");
  const where = (field: string) => `configuration '${name}', ${field}`;
  const sub = (field: string, v: unknown): string | undefined => {
    if (v === undefined || v === null || skip.has(field)) return undefined;
    if (typeof v !== "string" && typeof v !== "number")
      throw launchError(
        `${where(field)} is ${Array.isArray(v) ? "an array" : typeof v}, not a string`,
        "fix the configuration, or give it on the command line",
      );
    return substitute(String(v), lf.workspaceFolder, ctx, where(field));
  };
  const path = (field: string, v: unknown) => {
    const s = sub(field, v);
    return s === undefined || s === "" ? undefined : isAbsolute(s) ? s : resolve(lf.workspaceFolder, s);
  };
  const plan: LaunchPlan = { name, type, request, adapter: LAUNCH_TYPES[type], notes: [] };
  if (type === "cppdbg") {
    const mi = c.MIMode === "gdb" || c.MIMode === "lldb" ? c.MIMode : undefined;
    plan.adapter = mi;
    if (!mi)
      plan.notes.push("cppdbg without MIMode: the adapter is chosen from the program (lldb-dap by default; `[defaults] adapter` or --adapter changes it)");
  }

  // Program, or (debugpy) module, or (gdb extension) target.
  const programField = type === "gdb" && c.program === undefined ? "target" : "program";
  if (!(request === "attach" && type === "gdb")) plan.program = path("program", c[programField]);
  if (type === "debugpy" || type === "python") {
    plan.module = sub("module", c.module);
    const py = Array.isArray(c.python) ? c.python[0] : (c.python ?? c.pythonPath);
    const python = sub("python", py);
    if (python) plan.python = namesDirectory(python) ? resolve(lf.workspaceFolder, python) : python;
    if (typeof c.justMyCode === "boolean") plan.justMyCode = c.justMyCode;
  }

  // Arguments: an array, or one string split as a shell would (VS Code passes a string through the shell for some types).
  const argsField = type === "gdb" && c.args === undefined ? "arguments" : "args";
  const rawArgs = c[argsField];
  if (rawArgs !== undefined && !skip.has("args")) {
    if (Array.isArray(rawArgs)) plan.args = rawArgs.map((a, i) => substitute(String(a), lf.workspaceFolder, ctx, where(`${argsField}[${i}]`)));
    else if (typeof rawArgs === "string") plan.args = splitWords(substitute(rawArgs, lf.workspaceFolder, ctx, where(argsField)));
    else throw launchError(`${where(argsField)} is neither an array nor a string`, 'e.g. "args": ["--verbose", "input.txt"]');
  }

  // The working directory: the configuration's, else the workspace folder (VS Code's default),
  // else for Go the program's folder (the Go extension's).
  if (!skip.has("cwd")) {
    const cwd = path("cwd", c.cwd);
    if (cwd) plan.cwd = cwd;
    else if (type === "go" && plan.program && request === "launch") plan.cwd = isDir(plan.program) ? plan.program : dirname(plan.program);
    else if (request === "launch") plan.cwd = lf.workspaceFolder;
  }

  // The environment: envFile first, env over it (as the Python and Go extensions merge them).
  const env: Record<string, string> = {};
  const envFile = path("envFile", c.envFile);
  if (envFile) {
    if (existsSync(envFile)) {
      try {
        Object.assign(env, parseDotenv(readFileSync(envFile, "utf8")));
      } catch (e) {
        throw launchError(`${where("envFile")}: cannot read ${envFile}: ${(e as Error).message}`, "check the file, or remove envFile");
      }
    } else plan.notes.push(`envFile ${envFile} does not exist: skipped`);
  }
  const envSource = type === "cppdbg" && c.environment !== undefined ? "environment" : "env";
  const rawEnv = c[envSource];
  if (Array.isArray(rawEnv)) {
    // cppdbg: [{name, value}]; lldb-dap: ["NAME=VALUE"].
    rawEnv.forEach((e, i) => {
      if (isObject(e) && typeof e.name === "string") env[e.name] = substitute(String(e.value ?? ""), lf.workspaceFolder, ctx, where(`${envSource}[${i}]`));
      else if (typeof e === "string" && e.indexOf("=") > 0)
        env[e.slice(0, e.indexOf("="))] = substitute(e.slice(e.indexOf("=") + 1), lf.workspaceFolder, ctx, where(`${envSource}[${i}]`));
      else throw launchError(`${where(`${envSource}[${i}]`)} is neither {"name", "value"} nor "NAME=VALUE"`, 'e.g. "env": {"RUST_BACKTRACE": "1"}');
    });
  } else if (isObject(rawEnv)) {
    // null unsets a variable in VS Code: here it is left out of what the configuration adds.
    for (const [k, v] of Object.entries(rawEnv)) if (v !== null && v !== undefined) env[k] = substitute(String(v), lf.workspaceFolder, ctx, where(`env.${k}`));
  } else if (rawEnv !== undefined) throw launchError(`${where(envSource)} is not an object`, 'e.g. "env": {"RUST_BACKTRACE": "1"}');
  if (Object.keys(env).length) plan.env = env;

  const entry = type === "cppdbg" ? c.stopAtEntry : c.stopOnEntry;
  if (typeof entry === "boolean") plan.stopOnEntry = entry;
  if (typeof c.preLaunchTask === "string") {
    plan.preLaunchTask = c.preLaunchTask;
    plan.preLaunchCommand = taskCommand(lf, c.preLaunchTask);
  }
  if (typeof c.postDebugTask === "string") plan.postDebugTask = c.postDebugTask;

  if (type === "go") goMode(plan, c, where, sub, path);
  if (request === "attach") attachTarget(plan, c, where, sub);
  if (type === "lldb" && c.cargo !== undefined)
    throw launchError(
      `configuration '${name}' builds with cargo ("cargo"), which this tool does not run`,
      'build it yourself (`cargo build`), then `debugger start --config NAME target/debug/PROGRAM`, or give "program" in the configuration',
    );
  for (const [key, said] of Object.entries(IGNORED_SAID)) if (c[key] !== undefined) plan.notes.push(said);
  return plan;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

type Sub = (field: string, v: unknown) => string | undefined;

function goMode(plan: LaunchPlan, c: Record<string, unknown>, where: (f: string) => string, _sub: Sub, path: Sub): void {
  const mode = typeof c.mode === "string" ? c.mode : plan.request === "attach" ? "local" : "auto";
  switch (mode) {
    case "auto":
    case "debug":
    case "exec":
      // A package directory or .go file is built with debug flags, a binary runs as it is: the program tells which.
      if (plan.request !== "launch") break;
      if (!plan.program)
        throw launchError(
          `${where("program")} is missing`,
          "Go's debug mode takes a package directory or .go file, exec a binary; or give the program on the command line",
        );
      return;
    case "test":
      throw launchError(
        `${where("mode")} is test: this tool runs Go tests with \`debugger test\``,
        `\`debugger test -- go test ${plan.program ? relativeFrom(plan.program) : "./..."}${Array.isArray(c.args) && c.args.length ? ` ${c.args.map(String).join(" ")}` : ""}\``,
      );
    case "core":
      plan.core = path("coreFilePath", c.coreFilePath);
      if (!plan.core) throw launchError(`${where("coreFilePath")} is missing`, "mode core needs the program and coreFilePath");
      return;
    case "local":
    case "remote":
      return;
    default:
      throw launchError(
        `${where("mode")} '${mode}' is not one this tool runs`,
        "Go modes read here: debug, exec, auto, test (refused: use `debugger test`), core, and for attach local and remote",
      );
  }
}

function relativeFrom(p: string): string {
  const cwd = process.cwd();
  return p.startsWith(cwd + nodePath().sep) ? `./${p.slice(cwd.length + 1)}` : p;
}

/** What an attach configuration names: a process id, or a listening adapter (host and port). */
function attachTarget(plan: LaunchPlan, c: Record<string, unknown>, where: (f: string) => string, sub: Sub): void {
  const rawPid = c.processId ?? c.pid ?? (plan.type === "gdb" ? c.target : undefined);
  const connect = isObject(c.connect) ? c.connect : c.port !== undefined ? { host: c.host, port: c.port } : undefined;
  if (rawPid !== undefined) {
    const text = sub("processId", rawPid);
    const pid = Number(text);
    if (!Number.isInteger(pid) || pid < 1)
      throw launchError(
        `${where("processId")} is '${text}', not a process id`,
        "give the pid on the command line: `debugger attach PID` (this tool does not pick processes)",
      );
    plan.pid = pid;
    if (plan.type === "gdb") plan.program = sub("executable", c.executable);
    return;
  }
  if (connect) {
    const port = Number(sub("port", connect.port));
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw launchError(`${where("port")} is not a port number`, 'e.g. "connect": {"host": "127.0.0.1", "port": 5678}');
    plan.connect = { host: sub("host", connect.host) || "127.0.0.1", port };
    if (!plan.adapter)
      throw launchError(
        `${where("request")}: an attach to a port needs the adapter, which cppdbg does not name`,
        "use `debugger attach --connect HOST:PORT --adapter NAME`",
      );
    return;
  }
  if (plan.type === "debugpy" || plan.type === "python") {
    if (c.listen !== undefined)
      throw launchError(
        `${where("listen")}: this tool does not wait for a program to connect to it`,
        'start the program with `python -m debugpy --listen HOST:PORT …` and use a configuration with "connect", or `debugger attach --connect HOST:PORT --adapter debugpy`',
      );
  }
  throw launchError(
    `configuration '${plan.name}' attaches but names no processId or port`,
    "give processId (a number) or connect {host, port} in it, or use `debugger attach PID`",
  );
}

/** One line per configuration of the file, for `debugger configs`: what it would start, or why it cannot. */
export interface ConfigSummary {
  name: string;
  type: string;
  request: string;
  /** The adapter it maps to ("(from the program)" for cppdbg without MIMode). */
  adapter?: string;
  program?: string;
  module?: string;
  pid?: number;
  connect?: { host: string; port: number };
  preLaunchTask?: string;
  /** Why `start --config` would refuse it. */
  error?: string;
  compound?: string[];
}

export function summarize(lf: LaunchFile, ctx: LaunchContext): ConfigSummary[] {
  const out: ConfigSummary[] = lf.configurations.map((c) => {
    const name = String(c.name ?? "");
    const base = { name, type: String(c.type ?? ""), request: String(c.request ?? "launch") };
    try {
      const p = launchPlan(lf, name, ctx);
      return {
        ...base,
        adapter: p.adapter ?? "(from the program)",
        program: p.program,
        module: p.module,
        pid: p.pid,
        connect: p.connect,
        preLaunchTask: p.preLaunchTask,
      };
    } catch (e) {
      // A variable that needs the editor (${file}) still shows the program as written.
      const raw = typeof c.program === "string" ? c.program : undefined;
      return { ...base, adapter: LAUNCH_TYPES[base.type], program: raw, error: (e as Error).message };
    }
  });
  for (const c of lf.compounds)
    out.push({ name: c.name, type: "compound", request: "", compound: c.configurations, error: "a compound: start its configurations one by one" });
  return out;
}

/** The command line of task LABEL in the workspace's .vscode/tasks.json, when it says one plainly (no variables to ask for). */
export function taskCommand(lf: LaunchFile, label: string): string | undefined {
  try {
    const doc = parseJsonc(readFileSync(join(lf.workspaceFolder, ".vscode", "tasks.json"), "utf8"), "tasks.json");
    const tasks = isObject(doc) && Array.isArray(doc.tasks) ? doc.tasks.filter(isObject) : [];
    const t = tasks.find((t) => t.label === label);
    if (!t || typeof t.command !== "string") return undefined;
    const args = Array.isArray(t.args) ? t.args.map((a) => (typeof a === "string" ? a : isObject(a) ? String(a.value ?? "") : String(a))) : [];
    const text = [t.command, ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))].join(" ");
    return /\$\{/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}
