#!/usr/bin/env python3
"""The atomic instructions and fences of a PTX file, one a line, with
registers and spacing left out, "next" where the source's `// next`
separates two calls, and each kernel's name: what nvcc-atomics.test compares
between nvcc's PTX and ferry-cc's."""
import re
import sys

PATTERN = re.compile(r"^\s*((atom|red)\.|ld\.(relaxed|acquire)\.|st\.(relaxed|release)\.|fence\.)")
for line in open(sys.argv[1]):
    entry = re.match(r"\.visible \.entry (\w+)", line)
    if entry:
        print("entry", entry.group(1))
    elif line.strip() == "// next":
        print("next")
    elif PATTERN.match(line):
        words = re.sub(r"%\w+", "R", line.strip().rstrip(";"))
        print(re.sub(r"\s+", " ", words.split()[0]))
