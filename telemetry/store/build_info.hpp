#pragma once
// Identity of this binary, stamped into every recording (ARCHITECTURE.md "Box2D ...
// reproduces a simulation for the same inputs and the same binary").

#include <string_view>

namespace sawtooth {

/// Build id: version, git commit, compiler and build type of this binary.
std::string_view build_id();

}  // namespace sawtooth
