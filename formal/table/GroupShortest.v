(* Sufficiency for every group, with an explicit strategy: when the criterion holds (GroupFixed.v)
   the chain is built greedily from the goal states, each link taking the first state, in the
   order of their numbers, outside the states so far and fixed by the devil modulo them, with
   its order modulo them ([table_chain]). GroupFixed.v shows that such a state exists until
   every state is reached, GroupChain.v that the chain's strategy ([table_strategy]) wins with
   q^N - 1 moves (goal zero) or q^(N-1) - 1 (goal equal), and GroupLowerBound.v that none is
   shorter. With GroupImpossible.v: a strategy wins iff the criterion holds. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm.
From CoinProofs Require Import Claims Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay
  GroupLowerBound GroupPerm.
From CoinProofs Require Import GroupImpossible GroupChain GroupFixed.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (W : seq dials) (v : dials).

Section Greedy.

Variable T : table.
Local Notation q := (states T).
Local Notation N := (positions T).

(* A state that may extend W: outside it and fixed by the devil modulo it. *)
Definition candidate W v := (v \notin W) && fixed_mod T W v.

(* The least k > 0 with k v in W (there is one: q v = 0). *)
Definition order_mod W v := (find (fun k => scale q k.+1 v \in W) (iota 0 q)).+1.

(* The links: the first candidate each time, with its order, until there is none. *)
Fixpoint greedy fuel W : seq (dials * nat) :=
  if fuel is f.+1 then
    let i := find (candidate W) (all_dials q N) in
    if i < q ^ N then
      let v := nth [::] (all_dials q N) i in
      (v, order_mod W v) :: greedy f (extend T W v (order_mod W v))
    else [::]
  else [::].

End Greedy.

(* The chain from the goal states (N q links are more than enough: each at least doubles the
   states reached, and q^N < 2^(N q)), and its strategy. *)
Definition table_chain T := greedy T (positions T * states T) (goal_states T).

Definition table_strategy T := chain_strategy [::] (table_chain T).

Section Proofs.

Variable T : table.
Local Notation q := (states T).
Local Notation N := (positions T).
Variables (ok : perms T) (q_gt0 : 0 < q) (N_gt0 : 0 < N).

Lemma order_modP W v : subgroup T W -> dstate q N v -> v \notin W ->
  [/\ 1 < order_mod T W v, scale q (order_mod T W v) v \in W &
      all (fun k => scale q k v \notin W) (iota 1 (order_mod T W v).-1)].
Proof.
move=> W_sub ok_v v_out; rewrite /order_mod.
have has_k : has (fun k => scale q k.+1 v \in W) (iota 0 q).
  apply/hasP; exists q.-1; first by rewrite mem_iota /= prednK.
  by rewrite prednK // scaleq (size_dstate ok_v) (W_zeros W_sub).
have lt_find : find (fun k => scale q k.+1 v \in W) (iota 0 q) < q.
  by rewrite -[X in _ < X](size_iota 0 q) -has_find.
split.
- rewrite ltnS lt0n; apply: contraNneq v_out => find0.
  by have := nth_find 0 has_k; rewrite find0 nth_iota // (scale1 ok_v).
- by have := nth_find 0 has_k; rewrite nth_iota.
apply/allP=> k; rewrite mem_iota add1n /= => /andP[k_gt0 lt_k].
have lt_k' : k.-1 < find (fun k => scale q k.+1 v \in W) (iota 0 q) by rewrite -ltnS prednK.
have := before_find 0 lt_k'; rewrite /= nth_iota ?add0n ?prednK // => [-> // | ].
by rewrite ltnS in lt_k; rewrite ltnW // (leq_ltn_trans lt_k lt_find).
Qed.

Lemma greedy_ok f W : criterion T -> subgroup T W -> uniq W -> q ^ N < size W * 2 ^ f ->
  chain_ok T W (greedy T f W) /\ {subset all_dials q N <= span T W (greedy T f W)}.
Proof.
move=> crit; elim: f W => [|f IH] W W_sub uniq_W.
  rewrite muln1 ltnNge -(size_all_dials q N) => /negP[]; apply: uniq_leq_size => // y Wy.
  by rewrite mem_all_dials (W_dstate W_sub).
rewrite /=; set i := find _ _; case: ifP => [lt_i | ge_i] sizes; last first.
  split=> // s; rewrite mem_all_dials => ok_s; apply/negPn/negP => s_out.
  have := has_candidate ok q_gt0 W_sub crit ok_s s_out.
  by rewrite has_find size_all_dials -/i ge_i.
set v := nth [::] _ i.
have v_cand : candidate T W v by apply: nth_find; rewrite has_find size_all_dials.
have ok_v : dstate q N v by rewrite -mem_all_dials mem_nth ?size_all_dials.
case/andP: v_cand => v_out fixed.
have [c_gt1 W_cv least] := order_modP W_sub ok_v v_out.
have c_gt0 := ltnW c_gt1.
have [uniq_ext sz_ext] := uniq_extend q_gt0 W_sub uniq_W ok_v c_gt0 W_cv least.
have sizes' : q ^ N < size (extend T W v (order_mod T W v)) * 2 ^ f.
  by rewrite sz_ext (leq_trans sizes) // expnS mulnA leq_mul2r [size W * 2]mulnC leq_mul2r
    c_gt1 !orbT.
have [chain every] := IH _ (extend_subgroup q_gt0 W_sub ok_v fixed c_gt0 W_cv) uniq_ext sizes'.
by split=> //=; rewrite ?c_gt0 ok_v W_cv least fixed.
Qed.

(* Sufficiency: when no prime divides the order of the devil's group and a different one q,
   the greedy chain's strategy wins with q^N - 1 moves (goal zero) or q^(N-1) - 1 moves (goal
   equal); with the lower bound, that is the shortest. *)
Theorem table_strategy_shortest : criterion T ->
  [/\ size (table_strategy T) = bound T, table_wins T (table_strategy T) &
      forall ms, table_wins T ms -> bound T <= size ms].
Proof.
move=> crit; have W0 := goal_subgroup q_gt0 ok.
have sizes : q ^ N < size (goal_states T) * 2 ^ (N * q).
  have W0_gt0 : 0 < size (goal_states T) by rewrite size_goal_states; case: (goal_of T).
  by apply: leq_trans (leq_pmull _ W0_gt0); rewrite mulnC expnM ltn_exp2r // ltn_expl.
have [chain every] := greedy_ok crit W0 (uniq_goal_states N_gt0) sizes.
have [wins size_S] := chain_table_wins ok q_gt0 N_gt0 chain every.
by split=> // ms; apply: table_wins_size_lb.
Qed.

(* The same, naming no construction, so that its statement reads with the rules alone
   (RulesTable.v, RulesGroup.v): some strategy of bound T moves wins, and none is shorter. *)
Theorem table_shortest : criterion T ->
  (exists2 ms, table_wins T ms & size ms = bound T) /\
  (forall ms, table_wins T ms -> bound T <= size ms).
Proof.
by case/table_strategy_shortest=> size_S wins lb; split=> //; exists (table_strategy T).
Qed.

Lemma table_shortest_claim : criterion T -> shortest (table_wins T) (bound T).
Proof. exact: table_shortest. Qed.

(* The criterion: a strategy wins iff no prime divides the order of the devil's group and a
   different one q. *)
Theorem table_wins_exists_iff : (exists ms, table_wins T ms) <-> criterion T.
Proof.
split=> [[ms wins] p r p_prime r_prime p_dvd r_dvd | crit].
  apply/eqP/negPn/negP => ne_pr.
  exact: (table_not_wins ok q_gt0 p_prime r_prime ne_pr p_dvd r_dvd wins).
by case: (table_shortest crit) => -[ms wins _] _; exists ms.
Qed.

End Proofs.

(* No strategy wins: the claim kind `impossible`, when primes p != r divide the order of the
   devil's group and q. *)
Lemma table_impossible T p r : perms T -> 0 < states T -> prime p -> prime r -> p != r ->
  p %| #|devil_group T| -> r %| states T -> impossible (table_wins T).
Proof.
by move=> ok q_gt0 p_prime r_prime ne p_dvd r_dvd ms; apply: table_not_wins ne p_dvd r_dvd.
Qed.
