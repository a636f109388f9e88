(* The general theorems for two named groups of RulesTable.v, either goal: the rotations, whose
   group has order N (Bar-Yehuda, Etzion and Moran, Korsky for the goal zero; Filmus for the
   goal equal: winnable iff N and q are powers of one prime, then q^N - 1 or q^(N-1) - 1 moves),
   and the trivial group, of order 1 (Benbernou, Demaine, Demaine and Rossman for the goal
   equal: coins or q-sided dice in a line, q^(N-1) - 1 moves, any q). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm cyclic.
From CoinProofs Require Import Claims Dials DialsPlay TablePlay TableOrbits GroupStates GroupPerm
  GroupLowerBound
  GroupImpossible GroupFixed GroupShortest.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

(* --- The rotations ----------------------------------------------------------------------- *)

Section Rotations.

Variable n : nat.
Variable n_gt0 : 0 < n.

Lemma rotation_rot : rotation n = rot 1 (iota 0 n).
Proof.
case: n n_gt0 => // m _; rewrite [iota 0 m.+1]/= rot1_cons.
apply: (@eq_from_nth _ 0) => [|i]; rewrite size_map size_iota ?size_rcons ?size_iota // => lt_i.
rewrite (nth_map 0) ?size_iota // nth_iota // nth_rcons size_iota add0n.
have [lt_im | ge_im] := ltnP i m; first by rewrite nth_iota // add1n modn_small.
have -> : i = m by apply/eqP; rewrite eqn_leq ge_im -ltnS lt_i.
by rewrite modnn if_same.
Qed.

Lemma perm_of_rotation : perm_of n (rotation n).
Proof. by rewrite /perm_of rotation_rot perm_rot. Qed.

Let rho := to_perm n (rotation n).

(* rho^k moves position i to i + k mod n. *)
Lemma rho_exp k (i : 'I_n) : val ((rho ^+ k) i) = (i + k) %% n.
Proof.
elim: k => [|k IH]; first by rewrite expg0 perm1 addn0 modn_small.
rewrite expgSr permM to_permE ?perm_of_rotation // /rotation (nth_map 0) ?size_iota //.
by rewrite nth_iota // add0n IH addnS -addn1 modnDml addn1.
Qed.

Lemma rho_exp1 k : (rho ^+ k == 1) = (n %| k).
Proof.
apply/eqP/idP => [rho_k | /dvdnP[t ->]].
  have := rho_exp k (Ordinal n_gt0); rewrite rho_k perm1 /= add0n => k0.
  by rewrite /dvdn -k0.
apply/permP=> i; apply: val_inj; rewrite rho_exp perm1 addnC modnMDl modn_small //.
Qed.

Lemma order_rotation : #[rho] = n.
Proof.
apply/eqP; rewrite eqn_dvd order_dvdn rho_exp1 dvdnn /=.
by rewrite -rho_exp1 expg_order.
Qed.

End Rotations.

Lemma card_cyclic n q g : 0 < n -> #|devil_group (Table n q (cyclic n) g)| = n.
Proof.
move=> n_gt0; rewrite /devil_group /= -[RHS](order_rotation n_gt0); congr #|<<_>>|.
by apply/setP=> x; rewrite !inE.
Qed.

(* Rotations: N = p^a dials with q = p^b states, p prime: the shortest winning strategy has
   q^N - 1 moves (goal zero), q^(N-1) - 1 moves (goal equal). *)
Theorem rotation_shortest p a b g : prime p ->
  shortest (table_wins (Table (p ^ a) (p ^ b) (cyclic (p ^ a)) g))
    ((p ^ b) ^ (if g is zero then p ^ a else (p ^ a).-1) - 1).
Proof.
move=> p_prime; have p_gt0 := prime_gt0 p_prime.
rewrite (_ : _ - 1 = bound (Table (p ^ a) (p ^ b) (cyclic (p ^ a)) g)); last by case: g.
apply: table_shortest_claim; rewrite /= ?expn_gt0 ?p_gt0 //.
  by rewrite /perms /= perm_of_rotation ?expn_gt0 ?p_gt0.
move=> p' r p'_prime r_prime; rewrite card_cyclic ?expn_gt0 ?p_gt0 //.
by rewrite !Euclid_dvdX // !dvdn_prime2 // => /andP[/eqP -> _] /andP[/eqP -> _].
Qed.

(* Rotations: if primes p != r divide N and q, no strategy wins, whichever the goal. *)
Theorem rotation_impossible N q p r g : 0 < N -> 0 < q -> prime p -> prime r -> p != r ->
  p %| N -> r %| q -> impossible (table_wins (Table N q (cyclic N) g)).
Proof.
move=> N_gt0 q_gt0 p_prime r_prime ne_pr p_dvd r_dvd; apply: (table_impossible _ _ p_prime
  r_prime ne_pr) => //=; last by rewrite card_cyclic.
by rewrite /perms /= perm_of_rotation.
Qed.

(* --- The trivial group ------------------------------------------------------------------- *)

Lemma card_trivial n q g : #|devil_group (Table n q trivial g)| = 1%N.
Proof.
by rewrite /devil_group /= (_ : [set _ in _] = set0) ?gen0 ?cards1 //; apply/setP=> x.
Qed.

(* No rearranging (Benbernou et al.'s coins in a line): for N >= 1 dials with q >= 1 states the
   shortest winning strategy has q^N - 1 moves (goal zero), q^(N-1) - 1 (goal equal). *)
Theorem trivial_shortest N q g : 0 < N -> 0 < q ->
  shortest (table_wins (Table N q trivial g)) (q ^ (if g is zero then N else N.-1) - 1).
Proof.
move=> N_gt0 q_gt0; rewrite (_ : _ - 1 = bound (Table N q trivial g)); last by case: g.
apply: table_shortest_claim => // p r p_prime _.
by rewrite card_trivial dvdn1 => /eqP p1; rewrite p1 in p_prime.
Qed.
