# Fails when a source file includes something its layer must never use (ARCHITECTURE.md).
# Usage: cmake -DROOT=<source dir> [-DONLY=<folder>] -P check_layers.cmake
# Each rule: folder ; regex of forbidden include targets.
set(rules
  "gen|SDL|box2d|imgui|sqlite3|engine/|game/|telemetry/|fstream|filesystem|chrono|ctime|random>"
  "game/sim|SDL|imgui|sqlite3|engine/|game/app/|game/bot/|game/flows/|telemetry/|chrono|ctime|random>"
  "game/bot|SDL|imgui|sqlite3|engine/|game/app/|game/flows/|telemetry/|chrono|ctime|random>"
  "game/flows|SDL|imgui|engine/|game/app/|tools/"
  "game/words|SDL|imgui|sqlite3|engine/|game/app/|game/bot/|game/flows/|telemetry/|chrono|ctime|random>"
  "telemetry|SDL|imgui|engine/|game/app/|game/bot/|game/flows/|tools/"
  "tools|SDL|imgui|engine/|game/app/"
  "engine|game/|telemetry/|gen/|box2d|sqlite3"
  # Inside the game library (docs/architecture.md "game/app"): the foundations and the
  # drawing blocks never reach up to what uses them; only the shell starts the game.
  "game/app/core|game/app/(shell|widgets|screens|study|recording|words|editor)/"
  "game/app/widgets|game/app/(shell|screens|study|recording|words|editor)/"
  "game/app/screens|game/app/shell/"
  "game/app/study|game/app/(shell|words|editor)/"
  "game/app/words|game/app/(shell|study|editor)/"
  "game/app/editor|game/app/(shell|study|words|recording)/"
  # Inside telemetry (docs/architecture.md "telemetry"): the store knows no use of it; the
  # online client (native only) is used by nothing else in telemetry and knows no SQL of
  # its own beyond the store's.
  "telemetry/store|telemetry/(recording|curation|study|analysis|online)/"
  "telemetry/recording|telemetry/(curation|study|analysis|online)/"
  "telemetry/curation|telemetry/(recording|study|online)/"
  "telemetry/study|telemetry/(recording|analysis|online)/"
  "telemetry/analysis|telemetry/online/"
  "telemetry/online|telemetry/(recording|curation|study|analysis)/")
set(failures "")
foreach(rule ${rules})
  string(REPLACE "|" ";" parts "${rule}")
  list(GET parts 0 folder)
  list(REMOVE_AT parts 0)
  string(REPLACE ";" "|" forbidden "${parts}")
  if(DEFINED ONLY AND NOT ONLY STREQUAL folder)
    continue()
  endif()
  file(GLOB_RECURSE files ${ROOT}/${folder}/*.cpp ${ROOT}/${folder}/*.hpp)
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      if(line MATCHES "#[ \t]*include[ \t]*[<\"]([^>\"]*)" )
        set(inc "${CMAKE_MATCH_1}")
        if(inc MATCHES "(${forbidden})")
          file(RELATIVE_PATH rel ${ROOT} ${f})
          string(APPEND failures "${rel}: layer '${folder}' must not include <${inc}>\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "Layer violation:\n${failures}")
endif()
