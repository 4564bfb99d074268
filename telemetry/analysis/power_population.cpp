#include "telemetry/analysis/power_population.hpp"

#include "gen/number_text.hpp"
#include "telemetry/store/sqlite.hpp"

#include <cstring>
#include <map>
#include <sstream>

namespace sawtooth::analysis {

namespace {

using telemetry::Database;
using telemetry::Statement;

constexpr const char* kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS participants(idx INTEGER PRIMARY KEY, skill TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS graphs(key TEXT PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS levels(participant INTEGER NOT NULL, condition INTEGER NOT NULL,
  position INTEGER NOT NULL, level_index INTEGER NOT NULL, deaths INTEGER NOT NULL,
  skipped INTEGER NOT NULL, graph TEXT NOT NULL, traces BLOB NOT NULL,
  PRIMARY KEY(participant, condition, position));
)SQL";

/// Little-endian fixed-width fields in a byte vector.
class Bytes {
public:
    template <class T>
    void put(T v) {
        unsigned char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        data.insert(data.end(), b, b + sizeof(T));
    }
    std::vector<std::uint8_t> data;
};

class Reader {
public:
    explicit Reader(const std::vector<std::uint8_t>& d) : m_d(d) {}
    template <class T>
    T get() {
        if (m_pos + sizeof(T) > m_d.size()) throw ModelError("population file: a truncated record");
        T v;
        std::memcpy(&v, m_d.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

private:
    const std::vector<std::uint8_t>& m_d;
    std::size_t m_pos = 0;
};

std::vector<std::uint8_t> graph_bytes(const ChallengeGraph& g) {
    Bytes b;
    b.put<std::int32_t>(g.nodes);
    b.put<std::int32_t>(g.start);
    b.put<std::int32_t>(g.exit);
    b.put<std::int32_t>(static_cast<std::int32_t>(g.edges.size()));
    for (const ChallengeGraph::Edge& e : g.edges) {
        b.put<std::int32_t>(e.from);
        b.put<std::int32_t>(e.to);
        b.put<std::int32_t>(e.challenge);
    }
    b.put<std::int32_t>(static_cast<std::int32_t>(g.challenges.size()));
    for (const ChallengeParams& p : g.challenges) {
        b.put<double>(p.t_timing);
        b.put<std::int32_t>(p.jumps);
        b.put<double>(p.t_cycle);
    }
    return b.data;
}

int checked_count(Reader& r, int limit) {
    const auto n = r.get<std::int32_t>();
    if (n < 0 || n > limit) throw ModelError("population file: a record with an impossible count");
    return n;
}

std::shared_ptr<const ChallengeGraph> graph_from(const std::vector<std::uint8_t>& d) {
    Reader r(d);
    auto g = std::make_shared<ChallengeGraph>();
    g->nodes = checked_count(r, 10000000);
    g->start = r.get<std::int32_t>();
    g->exit = r.get<std::int32_t>();
    const int edges = checked_count(r, 100000000);
    for (int k = 0; k < edges; ++k) {
        ChallengeGraph::Edge e;
        e.from = r.get<std::int32_t>();
        e.to = r.get<std::int32_t>();
        e.challenge = r.get<std::int32_t>();
        g->edges.push_back(e);
    }
    const int challenges = checked_count(r, 100000000);
    for (int k = 0; k < challenges; ++k) {
        ChallengeParams p;
        p.t_timing = r.get<double>();
        p.jumps = r.get<std::int32_t>();
        p.t_cycle = r.get<double>();
        g->challenges.push_back(p);
    }
    for (const ChallengeGraph::Edge& e : g->edges)
        if (e.from < 0 || e.from >= g->nodes || e.to < 0 || e.to >= g->nodes || e.challenge >= challenges)
            throw ModelError("population file: a level graph with an edge out of range");
    return g;
}

std::vector<std::uint8_t> trace_bytes(const std::vector<Sample>& traces) {
    Bytes b;
    for (const Sample& s : traces) {
        b.put<double>(s.params.t_timing);
        b.put<std::int32_t>(s.params.jumps);
        b.put<double>(s.params.t_cycle);
        b.put<std::uint8_t>(s.success ? 1 : 0);
    }
    return b.data;
}

std::vector<Sample> traces_from(const std::vector<std::uint8_t>& d) {
    constexpr std::size_t kRecord = 8 + 4 + 8 + 1;
    if (d.size() % kRecord != 0) throw ModelError("population file: a truncated trace record");
    Reader r(d);
    std::vector<Sample> out(d.size() / kRecord);
    for (Sample& s : out) {
        s.params.t_timing = r.get<double>();
        s.params.jumps = r.get<std::int32_t>();
        s.params.t_cycle = r.get<double>();
        s.success = r.get<std::uint8_t>() != 0;
    }
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += x + "\n";
    return s;
}

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::map<std::string, std::string> read_meta(Database& db) {
    std::map<std::string, std::string> meta;
    Statement st(db, "SELECT key, value FROM meta");
    while (st.step()) meta[st.text(0)] = st.text(1);
    return meta;
}

std::uint64_t meta_number(const std::map<std::string, std::string>& meta, const std::string& key,
                          const std::string& path) {
    const auto it = meta.find(key);
    const std::optional<std::uint64_t> v =
        it == meta.end() ? std::nullopt : read_number<std::uint64_t>(it->second);
    if (!v) throw ModelError(path + ": population file without a valid '" + key + "'");
    return *v;
}

/// The header of an open file; ModelError when it is not a population file of this version.
PopulationHeader header_of(Database& db, const std::string& path) {
    if (db.query_int("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'") == 0)
        throw ModelError(path + ": not a population file (no meta table)");
    const auto meta = read_meta(db);
    const auto format = meta.find("format");
    if (format == meta.end() || format->second != kPopulationFormatName)
        throw ModelError(path + ": not a population file");
    if (meta_number(meta, "version", path) != kPopulationFormatVersion)
        throw ModelError(path + ": population file version " + meta.at("version") + ", this build reads " +
                         std::to_string(kPopulationFormatVersion));
    PopulationHeader h;
    h.seed = meta_number(meta, "seed", path);
    h.generator_version = static_cast<int>(meta_number(meta, "generator_version", path));
    const auto c = meta.find("conditions");
    if (c != meta.end()) h.conditions = split_lines(c->second);
    return h;
}

std::string describe(const PopulationHeader& h) {
    std::string s =
        "seed " + std::to_string(h.seed) + ", generator v" + std::to_string(h.generator_version) + ", design";
    for (const std::string& c : h.conditions) s += " " + c;
    return s;
}

void write_header(Database& db, const PopulationHeader& h) {
    const std::pair<const char*, std::string> rows[] = {
        {"format", kPopulationFormatName},
        {"version", std::to_string(kPopulationFormatVersion)},
        {"seed", std::to_string(h.seed)},
        {"generator_version", std::to_string(h.generator_version)},
        {"conditions", joined(h.conditions)}};
    for (const auto& [k, v] : rows)
        Statement(db, "INSERT INTO meta(key, value) VALUES (?, ?)").bind(1, k).bind(2, v).run();
}

}  // namespace

PopulationWriter::PopulationWriter(const std::string& path, const PopulationHeader& header)
    : m_db(std::make_unique<Database>(path, telemetry::OpenMode::ReadWriteCreate)) {
    const bool fresh = m_db->query_int("SELECT count(*) FROM sqlite_master") == 0;
    if (fresh) {
        telemetry::Transaction tx(*m_db);
        m_db->exec(kSchema);
        write_header(*m_db, header);
        tx.commit();
    }
    const PopulationHeader stored = header_of(*m_db, path);
    if (!(stored == header))
        throw ModelError(path + " holds a population of " + describe(stored) + "; asked for " +
                         describe(header) + " (use another file)");
    m_count = static_cast<int>(m_db->query_int("SELECT count(*) FROM participants"));
}

PopulationWriter::~PopulationWriter() = default;

void PopulationWriter::append(const PopulationParticipant& p) {
    telemetry::Transaction tx(*m_db);
    Statement(*m_db, "INSERT INTO participants(idx, skill) VALUES (?, ?)")
        .bind(1, m_count)
        .bind(2, p.skill)
        .run();
    for (const PopulationLevel& l : p.levels) {
        if (l.graph)
            Statement(*m_db, "INSERT OR IGNORE INTO graphs(key, data) VALUES (?, ?)")
                .bind(1, l.level_key)
                .bind_blob(2, graph_bytes(*l.graph))
                .run();
        Statement(*m_db,
                  "INSERT INTO levels(participant, condition, position, level_index, deaths, skipped, graph, "
                  "traces) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .bind(1, m_count)
            .bind(2, l.condition)
            .bind(3, l.position)
            .bind(4, l.level_index)
            .bind(5, l.deaths)
            .bind(6, l.skipped ? 1 : 0)
            .bind(7, l.level_key)
            .bind_blob(8, trace_bytes(l.traces))
            .run();
    }
    tx.commit();
    ++m_count;
}

PopulationHeader read_population_header(const std::string& path) {
    Database db(path, telemetry::OpenMode::ReadOnly);
    return header_of(db, path);
}

Population load_population(const std::string& path, int limit) {
    Database db(path, telemetry::OpenMode::ReadOnly);
    const PopulationHeader h = header_of(db, path);
    Population pop;
    pop.seed = h.seed;
    pop.conditions = h.conditions;
    const auto n = db.query_int("SELECT count(*) FROM participants");
    const int count = limit < 0 ? static_cast<int>(n) : std::min(limit, static_cast<int>(n));
    Statement ps(db, "SELECT idx, skill FROM participants WHERE idx < ? ORDER BY idx");
    ps.bind(1, count);
    while (ps.step()) {
        if (ps.int64(0) != static_cast<std::int64_t>(pop.participants.size()))
            throw ModelError(path + ": participant indices are not contiguous");
        pop.participants.push_back(PopulationParticipant{ps.text(1), {}});
    }
    std::map<std::string, std::shared_ptr<const ChallengeGraph>> graphs;
    Statement gs(db, "SELECT key, data FROM graphs");
    while (gs.step()) graphs[gs.text(0)] = graph_from(gs.blob(1));
    Statement ls(
        db,
        "SELECT participant, condition, position, level_index, deaths, skipped, graph, traces FROM levels "
        "WHERE participant < ? ORDER BY participant, condition, position");
    ls.bind(1, count);
    while (ls.step()) {
        PopulationLevel l;
        l.condition = ls.int32(1);
        if (l.condition < 0 || l.condition >= static_cast<int>(pop.conditions.size()))
            throw ModelError(path + ": a level of a condition the file does not name");
        l.position = ls.int32(2);
        l.level_index = ls.int32(3);
        l.deaths = ls.int32(4);
        l.skipped = ls.int32(5) != 0;
        l.level_key = ls.text(6);
        const auto g = graphs.find(l.level_key);
        if (g == graphs.end()) throw ModelError(path + ": level '" + l.level_key + "' has no stored graph");
        l.graph = g->second;
        l.traces = traces_from(ls.blob(7));
        pop.participants[static_cast<std::size_t>(ls.int64(0))].levels.push_back(std::move(l));
    }
    return pop;
}

}  // namespace sawtooth::analysis
