# The programs' allocator: mimalloc (Debian's libmimalloc2.0) stands in for malloc and free
# in sawtooth, sawtooth-lab and sawtooth-server, for Box2D's, SQLite's and our allocations
# alike. The bots' lookahead allocates snapshots and move lists in its hot loop, where
# glibc's malloc and free took about 11 % of the proof's samples (docs/performance.md,
# *What holds these figures*). Linked as a shared library ahead of the C library, so every
# malloc in the process resolves to it; nothing calls it by name, hence --no-as-needed.
# Sanitizer and fuzz builds keep the sanitizers' allocator, the web build emscripten's.
option(SAWTOOTH_MIMALLOC "Link the programs with mimalloc (native builds without sanitizers)" ON)
set(SAWTOOTH_USE_MIMALLOC OFF)
if(SAWTOOTH_MIMALLOC AND NOT SAWTOOTH_SANITIZE AND NOT SAWTOOTH_FUZZ AND NOT EMSCRIPTEN)
  find_package(mimalloc CONFIG REQUIRED)
  set(SAWTOOTH_USE_MIMALLOC ON)
endif()

# Links `target` (a program) with the project's allocator, where the build uses one.
function(sawtooth_allocator target)
  if(SAWTOOTH_USE_MIMALLOC)
    target_link_libraries(${target} PRIVATE -Wl,--push-state,--no-as-needed mimalloc -Wl,--pop-state)
  endif()
endfunction()
