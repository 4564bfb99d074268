# Fuzz build: -DSAWTOOTH_FUZZ=ON builds the libFuzzer harnesses of tests/fuzz (clang only:
# libFuzzer is clang's; Debian's libclang-rt-14-dev holds its run-time). Every target is
# compiled with libFuzzer's coverage instrumentation and AddressSanitizer +
# UndefinedBehaviorSanitizer, so the readers in gen, sim and telemetry report coverage and
# memory errors; only the harnesses link libFuzzer's main (tests/fuzz/CMakeLists.txt).
# Campaigns: tools/fuzz.sh (its own build folder, build-fuzz). Not for the game itself.

option(SAWTOOTH_FUZZ "Build the libFuzzer harnesses of tests/fuzz (clang only)" OFF)

if(SAWTOOTH_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SAWTOOTH_FUZZ needs clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}: "
      "configure with -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ (or use tools/fuzz.sh)")
  endif()
  if(SAWTOOTH_SANITIZE)
    message(FATAL_ERROR "SAWTOOTH_FUZZ already builds with address,undefined: leave SAWTOOTH_SANITIZE empty")
  endif()
  # No recovery: a UBSan finding aborts, so libFuzzer saves the input as a crash.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=all -g1)
  add_link_options(-fsanitize=address,undefined)
  message(STATUS "Fuzz build: libFuzzer harnesses with address,undefined")
endif()
