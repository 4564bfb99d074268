# Layering (ARCHITECTURE.md): every layer sees only the project folders it may use.
# Each target gets an include root under build/layers/<target>/ that holds symlinks to
# its own folders only, so `#include "engine/..."` from gen/ is a compile error. System
# libraries (SDL, Box2D, ImGui, SQLite) live in /usr/include where every target could
# reach them, so tools/check_layers.cmake scans the sources at build time and fails the
# build on a forbidden include.

set(SAWTOOTH_LAYER_ROOT ${CMAKE_BINARY_DIR}/layers)

# sawtooth_expose(<target> <folder>...): let <target> and its dependents include <folder>/...
function(sawtooth_expose target)
  set(root ${SAWTOOTH_LAYER_ROOT}/${target})
  foreach(folder ${ARGN})
    get_filename_component(parent ${root}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    if(NOT EXISTS ${root}/${folder})
      file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# sawtooth_warnings(<target>): our code builds warning-free at -Wall -Wextra.
function(sawtooth_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wnon-virtual-dtor)
  if(SAWTOOTH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# sawtooth_unity(<target>): a unity build, eight source files to a unit, so the headers
# they share (the standard library, nlohmann/json, Eigen, CLI11, doctest, the layers' own)
# are parsed and their inline code compiled once per eight files (docs/performance.md
# "Build time"). Names at file scope are therefore unique across a target's files. Eight
# keeps two units compiling side by side on two cores; an edit recompiles eight files.
# The web build (emcc) compiles each file alone: it is not on the test command's path, and
# its own sources (web_main.cpp, cmake/WebDependencies.cmake) were never built as units.
function(sawtooth_unity target)
  if(EMSCRIPTEN)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
endfunction()

# Build-time scan of forbidden includes (runs on every build, cheap).
file(GLOB_RECURSE SAWTOOTH_ALL_SOURCES CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/gen/*.[ch]pp ${PROJECT_SOURCE_DIR}/game/*.[ch]pp
  ${PROJECT_SOURCE_DIR}/engine/*.[ch]pp ${PROJECT_SOURCE_DIR}/telemetry/*.[ch]pp
  ${PROJECT_SOURCE_DIR}/tools/*.[ch]pp)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/layers.stamp
  COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -P ${PROJECT_SOURCE_DIR}/cmake/check_layers.cmake
  COMMAND ${CMAKE_COMMAND} -E touch ${CMAKE_BINARY_DIR}/layers.stamp
  DEPENDS ${SAWTOOTH_ALL_SOURCES} ${PROJECT_SOURCE_DIR}/cmake/check_layers.cmake
  COMMENT "Checking layer includes")
add_custom_target(check_layers ALL DEPENDS ${CMAKE_BINARY_DIR}/layers.stamp)
