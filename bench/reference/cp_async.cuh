// Hand-written cp.async (sm_80+), as inline PTX: what the references in
// this folder use where they do not go through libcu++.
#pragma once

// Copies `Bytes` (4, 8 or 16) from global to shared memory asynchronously.
// 16-byte copies bypass L1 (.cg, the only form PTX allows for 16 bytes to
// skip it); smaller ones may only be cached at all levels (.ca).
template <int Bytes> __device__ inline void cp_async(void *shared_dst, const void *global_src) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async moves 4, 8 or 16 bytes");
  unsigned dst = (unsigned)__cvta_generic_to_shared(shared_dst);
  if constexpr (Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(global_src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(dst), "l"(global_src), "n"(Bytes)
                 : "memory");
}

// Closes this thread's group of copies issued since the last commit.
__device__ inline void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

// Waits until at most `Pending` of this thread's committed groups are still
// in flight. Other threads' copies become visible only after a barrier.
template <int Pending> __device__ inline void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
}
