// A test runner run plainly (not under a debugger), to learn which test fails before one is
// debugged: `go test -json ./...`, each cargo test executable, ctest. Bounded by the caller's
// --timeout: at the deadline the runner and everything it started are ended (go test's test
// binaries are its children) and what was still running is where the tests hang.
import { readdirSync, readFileSync } from "node:fs";

export interface PlainRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** Ended at the deadline. */
  timedOut: boolean;
}

/** Children of a process, then theirs (Linux /proc/PID/task/TID/children). */
function tree(pid: number): number[] {
  const out: number[] = [];
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {}
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
          out.push(Number(c));
          todo.push(Number(c));
        }
      } catch {}
    }
  }
  return out;
}

/** Runs argv to its end or the deadline (seconds; 0: none). */
export async function runPlainly(
  argv: string[],
  o: { cwd: string; env: Record<string, string | undefined>; timeoutS: number; signal?: AbortSignal },
): Promise<PlainRun> {
  const proc = Bun.spawn(argv, { cwd: o.cwd, env: o.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let timedOut = false;
  const end = () => {
    timedOut = true;
    // Children first: with go gone they would be re-parented and out of reach.
    for (const pid of [...tree(proc.pid).reverse(), proc.pid]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  };
  const timer = o.timeoutS > 0 ? setTimeout(end, o.timeoutS * 1000) : undefined;
  o.signal?.addEventListener("abort", end, { once: true });
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const exitCode = await proc.exited;
  clearTimeout(timer);
  return { stdout, stderr, exitCode: timedOut ? null : exitCode, timedOut };
}
