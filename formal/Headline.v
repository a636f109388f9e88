(* The headline theorems about the devil's coin flip, for every number of coins, and the other
   games' theorems the kernel cites. `make formal` compiles this file last, which prints each
   statement (Check); `make headline` prints each one's assumptions too ("Closed under the
   global context": nothing but Coq's own logic, not even the excluded middle), from a copy of
   this file with a Print Assumptions after each Check (20 s of CPU, so not in every build).
   Printing is for reading: the judge of assumptions is coqchk (`make formal-gate`).
   tests/test_formal.py checks that every headline theorem is listed here. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset binomial.
From CoinProofs Require Import Rules Coins Play LowerBound Lamping Invariant Impossible Decide.
From CoinProofs Require Import Beliefs Reachability Dials DialsInvariant DialsImpossible
  DialsPlay DialsCompose DialsScale DialsFold DialsChain DialsShortest.
From CoinProofs Require Import TableInstances TableBeliefs TableLayers TableInvariant CountPaths
  TableClaims TableCount.
From CoinProofs Require Import RulesTable GroupStates GroupPlay GroupLowerBound GroupPerm
  GroupImpossible GroupChain GroupFixed GroupShortest GroupNamed GroupClaims GroupStrategy.

(* The kernel's convention: turning by r sends the coin at position i to (i + r) mod N. *)
Check nth_turn.

(* 1. Every winning strategy for N coins has at least 2^N - 1 moves. *)
Check wins_size_lb.

(* 2. Lamping's strategy for 2^k coins wins, has 2^(2^k) - 1 moves, and is shortest. *)
Check lamping_wins.
Check size_lamping.
Check lamping_shortest.

(* 3. If N has an odd factor m > 1, no strategy wins. *)
Check odd_factor_not_wins.

(* 4. For N >= 1, a winning strategy exists iff N is a power of two; for N = 2^k the shortest
   has 2^N - 1 moves. *)
Check wins_exists_iff_pow2.
Check shortest_pow2.

(* 5a. The kernel's exact simulation: the unfinished states after a move, closed under turns,
   and a strategy wins iff none is left at the end; a computable checker decides wins. *)
Check after_closure.
Check wins_unfinished.
Check winsP.

(* 5b. Reachability layers: fewer moves than layers cannot win; closed layers, no strategy
   wins; the kernel's one move per orbit of moves covers every move. *)
Check layers_size_lb.
Check layers_closed_not_wins.
Check update_turn.

(* 5c. A devil invariant rules out every strategy. *)
Check invariant_not_wins.

(* Beyond coins: N dials with q states each need at least q^N - 1 moves. *)
Check dial_wins_size_lb.

(* Dials: if primes p != r divide N and q, no strategy wins (via any coprime p, r > 1 dividing
   them, by a devil invariant for dials); so for N, q >= 2 a strategy wins only if N and q are
   powers of one prime. *)
Check dial_invariant_not_wins.
Check dial_coprime_not_wins.
Check dial_not_wins.
Check dial_wins_prime_powers.

(* The sufficiency for dials: one dial with q states, q - 1 moves, and none fewer; Lamping's
   composition for dials (a strategy for the image of a map that turns with the table, and one
   for its kernel, give one for the whole); strategies mod q' and mod c give one mod q' c; a
   strategy for m dials mod a prime p gives one for p m dials; so for N = p^a dials with
   q = p^b states the shortest winning strategy has q^N - 1 moves. *)
Check one_dial_shortest.
Check compose_wins.
Check dial_wins_mul.
Check dial_wins_blocks.
Check dial_shortest.

(* One set of rules: the coin flip (Rules.v) and rotating dials (Dials.v) are the members of
   the rotating-table family (RulesTable.v) with the rotations and the goal zero. *)
Check wins_table.
Check dial_wins_table.

(* Checkers on any table, proved sound: a strategy wins iff it takes the start to the finished
   belief; reachability layers bound the shortest strategy below, or, closed, rule out every
   strategy; so does a devil invariant; and the layers count the shortest strategies, words of
   classes of moves counted by weight (card_paths). A claim's proof applies one of these
   checkers to its certificate's evidence (TableClaims.v, TableCount.v). *)
Check table_winsP.
Check layers_ok_size_lb.
Check layers_closed_impossible.
Check invariant_impossible.
Check card_paths.
Check table_shortest_check_sound.
Check closed_check_sound.
Check count_check_sound.

(* Any group of the devil (RulesTable.v): every winning strategy has at least q^N - 1 moves
   (goal zero) or q^(N-1) - 1 (goal equal); if primes p != r divide the order of the group his
   generators generate and q, no strategy wins, whichever the goal. *)
Check table_wins_size_lb.
Check table_not_wins.

(* ... otherwise (the criterion) the greedy chain's strategy (table_strategy) wins with exactly
   that many moves, so a strategy wins iff the criterion holds; a chain checked by chain_ok
   that reaches every state gives a strategy of that length. *)
Check table_shortest.
Check table_wins_exists_iff.
Check chain_table_wins.

(* The rotations (order N) and the trivial group (order 1), either goal: Bar-Yehuda, Etzion
   and Moran's and Korsky's criterion (goal zero), Filmus's (goal equal), with the lengths;
   Benbernou, Demaine, Demaine and Rossman's q^(N-1) - 1 for dials in a line. *)
Check rotation_shortest.
Check rotation_impossible.
Check trivial_shortest.

(* Claims about any group proved by computation on their evidence, for the Coq road: a chain
   whose span has q^N states (shortest), a word of prime order p with r != p dividing q
   (impossible), a strategy of bound T moves that TableClaims.v's checker accepts (shortest). *)
Check chain_shortest.
Check word_impossible.
Check strategy_shortest.

(* No repeats (RulesNoRepeats.v). Who wins is well defined: every position of n coins is won
   or lost for the player to move, never both, and a recursion decides which. Positions
   related by a bisimulation have the same winner; the symmetries of the cube and Lemma R are
   bisimulations. Normal play: the first player wins for every n >= 1. Misère play: a strategy
   DAG the checker accepts proves who wins, and so does a strategy walk (leaves included). *)
From CoinProofs Require Import RulesNoRepeats NoRepeatsPlay NoRepeatsSymmetry NoRepeatsMatching
  NoRepeatsDag NoRepeatsWalk.
Check won_or_lost.
Check not_won_lost.
Check winner_exists.
Check winner_exclusive.
Check first_winsbP.
Check bisimilar_won.
Check sym_bisimilar.
Check cut_bisimilar.
Check normal_first_wins.
Check dag_second_wins.
Check dag_first_wins.
Check walk_second_wins.
Check walk_first_wins.

(* Gardner's glasses (RulesGlasses.v): the checkers of the three kinds of glasses evidence are
   sound. Numbered turns that pass strategy_ok unfold to a tree winning within T turns; survival
   layers reaching layer D rule out every strategy within D turns; an invariant set of orbits
   rules out every strategy. For every N: with p a prime dividing N, fewer than N - N/p hands
   never win (Lewis and Willard; Laaser and Ramshaw); K hands win if K >= N - N/p for every
   such p (Laaser and Ramshaw). *)
From CoinProofs Require Import RulesGlasses GlassesStrategy GlassesSurvival GlassesInvariant
  GlassesNeeded GlassesEndsDown.
Check strategy_sound.
Check survival_sound.
Check invariant_sound.
Check glasses_hands_needed.
Check glasses_hands_suffice.

(* The penny game (RulesPenny.v), for every position: each is winning or losing, and losing iff
   no move reaches a losing one; the losing positions are the only solution of those
   constraints on any square (penny.unique); Fraenkel's theorem (Wythoff's for a = 1): they are
   the pairs (A k, A k + a k) and their mirror images, A k the least number no earlier pair
   uses; misère play's. Then the checker of A k = floor(k alpha) and the claims' checkers. *)
From CoinProofs Require Import RulesPenny PennyPlay PennyMex PennyMisere PennyGold PennyClaims.

Check winning_or_losing.
Check losingE.
Check solves_unique.
Check unique_claim.
Check fraenkel.
Check wythoff_mex.
Check misere_losing.
Check mex_is_gold_sound.
Check square_sound.
Check wythoff_square.
Check misere_square.
Check first_sound.
Check riddler_sound.

(* Wythoff's theorem, Fraenkel's and misère play's in the words of the rules, for every position
   and with no bound: the mex sequence A k is floor(k alpha) (Beatty's and Rayleigh's theorem in
   integers, PennyBeatty.v). *)
From CoinProofs Require Import PennyBeatty PennyWythoff.

Check wythoff_theorem.
Check fraenkel_theorem.
Check misere_wythoff_theorem.
