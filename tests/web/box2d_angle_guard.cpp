// Linked into the web build's tests (tests/web/CMakeLists.txt) in place of the C library's
// float trigonometry. Box2D 2.4.1 calls sinf and cosf for body angles (b2Rot::Set, every
// step) and atan2f in b2Rot::GetAngle; musl's and glibc's differ in the last bit on some
// angles. The simulation's bodies never turn (static ground, fixed-rotation player placed
// at angle 0), so these functions only ever see 0, where every implementation is exact:
// docs/web.md "Determinism across builds". These versions return those exact values and
// end the test run with a message on any other input, so a change that makes a body turn
// fails the web tests instead of silently giving the two builds different physics.
#include <cstdio>
#include <cstdlib>

namespace {
[[noreturn]] void turned(const char* name, float x) {
    std::fprintf(stderr,
                 "box2d_angle_guard: %s(%a) called: a body turned, so native and web physics may "
                 "differ (docs/web.md \"Determinism across builds\")\n",
                 name, static_cast<double>(x));
    std::abort();
}
}  // namespace

extern "C" {
float sinf(float x) {
    if (x != 0.0f) turned("sinf", x);
    return x;  // sin(+-0) = +-0
}
float cosf(float x) {
    if (x != 0.0f) turned("cosf", x);
    return 1.0f;
}
float atan2f(float y, float x) {
    if (y != 0.0f || !(x > 0.0f)) turned("atan2f", y);
    return y;  // atan2(+-0, x > 0) = +-0
}
}
