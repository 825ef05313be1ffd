// Compile-time construction of the attack tables declared in bitboard.hpp.
//
// Each square's slider table is its own constant (a variable template), which keeps every
// single constant evaluation small enough for the compiler's default evaluation limits.
#include "core/bitboard.hpp"

#include <cstddef>
#include <utility>

namespace pgn::bb {
namespace {

struct Step {
  int file;
  int rank;
};
constexpr Step kRookSteps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step kBishopSteps[4] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
constexpr Step kKnightSteps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                  {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
// The eight line directions; also the king's steps.
constexpr Step kKingSteps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// Attacks along the four rays of `steps`, each ray stopping at the first occupied square.
constexpr Bitboard slide(int square, Bitboard occupied, const Step (&steps)[4]) {
  Bitboard result = 0;
  for (const Step& step : steps) {
    int file = square % 8 + step.file, rank = square / 8 + step.rank;
    for (; on_board(file, rank); file += step.file, rank += step.rank) {
      Bitboard bit = Bitboard{1} << (rank * 8 + file);
      result |= bit;
      if (occupied & bit) break;
    }
  }
  return result;
}

template <std::size_t N>
constexpr Bitboard leaps(int square, const Step (&steps)[N]) {
  Bitboard result = 0;
  for (const Step& step : steps) {
    int file = square % 8 + step.file, rank = square / 8 + step.rank;
    if (on_board(file, rank)) result |= Bitboard{1} << (rank * 8 + file);
  }
  return result;
}

// Occupancy that can change a slider's attacks: the edge square of a ray never blocks
// anything behind it, so it is left out (unless the slider itself stands on that edge).
constexpr Bitboard relevant_mask(int square, const Step (&steps)[4]) {
  Bitboard edges =
      ((kRank1 | kRank8) & ~rank_bb(square / 8)) | ((kFileA | kFileH) & ~file_bb(square % 8));
  return slide(square, 0, steps) & ~edges;
}

// Multipliers found by a seeded random search; the table builder below rejects any that
// would map two occupancies with different attacks to one slot, so a bad one cannot compile.
constexpr Bitboard kRookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard kBishopMagics[64] = {
    0xa010041108003100ULL, 0x006082020a002900ULL, 0x6810010619200000ULL, 0x08281a0520000408ULL,
    0x0001104001000400ULL, 0x0018901008048400ULL, 0x00040a0210245280ULL, 0x000200210808a402ULL,
    0x9140048410821200ULL, 0x0800091010820041ULL, 0x20504804832202c0ULL, 0x0100091401081000ULL,
    0x8021011140000012ULL, 0x0810020804450400ULL, 0x208b0542109008a2ULL, 0x0080084a08040204ULL,
    0x0040e2a80811244cULL, 0x2505022008008108ULL, 0x0430220100420040ULL, 0x010a040420220040ULL,
    0x1105000290400000ULL, 0x0093001200822120ULL, 0x4000a62048043004ULL, 0x280120048a015004ULL,
    0x006090002a020814ULL, 0x44042000240800d0ULL, 0x01102800040a4400ULL, 0x1004080080220040ULL,
    0x0001001011004024ULL, 0x0010044000805040ULL, 0x0914041200820100ULL, 0x0004821012821480ULL,
    0x0024040500c05021ULL, 0x0088611002080200ULL, 0x0116080a00040020ULL, 0x4000020080080080ULL,
    0x2450450140840040ULL, 0x0000880201484100ULL, 0x0222020404020092ULL, 0x8081110600002e00ULL,
    0x2842101105000801ULL, 0x1100809008001025ULL, 0x00020202221c0400ULL, 0x0422014022009020ULL,
    0x0210046102100c00ULL, 0xc004008082029102ULL, 0x00aa461801101200ULL, 0x0404080080201108ULL,
    0x020542108c205002ULL, 0x0410544804100100ULL, 0x0040910841100000ULL, 0x0400200042021100ULL,
    0x00004204850400c0ULL, 0x0200100410a42102ULL, 0x1040020801210102ULL, 0x0805040410420000ULL,
    0x2884804130100200ULL, 0x800c262201242000ULL, 0x1058000194108800ULL, 0x0014221054420204ULL,
    0x0104000012a02200ULL, 0x0200881003300100ULL, 0x0140400202840100ULL, 0x0402020801010201ULL,
};

template <bool IsRook>
struct SliderKind {
  static constexpr const Step (&steps)[4] = IsRook ? kRookSteps : kBishopSteps;
  static constexpr const Bitboard (&magics)[64] = IsRook ? kRookMagics : kBishopMagics;
};

template <bool IsRook, int Sq>
constexpr auto build_slider_table() {
  constexpr Bitboard mask = relevant_mask(Sq, SliderKind<IsRook>::steps);
  constexpr int bits = popcount(mask);
  std::array<Bitboard, std::size_t{1} << bits> table{};
  // Walk every subset of the mask in increasing order (the carry-rippler trick). That order
  // is exactly the PEXT index order, so the counter is the PEXT index.
  Bitboard subset = 0;
  unsigned ordinal = 0;
  do {
    Bitboard attack = slide(Sq, subset, SliderKind<IsRook>::steps);
#if defined(__BMI2__)
    unsigned slot = ordinal;
#else
    unsigned slot = unsigned((subset * SliderKind<IsRook>::magics[Sq]) >> (64 - bits));
#endif
    // Attacks are never empty, so a filled slot with other contents is a real collision.
    if (table[slot] != 0 && table[slot] != attack) throw "magic multiplier collides";
    table[slot] = attack;
    subset = (subset - mask) & mask;
    ++ordinal;
  } while (subset != 0);
  return table;
}

template <bool IsRook, int Sq>
constexpr auto kSliderTable = build_slider_table<IsRook, Sq>();

template <bool IsRook, std::size_t... Squares>
constexpr std::array<SliderSquare, 64> build_sliders(std::index_sequence<Squares...>) {
  return {SliderSquare{
      relevant_mask(Squares, SliderKind<IsRook>::steps),
#if !defined(__BMI2__)
      SliderKind<IsRook>::magics[Squares],
      unsigned(64 - popcount(relevant_mask(Squares, SliderKind<IsRook>::steps))),
#endif
      kSliderTable<IsRook, int(Squares)>.data(),
  }...};
}

template <typename Fn>
constexpr std::array<Bitboard, 64> per_square(Fn fn) {
  std::array<Bitboard, 64> result{};
  for (int s = 0; s < 64; ++s) result[s] = fn(s);
  return result;
}

constexpr std::array<std::array<Bitboard, 64>, 64> build_between() {
  std::array<std::array<Bitboard, 64>, 64> result{};
  for (int a = 0; a < 64; ++a) {
    for (const Step& step : kKingSteps) {
      Bitboard passed = 0;
      int file = a % 8 + step.file, rank = a / 8 + step.rank;
      for (; on_board(file, rank); file += step.file, rank += step.rank) {
        result[a][rank * 8 + file] = passed;
        passed |= Bitboard{1} << (rank * 8 + file);
      }
    }
  }
  return result;
}

constexpr std::array<std::array<Bitboard, 64>, 64> build_line() {
  std::array<std::array<Bitboard, 64>, 64> result{};
  for (int a = 0; a < 64; ++a) {
    for (const Step& step : kKingSteps) {
      // The full line is this ray, its opposite ray and the square itself.
      Bitboard full = Bitboard{1} << a;
      for (int sign : {1, -1}) {
        int file = a % 8 + sign * step.file, rank = a / 8 + sign * step.rank;
        for (; on_board(file, rank); file += sign * step.file, rank += sign * step.rank)
          full |= Bitboard{1} << (rank * 8 + file);
      }
      int file = a % 8 + step.file, rank = a / 8 + step.rank;
      for (; on_board(file, rank); file += step.file, rank += step.rank)
        result[a][rank * 8 + file] = full;
    }
  }
  return result;
}

}  // namespace

constexpr std::array<SliderSquare, 64> kRookSliders =
    build_sliders<true>(std::make_index_sequence<64>{});
constexpr std::array<SliderSquare, 64> kBishopSliders =
    build_sliders<false>(std::make_index_sequence<64>{});

constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    per_square([](int s) { return pawn_attacks_bb<White>(Bitboard{1} << s); }),
    per_square([](int s) { return pawn_attacks_bb<Black>(Bitboard{1} << s); }),
};
constexpr std::array<Bitboard, 64> kKnightAttacks =
    per_square([](int s) { return leaps(s, kKnightSteps); });
constexpr std::array<Bitboard, 64> kKingAttacks =
    per_square([](int s) { return leaps(s, kKingSteps); });
constexpr std::array<std::array<Bitboard, 64>, kPieceTypeCount> kLeaperAttacks = [] {
  std::array<std::array<Bitboard, 64>, kPieceTypeCount> result{};
  result[Knight] = kKnightAttacks;
  result[King] = kKingAttacks;
  return result;
}();
constexpr std::array<Bitboard, 64> kRookRays =
    per_square([](int s) { return slide(s, 0, kRookSteps); });
constexpr std::array<Bitboard, 64> kBishopRays =
    per_square([](int s) { return slide(s, 0, kBishopSteps); });
constexpr std::array<std::array<Bitboard, 64>, kPieceCount> kEmptyBoardAttacks = [] {
  std::array<std::array<Bitboard, 64>, kPieceCount> result{};
  for (int s = 0; s < 64; ++s) {
    for (Color c : {White, Black}) {
      result[make_piece(c, Pawn)][s] = kPawnAttacks[c][s];
      result[make_piece(c, Knight)][s] = kKnightAttacks[s];
      result[make_piece(c, Bishop)][s] = kBishopRays[s];
      result[make_piece(c, Rook)][s] = kRookRays[s];
      result[make_piece(c, Queen)][s] = kRookRays[s] | kBishopRays[s];
      result[make_piece(c, King)][s] = kKingAttacks[s];
    }
  }
  return result;
}();
constexpr std::array<std::array<Bitboard, 64>, 64> kBetween = build_between();
constexpr std::array<std::array<Bitboard, 64>, 64> kLine = build_line();

}  // namespace pgn::bb
