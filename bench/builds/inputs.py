"""Inputs that bench/builds/measure.py generates for programs whose own
input the repository does not hold, or runs longer than a call on the GPU
allows (programs.txt: inputs:NAME). Each generator writes its files into
a program's packed directory, the same bytes every time (no clock, no
system random source), so that nvcc's build and ferry-cc's read the same
input and their outputs can be compared."""
import hashlib
import os
import sys


def _lcg(seed):
    """A 32-bit linear congruential sequence in [0, 1): deterministic on
    every machine, unlike the random module's seeding across versions."""
    state = seed & 0xFFFFFFFF
    while True:
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        yield state / 2**32


def hotspot(directory, size=512):
    """Rodinia hotspot's two inputs for a size x size grid, one value a
    line as its readinput() reads them: temperatures (kelvin, 323-343, as
    the suite's temp_512 spans) and power densities (0 to 2e-5)."""
    values = _lcg(512)
    with open(os.path.join(directory, f"temp_{size}"), "w") as out:
        out.writelines(f"{323 + 20 * next(values):.6f}\n" for _ in range(size * size))
    with open(os.path.join(directory, f"power_{size}"), "w") as out:
        out.writelines(f"{2e-5 * next(values):.8e}\n" for _ in range(size * size))


def _varint(value):
    """AIGER's binary encoding of an unsigned delta: 7 bits a byte, low
    first, the high bit set on all but the last."""
    encoded = bytearray()
    while value >= 0x80:
        encoded.append((value & 0x7F) | 0x80)
        value >>= 7
    encoded.append(value)
    return bytes(encoded)


def aig_multiplier(directory, bits=16):
    """An unsigned bits x bits array multiplier as a combinational AIG in
    AIGER's binary format (mult16.aig): 2*bits inputs, 2*bits outputs,
    each partial product an AND, rows summed by ripple-carry adders whose
    XORs and carries are ANDs of inverted literals. HeCBench's
    logic-rewrite reads it (`read mult16.aig`)."""
    inputs = 2 * bits
    ands = []  # (lhs, rhs0, rhs1), lhs the next variable's positive literal

    def gate(a, b):
        if a == 0 or b == 0:
            return 0
        if a == 1:
            return b
        if b == 1:
            return a
        lhs = 2 * (inputs + len(ands) + 1)
        ands.append((lhs, max(a, b), min(a, b)))
        return lhs

    def inv(a):
        return a ^ 1

    def xor(a, b):  # !(!(a & !b) & !(!a & b))
        return inv(gate(inv(gate(a, inv(b))), inv(gate(inv(a), b))))

    def either(a, b):
        return inv(gate(inv(a), inv(b)))

    def full_add(a, b, c):
        half = xor(a, b)
        return xor(half, c), either(gate(a, b), gate(c, half))

    x = [2 * (i + 1) for i in range(bits)]
    y = [2 * (bits + i + 1) for i in range(bits)]
    total = [0] * (2 * bits)  # literal 0: constant false
    for j in range(bits):
        carry = 0
        for i in range(bits):
            total[i + j], carry = full_add(total[i + j], gate(x[i], y[j]), carry)
        total[j + bits] = carry
    variables = inputs + len(ands)
    with open(os.path.join(directory, f"mult{bits}.aig"), "wb") as out:
        out.write(f"aig {variables} {inputs} 0 {2 * bits} {len(ands)}\n".encode())
        out.writelines(f"{literal}\n".encode() for literal in total)
        for lhs, rhs0, rhs1 in ands:
            out.write(_varint(lhs - rhs0) + _varint(rhs0 - rhs1))


GENERATORS = {"hotspot": hotspot, "aig-multiplier": aig_multiplier}


def _check_multiplier(path, bits=16, products=200):
    """Reads the AIG back as AIGER says and simulates it on products pairs
    of operands; returns its AND count."""
    data = open(path, "rb").read()
    end = data.index(b"\n")
    _, variables, count_in, latches, count_out, count_and = data[:end].split()
    count_in, count_out, count_and = int(count_in), int(count_out), int(count_and)
    assert int(latches) == 0 and int(variables) == count_in + count_and
    position = end + 1
    outputs = []
    for _ in range(count_out):
        end = data.index(b"\n", position)
        outputs.append(int(data[position:end]))
        position = end + 1

    def decode():
        nonlocal position
        value = shift = 0
        while True:
            byte = data[position]
            position += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    gates = []
    for k in range(count_and):
        lhs = 2 * (count_in + k + 1)
        rhs0 = lhs - decode()
        gates.append((lhs, rhs0, rhs0 - decode()))
    assert position == len(data), "trailing bytes"
    operands = _lcg(7)
    for _ in range(products):
        x, y = (int(next(operands) * 2**bits) for _ in range(2))
        value = [0] * (count_in + count_and + 1)
        literal = lambda l: value[l >> 1] ^ (l & 1)
        for i in range(bits):
            value[1 + i], value[1 + bits + i] = (x >> i) & 1, (y >> i) & 1
        for lhs, rhs0, rhs1 in gates:
            value[lhs >> 1] = literal(rhs0) & literal(rhs1)
        got = sum(literal(o) << i for i, o in enumerate(outputs))
        assert got == x * y, f"{x} * {y}: {got}"
    return count_and


if __name__ == "__main__":
    # inputs.py DIRECTORY: writes every generator's files there, checks the
    # multiplier by simulation, and prints each file's size and md5.
    directory = sys.argv[1]
    for generate in GENERATORS.values():
        generate(directory)
    print(f"mult16.aig: {_check_multiplier(os.path.join(directory, 'mult16.aig'))} ANDs, "
          "200 products right")
    for name in sorted(os.listdir(directory)):
        data = open(os.path.join(directory, name), "rb").read()
        print(f"{name} {len(data)} {hashlib.md5(data).hexdigest()}")
