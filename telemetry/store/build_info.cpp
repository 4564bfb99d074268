#include "telemetry/store/build_info.hpp"

namespace sawtooth {

std::string_view build_id() { return SAWTOOTH_BUILD_ID; }

}  // namespace sawtooth
