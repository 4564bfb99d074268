// Every building piece is physically valid (SPEC P3.3): the real simulation carries the
// player from each connection cell to the other, in both directions, for the piece and
// its mirror image. Unspecified cells around the piece are solid (the worst case the
// natural fill can produce). Inputs are found by a small search over macro actions
// (run / jump with a held or cut jump / let go / wait), each sequence simulated on a
// fresh Simulation. A piece that fails is a generator bug: fix the piece, not this test.
#include "game/sim/simulation.hpp"
#include "gen/pieces.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_pieces {

using namespace sawtooth;

namespace {

constexpr int kPad = 2;           // solid cells around the piece
constexpr int kSettleTicks = 30;  // let the placed player land first
constexpr int kMaxDepth = 3;      // macro actions per sequence

struct Macro {
    std::string name;
    std::vector<InputFrame> frames;
};

InputFrame frame(std::uint8_t bits) { return InputFrame{bits}; }

std::vector<Macro> macros(int dir) {
    const std::uint8_t d = dir > 0 ? kInputRight : kInputLeft;
    const std::uint8_t back = dir > 0 ? kInputLeft : kInputRight;
    std::vector<Macro> out;
    auto add = [&](std::string name, std::vector<std::pair<std::uint8_t, int>> parts) {
        Macro m{std::move(name), {}};
        for (auto [bits, n] : parts)
            for (int i = 0; i < n; ++i) m.frames.push_back(frame(bits));
        out.push_back(std::move(m));
    };
    for (int k : {30, 12, 6})
        add("jump" + std::to_string(k), {{static_cast<std::uint8_t>(kInputUp | d), k}, {d, 45 - k}});
    for (int n : {6, 12, 24}) add("run" + std::to_string(n), {{d, n}});
    add("jump_up_then_dir", {{kInputUp, 30}, {d, 30}});
    add("jump_up_hold", {{kInputUp, 40}});
    add("drop_down", {{static_cast<std::uint8_t>(kInputDown | d), 30}});
    add("let_go", {{kInputDown, 20}});
    add("wait", {{0, 20}});
    add("back6", {{back, 6}});
    add("back12", {{back, 12}});
    // Moves that turn back under a ledge (turn_climb): jump, then steer back to grab it,
    // and jump from the hang toward the side the move came from.
    add("jump_up_then_back", {{kInputUp, 30}, {back, 30}});
    add("jump_back", {{static_cast<std::uint8_t>(kInputUp | back), 30}, {back, 15}});
    add("late_dir_jump", {{kInputUp, 8}, {static_cast<std::uint8_t>(kInputUp | d), 12}, {d, 30}});
    return out;
}

Level piece_level(const Piece& p, int from, int to) {
    Level l;
    l.width = p.width + 2 * kPad;
    l.height = p.height + 2 * kPad;
    l.cells.assign(static_cast<std::size_t>(l.width * l.height), Cell::Solid);
    for (const PieceCell& c : p.cells)
        if (c.kind != PatternCell::Solid) l.set(c.x + kPad, c.y + kPad, Cell::Open);
    l.start = {p.conn[from][0] + kPad, p.conn[from][1] + kPad};
    l.exit = {p.conn[to][0] + kPad, p.conn[to][1] + kPad};
    return l;
}

bool standing_in(const PlayerView& v, CellPos c) {
    if (v.mode != PlayerMode::Ground) return false;
    const int cx = static_cast<int>(std::floor(v.x / kCellSize));
    const int cy = static_cast<int>(std::floor((v.y - 0.5) / kCellSize));
    return cx == c.x && cy == c.y;
}

// Simulates a macro sequence; 1 = reached, 0 = not, -1 = died.
int run(const Level& level, const std::vector<const Macro*>& seq) {
    SimConfig cfg;
    cfg.traps_enabled = false;
    Simulation sim(level, cfg);
    sim.place_player(stand_x(level.start.x), stand_y(level.start.y) + 0.05);
    for (int i = 0; i < kSettleTicks; ++i) sim.step(InputFrame{});
    for (const Macro* m : seq)
        for (const InputFrame& f : m->frames) {
            sim.step(f);
            if (sim.player().mode == PlayerMode::Dead) return -1;
            if (standing_in(sim.player(), level.exit)) return 1;
        }
    // Let a final fall finish.
    for (int i = 0; i < 40; ++i) {
        sim.step(InputFrame{});
        if (standing_in(sim.player(), level.exit)) return 1;
    }
    return 0;
}

bool search(const Level& level, const std::vector<Macro>& ms, std::vector<const Macro*>& seq, int depth,
            std::string& found) {
    if (!seq.empty() && run(level, seq) == 1) {
        for (const Macro* m : seq) found += m->name + " ";
        return true;
    }
    if (depth == 0) return false;
    for (const Macro& m : ms) {
        seq.push_back(&m);
        if (search(level, ms, seq, depth - 1, found)) return true;
        seq.pop_back();
    }
    return false;
}

}  // namespace

TEST_CASE("every building piece is physically valid in both directions") {
    for (const Piece& base : building_pieces())
        for (const Piece& p : {base, mirrored(base)})
            for (int from = 0; from < 2; ++from) {
                const int to = 1 - from;
                const Level level = piece_level(p, from, to);
                REQUIRE(level_problem(level) == "");
                const int dir = p.conn[to][0] >= p.conn[from][0] ? 1 : -1;
                const std::vector<Macro> ms = macros(dir);
                std::vector<const Macro*> seq;
                std::string found;
                bool ok = false;
                for (int depth = 1; depth <= kMaxDepth && !ok; ++depth)
                    ok = search(level, ms, seq, depth, found);
                CAPTURE(p.name);
                CAPTURE(from);
                CAPTURE(&p == &base);
                CHECK_MESSAGE(ok, "no input sequence carries the player across piece " << p.name);
                if (ok)
                    std::printf("%-10s %s %s: %s\n", p.name.c_str(), from == 0 ? "A->B" : "B->A",
                                p.conn[0][0] == base.conn[0][0] ? "      " : "mirror", found.c_str());
            }
}

TEST_CASE("the piece search rejects moves the player cannot make (negative control)") {
    // A three-cell wall and a five-cell gap over a deep pit are beyond the jump (SPEC P1): the search must
    // not find a way across, or the test above would prove nothing.
    const Piece too_high = make_piece("too_high", {".B", ".#", ".#", "A#", "# "});
    const Piece too_far =
        make_piece("too_far", {".......", ".......", "A.....B", "#.....#", "#.....#", "#.....#"});
    for (const Piece& p : {too_high, too_far}) {
        const Level level = piece_level(p, 0, 1);
        const std::vector<Macro> ms = macros(1);
        std::vector<const Macro*> seq;
        std::string found;
        bool ok = false;
        for (int depth = 1; depth <= 2 && !ok; ++depth) ok = search(level, ms, seq, depth, found);
        CAPTURE(p.name);
        CHECK_MESSAGE(!ok, "found " << found);
    }
}

}  // namespace test_pieces
