// Alias versioning (alias_version.h): a loop that accumulates in global
// memory through a pointer that may alias its loads is versioned in the
// kernel's variant on one check per thread; in the checked copy the
// accumulator stays in a register, stored once after the loop, and the
// loop as written is the fallback. The kernel as written is unchanged.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm --cuda-device-only -o %t.ll %s
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// Under -ferry-dispatch=never there are no variants: nothing is versioned.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm \
// RUN:   --cuda-device-only -o %t.never.ll %s
// RUN: FileCheck --check-prefix=NEVER %s < %t.never.ll

// PolyBench's covariance: one thread per column pair, a dot product over
// rows accumulated in symmat, whose bounds are both run-time values.
// REMARK: accumulator.cu:[[#@LINE+8]]:{{[0-9]+}}: remark: versioned this loop on a run-time check, per thread, that the store at line [[#@LINE+8]]:{{[0-9]+}} writes none of the bytes the loop's other accesses through pointers that may alias touch over its iterations
// REMARK: remark: the kernel stays as written and its converted copy is the variant _Z5covarPfS_ii__ferry:
__global__ void covar(float *symmat, float *data, int m, int n) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < m)
    for (int j2 = j1; j2 < m; j2++) {
      symmat[j1 * m + j2] = 0.0f;
      for (int i = 0; i < n; i++)
        symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
    }
}

// The kernel as written keeps its store in the loop. The variant checks
// the ranges (with overflow) before the loop; its first loop (a checked
// copy: the clones come after the loops they copy) loads in the loads'
// scope and stores nothing; the accumulator is stored after it, in the
// stores' scope; the loops as written still store in every iteration.
// IR-LABEL: define {{.*}} void @_Z5covarPfS_ii(
// IR-NOT: alias.scope
// IR: ret void
// IR-LABEL: define {{.*}} void @_Z5covarPfS_ii__ferry(
// IR: @llvm.sadd.with.overflow.i64
// IR: [[LOOP:[0-9]+]]:{{ +}}; preds = {{.*}}%[[LOOP]]{{(,|$)}}
// IR-NOT: store
// IR: load float, {{.*}} !alias.scope ![[LOADS:[0-9]+]], !noalias ![[STORES:[0-9]+]]
// IR-NOT: store
// IR: br i1 {{.*}}, label %[[LOOP]]
// IR-DAG: store float {{.*}} !alias.scope ![[STORES]], !noalias ![[LOADS]]
// IR-DAG: store float {{[^!]*}}, !tbaa ![[#]]{{$}}
// IR: ret void
// IR-DAG: ![[STORES]] = !{![[S:[0-9]+]]}
// IR-DAG: ![[S]] = !{!"ferry.alias._Z5covarPfS_ii__ferry.{{[0-9]+}}.0", ![[D:[0-9]+]]}
// IR-DAG: ![[D]] = !{!"ferry.alias._Z5covarPfS_ii__ferry.{{[0-9]+}}"}

// NEVER-NOT: alias.scope
// NEVER-NOT: ferry.alias
