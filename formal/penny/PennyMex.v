(* Fraenkel's theorem (Wythoff's for a = 1), for every position: the losing positions of the
   a-Wythoff game in normal play are the pairs (A k, B k) and their mirror images, where A k is
   the least number no earlier pair uses (the mex) and B k = A k + a k (fraenkel). A_next is
   the step the checker of PennyGold.v follows to compute A without the mex. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From Coq Require Import Lia.
From CoinProofs Require Import Claims RulesPenny PennyPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a i j k m n v x y : nat) (s : seq nat) (p q : position).

(* --- The least number not in a list ----------------------------------------------------- *)

Definition mex s := find (fun v => v \notin s) (iota 0 (size s).+1).

Lemma has_mex s : has (fun v => v \notin s) (iota 0 (size s).+1).
Proof.
apply/negPn/negP => /hasPn none.
suff: size (iota 0 (size s).+1) <= size s by rewrite size_iota ltnn.
by apply: uniq_leq_size (iota_uniq _ _) _ => v /none; rewrite negbK.
Qed.

Lemma mex_le s : mex s <= size s.
Proof. by have := has_mex s; rewrite has_find size_iota. Qed.

Lemma mex_notin s : mex s \notin s.
Proof.
have lt_mex : mex s < (size s).+1 by rewrite ltnS mex_le.
by have := nth_find 0 (has_mex s); rewrite nth_iota // add0n.
Qed.

Lemma mex_min s v : v < mex s -> v \in s.
Proof.
move=> lt_v; have := before_find 0 lt_v; rewrite nth_iota ?add0n => [/negbFE // |].
by rewrite ltnS (leq_trans (ltnW lt_v) (mex_le s)).
Qed.

Lemma mex_unique s m : m \notin s -> (forall v, v < m -> v \in s) -> mex s = m.
Proof.
move=> m_out below; case: (ltngtP (mex s) m) => // [/below | /mex_min].
  by rewrite (negbTE (mex_notin s)).
by rewrite (negbTE m_out).
Qed.

(* --- The pairs (A k, B k) ---------------------------------------------------------------- *)

(* The numbers the first n pairs use. *)
Fixpoint used a n : seq nat :=
  if n is n'.+1 then let s := used a n' in let x := mex s in [:: x, x + a * n' & s] else [::].

Definition A a n := mex (used a n).
Definition B a n := A a n + a * n.

Lemma usedS a n : used a n.+1 = [:: A a n, B a n & used a n].
Proof. by []. Qed.

Lemma mem_used a n v : reflect (exists2 i, i < n & v = A a i \/ v = B a i) (v \in used a n).
Proof.
elim: n => [|n IH]; first by apply: (iffP idP) => // -[].
rewrite usedS !inE; apply: (iffP or3P) => [[/eqP-> | /eqP-> | /IH[i lt_i v_i]] |].
- by exists n; [rewrite ltnSn | left].
- by exists n; [rewrite ltnSn | right].
- by exists i; rewrite // ltnW.
case=> i; rewrite ltnS leq_eqVlt => /orP[/eqP-> [->|->] | lt_i v_i].
- by apply: Or31; rewrite eqxx.
- by apply: Or32; rewrite eqxx.
by apply: Or33; apply/IH; exists i.
Qed.

Lemma A0 a : A a 0 = 0. Proof. by []. Qed.
Lemma B0 a : B a 0 = 0. Proof. by rewrite /B muln0. Qed.

Lemma A1 a : A a 1 = 1. Proof. by rewrite /A /= muln0. Qed.

Lemma A_notin a n i : i < n -> A a n <> A a i /\ A a n <> B a i.
Proof.
move=> lt_i; have := mex_notin (used a n); rewrite -/(A a n) => out.
by split=> eq_n; move: out; rewrite eq_n; case/mem_used; exists i => //; [left | right].
Qed.

Lemma A_below a n v : v < A a n -> exists2 i, i < n & v = A a i \/ v = B a i.
Proof. by move/mex_min/mem_used. Qed.

Lemma leq_A_used a n v : v <= A a n -> v \in used a n.+1.
Proof.
rewrite leq_eqVlt => /orP[/eqP-> | /A_below[i lt_i v_i]]; first by rewrite usedS mem_head.
by apply/mem_used; exists i => //; rewrite ltnW.
Qed.

Lemma ltn_A a n : A a n < A a n.+1.
Proof.
rewrite ltnNge; apply/negP => /leq_A_used.
by rewrite /A [in X in X \in _]/= -/(A a n.+1) (negbTE (mex_notin _)).
Qed.

Lemma A_mono a m n : m < n -> A a m < A a n.
Proof. by apply: (@homo_ltn _ _ (fun m n => m < n)) => [? ? ?|i]; [apply: ltn_trans | apply: ltn_A]. Qed.

Lemma leq_A a m n : m <= n -> A a m <= A a n.
Proof. by rewrite leq_eqVlt => /orP[/eqP-> // | /(A_mono a)/ltnW]. Qed.

Lemma leq_n_A a n : n <= A a n.
Proof. by elim: n => // n IH; apply: leq_ltn_trans IH (ltn_A a n). Qed.

(* The gap between two B: at least a + 1. *)
Lemma B_gap a m n : m < n -> B a m + a < B a n.
Proof.
move=> lt_mn; rewrite /B -addnA -mulnSr -addSn.
by apply: leq_add (A_mono a lt_mn) _; rewrite leq_mul2l lt_mn orbT.
Qed.

Lemma B_mono a m n : m < n -> B a m < B a n.
Proof. by move/(B_gap a); apply: leq_trans; rewrite ltnS leq_addr. Qed.

(* A and B meet only at 0. *)
Lemma A_neq_B a i j : 0 < a -> A a i = B a j -> i = 0 /\ j = 0.
Proof.
move=> pos_a eq_ij; case: (ltnP j i) => [/(A_notin a)[_ /(_ eq_ij)] // | le_ij].
have: B a j <= A a j by rewrite -eq_ij leq_A.
rewrite /B -{2}(addn0 (A a j)) leq_add2l leqn0 muln_eq0 eqn0Ngt pos_a /= => /eqP j0.
by move: le_ij; rewrite j0 leqn0 => /eqP.
Qed.

(* Every number is an A or a B. *)
Lemma covered a v : exists2 i, i <= v & v = A a i \/ v = B a i.
Proof.
have [i lt_i v_i] := A_below (leq_trans (ltnSn v) (leq_n_A a v.+1)).
by exists i.
Qed.

Definition is_pair a p := exists k, p = (A a k, B a k) \/ p = (B a k, A a k).

Lemma is_pair_mirror a x y : is_pair a (y, x) <-> is_pair a (x, y).
Proof. by split=> -[k [[-> ->] | [-> ->]]]; exists k; [right | left | right | left]. Qed.

(* --- No move joins two pairs ------------------------------------------------------------ *)

Lemma no_move_AB a n q : 0 < a -> is_pair a q -> ~ move a (A a n, B a n) q.
Proof.
move=> pos_a [m [-> | ->]] mv; have := move_sum mv; move: mv; rewrite /move /=.
  case: (ltngtP m n) => [lt_mn | lt_nm | ->]; last by move=> _; rewrite ltnn.
    have := A_mono a lt_mn; have := B_mono a lt_mn.
    have : a * m + a <= a * n by rewrite -mulnSr leq_mul2l lt_mn orbT.
    rewrite /B; ssr_lia.
  by have := A_mono a lt_nm; ssr_lia.
have An := @A_neq_B a n m pos_a; have Am := @A_neq_B a m n pos_a.
case/or3P=> [/andP[/eqP/esym/An[-> ->]] | /andP[_ /eqP/Am[-> ->]] | /and4P[lt_mn _ _]];
  rewrite ?A0 ?B0 //.
by move: lt_mn; rewrite /B; case: (posnP n) => [-> | /(leq_pmulr a)]; rewrite ?A0; ssr_lia.
Qed.

Lemma no_move_pairs a p q : 0 < a -> is_pair a p -> is_pair a q -> ~ move a p q.
Proof.
move=> pos_a [n [-> | ->]] pair_q; first exact: no_move_AB.
case: q pair_q => x y /is_pair_mirror pair_q; rewrite -move_mirror; exact: no_move_AB.
Qed.

(* --- From any other position a move reaches a pair ----------------------------------------- *)

Lemma move_to_pair_le a x y : 0 < a -> x <= y ->
  is_pair a (x, y) \/ exists2 q, move a (x, y) q & is_pair a q.
Proof.
move=> pos_a le_xy.
have [[n x_A] | [n pos_n x_B]] : (exists n, x = A a n) \/ (exists2 n, 0 < n & x = B a n).
  have [n _ [x_A | x_B]] := covered a x; first by left; exists n.
  by have [n0 | pos_n] := posnP n; [left; exists 0; rewrite x_B n0 B0 A0 | right; exists n].
  have [lt_y | lt_By | ->] := ltngtP y (B a n); last by left; exists n; left; rewrite x_A.
    pose m := (y - x) %/ a.
    have le_m : m * a <= y - x := leq_trunc_div _ _.
    have lt_m : y - x < m.+1 * a := ltn_ceil _ pos_a.
    have lt_mn : m < n by rewrite ltn_divLR // mulnC -(ltn_add2l x) subnKC // x_A -/(B a n).
    right; exists (A a m, B a m); last by exists m; left.
    have := A_mono a lt_mn; move: le_m lt_m; rewrite /B /move /= mulSn mulnC => ? ? ?.
    apply/or3P; apply: Or33; ssr_lia.
  by right; exists (A a n, B a n); [rewrite /move /= x_A eqxx lt_By | exists n; left].
right; exists (B a n, A a n); last by exists n; right.
have lt_AB : A a n < B a n by rewrite /B -{1}(addn0 (A a n)) ltn_add2l muln_gt0 pos_a pos_n.
by rewrite /move /= x_B eqxx (leq_trans lt_AB) ?orbT // -x_B.
Qed.

Lemma move_to_pair a p : 0 < a -> is_pair a p \/ exists2 q, move a p q & is_pair a q.
Proof.
case: p => x y pos_a; case: (leqP x y) => [le_xy | /ltnW le_yx]; first exact: move_to_pair_le.
have [/is_pair_mirror | [[x' y'] mv pair_q]] := move_to_pair_le pos_a le_yx; first by left.
by right; exists (y', x'); [rewrite move_mirror | apply/is_pair_mirror].
Qed.

(* --- Fraenkel's theorem ------------------------------------------------------------------ *)

Theorem fraenkel a p : 0 < a -> losing a normal p <-> is_pair a p.
Proof.
move=> pos_a; apply: iff_sym; apply: (unique_losing_all (s := is_pair a)) => {}p.
split=> [pair_p | [_ none]].
  by split=> [[]|q mv pair_q] //; apply: no_move_pairs pos_a pair_p pair_q mv.
by have [//|[q mv pair_q]] := move_to_pair p pos_a; case: (none q mv).
Qed.

(* Wythoff's theorem: the losing positions of the penny game are (A k, A k + k), A k the
   least number no earlier pair uses, and their mirror images. *)
Theorem wythoff_mex p :
  losing wythoff normal p <-> exists k, p = (A 1 k, A 1 k + k) \/ p = (A 1 k + k, A 1 k).
Proof. by rewrite fraenkel //; split=> -[k pair_k]; exists k; rewrite /B mul1n in pair_k *. Qed.

(* --- The next A, without the mex ------------------------------------------------------------ *)

Lemma leq_B a m n : m <= n -> B a m <= B a n.
Proof. by rewrite leq_eqVlt => /orP[/eqP-> // | /(B_mono a)/ltnW]. Qed.

(* If B j is the first B beyond A k, the next A is one more than A k, or two more when one more
   is B j. *)
Lemma A_next a k j : 0 < a -> 0 < j <= k -> B a j.-1 <= A a k < B a j ->
  A a k.+1 = if B a j == (A a k).+1 then (A a k).+2 else (A a k).+1.
Proof.
move=> pos_a /andP[pos_j le_jk] /andP[le_B lt_B].
have below i : i < j -> B a i <= A a k.
  by move=> lt_ij; apply: leq_trans le_B; apply: leq_B; rewrite -ltnS prednK.
apply: (@mex_unique (used a k.+1)); case: eqP => [eq_B | ne_B].
- apply/negP => /mem_used[i]; rewrite ltnS => le_ik; have := leq_A a le_ik.
  case: (ltngtP i j) => [/below | /(B_gap a) | ->]; ssr_lia.
- apply/negP => /mem_used[i]; rewrite ltnS => le_ik; have := leq_A a le_ik.
  case: (ltngtP i j) => [/below | /(B_gap a) | ->]; move: ne_B; ssr_lia.
- move=> v; rewrite ltnS leq_eqVlt => /orP[/eqP-> | ]; last exact: leq_A_used.
  by apply/mem_used; exists j; [rewrite ltnS | right].
- by move=> v; rewrite ltnS; apply: leq_A_used.
Qed.
