#!/usr/bin/env python3
"""Seeded generator of legacy CUDA copy-loop kernels for ferry's differential fuzzer.

    gen.py --seed S --kernels N --out FILE.cu [--configs C] [--map FILE.json]

writes one CUDA source holding N kernels (plain copies from global memory into
shared memory, __syncthreads(), compute on the tile) and a host program that
runs each kernel under C launch configurations, compares the output with a CPU
reference computed by the same source text run block by block, phase by phase
(one phase between two barriers, every thread of the block in turn), and prints
one line per kernel x configuration with a hash of the output, so that a plain
and a ferry build can be compared bit for bit.

The kernels cover what ferry converts and what it must refuse: element types of
1, 2, 4, 8, 12 and 16 bytes and structs, 1-D and 2-D tiles, static and extern
tiles (with and without ferry:dynamic_shared), strides and run-time offsets that
misalign rows, trip counts 0..20, <, <= and != exits with steps, 32- and 64-bit
counters, stepped pointers, guarded copies, several copies a loop, a copy loop in
another loop, __restrict__ or not, output overlapping the input at launch,
compute that reads neighbours and reduces, tiles read before the barrier or
after the loop, block sizes 32..1024 (odd ones too), several blocks, launches at
the 48 KiB shared-memory limit. Generation 3 (--generation 3) adds, at kernel
indices SHAPE_BASE and up, three families of their own: block-strided copy
loops in a ring-shaped loop, copies whose loaded value is used after the
barrier, sources loaded from a by-value struct or a __constant__ pointer table
(ShapeKernel below). Generation 4 (--generation 4) adds two more at their own
bases: loops alias versioning takes, launched apart and overlapping
(gen_alias.py, ALIAS_BASE), and loads staged into slots of the thread's own
(gen_staged.py, STAGED_BASE). Same seed, same file: python's random module
with an explicit seed, nothing else. Standard library only.
"""
import argparse
import json
import random

# The C++ text around the kernels, the type table, the reference's opening
# and the configuration table, shared with gen_alias.py and gen_staged.py.
from gen_host import DRIVER, PRELUDE, TYPES, cfg_table, reference_prelude
from gen_alias import ALIAS_BASE, AliasKernel  # generation 4's families
from gen_staged import STAGED_BASE, StagedKernel

# 4-, 8- and 16-byte types convert most often; keep them the majority.
TYPE_WEIGHTS = [6, 5, 16, 10, 8, 8, 4, 5, 4, 12]

COUNTERS = [("int", 32), ("unsigned", 32), ("long long", 64), ("size_t", 64)]
ODD_BLOCKS = [33, 63, 65, 97, 127, 129, 161, 255, 257, 300, 383, 500, 511, 513, 640, 767, 1000, 1023]

class Kernel:
    """One generated kernel: its features, its source text, its configurations."""

    def __init__(self, rnd, idx, fixed=None):
        self.idx = idx
        self.name = "k%d" % idx
        r = rnd
        ti = r.choices(range(len(TYPES)), TYPE_WEIGHTS)[0]
        self.tname, self.T, self.size, self.align = TYPES[ti]
        self.dims = 2 if r.random() < 0.25 else 1
        self.ext = self.dims == 1 and r.random() < 0.22
        self.annot = self.ext and r.random() < 0.6
        self.restrict = r.random() < 0.75
        self.counter, self.cbits = r.choices(COUNTERS, [8, 2, 2, 1])[0]
        self.cmp = r.choices(["<", "<=", "!="], [10, 2, 1])[0]
        self.step = 1 if r.random() < 0.8 else r.choice([2, 3, 4])
        self.nested = r.random() < 0.2
        self.stepped = r.random() < 0.12
        self.guard = r.random() < 0.1
        self.idx_kind = r.choices(["size_t", "int", "unsigned"], [6, 3, 1])[0]
        self.ncopies = r.choices([1, 2, 3], [8, 2, 1])[0]
        self.second_same = self.ncopies > 1 and self.dims == 1 and r.random() < 0.3
        self.tstride = 2 if (self.dims == 1 and r.random() < 0.08) else 1
        self.store_in_loop = r.random() < 0.25
        # Shapes ferry must leave alone (or handle with care), kept rare.
        self.read_before_barrier = r.random() < 0.04
        self.other_use = r.random() < 0.03
        self.tile_after_loop = r.random() < 0.05
        self.overlap = (not self.restrict) and r.random() < 0.5
        self.launch_bounds = r.random() < 0.2
        # Compute: terms reading the tile.
        self.neigh = r.random() < 0.6
        self.reduce = r.choice([0, 0, 4, 8, 16]) if r.random() < 0.4 else 0
        self.heavy = self.dims == 2 and r.random() < 0.3
        if self.dims == 1:
            self.maxb = r.choice([64, 128, 256, 256, 512, 1024])
            self.ty_n, self.tx_n = 1, self.maxb * (2 if self.second_same else 1)
        else:
            self.bxmax = r.choice([8, 16, 32, 64])
            self.bymax = r.choice([2, 4, 8, 16, 32])
            while self.bxmax * self.bymax > 1024:
                self.bymax //= 2
            self.maxb = self.bxmax * self.bymax
            self.pad = r.choice([0, 0, 1])
            self.ty_n, self.tx_n = self.bymax, self.bxmax + self.pad
        tile_bytes = self.ty_n * self.tx_n * self.size
        ntiles = self.ncopies if not self.second_same else self.ncopies - 1
        # Keep every tile within the 48 KiB static limit.
        while tile_bytes * ntiles > 45 * 1024:
            if self.dims == 1:
                self.maxb //= 2
                self.tx_n = self.maxb * (2 if self.second_same else 1)
            else:
                self.bymax //= 2
                self.maxb = self.bxmax * self.bymax
                self.ty_n = self.bymax
            tile_bytes = self.ty_n * self.tx_n * self.size
        self.tile_bytes = tile_bytes
        self.ntiles = ntiles
        self.static_bytes = 0 if self.ext else tile_bytes * ntiles
        if self.ext:
            self.ncopies = 1
            self.second_same = False
            self.ntiles = 1
            need = self.tx_n * self.size
            self.dyn_annot = min(49152, r.choice([need, 2 * need, 4 * need, ((4 * need + 1023) // 1024) * 1024, 49152]))
        self.at_limit = r.random() < 0.15
        self.configs = []

    # -- source text -------------------------------------------------------
    def src_index(self, copy):
        """The source element index of copy number `copy` (0-based)."""
        kterm = "(size_t)k * kstride" if self.idx_kind == "size_t" else "k * kstride"
        oterm = " + (size_t)o * ostride" if self.nested else ""
        if self.dims == 1:
            t = "tx" if self.tstride == 1 else "tx * %d" % self.tstride
            extra = "" if copy == 0 else " + %d" % (copy * 37 + 5)
            if self.stepped:
                return "p[%s%s]" % (t, extra)
            if self.idx_kind == "size_t":
                return "in[blk + off%s + %s + %s%s]" % (oterm, kterm, t, extra)
            cast = "(int)" if self.idx_kind == "int" else "(unsigned)"
            return "in[blk + off%s + %s(%s + %s%s)]" % (oterm, cast, kterm, t, extra)
        extra = "" if copy == 0 else " + %d" % (copy * 53 + 3)
        if self.stepped:
            return "p[(size_t)ty * ld + tx%s]" % extra
        return "in[blk + off%s + %s + (size_t)ty * ld + tx%s]" % (oterm, kterm, extra)

    def tile_ref(self, copy, tx="tx", ty="ty"):
        if self.dims == 2:
            return "%s[%s][%s]" % (self.tile_name(copy), ty, tx)
        if self.second_same and copy == 1:
            return "tile0[%s + bx]" % tx
        return "%s[%s]" % (self.tile_name(copy), tx)

    def tile_name(self, copy):
        if self.second_same:
            return "tile0" if copy < 2 else "tile1"
        return "tile%d" % copy

    def copy_stmts(self):
        out = []
        for c in range(self.ncopies):
            dst = self.tile_ref(c)
            src = self.src_index(c)
            if c == 0 and self.other_use:
                out.append("{ %s v = %s; %s = v; acc ^= mixv(v); }" % (self.T, src, dst))
            elif c == 0 and self.guard:
                out.append("if (tx < lim) %s = %s; else %s = mkv_%s(7u);" % (dst, src, dst, self.tname))
            else:
                out.append("%s = %s;" % (dst, src))
        if self.read_before_barrier:
            out.append("acc = acc * 29u + mixv(%s);" % self.tile_ref(0))
        return out

    def compute_stmts(self):
        out = []
        w = "bx" if not self.second_same else "(2 * bx)"
        for c in range(self.ncopies):
            if c > 0 and self.second_same and c == 1:
                out.append("acc = acc * 31u + mixv(tile0[tx + bx]);")
                continue
            tn = self.tile_name(c)
            if self.dims == 1:
                out.append("acc = acc * 31u + mixv(%s[tx]);" % tn)
                if self.neigh and c == 0:
                    out.append("acc = acc * 31u + mixv(%s[(tx + 1) %% %s]) + mixv(%s[(tx + %s - 1) %% %s]);" % (tn, w, tn, w, w))
                if self.reduce and c == 0:
                    out.append("for (int j = 0; j < %d; j++) acc = acc * 33u + mixv(%s[(tx + j * 7) %% %s]);" % (self.reduce, tn, w))
            else:
                out.append("acc = acc * 31u + mixv(%s[ty][tx]);" % tn)
                if self.neigh and c == 0:
                    out.append("acc = acc * 31u + mixv(%s[ty][(tx + 1) %% bx]) + mixv(%s[(ty + 1) %% by][tx]);" % (tn, tn))
                if self.heavy and c == 0:
                    out.append("for (int j = 0; j < bx; j++) acc = acc * 33u + mixv(%s[ty][j]) + mixv(%s[j %% by][tx]);" % (tn, tn))
        if self.store_in_loop:
            out.append("out[blk + (size_t)it * nthr + t] = mkv_%s(acc);" % self.tname)
        return out

    def final_stmts(self):
        out = []
        if self.tile_after_loop:
            out.append("acc ^= mixv(%s);" % self.tile_ref(0))
        out.append("out[blk + (size_t)it * nthr + t] = mkv_%s(acc ^ (unsigned)it);" % self.tname)
        return out

    def outer_bound(self):
        """The outer loop's bound: run-time, or (generation 2) a constant that
        clang unrolls into consecutive copy loops on one tile."""
        return str(self.outer_const) if self.outer_const else "nouter"

    def loop_head(self):
        return "for (%s k = lo; k %s hi; k += %d)" % (self.counter, self.cmp, self.step)

    def emit(self):
        """Returns (kernel text, reference text, launcher text)."""
        T, n = self.T, self.name
        rs = " __restrict__" if self.restrict else ""
        attrs = []
        if self.annot:
            attrs.append('__attribute__((annotate("ferry:dynamic_shared=%d")))' % self.dyn_annot)
        if self.launch_bounds:
            attrs.append("__launch_bounds__(%d)" % self.maxb)
        params = ("%s *%s out, const %s *%s in, long long lo_, long long hi_, long long win, int off, "
                  "int kstride, int ostride, int ld, int lim, int nouter, int pstep" % (T, rs, T, rs))
        ptr_t = "const %s *" % T
        common_pre = [
            "const %s lo = (%s)lo_, hi = (%s)hi_;" % (self.counter, self.counter, self.counter),
            "const size_t blk = (size_t)bid * win;",
            "const int nthr = bx * by;",
        ]
        # Device text.
        d = ["__global__ void %s %s(%s) {" % (" ".join(attrs), n, params)]
        if self.ext:
            d.append("  FUZZ_EXTERN_SHARED(%s, ext_%s);" % (T, n))
            d.append("  %s *tile0 = ext_%s;" % (T, n))
        else:
            for c in range(self.ntiles):
                if self.dims == 1:
                    d.append("  __shared__ %s tile%d[%d];" % (T, c, self.tx_n))
                else:
                    d.append("  __shared__ %s tile%d[%d][%d];" % (T, c, self.ty_n, self.tx_n))
        d.append("  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y, bid = blockIdx.x;")
        d += ["  " + s for s in common_pre]
        d.append("  const int t = ty * bx + tx;")
        d.append("  unsigned acc = 0x9e3779b9u ^ (unsigned)(t * 7);")
        d.append("  int it = 0;")
        if self.tile_after_loop:
            # The thread reads its own element after the loop: written here
            # first, so that a loop that runs 0 times reads a known value.
            d.append("  %s = mkv_%s(3u);" % (self.tile_ref(0), self.tname))
        body_copy = self.copy_stmts()
        body_comp = self.compute_stmts()
        ind = "  "
        if self.stepped and not self.nested:
            d.append("  %sp = in + blk + off;" % ptr_t)
        if self.nested:
            d.append("  for (int o = 0; o < %s; o++) {" % self.outer_bound())
            ind = "    "
            if self.stepped:
                d.append(ind + "%sp = in + blk + off + (size_t)o * ostride;" % ptr_t)
        d.append(ind + self.loop_head() + " {")
        d += [ind + "  " + s for s in body_copy]
        d.append(ind + "  __syncthreads();")
        d += [ind + "  " + s for s in body_comp]
        d.append(ind + "  __syncthreads();")
        d.append(ind + "  it++;")
        if self.stepped:
            d.append(ind + "  p += pstep;")
        d.append(ind + "}")
        if self.nested:
            d.append("  }")
        d += ["  " + s for s in self.final_stmts()]
        d.append("}")

        # Reference text: the same statements, each phase run by every thread in turn.
        h = reference_prelude(n, T, self.tname)
        if self.ext:
            h.append("  static %s ext_%s[49152 / sizeof(%s) + 1]; %s *tile0 = ext_%s;" % (T, n, T, T, n))
        else:
            for c in range(self.ntiles):
                if self.dims == 1:
                    h.append("  static %s tile%d[%d];" % (T, c, self.tx_n))
                else:
                    h.append("  static %s tile%d[%d][%d];" % (T, c, self.ty_n, self.tx_n))
        h.append("  std::vector<unsigned> accs((size_t)bx * by);")
        h.append("  for (int bid = 0; bid < cfg.gx; bid++) {")
        h += ["    " + s for s in common_pre]
        h.append("    for (int t = 0; t < nthr; t++) accs[t] = 0x9e3779b9u ^ (unsigned)(t * 7);")
        h.append("    int it = 0;")
        if self.tile_after_loop:
            h.append("    for (int ty = 0; ty < by; ty++) for (int tx = 0; tx < bx; tx++) %s = mkv_%s(3u);" % (self.tile_ref(0), self.tname))
        ind = "    "
        pt = "Arr<%s> " % T
        if self.stepped and not self.nested:
            h.append("    %sp = in + blk + off;" % pt)
        if self.nested:
            h.append("    for (int o = 0; o < %s; o++) {" % self.outer_bound())
            ind = "      "
            if self.stepped:
                h.append(ind + "%sp = in + blk + off + (size_t)o * ostride;" % pt)
        h.append(ind + self.loop_head() + " {")
        thr = "for (int ty = 0; ty < by; ty++) for (int tx = 0; tx < bx; tx++) { const int t = ty * bx + tx; unsigned &acc = accs[t]; (void)acc; (void)t;"
        h.append(ind + "  " + thr)
        h += [ind + "    " + s for s in body_copy]
        h.append(ind + "  }")
        h.append(ind + "  " + thr)
        h += [ind + "    " + s for s in body_comp]
        h.append(ind + "  }")
        h.append(ind + "  it++;")
        if self.stepped:
            h.append(ind + "  p += pstep;")
        h.append(ind + "}")
        if self.nested:
            h.append("    }")
        h.append("    " + thr)
        h += ["      " + s for s in self.final_stmts()]
        h.append("    }")
        h.append("  }")
        h.append("}")
        h.append("static void ref_%s(const Cfg &cfg, void *mem, long long out_base, long long mem_n, long long *in_span, long long *out_span) {" % n)
        h.append("  if (mem) refk_%s(cfg, Arr<%s>{(%s *)mem, 0, mem_n, nullptr}, Arr<%s>{(%s *)mem, out_base, mem_n, nullptr});" % (n, T, T, T, T))
        h.append("  else refk_%s(cfg, Arr<%s>{nullptr, 0, 0, in_span}, Arr<%s>{nullptr, 0, 0, out_span});" % (n, T, T))
        h.append("}")

        l = ["static cudaError_t launch_%s(const Cfg &c, void *out, const void *in) {" % n]
        l.append("  FUZZ_LAUNCH(%s, dim3(c.gx), dim3(c.bx, c.by), c.dyn)((%s *)out, (const %s *)in, c.a.lo, c.a.hi, c.a.win, c.a.off, "
                 "c.a.kstride, c.a.ostride, c.a.ld, c.a.lim, c.a.nouter, c.a.pstep);" % (n, T, T))
        l.append("  return cudaGetLastError();")
        l.append("}")
        return "\n".join(d), "\n".join(h), "\n".join(l)

    # -- configurations ----------------------------------------------------
    def bounds(self, n, r):
        """lo, hi for a trip count n under this kernel's exit test and step."""
        s = self.step
        unsigned = self.counter in ("unsigned", "size_t")
        lo = r.choice([0, 0, 0, 1, 2, 5])
        if self.cmp == "<":
            if n == 0:
                hi = lo - (0 if unsigned else r.choice([0, 1, 3]))
            else:
                hi = lo + (n - 1) * s + 1 + r.randrange(s)
        elif self.cmp == "<=":
            if n == 0:
                if unsigned and lo == 0:
                    lo = 1
                hi = lo - 1
            else:
                hi = lo + (n - 1) * s + r.randrange(s)
        else:
            hi = lo + n * s
        return lo, hi

    def make_configs(self, r, count):
        trips = [0, 1, r.randint(17, 20)] + [r.randint(0, 20) for _ in range(count)]
        for i in range(count):
            n = trips[i]
            if self.dims == 1:
                if r.random() < 0.3:
                    bx = r.choice([b for b in ODD_BLOCKS if b <= self.maxb] or [self.maxb])
                else:
                    bx = r.choice([b for b in (32, 64, 96, 128, 192, 256, 512, 1024) if b <= self.maxb])
                if i == 1:
                    bx = self.maxb
                by = 1
            else:
                bx = r.choice([b for b in (8, 16, 24, 32, 64) if b <= self.bxmax] + [self.bxmax])
                by = r.choice([b for b in (1, 2, 3, 4, 8, 16, 32) if b <= self.bymax])
                if bx < 32 and by == 1:
                    by = min(2, self.bymax)
            lo, hi = self.bounds(n, r)
            rowlen = bx * self.tstride + (37 * (self.ncopies - 1) + 5 if self.ncopies > 1 else 0)
            off = r.choice([0, 0, 0, 1, 2, 3, 4, 5, 8])
            if self.dims == 1:
                ld = 0
                kstride = r.choice([rowlen, rowlen, rowlen + r.randint(1, 9), bx, 0, r.randint(1, 64)])
            else:
                ld = bx + r.choice([0, 0, 1, 3, 4, 8])
                kstride = ld * by * r.choice([1, 1, 2]) + r.choice([0, 0, 1])
            ostride = r.choice([0, kstride * 21 + 3, 1000])
            pstep = kstride if r.random() < 0.8 else r.randint(0, 300)
            if self.stepped:
                kstride = 0 if self.dims == 1 else kstride
            lim = r.choice([bx, bx // 2, bx - 1, r.randint(0, bx)])
            nouter = r.choice([1, 2, 3]) if self.nested else 1
            gx = r.choice([1, 2, 2, 3, 4])
            if self.ext:
                need = self.tx_n * self.size
                dyn = self.dyn_annot if self.annot else need + r.choice([0, 0, 16, 1000])
                if not self.annot and r.random() < 0.2:
                    dyn = 49152
            else:
                dyn = 0
            if self.at_limit and i == count - 1:
                # At the limit: static tiles and dynamic shared memory
                # filling 48 KiB exactly (legal in a plain build).
                dyn = 49152 - (self.tile_bytes * self.ntiles if not self.ext else 0)
                if self.ext:
                    dyn = 49152
            if self.at_limit and i == count - 2 and count > 4:
                # Over the limit: must fail in the plain build too.
                dyn = 49152 + 16 - (0 if self.ext else self.static_bytes)
            overlap = r.randint(0, 400) if self.overlap else 0
            pad = r.choice([0, 0, 1, 3, 16])
            self.configs.append(dict(gx=gx, bx=bx, by=by, dyn=dyn, lo=lo, hi=hi, off=off, kstride=kstride,
                                     ostride=ostride, ld=ld, lim=lim, nouter=nouter, pstep=pstep,
                                     overlap=overlap, pad=pad, trip=n))

    def cfg_table(self):
        return cfg_table(self.name, self.configs)

    def features(self):
        f = dict(type=self.tname, bytes=self.size, dims=self.dims, extern=self.ext, annotated=self.annot,
                 restrict=self.restrict, counter=self.counter, cmp=self.cmp, step=self.step, nested=self.nested,
                 stepped=self.stepped, guard=self.guard, index=self.idx_kind, copies=self.ncopies,
                 store_in_loop=self.store_in_loop, read_before_barrier=self.read_before_barrier,
                 other_use=self.other_use, tile_after_loop=self.tile_after_loop, overlap=self.overlap,
                 launch_bounds=self.launch_bounds, reduce=self.reduce, heavy=self.heavy, maxb=self.maxb,
                 at_limit=self.at_limit, static_bytes=self.static_bytes, tile_bytes=self.tile_bytes,
                 outer_const=getattr(self, "outer_const", 0))
        return f


# -- generation 3: the shapes of issue 13 that the copy-loop kernels above never
# take. Kernels SHAPE_BASE and up (a part of their own in build.py, seeded
# "S:i" like the others) are one of three families, in turn:
#   copyloop  a block-strided copy loop `for (p = tx; p < N; p += bx) s[p] =
#             base[k * kstride + p];` in an outer loop copy -> barrier ->
#             compute -> barrier (pipeline_copy_loop.c's ring); N a constant,
#             a run-time bound (0, 5, odd, not a multiple of the block), or
#             ones ferry must refuse: a bound that shrinks with the outer
#             counter, an extern tile; two arrays, a stepped pointer, a 64-bit
#             counter, annotate("ferry:stages=4");
#   readback  `v = base[..]; s[tx] = v; barrier; acc += s[..] + v; barrier`
#             (the ring's slot read back after the barrier), an extern tile,
#             and the barrier-at-top loops ferry must refuse, with and without
#             the read-back;
#   uniform   the source's base pointer loaded from a by-value struct
#             parameter or from a __constant__ pointer table at a kernel
#             argument's index (one block-uniform isspacep.global test), one
#             copy alone or a loop of them;
#   guarded   `s[tx] = gi < lim ? base[gi] : T();` (or `if .. else s[tx] =
#             T();`) with gi = k * kstride + tx, in a loop copy -> barrier ->
#             compute -> barrier (the ring issues each iteration's copy with
#             the guard of the iteration it issues): a 1-D tail whose last
#             iterations run past lim, a tile whose guard also has a
#             loop-invariant test (`bid <= ld && gi < lim`, a matrix tile's
#             row check), and the guard from a loaded value ferry must refuse
#             (`mixv(base[gi + ostride + 1]) & 1u ? base[gi] : T()`, a load
#             of its own); mostly 4- and 8-byte scalars.
# Every kernel is 1-D (by = 1); outer trip counts 0, 1, 2 and 3 in every
# kernel, then 0..9 and 17.
SHAPE_BASE = 100000
SHAPE_FAMILIES = ["copyloop", "readback", "uniform", "guarded"]
SHAPE_TYPES = ["u8", "u16", "u32", "f32", "u64", "f64", "s12", "i4"]
SHAPE_TYPE_WEIGHTS = [2, 5, 6, 5, 3, 3, 2, 4]
BLOCKS = [32, 64, 96, 128, 192, 256, 512, 1024]


class ShapeKernel:
    """One kernel of the generation-3 families: the same interface as Kernel."""

    def __init__(self, r, idx):
        self.idx = idx
        self.name = "k%d" % idx
        self.family = SHAPE_FAMILIES[(idx - SHAPE_BASE) % len(SHAPE_FAMILIES)]
        tn = r.choices(SHAPE_TYPES, SHAPE_TYPE_WEIGHTS)[0]
        if self.family == "guarded":
            # A struct's zero is a local copied from (the source in local
            # memory): mostly the 4- and 8-byte scalars a guarded copy takes,
            # some 1- and 2-byte ones it must refuse.
            tn = r.choices(["u8", "u16", "u32", "f32", "u64", "f64", "i4"], [1, 1, 6, 6, 4, 4, 2])[0]
        self.tname, self.T, self.size, self.align = [t for t in TYPES if t[0] == tn][0]
        self.restrict = r.random() < 0.85
        self.counter = "int"
        self.variant = ""
        self.two = self.stepped = self.stages4 = self.ext = self.loop = False
        self.nmax = 0
        if self.family == "copyloop":
            self.variant = r.choices(["const", "runtime", "varying", "extern"], [4, 4, 1, 1])[0]
            self.ext = self.variant == "extern"
            self.two = not self.ext and r.random() < 0.25
            self.stepped = r.random() < 0.2
            self.stages4 = r.random() < 0.2
            self.counter = r.choices(["int", "long long"], [3, 1])[0]
            self.nmax = r.choice([64, 100, 255, 256, 777, 1000, 1024, 2000, 3001])
            while self.nmax * self.size * (2 if self.two else 1) > 45 * 1024:
                self.nmax //= 2
            self.maxb = 1024
            self.loop = True
        else:
            self.maxb = r.choice([64, 128, 256, 256, 512, 1024])
            while self.maxb * self.size > 45 * 1024:
                self.maxb //= 2
            self.nmax = self.maxb
            if self.family == "readback":
                self.variant = r.choices(["slot", "extern", "top", "top_plain"], [5, 2, 2, 1])[0]
                self.ext = self.variant == "extern"
                self.loop = True
            elif self.family == "guarded":
                self.variant = r.choices(["tail", "ifelse", "tile", "loaded"], [4, 3, 3, 2])[0]
                self.loop = True
            else:
                self.variant = r.choice(["struct", "table"])
                self.loop = r.random() < 0.6
        self.ntiles = 2 if self.two else 1
        self.tile_bytes = self.nmax * self.size
        self.static_bytes = 0 if self.ext else self.tile_bytes * self.ntiles
        self.configs = []

    # -- source text: statements with @PTR (a pointer to const T) and @V (the
    # thread's loaded value), filled in for the device and for the reference.
    def base_stmt(self):
        src = {"struct": "src.p", "table": "tab_%s[ld]" % self.name}.get(self.variant, "in")
        return "@PTR base = %s + blk + off;" % src, "@PTR base = in + blk + off;"

    def phases(self):
        """(copy phase, compute phase): each run by every thread between barriers."""
        if self.family == "copyloop":
            n = {"const": str(self.nmax), "runtime": "lim", "extern": "lim"}.get(self.variant, "n")
            kk = "(size_t)k * kstride" if not self.stepped else "0"
            copy = []
            src2 = " s1[p] = base[%s + ostride + p];" % kk if self.two else ""
            copy.append("for (int p = tx; p < %s; p += bx) { s0[p] = base[%s + p];%s }" % (n, kk, src2))
            comp = ["if (%s > 0) acc = acc * 31u + mixv(s0[(t * 7) %% %s]) + 3u * mixv(s0[%s - 1 - t %% %s]);" % (n, n, n, n)]
            if self.two:
                comp.append("if (%s > 0) acc = acc * 33u + mixv(s1[(t * 5 + 1) %% %s]);" % (n, n))
            return copy, comp
        if self.family == "guarded":
            # gi: a pure function of the counter and invariants, so the ring
            # can evaluate the guard for the iteration it issues; the loaded
            # guard reads the element it copies (the reference's span sees it).
            gi = "const int gi = (int)k * kstride + tx;"
            cond = {"tile": "bid <= ld && gi < lim", "loaded": "mixv(base[gi + ostride + 1]) & 1u"}.get(self.variant, "gi < lim")
            if self.variant == "ifelse":
                copy = [gi, "if (%s) s0[tx] = base[gi]; else s0[tx] = Z_%s();" % (cond, self.name)]
            else:
                copy = [gi, "s0[tx] = (%s) ? base[gi] : Z_%s();" % (cond, self.name)]
            return copy, ["acc = acc * 31u + mixv(s0[(tx + 1) % bx]) + 3u * mixv(s0[bx - 1 - tx]);"]
        kk = "(size_t)k * kstride + " if self.loop else ""
        if self.family == "readback":
            if self.variant == "top_plain":
                return (["s0[tx] = base[%stx];" % kk],
                        ["acc = acc * 31u + mixv(s0[(tx + 1) % bx]) + mixv(s0[bx - 1 - tx]);"])
            return (["@V = base[%stx];" % kk, "s0[tx] = @V;"],
                    ["acc = acc * 31u + mixv(s0[(tx + 1) % bx]) + 5u * mixv(@V);"])
        return (["s0[tx] = base[%stx];" % kk],
                ["acc = acc * 3u + mixv(s0[bx - 1 - tx]) + 2u * mixv(s0[(tx + 5) % bx]);"])

    def loop_pre(self):
        """Block-uniform statements at the top of the outer loop."""
        if self.variant == "varying":
            # The copy loop's bound shrinks with the outer counter: ferry must
            # refuse the ring (and keep the bound at most the tile).
            return ["const int n = lim - 37 * (int)(k - lo);"]
        return []

    def emit(self):
        T, n = self.T, self.name
        rs = " __restrict__" if self.restrict else ""
        attrs = []
        if self.stages4:
            attrs.append('__attribute__((annotate("ferry:stages=4")))')
        src_param = "Src_%s src" % n if self.variant == "struct" else "const %s *%s in" % (T, rs)
        params = ("%s *%s out, %s, long long lo_, long long hi_, long long win, int off, "
                  "int kstride, int ostride, int ld, int lim, int nouter, int pstep" % (T, rs, src_param))
        ct = self.counter
        hi_dev = "(%s)src.steps" % ct if self.variant == "struct" else "(%s)hi_" % ct
        top = self.variant in ("top", "top_plain")
        copy, comp = self.phases()
        base_dev, base_ref = self.base_stmt()

        def fill(s, ref):
            return s.replace("@PTR", "Arr<%s>" % T if ref else "const %s *" % T).replace("@V", "vs[t]" if ref else "v")

        d = []
        if self.variant == "struct":
            d.append("struct Src_%s { const %s *p; int steps; };" % (n, T))
        if self.family == "guarded":
            d.append("typedef %s Z_%s;  // Z_k(): the type's zero, one name for every type" % (T, n))
        if self.variant == "table":
            d.append("__constant__ const %s *tab_%s[2];" % (T, n))
        d.append("__global__ void %s %s(%s) {" % (" ".join(attrs), n, params))
        if self.ext:
            d.append("  FUZZ_EXTERN_SHARED(%s, ext_%s);" % (T, n))
            d.append("  %s *s0 = ext_%s;" % (T, n))
        else:
            for c in range(self.ntiles):
                d.append("  __shared__ %s s%d[%d];" % (T, c, self.nmax))
        d.append("  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y, bid = blockIdx.x;")
        d.append("  const %s lo = (%s)lo_, hi = %s;" % (ct, ct, hi_dev))
        d.append("  const size_t blk = (size_t)bid * win;")
        d.append("  const int nthr = bx * by;")
        d.append("  " + fill(base_dev, False))
        d.append("  const int t = ty * bx + tx;")
        d.append("  unsigned acc = 0x9e3779b9u ^ (unsigned)(t * 7);")
        d.append("  int it = 0;")
        if self.family == "readback" and self.variant != "top_plain":
            d.append("  %s v;" % T)
        ind = "  "
        if self.loop:
            d.append("  for (%s k = lo; k < hi; k++) {" % ct)
            ind = "    "
            d += [ind + s for s in self.loop_pre()]
            if top:
                d.append(ind + "__syncthreads();")
        d += [ind + fill(s, False) for s in copy]
        d.append(ind + "__syncthreads();")
        d += [ind + fill(s, False) for s in comp]
        if self.loop:
            if not top:
                d.append(ind + "__syncthreads();")
            d.append(ind + "it++;")
            if self.stepped:
                d.append(ind + "base += pstep;")
            d.append("  }")
        d.append("  out[blk + (size_t)it * nthr + t] = mkv_%s(acc ^ (unsigned)it);" % self.tname)
        d.append("}")

        h = reference_prelude(n, T, self.tname)
        if self.ext:
            h.append("  static %s ext_%s[49152 / sizeof(%s) + 1]; %s *s0 = ext_%s;" % (T, n, T, T, n))
        else:
            for c in range(self.ntiles):
                h.append("  static %s s%d[%d];" % (T, c, self.nmax))
        h.append("  std::vector<unsigned> accs((size_t)bx * by);")
        h.append("  std::vector<%s> vs((size_t)bx * by); (void)vs;" % T)
        h.append("  for (int bid = 0; bid < cfg.gx; bid++) {")
        h.append("    const %s lo = (%s)lo_, hi = (%s)hi_;" % (ct, ct, ct))
        h.append("    const size_t blk = (size_t)bid * win;")
        h.append("    const int nthr = bx * by;")
        h.append("    " + fill(base_ref, True))
        h.append("    for (int t = 0; t < nthr; t++) accs[t] = 0x9e3779b9u ^ (unsigned)(t * 7);")
        h.append("    int it = 0;")
        thr = "for (int ty = 0; ty < by; ty++) for (int tx = 0; tx < bx; tx++) { const int t = ty * bx + tx; unsigned &acc = accs[t]; (void)acc; (void)t;"
        ind = "    "
        if self.loop:
            h.append("    for (%s k = lo; k < hi; k++) {" % ct)
            ind = "      "
            h += [ind + s for s in self.loop_pre()]
        for ph in (copy, comp):
            h.append(ind + thr)
            h += [ind + "  " + fill(s, True) for s in ph]
            h.append(ind + "}")
        if self.loop:
            h.append(ind + "it++;")
            if self.stepped:
                h.append(ind + "base += pstep;")
            h.append("    }")
        h.append("    " + thr)
        h.append("      out[blk + (size_t)it * nthr + t] = mkv_%s(acc ^ (unsigned)it);" % self.tname)
        h.append("    }")
        h.append("  }")
        h.append("}")
        h.append("static void ref_%s(const Cfg &cfg, void *mem, long long out_base, long long mem_n, long long *in_span, long long *out_span) {" % n)
        h.append("  if (mem) refk_%s(cfg, Arr<%s>{(%s *)mem, 0, mem_n, nullptr}, Arr<%s>{(%s *)mem, out_base, mem_n, nullptr});" % (n, T, T, T, T))
        h.append("  else refk_%s(cfg, Arr<%s>{nullptr, 0, 0, in_span}, Arr<%s>{nullptr, 0, 0, out_span});" % (n, T, T))
        h.append("}")

        l = ["static cudaError_t launch_%s(const Cfg &c, void *out, const void *in) {" % n]
        arg = "(const %s *)in" % T
        if self.variant == "struct":
            l.append("  Src_%s src; src.p = (const %s *)in; src.steps = (int)c.a.hi;" % (n, T))
            arg = "src"
        if self.variant == "table":
            l.append("  const %s *tab[2] = {(const %s *)in, (const %s *)in};" % (T, T, T))
            l.append("#ifdef FUZZ_EMULATE")
            l.append("  tab_%s[0] = tab[0]; tab_%s[1] = tab[1];" % (n, n))
            l.append("#else")
            l.append("  cudaError_t e = cudaMemcpyToSymbol(tab_%s, tab, sizeof(tab));" % n)
            l.append("  if (e != cudaSuccess) return e;")
            l.append("#endif")
        l.append("  FUZZ_LAUNCH(%s, dim3(c.gx), dim3(c.bx, c.by), c.dyn)((%s *)out, %s, c.a.lo, c.a.hi, c.a.win, c.a.off, "
                 "c.a.kstride, c.a.ostride, c.a.ld, c.a.lim, c.a.nouter, c.a.pstep);" % (n, T, arg))
        l.append("  return cudaGetLastError();")
        l.append("}")
        return "\n".join(d), "\n".join(h), "\n".join(l)

    # -- configurations ----------------------------------------------------
    def make_configs(self, r, count):
        trips = [0, 1, 2, 3] + [r.choice([0, 1, 2, 3, 4, 5, 6, 7, 9, 17]) for _ in range(count)]
        for i in range(count):
            trip = trips[i] if self.loop else 1
            if self.family == "copyloop":
                bx = r.choice(BLOCKS + ODD_BLOCKS) if i != 1 else 1024
            else:
                bx = r.choice([b for b in BLOCKS + ODD_BLOCKS if b <= self.maxb]) if i != 1 else self.maxb
            lo = r.choice([0, 0, 0, 1, 3])
            hi = lo + trip
            # The copy loop's bound: the tile, or less (0, 5, one short of
            # the block, odd, not a multiple of the block); the shrinking
            # bound starts at most at the tile.
            lim = r.choice([self.nmax, self.nmax, self.nmax - 1, r.randint(0, self.nmax), 0, min(5, self.nmax),
                            max(0, min(self.nmax, bx - 1)), max(0, min(self.nmax, bx + 1))])
            if self.family == "copyloop" and self.variant == "const":
                lim = self.nmax
            off = r.choice([0, 0, 0, 1, 2, 3, 5, 8])
            width = self.nmax if self.family == "copyloop" else bx
            kstride = r.choice([width, width, width + r.randint(1, 9), 0, r.randint(1, 64)])
            ostride = r.choice([0, self.nmax, r.randint(1, 500)])
            pstep = kstride if r.random() < 0.8 else r.randint(0, 300)
            if self.stepped:
                kstride = 0
            if self.family == "guarded":
                # The guard's bound: inside the last iteration (its tail runs
                # past it), anywhere, none passing, or all passing.
                last = max(0, hi - 1) * kstride
                lim = r.choice([last + r.randint(0, bx), last + r.randint(0, bx), r.randint(0, hi * kstride + bx),
                                0, hi * kstride + bx, last + bx // 2])
            ld = r.randint(0, 1)  # the pointer table's entry
            gx = r.choice([1, 2, 2, 3, 4])
            dyn = 0
            if self.ext:
                dyn = self.nmax * self.size + r.choice([0, 0, 16])
            pad = r.choice([0, 0, 1, 3, 16])
            self.configs.append(dict(gx=gx, bx=bx, by=1, dyn=dyn, lo=lo, hi=hi, off=off, kstride=kstride,
                                     ostride=ostride, ld=ld, lim=lim, nouter=1, pstep=pstep,
                                     overlap=0, pad=pad, trip=trip))

    cfg_table = Kernel.cfg_table

    def features(self):
        return dict(type=self.tname, bytes=self.size, dims=1, extern=self.ext, family=self.family,
                    variant=self.variant, restrict=self.restrict, counter=self.counter, loop=self.loop,
                    two_arrays=self.two, stepped=self.stepped, stages4=self.stages4, maxb=self.maxb,
                    tile_elems=self.nmax, static_bytes=self.static_bytes, tile_bytes=self.tile_bytes)


def generate(seed, nkernels, nconfigs, base=0, standalone=False, generation=1):
    """Returns (source text, kernel map). Kernel i of seed s is the same whatever N."""
    kernels = []
    for i in range(nkernels):
        r = random.Random("%d:%d" % (seed, base + i))
        if generation >= 4 and base + i >= STAGED_BASE:
            k = StagedKernel(r, base + i)
            k.make_configs(r, nconfigs)
            kernels.append(k)
            continue
        if generation >= 4 and base + i >= ALIAS_BASE:
            k = AliasKernel(r, base + i)
            k.make_configs(r, nconfigs)
            kernels.append(k)
            continue
        if generation >= 3 and base + i >= SHAPE_BASE:
            k = ShapeKernel(r, base + i)
            k.make_configs(r, nconfigs)
            kernels.append(k)
            continue
        k = Kernel(r, base + i)
        k.make_configs(r, nconfigs)
        # Features added later draw from a stream of their own, so that a
        # kernel of an older generation stays the same kernel.
        r2 = random.Random("%d:%d:2" % (seed, base + i))
        k.outer_const = r2.choice([0, 2, 2, 3]) if generation >= 2 and k.nested else 0
        kernels.append(k)
    parts = [PRELUDE % dict(seed=seed, nk=nkernels, nc=nconfigs)]
    kmap = []
    for k in kernels:
        dev, ref, launch = k.emit()
        start = sum(p.count("\n") for p in parts) + 2
        parts.append("\n// ---- kernel %s: %s\n" % (k.name, json.dumps(k.features(), sort_keys=True)))
        parts.append(dev + "\n")
        end = sum(p.count("\n") for p in parts) + 1
        parts.append(ref + "\n")
        parts.append(launch + "\n")
        parts.append(k.cfg_table() + "\n")
        kmap.append(dict(name=k.name, index=k.idx, first_line=start, last_line=end,
                         features=k.features(), configs=k.configs))
    parts.append("\nstatic const Case cases[] = {\n")
    for k in kernels:
        parts.append('  {"%s", %d, %d, launch_%s, ref_%s, fill_%s, cfgs_%s, %d},\n' % (k.name, k.idx, k.size, k.name, k.name, k.name, k.name, len(k.configs)))
    parts.append("};\n")
    parts.append("const Case *%s(int *n) { *n = sizeof(cases) / sizeof(cases[0]); return cases; }\n" % part_name(seed, base))
    if standalone:
        parts.append("typedef const Case *(*Part)(int *);\nstatic const Part parts[] = {%s};\nstatic const int nparts = 1;\n" % part_name(seed, base))
        parts.append(DRIVER)
    return "".join(parts), kmap


def part_name(seed, base):
    return "fuzz_part_%d_%d" % (seed, base)


def driver(part_names):
    """The host driver of a binary linking several generated parts."""
    text = [PRELUDE % dict(seed=0, nk=0, nc=0)]
    text.append("typedef const Case *(*Part)(int *);\n")
    text += ["const Case *%s(int *n);\n" % p for p in part_names]
    text.append("static const Part parts[] = {%s};\n" % ", ".join(part_names))
    text.append("static const int nparts = %d;\n" % len(part_names))
    text.append(DRIVER)
    return "".join(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=64)
    ap.add_argument("--configs", type=int, default=20)
    ap.add_argument("--base", type=int, default=0, help="index of the first kernel")
    ap.add_argument("--out", required=True)
    ap.add_argument("--map", help="write each kernel's line range, features and configurations here")
    ap.add_argument("--generation", type=int, default=1, choices=[1, 2, 3, 4],
                    help="feature set: 1 (the first GPU run's), 2 adds constant outer loops, 3 makes kernels "
                         "%d and up of the copy-loop, read-back, uniform-source and guarded-copy families, 4 "
                         "kernels %d and up of the alias family (gen_alias.py) and %d and up of the staged "
                         "family (gen_staged.py)" % (SHAPE_BASE, ALIAS_BASE, STAGED_BASE))
    ap.add_argument("--standalone", action="store_true", help="add the host driver (main): a program of its own")
    ap.add_argument("--driver", nargs="*", metavar="PART", help="write only the driver of a binary linking these parts "
                    "(names fuzz_part_SEED_BASE)")
    a = ap.parse_args()
    if a.driver is not None:
        with open(a.out, "w") as f:
            f.write(driver(a.driver))
        return
    text, kmap = generate(a.seed, a.kernels, a.configs, a.base, a.standalone, a.generation)
    with open(a.out, "w") as f:
        f.write(text)
    if a.map:
        with open(a.map, "w") as f:
            json.dump(dict(seed=a.seed, source=a.out, kernels=kmap), f, indent=0)


if __name__ == "__main__":
    main()
