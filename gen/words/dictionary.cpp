#include "gen/words/dictionary.hpp"
#include "gen/error.hpp"
#include "gen/printable.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <unordered_map>

namespace sawtooth::words {

namespace {

bool all_lower_letters(std::string_view w) {
    return std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

}  // namespace

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string to_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

bool is_valid_letters(std::string_view s) {
    if (s.empty() || s.size() > static_cast<std::size_t>(kMaxChallengeLength)) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

Dictionary Dictionary::parse_tsv(std::string_view text) {
    std::vector<WordEntry> entries;
    int skipped = 0;
    std::size_t line_no = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++line_no;
        line = trim(line);
        if (line.empty() || line.front() == '#') continue;
        std::string_view fields[3];
        int nf = 0;
        while (nf < 3) {
            const std::size_t tab = line.find('\t');
            fields[nf++] = trim(line.substr(0, tab));
            if (tab == std::string_view::npos) break;
            line = line.substr(tab + 1);
        }
        WordEntry e;
        e.word = to_lower(fields[0]);
        if (nf >= 2) {
            const auto f = fields[1];
            auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), e.count);
            if (ec != std::errc{} || p != f.data() + f.size())
                throw Error("line " + std::to_string(line_no) + ": count '" + printable(f) +
                            "' is not a non-negative integer");
        }
        if (nf >= 3) {
            if (fields[2] == "1")
                e.profane = true;
            else if (fields[2] != "0" && !fields[2].empty())
                throw Error("line " + std::to_string(line_no) + ": profane flag must be 0 or 1");
        }
        if (!all_lower_letters(e.word) || e.word.size() < static_cast<std::size_t>(kMinWordLength)) {
            ++skipped;
            continue;
        }
        entries.push_back(std::move(e));
    }
    Dictionary d = from_entries(std::move(entries));
    d.m_skipped += skipped;
    return d;
}

Dictionary Dictionary::from_entries(std::vector<WordEntry> entries) {
    Dictionary d;
    std::unordered_map<std::string, std::size_t> seen;
    for (auto& e : entries) {
        e.word = to_lower(e.word);
        if (!all_lower_letters(e.word) || e.word.size() < static_cast<std::size_t>(kMinWordLength)) {
            ++d.m_skipped;
            continue;
        }
        auto [it, fresh] = seen.emplace(e.word, d.m_entries.size());
        if (fresh) {
            d.m_entries.push_back(std::move(e));
        } else {
            // Case variants or repeated lines of one word are one word: sum their counts.
            WordEntry& prev = d.m_entries[it->second];
            prev.count += e.count;
            prev.profane = prev.profane || e.profane;
        }
    }
    d.build();
    return d;
}

void Dictionary::build() {
    // Rank order is the id order so bands are contiguous id ranges per length.
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const WordEntry& a, const WordEntry& b) {
        if (a.count != b.count) return a.count > b.count;
        return a.word < b.word;
    });
    m_ranked = static_cast<int>(
        std::count_if(m_entries.begin(), m_entries.end(), [](const WordEntry& e) { return e.count > 0; }));
    m_trie.clear();
    TrieNode root;
    std::fill(std::begin(root.child), std::end(root.child), -1);
    m_trie.push_back(root);
    for (std::size_t id = 0; id < m_entries.size(); ++id) {
        std::int32_t n = 0;
        for (char c : m_entries[id].word) {
            const int k = c - 'a';
            if (m_trie[static_cast<std::size_t>(n)].child[k] < 0) {
                m_trie[static_cast<std::size_t>(n)].child[k] = static_cast<std::int32_t>(m_trie.size());
                m_trie.push_back(root);
            }
            n = m_trie[static_cast<std::size_t>(n)].child[k];
        }
        m_trie[static_cast<std::size_t>(n)].word = static_cast<std::int32_t>(id);
    }
    m_alphabetical.clear();
    m_alphabetical_rank.assign(m_entries.size(), -1);
    index_trie(0);
}

// Pre-order in letter order lists the words alphabetically ("cat" before "cats"); post-order
// gathers, for each node, what every word below it still needs (the search's pruning).
void Dictionary::index_trie(std::int32_t n) {
    const auto at = [this](std::int32_t i) -> TrieNode& { return m_trie[static_cast<std::size_t>(i)]; };
    if (const std::int32_t id = at(n).word; id >= 0) {
        m_alphabetical_rank[static_cast<std::size_t>(id)] = static_cast<std::int32_t>(m_alphabetical.size());
        m_alphabetical.push_back(id);
    }
    std::uint32_t needed = ~0u;
    int fewest = 255;
    for (int c = 0; c < kAlphabet; ++c) {
        const std::int32_t ch = at(n).child[c];
        if (ch < 0) continue;
        index_trie(ch);
        const std::uint32_t bit = 1u << c;
        if (at(ch).word >= 0) {  // a word ending at the child needs just its letter
            needed &= bit;
            fewest = 1;
        }
        if (at(ch).fewest_more != 255) {
            needed &= bit | at(ch).letters_needed;
            fewest = std::min(fewest, 1 + at(ch).fewest_more);
        }
    }
    at(n).letters_needed = fewest == 255 ? 0u : needed;
    at(n).fewest_more = static_cast<std::uint8_t>(std::min(fewest, 255));
}

int Dictionary::find(std::string_view word) const {
    if (m_trie.empty()) return -1;
    std::int32_t n = 0;
    for (char c : word) {
        if (c < 'a' || c > 'z') return -1;
        n = m_trie[static_cast<std::size_t>(n)].child[c - 'a'];
        if (n < 0) return -1;
    }
    return m_trie[static_cast<std::size_t>(n)].word;
}

double Dictionary::rank_percentile(int id) const {
    if (id < 0 || id >= m_ranked) return 100.0;
    return 100.0 * static_cast<double>(id) / static_cast<double>(m_ranked);
}

std::vector<int> Dictionary::band(double lo_pct, double hi_pct, int length) const {
    std::vector<int> ids;
    for (int id = 0; id < m_ranked; ++id) {
        const double p = rank_percentile(id);
        if (p < lo_pct || p >= hi_pct) continue;
        const WordEntry& e = entry(id);
        if (e.profane || static_cast<int>(e.word.size()) != length) continue;
        ids.push_back(id);
    }
    return ids;
}

}  // namespace sawtooth::words
