// Fixture for the layer checker test: tools/ must never see the engine (none renders).
#include "engine/draw.hpp"
