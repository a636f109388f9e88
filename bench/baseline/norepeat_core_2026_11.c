/* The native core of the No repeats solver (coinproofs/games/norepeat.py, docs/norepeat.md).
 *
 * A position is (seen set S, current pattern v) on n <= 6 coins: S is a bitset over the 2^n
 * patterns (one uint64 word), v is in S. The solver names a position by a canonical key:
 *
 *   1. reduce: every unseen pattern the current one cannot reach through unseen patterns is
 *      marked seen (Lemma R: the game from there is move for move the same), and each part
 *      of the rest that hangs off a cut vertex is replaced by a gadget of one or two patterns
 *      with the same outcome (Lemma C, docs/norepeat.md);
 *   2. translate: every pattern x becomes x ^ v, so the current pattern is all heads (0);
 *   3. reorder: the least bitmask over the n! reorderings of the coins, found by
 *      branch-and-bound over which coin goes to each place (exact: see smallest()).
 *
 * Steps 2 and 3 range over the 2^n n! automorphisms of the n-cube (46,080 for 6 coins), so two
 * positions get one key iff an automorphism maps one (after step 1) onto the other. Without
 * step 1 the key is exactly the Python engine's key (tests compare them).
 *
 * The search is depth-first negamax over keys with a transposition table of bounded size
 * (buckets of four entries; a full bucket gives up its entry with the least work below it: a
 * lost entry costs time, never correctness, since a key's value does not depend on the path).
 * Moves are tried in order: one into a position already known lost, then those that leave the
 * opponent fewest replies that are not dead ends (Lemma D), fewer unseen patterns first.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define MAX_COINS 6
#define BUCKET 4
#define SMALL_PART 8 /* Lemma C's parts of at most this many patterns: solved by plain recursion */
#define PROGRESS_EVERY (1u << 16) /* nodes between calls of the progress callback */
#define CLOCK_EVERY (1u << 12)    /* nodes between looks at the clock */

enum { LOST = 0, WON = 1, STOPPED = -1 };

typedef struct {
    PyObject_HEAD
    int n, misere, cut_parts; /* cut_parts: apply Lemma C */
    u64 full;                     /* every pattern */
    u64 heads[MAX_COINS];         /* patterns with coin i heads */
    u64 swap_mask[MAX_COINS][MAX_COINS];
    u64 *keys;                    /* the table: 0 = empty (a key always holds pattern 0) */
    uint8_t *meta;                /* bit 7: the player to move wins; bits 0-6: log2 work */
    u64 mask;                     /* capacity - 1 */
    long long stored, nodes, replaced, collapsed;
    /* per call of wins(): */
    long long max_nodes;
    double deadline;
    PyObject *progress;
    int stop_reason;              /* 0 none, 1 budget, 2 exception from the callback */
} Solver;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- the n-cube, one word per set of patterns ---- */

/* The set with every pattern x replaced by x ^ (1 << coin). */
static inline u64 flip(const Solver *s, u64 set, int coin)
{
    int width = 1 << coin;
    return ((set & s->heads[coin]) << width) | ((set >> width) & s->heads[coin]);
}

/* The patterns one coin away from some pattern of the set. */
static inline u64 neighbours(const Solver *s, u64 set)
{
    u64 result = 0;
    for (int coin = 0; coin < s->n; coin++)
        result |= flip(s, set, coin);
    return result;
}

/* The set with coins i < j exchanged: a delta swap of the patterns where they differ. */
static inline u64 exchange(const Solver *s, u64 set, int i, int j)
{
    int shift = (1 << j) - (1 << i);
    u64 t = ((set >> shift) ^ set) & s->swap_mask[i][j];
    return set ^ t ^ (t << shift);
}

/* The unseen patterns reachable from v through unseen patterns, with v. */
static u64 reach(const Solver *s, u64 seen, int v)
{
    u64 open = s->full & ~seen, region = (u64)1 << v;
    for (;;) {
        u64 grown = region | (neighbours(s, region) & open);
        if (grown == region)
            return region;
        region = grown;
    }
}

/* The least bitmask of `set` over the reorderings of coins place..n-1 (coins below `place`
 * fixed), or `best` if none is smaller. Pattern 0 stays put, so the comparison goes from the
 * top bit down; the top 2^(place+1) bits are the patterns whose coins above `place` all show
 * tails, so they depend only on which coins go to places 0..place. A coin is chosen for
 * `place` only if it makes those bits least among the choices here: a smaller choice would
 * give a smaller word, so the least word is never cut off; a branch whose bits already exceed
 * the best word's is cut. With `order` (order[i]: the place coin i of `set` has gone to so
 * far), `best_order` receives a reordering that gives the least word (for the certificate's
 * automorphisms); the search proper passes NULL. */
static u64 smallest(const Solver *s, u64 set, int place, u64 best, const int *order,
                    int *best_order)
{
    int n = s->n;
    if (place >= n - 1) {
        if (set < best && order != NULL)
            memcpy(best_order, order, sizeof(int) * MAX_COINS);
        return set < best ? set : best;
    }
    int shift = (1 << n) - (2 << place);
    u64 images[MAX_COINS], least = ~(u64)0;
    for (int coin = place; coin < n; coin++) {
        images[coin] = coin == place ? set : exchange(s, set, place, coin);
        u64 top = images[coin] >> shift;
        if (top < least)
            least = top;
    }
    if (least > (best >> shift))
        return best;
    for (int coin = place; coin < n; coin++) {
        if (images[coin] >> shift != least)
            continue;
        int next[MAX_COINS]; /* places `place` and `coin` exchange their coins */
        for (int i = 0; order != NULL && i < MAX_COINS; i++)
            next[i] = order[i] == place ? coin : order[i] == coin ? place : order[i];
        best = smallest(s, images[coin], place + 1, best, order ? next : NULL, best_order);
    }
    return best;
}

static int wins(Solver *s, u64 key);
static int key_of(Solver *s, u64 seen, int v, int reduce, u64 *key);

/* Depth-first search of `region` from x (Tarjan's lowpoints): numbers the patterns in the
 * order met (`order`, from 1), and for each pattern a of the region records in hanging[a] the
 * patterns of the region the root can reach only through a: the subtrees of the children c of
 * a whose lowpoint (the earliest pattern their subtree has an edge to) is not before a.
 * Returns x's lowpoint; *below receives x's subtree. */
typedef struct {
    u64 region, hanging[64];
    int order[64], count, preorder[64]; /* preorder[k - 1]: the pattern numbered k */
} Cuts;

/* Does the player to move at x win when only the patterns of `open` are unseen? Plain
 * recursion, for the small parts of Lemma C. */
static int plain_wins(const Solver *s, u64 open, int x)
{
    int can_move = 0;
    for (int coin = 0; coin < s->n; coin++) {
        int y = x ^ 1 << coin;
        if (!(open >> y & 1))
            continue;
        can_move = 1;
        if (!plain_wins(s, open & ~((u64)1 << y), y))
            return WON;
    }
    return can_move ? LOST : s->misere;
}

static int lowpoint(const Solver *s, Cuts *c, int x, u64 *below)
{
    c->preorder[c->count] = x;
    int low = c->order[x] = ++c->count;
    *below = (u64)1 << x;
    for (int coin = 0; coin < s->n; coin++) {
        int y = x ^ 1 << coin;
        if (!(c->region >> y & 1))
            continue;
        if (c->order[y]) {
            if (c->order[y] < low)
                low = c->order[y];
            continue;
        }
        u64 subtree;
        int child_low = lowpoint(s, c, y, &subtree);
        *below |= subtree;
        if (child_low >= c->order[x])
            c->hanging[x] |= subtree;
        else if (child_low < low)
            low = child_low;
    }
    return low;
}

/* Lemma C: the region v reaches (`region`, v in it) with every part that hangs off a cut
 * vertex a (the unseen patterns v can reach only through a) replaced by a gadget of one or two
 * patterns that gives the player at a the same outcome for entering it. The parts are found
 * in one depth-first search (Tarjan's cut vertices); the outermost are replaced (a part
 * inside another goes with it: the search of the outer part's outcome cuts it in turn). Each
 * part's outcome is searched as a position of its own: the player at a, only the part
 * unseen. */
static int cut_hanging_parts(Solver *s, u64 *region, int v)
{
    Cuts c;
    for (u64 r = *region; r; r &= r - 1) {
        int x = __builtin_ctzll(r);
        c.order[x] = 0;
        c.hanging[x] = 0;
    }
    c.region = *region;
    c.count = 0;
    u64 everything, inside = 0;
    lowpoint(s, &c, v, &everything);
    for (int k = 1; k < c.count; k++) { /* preorder: a part's cut vertex before its inside */
        int a = c.preorder[k];
        u64 at = (u64)1 << a, hanging = c.hanging[a];
        if (!hanging || (inside & at))
            continue;
        inside |= hanging;
        int size = __builtin_popcountll(hanging), entering_wins;
        if (size == 1)
            continue; /* a single pattern is a gadget already */
        if (size <= SMALL_PART) {
            entering_wins = plain_wins(s, hanging, a);
        } else {
            u64 key;
            if (key_of(s, s->full & ~hanging, a, 1, &key) == STOPPED)
                return STOPPED;
            entering_wins = wins(s, key);
            if (entering_wins == STOPPED)
                return STOPPED;
        }
        u64 firsts = neighbours(s, at) & hanging, gadget = firsts & -firsts;
        if (entering_wins == s->misere) { /* the gadget a-c1-c2 (it exists: Lemma C) */
            gadget = 0;
            for (u64 f = firsts; f && !gadget; f &= f - 1) {
                u64 c1 = f & -f, after = neighbours(s, c1) & hanging;
                if (after)
                    gadget = c1 | (after & -after);
            }
            if (!gadget)
                continue; /* cannot happen (Lemma C); keeping the part is always sound */
        }
        *region = (*region & ~hanging) | gadget;
        s->collapsed++;
    }
    return 0;
}

/* The key of (seen, v): translated so v is all heads, least over reorderings; `reduce` first
 * marks the patterns v cannot reach as seen (Lemma R) and replaces the parts hanging off cut
 * vertices by gadgets (Lemma C, which may search). STOPPED if a search ran out of budget. */
static int key_of(Solver *s, u64 seen, int v, int reduce, u64 *key)
{
    if (reduce) {
        u64 region = reach(s, seen, v);
        if (s->cut_parts && cut_hanging_parts(s, &region, v) == STOPPED)
            return STOPPED;
        seen = s->full & ~(region & ~((u64)1 << v));
    }
    for (int coin = 0; coin < s->n; coin++)
        if (v >> coin & 1)
            seen = flip(s, seen, coin);
    *key = smallest(s, seen, 0, ~(u64)0, NULL, NULL);
    return 0;
}

/* ---- the transposition table ---- */

static inline u64 mix(u64 k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

/* WON, LOST, or STOPPED when the key is not stored. */
static int probe(const Solver *s, u64 key)
{
    u64 at = mix(key) & s->mask & ~(u64)(BUCKET - 1);
    for (int i = 0; i < BUCKET; i++)
        if (s->keys[at + i] == key)
            return s->meta[at + i] >> 7;
    return STOPPED;
}

static void store(Solver *s, u64 key, int won, long long work)
{
    u64 at = mix(key) & s->mask & ~(u64)(BUCKET - 1), victim = at;
    int log_work = 0;
    while (log_work < 127 && ((long long)1 << log_work) < work)
        log_work++;
    for (int i = 0; i < BUCKET; i++) {
        u64 slot = at + i;
        if (s->keys[slot] == 0 || s->keys[slot] == key) {
            victim = slot;
            break;
        }
        if ((s->meta[slot] & 127) < (s->meta[victim] & 127))
            victim = slot;
    }
    if (s->keys[victim] == 0)
        s->stored++;
    else if (s->keys[victim] != key)
        s->replaced++;
    s->keys[victim] = key;
    s->meta[victim] = (uint8_t)(won << 7 | log_work);
}

/* ---- the search ---- */

/* How many replies from `key` are not dead ends (Lemma D), and how many are there at all. */
static int live_replies(const Solver *s, u64 key)
{
    int live = 0;
    for (int coin = 0; coin < s->n; coin++) {
        u64 bit = (u64)1 << (1 << coin); /* pattern 1 << coin: turn `coin` from all heads */
        if (!(key & bit) && (neighbours(s, bit) & ~(key | bit) & s->full))
            live++;
    }
    return live;
}

static int checkpoint(Solver *s)
{
    if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) {
        s->stop_reason = 1;
        return STOPPED;
    }
    if (s->nodes % CLOCK_EVERY == 0 && s->deadline > 0 && now() > s->deadline) {
        s->stop_reason = 1;
        return STOPPED;
    }
    if (s->nodes % PROGRESS_EVERY == 0) {
        if (PyErr_CheckSignals() < 0) {
            s->stop_reason = 2;
            return STOPPED;
        }
        if (s->progress != NULL && s->progress != Py_None) {
            PyObject *r = PyObject_CallFunction(s->progress, "LL", s->nodes, s->stored);
            if (r == NULL) {
                s->stop_reason = 2;
                return STOPPED;
            }
            Py_DECREF(r);
        }
    }
    return 0;
}

/* Does the player to move from the canonical position `key` win? STOPPED on a budget. */
static int wins(Solver *s, u64 key)
{
    int known = probe(s, key);
    if (known != STOPPED)
        return known;
    s->nodes++;
    if (checkpoint(s) == STOPPED)
        return STOPPED;
    long long before = s->nodes;
    u64 children[MAX_COINS];
    int order[MAX_COINS], count = 0, can_move = 0, result = LOST;
    for (int coin = 0; coin < s->n && result == LOST; coin++) {
        int v = 1 << coin; /* the pattern after turning `coin` from all heads */
        if (key >> v & 1)
            continue;
        can_move = 1;
        u64 seen = key | (u64)1 << v;
        if (!(neighbours(s, (u64)1 << v) & ~seen & s->full)) {
            /* A dead end (Lemma D): the opponent is stuck there. */
            if (!s->misere)
                result = WON;
            continue;
        }
        u64 child;
        if (key_of(s, seen, v, 1, &child) == STOPPED)
            return STOPPED;
        int child_known = probe(s, child);
        if (child_known == LOST) {
            result = WON;
            break;
        }
        int duplicate = 0;
        for (int i = 0; i < count; i++)
            duplicate |= children[i] == child;
        if (duplicate || child_known == WON)
            continue;
        int rank = live_replies(s, child) * 64 + (64 - __builtin_popcountll(child));
        int i = count++;
        while (i > 0 && order[i - 1] > rank) {
            children[i] = children[i - 1];
            order[i] = order[i - 1];
            i--;
        }
        children[i] = child;
        order[i] = rank;
    }
    if (!can_move)
        return s->misere ? WON : LOST; /* stuck: a terminal position, not worth a slot */
    for (int i = 0; i < count && result == LOST; i++) {
        int child = wins(s, children[i]);
        if (child == STOPPED)
            return STOPPED;
        if (child == LOST)
            result = WON;
    }
    store(s, key, result, s->nodes - before + 1);
    return result;
}

/* ---- the Python type ---- */

static int check_position(const Solver *s, PyObject *seen_obj, int pattern, u64 *seen)
{
    *seen = PyLong_AsUnsignedLongLong(seen_obj);
    if (*seen == (u64)-1 && PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "the seen set must be a whole number below 2^64");
        return -1;
    }
    if (pattern < 0 || pattern >= (1 << s->n) || (*seen & ~s->full) || !(*seen >> pattern & 1)) {
        PyErr_Format(PyExc_ValueError, "not a position of %d coins: the seen set must hold "
                     "patterns below 2^%d, the current one among them", s->n, s->n);
        return -1;
    }
    return 0;
}

static int Solver_init(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"n", "misere", "table_bytes", "cut_parts", NULL};
    int n, misere, cut_parts = 0;
    long long table_bytes = 1 << 24;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ip|Lp", names, &n, &misere, &table_bytes,
                                     &cut_parts))
        return -1;
    if (n < 1 || n > MAX_COINS) {
        PyErr_Format(PyExc_ValueError, "the native solver handles 1 to %d coins, not %d",
                     MAX_COINS, n);
        return -1;
    }
    u64 capacity = BUCKET;
    while (capacity * 2 * (sizeof(u64) + 1) <= (u64)table_bytes)
        capacity *= 2;
    s->n = n;
    s->misere = misere;
    s->cut_parts = cut_parts;
    int patterns = 1 << n;
    s->full = patterns == 64 ? ~(u64)0 : ((u64)1 << patterns) - 1;
    for (int i = 0; i < n; i++) {
        s->heads[i] = 0;
        for (int x = 0; x < patterns; x++)
            if (!(x >> i & 1))
                s->heads[i] |= (u64)1 << x;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            s->swap_mask[i][j] = 0;
            for (int x = 0; x < patterns; x++)
                if ((x >> i & 1) && !(x >> j & 1))
                    s->swap_mask[i][j] |= (u64)1 << x;
        }
    PyMem_Free(s->keys);
    PyMem_Free(s->meta);
    s->keys = PyMem_Calloc(capacity, sizeof(u64));
    s->meta = PyMem_Calloc(capacity, 1);
    if (s->keys == NULL || s->meta == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->mask = capacity - 1;
    s->stored = s->nodes = s->replaced = s->collapsed = 0;
    return 0;
}

static void Solver_dealloc(Solver *s)
{
    PyMem_Free(s->keys);
    PyMem_Free(s->meta);
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
    s->deadline = 0; /* Lemma C may search: without a budget here */
    s->max_nodes = -1;
    s->stop_reason = 0;
    u64 key;
    if (key_of(s, seen, pattern, reduce, &key) == STOPPED)
        return NULL; /* Ctrl-C */
    return PyLong_FromUnsignedLongLong(key);
}

static PyObject *Solver_wins(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"seen", "pattern", "seconds", "max_nodes", "progress", NULL};
    PyObject *seen_obj, *progress = Py_None;
    int pattern;
    double seconds = -1;
    long long max_nodes = -1;
    u64 seen;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|dLO", names, &seen_obj, &pattern, &seconds,
                                     &max_nodes, &progress))
        return NULL;
    if (check_position(s, seen_obj, pattern, &seen) < 0)
        return NULL;
    s->deadline = seconds > 0 ? now() + seconds : 0;
    s->max_nodes = max_nodes >= 0 ? s->nodes + max_nodes : -1;
    s->progress = progress;
    s->stop_reason = 0;
    u64 key;
    int result = key_of(s, seen, pattern, 1, &key);
    if (result != STOPPED)
        result = wins(s, key);
    s->progress = NULL;
    if (result == STOPPED) {
        if (s->stop_reason == 2)
            return NULL; /* the callback's (or Ctrl-C's) exception */
        Py_RETURN_NONE;  /* out of budget */
    }
    return PyBool_FromLong(result);
}

/* ---- the winner's strategy as a certificate (the format of docs/norepeat.md) ---- */

#define NO_CHILD 0xFFFFFFFFu
#define NO_REPLY 255

/* The position (seen, v) after Lemma R only (the checker's reduce), its key, and the index of
 * an automorphism sigma with sigma(position) = (key, all heads): sigma(x) = pi(x) ^ pi(v),
 * index = rank(pi) * 2^n + pi(v), rank in the lexicographic order of (pi[0], ..., pi[n-1]). */
static void certified_key(const Solver *s, u64 seen, int v, u64 *key, uint32_t *automorphism)
{
    int n = s->n, identity[MAX_COINS], order[MAX_COINS];
    u64 translated = s->full & ~(reach(s, seen, v) & ~((u64)1 << v));
    for (int coin = 0; coin < n; coin++)
        if (v >> coin & 1)
            translated = flip(s, translated, coin);
    for (int i = 0; i < MAX_COINS; i++)
        identity[i] = order[i] = i;
    *key = smallest(s, translated, 0, ~(u64)0, identity, order);
    uint32_t rank = 0, image = 0;
    for (int i = 0; i < n; i++) {
        int later_smaller = 0, factorial = 1;
        for (int j = i + 1; j < n; j++)
            later_smaller += order[j] < order[i];
        for (int k = 2; k < n - i; k++)
            factorial *= k;
        rank += (uint32_t)(later_smaller * factorial);
        if (v >> i & 1)
            image |= 1u << order[i];
    }
    *automorphism = (rank << n) | image;
}

/* The nodes of the certificate: a growing list of positions and an open-addressing map from
 * key (current pattern all heads) to node index. */
typedef struct {
    u64 *seen;
    uint8_t *current;
    uint32_t count, room;
    u64 *map_keys;
    uint32_t *map_nodes;
    u64 map_mask;
} Nodes;

static int nodes_add(Nodes *d, u64 seen, int current)
{
    if (d->count == d->room) {
        uint32_t room = d->room ? 2 * d->room : 1024;
        u64 *more_seen = PyMem_Realloc(d->seen, room * sizeof(u64));
        if (more_seen == NULL)
            return -1;
        d->seen = more_seen;
        uint8_t *more_current = PyMem_Realloc(d->current, room);
        if (more_current == NULL)
            return -1;
        d->current = more_current;
        d->room = room;
    }
    d->seen[d->count] = seen;
    d->current[d->count] = (uint8_t)current;
    d->count++;
    return 0;
}

/* The node of `key`, or NO_CHILD. */
static uint32_t nodes_find(const Nodes *d, u64 key)
{
    if (d->map_keys == NULL)
        return NO_CHILD;
    for (u64 at = mix(key) & d->map_mask;; at = (at + 1) & d->map_mask) {
        if (d->map_keys[at] == key)
            return d->map_nodes[at];
        if (d->map_keys[at] == 0)
            return NO_CHILD;
    }
}

static int nodes_grow_map(Nodes *d);

/* The node of `key`, added if new (-1: out of memory). */
static int nodes_put(Nodes *d, u64 key, uint32_t *node)
{
    if ((u64)d->count * 2 >= d->map_mask && nodes_grow_map(d) < 0)
        return -1;
    u64 at = mix(key) & d->map_mask;
    for (; d->map_keys[at] != 0; at = (at + 1) & d->map_mask)
        if (d->map_keys[at] == key) {
            *node = d->map_nodes[at];
            return 0;
        }
    if (nodes_add(d, key, 0) < 0)
        return -1;
    d->map_keys[at] = key;
    d->map_nodes[at] = *node = d->count - 1;
    return 0;
}

static int nodes_grow_map(Nodes *d)
{
    u64 old_mask = d->map_mask, *old_keys = d->map_keys;
    uint32_t *old_nodes = d->map_nodes;
    u64 size = old_keys ? 2 * (old_mask + 1) : 4096;
    d->map_keys = PyMem_Calloc(size, sizeof(u64));
    d->map_nodes = PyMem_Calloc(size, sizeof(uint32_t));
    if (d->map_keys == NULL || d->map_nodes == NULL) {
        PyMem_Free(d->map_keys);
        PyMem_Free(d->map_nodes);
        d->map_keys = old_keys;
        d->map_nodes = old_nodes;
        return -1;
    }
    d->map_mask = size - 1;
    for (u64 i = 0; old_keys && i <= old_mask; i++)
        if (old_keys[i]) {
            u64 at = mix(old_keys[i]) & d->map_mask;
            while (d->map_keys[at])
                at = (at + 1) & d->map_mask;
            d->map_keys[at] = old_keys[i];
            d->map_nodes[at] = old_nodes[i];
        }
    PyMem_Free(old_keys);
    PyMem_Free(old_nodes);
    return 0;
}

static void nodes_free(Nodes *d)
{
    PyMem_Free(d->seen);
    PyMem_Free(d->current);
    PyMem_Free(d->map_keys);
    PyMem_Free(d->map_nodes);
}

static int has_move(const Solver *s, u64 seen, int v)
{
    return (neighbours(s, (u64)1 << v) & ~seen & s->full) != 0;
}

/* Does the player to move at (seen, v) win? Searched by the solver (STOPPED on Ctrl-C or an
 * exception from the progress callback). */
static int position_wins(Solver *s, u64 seen, int v)
{
    u64 key;
    if (key_of(s, seen, v, 1, &key) == STOPPED)
        return STOPPED;
    return wins(s, key);
}

/* The winner's reply at (seen, v) (the loser has just moved), its child node (NO_CHILD: the
 * loser is then stuck) and automorphism: a reply to a node already listed if there is one,
 * else the first the solver proves lost for the loser. -1: none (the solver would be wrong),
 * STOPPED: stopped. */
static int winner_reply(Solver *s, Nodes *d, u64 seen, int v, uint32_t *child,
                        uint32_t *automorphism)
{
    u64 keys[MAX_COINS];
    uint32_t autos[MAX_COINS];
    for (int pass = 0; pass < 2; pass++)
        for (int coin = 0; coin < s->n; coin++) {
            int w = v ^ 1 << coin;
            if (seen >> w & 1)
                continue;
            u64 after = seen | (u64)1 << w;
            if (!has_move(s, after, w)) {
                if (s->misere)
                    continue; /* the loser would be stuck: a win for the loser */
                *child = NO_CHILD;
                *automorphism = 0;
                return coin;
            }
            if (pass == 0) {
                certified_key(s, after, w, &keys[coin], &autos[coin]);
                if ((*child = nodes_find(d, keys[coin])) != NO_CHILD) {
                    *automorphism = autos[coin];
                    return coin;
                }
                continue;
            }
            int loser_wins = position_wins(s, keys[coin], 0);
            if (loser_wins == STOPPED)
                return STOPPED;
            if (!loser_wins) {
                *automorphism = autos[coin];
                return nodes_put(d, keys[coin], child) < 0 ? -2 : coin;
            }
        }
    return -1;
}

static int write_u64(FILE *f, u64 x)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(x >> (8 * i));
    return fwrite(b, 1, 8, f) == 8 ? 0 : -1;
}

static int write_u32(FILE *f, uint32_t x)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(x >> (8 * i));
    return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

/* Write the certificate to `f`: the header, then node after node (each node's children are
 * listed as they are found, so the nodes are written in the order they are numbered). */
static int write_certificate(Solver *s, FILE *f, Nodes *d, long long *written)
{
    int n = s->n, first = NO_REPLY;
    int start_wins = position_wins(s, 1, 0);
    if (start_wins == STOPPED)
        return STOPPED;
    if (start_wins) { /* the first player wins: her first move, then the second player moves */
        for (int coin = 0; coin < n && first == NO_REPLY; coin++) {
            int v = 1 << coin;
            u64 after = 1 | (u64)1 << v;
            int stuck = !has_move(s, after, v);
            int loser_wins = stuck ? s->misere : position_wins(s, after, v);
            if (loser_wins == STOPPED)
                return STOPPED;
            if (!loser_wins)
                first = coin;
        }
        if (first == NO_REPLY)
            return -1;
        int v = 1 << first;
        if (nodes_add(d, s->full & ~(reach(s, 1 | (u64)1 << v, v) & ~((u64)1 << v)), v) < 0)
            return -2;
    } else {
        uint32_t root;
        if (nodes_put(d, s->full & ~(reach(s, 1, 0) & ~(u64)1), &root) < 0)
            return -2;
    }
    static const uint8_t magic[8] = {'N', 'R', 'D', 'A', 'G', '1', '\n', 0};
    uint8_t header[4] = {(uint8_t)n, (uint8_t)s->misere, start_wins ? 1 : 2, (uint8_t)first};
    if (fwrite(magic, 1, 8, f) != 8 || fwrite(header, 1, 4, f) != 4 || write_u64(f, 0) < 0)
        return -3;
    for (uint32_t i = 0; i < d->count; i++) {
        u64 seen = d->seen[i];
        int v = d->current[i];
        uint8_t moves = 0;
        for (int coin = 0; coin < n; coin++)
            moves += !(seen >> (v ^ 1 << coin) & 1);
        if (write_u64(f, seen) < 0 || fputc(v, f) == EOF || fputc(moves, f) == EOF)
            return -3;
        for (int coin = 0; coin < n; coin++) {
            int u = v ^ 1 << coin;
            if (seen >> u & 1)
                continue;
            u64 after = seen | (u64)1 << u;
            uint32_t child = NO_CHILD, automorphism = 0;
            int reply = NO_REPLY;
            if (has_move(s, after, u)) {
                reply = winner_reply(s, d, after, u, &child, &automorphism);
                if (reply < 0)
                    return reply;
            } else if (!s->misere) {
                return -1; /* the loser left the winner stuck: the winner lost */
            }
            if (fputc(reply, f) == EOF || write_u32(f, automorphism) < 0 ||
                write_u32(f, child) < 0)
                return -3;
        }
        if (d->count >= NO_CHILD - 1)
            return -4;
        if (i % 4096 == 0 && s->progress != NULL && s->progress != Py_None) {
            PyObject *r = PyObject_CallFunction(s->progress, "LL", (long long)i + 1,
                                                (long long)d->count);
            if (r == NULL)
                return STOPPED;
            Py_DECREF(r);
        }
    }
    if (fseek(f, 12, SEEK_SET) != 0 || write_u64(f, d->count) < 0)
        return -3;
    *written = d->count;
    return 0;
}

static PyObject *Solver_certificate(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"path", "progress", NULL};
    PyObject *path, *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|O", names, PyUnicode_FSConverter, &path,
                                     &progress))
        return NULL;
    FILE *f = fopen(PyBytes_AS_STRING(path), "wb");
    if (f == NULL) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    Py_DECREF(path);
    Nodes d = {0};
    s->deadline = 0;
    s->max_nodes = -1;
    s->stop_reason = 0;
    s->progress = progress;
    long long written = 0;
    int result = write_certificate(s, f, &d, &written);
    s->progress = NULL;
    nodes_free(&d);
    if (fclose(f) != 0 && result == 0)
        result = -3;
    if (result == STOPPED) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyboardInterrupt, "stopped");
        return NULL;
    }
    if (result == -1)
        PyErr_SetString(PyExc_RuntimeError, "the search found no winning move where it "
                        "proved one (a bug in the solver)");
    else if (result == -2)
        PyErr_NoMemory();
    else if (result == -3)
        PyErr_SetString(PyExc_OSError, "could not write the certificate");
    else if (result == -4)
        PyErr_SetString(PyExc_OverflowError, "more than 2^32 - 2 nodes");
    if (result < 0)
        return NULL;
    return PyLong_FromLongLong(written);
}

static PyObject *Solver_clear(Solver *s, PyObject *unused)
{
    (void)unused;
    memset(s->keys, 0, (s->mask + 1) * sizeof(u64));
    memset(s->meta, 0, s->mask + 1);
    s->stored = 0;
    Py_RETURN_NONE;
}

static PyObject *Solver_stats(Solver *s, void *unused)
{
    (void)unused;
    return Py_BuildValue("{s:L,s:L,s:L,s:L,s:K,s:K}", "nodes", s->nodes, "stored", s->stored,
                         "replaced", s->replaced, "collapsed", s->collapsed, "capacity", (unsigned long long)(s->mask + 1),
                         "table_bytes", (unsigned long long)((s->mask + 1) * (sizeof(u64) + 1)));
}

static PyMethodDef Solver_methods[] = {
    {"key", (PyCFunction)(void (*)(void))Solver_key, METH_VARARGS | METH_KEYWORDS,
     "key(seen, pattern, reduce=True): the canonical key of the position."},
    {"wins", (PyCFunction)(void (*)(void))Solver_wins, METH_VARARGS | METH_KEYWORDS,
     "wins(seen, pattern, seconds=-1, max_nodes=-1, progress=None): does the player to move "
     "win? None when the budget ran out first; progress(nodes, stored) is called now and then."},
    {"certificate", (PyCFunction)(void (*)(void))Solver_certificate,
     METH_VARARGS | METH_KEYWORDS,
     "certificate(path, progress=None): write the winner's strategy to `path` in the No "
     "repeats DAG format (docs/norepeat.md); the number of nodes. progress(done, listed) is "
     "called now and then."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Empty the transposition table."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Solver_getset[] = {
    {"stats", (getter)Solver_stats, NULL, "nodes searched, table entries and table size", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "coinproofs.games._norepeat.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(n, misere, table_bytes=2**24, cut_parts=False): No repeats on n <= 6 "
              "coins, searched natively over keys up to the cube's symmetries, with a table of "
              "at most table_bytes; cut_parts applies Lemma C.",
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
