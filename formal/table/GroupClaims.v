(* The claims about any group, as certificates Coq checks by computation (vm_compute), for the
   Coq road (coinproofs/coq): no group order is computed, only lists.
   - chain_shortest: a chain of links (v, c) from the goal states, checked by chain_ok, whose
     span has q^N states, proves `shortest (table_wins T) L` for L = bound T (with
     table_wins_size_lb).
   - word_impossible: a word of the devil's generators whose permutation x has x^p = 1 and
     x <> 1 for a prime p (so x has order p, which divides the group's order), and a prime
     r != p dividing q, prove `impossible (table_wins T)` (table_not_wins). Both are checked on
     the identity list iota 0 N: rearranging it by a word gives the inverse permutation's
     images. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm cyclic.
From CoinProofs Require Import Claims Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay
  GroupLowerBound GroupPerm.
From CoinProofs Require Import GroupImpossible GroupChain GroupShortest.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

Implicit Types (T : table) (w : seq (seq nat)) (vs : seq (dials * nat)).

Lemma chain_shortest T vs L : perms T -> 0 < states T -> 0 < positions T ->
  chain_ok T (goal_states T) vs ->
  size (span T (goal_states T) vs) == (states T ^ positions T)%N -> bound T = L ->
  shortest (table_wins T) L.
Proof.
move=> ok q_gt0 N_gt0 chain /eqP sz <-; have W0 := goal_subgroup q_gt0 ok.
have [uniq_sp _] := uniq_span q_gt0 W0 (uniq_goal_states N_gt0) chain.
have [W_span _ _] := chain_wins q_gt0 W0 chain (isT : all (mem (goal_states T)) [::])
  (goal_states_won N_gt0).
have every : {subset all_dials (states T) (positions T) <= span T (goal_states T) vs}.
  have sub : {subset span T (goal_states T) vs <= all_dials (states T) (positions T)}.
    by move=> y /(W_dstate W_span); rewrite mem_all_dials.
  have fits : size (all_dials (states T) (positions T)) <= size (span T (goal_states T) vs).
    by rewrite sz size_all_dials.
  have [_ same] := uniq_min_size uniq_sp sub fits.
  by move=> y; rewrite -same.
have [wins sz_S] := chain_table_wins ok q_gt0 N_gt0 chain every.
by split=> [|ms /table_wins_size_lb //]; exists (chain_strategy [::] vs).
Qed.

Section Word.

Variable n : nat.
Implicit Types (g : {perm 'I_n}).

(* Rearranging the identity list by g gives the images of g^-1: it is the identity iff g is. *)
Lemma permute_iota g : (permute (perm_images g) (iota 0 n) == iota 0 n) = (g == 1).
Proof.
have sz : size (iota 0 n) = n by rewrite size_iota.
apply/eqP/eqP => [same | ->]; last by rewrite permute_perm_images1.
apply/permP=> j; apply: val_inj; rewrite perm1.
have := congr1 (nth 0 ^~ j) same; rewrite nth_permute_perm_images // !nth_iota //= add0n => inv_j.
have fixed : g^-1 j = j by apply: val_inj.
by rewrite -{1}fixed permKV.
Qed.

Lemma word_perm_flatten w k : word_perm n (flatten (nseq k w)) = word_perm n w ^+ k.
Proof.
elim: k => [|k IH]; first by rewrite /word_perm big_nil expg0.
by rewrite /= /word_perm big_cat /= -/(word_perm n w) -/(word_perm n _) IH expgS.
Qed.

End Word.

Lemma word_impossible T w p r : perms T -> word T w -> 0 < states T -> prime p -> prime r ->
  p != r -> r %| states T ->
  rearrange (flatten (nseq p w)) (iota 0 (positions T)) == iota 0 (positions T) ->
  rearrange w (iota 0 (positions T)) != iota 0 (positions T) ->
  impossible (table_wins T).
Proof.
move=> ok word_w q_gt0 p_prime r_prime ne_pr r_dvd power moved.
have perm_w := perm_of_word ok word_w erefl.
have perms_p : all (perm_of (positions T)) (flatten (nseq p w)).
  by apply/allP=> g /flattenP[_ /nseqP[-> _]] /(allP perm_w).
set x := word_perm (positions T) w.
have x_in : x \in devil_group T := word_perm_in word_w.
rewrite (rearrange_prod perms_p) ?size_iota // permute_iota word_perm_flatten in power.
rewrite (rearrange_prod perm_w) ?size_iota // permute_iota in moved.
have order_x : #[x] = p.
  have := order_dvdn x p; rewrite power => /(primeP p_prime).2 /predU1P[x1 | /eqP //].
  by move: moved; rewrite -order_eq1 x1 eqxx.
apply: (table_impossible ok q_gt0 p_prime r_prime ne_pr _ r_dvd).
by rewrite -order_x order_dvdG.
Qed.
