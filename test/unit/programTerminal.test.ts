import { expect, test } from "bun:test";
import { openProgramTerminal } from "../../src/adapters/programTerminal.ts";

test.if(process.platform === "linux")("a program writing to the pty's path reaches onText (as \\r\\n), and settled() waits for it", async () => {
  let received = "";
  const t = openProgramTerminal((text) => (received += text));
  expect(t).toBeDefined();
  expect(t!.path).toMatch(/^\/dev\/pts\/\d+$/);
  try {
    // As lldb would: the program's stdout and stderr opened on the slave path.
    const child = Bun.spawn(["sh", "-c", 'printf "out\\n" > "$1"; printf "err\\n" 2> "$1" >&2', "sh", t!.path]);
    expect(await child.exited).toBe(0);
    await t!.settled();
    expect(received).toBe("out\r\nerr\r\n");
  } finally {
    t!.close();
  }
});

test.if(process.platform === "linux")(
  "settled() is exact: each call lets everything written before it through, and its marker never shows in the text",
  async () => {
    let received = "";
    const t = openProgramTerminal((text) => (received += text));
    expect(t).toBeDefined();
    try {
      // A burst larger than the pty's buffer, then settled() at once, several times over: what the
      // writer wrote before each call has arrived when the call resolves (no quiet waited for).
      const line = `${"x".repeat(99)}\n`;
      for (let round = 1; round <= 3; round++) {
        const child = Bun.spawn(["sh", "-c", 'i=0; while [ $i -lt 400 ]; do printf "%s" "$2" > "$1"; i=$((i+1)); done', "sh", t!.path, line]);
        expect(await child.exited).toBe(0);
        // No quiet asked for: only the marker can make this wait long enough.
        await t!.settled(0, 5000);
        expect(received).toBe(line.replace("\n", "\r\n").repeat(400 * round));
      }
      expect(received.includes("\u0000")).toBe(false);
      expect(received.includes("debugger-sync")).toBe(false);
    } finally {
      t!.close();
    }
  },
);

test.if(process.platform === "linux")(
  "a program that turned the terminal's output processing off (raw mode) still settles, and its output stays whole",
  async () => {
    let received = "";
    const t = openProgramTerminal((text) => (received += text));
    expect(t).toBeDefined();
    try {
      const child = Bun.spawn(["sh", "-c", 'stty -opost < "$1" && printf "raw\\n" > "$1"', "sh", t!.path]);
      expect(await child.exited).toBe(0);
      await t!.settled(0, 5000);
      expect(received).toBe("raw\n");
      await t!.settled(0, 5000);
      expect(received).toBe("raw\n");
    } finally {
      t!.close();
    }
  },
);
