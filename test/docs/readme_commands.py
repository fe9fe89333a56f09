#!/usr/bin/env python3
"""Runs the commands of a README and checks their output, so that the README
stays true.

    readme_commands.py --root SOURCE_ROOT README.md [runtime/README.md ...]

Every fenced block whose language is sh, bash or console, and every block
that shows a command's output, carries a marker, an HTML comment on the line
before it (invisible on GitHub):

  <!-- docs-test: run -->       each command of the block (a line; a line
                                ending in a backslash continues) must exit 0
  <!-- docs-test: session -->   `$ command` lines, each followed by what it
                                prints: every printed line must appear in the
                                command's output, in order (other output may
                                come between); a line starting with "..."
                                stands for lines left out; the command must
                                exit 0 unless an expected line says "error:"
  <!-- docs-test: output of CMD -->
                                the block is CMD's output, checked as a
                                session's
  <!-- docs-test: skip: REASON -->
                                not run (a GPU, minutes of work, or a path
                                outside the tree), REASON saying which

A command block without a marker is an error, and so is a command that
starts with a bare clang, clang++, opt, llc or FileCheck: on a fresh machine
that is whatever LLVM comes first on PATH, not LLVM 22. Commands run from
SOURCE_ROOT with PATH reduced to the system's directories, as a new user's
shell would have it. Lines are compared with runs of white space made one
space and PTX register and label numbers left out (%rd14 is %rd, $L__BB2_3
is $L__BB), which change whenever the code around them does."""

import argparse
import os
import re
import subprocess
import sys

MARKER = re.compile(r"^<!--\s*docs-test:\s*(run|session|skip:\s*.+?|output of\s+.+?)\s*-->\s*$")
FENCE = re.compile(r"^```(\S*)\s*$")
COMMAND_LANGUAGES = {"sh", "bash", "console", "shell"}
BARE_TOOLS = {"clang", "clang++", "opt", "llc", "FileCheck", "llvm-link", "llvm-as"}
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def blocks(path):
    """Yields (line number, language, marker or None, lines) per fenced block."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        start = index
        marker = None
        if start > 0:
            found = MARKER.match(lines[start - 1])
            if found:
                marker = found.group(1)
        index += 1
        body = []
        while index < len(lines) and not lines[index].startswith("```"):
            body.append(lines[index])
            index += 1
        index += 1
        yield start + 1, fence.group(1), marker, body


def joined_commands(lines):
    """Commands of a shell block: continuation lines joined, blank lines and
    whole-line comments dropped."""
    commands, current = [], ""
    for line in lines:
        current += line
        if current.endswith("\\"):
            current = current[:-1] + " "
            continue
        if current.strip() and not current.strip().startswith("#"):
            commands.append(current.strip())
        current = ""
    return commands


def bare_tool(command):
    """The first bare LLVM tool a command would take from PATH, or None."""
    for segment in re.split(r"\||&&|;|\$\(", command):
        words = segment.split()
        while words and "=" in words[0] and not words[0].startswith("-"):
            words = words[1:]  # VAR=value prefixes
        if words and words[0] in BARE_TOOLS:
            return words[0]
    return None


REGISTER = re.compile(r"(%(?:rd|rs|r|p|fd|f))\d+\b")
LABEL = re.compile(r"(\$L__BB)\d+_\d+")


def normalized(line):
    line = REGISTER.sub(r"\1", line)
    line = LABEL.sub(r"\1", line)
    return " ".join(line.split())


def run(command, root):
    environment = dict(os.environ, PATH=SYSTEM_PATH)
    result = subprocess.run(["bash", "-c", command], cwd=root, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def check_output(expected, output):
    """None if the expected lines appear in order; else the first missing."""
    actual = [normalized(line) for line in output.split("\n")]
    position = 0
    for line in expected:
        if line.lstrip().startswith("...") or not line.strip():
            continue
        want = normalized(line)
        while position < len(actual) and actual[position] != want:
            position += 1
        if position == len(actual):
            return line
        position += 1
    return None


def sessions(lines):
    """(command, expected lines) pairs of a session block."""
    pairs = []
    for line in lines:
        if line.startswith("$ "):
            pairs.append((line[2:].strip(), []))
        elif pairs:
            pairs[-1][1].append(line)
    return pairs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("readmes", nargs="+")
    arguments = parser.parse_args()
    failures, ran, skipped = [], 0, 0

    def fail(where, message, output=None):
        failures.append("%s: %s" % (where, message) + ("\n--- output:\n" + output if output else ""))

    for readme in arguments.readmes:
        path = os.path.join(arguments.root, readme)
        for line_number, language, marker, body in blocks(path):
            where = "%s:%d" % (readme, line_number)
            is_commands = language in COMMAND_LANGUAGES or any(line.startswith("$ ") for line in body)
            if marker is None:
                if is_commands:
                    fail(where, "a %s block with no docs-test marker" % language)
                continue
            if marker == "session" or (marker.startswith("skip:") and any(line.startswith("$ ") for line in body)):
                commands = [command for command, _ in sessions(body)]
            elif marker.startswith("output of"):
                commands = [marker[len("output of"):].strip()]
            else:
                commands = joined_commands(body)
            for command in commands:
                tool = bare_tool(command)
                if tool:
                    fail(where, "`%s` runs a bare %s: spell it /usr/lib/llvm-22/bin/%s or use ferry-cc"
                         % (command, tool, tool))
            if marker.startswith("skip:"):
                skipped += 1
                continue
            if marker == "run":
                for command in commands:
                    status, output = run(command, arguments.root)
                    ran += 1
                    if status != 0:
                        fail(where, "`%s` exited with %d" % (command, status), output)
            elif marker == "session":
                for command, expected in sessions(body):
                    status, output = run(command, arguments.root)
                    ran += 1
                    expects_error = any("error:" in line for line in expected)
                    if status != 0 and not expects_error:
                        fail(where, "`%s` exited with %d" % (command, status), output)
                    missing = check_output(expected, output)
                    if missing is not None:
                        fail(where, "`%s` did not print: %s" % (command, missing.strip()), output)
            else:
                command = commands[0]
                status, output = run(command, arguments.root)
                ran += 1
                if status != 0:
                    fail(where, "`%s` exited with %d" % (command, status), output)
                missing = check_output(body, output)
                if missing is not None:
                    fail(where, "`%s` did not print: %s" % (command, missing.strip()), output)

    for failure in failures:
        print("FAILED " + failure)
    print("%d commands run, %d blocks skipped, %d failures" % (ran, skipped, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
