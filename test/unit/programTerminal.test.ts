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
