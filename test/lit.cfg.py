# ferry's lit suite. Substitutions:
#   %opt        opt with the plugin loaded (add -passes=...)
#   %clang      clang 22;  %ferry-cc  the driver wrapper
#   %llc        llc;       %ptxas     CUDA's ptxas
#   %cuda_path  the CUDA toolkit;  %runtime_bc  build/lib/ferry-rt.bc
#   %nvcc       CUDA's nvcc (feature `nvcc` where it exists)
#   %runtime_include  runtime/include;  %intrinsics_include  intrinsics/
import os
import lit.formats

config.name = "ferry"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cu", ".c", ".test"]
config.excludes = ["gpu", "Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ferry_binary_root, "test")

tools = config.llvm_tools_dir
plugin = os.path.join(config.ferry_binary_root, "lib", "ferry.so")
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", os.environ.get("PATH", ""))])

config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (os.path.join(tools, "opt"), plugin)))
config.substitutions.append(("%llc", os.path.join(tools, "llc")))
config.substitutions.append(("%clang", os.path.join(tools, "clang")))
config.substitutions.append(("%ferry-cc", os.path.join(config.ferry_binary_root, "bin", "ferry-cc")))
config.substitutions.append(("%ptxas", config.ptxas))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%ferry_src", config.ferry_source_root))
config.substitutions.append(("%runtime_bc", os.path.join(config.ferry_binary_root, "lib", "ferry-rt.bc")))
config.substitutions.append(("%runtime_include", os.path.join(config.ferry_source_root, "runtime", "include")))
config.substitutions.append(("%intrinsics_include", os.path.join(config.ferry_source_root, "intrinsics")))
# nvcc, where the CUDA toolkit has one: a test that runs it says
# `REQUIRES: nvcc` and is UNSUPPORTED elsewhere.
nvcc = os.path.join(config.cuda_path, "bin", "nvcc")
if os.access(nvcc, os.X_OK):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
