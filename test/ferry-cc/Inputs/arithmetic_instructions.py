#!/usr/bin/env python3
"""arithmetic_instructions.py PTX: one line a kernel, its floating-point
fma, mul, add, sub and neg instructions in order, each with its operands
(registers named R, constants kept), so that two compilers' PTX compare by
their arithmetic alone (nvcc-contraction-as-nvcc.test). ferry's variants
of a kernel (K__ferry, K__ferry_trial, ...) are left out: nvcc has none."""
import re
import sys

ENTRY = re.compile(r"^\s*(?:\.visible\s+)?\.entry\s+(\w+)")
ARITHMETIC = re.compile(r"^\s*((?:fma|mul|add|sub|neg)(?:\.\w+)*\.f(?:16|32|64))\s+([^;]*);")

kernel, kernels = None, {}
for line in open(sys.argv[1]):
    entry = ENTRY.match(line)
    if entry:
        kernel = entry.group(1)
        kernels[kernel] = []
        continue
    instruction = ARITHMETIC.match(line)
    if instruction and kernel:
        operands = re.sub(r"%\w+", "R", instruction.group(2))
        kernels[kernel].append(f"{instruction.group(1)} {operands}")
for kernel in sorted(kernels):
    if "__ferry" not in kernel:
        print(f"{kernel}: {'; '.join(kernels[kernel])}")
