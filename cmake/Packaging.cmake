# Installing and packaging (docs/packaging.md): `cmake --install`, and `cpack` in the build
# folder, which makes the Debian package sawtooth_<version>_amd64.deb (dependencies from
# dpkg-shlibdeps) and the portable archive sawtooth-<version>-amd64.tar.gz. Both hold the
# same tree: games/sawtooth, bin/sawtooth-lab and bin/sawtooth-server, share/sawtooth/ with the
# assets (where the programs look first, telemetry/store/asset_dir.hpp, so the archive runs from
# any folder) and the study store's SQL scripts, the desktop entry, its icon, man pages made from
# --help by help2man, the copyright file and the server's example nginx and systemd files.

include(GNUInstallDirs)
find_program(HELP2MAN help2man REQUIRED)  # tools/install_deps.sh

# The game in games/ (Debian's /usr/games), the lab in bin/; both find ../share/sawtooth.
install(TARGETS sawtooth RUNTIME DESTINATION games)
install(TARGETS sawtooth-lab sawtooth-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/sawtooth)
# The central study store's set-up (docs/studies.md, docs/online.md): study_server.sql
# includes online_server.sql from its own folder.
install(FILES ${PROJECT_SOURCE_DIR}/tools/postgres/study_server.sql ${PROJECT_SOURCE_DIR}/tools/postgres/online_server.sql
  DESTINATION ${CMAKE_INSTALL_DATADIR}/sawtooth/postgres)
# Examples, not active configuration (docs/packaging.md "The study server"): nginx in front
# of sawtooth-server, and a systemd unit to copy and fill in.
install(FILES ${PROJECT_SOURCE_DIR}/tools/server/nginx-sawtooth.conf ${PROJECT_SOURCE_DIR}/packaging/sawtooth-server.service
  DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sawtooth/examples)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/sawtooth.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/sawtooth.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# Man pages from each program's --help and --version, made when installing (so a plain
# build never runs the programs), gzipped as Debian wants them.
set(SAWTOOTH_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(SAWTOOTH_MAN_PAGES
  "sawtooth|6|a platformer and a word game whose levels are generated from seeds"
  "sawtooth-lab|1|Sawtooth's research command line: generate, replay, analyse, curate, study"
  "sawtooth-server|1|collection server of Sawtooth's online studies")
foreach(page ${SAWTOOTH_MAN_PAGES})
  string(REPLACE "|" ";" page "${page}")
  list(GET page 0 program)
  list(GET page 1 section)
  list(GET page 2 summary)
  install(CODE "
    file(MAKE_DIRECTORY \"${SAWTOOTH_MAN_DIR}\")
    execute_process(COMMAND \"${HELP2MAN}\" --no-info --section=${section} \"--name=${summary}\"
        --output \"${SAWTOOTH_MAN_DIR}/${program}.${section}\" \"$<TARGET_FILE:${program}>\"
      RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR \"help2man could not make the ${program} man page from its --help\")
    endif()
    execute_process(COMMAND gzip -9nf \"${SAWTOOTH_MAN_DIR}/${program}.${section}\")")
  install(FILES ${SAWTOOTH_MAN_DIR}/${program}.${section}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
endforeach()

# Debian's own documentation files: copyright and a one-entry changelog.
string(TIMESTAMP SAWTOOTH_PACKAGE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(SAWTOOTH_MAINTAINER "Sawtooth maintainers <sawtooth@example.org>")
file(WRITE ${CMAKE_BINARY_DIR}/packaging/changelog
  "sawtooth (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
  "  * Built from the source tree by CPack (docs/packaging.md).\n\n"
  " -- ${SAWTOOTH_MAINTAINER}  ${SAWTOOTH_PACKAGE_DATE}\n")
install(CODE "execute_process(COMMAND gzip -9nkf \"${CMAKE_BINARY_DIR}/packaging/changelog\")")
# lintian's tags that stay, each with its reason (docs/packaging.md "lintian").
install(FILES ${PROJECT_SOURCE_DIR}/packaging/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
  RENAME sawtooth)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright ${CMAKE_BINARY_DIR}/packaging/changelog.gz
  DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sawtooth)

set(CPACK_PACKAGE_NAME sawtooth)
set(CPACK_PACKAGE_VENDOR "Sawtooth")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "platformer and word game with generated levels")
set(CPACK_PACKAGE_DESCRIPTION "Sawtooth is a 2D platformer and a word game (Elimination) whose levels
are generated on demand from seeds. Every session is recorded and replays bit
for bit; the recordings train a model that predicts how hard a level is.
sawtooth-lab, the research command line, generates, replays, curates and
analyses levels and studies; sawtooth-server collects the sessions of online
studies and of lab machines into a PostgreSQL store.")
set(CPACK_PACKAGE_CONTACT "${SAWTOOTH_MAINTAINER}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_FILE_NAME "sawtooth-${PROJECT_VERSION}-amd64")  # the portable archive
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sawtooth_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What dpkg-shlibdeps cannot see: the font the game draws text with (engine/text.cpp).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
