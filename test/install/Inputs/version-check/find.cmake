# Runs ferryConfig.cmake as find_package would, with the CUDA compiler's
# identity given on the command line (-D...), and prints what it decided.
include("${ferry_DIR}/ferryConfig.cmake")
if(DEFINED ferry_FOUND AND NOT ferry_FOUND)
  message("ferry_FOUND=FALSE: ${ferry_NOT_FOUND_MESSAGE}")
else()
  message("ferry_FOUND=TRUE")
endif()
