# Build id: stamped into every recording. Box2D reproduces a simulation only for the same
# binary, so replay compares this id and warns on mismatch (ARCHITECTURE.md).
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  OUTPUT_VARIABLE SAWTOOTH_GIT_SHA OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT SAWTOOTH_GIT_SHA)
  set(SAWTOOTH_GIT_SHA "nogit")
endif()
set(SAWTOOTH_BUILD_ID
  "sawtooth-${PROJECT_VERSION}-${SAWTOOTH_GIT_SHA}-${CMAKE_CXX_COMPILER_ID}${CMAKE_CXX_COMPILER_VERSION}-${CMAKE_BUILD_TYPE}")
