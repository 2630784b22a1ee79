"""Third-party code bundled with acltool. Do not edit in place; update from upstream."""
