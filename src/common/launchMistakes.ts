// Two ways of writing a launch that agents reach for first, each answered with the call they meant:
// the whole command after `--` with no PROGRAM (`run --break f.py:4 -- python3 -m pytest`), and an
// interpreter as PROGRAM (`run python3 -- -m pytest`). The program is the script, a module
// (`-m MODULE`), or, for a test runner, `debugger test -- COMMAND`.

const INTERPRETER = /^(python[\d.]*|pypy[\d.]*|node(js)?)$/;
const TEST_MODULES = new Set(["pytest", "unittest", "nose2"]);

/** The interpreter a bare PROGRAM names (`python3`, `node`), or undefined. A path (`./python3`, `/usr/bin/python3`) is a program. */
export function interpreterNamed(program: string | undefined): string | undefined {
  return program && !program.includes("/") && INTERPRETER.test(program) ? program : undefined;
}

const shown = (words: string[]) => {
  const text = words
    .slice(0, 6)
    .map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`))
    .join(" ");
  return words.length > 6 ? `${text} …` : text;
};

/** The hint for a launch written as a command line: what to write instead, from the words given. */
export function launchHint(command: string, interpreter: string | undefined, args: string[], breaks: string[]): string {
  const brk = breaks.length ? `--break ${shown([breaks[0]!])}${breaks.length > 1 ? " …" : ""} ` : "--break FILE:LINE ";
  const python = !interpreter || interpreter.startsWith("py");
  const m = args.indexOf("-m");
  const module = python && m >= 0 ? args[m + 1] : undefined;
  const testCommand = interpreter ? [interpreter, ...args] : args;
  if (module && TEST_MODULES.has(module)) return `a test run is \`debugger test ${brk}-- ${shown(testCommand)}\``;
  if (module)
    return `a module is \`debugger ${command} ${breaks.length ? brk : ""}-m ${module}${args.length > m + 2 ? ` -- ${shown(args.slice(m + 2))}` : ""}\``;
  const at = args.findIndex((w) => !w.startsWith("-"));
  const script = at >= 0 ? shown(args.slice(at)).replace(/^(\S+)(?= )/, "$1 --") : undefined;
  const runner = python ? "python3 -m pytest …" : "node --test …";
  return [
    `the script is the program: \`debugger ${command} ${script ?? `${python ? "app.py" : "app.js"} -- ARGS`}\``,
    ...(python ? [`a module: \`debugger ${command} -m MODULE -- ARGS\``] : []),
    `a test runner: \`debugger test ${brk}-- ${runner}\``,
  ].join("; ");
}

/** The hint for a launch with no PROGRAM whose arguments hold a command line (`-- python3 -m pytest -q`). */
export function commandAsArgsHint(command: string, args: string[], breaks: string[]): string {
  const [first, ...rest] = args;
  const interpreter = interpreterNamed(first);
  if (interpreter) return launchHint(command, interpreter, rest, breaks);
  const brk = breaks.length ? `--break ${shown([breaks[0]!])}${breaks.length > 1 ? " …" : ""} ` : "";
  return `a program is \`debugger ${command} ${brk}${shown([first!])}${rest.length ? ` -- ${shown(rest)}` : ""}\`; a test run: \`debugger test ${brk}-- ${shown(args)}\`; a Python module: \`debugger ${command} -m MODULE\``;
}

/**
 * `python3 app.py ARGS` or `node app.js ARGS` as PROGRAM and its words: the script is the program, run
 * as that command line runs it. A bare `python`/`python3`/`node` is the interpreter the debugger picks
 * for a script anyway; another name (`python3.12`, `pypy3`) becomes the Python interpreter. Undefined
 * when the first word is an option (`-m`, `-c`, `--inspect`): that is not a script run.
 */
export function scriptOfInterpreter(interpreter: string, args: string[]): { script: string; args: string[]; python?: string } | undefined {
  const [script, ...rest] = args;
  if (!script || script.startsWith("-")) return undefined;
  const chosen = interpreter.startsWith("p") && !/^python3?$/.test(interpreter) ? interpreter : undefined;
  return { script, args: rest, ...(chosen ? { python: chosen } : {}) };
}

export { shown as shownWords };
