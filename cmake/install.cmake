# What `cmake --install build --prefix P` puts in P. The layout is the build
# tree's (bin/, lib/, include/), which ferry-cc relies on to find its files
# relative to itself:
#
#   P/bin/ferry-cc  P/bin/ferry-report
#   P/lib/ferry.so  P/lib/ferry-rt.bc
#   P/include/ferry.h  P/include/ferry/*.h  P/include/ferry_memcpy_async.h
#   P/lib/cmake/ferry/ferryConfig.cmake, ferryConfigVersion.cmake
include(CMakePackageConfigHelpers)

install(TARGETS ferry LIBRARY DESTINATION lib)
install(TARGETS ferry-cc RUNTIME DESTINATION bin)
install(PROGRAMS "${CMAKE_BINARY_DIR}/bin/ferry-report" DESTINATION bin)
install(FILES "${CMAKE_BINARY_DIR}/lib/ferry-rt.bc" DESTINATION lib)
install(DIRECTORY "${CMAKE_SOURCE_DIR}/runtime/include/" DESTINATION include
        FILES_MATCHING PATTERN "*.h")
install(FILES "${CMAKE_SOURCE_DIR}/intrinsics/ferry_memcpy_async.h" DESTINATION include)

write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/cmake/ferryConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion
  ARCH_INDEPENDENT)
install(FILES "${CMAKE_SOURCE_DIR}/cmake/ferryConfig.cmake"
              "${CMAKE_BINARY_DIR}/cmake/ferryConfigVersion.cmake"
        DESTINATION lib/cmake/ferry)
