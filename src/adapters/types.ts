// What the daemon needs to know about one debug adapter. One module per adapter provides it.
export interface LaunchOptions {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stopOnEntry: boolean;
}

export interface AttachOptions {
  pid: number;
  program?: string;
}

export interface FoundAdapter {
  command: string[];
  path: string;
  /** Extra environment for the adapter process. */
  env?: Record<string, string>;
}

export interface AdapterSpec {
  name: string;
  /** Human description for `doctor` and errors. */
  title: string;
  transport: "stdio" | "tcp-listen";
  /** How to install it, for the ADAPTER_NOT_FOUND hint. */
  installHint: string;
  discover(): FoundAdapter | null;
  /** Would this adapter be the natural choice for that program? */
  handles(program: string): boolean;
  launchArgs(o: LaunchOptions): Record<string, unknown>;
  attachArgs(o: AttachOptions): Record<string, unknown>;
  /** Expression context for `print`: the one where plain expressions (and calls) work. */
  printContext: "watch" | "repl" | "hover";
  quirks: {
    /** After a clean disconnect the adapter crashes or exits non-zero: ignore its exit and output. */
    noisyExitAfterDisconnect?: boolean;
    /** The program is a native executable: check the execute bit before launching. */
    programMustBeExecutable?: boolean;
  };
}
