// The value-fidelity suite: per language a program that prints each value with its own formatter
// and stops where all are live; per adapter that serves the language, each value is read through
// the stop report, `print` (human text) and `print --json`, and judged against the program's text.
// Used by test/fidelity/fidelity.test.ts (which fails on WRONG or hang) and
// scripts/fidelity-table.ts (the README's table).
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { E2eEnv, findAdapter } from "../harness/index.ts";
import { judge, worst, type ValueSpec, type Verdict } from "./verdict.ts";

const here = import.meta.dir;
const buildDir = join(here, "..", "fixtures", "build");

export interface Language {
  name: string;
  source: string; // relative to test/fidelity
  adapters: string[];
  /** What must be on the machine to build and debug it (beside the adapter). */
  needs: string[];
  build(out: string): string[] | null;
  /** The program as started (the binary, or the script). */
  program(out: string): string;
  /** How to run it outside the debugger, for its own text. */
  runAlone(out: string): string[];
  values: ValueSpec[];
}

const rustValues: ValueSpec[] = [
  { name: "text" },
  { name: "str_slice" },
  { name: "items" },
  { name: "idents", tags: ["Alpha", "Num", "Pair", "Unit"] },
  { name: "ident", tags: ["Alpha", "Num", "Pair", "Unit"] },
  { name: "some_string", tags: ["Some"] },
  { name: "none_string", tags: ["Some"] },
  { name: "some_num", tags: ["Some"] },
  { name: "none_num", tags: ["Some"] },
  { name: "ok_result", tags: ["Ok", "Err"] },
  { name: "err_result", tags: ["Ok", "Err"] },
  { name: "hash_map", unordered: true },
  { name: "btree" },
  { name: "boxed" },
  { name: "shared" },
  { name: "locked" },
  { name: "array" },
  { name: "slice" },
  { name: "tuple" },
  { name: "letter" },
  { name: "big" },
  { name: "strings" },
  { name: "nested" },
  { name: "empty" },
];

const cppValues: ValueSpec[] = [
  { name: "text" },
  { name: "numbers" },
  { name: "words" },
  { name: "ordered" },
  { name: "hashed", unordered: true },
  { name: "unique" },
  { name: "maybe" },
  { name: "nothing" },
  { name: "either" },
  { name: "owned" },
  { name: "counted" },
  { name: "view" },
  { name: "fixed" },
  { name: "pair" },
  { name: "triple" },
  { name: "queue" },
  { name: "linked" },
  { name: "record" },
  { name: "color", tags: ["Red", "Green", "Blue"] },
  { name: "point" },
  { name: "empty_owner" },
];

const goValues: ValueSpec[] = [
  { name: "text" },
  { name: "numbers" },
  { name: "words" },
  { name: "ages", unordered: true },
  { name: "nested", unordered: true },
  { name: "point" },
  { name: "nilPoint" },
  { name: "shape" },
  { name: "anything" },
  { name: "wrapped", deeper: true },
  { name: "plain" },
  // Also shown as the string the bytes spell (`"bytes"`): the same data once more.
  { name: "textBytes", deeper: true },
  { name: "binary", deeper: true },
  { name: "queue" },
  { name: "timeout" },
  { name: "letter" },
  { name: "callback", tags: ["func1"] },
  // The program prints the zero Mutex as `{0 0}` (state 0: unlocked, nobody waiting; sema 0).
  { name: "mu", meaning: /^sync\.Mutex \{unlocked\}$/ },
  { name: "counter" },
  { name: "array" },
  { name: "nilMap" },
];

const pythonValues: ValueSpec[] = [
  { name: "mapping" },
  { name: "items" },
  { name: "row" },
  { name: "tags", unordered: true },
  { name: "frozen", unordered: true },
  { name: "raw" },
  { name: "buffer" },
  { name: "huge" },
  { name: "price" },
  { name: "ratio" },
  { name: "point" },
  { name: "pair" },
  { name: "color", tags: ["GREEN", "RED"] },
  { name: "window" },
  { name: "counts" },
  { name: "slotted" },
  { name: "nested" },
  { name: "text" },
];

const jsValues: ValueSpec[] = [
  { name: "mapping" },
  { name: "items" },
  { name: "nested" },
  { name: "point" },
  { name: "table" },
  { name: "tags" },
  { name: "text" },
  { name: "ratio" },
  { name: "huge" },
  { name: "nothing" },
  { name: "missing" },
  { name: "flag" },
  { name: "bytes" },
  { name: "pattern" },
  { name: "empty" },
  { name: "none" },
];

export const languages: Language[] = [
  {
    name: "Rust",
    source: "rust/values.rs",
    adapters: ["lldb-dap", "lldb-cli", "gdb", "codelldb"],
    needs: ["rustc"],
    build: (out) => ["rustc", "-g", "-C", "opt-level=0", "-o", out, join(here, "rust/values.rs")],
    program: (out) => out,
    runAlone: (out) => [out],
    values: rustValues,
  },
  {
    name: "C++",
    source: "cpp/values.cpp",
    adapters: ["lldb-dap", "lldb-cli", "gdb", "codelldb"],
    needs: ["g++"],
    build: (out) => ["g++", "-g", "-O0", "-std=c++17", "-o", out, join(here, "cpp/values.cpp")],
    program: (out) => out,
    runAlone: (out) => [out],
    values: cppValues,
  },
  {
    name: "Go",
    source: "go/main.go",
    adapters: ["delve"],
    needs: ["go"],
    build: (out) => ["go", "build", "-gcflags=all=-N -l", "-o", out, "."],
    program: (out) => out,
    runAlone: (out) => [out],
    values: goValues,
  },
  {
    name: "Python",
    source: "python/values.py",
    adapters: ["debugpy"],
    needs: [],
    build: () => null,
    program: () => join(here, "python/values.py"),
    runAlone: () => ["/usr/bin/python3", join(here, "python/values.py")],
    values: pythonValues,
  },
  {
    name: "JavaScript",
    source: "js/values.cjs",
    adapters: ["node"],
    needs: [],
    build: () => null,
    program: () => join(here, "js/values.cjs"),
    runAlone: () => [Bun.which("node") ?? "node", join(here, "js/values.cjs")],
    values: jsValues,
  },
];

/** Where each adapter's executables are looked for, to skip (locally) what is not installed. */
export const ADAPTER_TOOLS: Record<string, string[]> = {
  "lldb-dap": ["lldb-dap"],
  "lldb-cli": ["lldb"],
  gdb: ["gdb"],
  delve: ["dlv"],
  debugpy: ["python3"],
  node: ["node"],
  codelldb: ["codelldb"],
};

export function missingTools(lang: Language, adapter: string): string[] {
  return [...lang.needs, ...(ADAPTER_TOOLS[adapter] ?? [])].filter(
    (t) => !(t === "lldb-dap" || t === "node" ? findAdapter(t) : (Bun.which(t) ?? findAdapter(t))),
  );
}

function mtime(p: string): number {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return -1;
  }
}

/** Builds the language's program when it is older than its source; returns what to start. */
export function buildProgram(lang: Language): string {
  mkdirSync(buildDir, { recursive: true });
  const out = join(buildDir, `fidelity-${lang.name.toLowerCase().replace(/\W/g, "")}`);
  const argv = lang.build(out);
  if (argv && mtime(out) < mtime(join(here, lang.source))) {
    const r = Bun.spawnSync(argv, { cwd: join(here, lang.source, ".."), stdout: "pipe", stderr: "pipe", env: { ...process.env, GOFLAGS: "-mod=mod" } });
    if (r.exitCode !== 0) throw new Error(`building ${lang.source} failed: ${argv.join(" ")}\n${r.stderr}`);
  }
  return lang.program(out);
}

/** The program's own text for each value (`name<TAB>text` lines). */
export function ownText(lang: Language, program: string): Map<string, string> {
  const argv = lang.runAlone(program);
  const r = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${argv.join(" ")} failed: ${r.stderr}`);
  const out = new Map<string, string>();
  for (const line of r.stdout.toString().split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) out.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return out;
}

export function markerLine(lang: Language, mark = "stop"): number {
  const lines = readFileSync(join(here, lang.source), "utf8").split("\n");
  const i = lines.findIndex((l) => l.includes(`@mark ${mark}`));
  if (i < 0) throw new Error(`no @mark ${mark} in ${lang.source}`);
  return i + 1;
}

export interface Reading {
  verdict: Verdict;
  shown?: string;
  why?: string;
}

export interface ValueResult {
  name: string;
  expected: string;
  verdict: Verdict;
  stop: Reading;
  print: Reading;
  json: Reading;
}

export interface AdapterResult {
  language: string;
  adapter: string;
  skipped?: string;
  values: ValueResult[];
  /** Lines in the stop report's Output that the program did not print (a debugger's or formatter's words). */
  foreignOutput: string[];
  seconds: number;
}

/** A reply that means the debugger did not answer in time (or died on the way), not that the value is bad. */
function isHang(r: { exitCode: number; json: any; stderr: string }): boolean {
  const code = r.json?.error?.code;
  return r.exitCode === 3 || code === "TIMEOUT" || code === "ADAPTER_EXITED" || /did not answer|timed out/i.test(r.json?.error?.message ?? r.stderr);
}

/** `print NAME` in human form: the value's line, without `NAME = ` and the type. */
function humanValue(stdout: string, name: string, type: string | undefined): string {
  const first = stdout.split("\n")[0] ?? "";
  const m = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?: \\([^)]*\\))? = (.*)$`).exec(first);
  const value = m ? m[1]! : first;
  // The human line ends with the type in parentheses: not part of the value.
  return type && value.endsWith(` (${type})`) ? value.slice(0, -type.length - 3) : value;
}

function read(spec: ValueSpec, expected: string, shown: string | undefined): Reading {
  if (shown === undefined) return { verdict: "elided", why: "not shown" };
  return { ...judge(spec, expected, shown), shown };
}

/** Reads every value of one language on one adapter. */
export async function measure(lang: Language, adapter: string, program: string, own: Map<string, string>): Promise<AdapterResult> {
  const began = performance.now();
  const result: AdapterResult = { language: lang.name, adapter, values: [], foreignOutput: [], seconds: 0 };
  const env = new E2eEnv({ prefix: "dbg-fidelity-" });
  try {
    const s = env.session(`fid-${adapter}`);
    const line = markerLine(lang);
    const start = await s.run(["start", program, "--adapter", adapter, "--break", `${join(here, lang.source)}:${line}`]);
    const hungAtStop = isHang(start);
    if (!hungAtStop && start.json?.ok !== true) throw new Error(`start on ${adapter} failed: ${start.stdout}${start.stderr}`);
    const stop = start.json?.data?.stop;
    const locals: { name: string; value: string }[] = stop?.locals ?? [];
    // The program's lines are `name<TAB>text` (a set's order may differ from run to run) and `ready`.
    const isOwn = (l: string) => l.trim() === "ready" || own.has(l.split("\t")[0]!);
    for (const l of String(stop?.output ?? "").split("\n")) if (l.trim() && !isOwn(l)) result.foreignOutput.push(l);
    let hangs = 0;
    for (const spec of lang.values) {
      const expected = own.get(spec.name);
      if (expected === undefined) throw new Error(`${lang.source} printed no line for ${spec.name}`);
      const stopReading: Reading = hungAtStop
        ? { verdict: "hang", why: start.json?.error?.message }
        : read(spec, expected, locals.find((v) => v.name === spec.name)?.value);
      let printReading: Reading;
      let jsonReading: Reading;
      // A session that stopped answering twice is not asked again: each try costs the adapter's timeout.
      if (hangs >= 2 || hungAtStop) {
        printReading = jsonReading = { verdict: "hang", why: "the session had stopped answering" };
      } else {
        const json = await s.run(["print", spec.name]);
        jsonReading = json.json?.ok
          ? read(spec, expected, json.json.data.result)
          : { verdict: isHang(json) ? "hang" : "raw", why: json.json?.error?.message ?? json.stderr };
        const human = await s.run(["print", spec.name], { json: false });
        printReading =
          human.exitCode === 0
            ? read(spec, expected, humanValue(human.stdout, spec.name, json.json?.data?.type))
            : { verdict: isHang({ ...human, json: undefined }) ? "hang" : "raw", why: human.stderr.trim() };
        if (printReading.verdict === "hang" || jsonReading.verdict === "hang") hangs++;
      }
      const verdict = [stopReading, printReading, jsonReading].map((r) => r.verdict).reduce(worst);
      result.values.push({ name: spec.name, expected, verdict, stop: stopReading, print: printReading, json: jsonReading });
    }
    // Anything the debugger printed while values were read is not the program's either.
    const out = [await s.run(["output", "--stdout"]), await s.run(["output", "--stderr"])].map((r) => String(r.json?.data?.text ?? "")).join("\n");
    for (const l of out.split("\n")) if (l.trim() && !isOwn(l) && !result.foreignOutput.includes(l)) result.foreignOutput.push(l);
  } finally {
    await env.stopSessions().catch(() => {});
    await env.close();
  }
  result.seconds = Math.round((performance.now() - began) / 100) / 10;
  return result;
}

export function counts(r: AdapterResult): Record<Verdict, number> {
  const c: Record<Verdict, number> = { exact: 0, elided: 0, raw: 0, WRONG: 0, hang: 0 };
  for (const v of r.values) c[v.verdict]++;
  return c;
}

export const RESULTS_FILE = join(buildDir, "fidelity-results.json");
