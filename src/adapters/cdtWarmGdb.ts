// cdt-gdb-adapter with gdb started ahead. cdt-gdb-adapter spawns gdb only at `launch`, after
// `gdb --version`: ~80 ms for the version and ~80 ms for gdb's own start, measured in its log at
// load 1, a third of a whole `run`. This program (run by node: `node -e CDT_WARM_ENTRY -- SCRIPT
// GDB ARGS_JSON`) starts that gdb and asks its version as soon as the adapter process starts, so
// a warm spare holds a gdb too. At `launch` the gdb is made what a fresh one would be: its
// directory (`cd`) and the program's environment (`unset environment`, then `set environment` for
// each variable), written in one go; where that cannot be exact (a value gdb's `set environment`
// would trim or cut, a variable gdb itself reads that differs, a `.gdbinit` in the directory, other
// gdb arguments), the launch spawns gdb as cdt-gdb-adapter always does. Only cdt-gdb-adapter's
// public extension point is used (GDBDebugSession takes a backend factory, docs of IGDBBackendFactory);
// where its modules are not where 1.x keeps them, the stock adapter runs.
//
// Plain JavaScript for node, kept as text: no backtick or dollar-brace inside.
export const CDT_WARM_ENTRY = String.raw`"use strict";
const path = require("path");
const fs = require("fs");
const { spawn } = require("child_process");
const { PassThrough } = require("stream");
const [script, gdbPath, argsJson] = process.argv.slice(1);
const dist = path.dirname(script);
let Session, Factory, logger;
try {
  Session = require(path.join(dist, "desktop", "GDBDebugSession.js")).GDBDebugSession;
  Factory = require(path.join(dist, "desktop", "factories", "GDBBackendFactory.js")).GDBBackendFactory;
  logger = require(require.resolve("@vscode/debugadapter/lib/logger", { paths: [dist] })).logger;
} catch (e) {}
if (typeof Session !== "function" || typeof Factory !== "function" || typeof Factory.prototype.createGDBManager !== "function" || !logger) {
  require(script);
} else {
  // As cdt-gdb-adapter's own entry does: an uncaught error is logged, not fatal.
  process.on("uncaughtException", (err) => logger.error(JSON.stringify(err)));
  const gdbArgs = JSON.parse(argsJson);
  // Variables gdb itself reads (its shell for starting the program, its init files, charset,
  // Python, debuginfod, its libraries): a warm gdb started with other values is not used.
  const GDB_OWN = /^(SHELL|HOME|TERM|INPUTRC|TMPDIR|LANG|LANGUAGE|LC_\w+|XDG_\w+|DEBUGINFOD_\w+|PYTHON\w*|GDB\w*|LD_\w+)$/;
  const WARM_CWD = "/";
  const gdbEnv = Object.assign({}, process.env);
  delete gdbEnv.BUN_BE_BUN;
  // The shell gdb starts the program through, as every launch gives it (GDB_STARTUP_SHELL in gdb.ts).
  gdbEnv.SHELL = "/bin/sh";
  const warm = { child: undefined, lines: [], ready: false, dead: false, taken: false, waiters: [], onLine: undefined, buf: "" };
  const settle = () => {
    for (const w of warm.waiters.splice(0)) w();
  };
  try {
    warm.child = spawn(gdbPath, ["--interpreter=mi2"].concat(gdbArgs), { env: gdbEnv, cwd: WARM_CWD, stdio: "pipe" });
    warm.child.on("error", () => {
      warm.dead = true;
      settle();
    });
    warm.child.on("exit", () => {
      warm.dead = true;
      settle();
    });
    warm.child.stdin.on("error", () => {});
    warm.child.stdout.on("data", (chunk) => {
      if (warm.forward) return warm.forward.write(chunk);
      warm.buf += chunk.toString("utf8");
      let i;
      while ((i = warm.buf.indexOf("\n")) >= 0) {
        const line = warm.buf.slice(0, i + 1);
        warm.buf = warm.buf.slice(i + 1);
        if (warm.onLine) warm.onLine(line);
        else {
          warm.lines.push(line);
          if (line.startsWith("(gdb)")) {
            warm.ready = true;
            settle();
          }
        }
      }
    });
  } catch (e) {
    warm.dead = true;
  }
  // The version as cdt-gdb-adapter reads it, asked now rather than at launch.
  const version = (async () => {
    const m = await new Factory().createGDBManager(undefined, { gdb: gdbPath });
    return m.getVersion({ gdb: gdbPath, gdbArguments: gdbArgs });
  })();
  version.catch(() => {});
  const end = () => {
    warm.dead = true;
    try {
      warm.child.stdin.end();
    } catch (e) {}
  };
  /** Why this launch cannot use the warm gdb, or undefined. */
  const unusable = (args) => {
    if (warm.dead || !warm.child) return "no warm gdb";
    if (args.openGdbConsole) return "a gdb console";
    if ((args.gdb || "gdb") !== gdbPath) return "another gdb";
    if (JSON.stringify(args.gdbArguments || []) !== JSON.stringify(gdbArgs)) return "other gdb arguments";
    const env = Object.assign({}, process.env);
    for (const [k, v] of Object.entries(args.environment || {})) {
      if (v === null) delete env[k];
      else env[k] = v;
    }
    for (const k of new Set(Object.keys(env).concat(Object.keys(gdbEnv)))) {
      if (GDB_OWN.test(k) && env[k] !== gdbEnv[k]) return "gdb's own " + k + " differs";
    }
    const commands = [];
    for (const [k, v] of Object.entries(env)) {
      // set environment NAME=VALUE: gdb trims blanks around the value and a line break ends the command.
      if (!/^[^=\s]+$/.test(k) || /[\r\n]/.test(v) || /^[ \t]|[ \t]$/.test(v)) return "a variable gdb cannot set exactly";
      commands.push("set environment " + k + "=" + v);
    }
    // The directory cdt-gdb-adapter would start gdb in (GDBFileSystemProcessManager.getGdbCwd).
    let cwd = args.cwd || (args.program && fs.existsSync(args.program) ? path.dirname(args.program) : process.cwd());
    if (!fs.existsSync(cwd)) cwd = process.cwd();
    if (/[\r\n]/.test(cwd) || /^[\s~]|\s$/.test(cwd)) return "a directory gdb's cd cannot take";
    // gdb started there would read its .gdbinit (where auto-load allows).
    if (fs.existsSync(path.join(cwd, ".gdbinit")) || fs.existsSync(path.join(WARM_CWD, ".gdbinit"))) return "a .gdbinit";
    return { commands: ["cd " + cwd, "unset environment"].concat(commands) };
  };
  const whenReady = () => new Promise((resolve) => (warm.ready || warm.dead ? resolve() : warm.waiters.push(resolve)));
  /** Runs the commands on the warm gdb (its answers kept from cdt-gdb-adapter) and hands it over. */
  const take = async (commands) => {
    await whenReady();
    if (warm.dead) throw new Error("warm gdb gone");
    const first = 900000;
    const last = first + commands.length - 1;
    let failed;
    const startup = warm.lines;
    warm.lines = [];
    await new Promise((resolve, reject) => {
      let done = false;
      // Everything gdb says to these commands (their echo holds the values) stays here.
      warm.onLine = (line) => {
        const m = /^(\d+)\^(\w+)/.exec(line);
        if (m && Number(m[1]) >= first) {
          if (m[2] === "error") failed = line;
          if (Number(m[1]) === last) done = true;
        } else if (done && line.startsWith("(gdb)")) {
          warm.onLine = undefined;
          resolve();
        }
      };
      warm.waiters.push(() => reject(new Error("warm gdb gone")));
      warm.child.stdin.write(commands.map((c, i) => first + i + c + "\n").join(""));
    });
    // Not gdb's words: their echo could hold a value.
    if (failed) throw new Error("gdb refused its cd or set environment");
    const out = new PassThrough();
    // What gdb said at its start (=thread-group-added, the prompt cdt-gdb-adapter waits for), then the rest as it comes.
    out.write(startup.join("") + warm.lines.join("") + warm.buf);
    warm.forward = out;
    const child = warm.child;
    return {
      stdin: child.stdin,
      stdout: out,
      stderr: child.stderr,
      getPID: () => child.pid,
      get exitCode() {
        return child.exitCode;
      },
      get signalCode() {
        return child.signalCode;
      },
      kill: (signal) => child.kill(signal),
      on(event, listener) {
        child.on(event, listener);
        return this;
      },
    };
  };
  // On stderr, which the daemon logs: whether a launch had the gdb started ahead, and why not.
  const note = (what) => process.stderr.write("gdb started ahead: " + what + "\n");
  class WarmFactory extends Factory {
    async createGDBManager(session, args) {
      const fallback = await super.createGDBManager(session, args);
      if (warm.taken) return fallback;
      warm.taken = true;
      const plan = unusable(args);
      if (typeof plan === "string") {
        note("not used (" + plan + ")");
        end();
        return fallback;
      }
      let proc;
      return {
        getVersion: async (a) => {
          try {
            return await version;
          } catch (e) {
            return fallback.getVersion(a);
          }
        },
        start: async (a) => {
          try {
            proc = await take(plan.commands);
            note("taken (gdb " + proc.getPID() + ")");
            return proc;
          } catch (e) {
            note("not used (" + e.message + ")");
            end();
            return fallback.start(a);
          }
        },
        stop: async () => (proc ? proc.kill("SIGINT") : fallback.stop()),
      };
    }
  }
  class WarmSession extends Session {
    constructor() {
      super(new WarmFactory());
    }
  }
  Session.run(WarmSession);
}
`;
