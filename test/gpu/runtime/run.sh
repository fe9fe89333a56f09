#!/usr/bin/env bash
# Runs the runtime's GPU tests built by test/gpu/runtime/build.sh, on a GPU
# machine (it needs the driver and compute-sanitizer, not LLVM):
#
#   bash test/gpu/runtime/run.sh [OUTDIR]     # OUTDIR defaults to .carry/runtime
#
# For each test and each build (sm_90a, sm_80 and sm_75 binaries, and the
# sm_70 PTX loaded by the sm_90a binary) it prints one line per check
# (racecheck of the software-barrier builds is INFO only, see below):
#   run        the program passes all its own checks at full size
#   racecheck  compute-sanitizer --tool racecheck (--racecheck-report all,
#              --racecheck-memcpy-async yes where this version has them) on
#              the --quick sizes: the program passes and the summary says
#              "0 hazards displayed (0 errors, 0 warnings)"
#   synccheck  --tool synccheck on the --quick sizes: passes, "0 errors"
# and for debug_test (built with -DFERRY_DEBUG), each broken precondition
# must print ferry's message and fail the launch, and valid arguments must
# pass. The program's own PASS/FAIL lines are kept in the logs
# ($RT_LOGS, default OUTDIR/logs). Ends with "N passed, M failed"; exits
# non-zero if anything failed. $RT_TIMEOUT limits each program (default 300 s).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-$here}"
[ -f "$dir/barrier_test.sm_90a" ] || dir="$(cd "$here/../../.." && pwd)/.carry/runtime"
logs="${RT_LOGS:-$dir/logs}"
limit="${RT_TIMEOUT:-300}"
mkdir -p "$logs"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"

nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
"$sanitizer" --version 2>/dev/null | tail -n1 | sed 's/^/compute-sanitizer: /'
[ -f "$dir/BUILT_FROM" ] && echo "built from: $(cat "$dir/BUILT_FROM")"

"$sanitizer" --tool racecheck --help > "$logs/racecheck-help.txt" 2>&1 || true
racecheck_opts=(--tool racecheck)
for opt in "--racecheck-report all" "--racecheck-memcpy-async yes"; do
  grep -q -- "${opt%% *}" "$logs/racecheck-help.txt" && racecheck_opts+=($opt)
done
echo "racecheck options: ${racecheck_opts[*]}"

passed=0
failed=0
report() { # report PASS|FAIL WHAT CHECK [DETAIL]
  echo "$1 $2 $3${4:+  ($4)}"
  if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

# The command line of a build: the sm_70 build is PTX run by the sm_90a binary.
command_of() { # command_of TEST BUILD
  if [ "$2" = sm_70 ]; then
    echo "$dir/$1.sm_90a --ptx $dir/$1.sm_70.ptx"
  else
    echo "$dir/$1.$2"
  fi
}

# A summary of the program's own checks, for the report line.
checks_of() { grep -E '^[a-z_]+: [0-9]+ checks, [0-9]+ failed' "$1" | tail -n1; }

for test in barrier_test pipeline_test access_property_test; do
  for build in sm_90a sm_80 sm_75 sm_70; do
    id="$test.$build"
    read -r -a cmd <<< "$(command_of "$test" "$build")"
    log="$logs/$id.run.log"
    start=$(date +%s%N)
    timeout "$limit" "${cmd[@]}" > "$log" 2>&1
    rc=$?
    seconds=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
    if [ $rc -eq 0 ]; then
      report PASS "$id" run "$(checks_of "$log"), ${seconds}s"
    else
      report FAIL "$id" run "exit $rc; $(grep -E '^FAIL|failed' "$log" | head -n3 | tr '\n' ';')"
    fi

    for tool in racecheck synccheck; do
      log="$logs/$id.$tool.log"
      # racecheck models barriers (bar.sync, mbarrier, cp.async waits) but
      # not synchronisation through atomics, which is all the software
      # barrier of sm_70/sm_75 has: every wait on it looks like a race. So
      # on those builds the tests that synchronise through it report INFO
      # (barrier_test is not run: its spinning under racecheck outlasts any
      # sensible limit); access_property_test uses no barrier and is checked.
      if [ $tool = racecheck ] && { [ $build = sm_75 ] || [ $build = sm_70 ]; } && [ $test != access_property_test ]; then
        if [ $test = barrier_test ]; then
          echo "INFO $id racecheck: not run (software barrier: synchronisation through atomics, invisible to racecheck)"
          continue
        fi
        timeout 120 "$sanitizer" "${racecheck_opts[@]}" --print-limit 3 "${cmd[@]}" --quick > "$log" 2>&1
        echo "INFO $id racecheck: exit $?; $(grep -E 'RACECHECK SUMMARY' "$log" | tail -n1 | sed 's/^========= //'); $(checks_of "$log") (software barrier: synchronisation through atomics, invisible to racecheck)"
        continue
      fi
      if [ $tool = racecheck ]; then opts=("${racecheck_opts[@]}"); else opts=(--tool synccheck); fi
      timeout "$limit" "$sanitizer" "${opts[@]}" --error-exitcode 86 "${cmd[@]}" --quick > "$log" 2>&1
      rc=$?
      summary="$(grep -E 'SUMMARY' "$log" | tail -n1 | sed 's/^========= //')"
      if [ $rc -ne 0 ]; then
        report FAIL "$id" $tool "exit $rc; ${summary:-no summary}; log: $log"
        grep -E '^========= ' "$log" | head -n 8 | sed 's/^/    /'
      elif [ $tool = racecheck ] && ! grep -qE 'RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\)' "$log"; then
        report FAIL "$id" $tool "$summary"
      elif [ $tool = synccheck ] && ! grep -qE 'ERROR SUMMARY: 0 errors' "$log"; then
        report FAIL "$id" $tool "$summary"
      else
        report PASS "$id" $tool "$summary; $(checks_of "$log")"
      fi
    done
  done
done

# What synccheck says about mbarrier patterns (not counted; see
# sanitizer_probe.cu): the runtime avoids the ones it reports.
if [ -x "$dir/sanitizer_probe.sm_90a" ]; then
  echo "INFO sanitizer_probe: $("$dir/sanitizer_probe.sm_90a" pending 2>&1 | tail -n1)"
  for build in sm_90a sm_80; do
    for mode in token parity cp-incr cp-noinc pc-arrive pc-noinc pc-incr; do
      log="$logs/sanitizer_probe.$build.$mode.synccheck.log"
      timeout 120 "$sanitizer" --tool synccheck --print-limit 1 "$dir/sanitizer_probe.$build" "$mode" > "$log" 2>&1
      echo "INFO sanitizer_probe.$build $mode: synccheck exit $?; $(grep -E 'ERROR SUMMARY' "$log" | head -n1 | sed 's/^========= //'); $(grep -m1 -E '^(PASS|FAIL)' "$log")"
    done
  done
fi

# -DFERRY_DEBUG: broken preconditions trap with a message.
for build in sm_90a sm_80 sm_75 sm_70; do
  read -r -a cmd <<< "$(command_of debug_test "$build")"
  for mode in valid probability range barrier-space producers load-space; do
    id="debug_test.$build"
    log="$logs/$id.$mode.log"
    timeout "$limit" "${cmd[0]}" "$mode" "${cmd[@]:1}" > "$log" 2>&1
    rc=$?
    message="$(grep -m1 'ferry: precondition failed' "$log" | sed 's/^.*debug_test.cu/debug_test.cu/')"
    if [ $rc -ne 0 ]; then
      report FAIL "$id" "$mode" "exit $rc; $(grep -E '^FAIL' "$log" | head -n1)"
    elif [ $mode = valid ] && [ -n "$message" ]; then
      report FAIL "$id" "$mode" "valid arguments printed: $message"
    elif [ $mode != valid ] && [ -z "$message" ]; then
      report FAIL "$id" "$mode" "trapped, but no ferry message in the output"
    else
      report PASS "$id" "$mode" "${message:-no message, launch succeeded}"
    fi
  done
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
