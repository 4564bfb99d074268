#include "gen/pieces.hpp"

#include <stdexcept>
#include "gen/error.hpp"

namespace sawtooth {

namespace {

// The piece set. Heights are the least that the simulation's jump needs (a ceiling two
// cells above the take-off floor still lets the feet clear a one-cell step by 0.5 m);
// the three-cell gap gets a full-height jump. Each picture: top row first.
std::vector<Piece> make_building_pieces() {
    std::vector<Piece> out;
    out.push_back(make_piece("walk", {"AB",  //
                                      "##"}));
    out.push_back(make_piece("walk2", {"A.B",  //
                                       "###"}));
    out.push_back(make_piece("step", {".B",  //
                                      "A#",  //
                                      "# "}));
    out.push_back(make_piece("gap1", {"...",  //
                                      "A.B",  //
                                      "#.#"}));
    out.push_back(make_piece("gap2", {"....",  //
                                      "A..B",  //
                                      "#..#"}));
    out.push_back(make_piece("gap3", {".....",  //
                                      ".....",  //
                                      "A...B",  //
                                      "#...#"}));
    out.push_back(make_piece("gap_step", {"..B",  //
                                          "A.#",  //
                                          "#. "}));
    // Hang-assisted two-cell climb (thesis Fig. 3.6): jump, grab the ledge, jump again.
    out.push_back(make_piece("climb", {".B",  //
                                       "H#",  //
                                       "A#",  //
                                       "# "}));
    // Turn-back climb: step out from under the ledge, jump, grab it from the other side
    // and climb back over the start. It goes straight up two cells, which is what lets a
    // path double back in a narrow room (vertical pass-throughs from a bottom exit to a
    // top exit close to it: without it the enumeration proves many of those empty).
    out.push_back(make_piece("turn_climb", {"B.",  //
                                            "#H",  //
                                            "A.",  //
                                            "##"}));
    // Climb across a one-cell gap: jump over it against the wall, grab the ledge, climb.
    // The gap may be another piece's open column (a shaft), so paths can cross shafts.
    out.push_back(make_piece("gap_climb", {"..B",  //
                                           ".H#",  //
                                           "A.#",  //
                                           "#. "}));
    return out;
}

JumpPatch patch_from_piece(const Piece& p) {
    JumpPatch j;
    j.name = p.name;
    for (const PieceCell& c : p.cells)
        j.cells.push_back({c.x, c.y, c.kind == PatternCell::Conn ? PatternCell::Open : c.kind});
    j.from[0] = p.conn[0][0];
    j.from[1] = p.conn[0][1];
    j.to[0] = p.conn[1][0];
    j.to[1] = p.conn[1][1];
    return j;
}

JumpPatch mirrored_patch(const JumpPatch& j, int width) {
    auto flip = [](NodeType t) {
        return t == NodeType::HangLeft ? NodeType::HangRight
                                       : (t == NodeType::HangRight ? NodeType::HangLeft : t);
    };
    JumpPatch m = j;
    m.name += "_mirrored";
    for (PieceCell& c : m.cells) c.x = width - 1 - c.x;
    m.from[0] = width - 1 - j.from[0];
    m.to[0] = width - 1 - j.to[0];
    m.from_type = flip(j.from_type);
    m.to_type = flip(j.to_type);
    return m;
}

std::vector<JumpPatch> make_jump_patches() {
    std::vector<JumpPatch> out;
    for (const Piece& p : building_pieces()) {
        if (p.hang[0] >= 0) {
            // Split at the hang cell; the ledge is the solid cell beside it.
            bool ledge_right = false;
            for (const PieceCell& c : p.cells)
                if (c.kind == PatternCell::Solid && c.x == p.hang[0] + 1 && c.y == p.hang[1])
                    ledge_right = true;
            const NodeType hang_type = ledge_right ? NodeType::HangRight : NodeType::HangLeft;
            JumpPatch lo = patch_from_piece(p);
            lo.name = p.name + "_to_hang";
            lo.to[0] = p.hang[0];
            lo.to[1] = p.hang[1];
            lo.to_type = hang_type;
            JumpPatch hi = patch_from_piece(p);
            hi.name = p.name + "_from_hang";
            hi.from[0] = p.hang[0];
            hi.from[1] = p.hang[1];
            hi.from_type = hang_type;
            for (const JumpPatch& j : {lo, hi}) {
                out.push_back(j);
                out.push_back(mirrored_patch(j, p.width));
            }
        } else {
            const JumpPatch j = patch_from_piece(p);
            out.push_back(j);
            out.push_back(mirrored_patch(j, p.width));
        }
    }
    return out;
}

}  // namespace

Piece make_piece(std::string name, const std::vector<std::string>& rows) {
    Piece p;
    p.name = std::move(name);
    p.height = static_cast<int>(rows.size());
    p.width = rows.empty() ? 0 : static_cast<int>(rows[0].size());
    int found = 0;
    for (int r = 0; r < p.height; ++r) {
        if (static_cast<int>(rows[static_cast<std::size_t>(r)].size()) != p.width)
            throw Error("piece " + p.name + ": ragged rows");
        const int y = p.height - 1 - r;
        for (int x = 0; x < p.width; ++x) {
            const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(x)];
            PatternCell k = PatternCell::Any;
            switch (ch) {
                case '#':
                    k = PatternCell::Solid;
                    break;
                case '.':
                    k = PatternCell::Open;
                    break;
                case 'H':
                    if (p.hang[0] >= 0) throw Error("piece " + p.name + ": two hang cells");
                    k = PatternCell::Open;
                    p.hang[0] = x;
                    p.hang[1] = y;
                    break;
                case 'A':
                case 'B': {
                    k = PatternCell::Conn;
                    const int i = ch == 'A' ? 0 : 1;
                    p.conn[i][0] = x;
                    p.conn[i][1] = y;
                    found |= 1 << i;
                    break;
                }
                case ' ':
                    break;
                default:
                    throw Error("piece " + p.name + ": bad character");
            }
            if (k != PatternCell::Any) p.cells.push_back({x, y, k});
        }
    }
    if (found != 3) throw Error("piece " + p.name + ": needs connection cells A and B");
    return p;
}

Piece mirrored(const Piece& piece) {
    Piece m = piece;
    for (PieceCell& c : m.cells) c.x = piece.width - 1 - c.x;
    for (auto& c : m.conn) c[0] = piece.width - 1 - c[0];
    if (m.hang[0] >= 0) m.hang[0] = piece.width - 1 - m.hang[0];
    return m;
}

const std::vector<Piece>& building_pieces() {
    static const std::vector<Piece> pieces = make_building_pieces();
    return pieces;
}

const std::vector<JumpPatch>& jump_patches() {
    static const std::vector<JumpPatch> patches = make_jump_patches();
    return patches;
}

}  // namespace sawtooth
