#include "telemetry/recording/words_recording.hpp"
#include "gen/error.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"

#include "gen/hash.hpp"
#include "telemetry/store/json_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace sawtooth::telemetry {

namespace w = sawtooth::words;
using nlohmann::json;

namespace {

/// Highest original letter position a stored action may name (16-letter challenges).
constexpr int kMaxLetterIndex = w::kMaxChallengeLength - 1;

const char* fitness_name(w::FitnessRule r) {
    return r == w::FitnessRule::ShortVisible ? "short-visible" : "equation3";
}

json params_object(const w::LevelParams& p) {
    return {{"level", p.level},
            {"difficulty", p.difficulty},
            {"band", {p.gen.band_lo, p.gen.band_hi}},
            {"source_lengths", p.gen.source_lengths},
            {"target_length", p.gen.target_length},
            {"exact_length", p.gen.exact_length},
            {"max_seq", p.gen.max_seq},
            {"fitness", fitness_name(p.gen.fitness)},
            {"num2x", p.num2x}};
}

// Limits of recorded parameters: lengths are challenge lengths, other numbers stay far from
// overflow in the generator's arithmetic.
constexpr int kMaxParamNumber = 1000000000;

w::LevelParams params_from_object(const JsonField& j) {
    w::LevelParams p;
    p.level = j.at("level").int_in(0, kMaxParamNumber);
    p.difficulty = j.at("difficulty").number();
    const JsonField band = j.at("band");
    band.expect_array();
    if (band.value().size() != 2) band.fail("expected [lo, hi]");
    p.gen.band_lo = band.at(std::size_t{0}).number();
    p.gen.band_hi = band.at(1).number();
    const JsonField lengths = j.at("source_lengths");
    lengths.expect_array();
    if (lengths.value().size() > static_cast<std::size_t>(w::kMaxChallengeLength))
        lengths.fail("more than " + std::to_string(w::kMaxChallengeLength) + " source words");
    p.gen.source_lengths.clear();
    for (std::size_t i = 0; i < lengths.value().size(); ++i)
        p.gen.source_lengths.push_back(lengths.at(i).int_in(1, w::kMaxChallengeLength));
    p.gen.target_length = j.at("target_length").int_in(0, w::kMaxChallengeLength);
    p.gen.exact_length = j.at("exact_length").boolean();
    p.gen.max_seq = j.at("max_seq").int_in(0, kMaxParamNumber);
    const std::string f = j.has("fitness") ? j.at("fitness").string() : std::string("equation3");
    if (f == "equation3")
        p.gen.fitness = w::FitnessRule::Equation3;
    else if (f == "short-visible")
        p.gen.fitness = w::FitnessRule::ShortVisible;
    else
        j.at("fitness").fail("unknown fitness '" + printable(f) + "'");
    p.num2x = j.at("num2x").int_in(0, kMaxParamNumber);
    return p;
}

std::string where(std::int64_t id) { return "word level " + std::to_string(id); }

/// word_levels.status as its enum; WordRecordingError naming the value when unknown.
WordLevelEnd stored_level_end(const std::string& text, std::int64_t id) {
    const std::optional<WordLevelEnd> end = parse_word_level_end(text);
    if (!end) throw WordRecordingError(where(id) + ": unknown status '" + printable(text) + "'");
    return *end;
}

/// word_challenges.status as its enum; WordRecordingError naming the value when unknown.
w::ChallengeStatus stored_challenge_status(const std::string& text, std::int64_t id, int number) {
    const std::optional<w::ChallengeStatus> status = parse_challenge_status(text);
    if (!status)
        throw WordRecordingError(where(id) + ": challenge " + std::to_string(number) +
                                 " has unknown status '" + printable(text) + "'");
    return *status;
}

std::string describe_action(const WordActionRow& a) {
    std::string s = "tick " + std::to_string(a.tick) + " " + std::string(action_kind_name(a.action));
    if (a.action == w::ActionKind::Click) s += " " + std::to_string(a.letter_index);
    if (a.action == w::ActionKind::Type) s += " '" + a.letter + "'";
    return s;
}

/// The stored row as an action for LevelPlay; throws WordRecordingError when corrupt.
w::Action to_action(const WordActionRow& a, std::int64_t id, int seq) {
    const std::string at = where(id) + ": action " + std::to_string(seq) + ": ";
    switch (a.action) {
        case w::ActionKind::Type:
            if (a.letter.size() != 1 || !std::isalpha(static_cast<unsigned char>(a.letter[0])))
                throw WordRecordingError(at + "typed letter '" + printable(a.letter) +
                                         "' is not one letter a-z");
            return w::Action::type(a.tick, a.letter[0]);
        case w::ActionKind::Reset:
            return w::Action::reset(a.tick);
        case w::ActionKind::Tick:
            return w::Action::wait(a.tick);
        case w::ActionKind::Click:
            break;
    }
    if (a.letter_index < 0 || a.letter_index > kMaxLetterIndex)
        throw WordRecordingError(at + "click letter_index " + std::to_string(a.letter_index) +
                                 " outside 0.." + std::to_string(kMaxLetterIndex));
    return w::Action::click(a.tick, a.letter_index);
}

}  // namespace

std::uint64_t dictionary_text_hash(std::string_view text) { return fnv1a64(text); }

std::string level_params_json(const w::LevelParams& p) { return params_object(p).dump(); }

w::LevelParams parse_level_params(const std::string& params_json) {
    try {
        const json j = parse_json_text(params_json);
        return params_from_object(JsonField(j));
    } catch (const std::exception& e) {
        throw WordRecordingError(std::string("params_json: ") + e.what());
    }
}

std::string word_params_json(const w::LevelParams& params, std::uint64_t dict_hash, std::uint32_t start_tick,
                             const w::LevelPlaySettings& settings) {
    json j = params_object(params);
    j["word_gen_version"] = w::kWordGenVersion;
    j["dictionary_hash"] = hex64(dict_hash);
    j["start_tick"] = start_tick;
    j["transition_ticks"] = settings.transition_ticks;
    return j.dump();
}

WordLevelSource word_level_source(const w::ModeLevel& level, std::uint64_t dict_hash,
                                  std::uint32_t start_tick, const w::LevelPlaySettings& settings) {
    if (level.mode == w::Mode::Custom)
        throw Error("a custom level is stored with custom_word_level_source (its challenges)");
    WordLevelSource s;
    s.mode = w::mode_name(level.mode);
    s.level_number = level.level;
    s.seed = level.seed;
    s.date = level.date;
    json j = parse_json_text(word_params_json(level.params, dict_hash, start_tick, settings));
    // The mode seed or run seed: a level avoids near-duplicates of the earlier levels of its
    // run (game/words/modes.hpp), so regenerating it needs the run, not only its own seed.
    if (level.mode != w::Mode::Daily) j["root_seed"] = hex64(level.root_seed);
    s.params_json = j.dump();
    return s;
}

WordLevelSource custom_word_level_source(const std::vector<w::Challenge>& challenges, std::uint64_t dict_hash,
                                         std::uint32_t start_tick, const w::LevelPlaySettings& settings) {
    WordLevelSource s;
    s.mode = w::mode_name(w::Mode::Custom);
    s.level_number = 1;
    s.seed = 0;
    json j = {{"word_gen_version", w::kWordGenVersion},
              {"dictionary_hash", hex64(dict_hash)},
              {"start_tick", start_tick},
              {"transition_ticks", settings.transition_ticks}};
    json list = json::array();
    for (const w::Challenge& c : challenges) list.push_back({{"letters", c.letters}, {"two_x", c.two_x}});
    j["challenges"] = list;
    s.params_json = j.dump();
    return s;
}

const char* outcome_name(w::Outcome o) {
    switch (o) {
        case w::Outcome::Ignored:
            return "ignored";
        case w::Outcome::Removed:
            return "removed";
        case w::Outcome::Restored:
            return "restored";
        case w::Outcome::Solved:
            return "solved";
        case w::Outcome::TimedOut:
            return "timed_out";
    }
    return "ignored";
}

const char* level_status_name(w::LevelStatus s) {
    switch (s) {
        case w::LevelStatus::Complete:
            return "complete";
        case w::LevelStatus::TimedOut:
            return "timed_out";
        case w::LevelStatus::Playing:
            break;
    }
    return "playing";
}

WordChallengeRow word_challenge_row(const w::ChallengeResult& r) {
    WordChallengeRow c;
    c.number = r.number;
    c.letters = r.letters;
    c.two_x = r.two_x;
    c.status = r.status;
    c.word = r.word;
    c.score = r.score;
    c.two_x_kept = r.two_x_kept;
    c.kept_mask = r.kept_mask;
    c.start_tick = r.start_tick;
    c.end_tick = r.end_tick;
    c.clicks = r.clicks;
    c.resets = r.resets;
    return c;
}

WordActionRow apply_and_describe(w::LevelPlay& play, const w::Action& a, w::Outcome* outcome) {
    WordActionRow row;
    row.tick = a.tick;
    row.challenge = play.current_index() + 1;
    const std::string& letters = play.current().letters();
    switch (a.kind) {
        case w::ActionKind::Click:
            row.action = w::ActionKind::Click;
            row.letter_index = a.index;
            if (a.index >= 0 && a.index < static_cast<int>(letters.size()))
                row.letter = std::string(1, letters[static_cast<std::size_t>(a.index)]);
            break;
        case w::ActionKind::Type:
            row.action = w::ActionKind::Type;
            row.letter =
                std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(a.letter))));
            break;
        case w::ActionKind::Reset:
            row.action = w::ActionKind::Reset;
            break;
        case w::ActionKind::Tick:
            row.action = w::ActionKind::Tick;
            break;
    }
    const w::Outcome o = play.apply(a);
    if (outcome) *outcome = o;
    row.result = outcome_name(o);
    return row;
}

std::int64_t record_word_level(Store& store, std::int64_t session_id, const w::ModeLevel& level,
                               const w::Dictionary& dict, std::uint64_t dict_hash,
                               const std::vector<w::Challenge>& challenges,
                               const std::vector<w::Action>& actions, std::uint32_t start_tick,
                               const w::LevelPlaySettings& settings) {
    const std::int64_t id =
        store.begin_word_level(session_id, word_level_source(level, dict_hash, start_tick, settings));
    w::LevelPlay play(dict, challenges, start_tick, settings);
    std::vector<WordActionRow> rows;
    rows.reserve(actions.size());
    for (const w::Action& a : actions) rows.push_back(apply_and_describe(play, a));
    store.add_word_actions(id, rows);
    for (const w::ChallengeResult& r : play.results()) store.add_word_challenge(id, word_challenge_row(r));
    store.end_word_level(id, word_level_end(play.status()), play.total_score(), play.words_found(),
                         play.result_hash());
    return id;
}

bool has_word_level(Store& store, std::int64_t word_level_id) {
    Statement st(store.db(), "SELECT 1 FROM word_levels WHERE word_level_id = ?");
    st.bind(1, word_level_id);
    return st.step();
}

std::vector<std::int64_t> session_word_levels(Store& store, std::int64_t session_id) {
    Statement st(store.db(), "SELECT word_level_id FROM word_levels WHERE session_id = ? ORDER BY seq");
    st.bind(1, session_id);
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

namespace {

/// The stored seed: a decimal uint64 (SQLite keeps it as text, so it must be checked).
std::uint64_t parse_seed(const std::string& seed, std::int64_t id) {
    const std::optional<std::uint64_t> v = read_number<std::uint64_t>(seed);
    if (!v)
        throw WordRecordingError(where(id) + ": " +
                                 bad_number_message("seed", seed, number_expectation<std::uint64_t>()));
    return *v;
}

/// The word_levels row (with its participant) into `r`; throws StoreError when absent.
void read_level_row(Store& store, std::int64_t id, WordRecording& r) {
    Statement st(store.db(),
                 "SELECT w.session_id, s.participant_id, w.mode, w.level_number, w.seed, w.date, "
                 "w.params_json, w.build_id, w.status, w.total_score, w.words_found, w.result_hash "
                 "FROM word_levels w JOIN sessions s ON s.session_id = w.session_id "
                 "WHERE w.word_level_id = ?");
    st.bind(1, id);
    if (!st.step())
        throw StoreError("no word level with id " + std::to_string(id) + " in '" + store.path() + "'");
    r.session_id = st.int64(0);
    r.participant_id = st.text(1);
    r.mode = st.text(2);
    r.level_number = st.int32(3);
    r.seed = parse_seed(st.text(4), id);
    if (!st.is_null(5)) r.date = st.text(5);
    r.params_json = st.text(6);
    r.build_id = st.text(7);
    if (!st.is_null(8)) r.status = stored_level_end(st.text(8), id);
    if (!st.is_null(9)) r.total_score = st.int32(9);
    if (!st.is_null(10)) r.words_found = st.int32(10);
    if (!st.is_null(11)) {
        try {
            r.result_hash = parse_hex64(st.text(11));
        } catch (const StoreError&) {
            throw WordRecordingError(where(id) + ": result_hash '" + printable(st.text(11)) +
                                     "' is not 16 hex digits");
        }
    }
}

/// A custom level's challenges from params_json (letters a-z, a 2X position in them or -1).
void decode_custom_challenges(const JsonField& list, WordRecording& r) {
    list.expect_array();
    for (std::size_t i = 0; i < list.value().size(); ++i) {
        const JsonField c = list.at(i);
        w::Challenge ch;
        ch.letters = c.at("letters").string();
        if (!w::is_valid_letters(ch.letters)) c.at("letters").fail("not 1-16 letters a-z");
        ch.letters = w::to_lower(ch.letters);
        ch.two_x = c.at("two_x").int_in(-1, static_cast<int>(ch.letters.size()) - 1);
        r.custom_challenges.push_back(std::move(ch));
    }
}

/// Decodes r.params_json. A recording without regeneration fields still replays on its
/// stored letters, so every field is optional.
void decode_params_json(WordRecording& r) {
    const std::int64_t id = r.word_level_id;
    try {
        const json pj = parse_json_text(r.params_json);
        const JsonField f(pj);
        f.expect_object();
        if (f.has("level")) r.params = params_from_object(f);
        if (f.has("word_gen_version")) r.gen_version = f.at("word_gen_version").int_in(0, kMaxParamNumber);
        if (f.has("dictionary_hash")) r.dict_hash = parse_hex64(f.at("dictionary_hash").string());
        if (f.has("root_seed")) r.root_seed = parse_hex64(f.at("root_seed").string());
        if (f.has("start_tick"))
            r.start_tick = static_cast<std::uint32_t>(f.at("start_tick").integer(0, UINT32_MAX));
        if (f.has("transition_ticks"))
            r.settings.transition_ticks =
                static_cast<std::uint32_t>(f.at("transition_ticks").integer(0, UINT32_MAX));
        if (f.has("challenges")) decode_custom_challenges(f.at("challenges"), r);
    } catch (const std::exception& e) {
        throw WordRecordingError(where(id) + ": params_json: " + e.what());
    }
}

/// The current row of a word_challenges query (columns in read_challenge_rows' order).
WordChallengeRow challenge_row_from(const Statement& st, std::int64_t id) {
    WordChallengeRow c;
    c.number = st.int32(0);
    c.letters = st.text(1);
    c.two_x = st.int32(2);
    c.status = stored_challenge_status(st.text(3), id, c.number);
    c.word = st.text(4);
    c.score = st.int32(5);
    c.two_x_kept = st.int64(6) != 0;
    c.kept_mask = static_cast<std::uint32_t>(st.int64(7));
    c.start_tick = static_cast<std::uint32_t>(st.int64(8));
    c.end_tick = static_cast<std::uint32_t>(st.int64(9));
    c.clicks = st.int32(10);
    c.resets = st.int32(11);
    return c;
}

/// The challenge rows into r.challenges (finished) and r.open (the one a quit left).
void read_challenge_rows(Store& store, std::int64_t id, WordRecording& r) {
    Statement st(store.db(),
                 "SELECT number, letters, two_x, status, word, score, two_x_kept, kept_mask, start_tick, "
                 "end_tick, clicks, resets FROM word_challenges WHERE word_level_id = ? ORDER BY number");
    st.bind(1, id);
    while (st.step()) {
        WordChallengeRow c = challenge_row_from(st, id);
        if (r.open)
            throw WordRecordingError(where(id) + ": challenge " + std::to_string(c.number) +
                                     " follows an unfinished one");
        if (c.number != static_cast<int>(r.challenges.size()) + 1)
            throw WordRecordingError(where(id) + ": challenge rows are not numbered 1, 2, ... (found " +
                                     std::to_string(c.number) + ")");
        if (!w::is_valid_letters(c.letters))
            throw WordRecordingError(where(id) + ": challenge " + std::to_string(c.number) + " letters '" +
                                     printable(c.letters) + "' are not 1-16 letters a-z");
        if (c.status == w::ChallengeStatus::Playing)
            r.open = std::move(c);
        else
            r.challenges.push_back(std::move(c));
    }
}

/// The action rows into r.actions, each checked to convert into an Action.
void read_action_rows(Store& store, std::int64_t id, WordRecording& r) {
    Statement st(store.db(),
                 "SELECT seq, tick, challenge, action, letter_index, letter, result FROM word_actions "
                 "WHERE word_level_id = ? ORDER BY seq");
    st.bind(1, id);
    while (st.step()) {
        WordActionRow a;
        const std::int64_t seq = st.int64(0);
        const std::int64_t tick = st.int64(1);
        if (seq != static_cast<std::int64_t>(r.actions.size()) + 1)
            throw WordRecordingError(where(id) + ": action rows are not numbered 1, 2, ... (found " +
                                     std::to_string(seq) + ")");
        if (tick < 0 || tick > UINT32_MAX)
            throw WordRecordingError(where(id) + ": action " + std::to_string(seq) + ": tick " +
                                     std::to_string(tick) + " out of range");
        a.tick = static_cast<std::uint32_t>(tick);
        a.challenge = st.int32(2);
        const std::string action = st.text(3);
        const std::optional<w::ActionKind> kind = parse_action_kind(action);
        if (!kind)
            throw WordRecordingError(where(id) + ": action " + std::to_string(seq) + ": unknown action '" +
                                     printable(action) + "'");
        a.action = *kind;
        a.letter_index = st.int32(4);
        a.letter = st.text(5);
        a.result = st.text(6);
        to_action(a, id, static_cast<int>(seq));  // rejects corrupt rows now, with their number
        r.actions.push_back(std::move(a));
    }
}

}  // namespace

WordRecording load_word_recording(Store& store, std::int64_t id) {
    WordRecording r;
    r.word_level_id = id;
    read_level_row(store, id, r);
    decode_params_json(r);
    read_challenge_rows(store, id, r);
    read_action_rows(store, id, r);
    return r;
}

w::GeneratedLevel regenerate_word_level(const w::Dictionary& dict, const WordRecording& rec) {
    if (!rec.params)
        throw WordRecordingError(where(rec.word_level_id) + ": params_json holds no generator parameters");
    w::ModeLevel m;
    m.params = *rec.params;
    m.seed = rec.seed;
    m.level = rec.level_number;
    m.mode = w::Mode::Daily;  // no root seed stored: the level alone, as a Daily level is made
    if (rec.root_seed &&
        (rec.mode == w::mode_name(w::Mode::Levels) || rec.mode == w::mode_name(w::Mode::Infinite))) {
        m.mode = w::parse_mode(rec.mode);
        m.root_seed = *rec.root_seed;
    }
    return w::generate_mode_level(dict, m);
}

namespace {

/// Checks the level's challenges (`source`: where they came from) against the stored
/// challenge rows; sets rep.mismatch at the first difference.
void compare_with_stored(const std::vector<w::Challenge>& challenges,
                         const std::vector<WordChallengeRow>& stored_rows, const char* source,
                         WordReplayReport& rep) {
    for (const WordChallengeRow& c : stored_rows) {
        const auto i = static_cast<std::size_t>(c.number - 1);
        if (i >= challenges.size()) {
            rep.mismatch = "challenge " + std::to_string(c.number) + " is stored but the level has only " +
                           std::to_string(challenges.size());
            return;
        }
        if (challenges[i].letters != c.letters || challenges[i].two_x != c.two_x) {
            rep.mismatch = "challenge " + std::to_string(c.number) + ": " + source + " " +
                           w::to_upper(challenges[i].letters) + " 2x:" + std::to_string(challenges[i].two_x) +
                           ", stored " + w::to_upper(c.letters) + " 2x:" + std::to_string(c.two_x);
            return;
        }
    }
}

/// Regenerates the level from the recording's seed and parameters and checks it against
/// the stored challenges; sets rep.mismatch on a difference (or a generator failure).
std::vector<w::Challenge> regenerate_challenges(const w::Dictionary& dict, const WordRecording& rec,
                                                const std::vector<WordChallengeRow>& stored_rows,
                                                WordReplayReport& rep) {
    std::vector<w::Challenge> challenges;
    try {
        challenges = regenerate_word_level(dict, rec).challenges;
    } catch (const std::exception& e) {
        rep.mismatch = std::string("regenerating the level failed: ") + e.what();
        return challenges;
    }
    rep.regenerated = true;
    compare_with_stored(challenges, stored_rows, "regenerated", rep);
    return challenges;
}

/// The stored challenges as the level to replay on, with a warning saying why the level
/// could not be regenerated (`same_gen`: the generator version matches this build's).
std::vector<w::Challenge> stored_challenges(const WordRecording& rec,
                                            const std::vector<WordChallengeRow>& stored_rows, bool same_gen,
                                            WordReplayReport& rep) {
    if (!rec.params)
        rep.warnings.push_back("params_json holds no generator parameters: replaying on the stored letters");
    else if (!same_gen)
        rep.warnings.push_back("recorded with word generator version " +
                               (rec.gen_version ? std::to_string(*rec.gen_version) : std::string("?")) +
                               ", this build has " + std::to_string(w::kWordGenVersion) +
                               ": replaying on the stored letters");
    else
        rep.warnings.push_back(
            "recorded with another word list (dictionary hash differs): replaying on the "
            "stored letters");
    if (stored_rows.empty())
        throw WordRecordingError(where(rec.word_level_id) +
                                 ": cannot replay: no generator parameters and no stored challenges");
    std::vector<w::Challenge> challenges;
    for (const WordChallengeRow& c : stored_rows) {
        w::Challenge ch;
        ch.letters = c.letters;
        ch.two_x = c.two_x;
        challenges.push_back(std::move(ch));
    }
    return challenges;
}

/// Re-applies every stored action to `play`; false (rep.mismatch set) at the first whose
/// challenge or outcome differs.
bool replay_actions(w::LevelPlay& play, const WordRecording& rec, WordReplayReport& rep) {
    for (std::size_t i = 0; i < rec.actions.size(); ++i) {
        const WordActionRow& stored = rec.actions[i];
        const int seq = static_cast<int>(i) + 1;
        const WordActionRow got = apply_and_describe(play, to_action(stored, rec.word_level_id, seq));
        ++rep.actions_checked;
        if (got.challenge != stored.challenge || got.result != stored.result) {
            rep.mismatch = "action " + std::to_string(seq) + " (" + describe_action(stored) +
                           "): stored challenge " + std::to_string(stored.challenge) + " '" + stored.result +
                           "', replay challenge " + std::to_string(got.challenge) + " '" + got.result + "'";
            return false;
        }
    }
    return true;
}

/// The first field of a stored challenge row that differs from the replay's, as
/// "<stored> vs replay <replayed>"; "" when they agree.
std::string challenge_row_difference(const WordChallengeRow& s, const WordChallengeRow& got) {
    if (got.status != s.status)
        return "status '" + std::string(challenge_status_name(s.status)) + "' vs replay '" +
               std::string(challenge_status_name(got.status)) + "'";
    if (got.word != s.word) return "word '" + s.word + "' vs replay '" + got.word + "'";
    if (got.score != s.score)
        return "score " + std::to_string(s.score) + " vs replay " + std::to_string(got.score);
    if (got.two_x_kept != s.two_x_kept || got.kept_mask != s.kept_mask) return "kept letters differ";
    if (got.start_tick != s.start_tick || got.end_tick != s.end_tick)
        return "ticks " + std::to_string(s.start_tick) + "-" + std::to_string(s.end_tick) + " vs replay " +
               std::to_string(got.start_tick) + "-" + std::to_string(got.end_tick);
    if (got.clicks != s.clicks || got.resets != s.resets) return "clicks/resets differ";
    return "";
}

/// Compares the replay's finished challenges and the unfinished one (if the player quit)
/// with the stored rows; false (rep.mismatch set) at the first difference.
bool check_challenges(const w::LevelPlay& play, const WordRecording& rec, WordReplayReport& rep) {
    const auto& results = play.results();
    if (results.size() != rec.challenges.size()) {
        rep.mismatch = "replay finished " + std::to_string(results.size()) + " challenges, stored " +
                       std::to_string(rec.challenges.size());
        return false;
    }
    for (std::size_t i = 0; i < results.size(); ++i) {
        const WordChallengeRow& s = rec.challenges[i];
        ++rep.challenges_checked;
        const std::string what = challenge_row_difference(s, word_challenge_row(results[i]));
        if (!what.empty()) {
            rep.mismatch = "challenge " + std::to_string(s.number) + ": stored " + what;
            return false;
        }
    }
    if (rec.open) {
        const w::ChallengePlay& c = play.current();
        if (play.status() != w::LevelStatus::Playing || c.number() != rec.open->number ||
            c.kept_mask() != rec.open->kept_mask || c.clicks() != rec.open->clicks ||
            c.resets() != rec.open->resets) {
            rep.mismatch = "unfinished challenge " + std::to_string(rec.open->number) +
                           ": stored state differs from the replay";
            return false;
        }
        ++rep.challenges_checked;
    }
    return true;
}

/// Compares the stored end row (status, totals, result hash) with the replay's totals in `rep`.
void check_level_end(const WordRecording& rec, WordReplayReport& rep) {
    if (!rec.status) {
        rep.warnings.push_back(
            "the level was never ended (no result hash): checked actions and challenges only");
        return;
    }
    if (*rec.status == WordLevelEnd::Quit) {
        // The player left mid-level: the status differs by nature, and a recorder that could
        // not finish (window closed) stores zero totals; actions and challenges were checked.
        if (rec.result_hash && *rec.result_hash != 0 && *rec.result_hash != rep.result_hash)
            rep.mismatch =
                "result hash: stored " + hex64(*rec.result_hash) + ", replay " + hex64(rep.result_hash);
        return;
    }
    if (*rec.status != word_level_end(rep.status))
        rep.mismatch = "level status: stored '" + std::string(word_level_end_name(*rec.status)) +
                       "', replay '" + level_status_name(rep.status) + "'";
    else if (rec.total_score != rep.total_score)
        rep.mismatch = "total score: stored " + std::to_string(rec.total_score) + ", replay " +
                       std::to_string(rep.total_score);
    else if (rec.words_found != rep.words_found)
        rep.mismatch = "words found: stored " + std::to_string(rec.words_found) + ", replay " +
                       std::to_string(rep.words_found);
    else if (rec.result_hash && *rec.result_hash != rep.result_hash)
        rep.mismatch =
            "result hash: stored " + hex64(*rec.result_hash) + ", replay " + hex64(rep.result_hash);
}

}  // namespace

WordReplayReport verify_word_replay(const w::Dictionary& dict, std::uint64_t dhash,
                                    const WordRecording& rec) {
    WordReplayReport rep;
    std::vector<WordChallengeRow> stored_rows = rec.challenges;  // finished, then the open one
    if (rec.open) stored_rows.push_back(*rec.open);
    const bool same_gen = rec.gen_version && *rec.gen_version == w::kWordGenVersion;
    const bool same_dict = rec.dict_hash && *rec.dict_hash == dhash;
    std::vector<w::Challenge> challenges;
    if (rec.mode == w::mode_name(w::Mode::Custom) && !rec.custom_challenges.empty()) {
        challenges = rec.custom_challenges;  // a hand-made level: its challenges are recorded whole
        compare_with_stored(challenges, stored_rows, "params_json has", rep);
    } else if (rec.params && same_gen && same_dict) {
        challenges = regenerate_challenges(dict, rec, stored_rows, rep);
    } else {
        challenges = stored_challenges(rec, stored_rows, same_gen, rep);
    }
    if (rep.mismatch) return rep;

    w::LevelPlay play(dict, challenges, rec.start_tick, rec.settings);
    if (!replay_actions(play, rec, rep) || !check_challenges(play, rec, rep)) return rep;
    rep.total_score = play.total_score();
    rep.words_found = play.words_found();
    rep.status = play.status();
    rep.result_hash = play.result_hash();
    check_level_end(rec, rep);
    return rep;
}

}  // namespace sawtooth::telemetry
