# Sanitizer build: -DSAWTOOTH_SANITIZE=address,undefined builds every target (our code and
# the tests) with the named sanitizers, for the sanitizer suite (docs/reliability.md,
# "Sanitizer suite"). It only sets compile and link flags; the run-time options and the
# leak suppressions are set per test in tests/CMakeLists.txt (sawtooth_sanitizer_env).
# System libraries (SDL2, Box2D, SQLite, Mesa) stay uninstrumented, which ASan allows.

set(SAWTOOTH_SANITIZE "" CACHE STRING
  "Comma-separated sanitizers to build with: address, undefined, leak (empty: none)")
set(SAWTOOTH_SANITIZERS_KNOWN address undefined leak)

if(SAWTOOTH_SANITIZE)
  string(REPLACE "," ";" sanitize_list "${SAWTOOTH_SANITIZE}")
  foreach(s ${sanitize_list})
    if(NOT s IN_LIST SAWTOOTH_SANITIZERS_KNOWN)
      message(FATAL_ERROR "SAWTOOTH_SANITIZE: unknown sanitizer '${s}' "
        "(known: address, undefined, leak)")
    endif()
  endforeach()
  list(JOIN sanitize_list "," sanitize_flag)
  # Frame pointers: whole stacks in reports. No recovery: a UBSan finding aborts the
  # program, so it fails its test instead of printing a line nobody reads. -g1: line
  # numbers in stacks at little build cost. The determinism flags (CMakeLists.txt) stay.
  add_compile_options(-fsanitize=${sanitize_flag} -fno-omit-frame-pointer
    -fno-sanitize-recover=all -g1)
  add_link_options(-fsanitize=${sanitize_flag})
  message(STATUS "Sanitizers: ${sanitize_flag}")
endif()

# sawtooth_sanitize_tests(): call at the end of every CMakeLists.txt that adds tests (CMake
# 3.25 sets test properties only in the test's own directory). Under SAWTOOTH_SANITIZE it
# gives each test there the sanitizers' run-time options (inherited by the programs the test
# starts) and makes every test part of the fixture whose cleanup test fails on any report.
# Reports go to files, not stderr: a child's report then cannot hide behind a test that
# expects the child to fail, and is never mistaken for the child's own error line.
#
# GAME_TESTS <regex>: tests whose processes start SDL's offscreen video driver. SDL loads
# Mesa's software driver and unloads it at SDL_Quit; LSan checks at exit, after the
# unload, so what the driver's globals still pointed to shows as leaks from unknown
# frames that no suppression can name (docs/reliability.md). Preloading the driver keeps
# it loaded, and that memory reachable, until the check: no suppression is needed.
function(sawtooth_sanitize_tests)
  if(NOT SAWTOOTH_SANITIZE)
    return()
  endif()
  cmake_parse_arguments(arg "" "GAME_TESTS" "" ${ARGN})
  set(lib_dir /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE})
  find_file(SAWTOOTH_MESA_EGL libEGL_mesa.so.0 PATHS ${lib_dir} NO_DEFAULT_PATH)
  find_file(SAWTOOTH_MESA_SWRAST swrast_dri.so PATHS ${lib_dir}/dri NO_DEFAULT_PATH)
  set(log_dir ${CMAKE_BINARY_DIR}/sanitizer-reports)
  set(supp ${PROJECT_SOURCE_DIR}/tests/sanitizers/lsan.supp)
  # GCC's UBSan run-time ignores log_path when linked with ASan and prints to stderr:
  # abort_on_error makes its finding a SIGABRT, never mistaken for a program's exit 1.
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    set(log log_path=${log_dir}/${t})
    set(asan "${log}:detect_leaks=1:halt_on_error=1:check_initialization_order=1:strict_init_order=1")
    set(env "")
    if(arg_GAME_TESTS AND t MATCHES "${arg_GAME_TESTS}" AND SAWTOOTH_MESA_EGL AND SAWTOOTH_MESA_SWRAST)
      # ASan wants its run-time first among the libraries; a preload needs this check off.
      string(APPEND asan ":verify_asan_link_order=0")
      set(env "LD_PRELOAD=${SAWTOOTH_MESA_EGL}:${SAWTOOTH_MESA_SWRAST}")
    endif()
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${env} "ASAN_OPTIONS=${asan}"
      "UBSAN_OPTIONS=${log}:halt_on_error=1:print_stacktrace=1:abort_on_error=1"
      "LSAN_OPTIONS=suppressions=${supp}:print_suppressions=0")
    set_property(TEST ${t} APPEND PROPERTY FIXTURES_REQUIRED sanitizer_reports)
  endforeach()
  # The fixture's two tests once for the whole project (if(TEST) sees one folder only).
  get_property(fixture_added GLOBAL PROPERTY SAWTOOTH_SANITIZER_FIXTURE_ADDED)
  if(fixture_added)
    return()
  endif()
  set_property(GLOBAL PROPERTY SAWTOOTH_SANITIZER_FIXTURE_ADDED TRUE)
  set(script ${PROJECT_SOURCE_DIR}/tests/sanitizers/reports.cmake)
  add_test(NAME sanitizer.clear_reports
    COMMAND ${CMAKE_COMMAND} -DMODE=clear -DDIR=${log_dir} -P ${script})
  add_test(NAME sanitizer.no_reports
    COMMAND ${CMAKE_COMMAND} -DMODE=check -DDIR=${log_dir} -P ${script})
  set_tests_properties(sanitizer.clear_reports PROPERTIES FIXTURES_SETUP sanitizer_reports)
  set_tests_properties(sanitizer.no_reports PROPERTIES FIXTURES_CLEANUP sanitizer_reports)
endfunction()
