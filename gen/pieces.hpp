#pragma once
// Building pieces (thesis 3.2): polyominoes of solid / open / connection cells, each one
// discretised bi-directional move of the player, and the jump patches (3.3.1) the level
// graph is matched with. Pure data; the room solver (gen/room_solver) places pieces, the
// level graph (gen/level_graph) matches patches. Coordinates are cells, y up, (0, 0) the
// bottom-left of the piece's bounding box. Every piece is checked against the real
// simulation by tests/gen/test_pieces.cpp.

#include <string>
#include <vector>

namespace sawtooth {

/// What a piece or patch requires of one cell.
enum class PatternCell : unsigned char {
    Any,    ///< not part of the piece
    Solid,  ///< must be solid (floor, wall, ceiling)
    Open,   ///< must be open: room for the player's body during the move
    Conn,   ///< open connection cell: the player stands here at either end of the move
};

/// One cell of a piece, relative to its bounding box.
struct PieceCell {
    int x = 0;
    int y = 0;
    PatternCell kind = PatternCell::Any;
};

/// A building piece: one bi-directional move between its two connection cells.
struct Piece {
    std::string name;
    int width = 0;
    int height = 0;
    std::vector<PieceCell> cells;  ///< every non-Any cell
    int conn[2][2] = {};           ///< the two connection cells' (x, y)
    int hang[2] = {-1, -1};        ///< open cell where the move hangs on a ledge ('H'), or -1
};

/// The kind of graph node an endpoint of a jump patch must have (thesis Fig. 3.7).
enum class NodeType : unsigned char { Stand = 0, HangLeft = 1, HangRight = 2 };

/// A jump patch: a move between two graph nodes, with the cells it needs (thesis 3.6b).
struct JumpPatch {
    std::string name;
    std::vector<PieceCell> cells;  ///< Solid / Open requirements (endpoints are Open)
    int from[2] = {};              ///< endpoint cells (x, y)
    int to[2] = {};
    NodeType from_type = NodeType::Stand;
    NodeType to_type = NodeType::Stand;
};

/// Builds a piece from rows written top row first: '#' solid, '.' open, 'A' / 'B' the
/// two connection cells (open), 'H' the open cell where the move hangs on the solid cell
/// beside it (at most one), ' ' not part of the piece. Throws on a malformed picture.
Piece make_piece(std::string name, const std::vector<std::string>& rows);

/// The building pieces the room solver uses (unmirrored; the solver mirrors them).
const std::vector<Piece>& building_pieces();

/// The piece mirrored left-right (x -> width - 1 - x).
Piece mirrored(const Piece& piece);

/// The jump patches of the level graph, mirrored variants included: every building
/// piece as a stand-to-stand move, except that hang-assisted moves (pieces with an 'H'
/// cell) are split into their two jumps (stand -> hang, hang -> stand) as in thesis Fig. 3.6.
const std::vector<JumpPatch>& jump_patches();

}  // namespace sawtooth
