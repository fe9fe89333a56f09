#!/usr/bin/env bash
# Runs the execution tests built by test/gpu/build.sh, on a GPU machine:
#
#   bash test/gpu/run.sh [DIR]      (DIR defaults to .carry/gpu)
#
# For every NAME.ARCH.plain / NAME.ARCH.ferry pair in DIR:
#   run-plain, run-ferry  each binary runs, self-checks against its CPU
#                         reference, and writes its outputs to a file
#   cmp                   the two output files are identical, bit for bit
#   trial-kept            (where build.sh wrote NAME.ARCH.expect-trial) the
#                         plugin binary under FERRY_DISPATCH=measure: the
#                         dispatch's report (FERRY_DISPATCH_REPORT) shows
#                         each kernel named there settled on its variant
#                         in every shape, and the output is the plain one
#   trial-choice          (where build.sh wrote NAME.ARCH.expect-choice) the
#                         plugin binary under FERRY_DISPATCH=measure: the
#                         report shows each named kernel's shape of the
#                         block named settled on the entry named (or on
#                         one of several named, A|B), and the
#                         output is the plain one; memcheck-measure: the
#                         same under memcheck (every entry runs in trials)
#   racecheck, synccheck, memcheck
#                         the plugin binary under compute-sanitizer reports
#                         0 hazards / 0 errors, exits 0, and writes the same
#                         bytes again
# For every NAME.ARCH.control (a sanitizer control; see sanitizer_control.cu):
#   racecheck-detects     racecheck, with the options used above, reports
#                         hazards (more than 0) for the planted cp.async race
#                         (mode racy) and 0 for the same kernel with
#                         cp.async.wait_group 0 before the barrier (synced);
#                         INFO lines (not counted) add other modes and options
# One line per check (PASS/FAIL NAME.ARCH CHECK), then "N passed, N failed";
# exits non-zero if anything failed. Logs go to $GPU_TEST_LOGS (default
# DIR/logs). When a sanitizer check of the plugin binary fails, the plain
# binary is put through the same tool as well, and the result is printed as
# an INFO line (not counted), to tell a ferry regression from a kernel bug.
set -uo pipefail
# The ferry builds run each kernel's variant wherever it can launch: a trial
# variant (K__ferry_trial), which the default measured dispatch runs only
# where it timed faster, is then tested too.
export FERRY_DISPATCH="${FERRY_DISPATCH:-variant}"
dir="${1:-.carry/gpu}"
logs="${GPU_TEST_LOGS:-$dir/logs}"
mkdir -p "$logs"
sanitizer="${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}"
limit="${GPU_TEST_TIMEOUT:-300}" # seconds per program run

nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null |
  sed 's/^/device: /'
"$sanitizer" --version 2>/dev/null | grep -iE 'version [0-9]|^Version' | sed 's/^/sanitizer: /'

# Racecheck options that this compute-sanitizer accepts (they have changed
# between releases); the report covers hazards and analysis.
"$sanitizer" --help > "$logs/sanitizer-help.txt" 2>&1
racecheck_opts=(--tool racecheck)
for opt in "--racecheck-report all" "--racecheck-memcpy-async yes"; do
  grep -q -- "${opt%% *}" "$logs/sanitizer-help.txt" && racecheck_opts+=($opt)
done
echo "racecheck options: ${racecheck_opts[*]}"

passed=0
failed=0
report() { # report PASS|FAIL NAME CHECK [DETAIL]
  echo "$1 $2 $3${4:+  ($4)}"
  if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

# sanitize TOOL BINARY LOG OUTFILE: 0 if the tool found nothing and the
# program passed; the reason otherwise, on stdout.
sanitize() {
  local tool=$1 bin=$2 log=$3 outfile=$4 opts rc
  case "$tool" in
    racecheck) opts=("${racecheck_opts[@]}") ;;
    *) opts=(--tool "$tool") ;;
  esac
  timeout "$limit" "$sanitizer" "${opts[@]}" --error-exitcode 86 "$bin" "$outfile" > "$log" 2>&1
  rc=$?
  if [ "$rc" -eq 124 ]; then echo "timed out after ${limit}s"; return 1; fi
  if [ "$rc" -eq 86 ]; then echo "sanitizer reported errors: $(grep -E 'SUMMARY' "$log" | tail -n1)"; return 1; fi
  if [ "$rc" -ne 0 ]; then echo "exit status $rc"; return 1; fi
  if [ "$tool" = racecheck ] && grep -q 'RACECHECK SUMMARY' "$log"; then
    if ! grep -qE 'RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\)' "$log"; then
      echo "summary: $(grep -E 'SUMMARY' "$log" | tail -n1)"
      return 1
    fi
  elif ! grep -qE 'ERROR SUMMARY: 0 errors' "$log"; then
    echo "summary: $(grep -E 'SUMMARY' "$log" | tail -n1)"
    return 1
  fi
  return 0
}

shopt -s nullglob
# What the GPU will execute: cp.async in the embedded PTX (sm_80 builds, which
# the driver JIT-compiles here) and LDGSTS, its machine instruction, in the
# embedded SASS (sm_90a builds). Information, not checks.
if command -v cuobjdump > /dev/null; then
  for bin in "$dir"/*.plain "$dir"/*.ferry "$dir"/*.control; do
    ptx=$(cuobjdump -ptx "$bin" 2>/dev/null | grep -c 'cp\.async\.c[ag]')
    sass=$(cuobjdump -sass "$bin" 2>/dev/null | grep -c 'LDGSTS')
    bulk=$(cuobjdump -sass "$bin" 2>/dev/null | grep -c 'UBLKCP')
    echo "INFO $(basename "$bin"): embedded PTX has $ptx cp.async, embedded SASS has $sass LDGSTS and $bulk UBLKCP (cp.async.bulk)"
  done
fi
plains=("$dir"/*.plain)
[ ${#plains[@]} -gt 0 ] || { echo "no *.plain binaries in $dir (run test/gpu/build.sh)"; exit 2; }
for plain in "${plains[@]}"; do
  base="${plain%.plain}"
  id="$(basename "$base")" # NAME.ARCH
  ferry="$base.ferry"
  plain_out="$logs/$id.plain.bin"
  ferry_out="$logs/$id.ferry.bin"
  rm -f "$plain_out" "$ferry_out"

  ran_plain=0 ran_ferry=0
  if timeout "$limit" "$plain" "$plain_out" > "$logs/$id.plain.log" 2>&1; then
    report PASS "$id" run-plain; ran_plain=1
  else
    report FAIL "$id" run-plain "exit $?; $(tail -n1 "$logs/$id.plain.log")"
  fi
  if [ ! -x "$ferry" ]; then
    report FAIL "$id" run-ferry "no plugin binary"
    continue
  fi
  if timeout "$limit" "$ferry" "$ferry_out" > "$logs/$id.ferry.log" 2>&1; then
    report PASS "$id" run-ferry; ran_ferry=1
  else
    report FAIL "$id" run-ferry "exit $?; $(tail -n1 "$logs/$id.ferry.log")"
  fi
  if [ -s "$plain_out" ] && [ -s "$ferry_out" ] && cmp -s "$plain_out" "$ferry_out"; then
    report PASS "$id" cmp "$(stat -c %s "$plain_out") bytes identical"
  elif [ -s "$plain_out" ] && [ -s "$ferry_out" ]; then
    report FAIL "$id" cmp "$(cmp "$plain_out" "$ferry_out" 2>&1 | head -n1)"
  else
    report FAIL "$id" cmp "an output file is missing or empty"
  fi

  if [ -s "$base.expect-trial" ]; then
    trial_report="$logs/$id.ferry.dispatch-report.txt"
    trial_out="$logs/$id.ferry.measure.bin"
    rm -f "$trial_report" "$trial_out"
    FERRY_DISPATCH=measure FERRY_DISPATCH_REPORT="$trial_report" \
      timeout "$limit" "$ferry" "$trial_out" > "$logs/$id.ferry.measure.log" 2>&1
    while IFS= read -r kernel; do
      [ -n "$kernel" ] || continue
      settled=$(grep -E "^ferry-dispatch: $kernel device [0-9]+ grid [^:]*: " "$trial_report" 2>/dev/null)
      if [ -n "$settled" ] && ! grep -qvE ": variant; " <<< "$settled" &&
         [ "$ran_plain" = 1 ] && cmp -s "$plain_out" "$trial_out"; then
        report PASS "$id" trial-kept "$kernel: $(sed 's/^ferry-dispatch: [^:]*: //' <<< "$settled" | head -n1)"
      else
        report FAIL "$id" trial-kept "$kernel: ${settled:-no shape in the report} (report: $trial_report)"
      fi
    done < "$base.expect-trial"
    rm -f "$trial_out"
  fi

  if [ -s "$base.expect-choice" ]; then
    choice_report="$logs/$id.ferry.choice-report.txt"
    choice_out="$logs/$id.ferry.choice.bin"
    rm -f "$choice_report" "$choice_out"
    FERRY_DISPATCH=measure FERRY_DISPATCH_REPORT="$choice_report" \
      timeout "$limit" "$ferry" "$choice_out" > "$logs/$id.ferry.choice.log" 2>&1
    while read -r kernel block entry; do
      [ -n "$kernel" ] || continue
      line=$(grep -E "^ferry-dispatch: $kernel device [0-9]+ grid [^ ]* block $block dynamic [0-9]+: " \
             "$choice_report" 2>/dev/null | head -n1)
      # ENTRY: original, variant, alternative or versioning (the words the
      # report's choice prints), or several joined by | (any of them).
      kept=0
      IFS='|' read -r -a wanted <<< "$entry"
      for one in "${wanted[@]}"; do
        case "$one" in
          original | variant | alternative | versioning) [[ "$line" == *": $one; "* ]] && kept=1 ;;
          *) line="unknown entry word '$one' (original, variant, alternative, versioning)"; kept=0; break ;;
        esac
      done
      if [ "$kept" = 1 ] && [ "$ran_plain" = 1 ] && cmp -s "$plain_out" "$choice_out"; then
        report PASS "$id" trial-choice "$kernel $block: $(sed 's/^ferry-dispatch: [^:]*: //' <<< "$line")"
      else
        report FAIL "$id" trial-choice "$kernel $block, wanted $entry: ${line:-no such shape in the report} (report: $choice_report)"
      fi
    done < "$base.expect-choice"
    rm -f "$choice_out"
    log="$logs/$id.ferry.memcheck-measure.log"
    sanitized_out="$logs/$id.ferry.memcheck-measure.bin"
    rm -f "$sanitized_out"
    if why=$(FERRY_DISPATCH=measure sanitize memcheck "$ferry" "$log" "$sanitized_out"); then
      if [ "$ran_plain" = 1 ] && ! cmp -s "$plain_out" "$sanitized_out"; then
        report FAIL "$id" memcheck-measure "0 errors, but its output differs from the plain build's"
      else
        report PASS "$id" memcheck-measure "$(grep -E 'SUMMARY' "$log" | tail -n1 | sed 's/^========= //')"
      fi
    else
      report FAIL "$id" memcheck-measure "$why"
    fi
    rm -f "$sanitized_out"
  fi

  for tool in racecheck synccheck memcheck; do
    log="$logs/$id.ferry.$tool.log"
    sanitized_out="$logs/$id.ferry.$tool.bin"
    rm -f "$sanitized_out"
    if why=$(sanitize "$tool" "$ferry" "$log" "$sanitized_out"); then
      if [ "$ran_plain" = 1 ] && ! cmp -s "$plain_out" "$sanitized_out"; then
        report FAIL "$id" "$tool" "0 errors, but its output differs from the plain build's"
      else
        report PASS "$id" "$tool" "$(grep -E 'SUMMARY' "$log" | tail -n1 | sed 's/^========= //')"
      fi
    else
      report FAIL "$id" "$tool" "$why; log: $log"
      grep -E '^========= ' "$log" | head -n 12 | sed 's/^/    /'
      plain_log="$logs/$id.plain.$tool.log"
      if plain_why=$(sanitize "$tool" "$plain" "$plain_log" "$logs/$id.plain.$tool.bin"); then
        echo "INFO $id $tool: the plain build is clean under $tool; the failure comes with ferry"
      else
        echo "INFO $id $tool: the plain build fails $tool too ($plain_why)"
      fi
    fi
    rm -f "$sanitized_out" "$logs/$id.plain.$tool.bin"
  done
done

# Sanitizer controls. control_racecheck BIN MODE LOG OPTS...: runs BIN MODE
# under compute-sanitizer with OPTS; prints the hazard count of its RACECHECK
# SUMMARY, or a reason (and returns 1) when the run did not get that far.
control_racecheck() {
  local bin=$1 mode=$2 log=$3 rc count
  shift 3
  timeout "$limit" "$sanitizer" "$@" --error-exitcode 86 "$bin" "$mode" "$log.bin" > "$log" 2>&1
  rc=$?
  rm -f "$log.bin"
  if [ "$rc" -eq 124 ]; then echo "timed out after ${limit}s"; return 1; fi
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 86 ]; then
    echo "exit status $rc: $(grep -v '^=========' "$log" | tail -n1)"; return 1
  fi
  count=$(sed -n 's/.*RACECHECK SUMMARY: \([0-9][0-9]*\) hazard.*/\1/p' "$log" | tail -n1)
  if [ -z "$count" ]; then echo "no RACECHECK SUMMARY in the log"; return 1; fi
  echo "$count"
}
has_option() { grep -q -- "$1" "$logs/sanitizer-help.txt"; }
for bin in "$dir"/*.control; do
  id="$(basename "${bin%.control}")"
  # Unchecked: whether the planted race shows in the values on the hardware.
  "$bin" racy "$logs/$id.control.racy.bin" 2>&1 | grep -E '^mode ' | sed "s/^/INFO $id without sanitizer: /"
  rm -f "$logs/$id.control.racy.bin"
  racy_log="$logs/$id.control.racy.racecheck.log"
  synced_log="$logs/$id.control.synced.racecheck.log"
  racy=$(control_racecheck "$bin" racy "$racy_log" "${racecheck_opts[@]}"); racy_ok=$?
  synced=$(control_racecheck "$bin" synced "$synced_log" "${racecheck_opts[@]}"); synced_ok=$?
  detail="racy: $racy$([ "$racy_ok" = 0 ] && echo ' hazards'); synced: $synced$([ "$synced_ok" = 0 ] && echo ' hazards')"
  if [ "$racy_ok" = 0 ] && [ "$synced_ok" = 0 ] && [ "$racy" -gt 0 ] && [ "$synced" -eq 0 ]; then
    report PASS "$id" racecheck-detects "$detail"
  else
    report FAIL "$id" racecheck-detects "$detail; logs: $racy_log, $synced_log"
  fi
  grep -E '^========= ' "$racy_log" | head -n 8 | sed "s/^/    racy: /"

  # More evidence, not counted: other modes under the same options, and the
  # racy/synced pair under other racecheck options.
  for mode in racy16 synced16 racyown plainrace; do
    r=$(control_racecheck "$bin" "$mode" "$logs/$id.control.$mode.racecheck.log" "${racecheck_opts[@]}") &&
      r="$r hazards"
    echo "INFO $id racecheck $mode: $r"
  done
  variants=()
  if has_option --racecheck-memcpy-async; then
    without=()
    for o in "${racecheck_opts[@]}"; do without+=("$o"); done
    # the same options with --racecheck-memcpy-async no instead of yes
    for i in "${!without[@]}"; do [ "${without[$i]}" = yes ] && [ "${without[$((i - 1))]}" = --racecheck-memcpy-async ] && without[$i]=no; done
    variants+=("${without[*]}")
  fi
  has_option --racecheck-detect-level && variants+=("${racecheck_opts[*]} --racecheck-detect-level info")
  has_option --racecheck-indirect-barrier-dependency &&
    variants+=("${racecheck_opts[*]} --racecheck-indirect-barrier-dependency yes")
  k=0
  for v in "${variants[@]}"; do
    k=$((k + 1))
    read -r -a vopts <<< "$v"
    r1=$(control_racecheck "$bin" racy "$logs/$id.control.racy.opts$k.log" "${vopts[@]}") &&
      r1="$r1 hazards"
    r2=$(control_racecheck "$bin" synced "$logs/$id.control.synced.opts$k.log" "${vopts[@]}") &&
      r2="$r2 hazards"
    echo "INFO $id racecheck with '$v': racy $r1; synced $r2"
  done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
