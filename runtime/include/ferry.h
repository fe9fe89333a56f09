/* ferry's device runtime: barriers, pipelines and L2 access properties for
 * clang CUDA and for plain C compiled for nvptx64-nvidia-cuda. The functions
 * live in build/lib/ferry-rt.bc, which ferry-cc links into every device
 * compilation (clang -Xclang -mlink-builtin-bitcode -Xclang ferry-rt.bc).
 * runtime/README.md maps each libcu++ API to its ferry counterpart and the
 * PTX it becomes on each target. */
#ifndef FERRY_H
#define FERRY_H

#include "ferry/config.h"
#include "ferry/barrier.h"
#include "ferry/pipeline.h"
#include "ferry/thread_pipeline.h"
#include "ferry/access_property.h"

#endif /* FERRY_H */
