#!/usr/bin/env python3
"""A bar chart of the benchmark suite's speedups over legacy, as a PNG,
in pure python (zlib + struct; no matplotlib on the GPU machine).

    python3 chart.py RESULTS.csv OUT.png      (a CSV from ferry-bench run)

suite.py calls write_speedup_chart() directly. One panel per GPU target;
in each, a group of bars per benchmark case, one bar per variant (legacy,
ferry, the hand-written references), its height the speedup over legacy,
its value written above it; a line marks 1x. Text is drawn with a built-in
5x7 pixel font (capitals, digits, a little punctuation).
"""
import csv
import struct
import sys
import zlib

# 5x7 glyphs, one string of 5 columns a row, top row first. Lower case is
# drawn as upper case; a character without a glyph is drawn as a blank.
FONT = {
    "A": [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "B": ["#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "],
    "C": [" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "],
    "D": ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
    "E": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"],
    "F": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "],
    "G": [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"],
    "H": ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "I": [" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    "J": ["  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  "],
    "K": ["#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"],
    "L": ["#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"],
    "M": ["#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"],
    "N": ["#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #"],
    "O": [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    "P": ["#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "],
    "Q": [" ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #"],
    "R": ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
    "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
    "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
    "U": ["#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    "V": ["#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  "],
    "W": ["#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # "],
    "X": ["#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #"],
    "Y": ["#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "],
    "Z": ["#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####"],
    "0": [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
    "1": ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
    "2": [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
    "3": ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
    "4": ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
    "5": ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
    "6": ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
    "7": ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
    "8": [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
    "9": [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
    ".": ["     ", "     ", "     ", "     ", "     ", " ##  ", " ##  "],
    ",": ["     ", "     ", "     ", "     ", " ##  ", "  #  ", " #   "],
    ":": ["     ", " ##  ", " ##  ", "     ", " ##  ", " ##  ", "     "],
    "+": ["     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "],
    "-": ["     ", "     ", "     ", "#####", "     ", "     ", "     "],
    "=": ["     ", "     ", "#####", "     ", "#####", "     ", "     "],
    "_": ["     ", "     ", "     ", "     ", "     ", "     ", "#####"],
    "%": ["##   ", "##  #", "   # ", "  #  ", " #   ", "#  ##", "   ##"],
    "/": ["     ", "    #", "   # ", "  #  ", " #   ", "#    ", "     "],
    "(": ["   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # "],
    ")": [" #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   "],
    "<": ["   # ", "  #  ", " #   ", "#    ", " #   ", "  #  ", "   # "],
    ">": [" #   ", "  #  ", "   # ", "    #", "   # ", "  #  ", " #   "],
    "*": ["     ", "  #  ", "# # #", " ### ", "# # #", "  #  ", "     "],
    "'": ["  #  ", "  #  ", " #   ", "     ", "     ", "     ", "     "],
    "#": [" # # ", " # # ", "#####", " # # ", "#####", " # # ", " # # "],
}
GLYPH_W, GLYPH_H, ADVANCE = 5, 7, 6

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GRID = (220, 220, 220)
# legacy grey, ferry red, then the other variants in turn.
FIXED_COLOURS = {"legacy": (150, 150, 150), "ferry": (214, 39, 40)}
PALETTE = [(31, 119, 180), (44, 160, 44), (255, 127, 14), (148, 103, 189), (140, 86, 75),
           (227, 119, 194), (23, 190, 207), (188, 189, 34), (57, 59, 121), (99, 121, 57),
           (140, 109, 49), (132, 60, 57)]


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(WHITE * (width * height))

    def fill_rect(self, x0, y0, x1, y1, colour):
        """Fills [x0, x1) x [y0, y1), clipped to the canvas."""
        x0, x1 = max(0, int(x0)), min(self.width, int(x1))
        y0, y1 = max(0, int(y0)), min(self.height, int(y1))
        if x0 >= x1:
            return
        row = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            start = (y * self.width + x0) * 3
            self.pixels[start:start + len(row)] = row

    def text(self, x, y, string, colour=BLACK, scale=1, vertical=False):
        """Draws `string` with its top-left corner at (x, y); vertical text
        reads bottom to top, its bottom-left corner at (x, y)."""
        for i, char in enumerate(string.upper()):
            glyph = FONT.get(char)
            if glyph is None:
                continue
            for gy, line in enumerate(glyph):
                for gx, cell in enumerate(line):
                    if cell != "#":
                        continue
                    if vertical:
                        px, py = x + gy * scale, y - (i * ADVANCE + gx + 1) * scale
                    else:
                        px, py = x + (i * ADVANCE + gx) * scale, y + gy * scale
                    self.fill_rect(px, py, px + scale, py + scale, colour)

    def png(self):
        raw = bytearray()
        stride = self.width * 3
        for y in range(self.height):
            raw.append(0)  # filter: none
            raw.extend(self.pixels[y * stride:(y + 1) * stride])

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def text_width(string, scale=1):
    return len(string) * ADVANCE * scale


def case_lines(problem, config):
    """A group's label, in two short lines."""
    if problem == "copy_compute":
        return ["COPY LOOP", config.split("_")[0] + " BLK/SM"]
    return [problem.upper(), config.replace("_", " ")]


def write_speedup_chart(rows, path, title):
    """rows: dicts with arch, problem, config, variant, speedup (None or a
    number); the table suite.py builds, or the CSV read back."""
    rows = [r for r in rows if r.get("speedup") not in (None, "")]
    archs = sorted({r["arch"] for r in rows})
    variants = []
    for r in rows:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    colours, spare = {}, iter(PALETTE * 4)
    for v in variants:
        colours[v] = FIXED_COLOURS.get(v) or next(spare)

    bar_w, bar_gap, group_gap, min_group_w = 12, 2, 22, 64
    margin_left, margin_right, panel_h, plot_h = 56, 20, 280, 220
    # The groups of a panel, in row order: (case key, [rows]).
    panels = []
    for arch in archs:
        groups = []
        for r in rows:
            if r["arch"] != arch:
                continue
            key = (r["problem"], r["config"])
            if not groups or groups[-1][0] != key:
                groups.append((key, []))
            groups[-1][1].append(r)
        panels.append((arch, groups))

    def group_width(group):
        return max(min_group_w, len(group[1]) * (bar_w + bar_gap))

    plot_w = max(sum(group_width(g) + group_gap for g in groups) for _, groups in panels)
    width = margin_left + plot_w + margin_right
    legend_cols = max(1, width // 300)
    legend_rows = (len(variants) + legend_cols - 1) // legend_cols
    top = 40 + legend_rows * 14 + 10
    height = top + panel_h * len(panels)
    canvas = Canvas(width, height)

    canvas.text(margin_left, 10, title, scale=2)
    canvas.text(margin_left, 28, "speedup over legacy (legacy ms / ms); the line marks 1x")
    for i, v in enumerate(variants):
        lx = margin_left + (i % legend_cols) * 300
        ly = 44 + (i // legend_cols) * 14
        canvas.fill_rect(lx, ly, lx + 10, ly + 8, colours[v])
        canvas.text(lx + 14, ly, v[:46])

    # Room above the tallest bar for its value; ticks at a round step.
    y_max = max(1.5, 1.2 * max(float(r["speedup"]) for r in rows))
    step = 0.25 if y_max <= 2 else (0.5 if y_max <= 4 else float(max(1, int(y_max / 6))))
    y_max = step * -(-y_max // step)
    for p, (arch, groups) in enumerate(panels):
        y0 = top + p * panel_h + 20  # top of the plot area
        base = y0 + plot_h           # the zero line

        def y_of(value):
            return base - value / y_max * plot_h

        canvas.text(margin_left, y0 - 16, arch, scale=1)
        tick = 0.0
        while tick <= y_max + 1e-9:
            y = int(y_of(tick))
            canvas.fill_rect(margin_left, y, margin_left + plot_w, y + 1, GRID)
            label = ("%.2f" % tick).rstrip("0").rstrip(".") + "X"
            canvas.text(margin_left - 6 - text_width(label), y - 3, label)
            tick += step
        one = int(y_of(1.0))
        x = margin_left + group_gap // 2
        for (problem, config), members in groups:
            gw = group_width(((problem, config), members))
            bx = x + (gw - len(members) * (bar_w + bar_gap)) // 2
            for r in members:
                value = float(r["speedup"])
                top_y = int(y_of(min(value, y_max)))
                canvas.fill_rect(bx, top_y, bx + bar_w, base, colours[r["variant"]])
                label = "%.2f" % value
                canvas.text(bx + 3, top_y - 3, label, vertical=True)
                if r.get("output") == "DIFFERS":
                    canvas.text(bx + 3, base - 4, "DIFFERS", colour=WHITE, vertical=True)
                bx += bar_w + bar_gap
            for i, line in enumerate(case_lines(problem, config)):
                canvas.text(x + (gw - text_width(line)) // 2, base + 6 + i * 10, line)
            x += gw + group_gap
        canvas.fill_rect(margin_left, one, margin_left + plot_w, one + 1, BLACK)
        canvas.fill_rect(margin_left, base, margin_left + plot_w, base + 1, BLACK)
        canvas.fill_rect(margin_left, y0, margin_left + 1, base + 1, BLACK)

    with open(path, "wb") as f:
        f.write(canvas.png())


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: chart.py RESULTS.csv OUT.png\n")
        return 2
    with open(argv[1]) as f:
        rows = [r for r in csv.DictReader(f) if r["problem"] != "memcpy"]
    write_speedup_chart(rows, argv[2], "ferry bench: %s" % argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
