// What the daemon needs to know about one debug adapter. One module per adapter provides it, so
// adapter differences live here and not as conditionals in the session code.
import type { Env } from "../common/callerEnv.ts";
import type { ReturnValueSpec } from "./returnValueText.ts";
import type { Translation } from "./lldbExpressions.ts";
import type { Transport } from "./connection.ts";
import type { StopReport, VariableView } from "../ipc/types.ts";
import type { RemoteAdapter } from "./via.ts";

export interface LaunchOptions {
  program: string;
  args: string[];
  cwd: string;
  /** The program's whole environment: the caller's (none with --clear-env), then --env (README "environment"). */
  env: Record<string, string>;
  /** The caller's environment, where tools are looked up (PATH, GOPATH …). */
  callerEnv: Env;
  /**
   * The variables the program would inherit from the adapter process unless the launch request
   * unsets them (set once the adapter runs): launchArgs makes the program's environment exactly `env`.
   */
  inherited?: string[];
  stopOnEntry: boolean;
  /** Absolute files that have line breakpoints (debugpy turns justMyCode off for library files). */
  breakpointFiles: string[];
  /** Adapter-specific options from the command line (e.g. `python`, `justMyCode`). */
  options: Record<string, unknown>;
  /** What discovery found (undefined with --connect). */
  found?: FoundAdapter;
  /** A pty the daemon reads (quirks.programTerminal): the program's stdio goes there. */
  terminal?: string;
  /** Named pipes the daemon reads (quirks.programPipes): where the program's stdout and stderr go. */
  pipes?: { stdout: string; stderr: string };
  /** The executable the daemon built from `program` (AdapterSpec.prebuild), launched instead of building. */
  built?: string;
  /** The program runs in a `--via` target; `seccompFilter`: a filter is on there (a container's default profile). */
  target?: { seccompFilter: boolean };
  /** An absolute path to a readable file the program's stdin (fd 0) is, opened read-only (`--stdin`); undefined: /dev/null. */
  stdin?: string;
}

export interface AttachOptions {
  pid?: number;
  program?: string;
  /** Attaching through `--connect` to an adapter that already runs the program. */
  remote: boolean;
  /** `--connect HOST:PORT` of an adapter that connects to the program itself (connectsToProgram). */
  connect?: { host: string; port: number };
  options: Record<string, unknown>;
  found?: FoundAdapter;
  callerEnv?: Env;
}

export interface FoundAdapter {
  command: string[];
  path: string;
  /** Extra environment for the adapter process. */
  env?: Record<string, string>;
  version?: string;
  /** Which of several implementations was found (e.g. gdb's native DAP or cdt-gdb-adapter). */
  variant?: string;
}

export interface DiscoverOptions {
  /** Adapter-specific options (e.g. the Python interpreter). */
  options: Record<string, unknown>;
  /** The environment to look in (PATH, VIRTUAL_ENV, DEBUGGER_DLV …): the caller's; default this process's. */
  env?: Env;
}

export type PackageManager = "apt" | "dnf" | "pacman" | "brew";

/** One command `debugger setup` runs (argv, never through a shell), and why, for the plan. */
export interface InstallStep {
  argv: string[];
  why: string;
  /** How the plan shows the command where argv is unreadable (a script passed to `node -e`). */
  shown?: string[];
}

/** A helper program an adapter needs on this machine beside its package (gdb < 14: cdt-gdb-adapter). */
export interface HelperNeed {
  name: string;
  /** Why it is needed here, e.g. "gdb 13.1 has no built-in DAP (gdb < 14)". */
  why: string;
  present: boolean;
  install: InstallStep;
}

/** What `setup` installs and `doctor` checks for an adapter: data, so neither compares adapter names. */
export interface AdapterInstall {
  /** System packages that provide the adapter, per package manager. */
  packages: Partial<Record<PackageManager, string[]>>;
  /** The packaged program is there, though discovery may still fail for want of a helper (default: no). */
  packagePresent?(): boolean;
  /** A helper needed on this machine, present or not; undefined when none is needed. */
  helper?(): HelperNeed | undefined;
  /** How to install it when no package manager here has it (pip, go install); undefined when there is no way. */
  fallback?(): InstallStep | undefined;
}

export interface CatchpointDef {
  filter: string;
  label: string;
  description: string;
  function: string;
  reason: string;
  on: boolean;
  /** An expression in the catchpoint's own frame that tells what was thrown (Go: the panic value `e`). */
  value?: string;
  /** The value is a string that says what happened (Go's failure message): shown as its text. */
  valueIsMessage?: boolean;
}

/** One rule of a runtime's waits: a frame's name as the runtime's facet reads it, and what the thread waits on then. */
export interface WaitRule {
  test: RegExp;
  /** What the thread waits on, in the words a user of the language knows. */
  waits: string;
}

/**
 * What a blocked thread waits on, told from the frames the language's runtime or C library puts
 * above the user's frame (the hang report): the frame rules, the name a frame is matched by, and
 * what a thread with no such frame may still say (Python: the user's line; Go: parked).
 */
export interface RuntimeWaits {
  rules: readonly WaitRule[];
  /** The name the rules read (Python: `threading.py:join`). Default: the function. */
  frameName?(frame: { function: string; file?: string }): string;
  /** No rule matched: a wait told another way, or undefined. */
  otherwise?(
    frames: readonly { function: string; file?: string }[],
    userIndex: number,
    text: string | undefined,
    notStopped: boolean,
  ): { waits: string; in?: string } | undefined;
  /**
   * Who holds the lock a thread waits on (glibc: the owner's kernel thread id in the mutex): the
   * wait it applies to, the call whose first argument names the lock in the user's line, and the
   * expression that reads the owner's thread id from it. Read while stopped; default: not told.
   */
  lockOwner?: { waits: string; call: RegExp; expression(lock: string): string };
  /**
   * While the program runs (a pause that stopped no thread), the stacks of at most this many threads
   * are read (pydevd answers a running thread's stackTrace after half a second, one at a time).
   * Default: as many as when stopped.
   */
  runningThreads?: number;
}

/** How a value's children and the frame's expressions are read, for ValueWrappers. */
export interface ValueReader {
  children(reference: number): Promise<VariableView[]>;
  /** A child as one line (its own one-level-down, small structs inline). */
  inline(v: VariableView): Promise<VariableView>;
  /** An expression's value in the value's frame, or undefined when it cannot be read. */
  evaluate(expression: string): Promise<string | undefined>;
}

/** What a value's own line leaves unsaid, read one level down (AdapterSpec.wrappers). */
export interface ValueWrappers {
  /** The value one level down, or undefined when `v` is not such a wrapper (or its inside cannot be read). */
  inside(v: VariableView, r: ValueReader): Promise<VariableView | undefined>;
  /**
   * A container's size checked against the count its runtime keeps, where the debugger's formatter
   * is known to misread it (`expression`: the value's name in its frame); undefined: nothing to say.
   */
  checkedCount?(v: VariableView, expression: string, r: ValueReader): Promise<VariableView | undefined>;
}

/** The first wrapper rule set that reads `v` (a custom adapter keeps every built-in's). */
/** A number's truth, as every language with numbers has it: not zero. Undefined: not a number. */
export function numberTruth(text: string): boolean | undefined {
  const n = Number(text);
  return text !== "" && !Number.isNaN(n) ? n !== 0 : undefined;
}

/** The first reading that tells (a custom adapter may wrap any debugger). */
export function firstTruth(...readers: ((value: string) => boolean | undefined)[]): (value: string) => boolean | undefined {
  return (value) => {
    for (const read of readers) {
      const told = read(value);
      if (told !== undefined) return told;
    }
    return undefined;
  };
}

export function firstWrapper(...sets: ValueWrappers[]): ValueWrappers {
  return {
    async inside(v, r) {
      for (const w of sets) {
        const out = await w.inside(v, r);
        if (out) return out;
      }
      return undefined;
    },
    async checkedCount(v, expression, r) {
      for (const w of sets) {
        const out = await w.checkedCount?.(v, expression, r);
        if (out) return out;
      }
      return undefined;
    },
  };
}

/** Which adapter this is, how it is found and installed, and which programs it is the natural choice for. */
export interface AdapterIdentity {
  name: string;
  /** Human description for `doctor` and errors. */
  title: string;
  transport: Transport;
  /** How to find and run it inside a target reached through `--via` (stdio adapters only). */
  remote?: RemoteAdapter;
  /** How to install it, for the ADAPTER_NOT_FOUND hint. */
  installHint: string;
  /**
   * `attach --connect HOST:PORT` names the program's own debug port (Node's inspector), not a DAP
   * adapter's: the adapter is started as usual and attaches there (attachArgs' `connect`).
   */
  connectsToProgram?: boolean;
  discover(o?: DiscoverOptions): FoundAdapter | null;
  /** How `debugger setup` installs it and what `doctor` checks beside discovery (built-ins only). */
  install?: AdapterInstall;
  /** Would this adapter be the natural choice for that program? */
  handles(program: string): boolean;
  /** What a blocked thread waits on in the language's runtime (the hang report). Default: glibc's (cWaits.ts). */
  waits?: RuntimeWaits;
  /**
   * The interpreter a program runs with where the daemon picks it, not the adapter (debugpy: the
   * caller's virtualenv's, else the one a script's `#!` names), as an absolute path; undefined: the
   * adapter's own. The adapter is then run by that interpreter (or one that lends it debugpy).
   */
  programInterpreter?(program: string | undefined, options: Record<string, unknown>, where: { cwd: string; env: Env }): string | undefined;
}

/** How a program is launched, attached to or opened post mortem (a core), and the launch quirks. */
export interface LaunchFacet {
  launchArgs(o: LaunchOptions): Record<string, unknown>;
  attachArgs(o: AttachOptions): Record<string, unknown>;
  /**
   * Where the adapter process must start for this launch (Delve's own builds: the module
   * directory); undefined: anywhere, so a warm spare started elsewhere can take it (the process
   * starts in the program's working directory).
   */
  spawnCwd?(o: LaunchOptions): string | undefined;
  /**
   * Builds the program before the adapter is reached (Delve: Go sources, cached across starts);
   * the result is given to launchArgs as `built`. undefined: nothing built, the adapter builds.
   * A failed build throws the error the start reports.
   */
  prebuild?(o: LaunchOptions, log: (text: string) => void): Promise<{ binary: string; cached: boolean; ms: number } | undefined>;
  /**
   * How to open a core dump of `program` (post-mortem); absent, or undefined for this variant of
   * the adapter: it cannot. `command`: another adapter program to run for it (cdt-gdb-adapter's
   * target adapter). `noStopEvent`: the adapter neither needs configurationDone (it would try to
   * run the dump) nor reports a stop; the daemon makes the first stop itself.
   */
  coreArgs?(o: { program: string; core: string; cwd: string; found?: FoundAdapter; callerEnv?: Env }): CoreArgs | undefined;
  /**
   * The program can be launched ahead (daemon/session/program/launchAhead.ts): this adapter's
   * launch holds it before any of its own code until configurationDone, and its output and stdin
   * are not the daemon's pty or pipes. `stamp` names what that launch read which a later launch
   * would read again (the executable's file; the interpreter and its package directories): equal
   * stamps and equal launch arguments, the same program. undefined: this launch is not made ahead.
   */
  launchAhead?: { stamp(o: LaunchOptions): string | undefined };
  quirks: {
    /** The program is a native executable: check the execute bit before launching. */
    programMustBeExecutable?: boolean;
    /** A directory is a valid program (a Go package). */
    programMayBeDirectory?: boolean;
    /**
     * The adapter compiles the program while it launches (Delve's test mode) and sends `initialized`
     * only then: a cold build cache on a busy machine takes longer than a start may
     * (adapter_start_timeout), so the wait for it is LAUNCH_BUILD_TIMEOUT_MS instead.
     */
    buildsWhileLaunching?: boolean;
    /** The adapter sends no `exited` event: the exit code is unknown unless found another way. */
    noExitedEvent?: boolean;
    /** Non-DAP adapter output (after the listen line) is the debuggee's: capture it as program output. */
    adapterOutputIsProgramOutput?: boolean;
    /** Give a launched program the daemon's own pty (LaunchOptions.terminal) instead of the adapter's. */
    programTerminal?: boolean;
    /**
     * The launched program inherits the adapter process's stdin (Delve: no launch option sets it):
     * with LaunchOptions.stdin the adapter is spawned with that file as its fd 0 (never a warm spare).
     */
    programInheritsAdapterStdin?: boolean;
    /** Send a launched program's stdout and stderr to the daemon's named pipes (LaunchOptions.pipes): the adapter's channel for them loses bytes. */
    programPipes?: (found: FoundAdapter | undefined) => boolean;
    /**
     * A launched program's stdout and stderr are pipes to a launcher process (the program's parent,
     * one of the adapter's children) that sends them as output events apart from the stops
     * (debugpy's): a stop waits for a marker written behind the program's output to come back.
     */
    launcherReadsProgram?: boolean;
    /** What the adapter's transport changes in the program's output, always (`run --json`'s outputDifferences). */
    outputDifferences?: string[];
  };
}

/** Breakpoints, watchpoints and catchpoints: the adapter's spellings and what it cannot tell by itself. */
export interface BreakpointFacet {
  /** A condition as the adapter must be sent it (cdt-gdb-adapter passes it to GDB/MI unquoted). Default: as is. */
  breakpointCondition?(condition: string, found: FoundAdapter | undefined): string;
  /** Adapter-specific spelling of a function breakpoint name (Delve: a plain `add` means `main.add`). */
  functionBreakpointName?(name: string): string;
  /**
   * Where the adapter answers `setFunctionBreakpoints` in an order of its own (lldb-dap 19: its
   * name map's), not the request's: a console command listing breakpoints and how to read each
   * name's id from its text, so each answer is matched to its breakpoint by name.
   */
  functionBreakpointIds?: { command: string; parse(text: string): Map<string, number> };
  /** Watches in software where the machine's hardware watchpoints do not fire (gdb: `set can-use-hw-watchpoints 0` at its start). */
  softwareWatchpoints?: boolean;
  /**
   * An expression to watch by the memory it names when set (gdb's `watch -location`), not as written:
   * `pin` (evaluated in the frame) keeps its address, `name` is what to watch and read. cdt-gdb-adapter
   * cannot list a software watchpoint that gdb splits into locations (`p->x`, `a[i]`) and stops answering.
   */
  watchByLocation?(expression: string, slot: number, found?: FoundAdapter): { pin: string; name: string } | undefined;
  /**
   * Where a watchpoint stop names the debugger's own watchpoint number and no id the daemon knows
   * (lldb-dap 19): a console command (sent as `raw` sends it) listing watchpoints, and how to read
   * each number's address from its text.
   */
  watchpointList?: { command: string; parse(text: string): Map<number, bigint> };
  /** How to ask `dataBreakpointInfo` for an expression's memory (lldb-dap wants its address: `&(x)`). */
  dataBreakpointExpression?(expression: string): string;
  /**
   * How to ask the debugger which lines of a source file have code (a console command and how to
   * read its answer: the lines, or undefined when the file is not in the debug info), so an
   * unbound breakpoint can say why and where the nearest code is.
   */
  codeLines?: { command(file: string): string; parse(output: string): number[] | undefined };
  /**
   * Catchpoints the daemon makes from function breakpoints where the adapter has no exception filter
   * for them (`catch panic`: Go's runtime.gopanic, Rust's rust_panic under LLDB; `catch throw`
   * under gdb): the filter name `catch` takes, the function, the stop reason it stands for, and
   * whether it is on from the start.
   */
  catchpoints?(program: string | undefined): CatchpointDef[];
  /**
   * The filter (the adapter's or a daemon catchpoint) that stops at the entry of the C++ runtime's
   * `__cxa_throw`, where the thrown type can be read: `catch FILTER TYPE…` narrows it to types.
   */
  throwFilter?: string;
  /** Other names `catch` takes for the adapter's own filters (`throw` for lldb-dap's cpp_throw). */
  filterAliases?: Record<string, string>;
  /** Exception filters set at start-up unless the user chooses others. */
  defaultExceptionFilters?: string[];
  /**
   * Conditions on default filters, evaluated by the adapter before it stops (filterOptions, where
   * supportsExceptionFilterOptions): a JS test runner's own caught errors then cost no stop.
   */
  defaultExceptionConditions?: Record<string, string>;
  /** Exception options sent with the default filters (debugpy: do not stop on SystemExit). */
  defaultExceptionOptions?: { path?: { names: string[] }[]; breakMode: "never" | "always" | "unhandled" | "userUnhandled" }[];
}

/**
 * How the native debuggers (LLDB, gdb) spell C, C++ and Rust values where the daemon reads more
 * from a value's children (src/adapters/nativeValues.ts, shared by lldb-dap, CodeLLDB, the lldb
 * console and gdb).
 */
export interface NativeValues {
  /** The type as written in code (`alloc::vec::Vec<i32, alloc::alloc::Global>` → `Vec<i32>`, C++ default template arguments dropped). */
  shortType(type: string): string | undefined;
  /** A byte array (`unsigned char[N]`, `uint8_t[N]`, `[u8; N]`): read as bytes, not a string of escapes. */
  isByteArray(type: string | undefined): boolean;
  /** The number behind one `char` element (LLDB `'\xfa'`, gdb `-6 '\372'`), or undefined. */
  byteValue(value: string): number | undefined;
  /** A `char[N]` shown as `[N]` (gdb through cdt-gdb-adapter): its elements are the string. */
  isCharArrayShownAsSize(value: string, type: string | undefined): boolean;
  /** A container shown as its size only (LLDB's `size=3`): its elements are worth showing inline. */
  containerSize(value: string): number | undefined;
  /** A value shown as a bare address, by its type: a C++ reference, a pointer to read through (not a `char *`), or neither. */
  addressKind(type: string | undefined): "reference" | "pointer" | undefined;
  /** A `char *` shown like an empty string that may be unreadable (LLDB's `0x10 ""`): its first element tells. */
  maybeUnreadableCharPointer(value: string, type: string | undefined): boolean;
  /** That first element is a NUL: the string is truly empty. */
  isNulChar(value: string): boolean;
}

/** Expressions, values, the debugger's console and the machine level: the adapter's spellings of them. */
export interface ValueFacet {
  /** Expression context for `print`: the one where plain expressions (and calls) work. */
  printContext: "watch" | "repl" | "hover" | "clipboard";
  /** Adapter-specific spelling of an expression (Delve wants `call f()` for calls). */
  /** `orAsWritten`: where the rewritten expression fails, the expression as written is tried (its error is the one told). */
  rewriteExpression?(
    expression: string,
    found?: FoundAdapter,
  ): { expression: string; context?: "watch" | "repl" | "hover" | "clipboard"; orAsWritten?: boolean };
  /**
   * Spells an expression as the agent wrote it (the program's language, gdb's habits) for the
   * adapter's evaluator, where that speaks another language (LLDB: C++ for Rust). May read values
   * in the frame (`evaluate`: as written, no translation); throws a DebuggerError for what the
   * debugger cannot do, saying what works instead. Print and condition expressions only, not `raw`.
   */
  translateExpression?(
    expression: string,
    frame: {
      program: string | undefined;
      evaluate(expression: string): Promise<{ result: string; type?: string }>;
      /** The names of the children of the value of `expression` (a struct's fields), for an error that lists them. */
      fields?(expression: string): Promise<string[]>;
    },
  ): Promise<Translation>;
  /**
   * Another spelling to try once the debugger refused EXPRESSION (as written or translated) with
   * ERROR, or undefined (LLDB, gdb: a C library call's unknown return type gets its declared cast,
   * cLibrary.ts). Print and condition expressions; a condition keeps the spelling that worked. An
   * empty value is offered as the error cLibrary.ts NO_VALUE (gdb's answer to such a call alone).
   */
  retryExpression?(expression: string, error: string, program: string | undefined): string | undefined;
  /** Checks or explains an evaluate result (e.g. a call the debugger cannot make on this machine). */
  checkEvaluate?(expression: string, body: { result: string; type?: string; variablesReference: number }): void;
  /**
   * The adapter's value text cut down to what an agent reads (LLDB's `U+0xe9 U'é'` → `'é' U+00E9`,
   * a `char[N]` up to its NUL, Go's `[]uint8` also as its string): the debugger's own spellings,
   * read in its module (src/adapters/*Values.ts). Default: the value as the adapter gives it.
   */
  compactValue?(value: string, type: string | undefined): string;
  /**
   * A value's parts read by their own types where the adapter's text for the whole does not say
   * them (Delve: a struct's time.Duration field is its bare nanoseconds, delveParts.ts). `read`
   * rewrites the text with what is known of the program's named types; `learn` reads children of
   * the value for the named types its text needs. The caller keeps `known` for the session (the
   * program's types). Default: none.
   */
  typedParts?: {
    read(value: string, type: string | undefined, known: ReadonlyMap<string, string>): string;
    learn(v: VariableView, r: Pick<ValueReader, "children">, known: Map<string, string>): Promise<void>;
  };
  /**
   * Values of the language's runtime read by meaning (Go: a sync.WaitGroup's packed state words as
   * its counter), where the layout depends on the runtime's version: which types, the expression
   * that tells the version (evaluated once per session, in the `repl` context), and the reading.
   */
  runtimeValue?: {
    applies(type: string | undefined): boolean;
    versionExpression: string;
    read(value: string, type: string | undefined, version: string | undefined): string;
  };
  /**
   * The one line of the adapter's evaluation error that says what is wrong (LLDB: past its
   * `<user expression 3>:1:1:` and caret diagram; debugpy: a traceback's last line), or undefined:
   * the error's first line.
   */
  evaluateError?(message: string): string | undefined;
  /**
   * Values whose own line names a state but not the value inside it (LLDB's `Has Value=true`, a
   * Rust `strong=1, weak=0`, Delve's `chan int 2/4`): the debugger's and the language's spellings,
   * read from the children in the adapter's module. Default: none.
   */
  wrappers?: ValueWrappers;
  /**
   * A value whose text from the adapter leaves out what the language's own printing says (debugpy:
   * a deque's maxlen): which values, the expression (in the `repl` context, in the value's frame)
   * that prints it, and the value in its result (undefined: keep the adapter's).
   */
  ownText?: { applies(v: VariableView): boolean; expression(name: string): string; parse(result: string): string | undefined };
  /**
   * A smart pointer shown as its pointer only (gdb's printer: `{get() = 0x…}`): the expression that
   * reads the object it owns, shown after it as a raw pointer's is. Undefined: not such a value.
   */
  ownedObject?(v: VariableView, expression: string): string | undefined;
  /**
   * A pointer whose text shows what it points at but not where (Delve: `*"E100"`, `*main.node {…}`):
   * the pointee's text (undefined: not such a pointer, or nil), the expression that reads its
   * address (in the `repl` context, in the value's frame) and the address in that result. The value
   * is then shown as `0x… → pointee`, as the native debuggers' pointers are. Default: none.
   */
  /**
   * The language has no `&x` (Python, JavaScript): what tells two names hold one object instead,
   * added to the error of an expression that starts with `&`. Default: none.
   */
  noAddressOf?: string;
  pointerAddress?: {
    pointee(value: string, type: string | undefined): string | undefined;
    expression(of: string): string;
    address(result: string): string | undefined;
  };
  /**
   * A condition's value read as true or false in the language, as the adapter prints it (Python's
   * `False`/`None`, Go's `nil`, LLDB's `(bool) true`): the daemon's own check of a condition and
   * `trace --if`. Undefined: cannot tell (the condition then goes to the adapter). Default: undefined.
   */
  conditionTruth?(value: string): boolean | undefined;
  /** C, C++ and Rust values as a native debugger spells them (nativeValues.ts). Default: none of these rules apply. */
  nativeValues?: NativeValues;
  /** Values are the language's own text, complete (debugpy: Python's repr); nothing is filled in from children. */
  valuesAreRepr?: boolean;
  /**
   * An evaluated text the adapter itself cut short that its `clipboard` context gives whole (up to
   * the adapter's larger limits): asked again there for a value shown at a stop. Default: none.
   */
  cutByAdapter?(text: string): boolean;
  /** Rows of a variables list that are the debugger's groupings, not the program's variables (debugpy's "special variables"). */
  hideVariable?(name: string, type: string | undefined): boolean;
  /**
   * A value the adapter shows as nothing (cdt-gdb-adapter: `{...}` with no children for anything
   * a pretty printer shows, `std::vector` or `std::map`) read through the debugger's console:
   * the command that prints it, and the value in the command's text.
   */
  consoleValue?: {
    applies(value: string, reference: number, found?: FoundAdapter): boolean;
    command(expression: string): string;
    parse(text: string): string | undefined;
  };
  /** How to tell what a function returned after `finish` (console commands and how to read them), or why it cannot be told. */
  returnValue?: ReturnValueSpec;
  /** Which of the frame's variables are its arguments when no scope says: a console command (sent as `raw` sends it) and how to read the names from its text. */
  argumentNames?: { command: string; parse(text: string): string[] };
  /** The source files of the language it debugs (`list` searches them); default: from the program's path. */
  sourceExtensions?: string[];
  /**
   * How to ask the debugger where a function is defined (`list FUNCTION`): a console command and
   * how to read its answer (files may be relative to the compilation directory).
   */
  functionSource?: { command(name: string): string; parse(output: string): { file: string; line: number }[] };
  /**
   * Where the function holding an address starts and ends (`disassemble --function`), for an
   * adapter whose disassembly names only a symbol's first instruction: a console command and how
   * to read its answer.
   */
  functionRange?: { command(address: string): string; parse(output: string): { start: string; end: string; name: string } | undefined };
  /**
   * A frame's arguments and locals read through the debugger's console where the adapter's
   * `variables` fails (cdt-gdb-adapter misses a frame below an inlined glibc frame; gdb's own
   * `info args`/`info locals` read it): the commands for a thread and frame level, and how to read
   * `name = value` rows from their text. Default: none, the hang report shows no locals there.
   */
  consoleLocals?: { commands(thread: number, level: number): string[]; parse(text: string): { name: string; value: string }[] };
  /**
   * How to find the adapter's thread for a kernel thread id (LWP), where its thread ids are its own
   * numbers (gdb: from `info threads`): a console command and how to read it. Default: the
   * adapter's thread ids are the kernel's (lldb-dap).
   */
  threadsByLwp?: { command: string; parse(text: string): Map<number, number> };
  /** Where the adapter has no `readMemory`: the debugger's own command to read bytes, and how to read its answer. */
  memoryCommand?: { command(address: string, count: number): string; parse(output: string): { address: string; bytes: Uint8Array } | undefined; via: string };
  /**
   * How `raw` reaches the debugger's own console when evaluate in the `repl` context does not
   * by itself: the expression to send, and whether the command's text arrives as output events
   * rather than in the result (cdt-gdb-adapter: `>CMD`, text as output). `fence`: where that text
   * may arrive after the answer (CodeLLDB), a command sent next whose text (`text`) ends it.
   * Undefined: as typed.
   */
  rawCommand?(command: string, found?: FoundAdapter): { expression: string; textAsOutput?: boolean; fence?: { command: string; text: string } } | undefined;
  /** The error a console command's text reports though the adapter answered success (LLDB: `error: …` lines), or undefined. */
  rawError?(text: string): string | undefined;
}

/** Classifying stops, exits and output: what the adapter's events leave unsaid, read from its output. */
export interface StopFacet {
  /**
   * Functions of the runtimes the adapter's programs run on (glibc's `abort`, Go's `runtime.`,
   * Rust's `core::`), whatever file they are in: never the user's frame. Default: none.
   */
  runtimeFrames?: readonly RegExp[];
  /**
   * A frame's function as an agent writes it (native debuggers: no Rust hash, no C++ signature;
   * debugpy: without its "(Current frame)" mark). Default: as the adapter names it.
   */
  frameName?(name: string): string;
  /**
   * Other threads' breakpoint hits of the same stop that the adapter does not report by itself:
   * "pc" (Delve reports one goroutine and steps the others past their breakpoints on the next
   * resume): found by their program counter at a breakpoint's address (pendingHits.ts). lldb-dap
   * sends a `stopped` event per thread and gdb reports each pending hit on the next resume itself.
   */
  otherHits?: "pc";
  /**
   * A stop the adapter tells as a trap with no breakpoint named that may be a hit of one of its
   * breakpoints it did not recognise (LLDB writes a new breakpoint's trap into the running program
   * before it records the site as its own: a thread that reaches it in between stops with "signal
   * SIGTRAP"). `isTrap` picks such stops; `command` (a console command) lists the breakpoints'
   * locations and `parse` reads each location's address → the adapter's breakpoint id.
   * `clear(address)`: a console command that takes a trap out of the program where the debugger
   * has no breakpoint left but its stub still has one (LLDB removing a breakpoint while the program
   * runs can leave it: every pass there then stops with "signal SIGTRAP"); `cleared` reads whether
   * there was one (the stub says so). `ownerless(description)`: a stop told as a breakpoint's hit
   * at a site no breakpoint owns any more (LLDB: `breakpoint 0.0`, a thread reaching a site whose
   * breakpoint is being removed).
   */
  breakpointTraps?: {
    isTrap(reason: string, description: string | undefined): boolean;
    command: string;
    parse(text: string): Map<string, number>;
    clear?(address: string): string;
    cleared?(result: string): boolean;
    ownerless?(description: string | undefined): boolean;
  };
  /**
   * The stop reason when the adapter's own is vague or its own word (cdt-gdb-adapter says "generic"
   * for a watchpoint and tells it in gdb's output, and names a signal as the reason, `SIGSEGV`;
   * lldb-dap says "breakpoint" with the description "watchpoint 1"). Undefined: the adapter's reason.
   */
  stopReason?(reason: string, outputSinceLastStop: string, description?: string): string | undefined;
  /** What the stop was, from the adapter's own output, where its stopped event says nothing (gdb: which watchpoint fired). */
  stopDescription?(reason: string, outputSinceLastStop: string): string | undefined;
  /**
   * Stops of the daemon's catchpoints (reason as the catchpoint says) or exceptions that are not
   * news (a test failure seen again as the testing package unwinds it): resumed without a report.
   */
  passStop?(reason: string, frames: readonly { function?: string; file?: string }[]): boolean;
  /**
   * An exception stop that the program's own code is about to swallow, which the adapter's filter
   * cannot tell (debugpy's userUnhandled stops inside a test's `with pytest.raises(E)`): told by
   * reading the frames' source and evaluating in them. True: resumed without a report. Asked
   * after `continue` only, once passStop has let the stop stand; false when in doubt.
   */
  expectedException?(look: StopLook): Promise<boolean>;
  /**
   * How a step cut short by an expected exception's stop is finished (expectedException), for an
   * adapter whose such stops come during steps too. debugpy tells a user-unhandled exception at the
   * return of the outermost user frame, where pydevd has already turned a step over or out of that
   * frame into a step in (pydevd_frame.py): a step in from that stop lands where the step would
   * have without the exception filter. Undefined: such a stop is passed after `continue` only.
   */
  expectedExceptionStep?: "next" | "stepIn" | "stepOut";
  /**
   * Where in its line a stop is, for an adapter whose frames carry no code address (debugpy): an
   * expression evaluated in the stopped frame, and its answer read as the instruction's offset and
   * whether the stop can only continue a pass of the line begun at an earlier stop (Python tells a
   * line again where a statement spans lines). Read by the rows of `run`, `test` and `trace`
   * (runPasses.ts); undefined: not told.
   */
  stopOffset?: {
    expression: string;
    /** The answer read at a stop at LINE (its file's LINES, when they can be read): `offset` orders stops within the frame's code. */
    read(result: string, line: number, lines: readonly string[] | undefined): { pc: string; offset: number; continues: boolean } | undefined;
    /** Whether a stop at LINE can be told by its offset at all; false: it begins a pass, and nothing is evaluated. */
    needed?(line: number, lines: readonly string[] | undefined): boolean;
  };
  /** What such a stop was, from the program's output since the last stop (the panic message). */
  describeInternalStop?(reason: string, output: string): string | undefined;
  /** The exit code, from the adapter's own output, for adapters that send no `exited` event. */
  exitCodeFromOutput?(text: string): number | undefined;
  /**
   * The signal that killed the program, when its end was one (the exit code as the adapter gave it,
   * its recent output, the session's last stop report): undefined for an exit.
   */
  exitSignal?(exitCode: number | null | undefined, recentOutput: string, lastStop: StopReport | undefined, pid: number | undefined): string | undefined;
  /**
   * The signal that ended a program whose core the adapter opened without a stop event (coreArgs'
   * `noStopEvent`), from what the debugger said opening it; undefined: no signal (a gcore'd dump).
   */
  coreSignal?(console: string): { signal: string; meaning: string } | undefined;
  /** A stop that is in truth the program's death by a signal (gdb: "Program terminated with signal SIGKILL"): the signal. */
  signalDeathAtStop?(outputSinceLastStop: string): string | undefined;
  /** The runner's verdict, from the program's output at its end ("1 failed, 1 passed"): said in the exit report. */
  exitSummary?(output: string): string | undefined;
  /** Sorts an output event into program stdout/stderr or debugger console text (gdb mixes them). */
  outputCategory?(category: string, text: string, found?: FoundAdapter, previous?: string): "stdout" | "stderr" | "console";
  /** Adapter chatter that is neither the program's output nor useful to the reader (banners). */
  ignoreOutput?(text: string, category: "stdout" | "stderr" | "console"): boolean;
  /** Console lines kept in `output --console` but out of stop reports: the debugger's complaints about a library's debug info. */
  reportNoise?: RegExp;
  /**
   * A pause stops a thread only when it runs the language's own code (debugpy: Python), so a
   * program whose threads all wait never stops: `pause` reads the stacks while it runs instead,
   * and a paused thread in the user's code still gets the hang report. Default: a pause stops.
   */
  pauseNeedsRunningCode?: boolean;
  /**
   * A stop description that is only the debugger's own watchpoint number, not the CLI id
   * (lldb-dap 19: "watchpoint 3"): left out of the stop report. Default: descriptions are kept.
   */
  ownWatchpointNumber?: RegExp;
}

/**
 * What the daemon needs to know about one debug adapter, in facets: each names one concern, and an
 * adapter module fills in the members it differs in (an absent member is the default).
 */
export interface AdapterSpec extends AdapterIdentity, LaunchFacet, BreakpointFacet, ValueFacet, StopFacet {}

/** How an adapter opens a core dump (AdapterSpec.coreArgs). */
export interface CoreArgs {
  request: "launch" | "attach";
  args: Record<string, unknown>;
  command?: string[];
  noStopEvent?: boolean;
}

/** What AdapterSpec.expectedException reads of a stop: its frames, their source, values in them. */
export interface StopLook {
  /**
   * The stopped thread's frames, innermost first: `function` as an agent writes it, `name` as the
   * adapter gave it (with its marks); `user`: the program's own code (not a library's).
   */
  frames: readonly { id: number; name: string; function?: string; file?: string; line?: number; user: boolean }[];
  /** A source file's lines, as a stop's report reads them; undefined when it cannot be read. */
  source(path: string): Promise<string[] | undefined>;
  /** An expression's value in a frame, as the adapter prints it; throws when it cannot be evaluated. */
  evaluate(expression: string, frameId: number): Promise<string>;
  /** A line for the daemon's log: why the stop was passed or kept. */
  log(message: string): void;
}
