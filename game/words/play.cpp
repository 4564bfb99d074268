#include "game/words/play.hpp"

#include <cctype>
#include <charconv>
#include <stdexcept>
#include "gen/error.hpp"

#include "gen/hash.hpp"

namespace sawtooth::words {

std::uint32_t challenge_time_ticks(int number) {
    if (number < 1) number = 1;
    // 30 / (1 + (n - 1) / 5) s = 150 / (n + 4) s = 9000 / (n + 4) ticks, rounded half up.
    const auto num =
        static_cast<std::uint32_t>(kChallengeBaseSeconds * kTicksPerSecond * kChallengeTimeDivisor);
    const auto den = static_cast<std::uint32_t>(number + kChallengeTimeDivisor - 1);
    return (num + den / 2) / den;
}

ChallengePlay::ChallengePlay(const Dictionary& dict, Challenge challenge, int number,
                             std::uint32_t start_tick)
    : m_dict(&dict),
      m_challenge(std::move(challenge)),
      m_number(number),
      m_start(start_tick),
      m_limit(challenge_time_ticks(number)),
      m_full(0),
      m_kept(0),
      m_last_tick(start_tick) {
    if (!is_valid_letters(m_challenge.letters))
        throw Error("challenge must be 1-" + std::to_string(kMaxChallengeLength) + " letters a-z");
    m_challenge.letters = to_lower(m_challenge.letters);
    m_full = (1u << m_challenge.letters.size()) - 1u;
    m_kept = m_full;
}

bool ChallengePlay::expire(std::uint32_t tick) {
    if (m_status != ChallengeStatus::Playing || tick < deadline_tick()) return false;
    m_status = ChallengeStatus::TimedOut;
    m_end = deadline_tick();
    return true;
}

std::vector<int> ChallengePlay::remaining_indices() const {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(m_challenge.letters.size()); ++i)
        if (present(i)) out.push_back(i);
    return out;
}

std::string ChallengePlay::remaining() const {
    std::string out;
    for (int i = 0; i < static_cast<int>(m_challenge.letters.size()); ++i)
        if (present(i)) out.push_back(m_challenge.letters[static_cast<std::size_t>(i)]);
    return out;
}

std::uint32_t ChallengePlay::ticks_left(std::uint32_t now) const {
    if (m_status != ChallengeStatus::Playing || now >= deadline_tick()) return 0;
    return deadline_tick() - (now < m_start ? m_start : now);
}

Outcome ChallengePlay::remove(int index, std::uint32_t tick) {
    if (index < 0 || index >= static_cast<int>(m_challenge.letters.size()) || !present(index))
        return Outcome::Ignored;
    m_kept &= ~(1u << index);
    ++m_clicks;
    const std::string rest = remaining();
    if (static_cast<int>(rest.size()) >= kMinWordLength && m_dict->contains(rest)) {
        m_status = ChallengeStatus::Solved;
        m_word = rest;
        m_end = tick;
        m_two_x_kept = m_challenge.two_x >= 0 && present(m_challenge.two_x);
        m_score = static_cast<int>(rest.size()) * (m_two_x_kept ? kTwoXMultiplier : 1);
        return Outcome::Solved;
    }
    return Outcome::Removed;
}

Outcome ChallengePlay::click(int index, std::uint32_t tick) {
    if (m_status != ChallengeStatus::Playing || tick < m_last_tick || tick < m_start) return Outcome::Ignored;
    if (expire(tick)) return Outcome::TimedOut;
    m_last_tick = tick;
    return remove(index, tick);
}

Outcome ChallengePlay::type(char letter, std::uint32_t tick) {
    if (m_status != ChallengeStatus::Playing || tick < m_last_tick || tick < m_start) return Outcome::Ignored;
    if (expire(tick)) return Outcome::TimedOut;
    m_last_tick = tick;
    if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
    for (int i = 0; i < static_cast<int>(m_challenge.letters.size()); ++i)
        if (present(i) && m_challenge.letters[static_cast<std::size_t>(i)] == letter) return remove(i, tick);
    return Outcome::Ignored;
}

Outcome ChallengePlay::reset(std::uint32_t tick) {
    if (m_status != ChallengeStatus::Playing || tick < m_last_tick || tick < m_start) return Outcome::Ignored;
    if (expire(tick)) return Outcome::TimedOut;
    m_last_tick = tick;
    if (m_kept == m_full) return Outcome::Ignored;
    m_kept = m_full;
    ++m_resets;
    return Outcome::Restored;
}

Outcome ChallengePlay::tick(std::uint32_t now) {
    if (m_status != ChallengeStatus::Playing || now < m_last_tick) return Outcome::Ignored;
    if (expire(now)) return Outcome::TimedOut;
    m_last_tick = now;
    return Outcome::Ignored;
}

LevelPlay::LevelPlay(const Dictionary& dict, std::vector<Challenge> challenges, std::uint32_t start_tick,
                     LevelPlaySettings settings)
    : m_dict(&dict),
      m_challenges(
          (challenges.empty() ? throw Error("a level needs at least one challenge") : std::move(challenges))),
      m_settings(settings),
      m_current(dict, m_challenges.front(), 1, start_tick) {}

void LevelPlay::finish_current(std::uint32_t tick) {
    ChallengeResult r;
    const ChallengePlay& c = m_current;
    r.number = c.number();
    r.letters = c.letters();
    r.two_x = c.challenge().two_x;
    r.status = c.status();
    r.word = c.solved_word();
    r.score = c.score();
    r.two_x_kept = c.two_x_kept();
    r.kept_mask = c.kept_mask();
    r.start_tick = c.start_tick();
    r.end_tick = c.end_tick();
    r.clicks = c.clicks();
    r.resets = c.resets();
    m_results.push_back(r);
    if (c.status() == ChallengeStatus::TimedOut) {
        m_status = LevelStatus::TimedOut;
        return;
    }
    m_total += r.score;
    ++m_words;
    if (m_index + 1 >= challenge_count()) {
        m_status = LevelStatus::Complete;
        return;
    }
    ++m_index;
    m_current = ChallengePlay(*m_dict, m_challenges[static_cast<std::size_t>(m_index)], m_index + 1,
                              tick + m_settings.transition_ticks);
}

Outcome LevelPlay::apply(const Action& a) {
    if (m_status != LevelStatus::Playing) return Outcome::Ignored;
    Outcome o = Outcome::Ignored;
    switch (a.kind) {
        case ActionKind::Click:
            o = m_current.click(a.index, a.tick);
            break;
        case ActionKind::Type:
            o = m_current.type(a.letter, a.tick);
            break;
        case ActionKind::Reset:
            o = m_current.reset(a.tick);
            break;
        case ActionKind::Tick:
            o = m_current.tick(a.tick);
            break;
    }
    // Frame ticks that change nothing are not input: keep the log to real events.
    if (a.kind != ActionKind::Tick || o != Outcome::Ignored) m_log.push_back(a);
    if (o == Outcome::Solved || o == Outcome::TimedOut) finish_current(a.tick);
    return o;
}

std::uint64_t LevelPlay::result_hash() const {
    Hasher h;
    h.add_u64(static_cast<std::uint64_t>(m_status));
    h.add_i64(m_total);
    for (const ChallengeResult& r : m_results) {
        h.add_i64(r.number);
        h.add_string(r.letters);
        h.add_i64(r.two_x);
        h.add_u64(static_cast<std::uint64_t>(r.status));
        h.add_string(r.word);
        h.add_i64(r.score);
        h.add_u64(r.two_x_kept ? 1 : 0);
        h.add_u64(r.kept_mask);
        h.add_u64(r.start_tick);
        h.add_u64(r.end_tick);
        h.add_i64(r.clicks);
        h.add_i64(r.resets);
    }
    return h.value();
}

LevelPlay replay_level(const Dictionary& dict, std::vector<Challenge> challenges,
                       const std::vector<Action>& actions, std::uint32_t start_tick,
                       LevelPlaySettings settings) {
    LevelPlay play(dict, std::move(challenges), start_tick, settings);
    for (const Action& a : actions) play.apply(a);
    return play;
}

std::string format_action_log(const std::vector<Action>& actions) {
    std::string out;
    for (const Action& a : actions) {
        out += std::to_string(a.tick);
        switch (a.kind) {
            case ActionKind::Click:
                out += " c " + std::to_string(a.index);
                break;
            case ActionKind::Type:
                out += std::string(" t ") + a.letter;
                break;
            case ActionKind::Reset:
                out += " r";
                break;
            case ActionKind::Tick:
                out += " w";
                break;
        }
        out += '\n';
    }
    return out;
}

std::vector<Action> parse_action_log(std::string_view text) {
    std::vector<Action> out;
    std::size_t line_no = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        auto fail = [&](const std::string& what) {
            throw Error("line " + std::to_string(line_no) + ": " + what);
        };
        Action a;
        auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), a.tick);
        if (ec != std::errc{} || p == line.data() + line.size() || *p != ' ')
            fail("expected '<tick> <kind>'");
        std::string_view rest = line.substr(static_cast<std::size_t>(p - line.data()) + 1);
        if (rest == "r") {
            a.kind = ActionKind::Reset;
        } else if (rest == "w") {
            a.kind = ActionKind::Tick;
        } else if (rest.size() == 3 && rest.substr(0, 2) == "t ") {
            a.kind = ActionKind::Type;
            a.letter = rest[2];
            // The store and the verifier take a-z only: refuse here, not after recording.
            if (!std::isalpha(static_cast<unsigned char>(a.letter))) fail("typed letter must be a-z");
        } else if (rest.size() > 2 && rest.substr(0, 2) == "c ") {
            a.kind = ActionKind::Click;
            auto [q, ec2] = std::from_chars(rest.data() + 2, rest.data() + rest.size(), a.index);
            if (ec2 != std::errc{} || q != rest.data() + rest.size()) fail("bad click index");
            if (a.index < 0 || a.index >= kMaxChallengeLength)
                fail("click index must be 0.." + std::to_string(kMaxChallengeLength - 1));
        } else {
            fail("unknown action (expected c/t/r/w)");
        }
        if (!out.empty() && a.tick < out.back().tick) fail("ticks go backwards");
        out.push_back(a);
    }
    return out;
}

}  // namespace sawtooth::words
