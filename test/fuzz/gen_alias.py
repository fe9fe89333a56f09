"""The alias family of the fuzzer (gen.py --generation 4, kernels ALIAS_BASE
and up): loops that alias versioning (passes/loops/alias_version.c) takes,
launched with their buffers apart (the check holds: the checked copy runs,
accumulators in registers) and overlapping (it fails: the loop as written
runs), each against the CPU reference.

Every kernel takes `T *out, const T *in` with no __restrict__, so each
loop's stores may alias its loads. Each thread works in a window of its own,
`ld` elements of the buffer from `blk + t * ld`, in the output (its
accumulators) and in the input (its loads); a launch that overlaps puts the
output `overlap` elements into the input, so that each thread's stores land
in its own window, at a shift of `overlap - off` from its loads (negative,
zero or positive; partly over them or beside them), and never in another
thread's. Race-free so: a thread's loop touches its window alone, and the
only reads of another thread's window (the neighbour's first element, into
shared memory) come before the barrier that precedes every store. One-thread
launches (bx 1) overlap anywhere.

Shapes (variant):
  inv     an accumulator at a loop-invariant address: `C[0] = C[0] * 3 +
          A[k * kstride]` (one or two loads; counting up or down)
  moving  stores to a moving address: `C[j*cs] = f(A[..])`, or the chain
          `C[j+1] = f(C[j], A[..])` (x[i+1] = f(x[i])), which later
          iterations load where the buffers overlap
  tri     run-time bounds in two dimensions: a triangle of dot products
          `for (j2 = j1; j2 < lim; j2++) for (i = lo; i < hi; i++)
          C[j1*lim+j2] += A[i*lim+j1] * A[i*lim+j2]`
  nested  three loops deep, `C[a*lim+b] += A[a*hi+k] * B[k*lim+b]`
  huge    the check's overflow edge: `A[(k-lo) * hs]` with hs = kstride <<
          pstep (up to 2^63), guarded off past the first iteration (`k - lo
          < lim`): the range the check computes overflows or spans the
          buffer, and the loop as written runs
  multi   two store groups: an accumulator and a moving store
Element types: the integer and float scalars; the integer ones also read
their input as bytes, write their accumulator as bytes, or write it through
the signed type (types whose accesses may alias in C++: char, and a type's
signed twin); the float ones accumulate by halving (exact, so a contracted
fma rounds as the CPU does).
"""
from gen_host import TYPES, cfg_table, reference_prelude
from gen_phased import render

ALIAS_BASE = 200000
VARIANTS = ["inv", "moving", "tri", "nested", "huge", "multi"]
ELEMS = ["u8", "u16", "u32", "f32", "u64", "f64"]
ELEM_WEIGHTS = [1, 2, 5, 4, 3, 3]
SIGNED = {"u32": "int", "u64": "long long"}
BLOCKS = [2, 3, 32, 64, 96, 128, 255, 256, 512]
TRIPS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 20]


def ceil_div(a, b):
    return -(-a // b)


class AliasKernel:
    """One kernel of the alias family: gen.py's kernel interface."""

    def __init__(self, r, idx):
        self.idx = idx
        self.name = "k%d" % idx
        self.family = "alias"
        self.variant = VARIANTS[(idx - ALIAS_BASE) % len(VARIANTS)]
        tn = r.choices(ELEMS, ELEM_WEIGHTS)[0]
        self.tname, self.T, self.size, self.align = [t for t in TYPES if t[0] == tn][0]
        self.floating = tn in ("f32", "f64")
        # The accesses' types: the load's (TA) and the accumulator's (TC).
        self.view = "none"
        if not self.floating and r.random() < 0.45:
            views = (["bytes_load", "bytes_store"] if self.size > 1 else []) + (["signed"] if tn in SIGNED else [])
            if self.variant == "multi":
                views = [v for v in views if v == "bytes_load"]
            if views:
                self.view = r.choice(views)
        self.TA = "unsigned char" if self.view == "bytes_load" else self.T
        self.TC = {"bytes_store": "unsigned char", "signed": SIGNED.get(tn)}.get(self.view, self.T)
        self.sizeA = 1 if self.view == "bytes_load" else self.size
        self.sizeC = 1 if self.view == "bytes_store" else self.size
        self.counter = r.choices(["int", "long long"], [4, 1])[0]
        self.pre_read = r.random() < 0.6
        self.init = r.random() < 0.6
        self.two_loads = r.random() < 0.5
        self.down = self.variant in ("inv", "multi") and r.random() < 0.3
        self.chain = self.variant == "moving" and r.random() < 0.5
        self.cs = r.choice([1, 1, 2])
        self.dd = r.choice([0, 0, 3])
        self.maxb = 512
        self.configs = []

    # -- text --------------------------------------------------------------
    def upd(self, cur, val):
        """The accumulator's next value, in TC's arithmetic, order kept."""
        if self.TC == "float":
            return "%s * 0.5f + (float)((%s) & 0xffffu)" % (cur, val)
        if self.TC == "double":
            return "%s * 0.5 + (double)((%s) & 0xfffffu)" % (cur, val)
        if self.TC in ("int", "long long"):
            u = "unsigned" if self.TC == "int" else "unsigned long long"
            return "(%s)((%s)%s * 3u + (%s))" % (self.TC, u, cur, val)
        return "(%s)(%s * 3u + (%s))" % (self.TC, cur, val)

    def conv(self, val):
        """A value of TC from an unsigned expression."""
        if self.floating:
            return "(%s)((%s) & 0xffffu)" % (self.TC, val)
        return "(%s)(%s)" % (self.TC, val)

    def loop(self, var="k"):
        ct = self.counter
        if self.down:
            return "for (%s %s = hi - 1; %s >= lo; %s--)" % (ct, var, var, var)
        return "for (%s %s = lo; %s < hi; %s++)" % (ct, var, var, var)

    def body(self):
        """The main phase's statements (after the barrier)."""
        seed = "mixv(pre[t])" if self.pre_read else "((unsigned)t * 7u + (unsigned)bid)"
        init = self.conv("%s * 5u + 1u" % seed)
        v = self.variant
        one = "mixv(A[k * kstride])"
        two = "mixv(A[k * kstride]) * (mixv(A[k * kstride + 1]) | 1u)" if self.two_loads else one
        s = []
        if v == "inv":
            if self.init:
                s.append("C[0] = %s;" % init)
            s.append("%s C[0] = %s;" % (self.loop(), self.upd("C[0]", two)))
        elif v == "moving":
            if self.chain:
                if self.init:
                    s.append("C[0] = %s;" % init)
                s.append("%s C[(k - lo) * %d + 1] = %s;" % (self.loop(), self.cs, self.upd("C[(k - lo) * %d]" % self.cs, two)))
            else:
                s.append("%s C[(k - lo) * %d] = %s;" % (self.loop(), self.cs, self.conv(two)))
        elif v == "tri":
            s.append("const int j1 = (t + bid) % (lim + 1);")
            s.append("for (int j2 = j1; j2 < lim; j2++) {")
            if self.init:
                s.append("  C[j1 * lim + j2] = %s;" % init)
            s.append("  %s C[j1 * lim + j2] = %s;" % (
                self.loop("i"), self.upd("C[j1 * lim + j2]", "mixv(A[i * lim + j1]) * (mixv(A[i * lim + j2]) | 1u)")))
            s.append("}")
        elif v == "nested":
            s.append("@PTR(const %s) B = A + (long long)nouter * (long long)hi;" % self.TA)
            s.append("for (int a = 0; a < nouter; a++)")
            s.append("  for (int b = 0; b < lim; b++) {")
            if self.init:
                s.append("    C[a * lim + b] = %s;" % init)
            s.append("    %s C[a * lim + b] = %s;" % (
                self.loop(), self.upd("C[a * lim + b]", "mixv(A[a * hi + k]) * (mixv(B[k * lim + b]) | 1u)")))
            s.append("  }")
        elif v == "huge":
            s.append("const long long hs = (long long)((unsigned long long)(unsigned)kstride << pstep);")
            if self.init:
                s.append("C[0] = %s;" % init)
            s.append("%s if (k - lo < lim) C[0] = %s;" % (self.loop(), self.upd("C[0]", "mixv(A[(long long)(k - lo) * hs])")))
        else:  # multi
            s.append("@PTR(%s) D = C + %d;" % (self.TC, 1 + self.dd))
            if self.init:
                s.append("C[0] = %s;" % init)
            s.append("%s {" % self.loop())
            s.append("  C[0] = %s;" % self.upd("C[0]", one))
            s.append("  D[k - lo] = %s;" % self.conv("mixv(A[k * kstride + 1]) ^ mixv(C[0])"))
            s.append("}")
        return s

    def emit(self):
        T, TA, TC = self.T, self.TA, self.TC
        ct = self.counter
        win_out = "out + blk + (size_t)t * ld"
        win_in = "in + blk + (size_t)t * ld"
        c_ptr = ("@PTR(%s) C = %s + ostride;" % (TC, win_out) if TC == T
                 else "@PTR(%s) C = @VIEW(%s, %s) + ostride;" % (TC, TC, win_out))
        a_ptr = ("@PTR(const %s) A = %s + off;" % (TA, win_in) if TA == T
                 else "@PTR(const %s) A = @VIEW(const %s, %s) + off;" % (TA, TA, win_in))
        uniform = ["const %s lo = (%s)lo_, hi = (%s)hi_;" % (ct, ct, ct),
                   "const size_t blk = (size_t)bid * win;"]
        tconst = ["const int t = ty * bx + tx;", c_ptr, a_ptr]
        program = []
        shared = []
        if self.pre_read:
            shared.append("%s pre[%d]" % (T, self.maxb))
            program += [("phase", ["pre[t] = in[blk + (size_t)((t + 1) % bx) * ld];"]), ("barrier",)]
        program.append(("phase", self.body()))
        return render(self, shared, uniform, tconst, [], program,
                      reference_prelude(self.name, T, self.tname))

    # -- configurations ----------------------------------------------------
    def extents(self, c):
        """(last index A reads, in TA's; last index C and D write, in TC's);
        -1 where none."""
        trip, lim, nouter, ks = c["trip"], c["lim"], c["nouter"], c["kstride"]
        lo, hi = c["lo"], c["hi"]
        v = self.variant
        la = sa = -1
        if v == "inv":
            la = (hi - 1) * ks + (1 if self.two_loads else 0) if trip else -1
            sa = 0
        elif v == "moving":
            la = (hi - 1) * ks + (1 if self.two_loads else 0) if trip else -1
            sa = ((trip - 1) * self.cs + (1 if self.chain else 0)) if trip else (0 if self.chain and self.init else -1)
        elif v == "tri":
            if lim > 0:
                sa = lim * lim - 1
                la = (hi - 1) * lim + lim - 1 if trip else -1
        elif v == "nested":
            if lim > 0 and nouter > 0:
                sa = nouter * lim - 1
                la = nouter * hi + (hi - 1) * lim + lim - 1 if trip else -1
        elif v == "huge":
            sa = 0
            n = min(trip, lim)
            la = (n - 1) * (ks << c["pstep"]) if n > 0 else -1
        else:
            sa = 1 + self.dd + trip - 1 if trip else 0
            la = (hi - 1) * ks + 1 if trip else -1
        return la, sa

    def make_configs(self, r, count):
        kinds = ["apart", "window", "solo"]
        for i in range(count):
            kind = kinds[i % 3] if i >= 3 else ["apart", "window", "solo"][i]
            trip = [0, 1, 17][i] if i < 3 else r.choice(TRIPS)
            lo = r.choice([0, 0, 0, 1, 2])
            hi = lo + trip
            ks = r.choice([0, 1, 1, 2, 3, 5])
            lim = nouter = 0
            pstep = 0
            if self.variant == "tri":
                lim = r.randint(0, 9)
            elif self.variant == "nested":
                lim, nouter = r.randint(0, 5), r.randint(0, 3)
                trip = min(trip, 9)
                hi = lo + trip
            elif self.variant == "huge":
                if r.random() < 0.6:
                    pstep, lim, ks = r.choice([31, 40, 52, 60, 61, 62, 63]), 1, r.randint(1, 3)
                else:
                    lim = r.choice([trip, trip + 5, max(0, trip - 2)])
            nouter = nouter if self.variant == "nested" else 1
            c = dict(trip=trip, lo=lo, hi=hi, kstride=ks, lim=lim, nouter=nouter, pstep=pstep)
            off = r.randint(0, 12)
            ostride = r.randint(0, 12)
            la, sa = self.extents(c)
            rA, rC = self.size // self.sizeA, self.size // self.sizeC
            load_end = max(1, ceil_div(off + la + 1, rA) if la >= 0 else 0)
            store_end = ceil_div(ostride + sa + 1, rC) if sa >= 0 else 0
            # Mostly, the stores' first byte aimed at the loads' bytes (from
            # two elements before them to their last), so that overlaps
            # hit them partly; else anywhere near.
            overlap = r.randint(1, max(2, load_end + (store_end if kind == "solo" else 2)))
            if la >= 0 and r.random() < 0.7:
                target = r.randint(off * self.sizeA - 2 * self.size, max(off * self.sizeA, (off + la + 1) * self.sizeA - 1))
                overlap = max(1, (target - ostride * self.sizeC) // self.size)
            if kind == "solo":
                bx, gx = 1, r.choice([1, 1, 2])
                ld = max(load_end, store_end, 1) + r.randint(0, 3)
            else:
                bx = r.choice(BLOCKS)
                gx = r.choice([1, 1, 2, 3])
                overlap = overlap if kind == "window" else 0
                # Each thread's stores inside its own window at any shift
                # up to `overlap` (the driver may take it modulo the span).
                ld = max(load_end, overlap + store_end, 1) + r.randint(0, 3)
            c.update(gx=gx, bx=bx, by=1, dyn=0, off=off, ostride=ostride, ld=ld, overlap=overlap,
                     pad=r.choice([0, 0, 1, 3]), kind=kind)
            c["hit"] = self.hits(c, la, sa, load_end)
            self.configs.append(c)

    def hits(self, c, la, sa, load_end):
        """Whether a thread's stores land on the bytes its loads read (the
        hulls the check compares): the check fails and the loop as written
        runs. The driver puts the output `overlap` modulo the input's span
        into it (span: one thread's loads alone where bx is 1)."""
        if not c["overlap"] or la < 0 or sa < 0:
            return False
        span = max(1 if self.pre_read else 0, load_end) if c["bx"] == 1 else c["overlap"] + 2
        delta = c["overlap"] % span if span > 1 else 0
        loads = (c["off"] * self.sizeA, (c["off"] + la + 1) * self.sizeA)
        stores = (delta * self.size + c["ostride"] * self.sizeC, delta * self.size + (c["ostride"] + sa + 1) * self.sizeC)
        return loads[0] < stores[1] and stores[0] < loads[1]

    def cfg_table(self):
        return cfg_table(self.name, self.configs)

    def features(self):
        return dict(type=self.tname, bytes=self.size, dims=1, extern=False, family=self.family,
                    variant=self.variant, view=self.view, counter=self.counter, pre_read=self.pre_read,
                    init=self.init, two_loads=self.two_loads, down=self.down, chain=self.chain,
                    maxb=self.maxb, static_bytes=(self.size * self.maxb if self.pre_read else 0), tile_bytes=0)
