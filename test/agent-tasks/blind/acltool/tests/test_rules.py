import pytest

from acltool import Allowlist, ParseError, parse_line

OPS = """
# ops team
10.20.0.0/16            office VPN
192.0.2.10              build server
"""

DATA = """
# data team
10.20.0.0/17            analytics (inside office VPN)
203.0.113.0/25          warehouse loader
203.0.113.128/25        warehouse loader, second half
"""

PARTNERS = """
# partner ranges, from the contract annex
198.51.100.0 - 198.51.100.63     partner A
198.51.100.64 - 198.51.100.95    partner A (expansion)
2001:db8:1::/48                  partner B v6
"""

SECURITY = """
# security scanners
172.16.8.0/22           scanner fleet
172.16.11.0/24          scanner fleet, new rack
"""


def build(*texts):
    al = Allowlist()
    for i, t in enumerate(texts):
        al.add_text(t, source=f"team{i}.txt")
    return al


def test_parse_single_address():
    e = parse_line("192.0.2.10   build server")
    assert [str(n) for n in e.networks] == ["192.0.2.10/32"]
    assert e.comment == "build server"


def test_parse_host_bits_tolerated():
    e = parse_line("192.0.2.77/24")
    assert [str(n) for n in e.networks] == ["192.0.2.0/24"]


def test_parse_range_is_summarised():
    e = parse_line("198.51.100.0 - 198.51.100.95  partner A")
    assert [str(n) for n in e.networks] == ["198.51.100.0/26", "198.51.100.64/27"]
    assert e.comment == "partner A"


def test_parse_error_reports_location():
    with pytest.raises(ParseError) as ei:
        Allowlist().add_text("10.0.0.0/8\n\n10.1.2.300\n", source="bad.txt")
    assert "bad.txt:3" in str(ei.value)


def test_comments_and_blank_lines_ignored():
    assert parse_line("   # nothing here") is None
    assert parse_line("") is None


def test_allows():
    al = build(OPS, DATA, PARTNERS)
    assert al.allows("10.20.200.1")
    assert al.allows("198.51.100.90")
    assert not al.allows("198.51.100.96")
    assert al.allows("2001:db8:1:ffff::1")
    assert not al.allows("2001:db8:2::1")


def test_collapse_merges_adjacent_halves():
    al = build(DATA)
    assert [str(n) for n in al.collapsed()] == ["10.20.0.0/17", "203.0.113.0/24"]


def test_collapse_merges_partner_ranges():
    al = build(PARTNERS)
    assert [str(n) for n in al.collapsed()] == [
        "198.51.100.0/26", "198.51.100.64/27", "2001:db8:1::/48"]


def test_collapse_whole_company():
    al = build(OPS, DATA, PARTNERS, SECURITY)
    assert [str(n) for n in al.collapsed()] == [
        "10.20.0.0/16",
        "172.16.8.0/22",
        "192.0.2.10/32",
        "198.51.100.0/26",
        "198.51.100.64/27",
        "203.0.113.0/24",
        "2001:db8:1::/48",
    ]


def test_iptables_rendering():
    al = build(OPS)
    assert al.render_iptables().splitlines() == [
        "-N ALLOWLIST",
        "-A ALLOWLIST -s 10.20.0.0/16 -j ACCEPT",
        "-A ALLOWLIST -s 192.0.2.10/32 -j ACCEPT",
        "-A ALLOWLIST -j DROP",
    ]


def test_address_count():
    al = build(DATA, PARTNERS)
    assert al.address_count() == 32768 + 256 + 96 + 2 ** 80
