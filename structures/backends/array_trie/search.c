/* The path search of array-trie's compiled core (declared in search.h).
 *
 * The trie is one array of uint32, two per node: the node's mask (bit c for each letter that
 * continues, bit 31 when its string is a word), then its first child's index. A node's children
 * lie side by side in letter order, so the child by letter c is first + popcount(mask & ((1 << c)
 * - 1)): one bit test, one popcount and one addition per step.
 *
 * Built for the CPU it runs on: where the compiler and the C library support function
 * multiversioning (GCC or Clang on x86-64 Linux with glibc), the recursive visit is compiled
 * twice, for any x86-64 and for CPUs with the popcnt instruction (every x86-64 CPU since about
 * 2008), and the dynamic loader picks one when the module is loaded. The popcount below is the
 * branch-free bit count that GCC turns into one popcnt instruction in the second build; the first
 * keeps it as a dozen register operations, so the module runs on any x86-64 CPU.
 */
#include "search.h"

#include <stdint.h>
#include <stdlib.h>

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__)
#include <features.h>
#endif
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) && \
    (defined(__clang__) ? __clang_major__ >= 14 : __GNUC__ >= 6)
#define LEXIBENCH_CLONES 1
#define LEXIBENCH_FOR_EACH_CPU __attribute__((target_clones("popcnt", "default")))
#else
#define LEXIBENCH_CLONES 0
#define LEXIBENCH_FOR_EACH_CPU
#endif

static inline uint32_t popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

static inline uint32_t step(const uint32_t *nodes, uint32_t node, unsigned int code) {
    uint32_t mask = nodes[2 * node];
    if (code >= 26 || !((mask >> code) & 1u)) return LEXIBENCH_NONE;
    return nodes[2 * node + 1] + popcount32(mask & ((1u << code) - 1u));
}

/* Walk codes[start:end] from `node`, writing the letters at word[*length:] when `recording`: the
 * node reached, or LEXIBENCH_NONE. */
static inline uint32_t walk_letters(const lexibench_search *s, int start, int end, uint32_t node,
                                    int *length, const int recording) {
    const unsigned char *codes = s->graph->codes;
    for (int k = start; k < end; k++) {
        node = step(s->nodes, node, codes[k]);
        if (node == LEXIBENCH_NONE) return LEXIBENCH_NONE;
        if (recording) s->scratch.word[*length] = (char)('a' + codes[k]);
        (*length)++;
    }
    return node;
}

/* The path so far (`depth` graph nodes, `length` letters) spells trie `node`, whose mask is
 * `mask`: record its word, when it is one, long enough, and new to this search (or every path of
 * it is wanted). Returns 0, or -1 when the record callback asked to stop. `recording` (a
 * constant where this is inlined) says whether the search has a record callback or adds weights
 * to its total. */
static inline __attribute__((always_inline)) int consider(lexibench_search *s, uint32_t node,
                                                          uint32_t mask, int length, int depth,
                                                          const int recording) {
    if (!(mask & LEXIBENCH_TERMINAL) || length < s->min_length) return 0;
    if (!s->all_paths && s->stamps[node] == s->stamp) return 0;
    s->stamps[node] = s->stamp;
    if (!recording) {
        s->total += s->weights[length < s->last_weight ? length : s->last_weight];
        s->count += 1;
        return 0;
    }
    return s->record(s->ctx, node, s->scratch.word, length, s->scratch.path, depth);
}

/* The ways of extending a path (see extend_small and extend_large below), each compiled apart:
 * the small or the general way, with a record callback or adding weights (a search that only
 * totals writes no letter and no cell of its path); extend calls the one `small` and
 * `recording` name. */
static int extend_small_total(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                              int length, int depth, uint64_t used);
static int extend_small_record(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                               int length, int depth, uint64_t used);
static int extend_large_total(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                              int length, int depth);
static int extend_large_record(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                               int length, int depth);

static inline __attribute__((always_inline)) int extend(lexibench_search *s, int i,
                                                        uint32_t node, uint32_t mask, int length,
                                                        int depth, uint64_t used, const int small,
                                                        const int recording) {
    if (small)
        return recording ? extend_small_record(s, i, node, mask, length, depth, used)
                         : extend_small_total(s, i, node, mask, length, depth, used);
    return recording ? extend_large_record(s, i, node, mask, length, depth)
                     : extend_large_total(s, i, node, mask, length, depth);
}

/* Step from the path's last graph node into its unused neighbour j, whose first letter `code`
 * continues the path's trie node (of mask `mask`, first child `first_child`): record the longer
 * path's word, then extend it in turn where one of j's own neighbours' letters continues (checked
 * here, before the call: most nodes deep down have none). `small` and `recording` (constants
 * where this is inlined) say which way of extending runs; `used` is the small way's set of cells
 * on the path, j included. */
static inline __attribute__((always_inline)) int follow(lexibench_search *s, int j,
                                                        unsigned int code, uint32_t mask,
                                                        uint32_t first_child, int length,
                                                        int depth, uint64_t used,
                                                        const int small, const int recording) {
    const uint32_t *nodes = s->nodes;
    uint32_t child = first_child + popcount32(mask & ((1u << code) - 1u));
    /* the child's stamp, which considering its word reads once its mask (loaded below) says it
     * is one: fetched alongside the mask */
    if (!s->all_paths) __builtin_prefetch(&s->stamps[child]);
    int child_length = length + 1;
    if (recording) s->scratch.word[length] = (char)('a' + code);
    if (s->scratch.multi[j]) { /* the rest of a cell like "qu" */
        const lexibench_graph *g = s->graph;
        child = walk_letters(s, g->code_start[j] + 1, g->code_start[j + 1], child, &child_length,
                             recording);
        if (child == LEXIBENCH_NONE) return 0;
    }
    uint32_t child_mask = nodes[2 * child];
    /* the child's own children, which extending it reads first: fetched while its word is
     * considered (a trie node's children lie together, a cache line or two) */
    __builtin_prefetch(&nodes[2 * nodes[2 * child + 1]]);
    if (recording) s->scratch.path[depth] = j;
    if (consider(s, child, child_mask, child_length, depth + 1, recording) < 0) return -1;
    if (!(child_mask & s->scratch.around[j])) return 0;
    return extend(s, j, child, child_mask, child_length, depth + 1, used, small, recording);
}

/* Extend the path, which ends at graph node i (its `depth` nodes spell trie `node`, of mask
 * `mask`, in `length` letters), to every unused neighbour whose first letter continues it.
 *
 * Two ways, with the same order and results. For graphs of at most 64 nodes whose neighbour rows
 * are in increasing order (every Boggle board up to 8x8), the path's cells are one 64-bit set,
 * each node's neighbours another, and the nodes each letter starts one more per letter: the loop
 * visits only the unused neighbours whose first letter continues the node, lowest first, with no
 * load and no branch per neighbour that is used or does not continue it: the tests the processor
 * mispredicts (this file's history gives the measurements). The general way,
 * for any graph, walks the neighbour row and tests each neighbour's mark and letter. */
static inline __attribute__((always_inline)) int extend_small(lexibench_search *s, int i,
                                                              uint32_t node, uint32_t mask,
                                                              int length, int depth,
                                                              uint64_t used, const int recording) {
    const unsigned char *first_code = s->scratch.first_code;
    const uint64_t *letter_nodes = s->scratch.letter_nodes;
    uint32_t first_child = s->nodes[2 * node + 1];
    /* the nodes whose first letter continues: a bit set per letter that both continues and is
     * around node i (most often one or two), then only the unused neighbours among them */
    uint32_t letters = mask & s->scratch.around[i];
    uint64_t starting = 0;
    while (letters) {
        starting |= letter_nodes[__builtin_ctz(letters)];
        letters &= letters - 1;
    }
    uint64_t next = starting & s->scratch.nbr_bits[i] & ~used;
    while (next) {
        int j = __builtin_ctzll(next);
        next &= next - 1;
        if (follow(s, j, first_code[j], mask, first_child, length, depth, used | (1ull << j), 1,
                   recording) < 0)
            return -1;
    }
    return 0;
}

static inline __attribute__((always_inline)) int extend_large(lexibench_search *s, int i,
                                                              uint32_t node, uint32_t mask,
                                                              int length, int depth,
                                                              const int recording) {
    const lexibench_graph *g = s->graph;
    const unsigned char *first_code = s->scratch.first_code;
    unsigned char *used = s->scratch.used;
    uint32_t first_child = s->nodes[2 * node + 1];
    int end = g->nbr_start[i + 1];
    used[i] = 1;
    for (int k = g->nbr_start[i]; k < end; k++) {
        int j = g->nbr[k];
        if (used[j]) continue;
        unsigned int code = first_code[j];
        if (!((mask >> code) & 1u)) continue; /* most neighbours stop here */
        if (follow(s, j, code, mask, first_child, length, depth, 0, 0, recording) < 0) return -1;
    }
    used[i] = 0;
    return 0;
}

LEXIBENCH_FOR_EACH_CPU
static int extend_small_total(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                              int length, int depth, uint64_t used) {
    return extend_small(s, i, node, mask, length, depth, used, 0);
}

LEXIBENCH_FOR_EACH_CPU
static int extend_small_record(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                               int length, int depth, uint64_t used) {
    return extend_small(s, i, node, mask, length, depth, used, 1);
}

LEXIBENCH_FOR_EACH_CPU
static int extend_large_total(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                              int length, int depth) {
    return extend_large(s, i, node, mask, length, depth, 0);
}

LEXIBENCH_FOR_EACH_CPU
static int extend_large_record(lexibench_search *s, int i, uint32_t node, uint32_t mask,
                               int length, int depth) {
    return extend_large(s, i, node, mask, length, depth, 1);
}

/* True when the graph can take the small way (see extend_small): at most 64 nodes, each row of
 * neighbours in increasing order. */
static int small_graph(const lexibench_graph *g) {
    if (g->n > 64) return 0;
    for (int i = 0; i < g->n; i++)
        for (int k = g->nbr_start[i] + 1; k < g->nbr_start[i + 1]; k++)
            if (g->nbr[k] <= g->nbr[k - 1]) return 0;
    return 1;
}

int lexibench_search_run(lexibench_search *s) {
    const lexibench_graph *g = s->graph;
    const lexibench_scratch *w = &s->scratch;
    int n = g->n;
    int small = small_graph(g);
    s->total = 0;
    s->count = 0;
    for (int i = 0; i < n; i++) {
        w->first_code[i] = g->codes[g->code_start[i]];
        w->multi[i] = g->code_start[i + 1] - g->code_start[i] > 1;
        w->used[i] = 0;
    }
    if (small) {
        for (int c = 0; c < 26; c++) w->letter_nodes[c] = 0;
        for (int i = 0; i < n; i++)
            if (w->first_code[i] < 26) w->letter_nodes[w->first_code[i]] |= 1ull << i;
    }
    for (int i = 0; i < n; i++) {
        uint32_t around = 0;
        uint64_t bits = 0;
        for (int k = g->nbr_start[i]; k < g->nbr_start[i + 1]; k++) {
            around |= 1u << w->first_code[g->nbr[k]];
            if (small) bits |= 1ull << g->nbr[k];
        }
        w->around[i] = around & LEXIBENCH_LETTERS;
        if (small) w->nbr_bits[i] = bits;
    }
    int recording = s->record != NULL;
    for (int i = 0; i < n; i++) {
        int length = 0;
        uint32_t node = walk_letters(s, g->code_start[i], g->code_start[i + 1], 0, &length, 1);
        if (node == LEXIBENCH_NONE) continue;
        uint32_t mask = s->nodes[2 * node];
        w->path[0] = i;
        if (consider(s, node, mask, length, 1, recording) < 0) return -1;
        if (!(mask & w->around[i])) continue;
        if (extend(s, i, node, mask, length, 1, 1ull << i, small, recording) < 0) return -1;
    }
    return 0;
}

/* Each array aligned for its type: the wider ones first. */
size_t lexibench_scratch_size(int cells, int letters) {
    size_t bits = (size_t)((cells < 64 ? cells : 64) + 26) * sizeof(uint64_t);
    return bits + (size_t)cells * (sizeof(uint32_t) + sizeof(int) + 3) + (size_t)letters + 1;
}

void lexibench_scratch_init(lexibench_scratch *scratch, void *memory, int cells) {
    char *p = memory;
    scratch->nbr_bits = (uint64_t *)p;
    p += (size_t)(cells < 64 ? cells : 64) * sizeof(uint64_t);
    scratch->letter_nodes = (uint64_t *)p;
    p += 26 * sizeof(uint64_t);
    scratch->around = (uint32_t *)p;
    p += (size_t)cells * sizeof(uint32_t);
    scratch->path = (int *)p;
    p += (size_t)cells * sizeof(int);
    scratch->first_code = (unsigned char *)p;
    p += cells;
    scratch->multi = (unsigned char *)p;
    p += cells;
    scratch->used = (unsigned char *)p;
    p += cells;
    scratch->word = p;
}

const char *lexibench_search_build(void) {
#if LEXIBENCH_CLONES
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? "popcnt" : "generic";
#else
    return "generic";
#endif
}
