#pragma once
// FNV-1a 64-bit hashing of canonical bytes: level hashes and simulation state hashes.
// Chosen because it is tiny, endian-explicit here and stable forever; not collision-proof.

#include <cstdint>
#include <cstring>
#include <string_view>

namespace sawtooth {

/// Incremental FNV-1a 64 hasher. Feed values in a fixed order; integers little-endian.
class Hasher {
public:
    /// Adds raw bytes.
    void add_bytes(const void* data, std::size_t size) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) {
            m_h ^= p[i];
            m_h *= 0x100000001B3ull;
        }
    }
    /// Adds an unsigned 64-bit value as 8 little-endian bytes.
    void add_u64(std::uint64_t v) {
        unsigned char b[8];
        for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
        add_bytes(b, 8);
    }
    /// Adds a signed integer (as its 64-bit two's complement).
    void add_i64(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    /// Adds the exact bit pattern of a double (so -0.0 != 0.0: we hash bits, not values).
    void add_double(double v) {
        std::uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        add_u64(bits);
    }
    /// Adds the exact bit pattern of a float.
    void add_float(float v) {
        std::uint32_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        add_u64(bits);
    }
    /// Adds a string's length and bytes.
    void add_string(std::string_view s) {
        add_u64(s.size());
        add_bytes(s.data(), s.size());
    }
    /// The current hash value.
    std::uint64_t value() const { return m_h; }

private:
    std::uint64_t m_h = 0xCBF29CE484222325ull;
};

/// FNV-1a 64 of a byte string.
inline std::uint64_t fnv1a64(std::string_view s) {
    Hasher h;
    h.add_bytes(s.data(), s.size());
    return h.value();
}

}  // namespace sawtooth
