// Plain C for nvptx64, with -march or without (clang then targets sm_30 and
// writes no target-cpu), gets the same checks at every -O level; with no
// target the range of dynamic_shared is the largest of any GPU.
//
// RUN: not %ferry-cc --target=nvptx64-nvidia-cuda -std=c17 -O0 -S -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,ANY %s --implicit-check-not=error:
// RUN: not %ferry-cc --target=nvptx64-nvidia-cuda -std=c17 -O2 -S -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,ANY %s --implicit-check-not=error:
// RUN: not %ferry-cc --target=nvptx64-nvidia-cuda -march=sm_75 -std=c17 -O2 -S -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM75 %s --implicit-check-not=error:

// CHECK-DAG: checked-plain-c.c:[[#@LINE+1]]:{{[0-9]+}}: error: annotate("ferry:stages=32"): the stages must be 1 (no pipelining), 2, 4, 8 or 16{{$}}
__attribute__((nvptx_kernel, annotate("ferry:stages=32"))) void too_many_stages(int *out) { out[0] = 1; }

// ANY-DAG: checked-plain-c.c:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:dynamic_shared=300000"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 232448 (the most shared memory a block may have on any target){{$}}
// SM75-DAG: checked-plain-c.c:[[#@LINE+1]]:{{[0-9]+}}: error: annotate("ferry:dynamic_shared=300000"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 65536 (the most shared memory a block may have on sm_75){{$}}
__attribute__((nvptx_kernel, annotate("ferry:dynamic_shared=300000"))) void too_many_bytes(int *out) { out[0] = 2; }

__attribute__((nvptx_kernel, annotate("ferry:stages=8"), annotate("ferry:dynamic_shared=65536")))
void fine(int *out) { out[0] = 3; }
