// Table-driven framing tests in the style of google/go-dap's io_test: every way a byte stream can
// be cut must yield the same messages, and every malformed header must fail loudly.
import { describe, expect, test } from "bun:test";
import { encodeMessage, FramingError, MAX_MESSAGE_BYTES, MessageDecoder } from "../../src/dap/codec.ts";

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
/** A raw frame whose Content-Length is the UTF-8 byte length of `body`. */
const frame = (body: string, extraHeaders = "") => bytes(`${extraHeaders}Content-Length: ${enc.encode(body).length}\r\n\r\n${body}`);

/** Feeds `chunks` one by one, collecting every message; asserts nothing is left over. */
function decodeAll(chunks: Uint8Array[], decoder = new MessageDecoder()): unknown[] {
  const out: unknown[] = [];
  for (const c of chunks) out.push(...decoder.push(c));
  expect(decoder.pendingBytes).toBe(0);
  return out;
}

/** Every way to cut `data` in two. */
function everySplit(data: Uint8Array): [number, Uint8Array[]][] {
  return Array.from({ length: data.length + 1 }, (_, i) => [i, [data.subarray(0, i), data.subarray(i)]]);
}

const INIT = { seq: 1, type: "request", command: "initialize", arguments: { adapterID: "x" } };
const STOPPED = { seq: 7, type: "event", event: "stopped", body: { reason: "breakpoint", threadId: 1 } };

describe("encodeMessage", () => {
  test("writes the exact frame with a byte count", () => {
    expect(new TextDecoder().decode(encodeMessage({ a: 1 }))).toBe('Content-Length: 7\r\n\r\n{"a":1}');
  });

  test.each([
    ["ascii", "abc", 11],
    ["é (2 bytes)", "é", 10],
    ["日本 (6 bytes)", "日本", 14],
    ["emoji (4 bytes)", "😀", 12],
  ])("Content-Length counts bytes, not characters: %s", (_name, s, length) => {
    // JSON.stringify({s}) = {"s":"<s>"} = 8 bytes of punctuation plus the string.
    const text = new TextDecoder().decode(encodeMessage({ s }));
    expect(text).toBe(`Content-Length: ${length}\r\n\r\n{"s":"${s}"}`);
  });

  test.each([
    ["request", INIT],
    ["event", STOPPED],
    ["unicode", { seq: 2, type: "event", event: "output", body: { output: "héllo 日本 😀\n" } }],
    ["nested", { a: [1, { b: null, c: [true, false] }], d: "" }],
    ["empty object", {}],
  ])("round trip encode → decode: %s", (_name, message) => {
    expect(decodeAll([encodeMessage(message)])).toEqual([message]);
  });
});

describe("MessageDecoder: splitting", () => {
  const one = frame(JSON.stringify(STOPPED));
  const headerLength = one.length - enc.encode(JSON.stringify(STOPPED)).length;

  test("header split at every byte position", () => {
    for (let i = 0; i <= headerLength; i++) {
      expect({ i, got: decodeAll([one.subarray(0, i), one.subarray(i)]) }).toEqual({ i, got: [STOPPED] });
    }
  });

  test("body split at every byte position", () => {
    for (let i = headerLength; i <= one.length; i++) {
      expect({ i, got: decodeAll([one.subarray(0, i), one.subarray(i)]) }).toEqual({ i, got: [STOPPED] });
    }
  });

  test("one byte at a time", () => {
    const two = concat(one, frame(JSON.stringify(INIT)));
    const chunks = Array.from(two, (b) => Uint8Array.of(b));
    expect(decodeAll(chunks)).toEqual([STOPPED, INIT]);
  });

  test("nothing is returned until the last byte of the body arrives", () => {
    const d = new MessageDecoder();
    expect(d.push(one.subarray(0, one.length - 1))).toEqual([]);
    expect(d.pendingBytes).toBe(one.length - 1);
    expect(d.push(one.subarray(one.length - 1))).toEqual([STOPPED]);
    expect(d.pendingBytes).toBe(0);
  });

  test("several messages in one chunk", () => {
    const messages = [INIT, STOPPED, { seq: 3, type: "response", request_seq: 1, success: true, command: "initialize" }];
    expect(decodeAll([concat(...messages.map(encodeMessage))])).toEqual(messages);
  });

  test("a message plus a partial next one keeps the partial bytes", () => {
    const second = encodeMessage(INIT);
    const d = new MessageDecoder();
    expect(d.push(concat(one, second.subarray(0, 10)))).toEqual([STOPPED]);
    expect(d.pendingBytes).toBe(10);
    expect(d.push(second.subarray(10, 30))).toEqual([]);
    expect(d.pendingBytes).toBe(30);
    expect(d.push(concat(second.subarray(30), one))).toEqual([INIT, STOPPED]);
    expect(d.pendingBytes).toBe(0);
  });

  test("a message plus the complete header of the next one", () => {
    const second = encodeMessage(INIT);
    const cut = second.indexOf(123); // first '{' of the body
    const d = new MessageDecoder();
    expect(d.push(concat(one, second.subarray(0, cut)))).toEqual([STOPPED]);
    expect(d.push(second.subarray(cut))).toEqual([INIT]);
    expect(d.pendingBytes).toBe(0);
  });

  test("zero-byte chunks change nothing", () => {
    const d = new MessageDecoder();
    expect(d.push(new Uint8Array(0))).toEqual([]);
    expect(d.pendingBytes).toBe(0);
    expect(d.push(one.subarray(0, 5))).toEqual([]);
    expect(d.push(new Uint8Array(0))).toEqual([]);
    expect(d.pendingBytes).toBe(5);
    expect(d.push(one.subarray(5))).toEqual([STOPPED]);
    expect(d.push(new Uint8Array(0))).toEqual([]);
    expect(d.pendingBytes).toBe(0);
  });

  test("an empty-bodied header pair followed by a message", () => {
    // `Content-Length: 2` with `{}` is the smallest valid message.
    expect(decodeAll([bytes("Content-Length: 2\r\n\r\n{}"), one])).toEqual([{}, STOPPED]);
  });
});

describe("MessageDecoder: multibyte UTF-8", () => {
  const cases: [string, string][] = [
    ["é", "é"],
    ["日本", "日本"],
    ["emoji", "😀"],
    ["mixed", "aé日😀z"],
  ];
  test.each(cases)("split at every byte, including inside a character: %s", (_name, s) => {
    const message = { seq: 1, type: "event", event: "output", body: { output: s } };
    const data = encodeMessage(message);
    for (const [i, chunks] of everySplit(data)) {
      expect({ i, got: decodeAll(chunks) }).toEqual({ i, got: [message] });
    }
  });

  test("three-way split through a 4-byte character", () => {
    const message = { output: "😀" };
    const data = encodeMessage(message);
    const emoji = data.indexOf(0xf0);
    expect(emoji).toBeGreaterThan(0);
    const chunks = [data.subarray(0, emoji + 1), data.subarray(emoji + 1, emoji + 3), data.subarray(emoji + 3)];
    expect(decodeAll(chunks)).toEqual([message]);
  });

  test("a body whose character count differs from its byte count", () => {
    const body = '{"s":"日本語"}'; // 11 characters, 17 bytes
    expect(body.length).toBe(11);
    expect(decodeAll([bytes(`Content-Length: 17\r\n\r\n${body}`)])).toEqual([{ s: "日本語" }]);
  });
});

describe("MessageDecoder: headers", () => {
  const body = '{"seq":1}';
  test.each([
    ["Content-Type before", `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: ${body.length}`],
    ["Content-Type after", `Content-Length: ${body.length}\r\nContent-Type: application/json`],
    ["lower case name", `content-length: ${body.length}`],
    ["upper case name", `CONTENT-LENGTH: ${body.length}`],
    ["no space after colon", `Content-Length:${body.length}`],
    ["extra spaces", `Content-Length:    ${body.length}   `],
    ["unknown header without colon value", `X-Whatever:\r\nContent-Length: ${body.length}`],
  ])("accepts %s", (_name, header) => {
    expect(decodeAll([bytes(`${header}\r\n\r\n${body}`)])).toEqual([{ seq: 1 }]);
  });
});

describe("MessageDecoder: errors", () => {
  const body = '{"seq":1}';
  test.each([
    ["missing Content-Length", `Content-Type: application/json\r\n\r\n${body}`, 'header without Content-Length: "Content-Type: application/json"'],
    ["negative length", `Content-Length: -5\r\n\r\n${body}`, 'bad Content-Length: "-5"'],
    ["non-numeric length", `Content-Length: abc\r\n\r\n${body}`, 'bad Content-Length: "abc"'],
    ["fractional length", `Content-Length: 9.0\r\n\r\n${body}`, 'bad Content-Length: "9.0"'],
    ["hex length", `Content-Length: 0x9\r\n\r\n${body}`, 'bad Content-Length: "0x9"'],
    ["empty length", `Content-Length: \r\n\r\n${body}`, 'bad Content-Length: ""'],
    [
      "over the default 64 MiB cap",
      `Content-Length: ${MAX_MESSAGE_BYTES + 1}\r\n\r\n`,
      `Content-Length ${MAX_MESSAGE_BYTES + 1} exceeds the ${MAX_MESSAGE_BYTES}-byte cap`,
    ],
    ["absurdly huge length", `Content-Length: 99999999999999999999\r\n\r\n`, "Content-Length 100000000000000000000 exceeds the 67108864-byte cap"],
    ["body not JSON", `Content-Length: 5\r\n\r\nhello`, /^message body is not JSON: /],
    ["body truncated JSON", `Content-Length: 5\r\n\r\n{"a":`, /^message body is not JSON: /],
  ])("%s throws FramingError", (_name, input, message) => {
    const d = new MessageDecoder();
    let caught: unknown;
    try {
      d.push(bytes(input));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FramingError);
    expect((caught as Error).name).toBe("FramingError");
    if (typeof message === "string") expect((caught as Error).message).toBe(message);
    else expect((caught as Error).message).toMatch(message);
  });

  test("a custom cap: exactly the cap passes, one more byte throws", () => {
    const at = frame('{"x":"12345"}'); // 13 bytes
    expect(decodeAll([at], new MessageDecoder(13))).toEqual([{ x: "12345" }]);
    expect(() => new MessageDecoder(12).push(at)).toThrow(new FramingError("Content-Length 13 exceeds the 12-byte cap"));
  });

  test("the cap is checked from the header alone, before the body arrives", () => {
    const d = new MessageDecoder(100);
    expect(() => d.push(bytes("Content-Length: 101\r\n\r\n"))).toThrow("Content-Length 101 exceeds the 100-byte cap");
  });

  test("a bad header after a good message still returns nothing and throws", () => {
    const d = new MessageDecoder();
    expect(() => d.push(concat(frame(body), bytes("Content-Length: x\r\n\r\n{}")))).toThrow('bad Content-Length: "x"');
  });

  test("a header without \\r\\n\\r\\n longer than 8 KiB throws", () => {
    const d = new MessageDecoder();
    expect(d.push(bytes("X".repeat(8192)))).toEqual([]);
    expect(() => d.push(bytes("X"))).toThrow(new FramingError("header longer than 8 KiB without \\r\\n\\r\\n"));
  });

  test("only \\n line endings never complete a header", () => {
    const d = new MessageDecoder();
    expect(d.push(bytes(`Content-Length: ${body.length}\n\n${body}`))).toEqual([]);
    expect(d.pendingBytes).toBe(`Content-Length: 9\n\n`.length + body.length);
  });
});
