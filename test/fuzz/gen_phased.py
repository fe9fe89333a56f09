"""A kernel written as phases, rendered twice: as CUDA, and as the CPU
reference that runs each phase for every thread of the block in turn (the
families of gen_alias.py and gen_staged.py; gen.py's kernels write theirs
out by hand).

A program is a list of items:
  ("phase", [statements])  run by every thread; between two barriers the
                           reference runs it thread by thread, which is the
                           program's one result where the phase is race-free
  ("barrier",)             __syncthreads() (the reference's phases order it)
  ("uniform", [statements]) block-uniform statements (`it++`): every thread
                           runs them on the GPU, the reference once
  ("loop", head, [items])  a loop whose head is block-uniform text
Thread constants (`const bool active = t < lim;`) are declared once on the
GPU and at the top of each phase in the reference; thread state (type, name,
initial value) lives across phases: a register on the GPU, a vector indexed
by the thread in the reference. Statements may hold @PTR(TYPE) (a pointer to
TYPE, `Arr<TYPE>` in the reference) and @VIEW(TYPE, EXPR) (EXPR's bytes read as
TYPE: a cast on the GPU, Arr::view in the reference).
"""
import re

_PTR = re.compile(r"@PTR\(([^()]*)\)")
_VIEW = re.compile(r"@VIEW\(([^,()]*), ((?:[^()]|\([^()]*\))*)\)")


def fill(s, ref):
    """A statement's placeholders for the GPU (ref False) or the reference."""
    if ref:
        s = _VIEW.sub(lambda m: "(%s).template view<%s>()" % (m.group(2), m.group(1).replace("const ", "")), s)
        return _PTR.sub(lambda m: "Arr<%s> " % m.group(1).replace("const ", ""), s)
    s = _VIEW.sub(lambda m: "((%s *)(%s))" % (m.group(1), m.group(2)), s)
    return _PTR.sub(lambda m: "%s *" % m.group(1), s)


def _device(items, ind):
    out = []
    for it in items:
        if it[0] == "phase" or it[0] == "uniform":
            out += [ind + fill(s, False) for s in it[1]]
        elif it[0] == "barrier":
            out.append(ind + "__syncthreads();")
        else:
            out.append(ind + it[1] + " {")
            out += _device(it[2], ind + "  ")
            out.append(ind + "}")
    return out


def _reference(items, ind, head):
    out = []
    for it in items:
        if it[0] == "phase":
            out.append(ind + "for (int ty = 0; ty < by; ty++) for (int tx = 0; tx < bx; tx++) {")
            out += [ind + "  " + s for s in head]
            out += [ind + "  " + fill(s, True) for s in it[1]]
            out.append(ind + "}")
        elif it[0] == "uniform":
            out += [ind + fill(s, True) for s in it[1]]
        elif it[0] == "loop":
            out.append(ind + it[1] + " {")
            out += _reference(it[2], ind + "  ", head)
            out.append(ind + "}")
    return out


def render(k, shared, uniform, tconst, tstate, program, prelude):
    """(kernel, reference, launcher) of kernel k (name, T, tname): shared
    declarations ("T s[N]"), block-uniform statements, thread constants
    and state, the program; prelude: the reference's opening (gen_host's
    reference_prelude)."""
    n, T = k.name, k.T
    params = ("%s *out, const %s *in, long long lo_, long long hi_, long long win, int off, "
              "int kstride, int ostride, int ld, int lim, int nouter, int pstep" % (T, T))
    d = ["__global__ void %s(%s) {" % (n, params)]
    d += ["  __shared__ %s;" % s for s in shared]
    d.append("  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y, bid = blockIdx.x;")
    d.append("  (void)ty; (void)by;")
    d += ["  " + fill(s, False) for s in uniform]
    d += ["  " + fill(s, False) for s in tconst]
    d += ["  %s %s = %s;" % st for st in tstate]
    d += _device(program, "  ")
    d.append("}")

    h = list(prelude)
    h += ["  static %s;" % s for s in shared]
    for ty, name, _ in tstate:
        h.append("  std::vector<%s> %s_v((size_t)bx * by);" % (ty, name))
    h.append("  for (int bid = 0; bid < cfg.gx; bid++) {")
    h += ["    " + fill(s, True) for s in uniform]
    head = [fill(s, True) for s in tconst]
    if tstate:
        h.append("    for (int ty = 0; ty < by; ty++) for (int tx = 0; tx < bx; tx++) {")
        h += ["      " + s for s in head]
        h += ["      %s_v[t] = %s;" % (name, init) for _, name, init in tstate]
        h.append("    }")
        head = head + ["%s &%s = %s_v[t]; (void)%s;" % (ty, name, name, name) for ty, name, _ in tstate]
    h += _reference(program, "    ", head)
    h.append("  }")
    h.append("}")
    h.append("static void ref_%s(const Cfg &cfg, void *mem, long long out_base, long long mem_n, long long *in_span, long long *out_span) {" % n)
    h.append("  if (mem) refk_%s(cfg, Arr<%s>{(%s *)mem, 0, mem_n, nullptr}, Arr<%s>{(%s *)mem, out_base, mem_n, nullptr});" % (n, T, T, T, T))
    h.append("  else refk_%s(cfg, Arr<%s>{nullptr, 0, 0, in_span}, Arr<%s>{nullptr, 0, 0, out_span});" % (n, T, T))
    h.append("}")

    l = ["static cudaError_t launch_%s(const Cfg &c, void *out, const void *in) {" % n,
         "  FUZZ_LAUNCH(%s, dim3(c.gx), dim3(c.bx, c.by), c.dyn)((%s *)out, (const %s *)in, c.a.lo, c.a.hi, c.a.win, c.a.off, "
         "c.a.kstride, c.a.ostride, c.a.ld, c.a.lim, c.a.nouter, c.a.pstep);" % (n, T, T),
         "  return cudaGetLastError();",
         "}"]
    return "\n".join(d), "\n".join(h), "\n".join(l)
