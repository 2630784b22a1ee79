// A request carries its client's build in the version string (VERSION+BUILD): a daemon from
// before builds were told apart reads it as another version and leaves, where a field of its own
// would have been refused by that daemon's strict request schema (IPC_ERROR, even for `daemon stop`).
import { expect, test } from "bun:test";
import * as v from "valibot";
import { splitVersion } from "../../src/common/version.ts";
import { RequestSchema } from "../../src/ipc/protocol.ts";

test("VERSION+BUILD splits into its parts; a bare version has no build", () => {
  expect(splitVersion("0.1.0+abc1234.2026-11-27T10:59:04.663Z")).toEqual(["0.1.0", "abc1234.2026-11-27T10:59:04.663Z"]);
  expect(splitVersion("0.1.0")).toEqual(["0.1.0", undefined]);
});

test("the request envelope has no field of its own for the build (an older daemon's strict schema would refuse it)", () => {
  const base = { id: 1, version: "0.1.0+abc.2026", command: "status", session: "default", cwd: "/", args: {} };
  expect(v.safeParse(RequestSchema, base).success).toBe(true);
  expect(v.safeParse(RequestSchema, { ...base, build: "abc" }).success).toBe(false);
});
