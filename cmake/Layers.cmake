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
