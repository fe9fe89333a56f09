; The host half rewrites the kernel's launch stub: its cudaLaunchKernel
; becomes a call of the dispatch (linked into the module, internal) with the
; kernel's record (its handle, the variant's, the ring variant's and the
; trial variant's, the registration's name string, for the runtime's
; report, then per-device facts, zero, then the alternative's handle and
; the versioning alone's),
; every other argument as it was. The runtime linked in times
; launch shapes with events recorded in the launch's stream (read through
; the driver's functions, which the runtime looks up), asks whether that
; stream is being captured, and reads the controls from the environment;
; every function it needs from outside is the CUDA runtime's or the C
; library's.
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck %s
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck --check-prefix=RUNTIME %s
; RUN: %opt -passes=ferry-dispatch-host -S %s | grep '^declare' | not grep -v -E '@(cuda[A-Za-z_]+|__cudaRegisterFunction|atexit|calloc|malloc|free|getenv|fopen|fclose|fflush|fprintf|fputs|fwrite|strcmp|strlen|llvm\.[a-z.0-9]+)\('
; RUN: %opt -passes=ferry-dispatch-host -pass-remarks=ferry -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

; CHECK: @[[RECORD:_Z20__device_stub__scalePfPKf.ferry_dispatch]] = internal global %struct.ferry_dispatch_kernel { ptr @_Z20__device_stub__scalePfPKf, ptr @_Z20__device_stub__scalePfPKf.ferry_variant, ptr @_Z20__device_stub__scalePfPKf.ferry_ring_variant, ptr @_Z20__device_stub__scalePfPKf.ferry_trial_variant, ptr @0, [32 x %struct.device_facts] zeroinitializer, ptr @_Z20__device_stub__scalePfPKf.ferry_alt_variant, ptr @_Z20__device_stub__scalePfPKf.ferry_ver_variant }

; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK-NOT: @cudaLaunchKernel(
; CHECK: %launched = call i32 @ferry_dispatch_launch(ptr @[[RECORD]], i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %arguments, i64 %shared, ptr %stream)
; CHECK-NEXT: ret i32 %launched
define i32 @_Z20__device_stub__scalePfPKf(i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %arguments, i64 %shared, ptr %stream) {
  %launched = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %grid.xy, i32 %grid.z, i64 %block.xy, i32 %block.z, ptr %arguments, i64 %shared, ptr %stream)
  ret i32 %launched
}

; CHECK: define internal {{.*}}i32 @ferry_dispatch_launch(
; CHECK: call i32 @cudaFuncGetAttributes(
; RUNTIME-DAG: call i32 @cudaEventRecord(
; RUNTIME-DAG: call i32 @cudaStreamIsCapturing(
; RUNTIME-DAG: call i32 @cudaGetDriverEntryPointByVersion(
; RUNTIME-DAG: call i32 @cudaEventElapsedTime(
; RUNTIME-DAG: call i32 @cudaThreadExchangeStreamCaptureMode(
; RUNTIME-DAG: call i32 @cudaEventDestroy(
; RUNTIME-DAG: call {{.*}}@getenv(
; The launch of a shape's trial is told which entry point it serves (0:
; the legacy-stream calls).
; RUNTIME-DAG: call {{.*}}i32 @trial_launch(i32 {{.*}}0,
; What it needs from outside (the third RUN line): the CUDA runtime and
; the C library, nothing else.
; The per-thread-stream form is not used here: it is gone.
; CHECK-NOT: @ferry_dispatch_launch_ptsz

; REMARK: remark: <unknown>:0:0: the variants _Z5scalePfPKf__ferry, _Z5scalePfPKf__ferry_ring, _Z5scalePfPKf__ferry_trial, _Z5scalePfPKf__ferry_alt and _Z5scalePfPKf__ferry_ver are registered beside the kernel _Z5scalePfPKf; 1 launch here chooses per launch between them{{.*}}; the variant whose ring takes its stages from the launch (__ferry_ring) gets as many stages, 2 to 16, of the launch's dynamic shared memory{{.*}}; the variant whose copies the rules alone leave as written (__ferry_trial) runs only where its launch shape's trial timed it faster, the kernel as written wherever no trial decides (FERRY_DISPATCH=model, a graph capture, a shape past the trial's 16); the second variant (__ferry_alt), the kernel converted another way, runs only where its launch shape's trial, of the kernel's entries, timed it fastest; the third entry (__ferry_ver), the kernel as written with the variant's alias versioning alone, runs only where its launch shape's trial, of the kernel's entries, timed it fastest; where the variant may run, each launch shape keeps the faster of the two, timed over its first launches (FERRY_DISPATCH=measure, the default)

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
