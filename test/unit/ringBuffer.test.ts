import { describe, expect, test } from "bun:test";
import { tailLines } from "../../src/common/tail.ts";
import { DEFAULT_LIMITS, joinText, RingBuffer, type OutputCategory } from "../../src/daemon/session/program/ringBuffer.ts";

const big = { maxChunks: 1000, maxBytes: 1 << 20 };
const cats = (...c: OutputCategory[]) => new Set<OutputCategory>(c);

describe("RingBuffer", () => {
  test("defaults are 10,000 chunks / 10 MiB", () => {
    expect(DEFAULT_LIMITS).toEqual({ maxChunks: 10_000, maxBytes: 10 * 1024 * 1024 });
  });

  test("push returns consecutive sequence numbers and read returns everything in order", () => {
    const b = new RingBuffer(big);
    expect(b.end).toBe(1);
    expect(b.push("stdout", "a\n")).toBe(1);
    expect(b.push("stderr", "b\n")).toBe(2);
    expect(b.push("console", "c\n")).toBe(3);
    expect(b.end).toBe(4);
    expect(b.size).toBe(3);
    expect(b.byteSize).toBe(6);
    expect(b.read()).toEqual({
      chunks: [
        { seq: 1, category: "stdout", text: "a\n" },
        { seq: 2, category: "stderr", text: "b\n" },
        { seq: 3, category: "console", text: "c\n" },
      ],
      dropped: 0,
      cursor: 4,
    });
  });

  test("empty text is not stored and takes no sequence number", () => {
    const b = new RingBuffer(big);
    expect(b.push("stdout", "")).toBe(1);
    expect(b.push("stdout", "x")).toBe(1);
    expect(b.push("stdout", "")).toBe(2);
    expect(b.read()).toEqual({ chunks: [{ seq: 1, category: "stdout", text: "x" }], dropped: 0, cursor: 2 });
  });

  test("bounded by count: the oldest go first and are counted", () => {
    const b = new RingBuffer({ maxChunks: 3, maxBytes: 1 << 20 });
    for (const t of ["1", "2", "3", "4", "5"]) b.push("stdout", t);
    expect(b.size).toBe(3);
    expect(b.dropped).toBe(2);
    expect(b.byteSize).toBe(3);
    expect(b.read()).toEqual({
      chunks: [
        { seq: 3, category: "stdout", text: "3" },
        { seq: 4, category: "stdout", text: "4" },
        { seq: 5, category: "stdout", text: "5" },
      ],
      dropped: 2,
      cursor: 6,
    });
  });

  test("bounded by bytes (UTF-8 bytes, not characters)", () => {
    const b = new RingBuffer({ maxChunks: 100, maxBytes: 10 });
    b.push("stdout", "aaaa"); // 4
    b.push("stdout", "日"); // 3 → 7
    b.push("stdout", "bbb"); // 3 → 10, at the limit
    expect(b.size).toBe(3);
    expect(b.byteSize).toBe(10);
    expect(b.dropped).toBe(0);
    b.push("stderr", "é"); // 2 → 12: drop "aaaa" → 8
    expect(b.byteSize).toBe(8);
    expect(b.dropped).toBe(1);
    expect(joinText(b.read().chunks)).toBe("日bbbé");
    b.push("stdout", "0123456"); // 7 → 15: drop 日 (12), bbb (9)
    expect(b.byteSize).toBe(9);
    expect(b.dropped).toBe(3);
    expect(b.read().chunks.map((c) => c.seq)).toEqual([4, 5]);
  });

  test("a single chunk larger than the byte limit is kept (the newest always survives)", () => {
    const b = new RingBuffer({ maxChunks: 100, maxBytes: 4 });
    b.push("stdout", "ab");
    b.push("stdout", "0123456789");
    expect(b.read()).toEqual({ chunks: [{ seq: 2, category: "stdout", text: "0123456789" }], dropped: 1, cursor: 3 });
    expect(b.byteSize).toBe(10);
  });

  test("cursors are independent: one reader does not consume another's output", () => {
    const b = new RingBuffer(big);
    b.push("stdout", "one\n");
    const a1 = b.read(1);
    expect(joinText(a1.chunks)).toBe("one\n");
    b.push("stdout", "two\n");
    const a2 = b.read(a1.cursor);
    expect(a2).toEqual({ chunks: [{ seq: 2, category: "stdout", text: "two\n" }], dropped: 0, cursor: 3 });
    // Reader B starts from the beginning and still sees both.
    expect(joinText(b.read(1).chunks)).toBe("one\ntwo\n");
    // Reading with an up-to-date cursor gives nothing new.
    expect(b.read(a2.cursor)).toEqual({ chunks: [], dropped: 0, cursor: 3 });
    // `end` is a "from now on" cursor.
    const fromNow = b.end;
    b.push("stderr", "three\n");
    expect(b.read(fromNow)).toEqual({ chunks: [{ seq: 3, category: "stderr", text: "three\n" }], dropped: 0, cursor: 4 });
  });

  test("a reader whose cursor fell behind is told how many chunks it missed", () => {
    const b = new RingBuffer({ maxChunks: 2, maxBytes: 1 << 20 });
    b.push("stdout", "a"); // 1
    const slow = b.read(1).cursor; // 2
    const fast = b.end; // 2
    for (const t of ["b", "c", "d", "e"]) b.push("stdout", t); // 2..5; keeps 4, 5
    expect(b.read(slow)).toEqual({
      chunks: [
        { seq: 4, category: "stdout", text: "d" },
        { seq: 5, category: "stdout", text: "e" },
      ],
      dropped: 2, // b and c
      cursor: 6,
    });
    // A reader that read up to 4 missed nothing.
    expect(b.read(4).dropped).toBe(0);
    expect(b.read(4).chunks.map((c) => c.seq)).toEqual([4, 5]);
    expect(b.read(fast).dropped).toBe(2);
    // since=0 means "everything retained"; dropped is the total.
    expect(b.read(0).dropped).toBe(3);
  });

  test("a cursor ahead of the buffer gives nothing and no drops", () => {
    const b = new RingBuffer(big);
    b.push("stdout", "x");
    expect(b.read(50)).toEqual({ chunks: [], dropped: 0, cursor: 2 });
  });

  test("category filters select chunks but the cursor still advances past all of them", () => {
    const b = new RingBuffer(big);
    b.push("stdout", "out1 ");
    b.push("stderr", "err1 ");
    b.push("console", "con1 ");
    b.push("stdout", "out2");
    expect(joinText(b.read(0, cats("stdout")).chunks)).toBe("out1 out2");
    expect(joinText(b.read(0, cats("stderr")).chunks)).toBe("err1 ");
    expect(joinText(b.read(0, cats("stdout", "console")).chunks)).toBe("out1 con1 out2");
    expect(b.read(0, cats()).chunks).toEqual([]);
    expect(b.read(2, cats("stdout"))).toEqual({ chunks: [{ seq: 4, category: "stdout", text: "out2" }], dropped: 0, cursor: 5 });
  });

  test("clear empties the buffer but sequence numbers keep counting", () => {
    const b = new RingBuffer(big);
    b.push("stdout", "a");
    b.push("stdout", "b");
    b.clear();
    expect(b.size).toBe(0);
    expect(b.byteSize).toBe(0);
    expect(b.read(0)).toEqual({ chunks: [], dropped: 0, cursor: 3 });
    expect(b.push("stdout", "c")).toBe(3);
    expect(b.read(3)).toEqual({ chunks: [{ seq: 3, category: "stdout", text: "c" }], dropped: 0, cursor: 4 });
    // A reader whose cursor predates the clear lost nothing it could have lost: cleared is not dropped.
    expect(b.read(1)).toEqual({ chunks: [{ seq: 3, category: "stdout", text: "c" }], dropped: 0, cursor: 4 });
  });

  test("many pushes past the compaction threshold keep order, counts and bytes right", () => {
    const b = new RingBuffer({ maxChunks: 10, maxBytes: 1 << 20 });
    for (let i = 1; i <= 5000; i++) b.push(i % 2 ? "stdout" : "stderr", `${i}\n`);
    const r = b.read(0);
    expect(r.chunks.map((c) => c.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 4991 + i));
    expect(r.dropped).toBe(4990);
    expect(r.cursor).toBe(5001);
    expect(b.byteSize).toBe(joinText(r.chunks).length);
    expect(b.read(4995).chunks[0]).toEqual({ seq: 4995, category: "stdout", text: "4995\n" });
    expect(b.read(4000).dropped).toBe(991);
  });
});

describe("joinText", () => {
  test("concatenates in order", () => {
    expect(joinText([])).toBe("");
    expect(
      joinText([
        { seq: 1, category: "stdout", text: "a" },
        { seq: 2, category: "stderr", text: "b\n" },
        { seq: 3, category: "stdout", text: "c" },
      ]),
    ).toBe("ab\nc");
  });
});

describe("tailLines", () => {
  test.each([
    ["three lines, last two", "a\nb\nc\n", 2, "b\nc\n"],
    ["no trailing newline", "a\nb\nc", 2, "b\nc"],
    ["more asked than there are", "a\nb\n", 10, "a\nb\n"],
    ["exactly all", "a\nb\n", 2, "a\nb\n"],
    ["zero", "a\nb\n", 0, ""],
    ["negative", "a\nb\n", -3, ""],
    ["empty text", "", 5, ""],
    ["only a newline", "\n", 1, "\n"],
    ["single line without newline", "abc", 1, "abc"],
    ["blank lines count", "a\n\n\nb\n", 3, "\n\nb\n"],
    ["last line blank", "a\n\n", 1, "\n"],
    ["one of many", "1\n2\n3\n4\n5\n", 1, "5\n"],
    ["CRLF keeps the \\r", "a\r\nb\r\n", 1, "b\r\n"],
  ])("%s", (_name, text, n, expected) => {
    expect(tailLines(text, n)).toBe(expected);
  });
});
