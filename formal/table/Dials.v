(* q-state dials (the rotating-table family, docs/design.md): N dials at positions 0..N-1, each
   showing 0..q-1; a move adds a vector mod q; the devil turns the table before each move; the
   goal is all dials at 0 (the rules, dial_wins: RulesDials.v). With q = 2 these are the coins
   of Rules.v (XOR is addition mod 2).

   Theorem dial_wins_size_lb: every winning strategy has at least q^N - 1 moves (Bar-Yehuda,
   Etzion and Moran 1993), by the proof of Theorem 1: against the devil who never turns, the
   start plus the prefix sum P_t of the moves must be 0 for some t, so every start is the
   negation of one of P_0, ..., P_L. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple.
From CoinProofs Require Export RulesTable RulesDials.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- The lower bound --------------------------------------------------------------------- *)

Implicit Types (s m p : dials) (ms : seq dials) (n q : nat).

Lemma size_add q s m : size m = size s -> size (add q s m) = size s.
Proof. by move=> eq_sz; rewrite size_map size_zip eq_sz minnn. Qed.

Lemma nth_add q s m i : size s = size m -> i < size s ->
  nth 0 (add q s m) i = (nth 0 s i + nth 0 m i) %% q.
Proof.
by move=> eq_sz lt_i; rewrite (nth_map (0, 0)) ?nth_zip // size_zip -eq_sz minnn.
Qed.

Lemma addA q s m p : size m = size s -> size p = size s ->
  add q s (add q m p) = add q (add q s m) p.
Proof.
move=> sz_m sz_p; have sz_mp : size (add q m p) = size s by rewrite size_add ?sz_p ?sz_m.
have sz_sm : size (add q s m) = size s by rewrite size_add.
apply: (@eq_from_nth _ 0) => [|i]; first by rewrite !size_add ?sz_mp ?sz_sm ?sz_p.
rewrite size_add // => lt_i; rewrite !nth_add ?sz_mp ?sz_sm ?sz_p ?sz_m //.
by rewrite modnDmr modnDml addnA.
Qed.

Lemma add_zeros q s : dstate q (size s) s -> add q s (zeros (size s)) = s.
Proof.
case/andP=> _ /allP small; apply: (@eq_from_nth _ 0); rewrite ?size_add ?size_nseq //.
move=> i lt_i; rewrite nth_add ?size_nseq // nth_nseq lt_i addn0 modn_small //.
exact/small/mem_nth.
Qed.

(* The only dial x < q with x + y = 0 mod q. *)
Lemma add_mod_eq0 q x y : x < q -> (x + y) %% q = 0 -> x = (q - y %% q) %% q.
Proof.
move=> x_lt; rewrite -modnDmr; have q_gt0 : 0 < q := leq_ltn_trans (leq0n x) x_lt.
move: (ltn_pmod y q_gt0); move: (y %% q) => z z_lt.
have [-> | z_gt0] := posnP z; first by rewrite addn0 subn0 modnn modn_small.
rewrite (@modn_small (q - z)) ?ltn_subrL ?z_gt0 ?q_gt0 //.
have [lt_sum | ge_sum] := ltnP (x + z) q.
  by rewrite modn_small // => /eqP; rewrite addn_eq0 => /andP[_ /eqP z0]; rewrite z0 in z_gt0.
have lt_2q : x + z - q < q.
  by rewrite ltn_subLR //; have := leq_add x_lt z_lt; rewrite addSn addnS => /ltnW.
rewrite -(subnKC ge_sum) modnDl modn_small // => /eqP; rewrite subn_eq0 => le_sum.
by apply/eqP; rewrite eq_sym -(eqn_add2r z) subnK ?(ltnW z_lt) // eqn_leq le_sum ge_sum.
Qed.

(* The negation of p mod q: the only state s with s + p = 0. *)
Definition neg q p : dials := [seq (q - d %% q) %% q | d <- p].

Lemma add_eq_zeros q s p : dstate q (size p) s -> add q s p = zeros (size p) -> s = neg q p.
Proof.
case/andP=> /eqP sz_s /allP small sum0; apply: (@eq_from_nth _ 0); rewrite ?size_map //.
move=> i lt_i; rewrite (nth_map 0) -?sz_s //; apply: add_mod_eq0.
  by apply: small; apply: mem_nth.
have lt_ip : i < size p by rewrite -sz_s.
by have := congr1 (nth 0 ^~ i) sum0; rewrite nth_add // /zeros nth_nseq if_same.
Qed.

(* Against the devil who never turns, the game from s visits s + P_t. *)
Lemma dgame_unturned q n s p ms : size s = n -> size p = n -> all (dstate q n) ms ->
  dgame q (add q s p) (nseq (size ms) 0) ms = [seq add q s x | x <- p :: scanl (add q) p ms].
Proof.
elim: ms p => [|m ms IH] p sz_s sz_p; first by [].
rewrite /= {1}/dstate => /andP[/andP[/eqP sz_m _] sized].
by rewrite -addA ?sz_p ?sz_m ?sz_s // IH // size_add ?sz_m ?sz_p.
Qed.

Lemma size_prefix_sums q n p ms : size p = n -> all (dstate q n) ms ->
  all (fun x => size x == n) (p :: scanl (add q) p ms).
Proof.
elim: ms p => [|m ms IH] p sz_p; first by rewrite /= sz_p eqxx.
rewrite /= {1}/dstate => /andP[/andP[/eqP sz_m _] sized]; rewrite sz_p eqxx /=.
by apply: IH; rewrite ?size_add ?sz_m ?sz_p.
Qed.

Theorem dial_wins_size_lb q n ms : dial_wins q n ms -> q ^ n - 1 <= size ms.
Proof.
case=> sized wins_ms; rewrite leq_subLR add1n.
set sums := zeros n :: scanl (add q) (zeros n) ms.
have sz_sums : all (fun x => size x == n) sums by apply: size_prefix_sums; rewrite ?size_nseq.
have <- : size [seq map val (tval t) | t <- enum {: n.-tuple 'I_q}] = q ^ n.
  by rewrite size_map -cardE card_tuple card_ord.
apply: leq_trans (_ : _ <= size [seq neg q x | x <- sums]) _; last first.
  by rewrite size_map /= size_scanl.
apply: uniq_leq_size => [|_ /mapP[t _ ->]].
  rewrite map_inj_uniq ?enum_uniq // => t1 t2 /(inj_map val_inj) eq12.
  exact: val_inj.
set s := map val (tval t).
have sz_s : size s = n by rewrite size_map size_tuple.
have start : dstate q n s.
  by rewrite /dstate sz_s eqxx; apply/allP=> _ /mapP[i _ ->]; apply: ltn_ord.
have := wins_ms s (nseq (size ms) 0) start (size_nseq _ _).
rewrite -[s in dgame _ s](@add_zeros q s) ?sz_s // (@dgame_unturned q n) ?size_nseq //.
case/mapP=> x x_in /esym sum0; apply/mapP; exists x => //.
have /eqP sz_x := allP sz_sums x x_in.
by apply: add_eq_zeros; rewrite ?sz_x.
Qed.
