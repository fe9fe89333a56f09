"""Writes a CUDA file that calls each cache-hinted load and store that the
given sm_32_intrinsics.h declares (__ldcg, __ldca, __ldcs, __ldlu, __ldcv,
__stwb, __stcg, __stcs, __stwt), once per declared parameter list."""
import re
import sys

text = re.sub(r"/\*.*?\*/", "", open(sys.argv[1]).read(), flags=re.S)
declarations = re.findall(r"__SM_32_INTRINSICS_DECL__\s+[\w ]+?\s*(__(?:ld|st)\w\w)\(([^)]*)\)", text)
print("#include <cuda_runtime.h>")
seen = set()
for number, (name, parameters) in enumerate(declarations):
    if (name, parameters) in seen:
        continue
    seen.add((name, parameters))
    typed, names = [], []
    for index, parameter in enumerate(p.strip() for p in parameters.split(",")):
        parameter = parameter.replace("__restrict__", "")
        kind = re.match(r"(.*?)\w+$", parameter).group(1).strip()
        typed.append(f"{kind} a{index}")
        names.append(f"a{index}")
    print(f"__device__ void call{number}({', '.join(typed)}) {{ {name}({', '.join(names)}); }}")
