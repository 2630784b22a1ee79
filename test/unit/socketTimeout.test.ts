import { expect, test } from "bun:test";
import { SOCKET_DEFAULT_MS, SOCKET_FOREVER_MS, socketWaitMs } from "../../src/ipc/socketTimeout.ts";

test("the socket waits the command's own time plus the margin, forever at 0, the default when none is named", () => {
  expect(socketWaitMs(30)).toBe(75_000);
  expect(socketWaitMs(30, 30)).toBe(60_000);
  expect(socketWaitMs(0)).toBe(SOCKET_FOREVER_MS);
  expect(socketWaitMs(undefined)).toBe(SOCKET_DEFAULT_MS);
  // setTimeout fires at once past 2^31-1 ms: "forever" is the longest wait it keeps.
  expect(SOCKET_FOREVER_MS).toBe(2 ** 31 - 1);
});
