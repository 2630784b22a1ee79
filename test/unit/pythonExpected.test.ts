// Which `with` (or callable form) around a Python frame's line swallows an exception, read from the
// source; and the judgement over a stop's frames (evaluation faked: the real one is
// test/e2e/testCommand.test.ts against debugpy).
import { describe, expect, test } from "bun:test";
import {
  callsAt,
  expectedPythonException,
  logicalLines,
  swallowersAt,
  XFAIL_EXPRESSION,
  type Swallower,
} from "../../src/adapters/testRunners/pythonExpected.ts";
import type { StopLook } from "../../src/adapters/types.ts";

const src = (text: string) => text.replace(/^\n/, "").split("\n");

describe("swallowersAt: the swallowing `with` items whose body holds the line, innermost first", () => {
  const file = src(`
import pytest
from contextlib import suppress

def test_a():
    with pytest.raises(ValueError):
        f(-1)
    g()  # after the with

def test_b(self):
    with self.assertRaisesRegex(KeyError, "k.y") as cm, open(p) as fh:
        if x:
            h()
        else:
            for i in y:
                h(
                    i,
                )

def test_c():
    with (
        suppress(KeyError, IndexError),
        pytest.raises(
            (TypeError, ValueError),
            match=r"bad: \\d+",  # a comment: )
        ) as info,
    ):
        f("#", ")")
    with suppress(OSError): f()
    with pytest.raises(ValueError, match=None):
        def inner():
            f()

def test_d():
    with open(p):
        with pytest.raises(ValueError, f, 1):
            g()
    with raises(E), self.assertRaises(expected_exception=OSError):
        """a docstring
        with pytest.raises(X):
        """
        g()
`);
  const at = (line: number) => swallowersAt(file, line).map(({ types, match, line }) => ({ types, match, line }));
  const line = (text: string) => file.findIndex((l) => l.includes(text)) + 1;

  test("the body of a with", () => expect(at(6)).toEqual([{ types: "ValueError", match: undefined, line: 5 }]));
  test("after the with, its header: none", () => {
    expect(at(line("after the with"))).toEqual([]);
    expect(at(5)).toEqual([]);
  });
  test("deep in a body (if/else/for, a call over lines); an `as` target and another item", () => {
    const want = [{ types: "KeyError", match: '"k.y"', line: 10 }];
    expect(at(line("            h()"))).toEqual(want);
    expect(at(line("                    i,"))).toEqual(want);
  });
  test("Python 3.10's parenthesised items over lines, a tuple of types, match=, a comment with a bracket", () => {
    expect(at(line(`f("#", ")")`))).toEqual([
      { types: "(TypeError, ValueError)", match: 'r"bad: \\d+"', line: 20 },
      { types: "(KeyError, IndexError,)", match: undefined, line: 20 },
    ]);
  });
  test("a one-line with holds its own line", () =>
    expect(at(line("with suppress(OSError): f()"))).toEqual([{ types: "(OSError,)", match: undefined, line: line("with suppress(OSError)") }]));
  test("a def inside a with runs elsewhere: none", () => expect(at(line("            f()"))).toEqual([]));
  test("the callable form in a with is no context manager; with raises(E), expected_exception=; a docstring", () => {
    expect(at(line("            g()"))).toEqual([]);
    expect(at(file.length - 1)).toEqual([
      { types: "OSError", match: undefined, line: line("with raises(E)") },
      { types: "E", match: undefined, line: line("with raises(E)") },
    ]);
  });
  test("logical lines: brackets, strings and continuations join", () => {
    const l = logicalLines(src('x = (1,\n  2)\ny = """a\nb"""\nz = 1 + \\\n  2\n# c\n'));
    expect(l.map((x) => [x.start, x.end])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
});

describe("swallowersAt: a try body's handlers (pydevd passes them after a continue, not when a step reaches the return)", () => {
  const file = src(`
def test_t():
    try:
        with pytest.raises(KeyError):
            f(-1)  # in both
        g()  # in the try
    except (ValueError, TypeError) as e:
        h()  # in a handler
    except OSError:
        raise RuntimeError("x")
    except:
        pass
    else:
        k()  # in the else
    finally:
        m()
    try: n()  # a one-line try
    except ValueError: pass
`);
  const at = (text: string) => swallowersAt(file, file.findIndex((l) => l.includes(text)) + 1).map(({ types, line }) => ({ types, line }));
  const handlers = [
    { types: "(ValueError, TypeError)", line: 6 },
    { types: "BaseException", line: 10 },
  ];
  test("the with inside the try first, then the handlers that do not raise", () => {
    expect(at("# in both")).toEqual([{ types: "KeyError", line: 3 }, ...handlers]);
    expect(at("# in the try")).toEqual(handlers);
  });
  test("a handler's, an else's or a finally's line: not caught by that try", () => {
    expect(at("# in a handler")).toEqual([]);
    expect(at("# in the else")).toEqual([]);
    expect(at("        m()")).toEqual([]);
  });
  test("a one-line try's body is not read (its handlers are not found): none", () => expect(at("# a one-line try")).toEqual([]));
});

describe("callsAt: the callable forms in the statement", () => {
  test("assertRaises(E, f, x), pytest.raises(E, f), assertRaisesRegex(E, r, f); not the context forms", () => {
    const lines = src(`
self.assertRaises(ValueError, bucket_for, -1)
pytest.raises(KeyError, lambda: d["x"])
self.assertRaisesRegex(ValueError, "neg", f,
                       1)
with pytest.raises(ValueError): f()
suppress(KeyError, f)
`);
    const got = (n: number): Omit<Swallower, "line">[] => callsAt(lines, n).map(({ types, match }) => ({ types, ...(match ? { match } : {}) }));
    expect(got(1)).toEqual([{ types: "ValueError" }]);
    expect(got(2)).toEqual([{ types: "KeyError" }]);
    expect(got(4)).toEqual([{ types: "ValueError", match: '"neg"' }]);
    expect(got(5)).toEqual([]);
    expect(got(6)).toEqual([]);
  });
});

describe("expectedPythonException: a user frame's with swallows the exception; in doubt the stop stands", () => {
  const files: Record<string, string[]> = {
    "/p/test_x.py": src(`
def test_x():
    with pytest.raises(ValueError):
        f()
def test_y(self):
    self.assertRaises(KeyError, f)
`),
    "/p/x.py": src(`
def f():
    raise ValueError("no")
`),
  };
  function look(frames: StopLook["frames"], answer: (expression: string, frameId: number) => string | Error): { look: StopLook; asked: number[] } {
    const asked: number[] = [];
    return {
      asked,
      look: {
        frames,
        source: async (p) => files[p],
        evaluate: async (e, id) => {
          // pytest.xfail()'s XFailed is asked of the top user frame first (its own test below).
          if (e === XFAIL_EXPRESSION) return "False";
          asked.push(id);
          const a = answer(e, id);
          if (a instanceof Error) throw a;
          return a;
        },
        log: () => {},
      },
    };
  }
  const raise = { id: 1, name: "f", function: "f", file: "/p/x.py", line: 2, user: true };
  const inWith = { id: 2, name: "test_x (Current frame)", function: "test_x", file: "/p/test_x.py", line: 3, user: true };
  const lib = { id: 3, name: "runtest", function: "runtest", file: "/usr/lib/python3/dist-packages/_pytest/python.py", line: 3, user: false };

  test("True in the with's frame: swallowed, asked in that frame only", async () => {
    const l = look([raise, inWith, lib], () => "True");
    expect(await expectedPythonException(l.look)).toBe(true);
    expect(l.asked).toEqual([2]);
  });
  test("pytest.xfail()'s XFailed, asked of the first user frame: the test's verdict, passed before any with is read", async () => {
    const asked: [string, number][] = [];
    const l: StopLook = {
      frames: [raise, inWith, lib],
      source: async (p) => files[p],
      evaluate: async (e, id) => {
        asked.push([e, id]);
        return e === XFAIL_EXPRESSION ? "True" : "False";
      },
      log: () => {},
    };
    expect(await expectedPythonException(l)).toBe(true);
    expect(asked).toEqual([[XFAIL_EXPRESSION, raise.id]]);
  });
  test("False (another type): stands", async () => expect(await expectedPythonException(look([raise, inWith], () => "False").look)).toBe(false));
  test("an evaluation that fails, or an odd answer: stands", async () => {
    expect(await expectedPythonException(look([raise, inWith], () => new Error("NameError")).look)).toBe(false);
    expect(await expectedPythonException(look([raise, inWith], () => "'True'").look)).toBe(false);
  });
  test("a library's frame or a chained exception's frame is not read", async () => {
    expect(await expectedPythonException(look([raise, { ...inWith, user: false }], () => "True").look)).toBe(false);
    expect(await expectedPythonException(look([raise, { ...inWith, function: "[Chained Exc: no] test_x" }], () => "True").look)).toBe(false);
  });
  test("no source: stands", async () => expect(await expectedPythonException(look([raise, { ...inWith, file: "/p/gone.py" }], () => "True").look)).toBe(false));
  test("the callable form: only outward of the frame the exception left for a library's (debugpy's current frame)", async () => {
    const caller = { id: 4, name: "test_y", function: "test_y", file: "/p/test_x.py", line: 5, user: true };
    const called = { ...raise, name: "f (Current frame)" };
    expect(await expectedPythonException(look([called, caller], (e) => (e.includes("(KeyError)") ? "True" : "False")).look)).toBe(true);
    // No mark: outward of where it was raised.
    expect(await expectedPythonException(look([raise, caller], () => "True").look)).toBe(true);
    expect(await expectedPythonException(look([caller], () => "True").look)).toBe(false);
    // The exception left the test's own frame: it came from the call's arguments (`assertRaises(E, make_f(), 1)`).
    expect(await expectedPythonException(look([raise, { ...caller, name: "test_y (Current frame)" }], () => "True").look)).toBe(false);
  });
});
