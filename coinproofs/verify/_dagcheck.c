/* The native checker of a No repeats strategy DAG (format NRDAG1, docs/certificates.md).

   The kernel (verify/norepeat_dag.py) reads the file's header, its hash and its size, and
   feeds the bytes after the header to a Dag object in two passes: positions() and
   end_positions() read and keep every node's position; replies() and end_replies() check each
   node's replies against them. A rejection is a ValueError whose message is word for word the
   one the kernel's Python walk (norepeat_dag.Walk) gives for the same file.

   It is written from the format alone and shares no code with the solver (games/_norepeat.c):
   its own reading, its own reduce (Lemma R) and its own automorphisms. It never searches: it
   lists the loser's moves, plays the named reply, reduces, maps by the named automorphism and
   compares with the named node. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NODE_BYTES 10   /* seen u64, current u8, moves u8 */
#define RECORD_BYTES 9  /* reply u8, automorphism u32, child u32 */
#define MAX_COINS 6
#define NO_REPLY 255
#define NO_CHILD 0xFFFFFFFFu

typedef struct {
    PyObject_HEAD
    int n, misere, orders;           /* coins, rule, n! */
    uint64_t nodes, next;            /* nodes in the file, the next one to read */
    uint64_t everything;             /* the set of all 2^n patterns */
    uint64_t heads[MAX_COINS];       /* the patterns showing heads on each coin */
    uint64_t root_seen;
    int root_current;
    uint64_t *seen;                  /* each node's position, from the first pass */
    uint8_t *current, *named;
    uint8_t image[720][64];          /* image[p][x]: bit order[i] of it is bit i of x */
    uint8_t carry[NODE_BYTES + MAX_COINS * RECORD_BYTES];
    size_t carried;
} Dag;

static uint64_t le(const uint8_t *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* v written as Python's f"{v:,}" writes it. */
static const char *grouped(char *out, uint64_t v) {
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v), o = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0) out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = 0;
    return out;
}

static int refuse(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

static int legal_moves(const Dag *d, uint64_t seen, int at, int *coins) {
    int k = 0;
    for (int coin = 0; coin < d->n; coin++)
        if (!(seen >> (at ^ 1 << coin) & 1)) coins[k++] = coin;
    return k;
}

/* Lemma R: mark seen every unseen pattern that `at` cannot reach through unseen ones. */
static uint64_t unreachable_marked(int n, uint64_t everything, const uint64_t *heads,
                                   uint64_t seen, int at) {
    uint64_t unseen = everything & ~seen, reached = 1ull << at, frontier = reached;
    while (frontier) {
        uint64_t around = 0;
        for (int coin = 0; coin < n; coin++) {
            int width = 1 << coin;
            around |= (frontier & heads[coin]) << width | (frontier >> width & heads[coin]);
        }
        frontier = around & unseen & ~reached;
        reached |= frontier;
    }
    return seen | (unseen & ~reached);
}

static uint64_t reduce(const Dag *d, uint64_t seen, int at) {
    return unreachable_marked(d->n, d->everything, d->heads, seen, at);
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

static int Dag_init(Dag *d, PyObject *args, PyObject *kwargs) {
    /* root_seen and root_current, in place of the start, let tests and benchmarks read DAGs
       for positions late in a game (the kernel never gives them). */
    static char *names[] = {"n", "misere", "winner", "first", "nodes", "root_seen",
                            "root_current", NULL};
    int n, misere, winner, first, root_current = -1;
    unsigned long long nodes, root_seen = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ipiiK|Ki", names, &n, &misere, &winner,
                                     &first, &nodes, &root_seen, &root_current))
        return -1;
    if (n < 1 || n > MAX_COINS || nodes < 1 || nodes > SIZE_MAX / sizeof(uint64_t)
        || (winner == 1 && (first < 0 || first >= n)))
        return refuse("a DAG is checked for 1 to 6 coins, at least one node, a first move a coin");
    free(d->seen); free(d->current); free(d->named);
    d->n = n; d->misere = misere; d->nodes = nodes; d->next = 0; d->carried = 0;
    d->everything = n == 6 ? ~0ull : (1ull << (1 << n)) - 1;
    for (int coin = 0; coin < n; coin++) {
        d->heads[coin] = 0;
        for (int x = 0; x < 1 << n; x++)
            if (!(x >> coin & 1)) d->heads[coin] |= 1ull << x;
    }
    int order[MAX_COINS];
    for (int i = 0; i < n; i++) order[i] = i;
    d->orders = 0;
    do {
        for (int x = 0; x < 1 << n; x++) {
            int y = 0;
            for (int i = 0; i < n; i++) y |= (x >> i & 1) << order[i];
            d->image[d->orders][x] = (uint8_t)y;
        }
        d->orders++;
    } while (next_order(order, n));
    d->root_current = winner == 2 ? 0 : 1 << first;
    d->root_seen = reduce(d, 1ull | 1ull << d->root_current, d->root_current);
    if (root_current >= 0) {
        d->root_current = root_current;
        d->root_seen = root_seen;
    }
    d->seen = malloc(nodes * sizeof *d->seen);
    d->current = malloc(nodes);
    d->named = calloc(nodes, 1);
    if (!d->seen || !d->current || !d->named) { PyErr_NoMemory(); return -1; }
    return 0;
}

static void Dag_dealloc(Dag *d) {
    free(d->seen); free(d->current); free(d->named);
    Py_TYPE(d)->tp_free((PyObject *)d);
}

typedef int (*Visit)(Dag *, uint64_t, const uint8_t *, int);

/* Each node completed by the chunk is handed to `visit`; the rest waits for the next. */
static PyObject *feed(Dag *d, PyObject *arg, Visit visit) {
    Py_buffer chunk;
    char m1[32], message[300];
    if (!d->seen) return refuse("the Dag was not initialised"), NULL;
    if (PyObject_GetBuffer(arg, &chunk, PyBUF_SIMPLE) < 0) return NULL;
    size_t len = d->carried + (size_t)chunk.len, at = 0;
    uint8_t *data = malloc(len ? len : 1);
    if (!data) { PyBuffer_Release(&chunk); return PyErr_NoMemory(); }
    memcpy(data, d->carry, d->carried);
    memcpy(data + d->carried, chunk.buf, (size_t)chunk.len);
    PyBuffer_Release(&chunk);
    int failed = 0;
    while (!failed && len - at >= NODE_BYTES) {
        if (d->next >= d->nodes) {
            snprintf(message, sizeof message, "the file goes on after its last node (node %s)",
                     grouped(m1, d->nodes - 1));
            failed = refuse(message);
            break;
        }
        int moves = data[at + 9];
        if (moves > d->n) {
            snprintf(message, sizeof message, "node %s lists %d loser moves, more than %d coins "
                     "allow", grouped(m1, d->next), moves, d->n);
            failed = refuse(message);
            break;
        }
        size_t end = at + NODE_BYTES + (size_t)moves * RECORD_BYTES;
        if (end > len) break;
        failed = visit(d, d->next, data + at, moves);
        d->next++;
        at = end;
    }
    if (!failed) {
        d->carried = len - at;
        memcpy(d->carry, data + at, d->carried);
    }
    free(data);
    if (failed) return NULL;
    Py_RETURN_NONE;
}

static int end_of_file(Dag *d) {
    char m1[32], m2[32], message[200];
    if (d->next != d->nodes) {
        snprintf(message, sizeof message, "the file ends inside node %s (of %s)",
                 grouped(m1, d->next), grouped(m2, d->nodes));
        return refuse(message);
    }
    if (d->carried) {
        snprintf(message, sizeof message, "the file goes on after its last node (node %s)",
                 grouped(m1, d->nodes - 1));
        return refuse(message);
    }
    d->next = 0;
    return 0;
}

static int visit_position(Dag *d, uint64_t i, const uint8_t *node, int moves) {
    char m1[32], message[200];
    uint64_t seen = le(node, 8);
    int current = node[8];
    (void)moves;
    grouped(m1, i);
    if (seen & ~d->everything)
        snprintf(message, sizeof message, "node %s's seen set holds patterns of more than %d "
                 "coins", m1, d->n);
    else if (current >= 1 << d->n)
        snprintf(message, sizeof message, "node %s's current pattern %d is not a pattern of %d "
                 "coins", m1, current, d->n);
    else if (!(seen >> current & 1))
        snprintf(message, sizeof message, "node %s's current pattern %d is not in its seen set",
                 m1, current);
    else {
        d->seen[i] = seen;
        d->current[i] = (uint8_t)current;
        return 0;
    }
    return refuse(message);
}

/* The record of node i for the loser's move to the pattern `moved`. */
static int check_reply(Dag *d, const char *where, uint64_t seen, int moved, const uint8_t *record) {
    char m1[32], m2[32], here[160], message[400];
    int coins[MAX_COINS], reply = record[0];
    uint64_t autom = le(record + 1, 4), child = le(record + 5, 4);
    message[0] = 0;
    seen |= 1ull << moved;
    if (reply == NO_REPLY) {
        if (!d->misere)
            snprintf(message, sizeof message, "%s: no reply (255) is allowed only under misère "
                     "play", where);
        else if (legal_moves(d, seen, moved, coins))
            snprintf(message, sizeof message, "%s: no reply (255), but the winner can move", where);
        else if (autom != 0 || child != NO_CHILD)
            snprintf(message, sizeof message, "%s: no reply (255) takes automorphism 0 and no "
                     "child", where);
        return message[0] ? refuse(message) : 0;
    }
    if (reply >= d->n || seen >> (moved ^ 1 << reply) & 1) {
        snprintf(message, sizeof message, "%s: the reply %d is not a legal move", where, reply);
        return refuse(message);
    }
    snprintf(here, sizeof here, "%s, reply %d", where, reply);
    int current = moved ^ 1 << reply;
    seen |= 1ull << current;
    if (child == NO_CHILD) {
        if (d->misere)
            snprintf(message, sizeof message, "%s: leaving the loser stuck loses under misère "
                     "play", here);
        else if (legal_moves(d, seen, current, coins))
            snprintf(message, sizeof message, "%s: no child is named, but the loser can move", here);
        else if (autom != 0)
            snprintf(message, sizeof message, "%s: no child takes automorphism 0", here);
        return message[0] ? refuse(message) : 0;
    }
    if (child >= d->nodes) {
        snprintf(message, sizeof message, "%s: the child %s is not a node (the file has %s)", here,
                 grouped(m1, child), grouped(m2, d->nodes));
        return refuse(message);
    }
    if (autom >= (uint64_t)d->orders << d->n) {
        snprintf(message, sizeof message, "%s: the automorphism %s is not one (there are %s)",
                 here, grouped(m1, autom), grouped(m2, (uint64_t)d->orders << d->n));
        return refuse(message);
    }
    const uint8_t *image = d->image[autom >> d->n];
    int flip = (int)(autom & ((1u << d->n) - 1));
    uint64_t mapped = 0, rest = reduce(d, seen, current);
    for (int x = 0; x < 1 << d->n; x++)
        if (rest >> x & 1) mapped |= 1ull << (image[x] ^ flip);
    if (mapped != d->seen[child] || (image[current] ^ flip) != d->current[child]) {
        snprintf(message, sizeof message, "%s: automorphism %s does not map the position to "
                 "node %s", here, grouped(m1, autom), grouped(m2, child));
        return refuse(message);
    }
    d->named[child] = 1;
    return 0;
}

static int visit_replies(Dag *d, uint64_t i, const uint8_t *node, int moves) {
    char m1[32], where[100], message[200];
    int coins[MAX_COINS];
    uint64_t seen = d->seen[i];
    int current = d->current[i], k = legal_moves(d, seen, current, coins);
    grouped(m1, i);
    if (moves != k) {
        snprintf(message, sizeof message, "node %s lists %d loser moves, but the loser has %d",
                 m1, moves, k);
        return refuse(message);
    }
    if (k == 0 && d->misere) {
        snprintf(message, sizeof message, "node %s leaves the loser stuck, which wins under "
                 "misère play", m1);
        return refuse(message);
    }
    for (int r = 0; r < k; r++) {
        snprintf(where, sizeof where, "node %s, loser coin %d", m1, coins[r]);
        if (check_reply(d, where, seen, current ^ 1 << coins[r],
                        node + NODE_BYTES + r * RECORD_BYTES) < 0)
            return -1;
    }
    return 0;
}

static PyObject *Dag_positions(Dag *d, PyObject *chunk) { return feed(d, chunk, visit_position); }
static PyObject *Dag_replies(Dag *d, PyObject *chunk) { return feed(d, chunk, visit_replies); }

static PyObject *Dag_end_positions(Dag *d, PyObject *unused) {
    (void)unused;
    if (!d->seen) return refuse("the Dag was not initialised"), NULL;
    if (end_of_file(d) < 0) return NULL;
    if (d->seen[0] != d->root_seen || d->current[0] != d->root_current) {
        refuse("node 0 is not the reduced position after the winner's first move (or the "
               "start, when the second player wins)");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Dag_end_replies(Dag *d, PyObject *unused) {
    char m1[32], message[100];
    (void)unused;
    if (!d->seen) return refuse("the Dag was not initialised"), NULL;
    if (end_of_file(d) < 0) return NULL;
    for (uint64_t j = 1; j < d->nodes; j++)
        if (!d->named[j]) {
            snprintf(message, sizeof message, "node %s is named by no record", grouped(m1, j));
            refuse(message);
            return NULL;
        }
    Py_RETURN_NONE;
}

static PyMethodDef Dag_methods[] = {
    {"positions", (PyCFunction)Dag_positions, METH_O, "First pass: read and keep positions."},
    {"end_positions", (PyCFunction)Dag_end_positions, METH_NOARGS,
     "The first pass is over: the file ended after its last node; node 0 is the start."},
    {"replies", (PyCFunction)Dag_replies, METH_O, "Second pass: check each node's replies."},
    {"end_replies", (PyCFunction)Dag_end_replies, METH_NOARGS,
     "The second pass is over: every node but node 0 is named by a record."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject DagType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "coinproofs.verify._dagcheck.Dag",
    .tp_doc = "Dag(n, misere, winner, first, nodes): the native check of a strategy DAG.",
    .tp_basicsize = sizeof(Dag),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Dag_init,
    .tp_dealloc = (destructor)Dag_dealloc,
    .tp_methods = Dag_methods,
};

/* ---- NRWALK1: the winner's strategy walked, a default reply and the deviations listed ----

   The walk of verify/norepeat_walk.py (which states the format and why acceptance proves the
   claim), written again here for files too large for Python: the same walk, the same messages
   word for word, its own code. It never searches beyond a leaf: at a position whose current
   pattern reaches at most `leaf` unseen patterns it plays the game out by plain recursion. */

#define NRWALK_RECORD_MOST 9  /* bytes in a record's varint */

typedef struct {
    PyObject_HEAD
    int n, misere, winner, first, leaf, root_current;
    uint64_t nodes, records, root_seen; /* as the header says; where the loser first moves */
    uint64_t everything, heads[MAX_COINS];
    uint64_t tails_by_weight[MAX_COINS][MAX_COINS + 1]; /* coin c tails, w coins tails in all */
    uint64_t *table, table_mask, entered; /* the normal forms of the nodes entered */
    const uint8_t *bytes;            /* the records */
    size_t size, cursor;
    uint64_t used, moves;            /* records read, loser moves numbered */
    int64_t due;                     /* the loser move the next record is for, -1: none left */
    int listed;                      /* the reply it names */
} Walk;

static int Walk_init(Walk *k, PyObject *args, PyObject *kwargs) {
    /* root_seen and root_current, in place of the start, let tests and benchmarks read walks
       from positions late in a game (the kernel never gives them). */
    static char *names[] = {"n", "misere", "winner", "first", "leaf", "nodes", "records",
                            "root_seen", "root_current", NULL};
    int n, misere, winner, first, leaf, root_current = 0;
    unsigned long long nodes, records, root_seen = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ipiiiKK|Ki", names, &n, &misere, &winner,
                                     &first, &leaf, &nodes, &records, &root_seen, &root_current))
        return -1;
    if (n < 1 || n > MAX_COINS || leaf < 0 || leaf > 63 || nodes > (1ull << 40)
        || (winner == 1 && (first < 0 || first >= n)))
        return refuse("a walk is checked for 1 to 6 coins, a leaf size below 64, a first move "
                      "a coin");
    k->n = n; k->misere = misere; k->winner = winner; k->first = first; k->leaf = leaf;
    k->nodes = nodes; k->records = records; k->root_seen = root_seen;
    k->root_current = root_current;
    k->everything = n == 6 ? ~0ull : (1ull << (1 << n)) - 1;
    memset(k->heads, 0, sizeof k->heads);
    memset(k->tails_by_weight, 0, sizeof k->tails_by_weight);
    for (int x = 0; x < 1 << n; x++)
        for (int coin = 0; coin < n; coin++) {
            if (x >> coin & 1) k->tails_by_weight[coin][__builtin_popcount(x)] |= 1ull << x;
            else k->heads[coin] |= 1ull << x;
        }
    uint64_t room = 16;
    while (room < 2 * nodes) room *= 2;
    free(k->table);
    k->table = calloc(room, sizeof *k->table);
    if (!k->table) { PyErr_NoMemory(); return -1; }
    k->table_mask = room - 1;
    k->entered = 0;
    return 0;
}

static void Walk_dealloc(Walk *k) {
    free(k->table);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

/* Has a node of this normal form been entered? If not, it is now. (Normal forms hold pattern
   0, so 0 marks an empty slot.) */
static int seen_before(Walk *k, uint64_t form) {
    uint64_t slot = (form * 0x9E3779B97F4A7C15ull) >> 20 & k->table_mask;
    while (k->table[slot]) {
        if (k->table[slot] == form) return 1;
        slot = (slot + 1) & k->table_mask;
    }
    k->table[slot] = form;
    k->entered++;
    return 0;
}

static int open_moves(const Walk *k, uint64_t seen, int at) {
    int count = 0;
    for (int coin = 0; coin < k->n; coin++) count += !(seen >> (at ^ 1 << coin) & 1);
    return count;
}

/* The coins c and d (c < d) of every pattern of `set` trade places. */
static uint64_t trade(const Walk *k, uint64_t set, int c, int d) {
    uint64_t only_c = k->heads[d] & ~k->heads[c], distance = (1ull << d) - (1ull << c);
    uint64_t up = set & only_c, down = set & (only_c << distance);
    return (set & ~(only_c | only_c << distance)) | up << distance | down >> distance;
}

/* The least word over the orders of the coins at places from..n-1 that keep `rank` (the
   signature at each place) as it is: at each place, each coin of the same signature in turn. */
static uint64_t least_keeping(const Walk *k, uint64_t set, const uint32_t *rank, int from) {
    if (from >= k->n - 1) return set;
    uint64_t best = least_keeping(k, set, rank, from + 1);
    for (int other = from + 1; other < k->n && rank[other] == rank[from]; other++) {
        uint64_t image = least_keeping(k, trade(k, set, from, other), rank, from + 1);
        if (image < best) best = image;
    }
    return best;
}

/* The normal form of (seen, at): Lemma R, then x -> x ^ at, then the coins in order of
   non-increasing signature (tails counts by weight, weight 1 in the top 4 bits), the least
   word among such orders. */
static uint64_t normal_of(const Walk *k, uint64_t seen, int at) {
    uint64_t rest = unreachable_marked(k->n, k->everything, k->heads, seen, at), set = 0;
    for (uint64_t bits = rest; bits; bits &= bits - 1) set |= 1ull << (__builtin_ctzll(bits) ^ at);
    uint32_t rank[MAX_COINS];
    for (int coin = 0; coin < k->n; coin++) {
        uint32_t code = 0;
        for (int weight = 1; weight <= k->n; weight++)
            code = code << 4 | (uint32_t)__builtin_popcountll(set & k->tails_by_weight[coin][weight]);
        rank[coin] = code;
    }
    for (int place = 0; place + 1 < k->n; place++) {  /* the largest signature first */
        int top = place;
        for (int coin = place + 1; coin < k->n; coin++) if (rank[coin] > rank[top]) top = coin;
        if (top == place) continue;
        set = trade(k, set, place, top);
        uint32_t keep = rank[place]; rank[place] = rank[top]; rank[top] = keep;
    }
    return least_keeping(k, set, rank, 0);
}

/* Does the player to move at `at` win when `open` are the unseen patterns? Plain recursion. */
static int mover_wins(const Walk *k, uint64_t open, int at) {
    int stuck = 1;
    for (int coin = 0; coin < k->n; coin++) {
        int next = at ^ 1 << coin;
        if (!(open >> next & 1)) continue;
        stuck = 0;
        if (!mover_wins(k, open & ~(1ull << next), next)) return 1;
    }
    return stuck ? k->misere : 0;
}

/* The default reply at (seen, moved) (verify/norepeat_walk.default_reply), or -1. */
static int rule_reply(const Walk *k, uint64_t seen, int moved) {
    int pick = -1, fewest = MAX_COINS + 1;
    for (int coin = 0; coin < k->n; coin++) {
        int to = moved ^ 1 << coin;
        if (seen >> to & 1) continue;
        uint64_t then = seen | 1ull << to;
        int replies = 0, lively = 0;
        for (int r = 0; r < k->n; r++) {
            int x = to ^ 1 << r;
            if (then >> x & 1) continue;
            replies++;
            lively += open_moves(k, then | 1ull << x, x) > 0;
        }
        if (!replies) {
            if (!k->misere) return coin;
            continue;
        }
        if (lively < fewest) { fewest = lively; pick = coin; }
    }
    return pick;
}

/* Read the next record, if the header says there is one: the move it is for and its reply. */
static int next_record(Walk *k) {
    char m1[32], message[160];
    if (k->used == k->records) { k->due = -1; return 0; }
    uint64_t value = 0;
    size_t start = k->cursor;
    grouped(m1, k->used);
    for (int shift = 0;; shift += 7) {
        if (k->cursor >= k->size) {
            snprintf(message, sizeof message, "record %s is cut off by the end of the file", m1);
            return refuse(message);
        }
        if (k->cursor - start >= NRWALK_RECORD_MOST) {
            snprintf(message, sizeof message, "record %s runs over %d bytes", m1,
                     NRWALK_RECORD_MOST);
            return refuse(message);
        }
        uint8_t byte = k->bytes[k->cursor++];
        value |= (uint64_t)(byte & 127) << shift;
        if (byte & 128) continue;
        if (byte == 0 && k->cursor - start > 1) {
            snprintf(message, sizeof message, "record %s is not written in the fewest bytes", m1);
            return refuse(message);
        }
        break;
    }
    uint64_t gap = value >> 3;
    int reply = (int)(value & 7);
    if (reply >= k->n) {
        snprintf(message, sizeof message, "record %s names the reply %d, which is not a coin",
                 m1, reply);
        return refuse(message);
    }
    if (gap == 0 && k->used > 0) {
        snprintf(message, sizeof message, "record %s repeats the loser's move of the record "
                 "before it", m1);
        return refuse(message);
    }
    k->due = (k->due < 0 ? 0 : k->due) + (int64_t)gap;
    k->listed = reply;
    return 0;
}

static int visit(Walk *k, uint64_t form);

/* The winner has moved to `at`: the loser stuck (normal play), a leaf she loses, or a node. */
static int arrive(Walk *k, uint64_t seen, int at, const char *where) {
    char m1[32], message[400];
    uint64_t rest = unreachable_marked(k->n, k->everything, k->heads, seen, at);
    int unseen = __builtin_popcountll(k->everything & ~rest);
    if (unseen == 0) {
        if (!k->misere) return 0;
        snprintf(message, sizeof message, "%s: leaving the loser stuck loses under misère play",
                 where);
        return refuse(message);
    }
    if (unseen <= k->leaf) {
        if (!mover_wins(k, k->everything & ~rest, at)) return 0;
        snprintf(message, sizeof message, "%s: the loser wins this leaf of %d unseen patterns",
                 where, unseen);
        return refuse(message);
    }
    uint64_t form = normal_of(k, seen, at);
    if (k->entered == k->nodes) {
        uint64_t slot = (form * 0x9E3779B97F4A7C15ull) >> 20 & k->table_mask;
        while (k->table[slot] && k->table[slot] != form) slot = (slot + 1) & k->table_mask;
        if (k->table[slot]) return 0;
        snprintf(message, sizeof message, "%s: the walk enters more nodes than the %s the header "
                 "says", where, grouped(m1, k->nodes));
        return refuse(message);
    }
    return seen_before(k, form) ? 0 : visit(k, form);
}

/* Every legal move of the loser at the node `form` (current pattern 0), coin by coin. */
static int visit(Walk *k, uint64_t form) {
    char m1[32], m2[32], where[120], here[160], message[300];
    uint64_t number = k->entered - 1;
    grouped(m1, number);
    for (int coin = 0; coin < k->n; coin++) {
        int moved = 1 << coin;
        if (form >> moved & 1) continue;
        uint64_t seen = form | 1ull << moved;
        snprintf(where, sizeof where, "node %s, loser coin %d", m1, coin);
        if (!open_moves(k, seen, moved)) {
            if (k->misere) continue;
            snprintf(message, sizeof message, "%s: the winner is stuck, which loses under normal "
                     "play", where);
            return refuse(message);
        }
        uint64_t move = k->moves++;
        int rule = rule_reply(k, seen, moved), reply = rule;
        if (k->due >= 0 && (uint64_t)k->due == move) {
            reply = k->listed;
            snprintf(here, sizeof here, "%s (loser move %s)", where, grouped(m2, move));
            snprintf(where, sizeof where, "%s", here);
            if (reply == rule) {
                snprintf(message, sizeof message, "%s: the listed reply %d is the default reply",
                         where, reply);
                return refuse(message);
            }
            if (seen >> (moved ^ 1 << reply) & 1) {
                snprintf(message, sizeof message, "%s: the listed reply %d is not a legal move",
                         where, reply);
                return refuse(message);
            }
            k->used++;
            if (next_record(k) < 0) return -1;
        } else if (rule < 0) {
            snprintf(message, sizeof message, "%s: every reply leaves the loser stuck, which "
                     "loses under misère play", where);
            return refuse(message);
        }
        int at = moved ^ 1 << reply;
        snprintf(here, sizeof here, "%s, reply %d", where, reply);
        if (arrive(k, seen | 1ull << at, at, here) < 0) return -1;
    }
    return 0;
}

static PyObject *Walk_check(Walk *k, PyObject *arg) {
    char m1[32], m2[32], message[200];
    Py_buffer view;
    if (!k->table) return refuse("the Walk was not initialised"), NULL;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    k->bytes = view.buf; k->size = (size_t)view.len; k->cursor = 0;
    k->used = 0; k->moves = 0; k->due = -1;
    int failed = next_record(k);
    if (!failed) {
        if (k->winner == 2) {
            failed = arrive(k, k->root_seen, k->root_current, "the start");
        } else {
            char where[40];
            snprintf(where, sizeof where, "the first move %d", k->first);
            failed = arrive(k, 1 | 1ull << (1 << k->first), 1 << k->first, where);
        }
    }
    if (!failed && k->entered != k->nodes) {
        snprintf(message, sizeof message, "the walk entered %s nodes, not the %s the header says",
                 grouped(m1, k->entered), grouped(m2, k->nodes));
        failed = refuse(message);
    }
    if (!failed && k->due >= 0) {
        snprintf(message, sizeof message, "record %s is for the loser's move %s, but the walk "
                 "met only %s", grouped(m1, k->used), grouped(m2, (uint64_t)k->due),
                 grouped(message + 150, k->moves));
        failed = refuse(message);
    }
    if (!failed && k->cursor != k->size)
        failed = refuse("the file goes on after its last record");
    PyBuffer_Release(&view);
    if (failed) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef Walk_methods[] = {
    {"check", (PyCFunction)Walk_check, METH_O,
     "check(records): walk the strategy, reading the records (the bytes after the header)."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject WalkType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "coinproofs.verify._dagcheck.Walk",
    .tp_doc = "Walk(n, misere, winner, first, leaf, nodes, records): the native check of a "
              "strategy walk (NRWALK1).",
    .tp_basicsize = sizeof(Walk),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Walk_init,
    .tp_dealloc = (destructor)Walk_dealloc,
    .tp_methods = Walk_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dagcheck",
                                    "The native checker of No repeats strategy DAGs.", -1, NULL};

PyMODINIT_FUNC PyInit__dagcheck(void) {
    if (PyType_Ready(&DagType) < 0 || PyType_Ready(&WalkType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&DagType);
    if (PyModule_AddObject(m, "Dag", (PyObject *)&DagType) < 0) {
        Py_DECREF(&DagType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&WalkType);
    if (PyModule_AddObject(m, "Walk", (PyObject *)&WalkType) < 0) {
        Py_DECREF(&WalkType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
