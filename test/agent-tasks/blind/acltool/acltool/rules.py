"""Parsing, normalising and rendering of team allowlists.

Each team keeps a small text file with one entry per line:

    # comment
    10.20.0.0/16        office VPN
    192.0.2.10          build server
    198.51.100.0 - 198.51.100.63   partner range

Single addresses, CIDR networks and inclusive "first - last" ranges are
accepted.  Host bits in a CIDR are tolerated (192.0.2.10/24 means the /24).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterable, Iterator, List

from ._vendor import ipaddress


class ParseError(ValueError):
    def __init__(self, source: str, lineno: int, msg: str):
        super().__init__(f"{source}:{lineno}: {msg}")
        self.source = source
        self.lineno = lineno


@dataclass(frozen=True)
class Entry:
    networks: tuple          # tuple of ipaddress.IPv4Network / IPv6Network
    comment: str
    source: str
    lineno: int


def _networks_for(token: str) -> List:
    if "-" in token:
        first_s, last_s = (p.strip() for p in token.split("-", 1))
        first = ipaddress.ip_address(first_s)
        last = ipaddress.ip_address(last_s)
        if last < first:
            raise ValueError(f"range {token!r} ends before it starts")
        return list(ipaddress.summarize_address_range(first, last))
    return [ipaddress.ip_network(token, strict=False)]


def parse_line(line: str, source: str = "<string>", lineno: int = 1) -> Entry | None:
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    # a range may contain spaces around the dash; the comment is whatever
    # follows the address part
    if " - " in text or "-" in text.split()[0]:
        parts = text.split()
        if len(parts) >= 3 and parts[1] == "-":
            token, comment = f"{parts[0]}-{parts[2]}", " ".join(parts[3:])
        else:
            token, comment = parts[0], " ".join(parts[1:])
    else:
        token, _, comment = text.partition(" ")
    try:
        nets = _networks_for(token)
    except ValueError as e:
        raise ParseError(source, lineno, str(e)) from None
    return Entry(tuple(nets), comment.strip(), source, lineno)


@dataclass
class Allowlist:
    entries: List[Entry] = field(default_factory=list)

    def add_text(self, text: str, source: str = "<string>") -> None:
        for lineno, line in enumerate(text.splitlines(), 1):
            entry = parse_line(line, source, lineno)
            if entry is not None:
                self.entries.append(entry)

    def networks(self) -> Iterator:
        for e in self.entries:
            yield from e.networks

    def allows(self, addr: str) -> bool:
        ip = ipaddress.ip_address(addr)
        return any(ip.version == n.version and ip in n for n in self.networks())

    def collapsed(self) -> list:
        """Minimal list of networks covering exactly the allowed space,
        IPv4 first, each family in address order."""
        out = []
        by_version = lambda n: n.version
        nets = sorted(self.networks(), key=by_version)
        for _, group in itertools.groupby(nets, key=by_version):
            out.extend(ipaddress.collapse_addresses(group))
        return out

    def render_iptables(self, chain: str = "ALLOWLIST") -> str:
        lines = [f"-N {chain}"]
        for net in self.collapsed():
            cmd = "-A" if net.version == 4 else "-A6"
            lines.append(f"{cmd} {chain} -s {net} -j ACCEPT")
        lines.append(f"-A {chain} -j DROP")
        return "\n".join(lines)

    def address_count(self) -> int:
        return sum(n.num_addresses for n in self.collapsed())


def load_allowlist(paths: Iterable[str]) -> Allowlist:
    al = Allowlist()
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            al.add_text(fh.read(), source=p)
    return al
