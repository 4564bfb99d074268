#pragma once
// The last page of a protocol run that uploads (docs/online.md "Lab machines"): shown over
// the results until the study server has acknowledged every change of the session, then
// it goes and the results (the completion) show. While the server does not answer it says
// so and the uploads keep retrying. Esc stops waiting and returns to the title: the
// session stays in the database and goes up with the next start of the game with
// --upload. A headless run (nobody sees its frames) waits up to 250 ms a tick for the
// acknowledgement, so tests see the same screens whatever the machine's speed.
// Does not: send anything (Services::uploads does, in the background).

#include "game/app/core/screen.hpp"

#include <memory>

namespace sawtooth::app {

/// `services.uploads` must be set.
std::unique_ptr<Screen> make_upload_wait_screen(Services services);

}  // namespace sawtooth::app
