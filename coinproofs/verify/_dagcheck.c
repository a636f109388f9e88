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
static uint64_t reduce(const Dag *d, uint64_t seen, int at) {
    uint64_t unseen = d->everything & ~seen, reached = 1ull << at, frontier = reached;
    while (frontier) {
        uint64_t around = 0;
        for (int coin = 0; coin < d->n; coin++) {
            int width = 1 << coin;
            around |= (frontier & d->heads[coin]) << width | (frontier >> width & d->heads[coin]);
        }
        frontier = around & unseen & ~reached;
        reached |= frontier;
    }
    return seen | (unseen & ~reached);
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

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dagcheck",
                                    "The native checker of No repeats strategy DAGs.", -1, NULL};

PyMODINIT_FUNC PyInit__dagcheck(void) {
    if (PyType_Ready(&DagType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&DagType);
    if (PyModule_AddObject(m, "Dag", (PyObject *)&DagType) < 0) {
        Py_DECREF(&DagType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
