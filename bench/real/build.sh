#!/usr/bin/env bash
# Builds every real program (bench/real/PROGRAM/driver.cu) against the public
# checkouts in SRC (see fetch.sh), plain and with ferry, for two targets:
#
#   bash bench/real/build.sh SRC [OUT]        (OUT defaults to .carry/real)
#
#   OUT/PROGRAM.sm_90a.plain     clang 22 alone, sm_90a (SASS)
#   OUT/PROGRAM.sm_90a.ferry     clang 22 + the ferry plugin
#   OUT/PROGRAM.sm_90a.remarks   ferry's -Rpass/-Rpass-missed/-Rpass-analysis
#                                output (device compile)
#   OUT/PROGRAM.sm_80.*          the same for sm_80, PTX embedded
#                                (--cuda-include-ptx=sm_80; a newer GPU's
#                                driver JIT-compiles it)
#   OUT/run.sh, OUT/run.py       the runner, so that OUT is self-contained
# and, with --nocost, for a program where ferry's cost model refused a copy,
# a third build that shows what the refusal saves or costs:
#   OUT/PROGRAM.ARCH.nocost      clang 22 + ferry -mllvm -ferry-cost-model=false
#   OUT/PROGRAM.ARCH.nocost.remarks
#
# A driver names what it uses in its first comment lines:
#   // real-repo: owner/name         the checkout SRC/owner/name (repos.txt pins it)
#   // real-source: path/in/repo     a public file it includes (checked to exist)
#   // real-flags: FLAGS             extra clang flags; $SRC expands to SRC,
#                                    $HERE to the program's folder
# Options (after SRC and OUT, or in the environment):
#   --only "P1 P2"  (REAL_ONLY)      build only those programs
#   --pack          (REAL_PACK=1)    xz the binaries (run.sh unpacks them),
#                                    for carrying OUT to a GPU machine
#   --nocost        (REAL_NOCOST=1)  the nocost build as well
# At most two compiles run at once. Exits non-zero if any build failed; the
# programs that built are kept.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
src="${1:?usage: build.sh SRC [OUT] [--only \"PROGRAMS\"] [--pack]}"
shift
out="$root/.carry/real"
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then out="$1"; shift; fi
only="${REAL_ONLY:-}"
pack="${REAL_PACK:-0}"
nocost="${REAL_NOCOST:-0}"
# (a job of the parallel build below: build.sh SRC OUT PROGRAM ARCH)
while [ "${REAL_BUILD_ONE:-}" != 1 ] && [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --pack) pack=1; shift ;;
    --nocost) nocost=1; shift ;;
    *) echo "build: unknown option $1" >&2; exit 2 ;;
  esac
done
src="$(cd "$src" && pwd)" || { echo "build: no folder $src (run bench/real/fetch.sh $src)" >&2; exit 2; }
clang="${FERRY_CLANG:-/usr/lib/llvm-22/bin/clang++}"
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
plugin="${FERRY_PLUGIN:-$root/build/lib/ferry.so}"
[ -x "$clang" ] || { echo "build: no clang at $clang" >&2; exit 2; }
[ -f "$plugin" ] || { echo "build: no plugin at $plugin (cmake --build build first)" >&2; exit 2; }

# Keep .carry/ out of git (and out of what travels untracked).
exclude="$root/.git/info/exclude"
gitdir="$(git -C "$root" rev-parse --git-common-dir 2>/dev/null)"
[ -n "$gitdir" ] && exclude="$(cd "$root" && cd "$gitdir" && pwd)/info/exclude"
if [ -d "$(dirname "$exclude")" ] && ! grep -qx '/.carry/' "$exclude" 2>/dev/null; then
  echo '/.carry/' >> "$exclude"
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"

directive() { sed -n "s|^// $1: *||p" "$2"; }

# build_one PROGRAM ARCH: the three outputs of one program for one target.
build_one() {
  local name=$1 arch=$2 drv="$here/$1/driver.cu" base="$out/$1.$2"
  local common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17
                -I"$cuda/include/cccl" -I"$src" -I"$here")
  local link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
  local ferry=(-fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin")
  local flags
  read -r -a flags <<< "$(directive real-flags "$drv" | head -n1 |
    sed "s|\\\$SRC|$src|g; s|\\\$HERE|$here/$name|g")"
  local archflags=(--cuda-gpu-arch="$arch")
  [ "$arch" = sm_80 ] && archflags+=(--cuda-include-ptx=sm_80)
  rm -f "$base".plain "$base".ferry "$base".nocost "$base".remarks "$base".*.remarks "$base".*.xz "$base".*.log
  local ok=1
  "$clang" "${common[@]}" "${flags[@]}" "${archflags[@]}" "$drv" -o "$base.plain" "${link[@]}" \
    2> "$base.plain.log" || ok=0
  "$clang" "${common[@]}" "${flags[@]}" "${archflags[@]}" "${ferry[@]}" "$drv" -o "$base.ferry" \
    "${link[@]}" 2> "$base.ferry.log" || ok=0
  "$clang" "${common[@]}" "${flags[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -S "${ferry[@]}" \
    -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry "$drv" -o /dev/null \
    2> "$base.remarks" || ok=0
  # Only where the cost model refused something: elsewhere the build would
  # be the ferry build again.
  local refused=0
  grep -q 'not converted: cost model' "$base.remarks" && refused=1
  if [ "$nocost" = 1 ] && [ "$refused" = 1 ]; then
    local off=(-mllvm -ferry-cost-model=false)
    "$clang" "${common[@]}" "${flags[@]}" "${archflags[@]}" "${ferry[@]}" "${off[@]}" "$drv" \
      -o "$base.nocost" "${link[@]}" 2> "$base.nocost.log" || ok=0
    "$clang" "${common[@]}" "${flags[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -S "${ferry[@]}" \
      "${off[@]}" -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry "$drv" -o /dev/null \
      2> "$base.nocost.remarks" || ok=0
  fi
  if [ "$ok" = 0 ]; then
    echo "FAIL $name $arch (logs: $base.*.log, $base.remarks)"
    grep -h error "$base".*.log "$base.remarks" 2>/dev/null | head -n 5 | sed 's/^/    /'
    return 1
  fi
  rm -f "$base.plain.log" "$base.ferry.log" "$base.nocost.log" # warnings of the public code only
  local converted missed
  converted=$(grep -c 'remark: converted' "$base.remarks")
  missed=$(grep -c 'remark: not converted' "$base.remarks")
  local line="built $name $arch: $converted converted, $missed not converted"
  if [ "$nocost" = 1 ] && [ "$refused" = 1 ]; then
    line+="; without the cost model $(grep -c 'remark: converted' "$base.nocost.remarks") converted"
  fi
  if [ "$pack" = 1 ]; then
    xz -f -T1 -6 "$base.plain" "$base.ferry"
    [ -f "$base.nocost" ] && xz -f -T1 -6 "$base.nocost"
  fi
  echo "$line"
}

if [ "${REAL_BUILD_ONE:-}" = 1 ]; then build_one "$@"; exit; fi

programs=()
failed=0
for drv in "$here"/*/driver.cu; do
  name="$(basename "$(dirname "$drv")")"
  [ -z "$only" ] || [[ " $only " == *" $name "* ]] || continue
  repo="$(directive real-repo "$drv" | head -n1)"
  if [ -z "$repo" ]; then
    echo "FAIL $name: no '// real-repo: owner/name' line"; failed=$((failed + 1)); continue
  fi
  if ! grep -q "^$repo " "$here/repos.txt"; then
    echo "FAIL $name: $repo is not pinned in bench/real/repos.txt"; failed=$((failed + 1)); continue
  fi
  missing=0
  while IFS= read -r f; do
    [ -f "$src/$repo/$f" ] || { echo "FAIL $name: no $src/$repo/$f (run bench/real/fetch.sh $src)"; missing=1; }
  done < <(directive real-source "$drv")
  [ "$missing" = 0 ] || { failed=$((failed + 1)); continue; }
  programs+=("$name")
done

# Two compiles at a time: each job builds one program for one target.
jobs_file="$(mktemp)"
for name in "${programs[@]}"; do printf '%s sm_90a\n%s sm_80\n' "$name" "$name"; done > "$jobs_file"
export REAL_BUILD_ONE=1 REAL_PACK="$pack" REAL_NOCOST="$nocost" FERRY_CLANG="$clang" FERRY_CUDA_PATH="$cuda" FERRY_PLUGIN="$plugin"
results="$(xargs -P 2 -L 1 bash "$here/build.sh" "$src" "$out" < "$jobs_file" 2>&1)"
rm -f "$jobs_file"
echo "$results" | sort
failed=$((failed + $(echo "$results" | grep -c '^FAIL')))
cp "$here/run.sh" "$here/run.py" "$out/"
echo "build: $(echo "$results" | grep -c '^built') builds of ${#programs[@]} programs, $failed failed; output in $out"
[ "$failed" -eq 0 ]
