# What `cmake --install build --prefix P` puts in P. The layout is the build
# tree's (bin/, lib/, include/), which ferry-cc relies on to find its files
# relative to itself:
#
#   P/bin/ferry-cc  P/bin/ferry-report
#   P/lib/ferry.so  P/lib/ferry-rt.bc
#   P/include/ferry.h  P/include/ferry/*.h  P/include/ferry_memcpy_async.h
#   P/lib/cmake/ferry/ferryConfig.cmake, ferryConfigVersion.cmake,
#                     ferryTargets.cmake (+ one file per configuration)
#
# The package exports, in the namespace ferry:: (install(EXPORT)):
#   ferry::ferry     an interface target: a clang-compiled target's CUDA
#                    sources get the plugin, the device runtime and the headers
#   ferry::plugin    the plugin (lib/ferry.so), an imported module
#   ferry::ferry-cc  ferry-cc, an imported executable
# Their paths are relative to the package's own place (_IMPORT_PREFIX), so
# the prefix can be moved.
include(CMakePackageConfigHelpers)

set_target_properties(ferry PROPERTIES EXPORT_NAME plugin)
install(TARGETS ferry EXPORT ferryTargets LIBRARY DESTINATION lib)
install(TARGETS ferry-cc EXPORT ferryTargets RUNTIME DESTINATION bin)
install(PROGRAMS "${CMAKE_BINARY_DIR}/bin/ferry-report" DESTINATION bin)
install(FILES "${CMAKE_BINARY_DIR}/lib/ferry-rt.bc" DESTINATION lib)
install(DIRECTORY "${CMAKE_SOURCE_DIR}/runtime/include/" DESTINATION include
        FILES_MATCHING PATTERN "*.h")
install(FILES "${CMAKE_SOURCE_DIR}/intrinsics/ferry_memcpy_async.h" DESTINATION include)

# ferry::ferry. The runtime is linked into the device half with a cc1 flag,
# which reaches the host half too (clang cannot give -Xclang to one half);
# there it links nothing, and the warning that the triples differ is
# silenced for the host alone (ferry-cc does the same). Only a CUDA compile
# by clang gets the flags: nvcc cannot load the plugin (ferry_cuda_target()
# says so), and C++ sources need none of it.
add_library(ferry_interface INTERFACE)
set_target_properties(ferry_interface PROPERTIES EXPORT_NAME ferry)
set(cuda_by_clang "$<COMPILE_LANG_AND_ID:CUDA,Clang>")
target_include_directories(ferry_interface INTERFACE "$<INSTALL_INTERFACE:include>")
target_compile_options(ferry_interface INTERFACE
  "$<INSTALL_INTERFACE:$<${cuda_by_clang}:-fpass-plugin=$<INSTALL_PREFIX>/lib/ferry.so>>"
  "$<INSTALL_INTERFACE:$<${cuda_by_clang}:SHELL:-Xclang -mlink-builtin-bitcode -Xclang $<INSTALL_PREFIX>/lib/ferry-rt.bc>>"
  "$<INSTALL_INTERFACE:$<${cuda_by_clang}:SHELL:-Xarch_host -Wno-linker-warnings>>"
  "$<INSTALL_INTERFACE:$<${cuda_by_clang}:-Wno-unknown-cuda-version>>")
unset(cuda_by_clang)
install(TARGETS ferry_interface EXPORT ferryTargets)
install(EXPORT ferryTargets NAMESPACE ferry:: DESTINATION lib/cmake/ferry)

# The install's directories, relative to the prefix, for ferryConfig.cmake
# (@PACKAGE_...@: made absolute from the package's own place).
set(FERRY_PACKAGE_BIN bin)
set(FERRY_PACKAGE_LIB lib)
set(FERRY_PACKAGE_INCLUDE include)
configure_package_config_file(
  "${CMAKE_SOURCE_DIR}/cmake/ferryConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/cmake/ferryConfig.cmake"
  INSTALL_DESTINATION lib/cmake/ferry
  PATH_VARS FERRY_PACKAGE_BIN FERRY_PACKAGE_LIB FERRY_PACKAGE_INCLUDE)
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/cmake/ferryConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion
  ARCH_INDEPENDENT)
install(FILES "${CMAKE_BINARY_DIR}/cmake/ferryConfig.cmake"
              "${CMAKE_BINARY_DIR}/cmake/ferryConfigVersion.cmake"
        DESTINATION lib/cmake/ferry)
