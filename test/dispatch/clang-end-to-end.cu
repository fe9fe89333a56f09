// The dispatch through clang: the device PTX holds each converted kernel
// twice, as written and as K__ferry_trial (its copy is a single-stage
// 4-byte one, which the rules alone leave as written: a trial decides);
// the host module of a full compile
// (the device binary given, as the driver gives it) registers the variant
// and dispatches the launch, through plain clang -fpass-plugin and through
// ferry-cc, at -O0 too; -ferry-dispatch=never converts in place and leaves
// the host alone. With a device binary that has no variant (built without
// ferry) the host is left alone too, and a remark says why.
//
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O2 \
// RUN:   -fpass-plugin=%plugin -S --cuda-device-only -Rpass=ferry -o %t.ptx %s 2>%t.remarks
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -c --cuda-device-only -o %t.image %s
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O2 \
// RUN:   -c --cuda-device-only -o %t.plain-image %s
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O2 \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm --cuda-host-only -Xclang -fcuda-include-gpubinary \
// RUN:   -Xclang %t.image -o - %s | FileCheck --check-prefix=HOST %s
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S -emit-llvm --cuda-host-only -Xclang -fcuda-include-gpubinary \
// RUN:   -Xclang %t.image -o - %s | FileCheck --check-prefix=HOST %s
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm --cuda-host-only -Xclang -fcuda-include-gpubinary \
// RUN:   -Xclang %t.image -mllvm -ferry-dispatch=never -o - %s | FileCheck --check-prefix=NEVER-HOST %s
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm --cuda-host-only -Xclang -fcuda-include-gpubinary \
// RUN:   -Xclang %t.plain-image -Rpass-analysis=ferry -o %t.no-variant.ll %s 2>%t.no-variant.remarks
// RUN: FileCheck --check-prefix=NEVER-HOST %s < %t.no-variant.ll
// RUN: FileCheck --check-prefix=NO-VARIANT %s < %t.no-variant.remarks
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S --cuda-device-only -mllvm -ferry-dispatch=never \
// RUN:   -o %t.never.ptx %s
// RUN: FileCheck --check-prefix=NEVER-PTX %s < %t.never.ptx
// RUN: %ptxas -arch=sm_80 %t.never.ptx -o /dev/null
// Two architectures in one object.
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90a -O2 -c %s -o %t.o 2>&1 | count 0

// The scale's load shares the copy's phase: a lone copy stays plain
// (cost_model.c).
__global__ void copy_tile(float *out, const float *in) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[255 - t] = in[blockIdx.x * 256 + t];
  float scale = in[gridDim.x * 256];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[t] * scale;
}

void launch(float *out, const float *in, int blocks) { copy_tile<<<blocks, 256>>>(out, in); }

// PTX: .visible .entry _Z9copy_tilePfPKf(
// PTX-NOT: cp.async
// PTX: .visible .entry _Z9copy_tilePfPKf__ferry_trial(
// PTX: cp.async.ca.shared.global
// REMARK: remark: the kernel stays as written and its converted copy is the variant _Z9copy_tilePfPKf__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster

// HOST: c"_Z9copy_tilePfPKf__ferry_trial\00"
// HOST: @_Z24__device_stub__copy_tilePfPKf.ferry_dispatch = internal global %struct.ferry_dispatch_kernel { ptr @_Z24__device_stub__copy_tilePfPKf, ptr null, ptr null, ptr @_Z24__device_stub__copy_tilePfPKf.ferry_trial_variant,
// HOST-NOT: call {{.*}}@cudaLaunchKernel(ptr {{.*}}@_Z24__device_stub__copy_tilePfPKf,
// HOST: call {{.*}}@ferry_dispatch_launch(
// HOST-NOT: call {{.*}}@cudaLaunchKernel(ptr {{.*}}@_Z24__device_stub__copy_tilePfPKf,
// HOST: call i32 @__cudaRegisterFunction(ptr %{{.*}}, ptr {{(nonnull )?}}@_Z24__device_stub__copy_tilePfPKf.ferry_trial_variant,

// (The embedded device code may name the variant: only the host's own
// code is looked at.)
// NEVER-HOST-NOT: {{@ferry_dispatch_launch|\.ferry_(trial_)?variant|\.ferry_dispatch}}
// NEVER-HOST: call {{.*}}i32 @cudaLaunchKernel(ptr {{.*}}@_Z24__device_stub__copy_tilePfPKf,
// NEVER-HOST-NOT: {{@ferry_dispatch_launch|\.ferry_(trial_)?variant|\.ferry_dispatch}}
// NO-VARIANT: remark: no variant in the device code this module embeds: launches run the kernel as written
// NEVER-PTX-NOT: __ferry
// NEVER-PTX: cp.async.ca.shared.global
// NEVER-PTX-NOT: __ferry
