#!/usr/bin/env bash
# Runs the memcpy_async GPU tests that test/gpu/intrinsics/build.sh built,
# on a GPU machine (needs the driver and compute-sanitizer, not LLVM):
#
#   bash .carry/intrinsics/run.sh [DIR]      # DIR: where the binaries are
#
# For each build (sm_90a SASS; sm_80 and sm_75 PTX, JIT-compiled) it prints
# one line per form and check:
#   run        every case of the form matches the reference byte for byte
#   racecheck  compute-sanitizer --tool racecheck --racecheck-memcpy-async yes,
#              on the --quick cases: the program passes and 0 hazards
#   synccheck  --tool synccheck on the --quick cases: passes and 0 errors
# Two kinds of line are INFO, not counted:
#   - racecheck of the sm_75 build: its barriers are the runtime's software
#     barrier (shared-memory atomics), which racecheck cannot see;
#   - synccheck of the barrier forms' cp.async paths on sm_80/sm_90a: they
#     bind copies with cp.async.mbarrier.arrive (libcu++'s choice: the
#     thread still arrives itself), which synccheck reports as "Missing
#     wait" although PTX defines it (runtime/include/ferry/barrier.h).
# Ends with "N passed, M failed"; exits non-zero if anything failed.
set -uo pipefail
dir="${1:-$(cd "$(dirname "$0")" && pwd)}"
logs="$dir/logs"
mkdir -p "$logs"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
[ -f "$dir/BUILT_FROM" ] && echo "built from: $(cat "$dir/BUILT_FROM")"

"$sanitizer" --tool racecheck --help > "$logs/racecheck-help.txt" 2>&1 || true
racecheck=(--tool racecheck)
for opt in "--racecheck-report all" "--racecheck-memcpy-async yes"; do
  grep -q -- "${opt%% *}" "$logs/racecheck-help.txt" && racecheck+=($opt)
done

# Forms whose barrier path binds cp.async with cp.async.mbarrier.arrive.
incr_forms=thread_barrier,thread_slices,block_barrier,warp_barrier,user_group_barrier,annotated_block,aligned_block
other_forms=thread_pipeline,block_pipeline,thread_scope_pipeline,annotated_thread,global_destination,bulk_block

passed=0
failed=0
count() { # count LOG CHECK BUILD: one line per form from the program's own PASS/FAIL lines
  local log=$1 check=$2 build=$3 extra=${4:-}
  if ! grep -qE '^(PASS|FAIL) ' "$log"; then
    echo "FAIL $build $check: no result ($(tail -n2 "$log" | tr '\n' ' '))"
    failed=$((failed + 1))
    return
  fi
  while read -r verdict form rest; do
    form=${form%:}
    if [ "$verdict" = PASS ] && [ -z "$extra" ]; then
      echo "PASS $build.$form $check ($rest)"; passed=$((passed + 1))
    else
      echo "FAIL $build.$form $check ($rest${extra:+; $extra})"; failed=$((failed + 1))
    fi
  done < <(grep -E '^(PASS|FAIL) ' "$log")
}

for build in sm_90a sm_80 sm_75; do
  exe="$dir/memcpy_async_test.$build"
  [ -x "$exe" ] || { echo "FAIL $build: $exe missing"; failed=$((failed + 1)); continue; }

  log="$logs/$build.run.log"
  timeout 120 "$exe" > "$log" 2>&1
  count "$log" run "$build"

  log="$logs/$build.racecheck.log"
  timeout 150 "$sanitizer" "${racecheck[@]}" --print-limit 5 --error-exitcode 86 "$exe" --quick > "$log" 2>&1
  rc=$?
  summary="$(grep -E 'RACECHECK SUMMARY' "$log" | tail -n1 | sed 's/^========= //')"
  if [ $build = sm_75 ]; then
    echo "INFO $build racecheck: exit $rc; ${summary:-no summary} (software barrier: invisible to racecheck)"
  elif [ $rc -ne 0 ] || ! grep -qE 'RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\)' "$log"; then
    count "$log" racecheck "$build" "exit $rc; ${summary:-no summary}; log $log"
  else
    count "$log" racecheck "$build"
  fi

  for group in other incr; do
    forms=$other_forms
    [ $group = incr ] && forms=$incr_forms
    log="$logs/$build.synccheck.$group.log"
    timeout 150 "$sanitizer" --tool synccheck --print-limit 5 --error-exitcode 86 "$exe" --quick --forms "$forms" > "$log" 2>&1
    rc=$?
    summary="$(grep -E 'ERROR SUMMARY' "$log" | tail -n1 | sed 's/^========= //')"
    if [ $group = incr ] && [ $build != sm_75 ] && [ $rc -ne 0 ]; then
      echo "INFO $build synccheck ($incr_forms): exit $rc; ${summary:-no summary}; $(grep -m1 -oE 'Missing wait|Invalid arguments|[A-Z][a-z]+ [a-z]+ error' "$log" || true) (cp.async.mbarrier.arrive, as libcu++)"
      grep -E '^(PASS|FAIL) ' "$log" | sed 's/^/    program: /'
    elif [ $rc -ne 0 ] || ! grep -qE 'ERROR SUMMARY: 0 errors' "$log"; then
      count "$log" synccheck "$build" "exit $rc; ${summary:-no summary}; log $log"
    else
      count "$log" synccheck "$build"
    fi
  done
done

# The control: libcu++'s own memcpy_async + cuda::barrier under synccheck.
for build in sm_90a sm_80; do
  exe="$dir/libcuxx_barrier_control.$build"
  [ -x "$exe" ] || continue
  log="$logs/libcuxx_barrier_control.$build.synccheck.log"
  timeout 120 "$sanitizer" --tool synccheck --print-limit 1 "$exe" > "$log" 2>&1
  echo "INFO control: libcu++ memcpy_async + cuda::barrier ($build, nvcc) under synccheck: exit $?; $(grep -E 'ERROR SUMMARY' "$log" | tail -n1 | sed 's/^========= //'); $(grep -m1 -oE 'Missing wait|[A-Z][a-z]+ [a-z]+ error' "$log" || true)"
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
