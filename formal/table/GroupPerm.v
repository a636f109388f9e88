(* The devil's group as MathComp's finite group theory sees it: a generator of RulesTable.v
   (the list of images of a permutation of 0..N-1) is a {perm 'I_N}; a word of generators acts
   on states as the product of its permutations ([rearrange_prod]); the devil's group is the
   group they generate, and its elements are exactly the words' products ([devil_groupP]). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm.
From CoinProofs Require Import Dials DialsPlay TablePlay TableOrbits GroupStates GroupPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

Section Perms.

Variable n : nat.
Implicit Types (g h : {perm 'I_n}) (p : seq nat) (s : dials) (w : seq (seq nat)).

(* RulesGroup.v's to_perm, at the section's n. *)
Local Notation to_perm := (to_perm n).

(* The images of g, position 0 first: the way RulesTable.v writes a permutation. *)
Definition perm_images g : seq nat := [seq val (g i) | i <- enum 'I_n].

Lemma size_perm_images g : size (perm_images g) = n.
Proof. by rewrite size_map size_enum_ord. Qed.

Lemma nth_perm_images g (i : 'I_n) : nth 0 (perm_images g) i = g i.
Proof. by rewrite (nth_map i) ?size_enum_ord // nth_ord_enum. Qed.

Lemma perm_of_images g : perm_of n (perm_images g).
Proof.
have -> : perm_images g = map val (map g (enum 'I_n)) by rewrite -map_comp.
rewrite /perm_of -val_enum_ord; apply: perm_map.
apply: uniq_perm => [||i]; first by rewrite (map_inj_uniq perm_inj) enum_uniq.
  exact: enum_uniq.
by rewrite mem_enum; apply/mapP; exists (g^-1 i); rewrite ?mem_enum ?permKV.
Qed.

Lemma to_permE p (i : 'I_n) : perm_of n p -> val (to_perm p i) = nth 0 p i.
Proof.
move=> perm_p; have sz_p : size p = n by rewrite (perm_size perm_p) size_iota.
have lt_p j : j < n -> nth 0 p j < n.
  move=> lt_j; have := perm_mem perm_p (nth 0 p j).
  by rewrite mem_iota mem_nth ?sz_p // => /esym /andP[].
set f := [ffun i : 'I_n => insubd i (nth 0 p i)].
have f_val j : val (f j) = nth 0 p j by rewrite ffunE insubdK //; apply: lt_p.
have inj_f : injectiveb f.
  apply/injectiveP=> j k /(congr1 val); rewrite !f_val => /eqP.
  rewrite nth_uniq ?sz_p // => [/eqP /val_inj // | ].
  by rewrite (perm_uniq perm_p) iota_uniq.
have pval_p : val (to_perm p) = f by rewrite /to_perm insubdK.
by rewrite -f_val -pval_p pvalE.
Qed.

Lemma to_permK p : perm_of n p -> perm_images (to_perm p) = p.
Proof.
move=> perm_p; have sz_p : size p = n by rewrite (perm_size perm_p) size_iota.
rewrite /perm_images (eq_map (fun i => to_permE i perm_p)) -[in RHS](mkseq_nth 0 p) sz_p.
by rewrite /mkseq -val_enum_ord -[in RHS]map_comp.
Qed.

Lemma perm_imagesK g : to_perm (perm_images g) = g.
Proof. by apply/permP=> i; apply: val_inj; rewrite to_permE ?perm_of_images ?nth_perm_images. Qed.

(* The dial now at position j is the one that was at g^-1 j. *)
Lemma index_perm_images g (j : 'I_n) : index (val j) (perm_images g) = val (g^-1 j).
Proof.
have inj : injective (val \o g) by move=> i k /val_inj /perm_inj.
by have := index_map inj (enum 'I_n) (g^-1 j); rewrite /= permKV index_enum_ord.
Qed.

Lemma nth_permute_perm_images g s (j : 'I_n) : size s = n ->
  nth 0 (permute (perm_images g) s) j = nth 0 s (g^-1 j).
Proof. by move=> sz_s; rewrite nth_permute ?sz_s // index_perm_images. Qed.

Lemma permute_perm_images_mul g h s : size s = n ->
  permute (perm_images h) (permute (perm_images g) s) = permute (perm_images (g * h)) s.
Proof.
move=> sz_s; have sz_g : size (permute (perm_images g) s) = n by rewrite size_permute.
apply: (@eq_from_nth _ 0) => [|j]; rewrite !size_permute // sz_s => lt_j.
rewrite -[j]/(val (Ordinal lt_j)) !nth_permute_perm_images //.
by rewrite invMg permM.
Qed.

Lemma permute_perm_images1 s : size s = n -> permute (perm_images 1) s = s.
Proof.
move=> sz_s; apply: (@eq_from_nth _ 0) => [|j]; rewrite size_permute // sz_s => lt_j.
by rewrite -[j]/(val (Ordinal lt_j)) nth_permute_perm_images // invg1 perm1.
Qed.

(* A word of generators, as one permutation: its product, first generator first. *)
Definition word_perm w : {perm 'I_n} := \prod_(p <- w) to_perm p.

Lemma rearrange_prod w s : all (perm_of n) w -> size s = n ->
  rearrange w s = permute (perm_images (word_perm w)) s.
Proof.
elim: w s => [|p w IH] s /=.
  by move=> _ sz_s; rewrite /word_perm big_nil permute_perm_images1.
case/andP=> perm_p perms sz_s; rewrite IH ?size_permute // -{1}(to_permK perm_p).
by rewrite permute_perm_images_mul // /word_perm big_cons.
Qed.

End Perms.

Lemma word_perm_in T w : word T w -> word_perm (positions T) w \in devil_group T.
Proof.
move=> /allP in_w; rewrite /word_perm big_seq group_prod // => p /in_w p_in.
by apply: mem_gen; rewrite inE map_f.
Qed.

(* The elements of the devil's group are the products of his words. *)
Lemma devil_groupP T x : perms T -> x \in devil_group T ->
  exists2 w, word T w &
    forall s, size s = positions T -> rearrange w s = permute (perm_images x) s.
Proof.
move=> ok /gen_prodgP[k [c c_in ->]].
have c_gen i : perm_images (c i) \in generators T.
  by have := c_in i; rewrite inE => /mapP[p p_in ->]; rewrite to_permK ?(allP ok).
exists [seq perm_images (c i) | i <- enum 'I_k].
  by apply/allP=> _ /mapP[i _ ->]; apply: c_gen.
move=> s sz_s; rewrite (@rearrange_prod (positions T)) //; last first.
  by apply/allP=> _ /mapP[i _ ->]; apply: perm_of_images.
congr (permute (perm_images _) s); rewrite /word_perm big_map enumT.
by apply: eq_bigr => i _; rewrite perm_imagesK.
Qed.
