// The header check build.ts runs on every artifact: the host binary, and headers built by hand
// for the formats this machine cannot produce natively.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { mismatch, readBinaryInfo } from "../../scripts/lib/binaryFormat.ts";
import { hostTarget, targetById } from "../../scripts/lib/targets.ts";
import { HOST_BIN } from "./helpers.ts";

test("the host binary's header names this machine's platform", () => {
  const info = readBinaryInfo(readFileSync(HOST_BIN).subarray(0, 65536));
  expect(mismatch(info, hostTarget())).toBeUndefined();
  if (process.platform === "linux") expect(info.format).toBe("elf");
});

test("a Linux x64 binary is not accepted as arm64 or musl", () => {
  const info = { format: "elf" as const, cpu: "x64", libc: "glibc" as const };
  expect(mismatch(info, targetById("linux-x64"))).toBeUndefined();
  expect(mismatch(info, targetById("linux-arm64"))).toBe("is for x64, expected arm64");
  expect(mismatch(info, targetById("linux-x64-musl"))).toBe("links glibc, expected musl");
  expect(mismatch(info, targetById("darwin-x64"))).toBe("is elf, expected macho");
});

test("Mach-O: CPU type and code signature are read from the header and load commands", () => {
  const head = new Uint8Array(64);
  const v = new DataView(head.buffer);
  v.setUint32(0, 0xfeedfacf, true);
  v.setUint32(4, 0x0100000c, true); // arm64
  v.setUint32(16, 1, true); // one load command
  v.setUint32(32, 0x1d, true); // LC_CODE_SIGNATURE
  v.setUint32(36, 16, true);
  expect(readBinaryInfo(head)).toEqual({ format: "macho", cpu: "arm64", signed: true });
  v.setUint32(32, 0x19, true); // LC_SEGMENT_64 only: unsigned
  expect(mismatch(readBinaryInfo(head), targetById("darwin-arm64"))).toBe("has no code signature");
});

test("PE: the machine field after the PE signature", () => {
  const head = new Uint8Array(0x100);
  const v = new DataView(head.buffer);
  head.set([0x4d, 0x5a]);
  v.setUint32(0x3c, 0x80, true);
  v.setUint32(0x80, 0x50450000);
  v.setUint16(0x84, 0x8664, true);
  expect(readBinaryInfo(head)).toEqual({ format: "pe", cpu: "x64" });
  expect(readBinaryInfo(new Uint8Array(100))).toEqual({ format: "unknown" });
});
