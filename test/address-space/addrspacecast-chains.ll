; Address-space inference follows addrspacecast chains, as instructions and
; as constant expressions, back to a pointer whose address space is known.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@table = addrspace(1) global [256 x i32] zeroinitializer, align 4
@coefficients = addrspace(4) externally_initialized global [256 x i32] zeroinitializer, align 4

; CHECK-LABEL: address spaces of @instructions
; CHECK-NEXT:    load from %g.generic: global
; CHECK-NEXT:    store to %s.generic: shared
; CHECK-NEXT:    load from %c.generic: constant
; CHECK-NEXT:    load from %l.generic: local
; CHECK-NEXT:    load from %round.trip: global
; CHECK-NEXT:    store to %back.to.shared: shared
; CHECK-NEXT:    load from %g.typed: global
define void @instructions(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr addrspace(4) %c, ptr addrspace(5) %l) {
  %g.generic = addrspacecast ptr addrspace(1) %g to ptr
  %s.generic = addrspacecast ptr addrspace(3) %s to ptr
  %c.generic = addrspacecast ptr addrspace(4) %c to ptr
  %l.generic = addrspacecast ptr addrspace(5) %l to ptr
  %v = load i32, ptr %g.generic, align 4
  store i32 %v, ptr %s.generic, align 4
  %w = load i32, ptr %c.generic, align 4
  %x = load i32, ptr %l.generic, align 4
  ; global -> generic -> global -> generic
  %g.typed = addrspacecast ptr %g.generic to ptr addrspace(1)
  %round.trip = addrspacecast ptr addrspace(1) %g.typed to ptr
  %y = load i32, ptr %round.trip, align 4
  ; a generic pointer cast to shared is shared whatever it came from
  %back.to.shared = addrspacecast ptr %g.generic to ptr addrspace(3)
  store i32 %y, ptr addrspace(3) %back.to.shared, align 4
  %z = load i32, ptr addrspace(1) %g.typed, align 4
  ret void
}

; CHECK-LABEL: address spaces of @constant_expressions
; CHECK-NEXT:    load from ptr addrspacecast (ptr addrspace(1) @table to ptr): global
; CHECK-NEXT:    store to ptr addrspacecast (ptr addrspace(3) @sh to ptr): shared
; CHECK-NEXT:    load from ptr addrspacecast (ptr addrspace(4) @coefficients to ptr): constant
; CHECK-NEXT:    store to ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 16): shared
; CHECK-NEXT:    load from ptr addrspacecast (ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @table, i64 64) to ptr): global
; CHECK-NEXT:    load from %row: shared
define void @constant_expressions() {
  %v = load i32, ptr addrspacecast (ptr addrspace(1) @table to ptr), align 4
  store i32 %v, ptr addrspacecast (ptr addrspace(3) @sh to ptr), align 4
  %w = load i32, ptr addrspacecast (ptr addrspace(4) @coefficients to ptr), align 4
  store i32 %w, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 16), align 4
  %x = load i32, ptr addrspacecast (ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @table, i64 64) to ptr), align 4
  %row = getelementptr inbounds nuw [16 x i32], ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2
  %y = load i32, ptr %row, align 4
  ret void
}
