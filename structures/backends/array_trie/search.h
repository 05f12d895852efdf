/* The path search of array-trie's compiled core, in C: see search.c.
 *
 * A graph's nodes each hold one or more letters; the search finds every simple path of the graph
 * spelling a stored word. It knows nothing of any game: a caller (the NativeCore class in
 * core.pyx, or a compiled module of another layer through core.pxd, the backend's C interface)
 * describes the graph and says what to do with each word found: add its weight to a total, or
 * hand it to a callback.
 */
#ifndef LEXIBENCH_ARRAY_TRIE_SEARCH_H
#define LEXIBENCH_ARRAY_TRIE_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#define LEXIBENCH_TERMINAL 0x80000000u /* bit 31 of a node's mask: its string is a word */
#define LEXIBENCH_LETTERS 0x03FFFFFFu  /* bits 0-25: the letters that continue from it */
#define LEXIBENCH_NONE 0xFFFFFFFFu     /* no such node */
#define LEXIBENCH_NO_LETTER 30         /* a letter code outside a-z: continues nothing */

/* A graph: node i's letters are codes[code_start[i] .. code_start[i + 1]) (0 for "a" .. 25 for
 * "z", LEXIBENCH_NO_LETTER for anything else; at least one), its neighbours
 * nbr[nbr_start[i] .. nbr_start[i + 1]) in the order the search visits them (each in 0 .. n-1). */
typedef struct lexibench_graph {
    int n;
    const unsigned char *codes;
    const int *code_start;
    const int *nbr_start;
    const int *nbr;
} lexibench_graph;

/* Called for each word found: the trie node of the word, its letters (ASCII, `length` of them,
 * not terminated) and its path (`depth` graph nodes). Returns 0, or -1 to stop the search (which
 * then returns -1). */
typedef int (*lexibench_record)(void *ctx, uint32_t node, const char *word, int length,
                                const int *path, int depth);

/* Scratch space for a graph of `cells` nodes and `letters` letters in all: one allocation of
 * lexibench_scratch_size(cells, letters) bytes, laid out by lexibench_scratch_init (the letters
 * last). */
typedef struct lexibench_scratch {
    unsigned char *first_code; /* per node: its first letter's code */
    unsigned char *multi;      /* per node: 1 when it holds more than one letter */
    uint64_t *nbr_bits;        /* per node (of the first 64): its neighbours, a bit each */
    uint64_t *letter_nodes;    /* per letter code (26): the nodes (of the first 64) it starts */
    uint32_t *around;          /* per node: the letter bits of its neighbours' first letters */
    unsigned char *used;       /* per node: on the current path */
    int *path;                 /* the current path's nodes */
    char *word;                /* the current path's letters */
} lexibench_scratch;

/* One search. The caller fills every field above `total`; the search sets `total` and `count`. */
typedef struct lexibench_search {
    const uint32_t *nodes; /* the trie: per node its mask, then its first child's index */
    uint32_t *stamps;      /* per trie node: the search that last recorded its word */
    uint32_t stamp;        /* this search's stamp (never 0, different from the last one's) */
    const lexibench_graph *graph;
    lexibench_scratch scratch;
    int min_length;   /* shorter words are not recorded */
    int all_paths;    /* record every path of a word, not only its first */
    /* Without `record`: add weights[length] (weights[last_weight] for longer words) to `total`
     * for each distinct word, and count it. With it: call it for each word (each path). */
    const long *weights;
    int last_weight;
    lexibench_record record;
    void *ctx;
    long total;
    long count;
} lexibench_search;

/* Bytes of scratch space for `cells` nodes and `letters` letters. */
size_t lexibench_scratch_size(int cells, int letters);
/* Lay out scratch space of lexibench_scratch_size(cells, letters) bytes at `memory`. */
void lexibench_scratch_init(lexibench_scratch *scratch, void *memory, int cells);

/* Run the search: 0, or -1 when `record` asked to stop. Paths start from every node in index
 * order and extend to each unused neighbour in the graph's order, so a word's first path is the
 * one a depth-first search in that order reaches first. */
int lexibench_search_run(lexibench_search *s);

/* How the search was compiled for this CPU: "popcnt" or "generic" (see search.c). */
const char *lexibench_search_build(void);

#endif
