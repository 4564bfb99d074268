# Every dependency comes from a Debian 12 package (see README "Dependencies").
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
# Box2D: from Debian 12's source package, compiled here (deps/box2d).
add_subdirectory(${PROJECT_SOURCE_DIR}/deps/box2d ${CMAKE_BINARY_DIR}/deps/box2d)
find_package(SQLite3 REQUIRED)
find_package(SDL2 CONFIG REQUIRED)
pkg_check_modules(SDL2_TTF REQUIRED IMPORTED_TARGET SDL2_ttf)
find_package(nlohmann_json CONFIG REQUIRED)
find_package(CLI11 CONFIG QUIET)
if(NOT CLI11_FOUND)
  find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp REQUIRED)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${CLI11_INCLUDE_DIR})
endif()
find_package(Eigen3 CONFIG REQUIRED)
find_package(Boost REQUIRED)  # header-only Boost.Math (t distribution)
# The study server's client (the game's uploads, docs/online.md "Lab machines"), the server.
pkg_check_modules(CPP_HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
if(NOT SAWTOOTH_GAME_ONLY)  # the lab's and the tests' own (tools/install_deps.sh)
  pkg_check_modules(LIBPQ REQUIRED IMPORTED_TARGET libpq)  # push / pull to the study server
  find_package(doctest CONFIG QUIET)
  if(NOT doctest_FOUND)
    find_path(DOCTEST_INCLUDE_DIR doctest/doctest.h REQUIRED)
    add_library(doctest::doctest INTERFACE IMPORTED)
    target_include_directories(doctest::doctest INTERFACE ${DOCTEST_INCLUDE_DIR})
  endif()
endif()
find_path(STB_INCLUDE_DIR stb_image_write.h PATHS /usr/include/stb REQUIRED)
# Debian's libstb holds the stb implementations (ImGui's font packer and stb_image_write).
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)

# Dear ImGui: Debian's libimgui.a holds the core and the SDL2 platform backend, but not the
# SDL_Renderer backend; its source ships with the docs and is compiled here.
find_path(IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui REQUIRED)
find_library(IMGUI_LIBRARY NAMES imgui REQUIRED)
find_file(IMGUI_SDLRENDERER_SOURCE imgui_impl_sdlrenderer.cpp
  PATHS /usr/share/doc/libimgui-dev/examples/backends NO_DEFAULT_PATH)
if(NOT IMGUI_SDLRENDERER_SOURCE)
  message(FATAL_ERROR "imgui_impl_sdlrenderer.cpp not found under "
    "/usr/share/doc/libimgui-dev/examples/backends: install libimgui-dev (Debian 12).")
endif()
get_filename_component(IMGUI_BACKEND_DIR ${IMGUI_SDLRENDERER_SOURCE} DIRECTORY)
add_library(imgui_sdlrenderer STATIC ${IMGUI_SDLRENDERER_SOURCE})
target_include_directories(imgui_sdlrenderer SYSTEM PUBLIC ${IMGUI_INCLUDE_DIR} ${IMGUI_BACKEND_DIR}
  ${IMGUI_INCLUDE_DIR}/backends)
target_link_libraries(imgui_sdlrenderer PUBLIC ${IMGUI_LIBRARY} PkgConfig::STB SDL2::SDL2)
