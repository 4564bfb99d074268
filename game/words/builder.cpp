#include "game/words/builder.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <stdexcept>
#include "gen/error.hpp"

#include "game/words/play.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/scan.hpp"

namespace sawtooth::words {

namespace {

DraftWord draft_word(const Dictionary& dict, const WordReach& r, int two_x, const ReachableWordRules& rules) {
    DraftWord w;
    w.word = r.word;
    w.reachable = r.reachable;
    w.min_clicks = r.min_clicks;
    w.profane = dict.entry(r.id).profane;
    w.rank_percentile = dict.rank_percentile(r.id);
    w.uncommon = w.rank_percentile >= rules.common_rank;
    const RankBand* band = length_band(rules, static_cast<int>(r.word.size()));
    w.outside_band = band && !band->contains(w.rank_percentile);
    w.keeps_two_x = r.reachable && two_x >= 0 && (r.reach_mask >> two_x & 1u) != 0;
    if (r.reachable) w.score = static_cast<int>(r.word.size()) * (w.keeps_two_x ? kTwoXMultiplier : 1);
    return w;
}

// Reachable first (the words play can end on), then longest, then alphabetical.
bool shown_before(const DraftWord& a, const DraftWord& b) {
    if (a.reachable != b.reachable) return a.reachable;
    if (a.word.size() != b.word.size()) return a.word.size() > b.word.size();
    return a.word < b.word;
}

// The dead ends nearest the start: most letters kept first, then higher masks first.
std::vector<std::string> first_dead_ends(const StateSpace& ss, int count) {
    std::vector<std::uint32_t> masks;
    for (std::size_t m = 0; m < ss.kind.size(); ++m)
        if (ss.kind[m] == StateKind::DeadEnd) masks.push_back(static_cast<std::uint32_t>(m));
    std::stable_sort(masks.begin(), masks.end(), [](std::uint32_t x, std::uint32_t y) {
        const int px = std::popcount(x), py = std::popcount(y);
        return px != py ? px > py : x > y;
    });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < masks.size() && static_cast<int>(i) < count; ++i)
        out.push_back(kept_letters(ss.letters, masks[i]));
    return out;
}

std::string band_text(const RankBand& b) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g..%g", b.lo, b.hi);
    return buf;
}

void note_band_problems(DraftAnalysis& a, const DraftAnalysisSettings& s) {
    const auto note = [&](int outside, const std::optional<RankBand>& band, const char* which) {
        if (outside > 0)
            a.problems.push_back(std::to_string(outside) + " " + which + " word" + (outside == 1 ? "" : "s") +
                                 " outside " + band_text(*band));
    };
    note(a.counts.short_outside_band, s.short_band, "short");
    note(a.counts.long_outside_band, s.long_band, "long");
}

void note_problems(DraftAnalysis& a, const Challenge& c) {
    if (a.space.start_is_word) a.problems.push_back("the letters themselves spell a word");
    if (a.counts.reachable == 0) a.problems.push_back("no word can be reached");
    if (a.profane_reachable > 0) a.problems.push_back("a reachable word is profane");
    const bool two_x_used =
        std::any_of(a.words.begin(), a.words.end(), [](const DraftWord& w) { return w.keeps_two_x; });
    if (c.two_x >= 0 && !two_x_used) a.problems.push_back("no reachable word keeps the 2X letter");
}

}  // namespace

DraftAnalysis analyze_draft(const Dictionary& dict, const Challenge& challenge,
                            const DraftAnalysisSettings& settings) {
    DraftAnalysis a;
    if (challenge.letters.empty()) {
        a.problems.push_back("no letters yet");
        return a;
    }
    const WordScan scan = scan_words(dict, challenge.letters);
    a.space = analyze_state_space(scan);
    a.fitness = challenge_fitness(scan, settings.max_seq, settings.fitness);
    ReachableWordRules rules;
    rules.common_rank = settings.common_rank;
    rules.short_band = settings.short_band;
    rules.long_band = settings.long_band;
    a.counts = count_reachable_words(dict, a.space, rules);
    for (const WordReach& r : a.space.words) {
        DraftWord w = draft_word(dict, r, challenge.two_x, rules);
        a.profane_reachable += w.reachable && w.profane ? 1 : 0;
        a.uncommon_reachable += w.reachable && w.uncommon ? 1 : 0;
        a.best_score = std::max(a.best_score, w.score);
        a.words.push_back(std::move(w));
    }
    std::sort(a.words.begin(), a.words.end(), shown_before);
    a.dead_ends = first_dead_ends(a.space, settings.dead_end_examples);
    note_problems(a, challenge);
    note_band_problems(a, settings);
    return a;
}

LevelBuilder::LevelBuilder(std::vector<Challenge> challenges) {
    if (challenges.size() > static_cast<std::size_t>(kChallengesPerLevel))
        throw Error("a level holds at most " + std::to_string(kChallengesPerLevel) + " challenges");
    for (const Challenge& c : challenges) {
        if (!is_valid_letters(c.letters))
            throw Error("challenge letters must be 1-" + std::to_string(kMaxChallengeLength) +
                        " letters a-z");
        if (c.two_x < -1 || c.two_x >= static_cast<int>(c.letters.size()))
            throw Error("2X position " + std::to_string(c.two_x) + " outside the letters");
        Challenge kept;
        kept.letters = to_lower(c.letters);
        kept.two_x = c.two_x;
        m_state.challenges.push_back(std::move(kept));
    }
    if (m_state.challenges.empty()) m_state.challenges.emplace_back();
}

void LevelBuilder::push_undo() {
    m_undo.push_back(m_state);
    if (m_undo.size() > kMaxUndo) m_undo.erase(m_undo.begin());
    m_redo.clear();
}

Challenge& LevelBuilder::edit() {
    push_undo();
    return m_state.challenges[static_cast<std::size_t>(m_state.current)];
}

bool LevelBuilder::type(char letter) {
    if (!std::isalpha(static_cast<unsigned char>(letter)) || (letter & 0x80) != 0) return false;
    if (current().letters.size() >= static_cast<std::size_t>(kMaxChallengeLength)) return false;
    edit().letters += static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    return true;
}

bool LevelBuilder::erase() {
    if (current().letters.empty()) return false;
    Challenge& c = edit();
    c.letters.pop_back();
    if (c.two_x >= static_cast<int>(c.letters.size())) c.two_x = -1;
    return true;
}

bool LevelBuilder::set_two_x(int position) {
    if (position < -1 || position >= static_cast<int>(current().letters.size()) ||
        position == current().two_x)
        return false;
    edit().two_x = position;
    return true;
}

bool LevelBuilder::move_two_x(int step) {
    const int n = static_cast<int>(current().letters.size());
    if (n == 0 || (step != -1 && step != 1)) return false;
    // Cycle none, 0, ..., n-1 as 0..n (shifted by one), so "none" is one of the stops.
    const int next = (current().two_x + 1 + step + n + 1) % (n + 1) - 1;
    return set_two_x(next);
}

bool LevelBuilder::add_challenge() {
    if (m_state.challenges.size() >= static_cast<std::size_t>(kChallengesPerLevel)) return false;
    push_undo();
    m_state.current += 1;
    m_state.challenges.insert(m_state.challenges.begin() + m_state.current, Challenge{});
    return true;
}

bool LevelBuilder::remove_challenge() {
    if (m_state.challenges.size() == 1) {
        if (current().letters.empty()) return false;
        edit() = Challenge{};
        return true;
    }
    push_undo();
    m_state.challenges.erase(m_state.challenges.begin() + m_state.current);
    m_state.current = std::min(m_state.current, static_cast<int>(m_state.challenges.size()) - 1);
    return true;
}

bool LevelBuilder::select(int index) {
    if (index < 0 || index >= static_cast<int>(m_state.challenges.size())) return false;
    m_state.current = index;
    return true;
}

bool LevelBuilder::undo() {
    if (m_undo.empty()) return false;
    m_redo.push_back(std::move(m_state));
    m_state = std::move(m_undo.back());
    m_undo.pop_back();
    return true;
}

bool LevelBuilder::redo() {
    if (m_redo.empty()) return false;
    m_undo.push_back(std::move(m_state));
    m_state = std::move(m_redo.back());
    m_redo.pop_back();
    return true;
}

std::vector<Challenge> LevelBuilder::level() const {
    std::vector<Challenge> out;
    for (const Challenge& c : m_state.challenges)
        if (!c.letters.empty()) out.push_back(c);
    return out;
}

}  // namespace sawtooth::words
