// Path rules per platform, table-tested for Windows on this Linux machine (issue 29 item 4). No
// Windows machine runs these: what is checked is the logic each platform takes, with node:path's
// win32 rules; what Windows itself would do with the result (a real PATHEXT search, a named
// pipe, %TEMP%) is not run here.
import { describe, expect, test } from "bun:test";
import { posix, win32 } from "node:path";
import {
  commandFileNames,
  envValue,
  findOnPath,
  isAbsolutePath,
  joinPath,
  lastSegment,
  namesDirectory,
  pathDirs,
  venvInterpreters,
} from "../../src/common/hostPath.ts";
import { parseLocation, resolveSourcePath } from "../../src/common/location.ts";
import { cacheDir, configPath, runtimeDir, socketPath, stateFilePath } from "../../src/common/paths.ts";
import { MATCH, sourceMatchScore } from "../../src/common/sourcePaths.ts";

describe("absolute paths and commands with a directory", () => {
  const cases: [string, boolean, boolean, boolean, boolean][] = [
    // path, absolute on win32, on linux, names a directory on win32, on linux
    ["C:\\src\\a.c", true, false, true, false],
    ["C:/src/a.c", true, false, true, true],
    ["c:\\Python312\\python.exe", true, false, true, false],
    ["\\\\server\\share\\a.c", true, false, true, false],
    ["//server/share/a.c", true, true, true, true],
    ["/usr/bin/python3", true, true, true, true],
    [".venv\\Scripts\\python.exe", false, false, true, false],
    ["./py", false, false, true, true],
    ["python3", false, false, false, false],
    ["python.exe", false, false, false, false],
  ];
  for (const [p, absWin, absLinux, dirWin, dirLinux] of cases) {
    test(p, () => {
      expect([isAbsolutePath(p, "win32"), isAbsolutePath(p, "linux"), namesDirectory(p, "win32"), namesDirectory(p, "linux")]).toEqual([
        absWin,
        absLinux,
        dirWin,
        dirLinux,
      ]);
    });
  }
  test("the last segment of a frame's file", () => {
    expect(lastSegment("C:\\src\\sub\\a.c", "win32")).toBe("a.c");
    expect(lastSegment("C:/src/sub/a.c", "win32")).toBe("a.c");
    expect(lastSegment("/src/sub/a.c", "linux")).toBe("a.c");
    expect(lastSegment("dir\\a.c", "linux")).toBe("dir\\a.c");
  });
});

describe("PATH look-ups", () => {
  test("Windows: PATH is ;-separated and may be spelt Path; PATHEXT gives the extensions", () => {
    const env = { Path: "C:\\Python312;C:\\Windows\\system32;", PATHEXT: ".COM;.EXE;.BAT" };
    expect(envValue(env, "PATH", "win32")).toBe(env.Path);
    expect(envValue(env, "PATH", "linux")).toBeUndefined();
    expect(pathDirs(env, "win32")).toEqual(["C:\\Python312", "C:\\Windows\\system32"]);
    expect(commandFileNames("python", env, "win32")).toEqual(["python.com", "python.exe", "python.bat"]);
    expect(commandFileNames("python.EXE", env, "win32")).toEqual(["python.EXE"]);
    expect(commandFileNames("python", {}, "win32")).toEqual(["python.com", "python.exe", "python.bat", "python.cmd"]);
    expect(commandFileNames("python3", env, "linux")).toEqual(["python3"]);
    const files = new Set(["C:\\Windows\\system32\\python.bat", "C:\\Python312\\python.exe"]);
    expect(findOnPath("python", env, (p) => files.has(p), "win32")).toBe("C:\\Python312\\python.exe");
    expect(findOnPath("nosuch", env, (p) => files.has(p), "win32")).toBeNull();
  });

  test("POSIX: :-separated, the name itself", () => {
    const files = new Set(["/usr/bin/python3"]);
    expect(findOnPath("python3", { PATH: "/nope:/usr/bin" }, (p) => files.has(p), "linux")).toBe("/usr/bin/python3");
    expect(findOnPath("python3", { Path: "/usr/bin" }, (p) => files.has(p), "linux")).toBeNull();
  });

  test("a virtualenv's interpreter: Scripts\\python.exe on Windows, bin/python3 elsewhere", () => {
    expect(venvInterpreters("C:\\proj\\.venv", "win32")).toEqual(["C:\\proj\\.venv\\Scripts\\python.exe"]);
    expect(venvInterpreters("/proj/.venv", "linux")).toEqual(["/proj/.venv/bin/python3", "/proj/.venv/bin/python"]);
  });
});

describe("breakpoint locations", () => {
  const cases: [string, string, number, number | undefined][] = [
    ["C:\\src\\a.c:12", "C:\\src\\a.c", 12, undefined],
    ["C:/src/a.c:12", "C:/src/a.c", 12, undefined],
    ["C:\\src\\a.c:12:5", "C:\\src\\a.c", 12, 5],
    ["\\\\server\\share\\src\\a.c:7", "\\\\server\\share\\src\\a.c", 7, undefined],
    ["C:\\src\\a.c:12:", "C:\\src\\a.c", 12, undefined],
    ["src\\a.c:3", "src\\a.c", 3, undefined],
  ];
  for (const [text, file, line, column] of cases) {
    test(text, () => {
      expect(parseLocation(text)).toEqual({ kind: "line", file, line, ...(column ? { column } : {}) });
    });
  }
  test("a Windows file with no line is refused as such, not taken for a function", () => {
    expect(() => parseLocation("C:\\src\\a.c")).toThrow(/a file needs a line number/);
  });
  test("relative files resolve against the caller's cwd by the platform's rules", () => {
    expect(resolveSourcePath("src\\a.c", "C:\\proj", "win32")).toBe("C:\\proj\\src\\a.c");
    expect(resolveSourcePath("src/a.c", "C:\\proj", "win32")).toBe("C:\\proj\\src\\a.c");
    expect(resolveSourcePath("C:/src/a.c", "D:\\proj", "win32")).toBe("C:/src/a.c");
    expect(resolveSourcePath("\\\\srv\\share\\a.c", "C:\\proj", "win32")).toBe("\\\\srv\\share\\a.c");
    expect(resolveSourcePath("src/a.c", "/proj", "linux")).toBe("/proj/src/a.c");
  });
});

describe("source mapping: a breakpoint's file against the file a stop names", () => {
  test("Windows: separators and case do not matter; drive-letter paths are absolute", () => {
    expect(sourceMatchScore("C:\\src\\a.c", "c:/SRC/a.c", undefined, "win32")).toBe(MATCH.same);
    expect(sourceMatchScore("C:\\src\\a.c", "C:\\src\\a.c", undefined, "win32")).toBe(MATCH.same);
    expect(sourceMatchScore("C:\\src\\a.c", "D:\\src\\a.c", undefined, "win32")).toBe(0);
    expect(sourceMatchScore("A.C", "C:\\src\\a.c", undefined, "win32")).toBe(MATCH.bareName);
    // The compiler's relative name against the absolute one.
    expect(sourceMatchScore("C:\\proj\\sub\\q.c", "sub\\Q.c", undefined, "win32")).toBe(MATCH.relative + 2);
  });
  test("POSIX keeps case", () => {
    expect(sourceMatchScore("/src/a.c", "/SRC/a.c", undefined, "linux")).toBe(0);
    expect(sourceMatchScore("/src/a.c", "/src/a.c", undefined, "linux")).toBe(MATCH.same);
  });
});

describe("where the daemon keeps things", () => {
  const win = {
    TEMP: "C:\\Users\\ann\\AppData\\Local\\Temp",
    APPDATA: "C:\\Users\\ann\\AppData\\Roaming",
    LOCALAPPDATA: "C:\\Users\\ann\\AppData\\Local",
    USERPROFILE: "C:\\Users\\ann",
  };
  test("Windows: the runtime directory under %TEMP%, config under %APPDATA%, cache under %LOCALAPPDATA%; a named pipe per runtime directory", () => {
    expect(runtimeDir(win, "win32")).toBe("C:\\Users\\ann\\AppData\\Local\\Temp\\debugger-cli");
    expect(stateFilePath(win, "win32")).toBe("C:\\Users\\ann\\AppData\\Local\\Temp\\debugger-cli\\daemon.json");
    expect(configPath(win, "win32")).toBe("C:\\Users\\ann\\AppData\\Roaming\\debugger-cli\\config.toml");
    expect(configPath({ USERPROFILE: "C:\\Users\\ann" }, "win32")).toBe("C:\\Users\\ann\\.config\\debugger-cli\\config.toml");
    expect(cacheDir(win, "win32")).toBe("C:\\Users\\ann\\AppData\\Local\\debugger-cli\\cache");
    expect(socketPath(win, "win32")).toMatch(/^\\\\\.\\pipe\\debugger-cli-[0-9a-z]+$/);
    expect(runtimeDir({ ...win, DEBUGGER_RUNTIME_DIR: "D:\\rt" }, "win32")).toBe("D:\\rt");
  });
  test("POSIX: unchanged", () => {
    expect(runtimeDir({ TMPDIR: "/tmp" }, "linux")).toMatch(/^\/tmp\/debugger-cli-\d+$/);
    expect(configPath({ HOME: "/home/ann" }, "linux")).toBe("/home/ann/.config/debugger-cli/config.toml");
    expect(configPath({ HOME: "/Users/ann" }, "darwin")).toBe("/Users/ann/Library/Application Support/debugger-cli/config.toml");
    expect(socketPath({ DEBUGGER_RUNTIME_DIR: "/r" }, "linux")).toBe("/r/daemon.sock");
  });
});

describe("joinPath: node:path's join without loading node:path on POSIX", () => {
  test("equal to posix.join, and win32.join on Windows, for parts of every awkward kind", () => {
    const parts = ["", "/", "//", ".", "..", "./", "../", "a", "a/", "/a", "a//b", "a/./b", "a/../b", "../..", "/..", "b.c", ".d", "e/", "..f", "a\\b"];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return parts[seed % parts.length]!;
    };
    const seen: [string[], string, string][] = [];
    for (const a of parts) for (const b of parts) seen.push([[a, b], joinPath("linux", a, b), posix.join(a, b)]);
    for (let i = 0; i < 3000; i++) {
      const args = Array.from({ length: 1 + (i % 4) }, pick);
      seen.push([args, joinPath("linux", ...args), posix.join(...args)]);
    }
    expect(seen.filter(([, ours, theirs]) => ours !== theirs)).toEqual([]);
    expect(joinPath("win32", "C:\\x", "..", "y")).toBe(win32.join("C:\\x", "..", "y"));
    expect(joinPath("linux")).toBe(posix.join());
  });
});
