#include "gen/words/state_space.hpp"

#include <bit>

namespace sawtooth::words {

int StateSpace::reachable_words() const {
    int n = 0;
    for (const WordReach& w : words) n += w.reachable ? 1 : 0;
    return n;
}

int StateSpace::unreachable_words() const { return static_cast<int>(words.size()) - reachable_words(); }

const WordReach* StateSpace::find(std::string_view word) const {
    for (const WordReach& w : words)
        if (w.word == word) return &w;
    return nullptr;
}

StateSpace analyze_state_space(const Dictionary& dict, std::string_view letters) {
    return analyze_state_space(scan_words(dict, letters));
}

StateSpace analyze_state_space(const WordScan& scan) {
    StateSpace ss;
    ss.letters = scan.letters;
    const int n = static_cast<int>(scan.letters.size());
    const std::uint32_t full = (n == 32) ? ~0u : ((1u << n) - 1u);
    const std::size_t count = std::size_t{1} << n;
    ss.potential_states = count;
    ss.kind.assign(count, StateKind::Unreached);
    ss.start_is_word = scan.is_word(full);

    // Clicking removes a bit, so every successor is numerically smaller: one descending pass
    // propagates reachability in topological order (no queue needed).
    std::vector<std::uint8_t> reached(count, 0);
    reached[full] = 1;
    for (std::size_t m = count; m-- > 0;) {
        if (!reached[m] || scan.is_word(static_cast<std::uint32_t>(m))) continue;
        for (std::uint32_t bits = static_cast<std::uint32_t>(m); bits; bits &= bits - 1)
            reached[m & ~(bits & (~bits + 1))] = 1;
    }
    // A state can still end in a word if it is one or a successor can (ascending pass).
    std::vector<std::uint8_t> good(count, 0);
    for (std::size_t m = 0; m < count; ++m) {
        const auto mm = static_cast<std::uint32_t>(m);
        if (scan.is_word(mm)) {
            good[m] = 1;
            continue;
        }
        for (std::uint32_t bits = mm; bits && !good[m]; bits &= bits - 1)
            good[m] = good[mm & ~(bits & (~bits + 1))];
    }
    for (std::size_t m = 0; m < count; ++m) {
        if (!reached[m]) continue;
        ++ss.reachable_states;
        const auto mm = static_cast<std::uint32_t>(m);
        if (scan.is_word(mm)) {
            ss.kind[m] = StateKind::Word;
            ++ss.word_states;
        } else if (good[m]) {
            ss.kind[m] = StateKind::Open;
        } else {
            ss.kind[m] = StateKind::DeadEnd;
            ++ss.dead_end_states;
        }
    }
    for (const FoundWord& fw : scan.words) {
        WordReach r;
        r.id = fw.id;
        r.word = fw.word;
        r.embeddings = static_cast<int>(fw.masks.size());
        r.features = fw.features;
        for (std::uint32_t m : fw.masks) {
            // A start that is already a word is not a challenge: nothing is "reached" by play.
            if (!reached[m] || m == full) continue;
            ++r.reachable_embeddings;
            const WordFeatures f = embedding_features(m);
            // Prefer the most visible reachable embedding, as scan_words does.
            const bool better = !r.reachable || f.max_sequence > r.features.max_sequence ||
                                (f.max_sequence == r.features.max_sequence &&
                                 (f.split_distance < r.features.split_distance ||
                                  (f.split_distance == r.features.split_distance &&
                                   f.first_occurrence < r.features.first_occurrence)));
            if (better) {
                r.reachable = true;
                r.reach_mask = m;
                r.features = f;
            }
        }
        if (r.reachable) r.min_clicks = n - static_cast<int>(fw.word.size());
        ss.words.push_back(std::move(r));
    }
    return ss;
}

bool is_mask_reachable(const WordScan& scan, std::uint32_t target) {
    const int n = static_cast<int>(scan.letters.size());
    const std::uint32_t full = (1u << n) - 1u;
    if (!scan.is_word(target) || (target & ~full) != 0) return false;
    if (target == full) return false;  // the start is not a playable state to "reach"
    // Positions that must go, compressed to k bits; visit every removal order as a subset.
    std::uint32_t extra_pos[kMaxChallengeLength];
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (!(target >> i & 1u)) extra_pos[k++] = 1u << i;
    const std::size_t states = std::size_t{1} << k;
    std::vector<std::uint8_t> reached(states, 0);
    reached[states - 1] = 1;
    for (std::size_t s = states; s-- > 0;) {
        if (!reached[s]) continue;
        if (s == 0) return true;
        std::uint32_t mask = target;
        for (int b = 0; b < k; ++b)
            if (s >> b & 1u) mask |= extra_pos[b];
        if (s != states - 1 && scan.is_word(mask)) continue;      // play would stop here
        if (s == states - 1 && scan.is_word(mask)) return false;  // full string is a word
        for (std::size_t bits = s; bits; bits &= bits - 1) reached[s & ~(bits & (~bits + 1))] = 1;
    }
    return reached[0] != 0;
}

bool is_word_reachable(const WordScan& scan, const FoundWord& word) {
    for (std::uint32_t m : word.masks)
        if (is_mask_reachable(scan, m)) return true;
    return false;
}

}  // namespace sawtooth::words
