#!/usr/bin/env bash
# Compiler/linker launcher for tools/bench/build_time.sh: runs the command it is given and
# appends "<wall s> <cpu s> <output file>" to the log named by its first argument (cpu =
# user + system time of the command and its children: what a busy machine inflates least).
# Use: -DCMAKE_CXX_COMPILER_LAUNCHER="tools/bench/compile_timer.sh;LOG" (and the linker one).
log=$1
shift
out=
prev=
for arg in "$@"; do
  [ "$prev" = "-o" ] && out=$arg
  prev=$arg
done
times=$(mktemp)
/usr/bin/time -o "$times" -f "%e %U %S" "$@"
rc=$?
read -r wall user sys <"$times"
rm -f "$times"
printf '%s %.2f %s\n' "$wall" "$(echo "$user + $sys" | bc)" "$out" >>"$log"
exit $rc
