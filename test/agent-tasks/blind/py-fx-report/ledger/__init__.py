"""ledger - small multi-currency invoice reporting package."""

__version__ = "1.3.0"
