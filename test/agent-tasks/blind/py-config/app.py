from cfg import load

CONFIG = """
# service settings
name = billing
url = https://example.test/api?key=abc123&region=eu
retries = 3
"""

def connect(settings):
    url = settings["url"]
    if "region=" not in url:
        raise ValueError(f"url has no region: {url!r}")
    return url

if __name__ == "__main__":
    s = load(CONFIG)
    print("connecting to", connect(s))
