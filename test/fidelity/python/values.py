# Values Python programs hold every day, each printed with repr() on one line as `name<TAB>text`,
# then a stop (the marked line) where all of them are live. The fidelity test reads each through the
# debugger and compares it with this text.
import collections
import dataclasses
import enum
from decimal import Decimal
from fractions import Fraction


@dataclasses.dataclass
class Point:
    x: int
    y: int


Pair = collections.namedtuple("Pair", ["left", "right"])


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __repr__(self):
        return f"Slotted(a={self.a!r}, b={self.b!r})"


def main():
    mapping = {"one": 1, "two": [2, 2]}
    items = [1, "two", 3.5, None, True]
    row = (1, "a", b"z")
    tags = {"red", "blue"}
    frozen = frozenset({3, 4})
    raw = b"\x00bin\xff"
    buffer = bytearray(b"buf")
    huge = 2**100 + 7
    price = Decimal("19.99")
    ratio = Fraction(3, 8)
    point = Point(3, -4)
    pair = Pair(left="l", right=2)
    color = Color.GREEN
    window = collections.deque([1, 2, 3], maxlen=5)
    counts = collections.defaultdict(int, {"a": 2})
    slotted = Slotted(1, "b")
    nested = {"list": [{"deep": (1, 2)}], "set": {5}}
    text = "héllo\n"
    for name in ["mapping", "items", "row", "tags", "frozen", "raw", "buffer", "huge", "price", "ratio", "point", "pair", "color", "window", "counts", "slotted", "nested", "text"]:
        print(f"{name}\t{locals()[name]!r}")
    print("ready")  # @mark stop


main()
