/* The reader of a strategy walk (NRWALK1, docs/certificates.md) for the extracted walk
   checker (formal/ExtractWalk.v, walkmain.ml). Not trusted: it walks the file as the kernel's
   native checker does (coinproofs/verify/_dagcheck.c: the same default reply, Lemma R and
   normal form, the same format checks) and hands each node it enters to the checker as words:
   its seen set, its current pattern (0: a normal form) and, for each legal move of the loser
   in increasing order of the coin, the step the walk takes (the winner stuck, the loser stuck,
   a leaf, or the node the position is mapped onto, with the symmetry x -> pi(x) XOR t that
   maps it). When the first player wins, the walk starts after her first move z (the header's),
   at a position whose current pattern is not 0: node 0 is then that position as it is (the
   checker's root), its steps the answers of the node it maps onto (node 1) carried back through
   the symmetry, and the nodes the walk enters are 1 to K. Whatever this file hands over, the
   checker (wordsb, proved sound in Coq) checks every step, and z too (a coin); a reader that
   got the walk wrong makes a walk the checker refuses. It does not solve leaves: the checker
   does. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <caml/alloc.h>
#include <caml/fail.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

#define MAX_COINS 6
#define RECORD_MOST 9      /* bytes in a record's varint */
#define HEADER_BYTES 32
#define MOST_NODES (1ull << 27)  /* the kernel's norepeat.walk-nodes */
#define MOST_LEAF 20             /* the kernel's norepeat.walk-leaf */

enum { WINNER_STUCK, LOSER_STUCK, LEAF, GOTO };  /* a step's kind, in its low 2 bits */

static struct {
    int n, misere, winner, first, leaf;
    int base;           /* the first node entered: 1 when node 0 is the first player's start */
    int start_current;  /* node 0's current pattern (the others': 0) */
    int closed;         /* the walk is over: no node may be entered any more */
    uint64_t nodes, records, everything, heads[MAX_COINS];
    uint64_t tails_by_weight[MAX_COINS][MAX_COINS + 1];
    uint64_t *table, table_mask;  /* normal forms entered (0: empty; forms hold pattern 0) */
    uint32_t *number;             /* the node number of each slot's form */
    uint64_t entered;
    const uint8_t *bytes;
    size_t size, cursor;
    uint64_t used, moves;
    int64_t due;
    int listed;
    uint64_t *seen;     /* each node's seen set */
    uint8_t *counted;   /* how many steps each node has */
    uint64_t *steps;    /* n steps a node */
    int orders, placed[720][MAX_COINS];  /* the reorderings, as the checker indexes them */
    int16_t index_of[1 << (3 * MAX_COINS)];
    char message[300];
} W;

static int fail(const char *message) {
    snprintf(W.message, sizeof W.message, "%s", message);
    return -1;
}

static uint64_t unreachable_marked(uint64_t seen, int at) {
    uint64_t unseen = W.everything & ~seen, reached = 1ull << at, frontier = reached;
    while (frontier) {
        uint64_t around = 0;
        for (int coin = 0; coin < W.n; coin++) {
            int width = 1 << coin;
            around |= (frontier & W.heads[coin]) << width | (frontier >> width & W.heads[coin]);
        }
        frontier = around & unseen & ~reached;
        reached |= frontier;
    }
    return seen | (unseen & ~reached);
}

static int open_moves(uint64_t seen, int at) {
    int count = 0;
    for (int coin = 0; coin < W.n; coin++) count += !(seen >> (at ^ 1 << coin) & 1);
    return count;
}

/* The coins c and d (c < d) of every pattern of `set` trade places. */
static uint64_t trade(uint64_t set, int c, int d) {
    uint64_t only_c = W.heads[d] & ~W.heads[c], distance = (1ull << d) - (1ull << c);
    uint64_t up = set & only_c, down = set & (only_c << distance);
    return (set & ~(only_c | only_c << distance)) | up << distance | down >> distance;
}

/* The least word over the orders keeping `rank`, as _dagcheck.c's least_keeping, with the
   coin at each place (coin[place]) of the least. */
static uint64_t least_keeping(uint64_t set, const uint32_t *rank, int from, int *coin) {
    if (from >= W.n - 1) return set;
    int best_coin[MAX_COINS];
    memcpy(best_coin, coin, sizeof best_coin);
    uint64_t best = least_keeping(set, rank, from + 1, best_coin);
    for (int other = from + 1; other < W.n && rank[other] == rank[from]; other++) {
        int traded[MAX_COINS];
        memcpy(traded, coin, sizeof traded);
        int keep = traded[from]; traded[from] = traded[other]; traded[other] = keep;
        uint64_t image = least_keeping(trade(set, from, other), rank, from + 1, traded);
        if (image < best) { best = image; memcpy(best_coin, traded, sizeof best_coin); }
    }
    memcpy(coin, best_coin, sizeof best_coin);
    return best;
}

/* The normal form of (seen, at), and the symmetry x -> pi(x) XOR t onto it: pi's index and t. */
static uint64_t normal_of(uint64_t seen, int at, int *order, int *mask) {
    uint64_t rest = unreachable_marked(seen, at), set = 0;
    for (uint64_t bits = rest; bits; bits &= bits - 1) set |= 1ull << (__builtin_ctzll(bits) ^ at);
    uint32_t rank[MAX_COINS];
    int coin[MAX_COINS];
    for (int c = 0; c < W.n; c++) {
        uint32_t code = 0;
        for (int weight = 1; weight <= W.n; weight++)
            code = code << 4 | (uint32_t)__builtin_popcountll(set & W.tails_by_weight[c][weight]);
        rank[c] = code;
        coin[c] = c;
    }
    for (int place = 0; place + 1 < W.n; place++) {
        int top = place;
        for (int c = place + 1; c < W.n; c++) if (rank[c] > rank[top]) top = c;
        if (top == place) continue;
        set = trade(set, place, top);
        uint32_t keep = rank[place]; rank[place] = rank[top]; rank[top] = keep;
        int held = coin[place]; coin[place] = coin[top]; coin[top] = held;
    }
    uint64_t form = least_keeping(set, rank, 0, coin);
    int code = 0, image = 0;
    for (int place = 0; place < W.n; place++) {
        code |= place << (3 * coin[place]);
        if (at >> coin[place] & 1) image |= 1 << place;
    }
    *order = W.index_of[code];
    *mask = image;
    return form;
}

static int rule_reply(uint64_t seen, int moved) {
    int pick = -1, fewest = MAX_COINS + 1;
    for (int coin = 0; coin < W.n; coin++) {
        int to = moved ^ 1 << coin;
        if (seen >> to & 1) continue;
        uint64_t then = seen | 1ull << to;
        int replies = 0, lively = 0;
        for (int r = 0; r < W.n; r++) {
            int x = to ^ 1 << r;
            if (then >> x & 1) continue;
            replies++;
            lively += open_moves(then | 1ull << x, x) > 0;
        }
        if (!replies) {
            if (!W.misere) return coin;
            continue;
        }
        if (lively < fewest) { fewest = lively; pick = coin; }
    }
    return pick;
}

static int next_record(void) {
    if (W.used == W.records) { W.due = -1; return 0; }
    uint64_t value = 0;
    size_t start = W.cursor;
    for (int shift = 0;; shift += 7) {
        if (W.cursor >= W.size) return fail("a record is cut off by the end of the file");
        if (W.cursor - start >= RECORD_MOST) return fail("a record runs over 9 bytes");
        uint8_t byte = W.bytes[W.cursor++];
        value |= (uint64_t)(byte & 127) << shift;
        if (byte & 128) continue;
        if (byte == 0 && W.cursor - start > 1) return fail("a record is not in the fewest bytes");
        break;
    }
    uint64_t gap = value >> 3;
    int reply = (int)(value & 7);
    if (reply >= W.n) return fail("a record names a reply that is not a coin");
    if (gap == 0 && W.used > 0) return fail("a record repeats the loser's move before it");
    W.due = (W.due < 0 ? 0 : W.due) + (int64_t)gap;
    W.listed = reply;
    return 0;
}

static int visit(uint64_t form);

/* The step the winner's move to `at` makes (the node entered, if new, is walked). */
static int arrive(uint64_t seen, int at, int reply, uint64_t *step) {
    uint64_t rest = unreachable_marked(seen, at);
    int unseen = __builtin_popcountll(W.everything & ~rest);
    if (unseen == 0) {
        if (W.misere) return fail("the walk leaves the loser stuck under misère play");
        *step = LOSER_STUCK | (uint64_t)reply << 2;
        return 0;
    }
    if (unseen <= W.leaf) { *step = LEAF | (uint64_t)reply << 2; return 0; }
    int order, mask;
    uint64_t form = normal_of(seen, at, &order, &mask);
    uint64_t slot = (form * 0x9E3779B97F4A7C15ull) >> 20 & W.table_mask;
    while (W.table[slot] && W.table[slot] != form) slot = (slot + 1) & W.table_mask;
    int fresh = !W.table[slot];
    if (fresh) {
        if (W.closed) return fail("the start's answers reach a node its walk did not enter");
        if (W.entered == W.nodes) return fail("the walk enters more nodes than the header says");
        W.table[slot] = form;
        W.number[slot] = (uint32_t)(W.base + W.entered++);
    }
    *step = GOTO | (uint64_t)reply << 2 | (uint64_t)mask << 5 | (uint64_t)order << 11
            | (uint64_t)W.number[slot] << 21;
    return fresh ? visit(form) : 0;
}

/* The node `form` (current pattern 0), just entered: its steps, coin by coin. */
static int visit(uint64_t form) {
    uint64_t number = W.base + W.entered - 1, *steps = W.steps + number * W.n;
    W.seen[number] = form;
    int k = 0;
    for (int coin = 0; coin < W.n; coin++) {
        int moved = 1 << coin;
        if (form >> moved & 1) continue;
        uint64_t seen = form | 1ull << moved;
        if (!open_moves(seen, moved)) {
            if (!W.misere) return fail("the walk leaves the winner stuck under normal play");
            steps[k++] = WINNER_STUCK;
            continue;
        }
        uint64_t move = W.moves++;
        int rule = rule_reply(seen, moved), reply = rule;
        if (W.due >= 0 && (uint64_t)W.due == move) {
            reply = W.listed;
            if (reply == rule) return fail("a listed reply is the default reply");
            if (seen >> (moved ^ 1 << reply) & 1) return fail("a listed reply is not legal");
            W.used++;
            if (next_record() < 0) return -1;
        } else if (rule < 0) {
            return fail("every reply leaves the loser stuck, which loses under misère play");
        }
        int at = moved ^ 1 << reply;
        if (arrive(seen | 1ull << at, at, reply, &steps[k++]) < 0) return -1;
    }
    W.counted[number] = (uint8_t)k;
    return 0;
}

/* Node 0 when the first player wins: the position (seen, at) after her first move, as it is.
   The symmetry x -> pi(x) XOR t maps it onto node 1, which the walk entered first: each legal
   move of the loser here, coin c, is answered as node 1 answers coin pi(c), the reply r there
   being the coin pi^-1(r) here; the position after it is then one the walk met (its normal form
   an entered node's). */
static int start_node(uint64_t seen, int at) {
    int order, mask;
    normal_of(seen, at, &order, &mask);
    uint64_t form = W.seen[1];
    int k = 0;
    W.closed = 1;
    for (int coin = 0; coin < W.n; coin++) {
        int moved = at ^ 1 << coin;
        if (seen >> moved & 1) continue;
        uint64_t after = seen | 1ull << moved;
        if (!open_moves(after, moved)) {
            if (!W.misere) return fail("the walk leaves the winner stuck under normal play");
            W.steps[k++] = WINNER_STUCK;
            continue;
        }
        int there = W.placed[order][coin], index = 0;  /* the loser's coin at node 1 */
        for (int c = 0; c < there; c++) index += !(form >> (1 << c) & 1);
        uint64_t answer = W.steps[W.n + index];
        if (form >> (1 << there) & 1 || index >= W.counted[1] || (answer & 3) == WINNER_STUCK)
            return fail("the start and the node it maps onto have other moves");
        int reply = 0;
        while (reply < W.n && W.placed[order][reply] != (int)(answer >> 2 & 7)) reply++;
        if (reply == W.n) return fail("the node the start maps onto replies with no coin");
        int to = moved ^ 1 << reply;
        if (arrive(after | 1ull << to, to, reply, &W.steps[k++]) < 0) return -1;
    }
    W.seen[0] = seen;
    W.counted[0] = (uint8_t)k;
    return 0;
}

static uint64_t le(const uint8_t *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static int next_order(int *order, int n) {  /* the next permutation in lexicographic order */
    int i = n - 2;
    while (i >= 0 && order[i] > order[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (order[j] < order[i]) j--;
    int t = order[i]; order[i] = order[j]; order[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) { t = order[a]; order[a] = order[b]; order[b] = t; }
    return 1;
}

/* Read the file at `path` for n coins and walk it for the winner (1 or 2); W holds the
   nodes. */
static int read_walk(const char *path, int n, int misere, int winner) {
    FILE *file = fopen(path, "rb");
    if (!file) return fail("the walk file cannot be opened");
    uint8_t header[HEADER_BYTES];
    if (fread(header, 1, HEADER_BYTES, file) != HEADER_BYTES) {
        fclose(file);
        return fail("the file is shorter than its header");
    }
    W.n = header[8]; W.misere = header[9]; W.winner = header[10]; W.first = header[11];
    W.leaf = header[12]; W.nodes = le(header + 16, 8); W.records = le(header + 24, 8);
    if (memcmp(header, "NRWALK1\n", 8) || header[13] || header[14] || header[15]) {
        fclose(file);
        return fail("the file is not an NRWALK1 walk");
    }
    if (W.winner != winner) {
        fclose(file);
        return fail(winner == 1 ? "the walk is not for the first player (its header's winner)"
                                : "the walk is not for the second player (its header's winner)");
    }
    if (W.n != n || W.misere != misere || (winner == 2 ? W.first != 255 : W.first >= n)
        || W.leaf > MOST_LEAF || W.nodes == 0 || W.nodes > MOST_NODES
        || W.records > (uint64_t)n * W.nodes) {
        fclose(file);
        return fail("the header is not that of a walk with these coins and rule, its first "
                    "move a coin for the first player and 255 for the second (leaf at most 20, "
                    "at most 2^27 nodes)");
    }
    size_t most = (size_t)RECORD_MOST * (size_t)n * W.nodes;
    long end = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (end < HEADER_BYTES || (size_t)(end - HEADER_BYTES) > most
        || fseek(file, HEADER_BYTES, SEEK_SET) != 0) {
        fclose(file);
        return fail("the file is longer than its nodes allow, or cannot be read");
    }
    size_t size = (size_t)(end - HEADER_BYTES);
    uint8_t *bytes = malloc(size + 1);  /* only the records: not the most they could take */
    if (!bytes) { fclose(file); return fail("out of memory"); }
    size_t got = fread(bytes, 1, size, file);
    fclose(file);
    if (got != size) { free(bytes); return fail("the file cannot be read"); }
    W.bytes = bytes; W.size = size; W.cursor = 0;
    W.everything = n == 6 ? ~0ull : (1ull << (1 << n)) - 1;
    memset(W.heads, 0, sizeof W.heads);
    memset(W.tails_by_weight, 0, sizeof W.tails_by_weight);
    for (int x = 0; x < 1 << n; x++)
        for (int coin = 0; coin < n; coin++) {
            if (x >> coin & 1) W.tails_by_weight[coin][__builtin_popcount(x)] |= 1ull << x;
            else W.heads[coin] |= 1ull << x;
        }
    int order[MAX_COINS];
    for (int c = 0; c < n; c++) order[c] = c;
    W.orders = 0;
    do {  /* order[c]: the place of coin c (the checker's tables follow this list) */
        int code = 0;
        for (int c = 0; c < n; c++) { W.placed[W.orders][c] = order[c]; code |= order[c] << (3 * c); }
        W.index_of[code] = (int16_t)W.orders++;
    } while (next_order(order, n));
    W.base = winner == 1;
    W.start_current = W.base ? 1 << W.first : 0;
    W.closed = 0;
    uint64_t room = 16, size_all = W.nodes + (uint64_t)W.base;
    while (room < 2 * W.nodes) room *= 2;
    W.table = calloc(room, sizeof *W.table);
    W.number = malloc(room * sizeof *W.number);
    W.seen = malloc(size_all * sizeof *W.seen);
    W.counted = calloc(size_all, 1);
    W.steps = malloc(size_all * (uint64_t)n * sizeof *W.steps);
    if (!W.table || !W.number || !W.seen || !W.counted || !W.steps) {
        free(bytes);
        return fail("out of memory");
    }
    W.table_mask = room - 1; W.entered = 0; W.used = 0; W.moves = 0; W.due = -1;
    /* The start: the opening, or the position after the first player's first move. */
    uint64_t start_seen = W.base ? 1 | 1ull << W.start_current : 1;
    int failed = next_record();
    if (!failed) {
        uint64_t step;
        failed = arrive(start_seen, W.start_current, W.base ? W.first : 0, &step);
        if (!failed && (step & 3) != GOTO)
            failed = fail("the start is not a node");
    }
    if (!failed && W.entered != W.nodes)
        failed = fail("the walk entered another number of nodes than the header says");
    if (!failed && W.due >= 0) failed = fail("a record is for a loser move the walk never met");
    if (!failed && W.cursor != W.size) failed = fail("the file goes on after its last record");
    if (!failed && W.base) failed = start_node(start_seen, W.start_current);
    free(bytes);
    free(W.table); W.table = NULL;
    free(W.number); W.number = NULL;
    return failed;
}

/* OCaml's side: walk_read path n misere first -> the nodes handed over (raises Failure with
   the reason); `first`: the walk is for the first player. */
value walk_read(value path, value n, value misere, value first) {
    CAMLparam4(path, n, misere, first);
    if (Long_val(n) < 1 || Long_val(n) > MAX_COINS) caml_failwith("a walk is read for 1 to 6 coins");
    if (read_walk(String_val(path), (int)Long_val(n), Bool_val(misere), Bool_val(first) ? 1 : 2) < 0)
        caml_failwith(W.message);
    CAMLreturn(Val_long(W.nodes + (uint64_t)W.base));
}

/* The first player's first move, the header's (read only for a walk of hers). */
value walk_first(value unit) { (void)unit; return Val_long(W.first); }

/* Node j's current pattern. */
value walk_current(value j) { return Val_long(Long_val(j) == 0 ? W.start_current : 0); }

/* Node j's seen set, its patterns 0-31 (half 0) or 32-63 (half 1). */
value walk_seen(value j, value half) {
    uint64_t s = W.seen[Long_val(j)];
    return Val_long(Long_val(half) ? s >> 32 : s & 0xFFFFFFFFull);
}

value walk_steps(value j) { return Val_long(W.counted[Long_val(j)]); }

value walk_step(value j, value k) { return Val_long(W.steps[Long_val(j) * W.n + Long_val(k)]); }

value walk_orders(value unit) { (void)unit; return Val_long(W.orders); }

value walk_place(value p, value c) { return Val_long(W.placed[Long_val(p)][Long_val(c)]); }
