; A host target other than x86-64: the dispatch passes a launch's dim3
; arguments as x86-64 does, so it leaves the module as written and says so.
; The module is read from stdin so that its name (ModuleID, source_filename)
; is <stdin>, not the test's path, which may itself contain "ferry".
; RUN: %opt -passes=ferry-dispatch-host -pass-remarks-missed=ferry -S < %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target triple = "aarch64-unknown-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

; CHECK-NOT: ferry
; CHECK: call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf,
; CHECK-NOT: ferry
; REMARK: remark: <unknown>:0:0: no launch dispatch: the host target is aarch64-unknown-linux-gnu, and ferry's dispatch passes a launch's arguments as x86-64 does; the kernels run as written (-mllvm -ferry-dispatch=never converts them in place)
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
