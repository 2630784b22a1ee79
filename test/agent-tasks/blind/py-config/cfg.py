def parse_pair(text):
    key, value = text.split("=")[0], text.split("=")[1]
    return key.strip(), value.strip()

def parse_section(lines):
    out = {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        k, v = parse_pair(line)
        out[k] = v
    return out

def load(text):
    return parse_section(text.splitlines())
