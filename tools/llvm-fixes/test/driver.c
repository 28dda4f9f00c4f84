/* Compares the plugin's expansion (new_*) with LLVM's intrinsic lowering (ref_*). */
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
typedef unsigned __int128 u128;
#define DECL(T, n) T ref_##n(T, T, bool *); T new_##n(T, T, bool *);
DECL(uint32_t, u32) DECL(int32_t, s32) DECL(uint64_t, u64) DECL(int64_t, s64)
void ref_u128(u128 *, u128 *, u128 *, bool *); void new_u128(u128 *, u128 *, u128 *, bool *);
void ref_s128(u128 *, u128 *, u128 *, bool *); void new_s128(u128 *, u128 *, u128 *, bool *);
/* The plugin's libcall rewrite (bug 5) turns the i32 partial products into explicit
 * __mulsi3 calls, which x86-64 libgcc does not have (the i128 ones it has). */
uint32_t __mulsi3(uint32_t a, uint32_t b) { return a * b; }
static uint64_t s = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    uint64_t r = s;
    switch (r & 7) { /* bias towards edge cases */
    case 0: return r >> (r >> 58);
    case 1: return (uint64_t)(int64_t)(int32_t)(r >> 40);
    case 2: return 1ull << ((r >> 8) & 63);
    case 3: return ~0ull - ((r >> 8) & 3);
    default: return r;
    }
}
int main(void) {
    static const uint64_t edge[] = {0, 1, 2, 3, 0xffff, 0x10000, 0x10001, 0x7fffffff, 0x80000000,
        0x80000001, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull, 0x8000000000000000ull,
        0xffffffffffffffffull, 46341, 65535, 65537, 0xfffffffe};
    const int ne = sizeof edge / sizeof edge[0];
    long n = 0, bad = 0;
    for (long i = 0; i < 2000000 + ne * ne; i++) {
        uint64_t a, b;
        if (i < ne * ne) { a = edge[i / ne]; b = edge[i % ne]; } else { a = rnd(); b = rnd(); }
        bool o1, o2;
        #define CMP(T, f) do { T r1 = ref_##f((T)a, (T)b, &o1), r2 = new_##f((T)a, (T)b, &o2); \
            n++; if (r1 != r2 || o1 != o2) { if (bad++ < 10) printf(#f " %llx %llx: ref %llx/%d new %llx/%d\n", \
            (unsigned long long)(T)a, (unsigned long long)(T)b, (unsigned long long)r1, o1, (unsigned long long)r2, o2); } } while (0)
        CMP(uint32_t, u32); CMP(int32_t, s32); CMP(uint64_t, u64); CMP(int64_t, s64);
        CMP(int32_t, s32); /* also negate-heavy */
        u128 x = ((u128)a << (b & 64)) ^ (a * 3), y = ((u128)b << (a & 64)) | (b >> 1), r1, r2;
        if (i & 1) { x = (u128)(__int128)(int64_t)a; y = (u128)(__int128)(int64_t)b; }
        ref_u128(&x, &y, &r1, &o1); new_u128(&x, &y, &r2, &o2); n++;
        if (r1 != r2 || o1 != o2) { if (bad++ < 10) printf("u128 mismatch\n"); }
        ref_s128(&x, &y, &r1, &o1); new_s128(&x, &y, &r2, &o2); n++;
        if (r1 != r2 || o1 != o2) { if (bad++ < 10) printf("s128 mismatch\n"); }
    }
    printf("mulo: %ld passed, %ld failed\n", n - bad, bad);
    return bad != 0;
}
