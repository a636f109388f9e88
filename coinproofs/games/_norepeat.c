/* The native core of the No repeats solver (coinproofs/games/norepeat.py, docs/norepeat.md).
 *
 * A position is (seen set S, current pattern v) on n <= 6 coins: S is a bitset over the 2^n
 * patterns (one uint64 word), v is in S. The solver names a position by its *key*:
 *
 *   1. reduce: every unseen pattern v cannot reach through unseen patterns is marked seen
 *      (Lemma R: the game from there is move for move the same);
 *   2. translate: every pattern x becomes x ^ v, so the current pattern is all heads (0);
 *   3. reorder: give each coin a signature that every reordering carries along (how many seen
 *      patterns of each weight show tails on it), put the coins in increasing order of
 *      signature, and among the orders that do so (coins of equal signature in any order) take
 *      the one whose seen set is the least word.
 *
 * Steps 2 and 3 apply an automorphism of the n-cube, and two positions get one key iff an
 * automorphism maps one (after step 1) onto the other (docs/norepeat.md, "Keys"). The key is
 * also the certificate's *normal form* (format NRWALK1, docs/certificates.md), which the
 * kernel's checkers compute by their own code.
 *
 * The search is depth-first negamax over keys with a transposition table of bounded size: 8-byte
 * entries, 8 to a bucket (one cache line); an entry holds the key's hash quotient, the result
 * and the log of the work below it (a full bucket gives up its entry with the least work: a lost
 * entry costs time, never correctness, since a key's value does not depend on the path). The
 * buckets of all children are prefetched before any is probed. At a few shallow depths the
 * candidate moves get *budgeted tries*: each in turn is searched within a budget of positions,
 * and those not settled are tried again with a larger one, so that one slow move cannot hold up
 * a fast one (docs/norepeat.md, "Budgeted tries").
 *
 * The winner's strategy is written as an NRWALK1 file by walking it as the kernel will: a fixed
 * default reply, the deviations listed (certificate() below).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

typedef uint64_t u64;

#define MAX_COINS 6
#define SLOTS 8                   /* entries in a bucket: 64 bytes, one cache line */
#define MIN_BUCKETS 256           /* so that a hash quotient fits in the entry's top 56 bits */
#define FILLED 0x80u              /* entry bits 0-7: filled, won, log2 of the work below */
#define WON_BIT 0x40u
#define WORK_BITS 0x3fu
#define PROGRESS_EVERY (1u << 16) /* positions between calls of the progress callback */
#define CLOCK_EVERY (1u << 12)    /* positions between looks at the clock */
#define MAX_DEPTH 64
/* Two of the speed-ups can be turned off at build time, to measure each one
 * (bench/bench_norepeat_native.py builds such variants): */
#ifndef NR_PREFETCH
#define NR_PREFETCH 1   /* fetch every child's bucket before probing any */
#endif
#ifndef NR_HUGE_PAGES
#define NR_HUGE_PAGES 1 /* ask for the table in huge pages */
#endif

enum { LOST = 0, WON = 1, STOPPED = -1, UNKNOWN = -2 };
enum { STOP_NONE, STOP_POSITIONS, STOP_CLOCK, STOP_ERROR };

/* ---- the n-cube, one word per set of patterns ---- */

typedef struct {
    int n;
    u64 full;                       /* every pattern */
    u64 heads[MAX_COINS];           /* the patterns with coin i heads */
    u64 swap_mask[MAX_COINS][MAX_COINS];
    u64 tails_of_weight[MAX_COINS][MAX_COINS + 1]; /* coin i tails, w coins tails in all */
    u64 around[64];                 /* the patterns one coin away from pattern x */
} Cube;

static void cube_init(Cube *c, int n)
{
    int patterns = 1 << n;
    c->n = n;
    c->full = patterns == 64 ? ~(u64)0 : ((u64)1 << patterns) - 1;
    memset(c->heads, 0, sizeof c->heads);
    memset(c->swap_mask, 0, sizeof c->swap_mask);
    memset(c->tails_of_weight, 0, sizeof c->tails_of_weight);
    memset(c->around, 0, sizeof c->around);
    for (int x = 0; x < patterns; x++) {
        for (int i = 0; i < n; i++) {
            if (!(x >> i & 1))
                c->heads[i] |= (u64)1 << x;
            else
                c->tails_of_weight[i][__builtin_popcount(x)] |= (u64)1 << x;
            c->around[x] |= (u64)1 << (x ^ 1 << i);
            for (int j = i + 1; j < n; j++)
                if ((x >> i & 1) && !(x >> j & 1))
                    c->swap_mask[i][j] |= (u64)1 << x;
        }
    }
}

/* The set with every pattern x replaced by x ^ (1 << coin). */
static inline u64 flip(const Cube *c, u64 set, int coin)
{
    int width = 1 << coin;
    return ((set & c->heads[coin]) << width) | ((set >> width) & c->heads[coin]);
}

/* The patterns one coin away from some pattern of the set. */
static inline u64 neighbours(const Cube *c, u64 set)
{
    u64 result = 0;
    for (int coin = 0; coin < c->n; coin++)
        result |= flip(c, set, coin);
    return result;
}

/* The set with coins i < j exchanged: a delta swap of the patterns where they differ. */
static inline u64 exchange(const Cube *c, u64 set, int i, int j)
{
    int shift = (1 << j) - (1 << i);
    u64 t = ((set >> shift) ^ set) & c->swap_mask[i][j];
    return set ^ t ^ (t << shift);
}

/* The unseen patterns that v reaches through unseen patterns (v not among them). */
static inline u64 reachable(const Cube *c, u64 seen, int v)
{
    u64 open = c->full & ~seen, region = c->around[v] & open, frontier = region;
    while (frontier) {
        frontier = neighbours(c, frontier) & open & ~region;
        region |= frontier;
    }
    return region;
}

/* The least word among the images of `set` under the reorderings of the places of each tie
 * group (the places first[g] .. first[g] + size[g] - 1), from group g on: every ordering of
 * the group by Heap's method, one exchange from the last. */
static u64 least_over_ties(const Cube *c, u64 set, const int *first, const int *size, int g,
                           int groups, long long *arrangements)
{
    if (g == groups) {
        (*arrangements)++;
        return set;
    }
    int a = first[g], k = size[g], count[MAX_COINS] = {0};
    u64 best = least_over_ties(c, set, first, size, g + 1, groups, arrangements);
    for (int i = 1; i < k;) {
        if (count[i] < i) {
            int j = i % 2 == 0 ? 0 : count[i];
            set = exchange(c, set, a + j, a + i);
            u64 image = least_over_ties(c, set, first, size, g + 1, groups, arrangements);
            if (image < best)
                best = image;
            count[i]++;
            i = 1;
        } else {
            count[i] = 0;
            i++;
        }
    }
    return best;
}

/* Step 3 of the key for a seen set whose current pattern is 0: coins in increasing order of
 * signature (the count of seen patterns of weight 1 showing tails on the coin, then of weight
 * 2, ...: a reordering moves a coin's signature with it), the least word over the orders of
 * coins of equal signature. `arrangements` counts the orders tried. */
static u64 reorder(const Cube *c, u64 set, long long *arrangements)
{
    int n = c->n;
    uint32_t signature[MAX_COINS];
    for (int i = 0; i < n; i++) {
        uint32_t s = 0;
        for (int w = 1; w <= n; w++)
            s = s << 4 | (uint32_t)__builtin_popcountll(set & c->tails_of_weight[i][w]);
        signature[i] = s;
    }
    for (int place = 0; place < n - 1; place++) { /* selection sort, one exchange a place */
        int least = place;
        for (int i = place + 1; i < n; i++)
            if (signature[i] > signature[least])
                least = i;
        if (least != place) {
            set = exchange(c, set, place, least);
            uint32_t t = signature[place];
            signature[place] = signature[least];
            signature[least] = t;
        }
    }
    int first[MAX_COINS], size[MAX_COINS], groups = 0;
    for (int place = 0; place < n;) {
        int end = place + 1;
        while (end < n && signature[end] == signature[place])
            end++;
        int alike = 1; /* coins the seen set cannot tell apart need no reordering */
        for (int i = place; alike && i + 1 < end; i++)
            alike = exchange(c, set, i, i + 1) == set;
        if (end - place > 1 && !alike) {
            first[groups] = place;
            size[groups++] = end - place;
        }
        place = end;
    }
    if (groups == 0) {
        (*arrangements)++;
        return set;
    }
    return least_over_ties(c, set, first, size, 0, groups, arrangements);
}

/* The key of (seen, v): reduce (Lemma R), translate v to 0, reorder. */
static u64 key_of(const Cube *c, u64 seen, int v, long long *arrangements)
{
    u64 set = c->full & ~reachable(c, seen, v);
    for (int coin = 0; coin < c->n; coin++)
        if (v >> coin & 1)
            set = flip(c, set, coin);
    return reorder(c, set, arrangements);
}

/* ---- the transposition table ---- */

typedef struct {
    u64 *slots;     /* buckets * SLOTS entries; 0 = empty */
    u64 buckets;
    size_t bytes;   /* as mapped */
} Table;

/* A bijection of 64-bit words (MurmurHash3's finaliser): the key is recovered from its hash,
 * and the hash from its bucket and quotient, so an entry need hold only the quotient. */
static inline u64 mix(u64 k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

typedef struct {
    u64 key, bucket, quotient;
    int rank; /* move ordering: fewest live replies, then fewest unseen patterns */
} Place;

static inline void locate(const Table *t, u64 key, Place *p)
{
    u64 h = mix(key);
    p->key = key;
    p->bucket = h % t->buckets;
    p->quotient = h / t->buckets;
}

static inline int probe(const Table *t, const Place *p)
{
    const u64 *slot = t->slots + p->bucket * SLOTS;
    for (int i = 0; i < SLOTS; i++)
        if ((slot[i] >> 8) == p->quotient && (slot[i] & FILLED))
            return (slot[i] & WON_BIT) ? WON : LOST;
    return UNKNOWN;
}

static void table_free(Table *t)
{
    if (t->slots != NULL)
        munmap(t->slots, t->bytes);
    t->slots = NULL;
}

/* A table of at most `bytes`, in huge pages where the system gives them; 0 on success. */
static int table_alloc(Table *t, long long bytes)
{
    u64 buckets = (u64)bytes / (SLOTS * sizeof(u64));
    if (buckets < MIN_BUCKETS)
        buckets = MIN_BUCKETS;
    size_t size = buckets * SLOTS * sizeof(u64);
    void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED)
        return -1;
#if defined(MADV_HUGEPAGE) && NR_HUGE_PAGES
    madvise(memory, size, MADV_HUGEPAGE); /* fewer TLB misses on random probes */
#endif
    t->slots = memory;
    t->buckets = buckets;
    t->bytes = size;
    return 0;
}

/* ---- the solver ---- */

#define SHOWN_DEPTH 16 /* the search's path is shown (progress) down to this depth */

typedef struct {
    int tried, candidates; /* the move searched at a shallow node, of how many */
    long long budget;      /* its budget under a budgeted try, else -1 */
} Step;

#define TRIED_NODES 4096 /* shallow nodes whose budgeted tries are remembered */

typedef struct {
    u64 key, moves[MAX_COINS]; /* a node under budgeted tries, and its moves' keys */
    long long failed[MAX_COINS]; /* the budget each move last ran out of, 0: none */
    long long spent[MAX_COINS];  /* the positions searched under each move, in all */
    int depth;
    signed char settled[MAX_COINS]; /* 0 not settled, 1 won for the opponent, -1 lost */
} Tried;

typedef struct {
    PyObject_HEAD
    Cube cube;
    int misere;
    Table table;
    long long stored, nodes, replaced, keys, arrangements;
    /* budgeted tries: at depths tries_from..tries_to, each candidate gets tries_budget
     * positions, then tries_growth times more a round */
    int tries_from, tries_to;
    long long tries_budget, tries_growth;
    Tried *tried;              /* TRIED_NODES records */
    Step path[SHOWN_DEPTH];
    int path_depth;            /* path[0 .. path_depth - 1] is under way */
    /* per call of wins(): */
    long long limit, outer_limit;
    double deadline;
    PyObject *progress;
    int stop_reason;
} Solver;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void store(Solver *s, const Place *p, int won, long long work)
{
    u64 *slot = s->table.slots + p->bucket * SLOTS;
    int victim = 0;
    u64 log_work = 0;
    while (log_work < WORK_BITS && ((long long)1 << log_work) < work)
        log_work++;
    for (int i = 0; i < SLOTS; i++) {
        if (slot[i] == 0 || (slot[i] >> 8) == p->quotient) {
            victim = i;
            break;
        }
        if ((slot[i] & WORK_BITS) < (slot[victim] & WORK_BITS))
            victim = i;
    }
    if (slot[victim] == 0)
        s->stored++;
    else if ((slot[victim] >> 8) != p->quotient)
        s->replaced++;
    slot[victim] = p->quotient << 8 | FILLED | (won ? WON_BIT : 0) | log_work;
}

static int checkpoint(Solver *s)
{
    if (s->nodes >= s->limit) {
        s->stop_reason = STOP_POSITIONS;
        return STOPPED;
    }
    if (s->nodes % CLOCK_EVERY == 0 && s->deadline > 0 && now() > s->deadline) {
        s->stop_reason = STOP_CLOCK;
        return STOPPED;
    }
    if (s->nodes % PROGRESS_EVERY == 0) {
        if (PyErr_CheckSignals() < 0) {
            s->stop_reason = STOP_ERROR;
            return STOPPED;
        }
        if (s->progress != NULL && s->progress != Py_None) {
            PyObject *r = PyObject_CallFunction(s->progress, "LL", s->nodes, s->stored);
            if (r == NULL) {
                s->stop_reason = STOP_ERROR;
                return STOPPED;
            }
            Py_DECREF(r);
        }
    }
    return 0;
}

/* How many moves from the key (current pattern 0) are not into dead ends (Lemma D). */
static inline int live_replies(const Cube *c, u64 key)
{
    int live = 0;
    for (int coin = 0; coin < c->n; coin++) {
        int v = 1 << coin;
        if (!(key >> v & 1) && (c->around[v] & ~key & c->full))
            live++;
    }
    return live;
}

/* The moves from the key worth searching, best first, each located in the table and its bucket
 * prefetched; *result is WON or LOST when that is already decided (a move into a dead end under
 * normal play, a move into a position the table knows lost, or no move but into positions the
 * table knows won or dead ends under misère play), else UNKNOWN. The count, or -1 if the player
 * to move is stuck. */
static int candidates(Solver *s, u64 key, Place *moves, int *result)
{
    const Cube *c = &s->cube;
    int count = 0, can_move = 0;
    *result = UNKNOWN;
    for (int coin = 0; coin < c->n; coin++) {
        int v = 1 << coin;
        if (key >> v & 1)
            continue;
        can_move = 1;
        u64 seen = key | (u64)1 << v;
        if (!(c->around[v] & ~seen & c->full)) { /* a dead end: the opponent is stuck there */
            if (!s->misere) {
                *result = WON;
                return 0;
            }
            continue;
        }
        u64 child = key_of(c, seen, v, &s->arrangements);
        s->keys++;
        int duplicate = 0;
        for (int i = 0; i < count; i++)
            duplicate |= moves[i].key == child;
        if (duplicate)
            continue;
        locate(&s->table, child, &moves[count]);
        if (NR_PREFETCH)
            __builtin_prefetch(s->table.slots + moves[count].bucket * SLOTS);
        count++;
    }
    if (!can_move)
        return -1;
    int kept = 0;
    for (int i = 0; i < count; i++) {
        int known = probe(&s->table, &moves[i]);
        if (known == LOST) {
            *result = WON;
            return 0;
        }
        if (known == WON)
            continue; /* the opponent wins there: not the move to make */
        Place p = moves[i];
        p.rank = live_replies(c, p.key) * 128 + (64 - __builtin_popcountll(p.key));
        int j = kept++;
        while (j > 0 && moves[j - 1].rank > p.rank) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = p;
    }
    if (kept == 0)
        *result = LOST;
    return kept;
}

static int search(Solver *s, const Place *at, int depth);

/* Note for progress reports that the search at `depth` tries move `tried` of `candidates`. */
static inline void show(Solver *s, int depth, int tried, int candidates, long long budget)
{
    if (depth < SHOWN_DEPTH) {
        s->path[depth] = (Step){tried, candidates, budget};
        s->path_depth = depth + 1;
    }
}

/* Budgeted tries at a shallow node: each candidate in turn gets `budget` positions (within
 * what the caller allows); those not settled are tried again, the budget growing; the last one
 * open gets all that is left. WON, LOST or STOPPED (a budget of the caller's, the clock, an
 * error). */
/* The record of the budgeted tries at the node `key`, made if need be (NULL: no room). */
static Tried *tried_record(Solver *s, u64 key)
{
    u64 at = mix(key) % TRIED_NODES;
    for (int k = 0; k < TRIED_NODES; k++, at = (at + 1) % TRIED_NODES) {
        Tried *t = &s->tried[at];
        if (t->key == key)
            return t;
        if (t->key == 0) {
            memset(t, 0, sizeof *t);
            t->key = key;
            return t;
        }
    }
    return NULL;
}

/* The index of a move in the record (added if new), or -1. */
static int tried_move(Tried *t, u64 move)
{
    for (int i = 0; t != NULL && i < MAX_COINS; i++) {
        if (t->moves[i] == 0)
            t->moves[i] = move;
        if (t->moves[i] == move)
            return i;
    }
    return -1;
}

/* Budgeted tries at the shallow node `key`: each candidate in turn gets `budget` positions
 * (within what the caller allows); those not settled are tried again, the budget growing; the
 * last one open gets all that is left. The budgets that ran out are remembered (and saved
 * with the table), so that a search resumed or met again goes on where it was. WON, LOST or
 * STOPPED (a budget of the caller's, the clock, an error). */
static int budgeted_tries(Solver *s, u64 key, Place *moves, int count, int depth)
{
    Tried *memory = tried_record(s, key);
    long long failed[MAX_COINS], outer = s->limit;
    int open[MAX_COINS], kept[MAX_COINS], remaining = count;
    for (int i = 0; i < count; i++) {
        kept[i] = tried_move(memory, moves[i].key);
        failed[i] = kept[i] >= 0 ? memory->failed[kept[i]] : 0;
        open[i] = 1;
    }
    if (memory != NULL)
        memory->depth = depth;
    for (;;) {
        int i = -1; /* the open candidate whose budget ran out least, first of equals */
        for (int j = 0; j < count; j++)
            if (open[j] && (i < 0 || failed[j] < failed[i]))
                i = j;
        long long budget = failed[i] == 0 ? s->tries_budget
                           : failed[i] > LLONG_MAX / s->tries_growth ? LLONG_MAX
                           : failed[i] * s->tries_growth;
        show(s, depth, i, count, remaining > 1 ? budget : -1);
        if (remaining > 1)
            s->limit = budget < outer - s->nodes ? s->nodes + budget : outer;
        long long before = s->nodes;
        int r = search(s, &moves[i], depth + 1);
        s->limit = outer;
        if (kept[i] >= 0) {
            memory->spent[kept[i]] += s->nodes - before;
            if (r != STOPPED)
                memory->settled[kept[i]] = r == WON ? 1 : -1;
        }
        if (r == STOPPED) {
            if (remaining == 1 || s->stop_reason != STOP_POSITIONS || s->nodes >= outer)
                return STOPPED;
            s->stop_reason = STOP_NONE; /* our own budget ran out: the next candidate */
            failed[i] = budget;
            if (kept[i] >= 0)
                memory->failed[kept[i]] = budget;
            continue;
        }
        if (r == LOST)
            return WON;
        open[i] = 0;
        if (--remaining == 0)
            return LOST;
    }
}

/* Does the player to move from the located key win? STOPPED on a budget. */
static int search(Solver *s, const Place *at, int depth)
{
    int known = probe(&s->table, at);
    if (known != UNKNOWN)
        return known;
    s->nodes++;
    if ((s->nodes >= s->limit || s->nodes % CLOCK_EVERY == 0) && checkpoint(s) == STOPPED)
        return STOPPED;
    long long before = s->nodes;
    Place moves[MAX_COINS];
    int result, count = candidates(s, at->key, moves, &result);
    if (count < 0)
        return s->misere ? WON : LOST; /* stuck: a terminal position, not worth a slot */
    if (result == UNKNOWN) {
        if (count >= 2 && depth >= s->tries_from && depth <= s->tries_to && s->tries_budget > 0) {
            result = budgeted_tries(s, at->key, moves, count, depth);
        } else {
            result = LOST;
            for (int i = 0; i < count && result == LOST; i++) {
                show(s, depth, i, count, -1);
                int child = search(s, &moves[i], depth + 1);
                if (child == STOPPED)
                    return STOPPED;
                if (child == LOST)
                    result = WON;
            }
        }
        if (result == STOPPED)
            return STOPPED;
    }
    if (depth < SHOWN_DEPTH)
        s->path_depth = depth;
    store(s, at, result, s->nodes - before + 1);
    return result;
}

/* Does the player to move at (seen, v) win? UNKNOWN-free: WON, LOST or STOPPED. */
static int position_wins(Solver *s, u64 seen, int v, int depth)
{
    const Cube *c = &s->cube;
    if (!(c->around[v] & ~seen & c->full))
        return s->misere ? WON : LOST;
    Place at;
    locate(&s->table, key_of(c, seen, v, &s->arrangements), &at);
    return search(s, &at, depth);
}

/* ---- the Python type ---- */

static int check_position(const Solver *s, PyObject *seen_obj, int pattern, u64 *seen)
{
    *seen = PyLong_AsUnsignedLongLong(seen_obj);
    if (*seen == (u64)-1 && PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "the seen set must be a whole number below 2^64");
        return -1;
    }
    int n = s->cube.n;
    if (pattern < 0 || pattern >= (1 << n) || (*seen & ~s->cube.full) || !(*seen >> pattern & 1)) {
        PyErr_Format(PyExc_ValueError, "not a position of %d coins: the seen set must hold "
                     "patterns below 2^%d, the current one among them", n, n);
        return -1;
    }
    return 0;
}

static int Solver_init(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"n", "misere", "table_bytes", NULL};
    int n, misere;
    long long table_bytes = 1 << 24;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ip|L", names, &n, &misere, &table_bytes))
        return -1;
    if (n < 1 || n > MAX_COINS) {
        PyErr_Format(PyExc_ValueError, "the native solver handles 1 to %d coins, not %d",
                     MAX_COINS, n);
        return -1;
    }
    cube_init(&s->cube, n);
    s->misere = misere;
    table_free(&s->table);
    PyMem_Free(s->tried);
    s->tried = PyMem_Calloc(TRIED_NODES, sizeof(Tried));
    if (s->tried == NULL || table_alloc(&s->table, table_bytes) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->stored = s->nodes = s->replaced = s->keys = s->arrangements = 0;
    s->tries_from = 1;
    s->tries_to = 0;
    s->tries_budget = 0;
    s->tries_growth = 4;
    s->path_depth = 0;
    return 0;
}

static void Solver_dealloc(Solver *s)
{
    table_free(&s->table);
    PyMem_Free(s->tried);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *Solver_key(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"seen", "pattern", "reduce", NULL};
    PyObject *seen_obj;
    int pattern, reduce = 1;
    u64 seen;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|p", names, &seen_obj, &pattern, &reduce))
        return NULL;
    if (check_position(s, seen_obj, pattern, &seen) < 0)
        return NULL;
    const Cube *c = &s->cube;
    if (reduce)
        return PyLong_FromUnsignedLongLong(key_of(c, seen, pattern, &s->arrangements));
    for (int coin = 0; coin < c->n; coin++)
        if (pattern >> coin & 1)
            seen = flip(c, seen, coin);
    return PyLong_FromUnsignedLongLong(reorder(c, seen, &s->arrangements));
}

/* Set the budgeted tries from the `tries` argument: None (off) or (from, to, budget, growth). */
static int set_tries(Solver *s, PyObject *tries)
{
    s->tries_budget = 0;
    if (tries == NULL || tries == Py_None)
        return 0;
    int from, to;
    long long budget, growth;
    if (!PyArg_ParseTuple(tries, "iiLL;tries must be (first depth, last depth, budget, growth)",
                          &from, &to, &budget, &growth))
        return -1;
    if (from < 0 || to < from || budget < 1 || growth < 2) {
        PyErr_SetString(PyExc_ValueError, "tries must be (first depth, last depth >= first, "
                        "budget >= 1, growth >= 2)");
        return -1;
    }
    s->tries_from = from;
    s->tries_to = to;
    s->tries_budget = budget;
    s->tries_growth = growth;
    return 0;
}

/* Prepare a call: budgets (seconds <= 0, max_nodes < 0: none) and the progress callback. */
static void start_call(Solver *s, double seconds, long long max_nodes, PyObject *progress)
{
    s->deadline = seconds > 0 ? now() + seconds : 0;
    s->limit = max_nodes >= 0 ? s->nodes + max_nodes : LLONG_MAX;
    s->progress = progress;
    s->stop_reason = STOP_NONE;
    s->path_depth = 0;
}

static PyObject *Solver_wins(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"seen", "pattern", "seconds", "max_nodes", "progress", "tries",
                            "moves", NULL};
    PyObject *seen_obj, *progress = Py_None, *tries = Py_None;
    int pattern, moves = 0;
    double seconds = -1;
    long long max_nodes = -1;
    u64 seen;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|dLOOi", names, &seen_obj, &pattern, &seconds,
                                     &max_nodes, &progress, &tries, &moves))
        return NULL;
    if (check_position(s, seen_obj, pattern, &seen) < 0 || set_tries(s, tries) < 0)
        return NULL;
    start_call(s, seconds, max_nodes, progress);
    int result = position_wins(s, seen, pattern, moves);
    s->progress = NULL;
    s->tries_budget = 0;
    if (result == STOPPED) {
        if (s->stop_reason == STOP_ERROR)
            return NULL; /* the callback's (or Ctrl-C's) exception */
        Py_RETURN_NONE;  /* out of budget */
    }
    return PyBool_FromLong(result);
}

/* ---- the winner's strategy as an NRWALK1 file (docs/certificates.md) ---- */

/* The keys of the positions the walk has entered: an open-addressing set that doubles. */
typedef struct {
    u64 *keys;
    u64 mask, count;
} KeySet;

static int keyset_grow(KeySet *k)
{
    u64 size = k->keys ? 2 * (k->mask + 1) : (u64)1 << 16;
    u64 *keys = PyMem_Calloc(size, sizeof(u64));
    if (keys == NULL)
        return -1;
    for (u64 i = 0; k->keys && i <= k->mask; i++)
        if (k->keys[i]) {
            u64 at = mix(k->keys[i]) & (size - 1);
            while (keys[at])
                at = (at + 1) & (size - 1);
            keys[at] = k->keys[i];
        }
    PyMem_Free(k->keys);
    k->keys = keys;
    k->mask = size - 1;
    return 0;
}

/* 1 if the key is in the set, 0 if it was not (it is added), -1 out of memory. */
static int keyset_add(KeySet *k, u64 key)
{
    if (k->keys == NULL || (k->count + 1) * 10 > (k->mask + 1) * 7) {
        if (keyset_grow(k) < 0)
            return -1;
    }
    u64 at = mix(key) & k->mask;
    for (; k->keys[at]; at = (at + 1) & k->mask)
        if (k->keys[at] == key)
            return 1;
    k->keys[at] = key;
    k->count++;
    return 0;
}

static int keyset_has(const KeySet *k, u64 key)
{
    if (k->keys == NULL)
        return 0;
    for (u64 at = mix(key) & k->mask; k->keys[at]; at = (at + 1) & k->mask)
        if (k->keys[at] == key)
            return 1;
    return 0;
}

typedef struct {
    FILE *file;
    KeySet entered;
    int leaf;                   /* positions with at most this many reachable unseen patterns
                                   are leaves: the checker solves them itself */
    long long default_budget;   /* positions to spend on the default reply before deviating */
    u64 moves, records, last;   /* loser moves numbered, deviations written, the last one's */
    u64 leaves, finishes, defaults_searched;
    PyObject *progress;         /* progress(nodes, records), or None; the searches the walk
                                   makes call none (their counts are of another kind) */
    int error;                  /* 0, or why the walk stopped */
} Walk;

enum { WALK_STOPPED = 1, WALK_MEMORY, WALK_WRITE, WALK_NO_REPLY };

/* The winner's default reply at (seen, v), the loser having just moved (the rule the checker
 * applies: docs/certificates.md, NRWALK1): under normal play the least coin that leaves the
 * loser stuck, if any; else, among the replies that do not leave the loser stuck, the one that
 * leaves the loser the fewest moves that are not into dead ends, the least coin among equals.
 * -1 if every reply leaves the loser stuck under misère play (the winner has lost). */
static int default_reply(const Cube *c, int misere, u64 seen, int v)
{
    int best = -1, best_live = 99;
    for (int coin = 0; coin < c->n; coin++) {
        int w = v ^ 1 << coin;
        if (seen >> w & 1)
            continue;
        u64 after = seen | (u64)1 << w;
        int live = 0, stuck = 1;
        for (int d = 0; d < c->n; d++) {
            int x = w ^ 1 << d;
            if (after >> x & 1)
                continue;
            stuck = 0;
            live += (c->around[x] & ~(after | (u64)1 << x) & c->full) != 0;
        }
        if (stuck) {
            if (!misere)
                return coin;
            continue;
        }
        if (live < best_live) {
            best = coin;
            best_live = live;
        }
    }
    return best;
}

static int write_varint(FILE *f, u64 x)
{
    do {
        int byte = (int)(x & 127);
        x >>= 7;
        if (fputc(x ? byte | 128 : byte, f) == EOF)
            return -1;
    } while (x);
    return 0;
}

/* Where the reply `coin` at (seen, v) (the loser having just moved) leads: the position after
 * it, its reachable unseen patterns, its key (for positions that are neither finished nor
 * leaves), and whether the loser is lost there: LOST (a good reply), WON, or UNKNOWN when
 * `budget` (-1: none) ran out. */
typedef struct {
    u64 seen, key;
    int current, region, kind; /* kind: 0 the loser stuck, 1 a leaf, 2 a node */
} After;

static void after_reply(Solver *s, const Walk *w, u64 seen, int v, int coin, After *a)
{
    const Cube *c = &s->cube;
    a->current = v ^ 1 << coin;
    a->seen = seen | (u64)1 << a->current;
    a->region = __builtin_popcountll(reachable(c, a->seen, a->current));
    a->kind = a->region == 0 ? 0 : a->region <= w->leaf ? 1 : 2;
    a->key = a->kind == 2 ? key_of(c, a->seen, a->current, &s->arrangements) : 0;
}

/* Is the loser lost at `a`? LOST, WON, or UNKNOWN when `budget` positions (-1: no budget) did
 * not settle it; STOPPED on Ctrl-C or an error. */
static int loser_value(Solver *s, const After *a, long long budget)
{
    if (a->kind == 0)
        return s->misere ? WON : LOST;
    Place at;
    u64 key = a->kind == 2 ? a->key : key_of(&s->cube, a->seen, a->current, &s->arrangements);
    locate(&s->table, key, &at);
    int known = probe(&s->table, &at);
    if (known != UNKNOWN || budget == 0)
        return known;
    long long outer = s->limit;
    if (budget > 0)
        s->limit = s->nodes + budget;
    int r = search(s, &at, MAX_DEPTH);
    s->limit = outer;
    if (r == STOPPED && s->stop_reason == STOP_POSITIONS && budget > 0) {
        s->stop_reason = STOP_NONE;
        return UNKNOWN;
    }
    return r;
}

static int walk_node(Solver *s, Walk *w, u64 key);

/* The winner's reply at (seen, v), the loser having just moved; the deviation written if it is
 * not the default; the walk goes on into the position it leads to. */
static int walk_reply(Solver *s, Walk *w, u64 seen, int v)
{
    const Cube *c = &s->cube;
    if (!(c->around[v] & ~seen & c->full)) {
        if (s->misere)
            return 0; /* the winner is stuck: she wins, nothing to number */
        w->error = WALK_NO_REPLY;
        return -1;
    }
    u64 number = w->moves++;
    int first = default_reply(c, s->misere, seen, v);
    if (first < 0) {
        w->error = WALK_NO_REPLY;
        return -1;
    }
    After options[MAX_COINS];
    int chosen = -1;
    after_reply(s, w, seen, v, first, &options[first]);
    int value = loser_value(s, &options[first], w->default_budget);
    if (value == STOPPED)
        goto stopped;
    w->defaults_searched += value == UNKNOWN;
    if (value == LOST) {
        chosen = first;
    } else {
        /* Another reply: one into a position already entered if the table knows it lost, else
         * one the table knows lost, else the first the search proves lost. */
        int known = -1;
        for (int coin = 0; coin < c->n && chosen < 0; coin++) {
            int x = v ^ 1 << coin;
            if (coin == first || (seen >> x & 1))
                continue;
            after_reply(s, w, seen, v, coin, &options[coin]);
            if (options[coin].kind == 0 && s->misere)
                continue;
            int r = loser_value(s, &options[coin], 0);
            if (r == LOST) {
                if (options[coin].kind == 2 && keyset_has(&w->entered, options[coin].key))
                    chosen = coin;
                else if (known < 0)
                    known = coin;
            }
        }
        if (chosen < 0)
            chosen = known;
        for (int pass = 0; pass < 2 && chosen < 0; pass++)
            for (int coin = 0; coin < c->n && chosen < 0; coin++) {
                int x = v ^ 1 << coin;
                if ((seen >> x & 1) || (coin == first) != (pass == 1))
                    continue;
                if (options[coin].kind == 0 && s->misere)
                    continue;
                int r = loser_value(s, &options[coin], -1);
                if (r == STOPPED)
                    goto stopped;
                if (r == LOST)
                    chosen = coin;
            }
        if (chosen < 0) {
            w->error = WALK_NO_REPLY;
            return -1;
        }
        if (chosen != first) {
            if (write_varint(w->file, (number - w->last) * 8 + (u64)chosen) < 0) {
                w->error = WALK_WRITE;
                return -1;
            }
            w->last = number;
            w->records++;
        }
    }
    const After *a = &options[chosen];
    if (a->kind == 0) {
        w->finishes++;
        return 0;
    }
    if (a->kind == 1) {
        w->leaves++;
        return 0;
    }
    int was = keyset_add(&w->entered, a->key);
    if (was < 0) {
        w->error = WALK_MEMORY;
        return -1;
    }
    return was ? 0 : walk_node(s, w, a->key);
stopped:
    w->error = WALK_STOPPED;
    return -1;
}

/* Every loser move at the entered node `key` (current pattern 0), in increasing coin order. */
static int walk_node(Solver *s, Walk *w, u64 key)
{
    const Cube *c = &s->cube;
    if (w->entered.count % 4096 == 0 && w->progress != Py_None) {
        PyObject *r = PyObject_CallFunction(w->progress, "KK", (unsigned long long)w->entered.count,
                                            (unsigned long long)w->records);
        if (r == NULL) {
            w->error = WALK_STOPPED;
            return -1;
        }
        Py_DECREF(r);
    }
    for (int coin = 0; coin < c->n; coin++) {
        int v = 1 << coin;
        if (key >> v & 1)
            continue;
        if (walk_reply(s, w, key | (u64)1 << v, v) < 0)
            return -1;
    }
    return 0;
}

static int write_u64(FILE *f, u64 x)
{
    for (int i = 0; i < 8; i++)
        if (fputc((int)(x >> (8 * i) & 255), f) == EOF)
            return -1;
    return 0;
}

#define WALK_HEADER 32

/* Walk the winner's strategy from the start and write it; 0, or -1 with w->error set. */
static int write_walk(Solver *s, Walk *w, u64 root_seen, int root, int *winner,
                      int *first_move)
{
    const Cube *c = &s->cube;
    int n = c->n, start = position_wins(s, root_seen, root, 0);
    if (start == STOPPED) {
        w->error = WALK_STOPPED;
        return -1;
    }
    if (start == WON && (root_seen != 1 || root != 0)) {
        w->error = WALK_NO_REPLY; /* a position given as the root must be lost */
        return -1;
    }
    *winner = start == WON ? 1 : 2;
    *first_move = 255;
    if (start == WON) { /* the first player's first move: the least coin that wins */
        for (int coin = 0; coin < n && *first_move == 255; coin++) {
            int v = 1 << coin, r = position_wins(s, 1 | (u64)1 << v, v, 1);
            if (r == STOPPED) {
                w->error = WALK_STOPPED;
                return -1;
            }
            if (r == LOST)
                *first_move = coin;
        }
        if (*first_move == 255) {
            w->error = WALK_NO_REPLY;
            return -1;
        }
        root = 1 << *first_move;
        root_seen = 1 | (u64)1 << root;
    }
    uint8_t header[WALK_HEADER] = {'N', 'R', 'W', 'A', 'L', 'K', '1', '\n', (uint8_t)n,
                                   (uint8_t)s->misere, (uint8_t)*winner, (uint8_t)*first_move,
                                   (uint8_t)w->leaf};
    if (fwrite(header, 1, WALK_HEADER, w->file) != WALK_HEADER) {
        w->error = WALK_WRITE;
        return -1;
    }
    if (__builtin_popcountll(reachable(c, root_seen, root)) > w->leaf) {
        u64 key = key_of(c, root_seen, root, &s->arrangements); /* else the game is a leaf */
        if (keyset_add(&w->entered, key) < 0) {
            w->error = WALK_MEMORY;
            return -1;
        }
        if (walk_node(s, w, key) < 0)
            return -1;
    }
    if (fseek(w->file, 16, SEEK_SET) != 0 || write_u64(w->file, w->entered.count) < 0 ||
        write_u64(w->file, w->records) < 0) {
        w->error = WALK_WRITE;
        return -1;
    }
    return 0;
}

static PyObject *Solver_certificate(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"path", "leaf", "progress", "default_budget", "root", NULL};
    PyObject *path, *progress = Py_None, *root = Py_None;
    int leaf = 16, root_pattern = 0;
    long long default_budget = 1 << 14;
    u64 root_seen = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|iOLO", names, PyUnicode_FSConverter, &path,
                                     &leaf, &progress, &default_budget, &root))
        return NULL;
    if (root != Py_None) { /* tests and benchmarks: a lost position late in a game */
        PyObject *seen_obj;
        if (!PyArg_ParseTuple(root, "Oi;root must be (seen, pattern)", &seen_obj, &root_pattern)
            || check_position(s, seen_obj, root_pattern, &root_seen) < 0) {
            Py_DECREF(path);
            return NULL;
        }
    }
    if (leaf < 0 || leaf > 63) {
        Py_DECREF(path);
        PyErr_SetString(PyExc_ValueError, "leaf must be 0 to 63 unseen patterns");
        return NULL;
    }
    FILE *f = fopen(PyBytes_AS_STRING(path), "wb");
    if (f == NULL) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    Py_DECREF(path);
    static char buffer[1 << 20];
    setvbuf(f, buffer, _IOFBF, sizeof buffer);
    Walk w = {.file = f, .leaf = leaf, .default_budget = default_budget, .progress = progress};
    start_call(s, -1, -1, NULL);
    int winner = 0, first = 255;
    int result = write_walk(s, &w, root_seen, root_pattern, &winner, &first);
    s->progress = NULL;
    PyMem_Free(w.entered.keys);
    if (fclose(f) != 0 && result == 0) {
        result = -1;
        w.error = WALK_WRITE;
    }
    if (result < 0) {
        if (w.error == WALK_STOPPED) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyboardInterrupt, "stopped");
        } else if (w.error == WALK_MEMORY) {
            PyErr_NoMemory();
        } else if (w.error == WALK_WRITE) {
            PyErr_SetString(PyExc_OSError, "could not write the certificate");
        } else {
            PyErr_SetString(PyExc_RuntimeError, "the search found no winning reply where it "
                            "proved one (a bug in the solver)");
        }
        return NULL;
    }
    return Py_BuildValue("{s:i,s:i,s:K,s:K,s:K,s:K,s:K,s:K}", "winner", winner, "first", first,
                         "nodes", (unsigned long long)w.entered.count,
                         "records", (unsigned long long)w.records,
                         "moves", (unsigned long long)w.moves,
                         "leaves", (unsigned long long)w.leaves,
                         "finishes", (unsigned long long)w.finishes,
                         "defaults_searched", (unsigned long long)w.defaults_searched);
}

static PyObject *Solver_clear(Solver *s, PyObject *unused)
{
    (void)unused;
    memset(s->table.slots, 0, s->table.bytes);
    memset(s->tried, 0, TRIED_NODES * sizeof(Tried));
    s->stored = 0;
    Py_RETURN_NONE;
}

/* ---- the table saved to a file and read back (a long search can be resumed) ---- */

typedef struct {
    char magic[8]; /* NRTABLE1 */
    int32_t n, misere;
    u64 buckets;
    long long stored, nodes, replaced;
} Saved;

#define SAVED_CHUNK ((size_t)1 << 26)

static FILE *open_path(PyObject *arg, const char *mode)
{
    PyObject *path;
    if (!PyUnicode_FSConverter(arg, &path))
        return NULL;
    FILE *f = fopen(PyBytes_AS_STRING(path), mode);
    if (f == NULL)
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
    Py_DECREF(path);
    return f;
}

/* Copy `bytes` between the file and memory, a chunk at a time (read when `reading`). */
static int transfer(FILE *f, void *memory, size_t bytes, int reading)
{
    for (size_t done = 0; done < bytes;) {
        size_t part = bytes - done < SAVED_CHUNK ? bytes - done : SAVED_CHUNK;
        char *at = (char *)memory + done;
        if ((reading ? fread(at, 1, part, f) : fwrite(at, 1, part, f)) != part)
            return -1;
        done += part;
    }
    return 0;
}

static PyObject *Solver_save(Solver *s, PyObject *arg)
{
    FILE *f = open_path(arg, "wb");
    if (f == NULL)
        return NULL;
    Saved header = {{'N', 'R', 'T', 'A', 'B', 'L', 'E', '1'}, s->cube.n, s->misere,
                    s->table.buckets, s->stored, s->nodes, s->replaced};
    int failed = fwrite(&header, sizeof header, 1, f) != 1 ||
                 transfer(f, s->tried, TRIED_NODES * sizeof(Tried), 0) < 0 ||
                 transfer(f, s->table.slots, s->table.bytes, 0) < 0;
    if (fclose(f) != 0 || failed) {
        PyErr_SetString(PyExc_OSError, "could not write the table");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Solver_load(Solver *s, PyObject *arg)
{
    FILE *f = open_path(arg, "rb");
    if (f == NULL)
        return NULL;
    Saved header;
    int read = fread(&header, sizeof header, 1, f) == 1;
    if (!read || memcmp(header.magic, "NRTABLE1", 8) != 0 || header.n != s->cube.n ||
        header.misere != s->misere || header.buckets < MIN_BUCKETS) {
        fclose(f);
        PyErr_SetString(PyExc_ValueError, "the file is not a table saved by a solver of these "
                        "coins and rule");
        return NULL;
    }
    int failed = transfer(f, s->tried, TRIED_NODES * sizeof(Tried), 1) < 0;
    if (header.buckets == s->table.buckets) {
        failed = failed || transfer(f, s->table.slots, s->table.bytes, 1) < 0;
    } else { /* another size: each entry moved by its hash, bucket * quotient */
        u64 *chunk = PyMem_Malloc(SAVED_CHUNK);
        u64 per_chunk = SAVED_CHUNK / sizeof(u64);
        for (u64 done = 0; !failed && chunk && done < header.buckets * SLOTS;) {
            u64 part = header.buckets * SLOTS - done < per_chunk ? header.buckets * SLOTS - done
                                                                   : per_chunk;
            failed = fread(chunk, sizeof(u64), part, f) != part;
            for (u64 i = 0; !failed && i < part; i++)
                if (chunk[i] & FILLED) {
                    u64 h = (chunk[i] >> 8) * header.buckets + (done + i) / SLOTS;
                    Place p = {0, h % s->table.buckets, h / s->table.buckets, 0};
                    int log_work = (int)(chunk[i] & WORK_BITS);
                    store(s, &p, (chunk[i] & WON_BIT) != 0,
                          (long long)1 << (log_work < 62 ? log_work : 62));
                }
            done += part;
        }
        failed = failed || chunk == NULL;
        PyMem_Free(chunk);
    }
    fclose(f);
    if (failed) {
        memset(s->table.slots, 0, s->table.bytes); /* nothing half read is kept */
        memset(s->tried, 0, TRIED_NODES * sizeof(Tried));
        PyErr_SetString(PyExc_OSError, "the saved table ends too soon");
        return NULL;
    }
    if (header.buckets == s->table.buckets) {
        s->stored = header.stored;
        s->replaced = header.replaced;
    }
    s->nodes = header.nodes;
    Py_RETURN_NONE;
}

static PyObject *Solver_stats(Solver *s, void *unused)
{
    (void)unused;
    return Py_BuildValue("{s:L,s:L,s:L,s:L,s:L,s:K,s:K}", "nodes", s->nodes, "stored", s->stored,
                         "replaced", s->replaced, "keys", s->keys,
                         "arrangements", s->arrangements,
                         "capacity", (unsigned long long)(s->table.buckets * SLOTS),
                         "table_bytes", (unsigned long long)s->table.bytes);
}

static PyObject *Solver_path(Solver *s, void *unused)
{
    (void)unused;
    PyObject *list = PyList_New(s->path_depth);
    for (int i = 0; list != NULL && i < s->path_depth; i++) {
        const Step *t = &s->path[i];
        PyObject *item = Py_BuildValue("(iiL)", t->tried, t->candidates, t->budget);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyMethodDef Solver_methods[] = {
    {"key", (PyCFunction)(void (*)(void))Solver_key, METH_VARARGS | METH_KEYWORDS,
     "key(seen, pattern, reduce=True): the key of the position (without Lemma R if not reduce)."},
    {"wins", (PyCFunction)(void (*)(void))Solver_wins, METH_VARARGS | METH_KEYWORDS,
     "wins(seen, pattern, seconds=-1, max_nodes=-1, progress=None, tries=None, moves=0): does "
     "the player to move win? None when the budget ran out first; progress(nodes, stored) is "
     "called now and then; tries=(first depth, last depth, budget, growth) turns on budgeted "
     "tries at those depths (moves: the depth of the position)."},
    {"certificate", (PyCFunction)(void (*)(void))Solver_certificate,
     METH_VARARGS | METH_KEYWORDS,
     "certificate(path, leaf=16, progress=None, default_budget=16384, root=None): write the "
     "winner's strategy to `path` in the format NRWALK1 (docs/certificates.md), positions with "
     "at most `leaf` reachable unseen patterns left to the checker; a dict of counts. "
     "progress(nodes, records) is called now and then. root=(seen, pattern), a lost position, "
     "in place of the start (tests and benchmarks)."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Empty the transposition table."},
    {"save", (PyCFunction)Solver_save, METH_O,
     "save(path): write the table (and what the budgeted tries have spent) to `path`."},
    {"load", (PyCFunction)Solver_load, METH_O,
     "load(path): read back a table saved by a solver of the same coins and rule (of another "
     "size: its entries are moved, some given up if it is smaller)."},
    {NULL, NULL, 0, NULL}};

/* The budgeted tries made so far: for each node, its depth and, for each move in the order
 * first met, (positions searched under it, the budget it last ran out of or 0, settled:
 * 1 won for the opponent, -1 lost for her, 0 not settled). */
static PyObject *Solver_tries(Solver *s, void *unused)
{
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int k = 0; list != NULL && k < TRIED_NODES; k++) {
        const Tried *t = &s->tried[k];
        if (t->key == 0)
            continue;
        PyObject *moves = PyList_New(0);
        for (int i = 0; moves != NULL && i < MAX_COINS && t->moves[i]; i++) {
            PyObject *move = Py_BuildValue("(LLi)", t->spent[i], t->failed[i], t->settled[i]);
            if (move == NULL || PyList_Append(moves, move) < 0)
                Py_CLEAR(moves);
            Py_XDECREF(move);
        }
        PyObject *node = moves ? Py_BuildValue("(iN)", t->depth, moves) : NULL;
        if (node == NULL || PyList_Append(list, node) < 0)
            Py_CLEAR(list);
        Py_XDECREF(node);
    }
    return list;
}

static PyGetSetDef Solver_getset[] = {
    {"stats", (getter)Solver_stats, NULL, "positions searched, table entries and table size",
     NULL},
    {"tries", (getter)Solver_tries, NULL, "the budgeted tries made: (depth, [(positions "
     "searched, budget last run out of or 0, settled: 1 won for the opponent, -1 lost, 0 not), "
     "...]) for each node", NULL},
    {"path", (getter)Solver_path, NULL, "the search's path near the root, for progress: at "
     "each depth from the root's, (move searched, of how many, its budget or -1)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "coinproofs.games._norepeat.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(n, misere, table_bytes=2**24): No repeats on n <= 6 coins, searched "
              "natively over keys up to the cube's symmetries, with a table of at most "
              "table_bytes (at least 16 KiB).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_norepeat",
                                    "The native core of the No repeats solver.", -1, NULL,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__norepeat(void)
{
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
