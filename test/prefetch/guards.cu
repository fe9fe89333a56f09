// ferry-prefetch prefetches iteration i+d only when iteration i+d runs
// (d = the distance k, and 1..k-1 in the first iteration's prologue),
// else the thread's current address: tested with the latch's own
// comparison at the counter d steps on, and no wrap on the way, for a <
// test (unsigned, counting by 4; the address reads the counter
// zero-extended: no signed check), a <= test (signed, counting by 2, read
// sign-extended) and, for a 64-bit counter counting by 1 to its bound
// (clang's exit test is ==), (bound - counter - 1) >= d.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__global__ void up_by_four(int *out, const int *in, unsigned n) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (unsigned b = 0; b < n; b += 4) {
    tile[t] = in[(size_t)b * blockDim.x + t];
    __syncthreads();
    out[(size_t)b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}
__global__ void signed_le(int *out, const int *in, int lo, int hi) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (int b = lo; b <= hi; b += 2) {
    tile[t] = in[(long long)b * blockDim.x + t];
    __syncthreads();
    out[(long long)b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}
__global__ void counted_by_one(int *out, const int *in, unsigned long long n) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (unsigned long long b = 0; b < n; b++) {
    tile[t] = in[b * blockDim.x + t];
    __syncthreads();
    out[b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

// CHECK-LABEL: define {{.*}} @_Z10up_by_fourPiPKij(
// CHECK:       [[K:%[0-9]+]] = trunc i64 {{%[0-9]+}} to i32
// CHECK:       [[IV:%[0-9]+]] = phi i32 [ 0,
// CHECK:       [[J:%[0-9]+]] = phi i32 [ 1,
// CHECK-NEXT:  [[AHEAD:%[0-9]+]] = mul i32 [[J]], 4
// CHECK-NEXT:  [[LATER:%[0-9]+]] = add i32 [[IV]], [[AHEAD]]
// CHECK-NEXT:  [[HOLDS:%[0-9]+]] = icmp ult i32 [[LATER]], %2
// CHECK-NEXT:  [[NOWRAP:%[0-9]+]] = icmp ugt i32 [[LATER]], [[IV]]
// CHECK-NEXT:  [[RUNS:%[0-9]+]] = and i1 [[HOLDS]], [[NOWRAP]]
// CHECK-NEXT:  [[WIDE:%[0-9]+]] = zext i32 [[J]] to i64
// CHECK-NEXT:  [[BYTES:%[0-9]+]] = mul i64 [[WIDE]], [[STRIDE:%[0-9]+]]
// CHECK-NEXT:  [[OFFSET:%[0-9]+]] = select i1 [[RUNS]], i64 [[BYTES]], i64 0
// CHECK-NEXT:  getelementptr i8, ptr [[SOURCE:%[0-9]+]], i64 [[OFFSET]]
// CHECK:       call void asm sideeffect "prefetch.global.L2 [$0];"
// CHECK:       icmp ult i32 {{%[0-9]+}}, [[K]]
// CHECK:       [[AHEAD2:%[0-9]+]] = mul i32 [[K]], 4
// CHECK-NEXT:  [[LATER2:%[0-9]+]] = add i32 [[IV]], [[AHEAD2]]
// CHECK-NEXT:  icmp ult i32 [[LATER2]], %2
// CHECK-NEXT:  icmp ugt i32 [[LATER2]], [[IV]]
// CHECK-NEXT:  [[RUNS2:%[0-9]+]] = and i1
// CHECK-NEXT:  zext i32 [[K]] to i64
// CHECK-NEXT:  mul i64 {{%[0-9]+}}, [[STRIDE]]
// CHECK-NEXT:  select i1 [[RUNS2]]
// CHECK-NEXT:  getelementptr i8, ptr [[SOURCE]]
// CHECK:       call void asm sideeffect "prefetch.global.L2 [$0];"
// CHECK-NEXT:  load i32, ptr [[SOURCE]], {{.*}}
// CHECK-NEXT:  store i32 {{.*}}

// CHECK-LABEL: define {{.*}} @_Z9signed_lePiPKiii(
// CHECK:       [[IV:%[0-9]+]] = phi i32 [ %2,
// CHECK:       [[J:%[0-9]+]] = phi i32 [ 1,
// CHECK-NEXT:  [[AHEAD:%[0-9]+]] = mul i32 [[J]], 2
// CHECK-NEXT:  [[LATER:%[0-9]+]] = add i32 [[IV]], [[AHEAD]]
// CHECK-NEXT:  [[EXITS:%[0-9]+]] = icmp sgt i32 [[LATER]], %3
// CHECK-NEXT:  [[HOLDS:%[0-9]+]] = xor i1 [[EXITS]], true
// CHECK-NEXT:  [[NOWRAP:%[0-9]+]] = icmp sgt i32 [[LATER]], [[IV]]
// CHECK-NEXT:  and i1 [[HOLDS]], [[NOWRAP]]
// CHECK-NEXT:  zext i32 [[J]] to i64

// CHECK-LABEL: define {{.*}} @_Z14counted_by_onePiPKiy(
// CHECK:       [[IV:%[0-9]+]] = phi i64 [ 0,
// CHECK:       [[J:%[0-9]+]] = phi i64 [ 1,
// CHECK-NEXT:  [[LEFT:%[0-9]+]] = sub i64 %2, [[IV]]
// CHECK-NEXT:  [[LEFT1:%[0-9]+]] = sub i64 [[LEFT]], 1
// CHECK-NEXT:  [[RUNS:%[0-9]+]] = icmp uge i64 [[LEFT1]], [[J]]
// CHECK-NEXT:  [[BYTES:%[0-9]+]] = mul i64 [[J]],
// CHECK-NEXT:  select i1 [[RUNS]], i64 [[BYTES]], i64 0
