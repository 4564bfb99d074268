// Fixture for the layer checker test: gen/ must never see SDL.
#include <SDL2/SDL.h>
