; Every printer survives what the CFG can throw at it: unreachable blocks
; (whose instructions may even use themselves), self loops, an irreducible
; cycle, switches with repeated targets, indices wider than 64 bits, and
; declarations. Nothing is concluded from unreachable code.
;
; RUN: %opt -passes=ferry-print-dominators -disable-output %s | FileCheck --check-prefix=DOM %s
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck --check-prefix=LOOPS %s
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck --check-prefix=AFFINE %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; DOM-LABEL: dominators of @dead_code
; DOM-NEXT:    %entry: idom none
; DOM-NEXT:    %dead: unreachable
; DOM-NEXT:    %dead.spin: unreachable
; LOOPS-LABEL: loops of @dead_code
; LOOPS-NOT:     {{^ +loop }}
; AFFINE-LABEL: affine of @dead_code
; AFFINE-NEXT:    load %live: base %p offset 0 uniform
; AFFINE-NEXT:    load %dead.load: base %p offset opaque(%self) varying
; AFFINE-NEXT:    load %spin.load: base %p offset opaque(%k) varying
define ptx_kernel void @dead_code(ptr %p) {
entry:
  %live = load i8, ptr %p
  ret void
dead:
  %self = add i64 %self, 1
  %q = getelementptr i8, ptr %p, i64 %self
  %dead.load = load i8, ptr %q
  br label %dead.spin
dead.spin:
  %k = phi i64 [ 0, %dead ], [ %k.next, %dead.spin ]
  %k.next = add i64 %k, 1
  %r = getelementptr i8, ptr %p, i64 %k
  %spin.load = load i8, ptr %r
  br label %dead.spin
}

; DOM-LABEL: dominators of @self_loop
; DOM-NEXT:    %entry: idom none
; DOM-NEXT:    %spin: idom %entry
; DOM-NEXT:    %exit: idom %spin
; LOOPS-LABEL: loops of @self_loop
; LOOPS-NEXT:    loop %spin depth 1 latches %spin blocks %spin exiting %spin preheader %entry
; LOOPS-NEXT:      iv %i start i64 0 step 1{{$}}
; AFFINE-LABEL: affine of @self_loop
; AFFINE-NEXT:    load %v: base %p offset %i uniform
define ptx_kernel void @self_loop(ptr %p, i64 %n) {
entry:
  br label %spin
spin:
  %i = phi i64 [ 0, %entry ], [ %i.next, %spin ]
  %q = getelementptr i8, ptr %p, i64 %i
  %v = load i8, ptr %q
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %spin, label %exit
exit:
  ret void
}

; The phis of an irreducible cycle are no induction variables.
; DOM-LABEL: dominators of @irreducible
; DOM-NEXT:    %entry: idom none
; DOM-NEXT:    %a: idom %entry
; DOM-NEXT:    %b: idom %entry
; DOM-NEXT:    %exit: idom %entry
; LOOPS-LABEL: loops of @irreducible
; LOOPS-NOT:     {{^ +loop }}
; AFFINE-LABEL: affine of @irreducible
; AFFINE-NEXT:    load %va: base %p offset opaque(%x) varying
; AFFINE-NEXT:    load %vb: base %p offset opaque(%y) varying
define ptx_kernel void @irreducible(ptr %p, i1 %c, i1 %d, i1 %e) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = phi i64 [ 0, %entry ], [ %y.next, %b ]
  %x.next = add i64 %x, 1
  %qa = getelementptr i8, ptr %p, i64 %x
  %va = load i8, ptr %qa
  br i1 %d, label %b, label %exit
b:
  %y = phi i64 [ 0, %entry ], [ %x.next, %a ]
  %y.next = add i64 %y, 1
  %qb = getelementptr i8, ptr %p, i64 %y
  %vb = load i8, ptr %qb
  br i1 %e, label %a, label %exit
exit:
  ret void
}

; A switch may name one block several times; an i128 index is not sized
; by the affine forms, so its GEP is the base.
; DOM-LABEL: dominators of @switch_and_wide
; DOM-NEXT:    %entry: idom none
; DOM-NEXT:    %other: idom %entry
; DOM-NEXT:    %same: idom %entry
; DOM-NEXT:    %join: idom %entry
; AFFINE-LABEL: affine of @switch_and_wide
; AFFINE-NEXT:    load %wide.v: base %wide offset 0 uniform
define ptx_kernel void @switch_and_wide(ptr %p, i32 %k, i128 %big) {
entry:
  switch i32 %k, label %same [ i32 0, label %same
                               i32 1, label %same
                               i32 2, label %other ]
same:
  br label %join
other:
  br label %join
join:
  %wide = getelementptr i8, ptr %p, i128 %big
  %wide.v = load i8, ptr %wide
  ret void
}

; DOM-NOT:    of @declared
; LOOPS-NOT:  of @declared
; AFFINE-NOT: of @declared
declare void @declared(ptr)
