// Box2D's b2Timer, without the clock. b2World::Step and Solve construct and read b2Timers for
// their b2Profile (~10 gettimeofday calls per step); nothing here reads the profile, and on
// this VM those clock reads were ~30 % of a simulated study's CPU (perf). Box2D's own
// b2_timer.cpp is left out of the build (CMakeLists.txt next to this file). Physics is
// unaffected. The web build's Box2D has a timer without a clock already (its b2Timer has no
// members).
#include <box2d/b2_timer.h>

b2Timer::b2Timer() : m_start_sec(0), m_start_usec(0) {}
void b2Timer::Reset() {}
float b2Timer::GetMilliseconds() const { return 0.0f; }
