# The web build's dependencies (docs/web.md "Dependencies"), in place of Dependencies.cmake
# when configured with emscripten (tools/web/build.sh): SQLite, SDL2, SDL2_ttf and ImGui
# compiled with emscripten from Debian's sources into SAWTOOTH_WEB_PREFIX
# (tools/web/build_deps.sh), Box2D compiled with the game from its Debian source as in the
# native build (deps/box2d), and the header-only libraries taken from the host's Debian packages. Their headers are reached
# through a folder of links, never /usr/include itself, whose C library headers are glibc's.

set(SAWTOOTH_WEB_PREFIX "$ENV{HOME}/.cache/sawtooth-deps/prefix" CACHE PATH
  "Prefix of the emscripten-built dependencies (tools/web/build_deps.sh)")
if(NOT EXISTS ${SAWTOOTH_WEB_PREFIX}/lib/libsqlite3.a)
  message(FATAL_ERROR "${SAWTOOTH_WEB_PREFIX} holds no web dependencies: run tools/web/build.sh")
endif()
list(APPEND CMAKE_FIND_ROOT_PATH ${SAWTOOTH_WEB_PREFIX})
list(APPEND CMAKE_PREFIX_PATH ${SAWTOOTH_WEB_PREFIX})

add_subdirectory(${PROJECT_SOURCE_DIR}/deps/box2d ${CMAKE_BINARY_DIR}/deps/box2d)
find_package(SQLite3 REQUIRED)
add_library(Threads::Threads INTERFACE IMPORTED)  # one thread in the page

# Header-only host packages: nlohmann-json3-dev, libeigen3-dev, libboost-math-dev,
# doctest-dev, libcli11-dev.
set(SAWTOOTH_HOST_HEADERS ${CMAKE_BINARY_DIR}/host-headers)
foreach(dir nlohmann boost doctest CLI)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "/usr/include/${dir} missing: run tools/install_deps.sh")
  endif()
  if(NOT EXISTS ${SAWTOOTH_HOST_HEADERS}/${dir})
    file(MAKE_DIRECTORY ${SAWTOOTH_HOST_HEADERS})
    file(CREATE_LINK /usr/include/${dir} ${SAWTOOTH_HOST_HEADERS}/${dir} SYMBOLIC)
  endif()
endforeach()
# sawtooth_host_headers(<target> <include dir>): an interface target for host headers.
function(sawtooth_host_headers target dir)
  add_library(${target} INTERFACE IMPORTED)
  target_include_directories(${target} SYSTEM INTERFACE ${dir})
endfunction()
sawtooth_host_headers(nlohmann_json::nlohmann_json ${SAWTOOTH_HOST_HEADERS})
sawtooth_host_headers(Boost::headers ${SAWTOOTH_HOST_HEADERS})
sawtooth_host_headers(doctest::doctest ${SAWTOOTH_HOST_HEADERS})
sawtooth_host_headers(CLI11::CLI11 ${SAWTOOTH_HOST_HEADERS})
sawtooth_host_headers(Eigen3::Eigen /usr/include/eigen3)

# C++ exceptions are off by default in emscripten; the project's errors are exceptions.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# The game's own: SDL2 (its Emscripten backend), SDL2_ttf over freetype, Dear ImGui with the
# SDL2 and SDL_Renderer backends (all from Debian's sources), stb_image_write from the host.
# NO_DEFAULT_PATH: emscripten's sysroot has an sdl2-config.cmake of its own (its port).
find_package(SDL2 CONFIG REQUIRED PATHS ${SAWTOOTH_WEB_PREFIX}/lib/cmake/SDL2 NO_DEFAULT_PATH)
find_package(SDL2_ttf CONFIG REQUIRED PATHS ${SAWTOOTH_WEB_PREFIX}/lib/cmake/SDL2_ttf NO_DEFAULT_PATH)
add_library(PkgConfig::SDL2_TTF INTERFACE IMPORTED)
target_link_libraries(PkgConfig::SDL2_TTF INTERFACE SDL2_ttf::SDL2_ttf-static)
add_library(imgui_sdlrenderer INTERFACE IMPORTED)
target_include_directories(imgui_sdlrenderer SYSTEM INTERFACE ${SAWTOOTH_WEB_PREFIX}/include/imgui
  ${SAWTOOTH_WEB_PREFIX}/include/imgui/backends)
target_link_libraries(imgui_sdlrenderer INTERFACE ${SAWTOOTH_WEB_PREFIX}/lib/libimgui.a SDL2::SDL2)
# Debian's libstb.a holds stb's implementations natively; here one file compiles the writer.
set(STB_INCLUDE_DIR /usr/include/stb)
set(SAWTOOTH_STB_SOURCE ${CMAKE_BINARY_DIR}/stb_image_write.c)
file(WRITE ${SAWTOOTH_STB_SOURCE}
  "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
add_library(web_stb STATIC ${SAWTOOTH_STB_SOURCE})
target_include_directories(web_stb SYSTEM PRIVATE ${STB_INCLUDE_DIR})  # stb's headers alone
add_library(PkgConfig::STB ALIAS web_stb)
target_link_libraries(imgui_sdlrenderer INTERFACE web_stb)  # as natively, where ImGui links stb
# The game's font, preloaded into the page (Debian's fonts-dejavu-core, as natively).
set(SAWTOOTH_WEB_FONT /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
if(NOT EXISTS ${SAWTOOTH_WEB_FONT})
  message(FATAL_ERROR "${SAWTOOTH_WEB_FONT} missing: install fonts-dejavu-core (tools/install_deps.sh)")
endif()
