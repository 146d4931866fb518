# The one PRNG of the rules code: SplitMix64, 64 bits of state, so it lives inside each game's
# state struct and a struct copy (clone) copies it. Never global, never seeded from the clock.
from libc.stdint cimport uint64_t, uint32_t

cdef extern from *:
    """
    typedef struct { unsigned long long s; } TpRng;
    static inline unsigned long long tp_rng_next(TpRng *r) {
        unsigned long long z = (r->s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    static inline void tp_rng_seed(TpRng *r, unsigned long long seed) {
        r->s = seed; (void)tp_rng_next(r);
    }
    /* Lemire's multiply-shift: a value in [0, n) from the high 32 bits. */
    static inline unsigned int tp_rng_below(TpRng *r, unsigned int n) {
        return (unsigned int)(((tp_rng_next(r) >> 32) * (unsigned long long)n) >> 32);
    }
    static inline double tp_rng_uniform(TpRng *r) {
        return (double)(tp_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
    }
    /* An index drawn from k probabilities (ascending cumulative search; the last takes any rounding
       remainder). The one way chance outcomes are sampled, in the engine and in search. */
    static inline int tp_rng_choose(TpRng *r, const double *probs, int k) {
        double u = tp_rng_uniform(r), acc = 0.0;
        for (int i = 0; i < k - 1; i++) { acc += probs[i]; if (u < acc) return i; }
        return k - 1;
    }
    /* FNV-1a over raw bytes, for hashing structs. */
    static inline unsigned long long tp_fnv1a(const void *p, size_t n, unsigned long long h) {
        const unsigned char *b = (const unsigned char *)p;
        for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001B3ULL; }
        return h;
    }
    #define TP_FNV_OFFSET 0xCBF29CE484222325ULL
    """
    ctypedef struct Rng "TpRng":
        uint64_t s
    uint64_t rng_next "tp_rng_next"(Rng* r) noexcept nogil
    void rng_seed "tp_rng_seed"(Rng* r, uint64_t seed) noexcept nogil
    uint32_t rng_below "tp_rng_below"(Rng* r, uint32_t n) noexcept nogil
    double rng_uniform "tp_rng_uniform"(Rng* r) noexcept nogil
    int rng_choose "tp_rng_choose"(Rng* r, const double* probs, int k) noexcept nogil
    uint64_t fnv1a "tp_fnv1a"(const void* p, size_t n, uint64_t h) noexcept nogil
    uint64_t FNV_OFFSET "TP_FNV_OFFSET"
