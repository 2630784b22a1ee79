import { describe, expect, test } from "bun:test";
import { commonSuffix, MATCH, segments, sourceMatchScore, suffixCandidates } from "../../src/common/sourcePaths.ts";

const nothingHere = { exists: () => false, real: () => undefined };
const allHere = { exists: () => true, real: (p: string) => p };

describe("sourcePaths", () => {
  test("segments resolve . and .. and drop a relative path's leading ..", () => {
    expect(segments("/a/b/../c/./d.c")).toEqual(["a", "c", "d.c"]);
    expect(segments("../../sub/q.c")).toEqual(["sub", "q.c"]);
    expect(segments("./q.c")).toEqual(["q.c"]);
    expect(commonSuffix("/x/sub/q.c", "/build/sub/q.c")).toBe(2);
    expect(commonSuffix("/x/sub/q.c", "/x/sub/r.c")).toBe(0);
  });

  test.each([
    // wanted, found, facts, score
    ["/a/sub/q.c", "/a/sub/q.c", undefined, MATCH.same],
    ["/a/sub/q.c", "/a/other/../sub/q.c", undefined, MATCH.same],
    ["q.c", "/a/sub/q.c", undefined, MATCH.bareName],
    ["q.c", "/a/sub/r.c", undefined, 0],
    ["/a/sub/q.c", "sub/q.c", undefined, MATCH.relative + 2],
    ["/a/sub/q.c", "../sub/q.c", undefined, MATCH.relative + 2],
    ["/a/sub/q.c", "lib/q.c", undefined, 0],
    ["/a/sub/q.c", "a/sub/q.c", undefined, MATCH.relative + 3],
    // Both absolute and different: only where one is not here is the suffix compared.
    ["/a/sub/q.c", "/build/sub/q.c", undefined, 0],
    ["/a/sub/q.c", "/build/sub/q.c", nothingHere, 2],
    ["/a/sub/q.c", "/b/sub/q.c", allHere, 0],
    ["/a/sub/q.c", "/build/x/q.c", nothingHere, 1],
  ] as const)("%s against %s", (wanted, found, facts, score) => {
    expect(sourceMatchScore(wanted, found, facts)).toBe(score);
  });

  test("symlinks: the same file by its real path", () => {
    const facts = { exists: () => true, real: (p: string) => p.replace(/^\/link\//, "/real/") };
    expect(sourceMatchScore("/link/sub/q.c", "/real/sub/q.c", facts)).toBe(MATCH.same);
    expect(sourceMatchScore("/link/sub/q.c", "/real/other/q.c", facts)).toBe(0);
  });

  test("suffixCandidates: longest first, two components at least", () => {
    expect(suffixCandidates("/home/u/proj/sub/q.c")).toEqual(["u/proj/sub/q.c", "proj/sub/q.c", "sub/q.c"]);
    expect(suffixCandidates("/q.c")).toEqual([]);
  });
});
