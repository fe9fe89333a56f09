; ferry-contraction-mark and ferry-contraction-order (-ferry-contraction-order=nvcc,
; which ferry-cc sets on an nvcc-style line): an add of two products of reads
; and constants, as clang writes it, keeps the product written first as its
; first operand through LLVM's optimizer, so that the NVPTX backend fuses
; that product, as nvcc's cicc does. Here b = C_d*p[1] + C_c*p[7] follows a
; line that read p[7] before p[1]: LLVM merges the reads, ranks p[7]'s
; product first and fuses C_c*p[7] (0f3F968317); cicc ranks each read where
; it is written and fuses C_d*p[1] (0f3F49234F).
;
; The marks: only the adds of products of reads (a load whose address an
; instruction computes, not from a local variable) in their own block; a
; read through a device function's parameter where every call passes memory
; that stays memory in cicc (a local array written at a variable index,
; which SROA cannot make values before loops unroll), not a local that SROA
; makes values once the function is inlined.
; RUN: %opt -ferry-contraction-order=nvcc -passes=ferry-contraction-mark -S %s | FileCheck --check-prefix=MARK %s
; Without the option nothing is marked.
; RUN: %opt -passes=ferry-contraction-mark -S %s | FileCheck --check-prefix=NONE %s
; The whole pipeline: the product written first is first again, the marks gone.
; RUN: %opt -ferry-contraction-order=nvcc -passes='default<O3>' -S %s -o %t.nvcc.ll
; RUN: FileCheck --check-prefix=ORDER %s < %t.nvcc.ll
; RUN: %opt -passes='default<O3>' -S %s -o %t.llvm.ll
; RUN: FileCheck --check-prefix=LLVM %s < %t.llvm.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -nvptx-fma-level=1 %t.nvcc.ll -o %t.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -nvptx-fma-level=1 %t.nvcc.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -nvptx-fma-level=1 %t.llvm.ll -o - | FileCheck --check-prefix=PTX-LLVM %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@t = internal addrspace(3) global [64 x float] undef, align 4

; MARK-LABEL: define ptx_kernel void @read_again(
; MARK: %mul = fmul float 0x3FD1A85600000000, %1, !ferry.written_first
; MARK: %mul2 = fmul float 0x3FF63150A0000000, %3{{$}}
; MARK: %add = fadd float %mul, %mul2, !ferry.products_as_written
; MARK: %mul4 = fmul float 0x3FE92469E0000000, %5, !ferry.written_first
; MARK: %mul6 = fmul float 0x3FF2D062E0000000, %7{{$}}
; MARK: %add7 = fadd float %mul4, %mul6, !ferry.products_as_written
; NONE-NOT: !ferry.
; ORDER-LABEL: define ptx_kernel void @read_again(
; ORDER-DAG: [[CD:%.*]] = fmul float {{%.*}}, 0x3FE92469E0000000
; ORDER-DAG: [[CC:%.*]] = fmul float {{%.*}}, 0x3FF2D062E0000000
; ORDER: fadd float [[CD]], [[CC]]
; LLVM-LABEL: define ptx_kernel void @read_again(
; LLVM-DAG: [[CD:%.*]] = fmul float {{%.*}}, 0x3FE92469E0000000
; LLVM-DAG: [[CC:%.*]] = fmul float {{%.*}}, 0x3FF2D062E0000000
; LLVM: fadd float [[CC]], [[CD]]
; PTX-LABEL: .entry read_again(
; PTX: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3F49234F,
; PTX-LLVM-LABEL: .entry read_again(
; PTX-LLVM: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f3F968317,
define ptx_kernel void @read_again(ptr noundef %o, ptr noundef %p) {
entry:
  %o.addr = alloca ptr, align 8
  %p.addr = alloca ptr, align 8
  %a = alloca float, align 4
  %b = alloca float, align 4
  store ptr %o, ptr %o.addr, align 8
  store ptr %p, ptr %p.addr, align 8
  %0 = load ptr, ptr %p.addr, align 8
  %arrayidx = getelementptr inbounds float, ptr %0, i64 7
  %1 = load float, ptr %arrayidx, align 4
  %mul = fmul float 0x3FD1A85600000000, %1
  %2 = load ptr, ptr %p.addr, align 8
  %arrayidx1 = getelementptr inbounds float, ptr %2, i64 1
  %3 = load float, ptr %arrayidx1, align 4
  %mul2 = fmul float 0x3FF63150A0000000, %3
  %add = fadd float %mul, %mul2
  store float %add, ptr %a, align 4
  %4 = load ptr, ptr %p.addr, align 8
  %arrayidx3 = getelementptr inbounds float, ptr %4, i64 1
  %5 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul float 0x3FE92469E0000000, %5
  %6 = load ptr, ptr %p.addr, align 8
  %arrayidx5 = getelementptr inbounds float, ptr %6, i64 7
  %7 = load float, ptr %arrayidx5, align 4
  %mul6 = fmul float 0x3FF2D062E0000000, %7
  %add7 = fadd float %mul4, %mul6
  store float %add7, ptr %b, align 4
  %8 = load float, ptr %a, align 4
  %9 = load float, ptr %b, align 4
  %mul8 = fmul float %8, %9
  %10 = load ptr, ptr %o.addr, align 8
  store float %mul8, ptr %10, align 4
  ret void
}

; Local variables' values (SROA makes them the values stored, which both
; optimizers rank where they are defined), a __shared__ array at a constant
; index (cicc merges such reads too), a subtraction, a product used twice
; and a read of another block: no mark.
; MARK-LABEL: define ptx_kernel void @not_marked(
; MARK-NOT: !ferry.
; MARK: ret void
define ptx_kernel void @not_marked(ptr noundef %o, ptr noundef %p, i1 %c) {
entry:
  %p.addr = alloca ptr, align 8
  %x1 = alloca float, align 4
  %x7 = alloca float, align 4
  store ptr %p, ptr %p.addr, align 8
  %0 = load ptr, ptr %p.addr, align 8
  %g1 = getelementptr inbounds float, ptr %0, i64 1
  %r1 = load float, ptr %g1, align 4
  store float %r1, ptr %x1, align 4
  %g7 = getelementptr inbounds float, ptr %0, i64 7
  %r7 = load float, ptr %g7, align 4
  store float %r7, ptr %x7, align 4
  %l1 = load float, ptr %x1, align 4
  %m1 = fmul float 0x3FE92469E0000000, %l1
  %l7 = load float, ptr %x7, align 4
  %m2 = fmul float 0x3FF2D062E0000000, %l7
  %locals = fadd float %m1, %m2
  store float %locals, ptr %o, align 4
  %s1 = load float, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @t, i64 0, i64 1), align 4
  %m3 = fmul float 0x3FE92469E0000000, %s1
  %s7 = load float, ptr addrspace(3) getelementptr inbounds ([64 x float], ptr addrspace(3) @t, i64 0, i64 7), align 4
  %m4 = fmul float 0x3FF2D062E0000000, %s7
  %shared = fadd float %m3, %m4
  store float %shared, ptr %o, align 4
  %3 = load float, ptr %g1, align 4
  %m5 = fmul float 0x3FE92469E0000000, %3
  %4 = load float, ptr %g7, align 4
  %m6 = fmul float 0x3FF2D062E0000000, %4
  %difference = fsub float %m5, %m6
  store float %difference, ptr %o, align 4
  %5 = load float, ptr %g1, align 4
  %m7 = fmul float 0x3FE92469E0000000, %5
  %6 = load float, ptr %g7, align 4
  %m8 = fmul float 0x3FF2D062E0000000, %6
  %twice = fadd float %m7, %m8
  store float %twice, ptr %o, align 4
  store float %m7, ptr %o, align 4
  %7 = load float, ptr %g1, align 4
  br i1 %c, label %next, label %done

next:
  %m9 = fmul float 0x3FE92469E0000000, %7
  %8 = load float, ptr %g7, align 4
  %m10 = fmul float 0x3FF2D062E0000000, %8
  %other_block = fadd float %m9, %m10
  store float %other_block, ptr %o, align 4
  br label %done

done:
  ret void
}

; MARK-LABEL: define float @kept(
; MARK: %add = fadd float %mul, %mul2, !ferry.products_as_written
; ORDER-LABEL: define ptx_kernel void @loop_filled(
; ORDER-DAG: [[CD:%.*]] = fmul float {{%.*}}, 0x3FE92469E0000000
; ORDER-DAG: [[CC:%.*]] = fmul float {{%.*}}, 0x3FF2D062E0000000
; ORDER: fadd float [[CD]], [[CC]]
; ORDER-NOT: {{!ferry.(written_first|products_as_written)}}
define float @kept(ptr noundef %D) {
entry:
  %D.addr = alloca ptr, align 8
  store ptr %D, ptr %D.addr, align 8
  %0 = load ptr, ptr %D.addr, align 8
  %arrayidx = getelementptr inbounds float, ptr %0, i64 7
  %1 = load float, ptr %arrayidx, align 4
  %m0 = fmul float 0x3FD1A85600000000, %1
  %2 = load ptr, ptr %D.addr, align 8
  %arrayidx1 = getelementptr inbounds float, ptr %2, i64 1
  %3 = load float, ptr %arrayidx1, align 4
  %m1 = fmul float 0x3FF63150A0000000, %3
  %a = fadd float %m0, %m1
  %4 = load ptr, ptr %D.addr, align 8
  %arrayidx2 = getelementptr inbounds float, ptr %4, i64 1
  %5 = load float, ptr %arrayidx2, align 4
  %mul = fmul float 0x3FE92469E0000000, %5
  %6 = load ptr, ptr %D.addr, align 8
  %arrayidx3 = getelementptr inbounds float, ptr %6, i64 7
  %7 = load float, ptr %arrayidx3, align 4
  %mul2 = fmul float 0x3FF2D062E0000000, %7
  %add = fadd float %mul, %mul2
  %r = fmul float %a, %add
  ret float %r
}

define ptx_kernel void @loop_filled(ptr noundef %o, ptr noundef %g) {
entry:
  %D = alloca [8 x float], align 4
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %from = getelementptr inbounds float, ptr %g, i64 %i
  %v = load float, ptr %from, align 4
  %to = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 %i
  store float %v, ptr %to, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %done

done:
  %arraydecay = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 0
  %call = call float @kept(ptr noundef %arraydecay)
  store float %call, ptr %o, align 4
  ret void
}

; MARK-LABEL: define float @promoted_away(
; MARK-NOT: !ferry.
; MARK: ret float
define float @promoted_away(ptr noundef %D) {
entry:
  %D.addr = alloca ptr, align 8
  store ptr %D, ptr %D.addr, align 8
  %0 = load ptr, ptr %D.addr, align 8
  %arrayidx = getelementptr inbounds float, ptr %0, i64 1
  %1 = load float, ptr %arrayidx, align 4
  %mul = fmul float 0x3FE92469E0000000, %1
  %2 = load ptr, ptr %D.addr, align 8
  %arrayidx1 = getelementptr inbounds float, ptr %2, i64 7
  %3 = load float, ptr %arrayidx1, align 4
  %mul2 = fmul float 0x3FF2D062E0000000, %3
  %add = fadd float %mul, %mul2
  ret float %add
}

define ptx_kernel void @constant_filled(ptr noundef %o, ptr noundef %g) {
entry:
  %D = alloca [8 x float], align 4
  %v1 = load float, ptr %g, align 4
  %to1 = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 1
  store float %v1, ptr %to1, align 4
  %from7 = getelementptr inbounds float, ptr %g, i64 7
  %v7 = load float, ptr %from7, align 4
  %to7 = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 7
  store float %v7, ptr %to7, align 4
  %arraydecay = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 0
  %call = call float @promoted_away(ptr noundef %arraydecay)
  store float %call, ptr %o, align 4
  ret void
}

; A function that passes its parameter to itself: the parameter is met
; again before its answer is known, taken not to stay, and the pass ends.
; MARK-LABEL: define float @recursive(
; MARK-NOT: !ferry.
; MARK: ret float
define float @recursive(ptr noundef %D, i32 %n) {
entry:
  %D.addr = alloca ptr, align 8
  store ptr %D, ptr %D.addr, align 8
  %0 = load ptr, ptr %D.addr, align 8
  %arrayidx = getelementptr inbounds float, ptr %0, i64 1
  %1 = load float, ptr %arrayidx, align 4
  %mul = fmul float 0x3FE92469E0000000, %1
  %2 = load ptr, ptr %D.addr, align 8
  %arrayidx1 = getelementptr inbounds float, ptr %2, i64 7
  %3 = load float, ptr %arrayidx1, align 4
  %mul2 = fmul float 0x3FF2D062E0000000, %3
  %add = fadd float %mul, %mul2
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done

again:
  %4 = load ptr, ptr %D.addr, align 8
  %less = sub i32 %n, 1
  %inner = call float @recursive(ptr noundef %4, i32 %less)
  %sum = fadd float %add, %inner
  ret float %sum

done:
  ret float %add
}

define ptx_kernel void @calls_recursive(ptr noundef %o, ptr noundef %g, i64 %i) {
entry:
  %D = alloca [8 x float], align 4
  %to = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 %i
  %v = load float, ptr %g, align 4
  store float %v, ptr %to, align 4
  %arraydecay = getelementptr inbounds [8 x float], ptr %D, i64 0, i64 0
  %call = call float @recursive(ptr noundef %arraydecay, i32 3)
  store float %call, ptr %o, align 4
  ret void
}
