(* Impossibility for every group (Bar-Yehuda, Etzion and Moran's argument, as Korsky and
   Kagey generalise it): if a prime p divides the order of the devil's group and a prime
   r != p divides q, no strategy of any length wins, whichever the goal.

   Cauchy's theorem gives an element x of order p; x moves some position i, whose orbit
   i, x i, ..., x^(p-1) i is a cycle of p positions. The states whose dials on that cycle are
   not all equal mod r are a devil invariant, the devil playing the empty word or a word for x:
   were s + m and x(s) + m both constant mod r on the cycle, c0 and c1, then F_k + c0 = F_(k+1)
   + c1 mod r for the dials F_k of s along the cycle, so that (p being invertible mod r, Lemma
   shift_constant of DialsImpossible.v) F is constant mod r. No goal state is in it: the goal
   states have all their dials equal. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm pgroup.
From CoinProofs Require Import Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay
  GroupPerm.
From CoinProofs Require DialsImpossible.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

Implicit Types (T : table) (s m x : dials) (ms : seq dials).

(* --- Devil invariants for tables ------------------------------------------------------- *)

Definition table_invariant T (I : pred dials) :=
  [/\ exists x, I x,
      forall x, I x -> dstate (states T) (positions T) x /\ ~~ reached (goal_of T) x &
      forall x m, I x -> dstate (states T) (positions T) m -> exists2 w, word T w &
        I (next T x w m)].

Lemma table_invariant_not_wins T I ms : table_invariant T I -> ~ table_wins T ms.
Proof.
case=> [[x Ix] inI stay] /table_winsE[sized winning].
have := winning x (inI x Ix).1; elim: ms x Ix sized {winning} => [|m ms IH] x Ix /=.
  by move=> _ [goal_x | //]; case/negP: (inI x Ix).2.
case/andP=> ok_m sized [goal_x | win_next]; first by case/negP: (inI x Ix).2.
have [w word_w Inext] := stay x m Ix ok_m; exact: IH Inext sized (win_next w word_w).
Qed.

(* --- The invariant on a cycle of an element of prime order ----------------------------- *)

Section Cycle.

Variables (T : table) (x : {perm 'I_(positions T)}) (p r : nat) (i0 : 'I_(positions T)).
Variables (ok : perms T) (x_in : x \in devil_group T) (order_x : #[x] = p).
Variables (p_prime : prime p) (r_prime : prime r) (p_ne_r : p != r).
Variables (q_gt0 : 0 < states T) (r_dvd_q : r %| states T) (moved : x i0 != i0).

Local Notation q := (states T).
Local Notation N := (positions T).

Let p_gt0 : 0 < p := prime_gt0 p_prime.

(* The k-th position of the cycle through i0. *)
Definition cyc k : nat := (x ^+ k) i0.

Lemma cyc_mod k : cyc (k %% p) = cyc k.
Proof. by rewrite /cyc -order_x expg_mod_order. Qed.

Lemma cyc_lt k : cyc k < N.
Proof. exact: ltn_ord. Qed.

(* The dial at position cyc k.+1 after x is the one that was at cyc k. *)
Lemma nth_permute_cyc s k : size s = N ->
  nth 0 (permute (perm_images x) s) (cyc k.+1) = nth 0 s (cyc k).
Proof. by move=> sz_s; rewrite nth_permute_perm_images // expgSr permM permK. Qed.

(* The dials on the cycle are all equal mod r. *)
Definition cycle_constant s :=
  all (fun k => nth 0 s (cyc k) == nth 0 s (cyc 0) %[mod r]) (iota 0 p).

Lemma cycle_constantP s :
  reflect (forall k, nth 0 s (cyc k) = nth 0 s (cyc 0) %[mod r]) (cycle_constant s).
Proof.
apply: (iffP allP) => [const k | const k _]; last exact/eqP/const.
by rewrite -cyc_mod; apply/eqP/const; rewrite mem_iota ltn_pmod.
Qed.

Definition unequal s := dstate q N s && ~~ cycle_constant s.

Lemma reached_constant s : dstate q N s -> reached (goal_of T) s -> cycle_constant s.
Proof.
move=> /size_dstate sz_s goal_s; apply/cycle_constantP => k; congr (_ %% r).
rewrite /reached in goal_s; case: (goal_of T) goal_s => /all_pred1P ->;
  by rewrite !nth_nseq sz_s !cyc_lt.
Qed.

Let coprime_pr : coprime p r.
Proof. by rewrite prime_coprime // dvdn_prime2. Qed.

(* Were s + m and x(s) + m both constant mod r on the cycle, s would be. *)
Lemma cycle_shift s m : size s = N -> size m = N ->
  cycle_constant (add q s m) -> cycle_constant (add q (permute (perm_images x) s) m) ->
  cycle_constant s.
Proof.
move=> sz_s sz_m /cycle_constantP const0 /cycle_constantP const1; apply/cycle_constantP.
have sz_xs : size (permute (perm_images x) s) = N by rewrite size_permute.
set F := fun k => nth 0 s (cyc k); set a := fun k => nth 0 m (cyc k).
set c0 := nth 0 (add q s m) (cyc 0) in const0.
set c1 := nth 0 (add q (permute (perm_images x) s) m) (cyc 0) in const1.
have step0 k : F k + a k = c0 %[mod r].
  by have := const0 k; rewrite nth_add ?sz_s ?sz_m ?cyc_lt // modn_dvdm.
have step1 k : F k + a k.+1 = c1 %[mod r].
  have := const1 k.+1; rewrite nth_add ?sz_xs ?sz_m ?cyc_lt // modn_dvdm //.
  by rewrite nth_permute_cyc.
apply: (@DialsImpossible.shift_constant p r F c0 c1) => [//| | j].
  by rewrite /F -cyc_mod modnn.
rewrite -modnDmr -(step0 j.+1) modnDmr addnA [F j + _]addnC -addnA -modnDmr.
by rewrite step1 modnDmr.
Qed.

Lemma unequal_invariant : table_invariant T unequal.
Proof.
have cyc0 : cyc 0 = i0 by rewrite /cyc expg0 perm1.
have cyc1 : cyc 1%N = x i0 by rewrite /cyc expg1.
have cyc10 : (cyc 1%N == i0) = false by apply/negbTE; rewrite cyc1.
split.
- exists [seq (j == i0 :> nat) : nat | j <- iota 0 N]; apply/andP; split.
    apply/dstateP; rewrite size_map size_iota; split=> // _ /mapP[j _ ->].
    exact: leq_ltn_trans (leq_b1 _) (leq_trans (prime_gt1 r_prime) (dvdn_leq q_gt0 r_dvd_q)).
  apply/negP => /cycle_constantP/(_ 1%N); rewrite !(nth_map 0) ?size_iota ?cyc_lt //.
  rewrite !nth_iota ?cyc_lt // !add0n cyc10 cyc0 eqxx mod0n modn_small //.
  exact: prime_gt1 r_prime.
- move=> s /andP[ok_s not_const]; split=> //.
  by apply: contra not_const; apply: reached_constant.
move=> s m /andP[ok_s not_const] ok_m.
have [sz_s sz_m] := (size_dstate ok_s, size_dstate ok_m).
have [w word_w act_w] := devil_groupP ok x_in.
have next_ok y : size y = N -> dstate q N (add q y m) by move=> sz_y; apply: dstate_add_size.
have [const0 | ] := boolP (cycle_constant (add q s m)); last first.
  by exists [::] => //; rewrite /unequal /next /= next_ok.
have [const1 | ] := boolP (cycle_constant (add q (permute (perm_images x) s) m)); last first.
  by exists w => //; rewrite /unequal /next act_w // next_ok ?size_permute.
by case/negP: not_const; apply: cycle_shift const0 const1.
Qed.

End Cycle.

(* If primes p != r divide the order of the devil's group and q, no strategy wins. *)
Theorem table_not_wins T p r ms : perms T -> 0 < states T -> prime p -> prime r -> p != r ->
  p %| #|devil_group T| -> r %| states T -> ~ table_wins T ms.
Proof.
move=> ok q_gt0 p_prime r_prime p_ne_r p_dvd r_dvd.
have [x x_in order_x] := Cauchy p_prime p_dvd.
have [i0 moved] : exists i0, x i0 != i0.
  apply/existsP; apply: contraLR (prime_gt1 p_prime) => /existsPn fixed.
  have x1 : x = 1 by apply/permP=> i; rewrite perm1; apply/eqP/negPn/fixed.
  by rewrite -order_x x1 order1.
exact: table_invariant_not_wins (unequal_invariant ok x_in order_x p_prime r_prime p_ne_r
  q_gt0 r_dvd moved).
Qed.
