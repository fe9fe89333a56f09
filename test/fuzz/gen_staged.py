"""The staged family of the fuzzer (gen.py --generation 4, kernels
STAGED_BASE and up): loops holding a barrier whose global loads land in
shared memory at a destination the thread rotates, reads back or writes
again before the barrier, so that no copy rule takes them and staged copies
(passes/loops/staged_copy.c) issue them S-1 iterations ahead into slots of
the thread's own (test/gpu/staged_rotation.cu shows the shape).

Shapes (variant):
  rotate    laplace3d's planes: `u[0][t] = u[1][t]; ...; u[P-1][t] =
            src[plane k+1]` for P = 2, 3 or 4 planes, a halo of two threads
            loading past the block (`u[P-1][MAXB + t]`), under `t < lim`
            (threads that load) and, for the last plane, `k < hi - 1`
            (zero-filled issues); indices stepped (`idx += kstride`) or
            computed from the counter
  readback  `s[t] = src[..]; acc += s[t];` before the barrier
  reused    `s[t] = src[..]; if (..) s[t] = X;` before the barrier
Then a barrier, compute on neighbours' cells, the output stored in the loop
or not, a barrier. Trip counts 0, 1, 2, 3, 4, 5, 7, 8, 9, 17 and 40 (S is 8,
or 4 for 16-byte and two 8-byte loads: S-1, S, S+1 and many); blocks of
32..512 threads (the ring's slots are sized for 256: past it the check
before the loop runs it as written); 4-, 8- and 16-byte elements; launches
whose output overlaps the input, so that the loop's stores write what later
iterations load (the range check fails, the loop as written runs). Race-free
at any overlap: the loop's global stores come after its first barrier,
distinct per thread and iteration, and every load of a later iteration
after the barrier that ends this one; a barrier after the loop orders the
last store after every thread's loads.
"""
from gen_host import EXTRA_TYPES, TYPES, cfg_table, reference_prelude
from gen_phased import render

STAGED_BASE = 300000
VARIANTS = ["rotate", "rotate", "readback", "reused"]
# uint4 and the 4-aligned 8-byte struct: copies no staging takes (a memcpy,
# an alignment below the size), kept few.
ELEMS = ["u32", "f32", "u64", "f64", "u128", "i4", "s8"]
ELEM_WEIGHTS = [5, 4, 3, 3, 4, 1, 1]
BLOCKS = [32, 64, 96, 128, 192, 256, 257, 320, 384, 512]
TRIPS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 17, 40]


class StagedKernel:
    """One kernel of the staged family: gen.py's kernel interface."""

    def __init__(self, r, idx):
        self.idx = idx
        self.name = "k%d" % idx
        self.family = "staged"
        self.variant = VARIANTS[(idx - STAGED_BASE) % len(VARIANTS)]
        tn = r.choices(ELEMS, ELEM_WEIGHTS)[0]
        self.tname, self.T, self.size, self.align = [t for t in TYPES + EXTRA_TYPES if t[0] == tn][0]
        self.counter = r.choices(["int", "long long"], [9, 1])[0]
        self.planes = r.choice([2, 3, 3, 4]) if self.variant == "rotate" else 1
        self.halo = self.variant == "rotate" and r.random() < 0.5
        self.active = r.random() < 0.7
        self.last = self.variant == "rotate" and r.random() < 0.6
        self.stepped = r.random() < 0.5
        self.store_in_loop = r.random() < 0.6
        self.maxb = r.choice([256, 512, 512])
        # The planes within 24 KiB, so that the ring's 16 KiB fits beside them.
        while self.planes * (self.maxb + 2) * self.size > 24 * 1024:
            self.maxb //= 2
        self.configs = []

    def emit(self):
        T, tn, ct, P, M = self.T, self.tname, self.counter, self.planes, self.maxb
        uniform = ["const %s lo = (%s)lo_, hi = (%s)hi_;" % (ct, ct, ct),
                   "const size_t blk = (size_t)bid * win;",
                   "const int nthr = bx * by;",
                   "@PTR(const %s) src = in + blk + off;" % T,
                   "int it = 0;"]
        tconst = ["const int t = ty * bx + tx;",
                  "const bool active = %s;" % ("t < lim" if self.active else "true"),
                  "const bool halo = t < 2;", "(void)active; (void)halo;"]
        tstate = [("unsigned", "acc", "0x9e3779b9u ^ (unsigned)(t * 7)"),
                  ("int", "idx", "(int)lo * kstride + t"),
                  ("int", "hidx", "(int)lo * kstride + bx + t")]
        if self.variant == "rotate":
            shared = ["%s u[%d][%d]" % (T, P, M + 2)]
            init = ["for (int j = 0; j < %d; j++) u[j][t] = mkv_%s(3u * j + 1u);" % (P, tn)]
            init.append("if (active) u[%d][t] = src[idx];" % (P - 1))
            if self.halo:
                init.append("if (halo) { for (int j = 0; j < %d; j++) u[j][%d + t] = mkv_%s(3u * j + 2u);"
                            " u[%d][%d + t] = src[hidx]; }" % (P, M, tn, P - 1, M))
            copy = []
            for cell, guard, index, step in (("t", "active", "idx", "idx += kstride;"),
                                            ("%d + t" % M, "halo", "hidx", "hidx += kstride;")):
                if cell != "t" and not self.halo:
                    continue
                src = "src[%s]" % index if self.stepped else \
                    "src[((int)k + 1) * kstride + %s]" % ("t" if cell == "t" else "bx + t")
                body = [step] if self.stepped else []
                body += ["u[%d][%s] = u[%d][%s];" % (j, cell, j + 1, cell) for j in range(P - 1)]
                body.append(("if (k < hi - 1) " if self.last else "") + "u[%d][%s] = %s;" % (P - 1, cell, src))
                copy.append("if (%s) { %s }" % (guard, " ".join(body)))
            comp = "acc = acc * 31u + mixv(u[0][t]) + 3u * mixv(u[%d][(t + 1) %% bx])" % (P - 1)
            if self.halo:
                comp += " + 5u * mixv(u[%d][%d + (t & 1)])" % (P - 2, M)
            compute = [comp + ";"]
        else:
            shared = ["%s s0[%d]" % (T, M)]
            init = ["s0[t] = mkv_%s(1u);" % tn]
            src = "src[idx]" if self.stepped else "src[(int)k * kstride + t]"
            step = " idx += kstride;" if self.stepped else ""
            if self.variant == "readback":
                body = "s0[t] = %s; acc = acc * 29u + mixv(s0[t]);%s" % (src, step)
            else:
                # The condition reads the source: clang keeps the two stores
                # (with no load between, it merges them into a select).
                body = "s0[t] = %s; if (((mixv(src[t]) + (unsigned)k) & 3u) == 0u) s0[t] = mkv_%s((unsigned)k);%s" % (
                    src, tn, step)
            copy = ["if (active) { %s }" % body]
            compute = ["acc = acc * 31u + mixv(s0[(t + 1) % bx]);"]
        if self.store_in_loop:
            compute.append("out[blk + (size_t)it * nthr + t] = mkv_%s(acc);" % tn)
        loop = [("phase", copy), ("barrier",), ("phase", compute), ("barrier",), ("uniform", ["it++;"])]
        program = [("phase", init),
                   ("loop", "for (%s k = lo; k < hi; k++)" % ct, loop),
                   ("barrier",),
                   ("phase", ["out[blk + (size_t)it * nthr + t] = mkv_%s(acc ^ (unsigned)it);" % tn])]
        return render(self, shared, uniform, tconst, tstate, program, reference_prelude(self.name, T, tn))

    def make_configs(self, r, count):
        fixed = [0, 1, 7, 8, 9, 40]
        for i in range(count):
            trip = fixed[i] if i < len(fixed) else r.choice(TRIPS)
            bx = r.choice([b for b in BLOCKS if b <= self.maxb]) if i != 1 else min(256, self.maxb)
            lo = r.choice([0, 0, 1, 3])
            kstride = r.choice([bx, bx, bx + 2, 2 * bx, r.randint(0, 7)])
            lim = r.choice([bx, bx, bx - 1, bx // 2, 0, r.randint(0, bx)])
            # Overlapping: the output some elements into the input (the
            # driver takes it modulo the input's span).
            overlap = r.randint(1, (trip + 2) * max(kstride, 1) + bx) if r.random() < 0.4 else 0
            self.configs.append(dict(gx=r.choice([1, 2, 3]), bx=bx, by=1, dyn=0, lo=lo, hi=lo + trip,
                                     off=r.choice([0, 0, 1, 2, 3, 5]), kstride=kstride, ostride=0, ld=0, lim=lim,
                                     nouter=1, pstep=0, overlap=overlap, pad=r.choice([0, 0, 1, 3]), trip=trip))

    def cfg_table(self):
        return cfg_table(self.name, self.configs)

    def features(self):
        shared = self.planes * (self.maxb + 2) if self.variant == "rotate" else self.maxb
        return dict(type=self.tname, bytes=self.size, dims=1, extern=False, family=self.family,
                    variant=self.variant, counter=self.counter, planes=self.planes, halo=self.halo,
                    active=self.active, last=self.last, stepped=self.stepped, store_in_loop=self.store_in_loop,
                    maxb=self.maxb, static_bytes=shared * self.size, tile_bytes=shared * self.size)
