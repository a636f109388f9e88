(* The penny claims about a square as instances of the theorems for every position
   (PennyWythoff.v): the losing positions with both piles at most M are the pairs k whose larger
   pile floor(k alpha) + a k is at most M, that is k < V once floor_beta a (V - 1) <= M <
   floor_beta a V (floor_beta grows with k). That check is two square roots in binary numbers,
   run by vm_compute, whatever M: the statements (coinproofs/coq/penny.py writes them) are
   those of PennyClaims.v's square_sound, wythoff_square and misere_square, with no mex walk. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith Lia.
From CoinProofs Require Import Claims RulesPenny PennyPlay PennyGold PennyClaims PennyBeatty
  PennyWythoff.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a k x y M V : nat).

(* --- The statement's numbers in binary ---------------------------------------------------------- *)

(* A statement writes a large number from small literals (38 * 1000 + 197, 10 ^ 12). A proof
   names that expression as a numeral (its syntax tree, which cbn [nat_of] turns back into the
   statement's text), and the checker reads it in binary (bin_of), so that no unary number is
   ever built. *)
Inductive numeral := Lit of nat | Add of numeral & numeral | Mul of numeral & numeral
  | Pow of numeral & numeral.

Fixpoint nat_of e : nat :=
  match e with
  | Lit n => n
  | Add e1 e2 => nat_of e1 + nat_of e2
  | Mul e1 e2 => nat_of e1 * nat_of e2
  | Pow e1 e2 => nat_of e1 ^ nat_of e2
  end.

Fixpoint bin_of e : N :=
  match e with
  | Lit n => N.of_nat n
  | Add e1 e2 => bin_of e1 + bin_of e2
  | Mul e1 e2 => bin_of e1 * bin_of e2
  | Pow e1 e2 => bin_of e1 ^ bin_of e2
  end%N.

Lemma N_of_add m n : N.of_nat (m + n) = (N.of_nat m + N.of_nat n)%N.
Proof. by rewrite -plusE Nat2N.inj_add. Qed.

Lemma N_of_mul m n : N.of_nat (m * n) = (N.of_nat m * N.of_nat n)%N.
Proof. by rewrite -multE Nat2N.inj_mul. Qed.

Lemma N_of_exp m n : N.of_nat (m ^ n) = (N.of_nat m ^ N.of_nat n)%N.
Proof. by elim: n => [// | n IH]; rewrite expnS N_of_mul IH Nat2N.inj_succ N.pow_succ_r'. Qed.

Lemma bin_ofE e : N.of_nat (nat_of e) = bin_of e.
Proof. by elim: e => //= e1 IH1 e2 IH2; rewrite ?N_of_add ?N_of_mul ?N_of_exp IH1 IH2. Qed.

(* --- The count of pairs in a square -------------------------------------------------------------- *)

Lemma leq_floor_beta a m n : m <= n -> floor_beta a m <= floor_beta a n.
Proof.
by move=> le_mn; rewrite leq_add ?leq_mul2l ?le_mn ?orbT // leqNgt ltn_floor_alpha -leqNgt.
Qed.

(* floor_beta a (V - 1) <= M < floor_beta a V, in N. *)
Definition count_check (a m v : N) : bool :=
  [&& (0 <? v)%N, (gold_b a (v - 1) <=? m)%N & (m <? gold_b a v)%N].

Lemma count_check_sound a M V : count_check (N.of_nat a) (N.of_nat M) (N.of_nat V) ->
  0 < V /\ floor_beta a V.-1 <= M < floor_beta a V.
Proof.
case/and3P=> /N.ltb_spec0 pos_V /N.leb_spec0 le_M /N.ltb_spec0 lt_M.
have eV : (N.of_nat V - 1)%N = N.of_nat V.-1 by lia.
rewrite eV in le_M; have := gold_b_nat a V.-1; have := gold_b_nat a V.
rewrite /floor_beta; split; first by apply/ltP; lia.
by apply/andP; split; apply/leP; lia.
Qed.

(* A pair lies in the square iff it is one of the first V. *)
Lemma pair_square a M V k x y : 0 < V -> floor_beta a V.-1 <= M < floor_beta a V ->
  alpha_pair a k (x, y) -> (x <= M /\ y <= M <-> k < V).
Proof.
move=> pos_V /andP[le_M lt_M] pair_k; split=> [[le_x le_y] | lt_k].
  rewrite ltnNge; apply/negP => /(leq_floor_beta a) le_Vk.
  have : floor_beta a k <= M.
    by rewrite /floor_beta; case/orP: pair_k => /eqP[eq_x eq_y]; [rewrite -eq_y | rewrite -eq_x].
  by rewrite leqNgt (leq_trans lt_M le_Vk).
have le_k : floor_beta a k <= M.
  by apply: leq_trans le_M; apply: leq_floor_beta; rewrite -ltnS prednK.
have le_A : floor_alpha a k <= M by apply: leq_trans le_k; rewrite leq_addr.
by case/orP: pair_k => /eqP[-> ->]; split.
Qed.

(* The statement of penny.a-wythoff.aA.mM. *)
Theorem square_instance a M V : 0 < a -> count_check (N.of_nat a) (N.of_nat M) (N.of_nat V) ->
  forall x y, x <= M /\ y <= M /\ losing a normal (x, y) <-> exists2 k, k < V & alpha_pair a k (x, y).
Proof.
move=> pos_a /count_check_sound[pos_V bounds] x y; rewrite fraenkel_theorem //.
split=> [[le_x [le_y [k pair_k]]] | [k lt_k pair_k]].
  by exists k => //; apply/(pair_square pos_V bounds pair_k).
have [le_x le_y] := (pair_square pos_V bounds pair_k).2 lt_k.
by do 2 (split=> //); exists k.
Qed.

(* The statement of penny.p-positions.mM. *)
Theorem wythoff_instance M V : count_check 1 (N.of_nat M) (N.of_nat V) ->
  forall x y, x <= M /\ y <= M /\ losing wythoff normal (x, y) <-> exists2 k, k < V & wythoff_pair k (x, y).
Proof.
move=> ok x y; rewrite (@square_instance 1 M V isT ok).
by split=> -[k lt_k pair_k]; exists k; rewrite // wythoff_pairE in pair_k *.
Qed.

(* M >= 2 too, in N: misère play swaps the pairs k = 0, 1 for (0, 1), (1, 0), (2, 2), which
   then fit. *)
Definition misere_check (m v : N) : bool := (1 <? m)%N && count_check 1 m v.

(* The statement of penny.misere.mM. *)
Theorem misere_instance M V : misere_check (N.of_nat M) (N.of_nat V) ->
  forall x y, x <= M /\ y <= M /\ losing wythoff misere (x, y) <->
    (x, y) \in [:: (0, 1); (1, 0); (2, 2)] \/ exists2 k, 2 <= k < V & wythoff_pair k (x, y).
Proof.
case/andP=> /N.ltb_spec0 lt1M /(@count_check_sound 1 M V)[pos_V bounds] x y.
have le2M : 1 < M by apply/ltP; lia.
have fits k : wythoff_pair k (x, y) -> (x <= M /\ y <= M <-> k < V).
  by rewrite wythoff_pairE; apply: pair_square.
rewrite misere_wythoff_theorem.
split=> [[le_x [le_y [small | [k lt_k pair_k]]]] | [small | [k /andP[le_k lt_k] pair_k]]].
- by left.
- by right; exists k; rewrite // lt_k (fits k pair_k).1.
- by move: small; rewrite !inE => /or3P[] /eqP[-> ->]; do 2 (split; first ssr_lia); left.
have [le_x le_y] := (fits k pair_k).2 lt_k.
by do 2 (split=> //); right; exists k.
Qed.

(* --- The statements' numbers as numerals ------------------------------------------------------ *)

Theorem square_numeral a m v : 0 < a -> count_check (N.of_nat a) (bin_of m) (bin_of v) ->
  forall x y, x <= nat_of m /\ y <= nat_of m /\ losing a normal (x, y) <->
    exists2 k, k < nat_of v & alpha_pair a k (x, y).
Proof. by move=> pos_a ok; apply: square_instance; rewrite ?bin_ofE. Qed.

Theorem wythoff_numeral m v : count_check 1 (bin_of m) (bin_of v) ->
  forall x y, x <= nat_of m /\ y <= nat_of m /\ losing wythoff normal (x, y) <->
    exists2 k, k < nat_of v & wythoff_pair k (x, y).
Proof. by move=> ok; apply: wythoff_instance; rewrite !bin_ofE. Qed.

Theorem misere_numeral m v : misere_check (bin_of m) (bin_of v) ->
  forall x y, x <= nat_of m /\ y <= nat_of m /\ losing wythoff misere (x, y) <->
    (x, y) \in [:: (0, 1); (1, 0); (2, 2)] \/ exists2 k, 2 <= k < nat_of v & wythoff_pair k (x, y).
Proof. by move=> ok; apply: misere_instance; rewrite !bin_ofE. Qed.
