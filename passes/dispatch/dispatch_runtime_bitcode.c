/* dispatch_runtime.c, compiled to LLVM bitcode when ferry is built
 * (passes/CMakeLists.txt), carried in the plugin for ferry-dispatch-host to
 * link into host modules: the user's build needs no file of ferry's. */
__asm__(".section .rodata\n"
        ".balign 16\n"
        ".globl ferry_dispatch_runtime_bitcode\n"
        ".hidden ferry_dispatch_runtime_bitcode\n"
        "ferry_dispatch_runtime_bitcode:\n"
        ".incbin \"" FERRY_DISPATCH_RUNTIME_BITCODE "\"\n"
        ".globl ferry_dispatch_runtime_bitcode_end\n"
        ".hidden ferry_dispatch_runtime_bitcode_end\n"
        "ferry_dispatch_runtime_bitcode_end:\n"
        ".previous\n");
