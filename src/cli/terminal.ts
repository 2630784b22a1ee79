// Whether stdout or stderr is a terminal, without building process.stdout or process.stderr: the
// first use of either builds a Node stream (measured on a compiled program with stdout on a pipe,
// 120 interleaved runs at load ~18: `process.stdout.isTTY` 13.9 ms of CPU against 4.3 ms without,
// `require("node:tty").isatty` 7.8 ms), and an execution command asks both on every call. Bun's
// tty_wrap binding answers isatty(fd) for nothing; the stream answers where it is missing.
type TtyWrap = { isTTY?: (fd: number) => boolean };

export function isTerminal(fd: 1 | 2): boolean {
  try {
    const tty = (process as unknown as { binding(name: string): TtyWrap }).binding("tty_wrap");
    if (typeof tty.isTTY === "function") return tty.isTTY(fd) === true;
  } catch {}
  return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
}
