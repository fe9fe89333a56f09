# ferry's CMake package, installed as P/lib/cmake/ferry/ferryConfig.cmake.
#
#   find_package(ferry CONFIG REQUIRED)      # CMAKE_PREFIX_PATH=P or ferry_DIR
#   ferry_cuda_target(my_kernels)            # or: target_link_libraries(my_kernels PRIVATE ferry::ferry)
#
# ferry::ferry is an interface target: for the CUDA sources of a target
# compiled by clang (CMAKE_CUDA_COMPILER=.../clang++, or P/bin/ferry-cc) it
# adds the plugin, the device runtime and ferry's headers. The CUDA
# compiler must be clang: nvcc cannot load an LLVM plugin. Sets
# ferry_PLUGIN, ferry_RUNTIME_BITCODE, ferry_INCLUDE_DIR, ferry_CC and
# ferry_REPORT.
get_filename_component(_ferry_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(ferry_PLUGIN "${_ferry_prefix}/lib/ferry.so")
set(ferry_RUNTIME_BITCODE "${_ferry_prefix}/lib/ferry-rt.bc")
set(ferry_INCLUDE_DIR "${_ferry_prefix}/include")
set(ferry_CC "${_ferry_prefix}/bin/ferry-cc")
set(ferry_REPORT "${_ferry_prefix}/bin/ferry-report")
unset(_ferry_prefix)

foreach(_ferry_file IN ITEMS "${ferry_PLUGIN}" "${ferry_RUNTIME_BITCODE}" "${ferry_INCLUDE_DIR}/ferry.h")
  if(NOT EXISTS "${_ferry_file}")
    set(ferry_FOUND FALSE)
    set(ferry_NOT_FOUND_MESSAGE "ferry's package is incomplete: ${_ferry_file} is missing")
    return()
  endif()
endforeach()
unset(_ferry_file)

# The plugin is built against LLVM 22's plugin API: a clang of another
# version refuses it only when it compiles ("Wrong API version on plugin"),
# so the package says so here, when it is found. The check applies once
# the project has enabled CUDA with clang (ferry-cc identifies as clang 22);
# nvcc is ferry_cuda_target()'s concern.
if(CMAKE_CUDA_COMPILER_ID STREQUAL "Clang" AND DEFINED CMAKE_CUDA_COMPILER_VERSION)
  string(REGEX MATCH "^[0-9]+" _ferry_clang_major "${CMAKE_CUDA_COMPILER_VERSION}")
  if(NOT _ferry_clang_major STREQUAL "22")
    set(ferry_FOUND FALSE)
    string(CONCAT ferry_NOT_FOUND_MESSAGE
        "ferry's plugin needs clang 22 (LLVM 22's plugin API), but the CUDA compiler "
        "${CMAKE_CUDA_COMPILER} is clang ${CMAKE_CUDA_COMPILER_VERSION}; configure with "
        "-DCMAKE_CUDA_COMPILER=/usr/lib/llvm-22/bin/clang++ or ${ferry_CC}")
    unset(_ferry_clang_major)
    return()
  endif()
  unset(_ferry_clang_major)
endif()

if(NOT TARGET ferry::ferry)
  add_library(ferry::ferry INTERFACE IMPORTED)
  # The runtime is linked into the device half with a cc1 flag, which
  # reaches the host half too (clang cannot give -Xclang to one half);
  # there it links nothing, and the warning that the triples differ is
  # silenced for the host alone (ferry-cc does the same).
  set(_ferry_cuda "$<COMPILE_LANG_AND_ID:CUDA,Clang>")
  set_target_properties(ferry::ferry PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${ferry_INCLUDE_DIR}"
    INTERFACE_COMPILE_OPTIONS
      "$<${_ferry_cuda}:-fpass-plugin=${ferry_PLUGIN}>;$<${_ferry_cuda}:SHELL:-Xclang -mlink-builtin-bitcode -Xclang ${ferry_RUNTIME_BITCODE}>;$<${_ferry_cuda}:SHELL:-Xarch_host -Wno-linker-warnings>;$<${_ferry_cuda}:-Wno-unknown-cuda-version>")
  unset(_ferry_cuda)
endif()

# Makes TARGET's CUDA sources use ferry; stops the configure with a reason
# where the CUDA compiler is not clang.
function(ferry_cuda_target target)
  get_filename_component(_compiler "${CMAKE_CUDA_COMPILER}" NAME)
  if(_compiler STREQUAL "ferry-cc")
    return()  # ferry-cc adds all of it itself; twice would run the passes twice
  endif()
  if(NOT CMAKE_CUDA_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ferry_cuda_target(${target}): ferry needs CUDA compiled by clang "
                        "(CMAKE_CUDA_COMPILER_ID is '${CMAKE_CUDA_COMPILER_ID}'); configure with "
                        "-DCMAKE_CUDA_COMPILER=/usr/lib/llvm-22/bin/clang++ or ${ferry_CC}")
  endif()
  target_link_libraries(${target} PRIVATE ferry::ferry)
endfunction()
