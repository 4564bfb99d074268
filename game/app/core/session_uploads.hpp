#pragma once
// What the game's screens see of its uploads to a study server (docs/online.md "Lab
// machines"): the shell's sender (game/app/shell/online_uploads.hpp) keeps a protocol
// run's sessions sent in the background; the protocol run announces each change and, at
// its end, shows the completion only once the server has acknowledged everything.
// Does not: send anything itself (the web build has no sender: its page uploads).

#include <string>

namespace sawtooth::app {

struct UploadProgress {
    bool settled = false;  ///< every announced change is acknowledged
    std::string problem;   ///< the last failure ("" when none since the last success)
};

class SessionUploads {
public:
    virtual ~SessionUploads() = default;
    /// The store changed (a level, rating, questionnaire or the end was recorded). Never blocks.
    virtual void changed() = 0;
    virtual UploadProgress progress() const = 0;
    /// Waits up to `ms` for every change to be acknowledged; true when it is.
    virtual bool wait_settled(int ms) = 0;
};

}  // namespace sawtooth::app
