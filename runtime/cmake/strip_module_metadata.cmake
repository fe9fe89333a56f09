# cmake -DINPUT=in.ll -DOUTPUT=out.ll -P strip_module_metadata.cmake
#
# Removes the module-level metadata that clang gives every module (module
# flags such as wchar_size and frame-pointer, llvm.ident, llvm.errno.tbaa)
# from the runtime's textual IR. ferry-cc's -Xclang -mlink-builtin-bitcode
# reaches the host half of a CUDA compile too; the host links no function
# from the library, but it would still merge these into its own module (and
# a module flag with "min" behaviour, PIC Level, would drop to 0). Without
# them the host module comes out byte-identical.
file(READ "${INPUT}" ir)
string(REGEX REPLACE "\n!llvm\\.(module\\.flags|ident|errno\\.tbaa) = [^\n]*" "" ir "${ir}")
file(WRITE "${OUTPUT}" "${ir}")
