#include "telemetry/analysis/words_study.hpp"

#include "game/words/modes.hpp"
#include "gen/error.hpp"
#include "gen/words/state_space.hpp"
#include "telemetry/analysis/statistics.hpp"
#include "telemetry/recording/words_recording.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

namespace sawtooth::analysis {

namespace w = sawtooth::words;
using telemetry::Statement;

WordsRegression fit_ols(const std::string& formula, const std::vector<std::string>& names,
                        const std::vector<std::vector<double>>& x, const std::vector<double>& y) {
    WordsRegression r;
    r.formula = formula;
    const auto n = static_cast<Eigen::Index>(y.size());
    std::vector<std::size_t> kept;
    for (std::size_t j = 0; j < x.size(); ++j) {
        if (x[j].size() != y.size()) throw Error(names[j] + ": column size differs from y");
        const auto [lo, hi] = std::minmax_element(x[j].begin(), x[j].end());
        if (x[j].empty() || *lo == *hi)
            r.dropped.push_back(names[j]);
        else
            kept.push_back(j);
    }
    const auto k = static_cast<Eigen::Index>(kept.size()) + 1;
    if (n <= k)
        throw Error(std::to_string(n) + " observations for " + std::to_string(k) +
                    " parameters: need more data");
    Eigen::MatrixXd a(n, k);
    Eigen::VectorXd b(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        a(i, 0) = 1.0;
        for (Eigen::Index j = 1; j < k; ++j)
            a(i, j) = x[kept[static_cast<std::size_t>(j - 1)]][static_cast<std::size_t>(i)];
        b(i) = y[static_cast<std::size_t>(i)];
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
    if (qr.rank() < k)
        throw Error("regressors are collinear in this data (rank " + std::to_string(qr.rank()) + " of " +
                    std::to_string(k) + ")");
    const Eigen::VectorXd beta = qr.solve(b);
    const Eigen::VectorXd res = b - a * beta;
    const double rss = res.squaredNorm();
    const double mean = b.mean();
    const double tss = (b.array() - mean).square().sum();
    r.n = static_cast<int>(n);
    r.dof = static_cast<int>(n - k);
    r.r2 = tss > 0 ? std::clamp(1.0 - rss / tss, 0.0, 1.0) : 0.0;
    r.adjusted_r2 = tss > 0 ? 1.0 - (1.0 - r.r2) * static_cast<double>(n - 1) / r.dof : 0.0;
    const double s2 = rss / r.dof;
    const Eigen::MatrixXd cov = s2 * (a.transpose() * a).inverse();
    for (Eigen::Index j = 0; j < k; ++j) {
        Coefficient c;
        c.name = j == 0 ? std::string("(intercept)") : names[kept[static_cast<std::size_t>(j - 1)]];
        c.estimate = beta(j);
        c.se = std::sqrt(std::max(0.0, cov(j, j)));
        if (c.se > 0) {
            c.t = c.estimate / c.se;
            c.p_value = two_tailed_p(c.t, r.dof);
        } else {
            c.t = c.estimate == 0 ? 0.0 : std::copysign(INFINITY, c.estimate);
            c.p_value = c.estimate == 0 ? 1.0 : 0.0;
        }
        r.coefficients.push_back(c);
    }
    return r;
}

int best_challenge_score(const w::Dictionary& dict, const std::string& letters, int two_x) {
    const w::StateSpace ss = w::analyze_state_space(dict, letters);
    int best = 0;
    for (std::size_t m = 0; m < ss.kind.size(); ++m) {
        if (ss.kind[m] != w::StateKind::Word) continue;
        const auto mask = static_cast<std::uint32_t>(m);
        const bool kept = two_x >= 0 && (mask >> two_x & 1u) != 0;
        best = std::max(best, std::popcount(mask) * (kept ? w::kTwoXMultiplier : 1));
    }
    return best;
}

namespace {

/// One ended Levels-mode play of a level.
struct Play {
    std::string participant;
    int level = 0;
    std::uint64_t seed = 0;
    int total = 0;
    int words = 0;
    bool timed_out = false;
    w::LevelParams params;
};

/// How often one challenge was shown and which words ended it.
struct ChallengeTally {
    std::string letters;
    int two_x = -1;
    int shown = 0;
    std::map<std::string, int> selected;
};

/// Letters and 2X position of each challenge number of a level.
using ChallengeList = std::map<int, std::pair<std::string, int>>;

/// What the recorded word levels hold, gathered in one pass over the store.
struct RecordedPlays {
    std::vector<Play> plays;
    std::map<std::string, int> solved_by_player;
    std::map<std::string, ChallengeTally> tallies;  // key: letters + 2X position
    // Full challenge list per level seed (regenerated, else what the recordings stored).
    std::map<std::uint64_t, ChallengeList> level_challenges;
    std::set<std::uint64_t> regenerated;
    int skipped = 0;
};

std::vector<std::int64_t> selected_word_level_ids(telemetry::Store& store,
                                                  const telemetry::SessionSelection& selection) {
    const std::set<std::int64_t> sessions = telemetry::selected_sessions(store, selection);
    std::vector<std::int64_t> ids;
    Statement st(store.db(), "SELECT word_level_id, session_id FROM word_levels ORDER BY word_level_id");
    while (st.step())
        if (sessions.count(st.int64(1)) != 0) ids.push_back(st.int64(0));
    return ids;
}

/// True for the plays the analysis uses: ended (not quit) Levels-mode levels.
bool is_ended_levels_play(const telemetry::WordRecording& rec) {
    return rec.mode == w::mode_name(w::Mode::Levels) && rec.status &&
           *rec.status != telemetry::WordLevelEnd::Quit && rec.level_number >= 1 &&
           rec.level_number <= w::kLevelCount;
}

Play play_of(const telemetry::WordRecording& rec) {
    Play p;
    p.participant = rec.participant_id;
    p.level = rec.level_number;
    p.seed = rec.seed;
    p.total = rec.total_score;
    p.words = rec.words_found;
    p.timed_out = *rec.status == telemetry::WordLevelEnd::TimedOut;
    p.params = rec.params ? *rec.params : w::levels_mode_params(rec.level_number);
    return p;
}

/// Adds one recording's challenges to the tallies and to its level's challenge list
/// (regenerated once per seed when the generator version and word list match this build).
void add_challenges(const w::Dictionary& dict, std::uint64_t dhash, const telemetry::WordRecording& rec,
                    RecordedPlays& in) {
    ChallengeList& known = in.level_challenges[rec.seed];
    if (!in.regenerated.count(rec.seed) && rec.params && rec.gen_version == w::kWordGenVersion &&
        rec.dict_hash == dhash) {
        const w::GeneratedLevel g = telemetry::regenerate_word_level(dict, rec);
        known.clear();
        for (std::size_t i = 0; i < g.challenges.size(); ++i)
            known[static_cast<int>(i) + 1] = {g.challenges[i].letters, g.challenges[i].two_x};
        in.regenerated.insert(rec.seed);
    }
    for (const telemetry::WordChallengeRow& c : rec.challenges) {
        if (!in.regenerated.count(rec.seed)) known[c.number] = {c.letters, c.two_x};
        ChallengeTally& t = in.tallies[c.letters + "#" + std::to_string(c.two_x)];
        t.letters = c.letters;
        t.two_x = c.two_x;
        ++t.shown;
        if (c.status == w::ChallengeStatus::Solved) ++t.selected[c.word];
    }
}

RecordedPlays read_plays(telemetry::Store& store, const w::Dictionary& dict, std::uint64_t dhash,
                         const std::vector<std::int64_t>& ids) {
    RecordedPlays in;
    for (const std::int64_t id : ids) {
        const telemetry::WordRecording rec = telemetry::load_word_recording(store, id);
        if (!is_ended_levels_play(rec)) {
            ++in.skipped;
            continue;
        }
        Play p = play_of(rec);
        add_challenges(dict, dhash, rec, in);
        in.solved_by_player[p.participant] += p.words;
        in.plays.push_back(std::move(p));
    }
    return in;
}

/// Best possible score of every level seed whose ten challenges are all known (the
/// normalisation of normalizedScore).
std::map<std::uint64_t, int> level_max_scores(
    const w::Dictionary& dict, const std::map<std::uint64_t, ChallengeList>& level_challenges) {
    std::map<std::uint64_t, int> max_score;
    for (const auto& [seed, chs] : level_challenges) {
        if (static_cast<int>(chs.size()) < w::kChallengesPerLevel)
            continue;  // unknown challenges: cannot normalise
        int m = 0;
        for (const auto& [num, c] : chs) m += best_challenge_score(dict, c.first, c.second);
        max_score[seed] = m;
    }
    return max_score;
}

/// One summary per level with a normalisable play, in level order; plays whose level
/// cannot be normalised count as skipped.
std::vector<WordsLevelSummary> summarize_levels(const std::vector<Play>& plays,
                                                const std::map<std::uint64_t, int>& max_score, int& skipped) {
    std::map<int, WordsLevelSummary> levels;
    std::map<int, std::set<std::string>> level_players;
    for (const Play& p : plays) {
        const auto ms = max_score.find(p.seed);
        if (ms == max_score.end() || ms->second <= 0) {
            ++skipped;
            continue;
        }
        WordsLevelSummary& s = levels[p.level];
        s.level = p.level;
        s.difficulty = p.params.difficulty;
        s.band_lo = p.params.gen.band_lo;
        s.max_seq = p.params.gen.max_seq;
        s.target_length = p.params.gen.target_length;
        s.num2x = p.params.num2x;
        s.min_source =
            *std::min_element(p.params.gen.source_lengths.begin(), p.params.gen.source_lengths.end());
        s.max_score = ms->second;
        ++s.plays;
        s.mean_normalized_score += static_cast<double>(p.total) / ms->second;
        s.mean_words += p.words;
        s.timeout_rate += p.timed_out ? 1 : 0;
        level_players[p.level].insert(p.participant);
    }
    std::vector<WordsLevelSummary> out;
    for (auto& [lv, s] : levels) {
        s.mean_normalized_score /= s.plays;
        s.mean_words /= s.plays;
        s.timeout_rate /= s.plays;
        s.players = static_cast<int>(level_players[lv].size());
        out.push_back(s);
    }
    return out;
}

/// The paper's level regression over the level summaries.
void fit_score_model(WordsStudyAnalysis& out) {
    std::vector<std::vector<double>> x(5);
    std::vector<double> y;
    for (const WordsLevelSummary& s : out.levels) {
        x[0].push_back(s.band_lo);
        x[1].push_back(s.max_seq);
        x[2].push_back(s.target_length);
        x[3].push_back(s.num2x);
        x[4].push_back(s.min_source);
        y.push_back(s.mean_normalized_score);
    }
    try {
        out.score_model = fit_ols(
            "normalizedScore ~ min(corpusFreq) + maxSeq + targetLength + num2X + "
            "min(sourceWord)",
            {"min_corpus_freq", "max_seq", "target_length", "num2x", "min_source_word"}, x, y);
    } catch (const Error& e) {
        out.score_model_error =
            std::string("level regression over ") + std::to_string(y.size()) + " levels: " + e.what();
    }
}

/// Every reachable word of every challenge shown, with its selection count.
std::vector<WordSelection> word_selections(const w::Dictionary& dict,
                                           const std::map<std::string, ChallengeTally>& tallies) {
    std::vector<WordSelection> out;
    for (const auto& [key, t] : tallies) {
        const w::StateSpace ss = w::analyze_state_space(dict, t.letters);
        for (const w::WordReach& wr : ss.words) {
            if (!wr.reachable) continue;
            WordSelection s;
            s.letters = t.letters;
            s.word = wr.word;
            s.shown = t.shown;
            const auto it = t.selected.find(wr.word);
            s.selected = it == t.selected.end() ? 0 : it->second;
            s.length = wr.features.length;
            s.max_sequence = wr.features.max_sequence;
            s.split_distance = wr.features.split_distance;
            s.first_occurrence = wr.features.first_occurrence;
            s.has_two_x = t.two_x >= 0 && (wr.reach_mask >> t.two_x & 1u) != 0;
            s.dirty = wr.id >= 0 && dict.entry(wr.id).profane;
            out.push_back(std::move(s));
        }
    }
    return out;
}

/// The paper's word regression over the selections.
void fit_selection_model(WordsStudyAnalysis& out) {
    std::vector<std::vector<double>> x(6);
    std::vector<double> y;
    for (const WordSelection& s : out.selections) {
        x[0].push_back(s.length);
        x[1].push_back(s.max_sequence);
        x[2].push_back(s.has_two_x ? 1 : 0);
        x[3].push_back(s.split_distance);
        x[4].push_back(s.first_occurrence);
        x[5].push_back(s.dirty ? 1 : 0);
        y.push_back(static_cast<double>(s.selected) / s.shown);
    }
    try {
        out.selection_model = fit_ols(
            "selectionRate ~ wordLength + maxSequence + has2X + splitDistance + firstOccurrence + "
            "dirtyWord",
            {"word_length", "max_sequence", "has_2x", "split_distance", "first_occurrence", "dirty_word"}, x,
            y);
    } catch (const Error& e) {
        out.selection_model_error =
            std::string("word regression over ") + std::to_string(y.size()) + " words: " + e.what();
    }
}

}  // namespace

WordsStudyAnalysis analyze_words_study(telemetry::Store& store, const w::Dictionary& dict,
                                       std::uint64_t dhash, const telemetry::SessionSelection& selection) {
    const std::vector<std::int64_t> ids = selected_word_level_ids(store, selection);
    if (ids.empty())
        throw Error(
            "'" + store.path() + "' holds no word sessions (no word levels" +
            (selection.selects_all() ? std::string(")") : " in condition '" + selection.condition + "')"));
    RecordedPlays in = read_plays(store, dict, dhash, ids);
    WordsStudyAnalysis out;
    out.skipped = in.skipped;
    out.word_levels = static_cast<int>(in.plays.size());
    if (in.plays.empty())
        throw Error("'" + store.path() + "' holds word levels but none ended in Levels mode");
    out.players = static_cast<int>(in.solved_by_player.size());
    for (const auto& [pid, n] : in.solved_by_player) out.solved_per_player.push_back(n);

    out.levels = summarize_levels(in.plays, level_max_scores(dict, in.level_challenges), out.skipped);
    fit_score_model(out);
    out.selections = word_selections(dict, in.tallies);
    fit_selection_model(out);
    return out;
}

}  // namespace sawtooth::analysis
