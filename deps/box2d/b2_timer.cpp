// Box2D's b2Timer, without the clock. b2World::Step and Solve construct and read b2Timers for
// their b2Profile (~10 gettimeofday calls per step); nothing here reads the profile, and on
// this VM those clock reads were ~30 % of a simulated study's CPU (perf). Box2D's own
// b2_timer.cpp is left out of the build (CMakeLists.txt next to this file). Physics is
// unaffected. Under emscripten b2_timer.h gives the class no members.
#include <box2d/b2_timer.h>

#if defined(__linux__) || defined(__APPLE__)
b2Timer::b2Timer() : m_start_sec(0), m_start_usec(0) {}
#else
b2Timer::b2Timer() = default;
#endif
void b2Timer::Reset() {}
float b2Timer::GetMilliseconds() const { return 0.0f; }
