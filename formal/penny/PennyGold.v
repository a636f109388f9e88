(* The checker that the mex sequence A of PennyMex.v is Fraenkel's floor(k alpha) (Wythoff's
   floor(k phi) for a = 1) up to a bound: it computes floor(k alpha) in binary numbers (N, with
   N.sqrt) and walks k = 1, 2, ..., K with a pointer j to the first B beyond A k, checking at
   each step the next A that A_next gives (mex_is_gold_sound). vm_compute runs it in well under
   a second for K = 38,197 (piles up to 100,000). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop.
From Coq Require Import NArith Arith Lia.
From CoinProofs Require Import RulesPenny PennyPlay PennyMex.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- The integer square root, in nat and in N ------------------------------------------------ *)

Lemma isqrt_spec n r : r * r <= n < r.+1 * r.+1 -> isqrt n = r.
Proof.
case/andP=> le_r lt_r; apply/eqP; rewrite eqn_leq; apply/andP; split.
  apply/bigmax_leqP => r' le_r'; rewrite leqNgt; apply/negP => lt_r'.
  by move: (leq_mul lt_r' lt_r') (leq_ltn_trans le_r' lt_r); rewrite leqNgt => /negP.
have le_rn : r < n.+1.
  by case: r le_r {lt_r} => // r le_r; rewrite ltnS (leq_trans _ le_r) // leq_pmulr.
exact: (leq_bigmax_cond (Ordinal le_rn) le_r).
Qed.

Lemma sqrt_nat m : N.to_nat (N.sqrt m) = isqrt (N.to_nat m).
Proof.
apply: esym; apply: isqrt_spec; have [le lt] := N.sqrt_spec m (N.le_0_l m).
by apply/andP; split; apply/leP; rewrite -!multE; lia.
Qed.

Lemma div_nat m d : 0 < d -> Nat.div m d = m %/ d.
Proof.
move=> pos_d; apply: esym; apply: (Nat.div_unique _ _ _ (m %% d)); first by apply/ltP; rewrite ltn_mod.
by rewrite multE plusE mulnC -divn_eq.
Qed.

(* floor(k alpha), in N. *)
Definition gold (a k : N) : N := ((2 * k + N.sqrt (k * k * (a * a + 4)) - a * k) / 2)%N.

Lemma gold_nat a k : N.to_nat (gold (N.of_nat a) k) = floor_alpha a (N.to_nat k).
Proof.
rewrite /gold /floor_alpha N2Nat.inj_div N2Nat.inj_sub N2Nat.inj_add !N2Nat.inj_mul sqrt_nat.
by rewrite !N2Nat.inj_mul N2Nat.inj_add !N2Nat.inj_mul Nat2N.id div_nat.
Qed.

(* --- The walk ---------------------------------------------------------------------------------- *)

(* n more steps from k, where x = A k, j is the index of the first B beyond A k and b = B j:
   the next A is x + 2 if x + 1 = b (and then the pointer moves on), else x + 1. *)
Fixpoint walk (a : N) (n : nat) (k j x b : N) : bool :=
  if n is n'.+1 then
    let y := gold a (k + 1) in
    if (b =? x + 1)%N then
      let b' := (gold a (j + 1) + a * (j + 1))%N in
      [&& (y =? x + 2)%N, (y <? b')%N & walk a n' (k + 1) (j + 1) y b']
    else (y =? x + 1)%N && walk a n' (k + 1) j y b
  else true.

(* A k = floor(k alpha) for every k <= K (and k <= 1). *)
Definition mex_is_gold a K : bool :=
  let a' := N.of_nat a in
  [&& 0 < a, (gold a' 0 =? 0)%N, (gold a' 1 =? 1)%N & walk a' K.-1 1 1 1 (gold a' 1 + a')%N].

Lemma walk_sound a n k j x b :
  0 < a -> walk (N.of_nat a) n k j x b ->
  (forall i, i <= N.to_nat k -> A a i = floor_alpha a i) ->
  0 < N.to_nat j <= N.to_nat k ->
  N.to_nat x = A a (N.to_nat k) -> N.to_nat b = B a (N.to_nat j) ->
  B a (N.to_nat j).-1 <= A a (N.to_nat k) < B a (N.to_nat j) ->
  forall i, i <= N.to_nat k + n -> A a i = floor_alpha a i.
Proof.
move=> pos_a; elim: n k j x b => [|n IH] k j x b /=.
  by move=> _ same _ _ _ _ i; rewrite addn0; apply: same.
move=> + same /andP[pos_j le_jk] eq_x eq_b /andP[le_B lt_B].
have eK : N.to_nat (k + 1) = (N.to_nat k).+1 by lia.
have eJ : N.to_nat (j + 1) = (N.to_nat j).+1 by lia.
have gK := gold_nat a (k + 1); rewrite eK in gK.
have next := A_next pos_a (j := N.to_nat j) (k := N.to_nat k).
rewrite pos_j le_jk le_B lt_B /= in next; have {}next := next erefl erefl.
rewrite -addSnnS -eK; case: N.eqb_spec => [eq_bx | ne_bx].
  have eq_Bj : B a (N.to_nat j) == (A a (N.to_nat k)).+1 by apply/eqP; lia.
  rewrite eq_Bj in next; case/and3P=> /N.eqb_spec eq_y /N.ltb_spec0 lt_y rest.
  have same' i : i <= N.to_nat (k + 1) -> A a i = floor_alpha a i.
    rewrite eK leq_eqVlt => /orP[/eqP-> | ]; last exact: same.
    by rewrite next -gK eq_y; lia.
  have eA : N.to_nat (gold (N.of_nat a) (k + 1)) = A a (N.to_nat k).+1 by rewrite gK same' ?eK.
  have eB : N.to_nat (gold (N.of_nat a) (j + 1) + N.of_nat a * (j + 1)) = B a (N.to_nat j).+1.
    by rewrite N2Nat.inj_add gold_nat N2Nat.inj_mul Nat2N.id eJ -same' ?eK ?ltnS.
  have IH' := IH _ _ _ _ rest same'; apply: IH'; rewrite ?eK ?eJ //=.
  by move: eq_Bj; ssr_lia.
have ne_Bj : B a (N.to_nat j) == (A a (N.to_nat k)).+1 = false by apply/eqP; lia.
rewrite ne_Bj in next; case/andP=> /N.eqb_spec eq_y rest.
have same' i : i <= N.to_nat (k + 1) -> A a i = floor_alpha a i.
  rewrite eK leq_eqVlt => /orP[/eqP-> | ]; last exact: same.
  by rewrite next -gK eq_y; lia.
have IH' := IH _ _ _ _ rest same'; apply: IH' eq_b _; rewrite ?eK //=.
- by rewrite pos_j ltnW.
- by rewrite next; lia.
- by rewrite next; move/negbT: ne_Bj; ssr_lia.
Qed.

Theorem mex_is_gold_sound a K : mex_is_gold a K ->
  0 < a /\ forall k, k <= K -> A a k = floor_alpha a k.
Proof.
case/and4P=> pos_a /N.eqb_spec g0 /N.eqb_spec g1 run; split=> // k le_k.
have g0' : floor_alpha a 0 = 0 by have := gold_nat a 0; rewrite g0 => /esym.
have g1' : floor_alpha a 1 = 1 by have := gold_nat a 1; rewrite g1 => /esym.
have same i : i <= N.to_nat 1 -> A a i = floor_alpha a i.
  by case: i => [|[|i]] // _; rewrite ?g0' ?g1' ?A1.
have eB : N.to_nat (gold (N.of_nat a) 1 + N.of_nat a) = B a 1.
  by rewrite N2Nat.inj_add gold_nat Nat2N.id g1' /B A1 muln1.
have start : B a 0 <= A a 1 < B a 1 by rewrite B0 /B A1 muln1 add1n ltnS.
have upto := walk_sound pos_a run same isT (esym (A1 a)) eB start.
by case: K le_k run upto => [|K] le_k _ upto; [rewrite same // (leq_trans le_k) | apply: upto].
Qed.
