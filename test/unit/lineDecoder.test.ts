import { describe, expect, test } from "bun:test";
import { LineDecoder, LineTooLongError, parseRequest } from "../../src/ipc/protocol.ts";

const b = (s: string) => new TextEncoder().encode(s);

describe("LineDecoder", () => {
  test("lines split anywhere, a UTF-8 character cut in two included, come out whole", () => {
    const data = b('{"a":"日本"}\n{"b":1}\n');
    for (let i = 0; i <= data.length; i++) {
      const d = new LineDecoder();
      expect([...d.push(data.subarray(0, i)), ...d.push(data.subarray(i))]).toEqual(['{"a":"日本"}', '{"b":1}']);
      expect(d.pendingBytes).toBe(0);
    }
  });

  test("a line over the cap throws as soon as the cap is passed, and holds nothing after", () => {
    const d = new LineDecoder(10);
    expect(d.push(b("0123456789"))).toEqual([]);
    expect(() => d.push(b("x"))).toThrow(LineTooLongError);
    expect(d.pendingBytes).toBe(0);
    expect(() => new LineDecoder(10).push(b("0123456789ab\n"))).toThrow("request larger than 10 bytes");
    expect(new LineDecoder(10).push(b("0123456789\n"))).toEqual(["0123456789"]);
  });
});

describe("parseRequest", () => {
  test("not JSON, not an object, and a bad field each get IPC_ERROR; the id is kept when it is a number", () => {
    expect(parseRequest("{")).toEqual({
      reply: {
        id: null,
        ok: false,
        command: "",
        session: "",
        error: { code: "IPC_ERROR", message: "request is not valid JSON", hint: "send one JSON object per line" },
      },
    });
    expect(parseRequest("null")).toMatchObject({ reply: { id: null, ok: false, error: { code: "IPC_ERROR" } } });
    expect(parseRequest('{"id":4,"command":"x"}')).toMatchObject({
      reply: {
        id: 4,
        command: "x",
        error: { code: "IPC_ERROR", message: 'malformed request (version): Invalid key: Expected "version" but received undefined' },
      },
    });
  });
});
