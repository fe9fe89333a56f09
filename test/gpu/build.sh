#!/usr/bin/env bash
# Builds every execution test (test/gpu/*.cu) twice, without and with the
# ferry plugin (clang 22, static cudart), for sm_80 (PTX embedded, so a newer
# GPU's driver JIT-compiles it) and for sm_90a, into OUTDIR (default
# .carry/gpu, which git ignores and the device tool can carry):
#
#   OUTDIR/NAME.ARCH.plain         executable, plain clang
#   OUTDIR/NAME.ARCH.ferry         executable, clang + ferry
#   OUTDIR/NAME.ARCH.plain.ptx     device PTX of each build
#   OUTDIR/NAME.ARCH.ferry.ptx
#   OUTDIR/NAME.ARCH.ferry.remarks -Rpass=ferry -Rpass-missed=ferry
#                                  -Rpass-analysis=ferry output
#
# except for a control (see below), built with plain clang alone:
#
#   OUTDIR/NAME.ARCH.control       executable
#   OUTDIR/NAME.ARCH.control.ptx   its device PTX
#
# Each test declares what the plugin build must show, in comment lines:
#   // expect: cp.async          its PTX must contain cp.async (required)
#   // expect: no cp.async       its PTX must contain none (negative test)
#   // expect: control           not a pair: a sanitizer control whose own
#                                inline PTX holds cp.async and
#                                cp.async.wait_group (run.sh runs it under
#                                racecheck; see sanitizer_control.cu)
#   // expect-converted: N       at least N "converted" remarks per compile
#   // expect-remark: TEXT       some remark contains TEXT
#   // expect-ARCH-ptx: TEXT     the plugin build's PTX for ARCH (sm_80 or
#                                sm_90a) contains TEXT
#   // expect-ARCH-remark: TEXT  some remark of the ARCH compile contains TEXT
#   // ferry-flags: FLAGS        extra flags for the plugin builds (e.g.
#                                -mllvm -ferry-cost-model=false)
#   // expect-trial-kept: KERNEL  the kernel (its mangled name) has a trial
#                                variant that the measured dispatch keeps:
#                                written to OUTDIR/NAME.ARCH.expect-trial for
#                                run.sh, which checks the dispatch's report
#   // expect-trial-choice: KERNEL BLOCK ENTRY
#                                the measured dispatch's trial of the
#                                kernel's launch shape whose block is BLOCK
#                                (e.g. 128x1x1) keeps ENTRY (variant,
#                                alternative, versioning or original; or
#                                A|B, either): written to
#                                OUTDIR/NAME.ARCH.expect-choice for run.sh,
#                                which checks the report and runs memcheck
#                                under measure, where every entry runs
#   // want-converted: N         what ferry should reach; a shortfall prints
#                                a GAP line but does not fail the build
# A test that breaks an expectation is reported FAIL; every binary that
# compiles is still kept, so run.sh can run them. Exits non-zero if any
# compile or expectation failed. Run the result with test/gpu/run.sh.
# FERRY_GPU_ONLY="NAME..." builds only those tests.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/.carry/gpu}"
clang="${FERRY_CLANG:-/usr/lib/llvm-22/bin/clang++}"
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
plugin="${FERRY_PLUGIN:-$root/build/lib/ferry.so}"

# Keep .carry/ out of git (and out of what travels untracked).
exclude="$root/.git/info/exclude"
if [ -d "$root/.git" ] && ! grep -qx '/.carry/' "$exclude" 2>/dev/null; then
  echo '/.carry/' >> "$exclude"
fi

[ -x "$clang" ] || { echo "build: no clang at $clang" >&2; exit 2; }
[ -f "$plugin" ] || { echo "build: no plugin at $plugin (cmake --build build first)" >&2; exit 2; }
mkdir -p "$out"

common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17 -I"$here")
# CUDA 13 keeps libcu++ (which cooperative_groups.h includes) under include/cccl.
[ -d "$cuda/include/cccl" ] && common+=(-I"$cuda/include/cccl")
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
# Loaded as a clang plugin too, so that -mllvm -ferry-* options parse.
ferry=(-fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin")

failed=0
tests=0
# Lines of the form "// KEY: VALUE" in the test source.
directive() { sed -n "s|^// $1: *||p" "$2"; }

for src in "$here"/*.cu; do
  name=$(basename "$src" .cu)
  [ -z "${FERRY_GPU_ONLY:-}" ] || [[ " $FERRY_GPU_ONLY " == *" $name "* ]] || continue
  tests=$((tests + 1))
  expect=$(directive expect "$src" | head -n1)
  expect_converted=$(directive expect-converted "$src" | head -n1)
  want_converted=$(directive want-converted "$src" | head -n1)
  read -r -a ferry_flags <<< "$(directive ferry-flags "$src" | head -n1)"
  case "$expect" in
    "cp.async" | "no cp.async" | control) ;;
    *) echo "FAIL $name: needs a '// expect: cp.async', '// expect: no cp.async' or '// expect: control' line"
       failed=$((failed + 1)); continue ;;
  esac
  if [ "$expect" = control ]; then
    test_ok=1
    for arch in sm_80 sm_90a; do
      archflags=(--cuda-gpu-arch="$arch")
      [ "$arch" = sm_80 ] && archflags+=(--cuda-include-ptx=sm_80)
      base="$out/$name.$arch"
      rm -f "$base".*
      if ! "$clang" "${common[@]}" "${archflags[@]}" "$src" -o "$base.control" "${link[@]}" \
          2> "$base.control.log" ||
         ! "$clang" "${common[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -S "$src" \
          -o "$base.control.ptx" 2>> "$base.control.log"; then
        echo "FAIL $name $arch: control build (log: $base.control.log)"
        sed 's/^/    /' "$base.control.log" | head -n 20
        test_ok=0
        continue
      fi
      [ -s "$base.control.log" ] || rm -f "$base.control.log"
      ptx_async=$(grep -c 'cp\.async\.c[ag]\.shared\.global' "$base.control.ptx")
      ptx_wait=$(grep -c 'cp\.async\.wait_group' "$base.control.ptx")
      echo "build: $name $arch: control (plain clang), $ptx_async cp.async and $ptx_wait cp.async.wait_group in PTX"
      if [ "$ptx_async" -eq 0 ] || [ "$ptx_wait" -eq 0 ]; then
        echo "FAIL $name $arch: a control's PTX must contain cp.async and cp.async.wait_group"
        test_ok=0
      fi
    done
    if [ "$test_ok" = 1 ]; then echo "built $name (control)"; else failed=$((failed + 1)); fi
    continue
  fi
  test_ok=1
  for arch in sm_80 sm_90a; do
    archflags=(--cuda-gpu-arch="$arch")
    [ "$arch" = sm_80 ] && archflags+=(--cuda-include-ptx=sm_80)
    base="$out/$name.$arch"
    rm -f "$base".*
    step() { # step LABEL COMMAND...: runs it, keeps its stderr in $base.LABEL.log
      local label=$1; shift
      if ! "$@" 2> "$base.$label.log"; then
        echo "FAIL $name $arch: $label (log: $base.$label.log)"
        sed 's/^/    /' "$base.$label.log" | head -n 20
        test_ok=0
        return 1
      fi
      [ -s "$base.$label.log" ] || rm -f "$base.$label.log"
    }
    step plain "$clang" "${common[@]}" "${archflags[@]}" "$src" -o "$base.plain" "${link[@]}"
    step ferry "$clang" "${common[@]}" "${archflags[@]}" "${ferry[@]}" "${ferry_flags[@]}" \
      "$src" -o "$base.ferry" "${link[@]}"
    step plain-ptx "$clang" "${common[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -S \
      "$src" -o "$base.plain.ptx"
    if "$clang" "${common[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -S "${ferry[@]}" "${ferry_flags[@]}" \
        -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry "$src" -o "$base.ferry.ptx" \
        2> "$base.ferry.remarks"; then
      :
    else
      echo "FAIL $name $arch: ferry PTX build (log: $base.ferry.remarks)"
      sed 's/^/    /' "$base.ferry.remarks" | head -n 20
      test_ok=0
      continue
    fi

    # What the plugin did, from its PTX and its remarks.
    ptx_async=$(grep -c 'cp\.async\.c[ag]\.shared\.global' "$base.ferry.ptx")
    ptx_bulk=$(grep -c 'cp\.async\.bulk\.' "$base.ferry.ptx")
    converted=$(grep -c 'remark: converted' "$base.ferry.remarks")
    missed=$(grep -c 'remark: not converted' "$base.ferry.remarks")
    echo "build: $name $arch: $converted converted, $missed not converted, $ptx_async cp.async and $ptx_bulk cp.async.bulk in PTX"
    grep -E 'remark: (converted|not converted)' "$base.ferry.remarks" |
      sed "s|^$here/||; s| \[-Rpass[^]]*\]$||; s|^|    |"

    if [ "$expect" = "cp.async" ] && [ "$ptx_async" -eq 0 ]; then
      echo "FAIL $name $arch: expected cp.async in the plugin build's PTX, found none"
      test_ok=0
    fi
    if [ "$expect" = "no cp.async" ] && [ "$ptx_async" -ne 0 ]; then
      echo "FAIL $name $arch: expected no cp.async in the plugin build's PTX, found $ptx_async"
      test_ok=0
    fi
    if grep -q 'cp\.async' "$base.plain.ptx"; then
      echo "FAIL $name $arch: the plain build's PTX already contains cp.async"
      test_ok=0
    fi
    if [ -n "$expect_converted" ] && [ "$converted" -lt "$expect_converted" ]; then
      echo "FAIL $name $arch: expected at least $expect_converted converted copies, remarks show $converted"
      test_ok=0
    fi
    while IFS= read -r text; do
      [ -n "$text" ] || continue
      if ! grep -qF -- "$text" "$base.ferry.remarks"; then
        echo "FAIL $name $arch: no remark says '$text'"
        test_ok=0
      fi
    done < <(directive expect-remark "$src")
    while IFS= read -r text; do
      [ -n "$text" ] || continue
      if ! grep -qF -- "$text" "$base.ferry.ptx"; then
        echo "FAIL $name $arch: the plugin build's PTX has no '$text'"
        test_ok=0
      fi
    done < <(directive "expect-$arch-ptx" "$src")
    while IFS= read -r text; do
      [ -n "$text" ] || continue
      if ! grep -qF -- "$text" "$base.ferry.remarks"; then
        echo "FAIL $name $arch: no remark says '$text'"
        test_ok=0
      fi
    done < <(directive "expect-$arch-remark" "$src")
    directive expect-trial-kept "$src" > "$base.expect-trial"
    [ -s "$base.expect-trial" ] || rm -f "$base.expect-trial"
    directive expect-trial-choice "$src" > "$base.expect-choice"
    [ -s "$base.expect-choice" ] || rm -f "$base.expect-choice"
    if [ -n "$want_converted" ] && [ "$converted" -lt "$want_converted" ]; then
      echo "GAP  $name $arch: ferry should convert $want_converted copies here, converts $converted"
    fi
  done
  if [ "$test_ok" = 1 ]; then
    echo "built $name"
  else
    failed=$((failed + 1))
  fi
done
echo "build: $((tests - failed)) of $tests tests built and met their expectations, $failed failed; output in $out"
[ "$failed" -eq 0 ]
