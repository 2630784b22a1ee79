"""acltool: build firewall allowlists from the per-team CIDR files."""

from .rules import Allowlist, Entry, ParseError, load_allowlist, parse_line

__all__ = ["Allowlist", "Entry", "ParseError", "load_allowlist", "parse_line"]
