(* The shortest claims of any group whose order is a power of the prime that q is a power of,
   as certificates Coq checks by computation (vm_compute), for the Coq road (coinproofs/coq):
   a list E of permutations (their images, as RulesTable.v writes a generator), in increasing
   order, closed under composing with each generator, whose length is p^k. Then the ones E
   lists are a union of left cosets of the devil's group, so its order divides p^k
   ([closed_order_dvd]); with q = p^b that is the criterion, and table_shortest gives the
   length. E is found in Python (the group itself, by breadth-first search: untrusted); only
   lists are compared here, no group order is computed. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset fingroup perm.
From CoinProofs Require Import Claims RulesTable RulesGroup TablePlay GroupPerm GroupShortest.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Import GroupScope.

Implicit Types (T : table) (E : seq (seq nat)).

(* A set closed under multiplying by the group on the right is a union of its left cosets:
   the group's order divides its size. *)
Lemma closed_order_dvd (gT : finGroupType) (G : {group gT}) (S : {set gT}) :
  (forall x y, x \in S -> y \in G -> x * y \in S) -> #|G| %| #|S|.
Proof.
move=> closed.
have block x : x \in S -> [set y in S | x *: G == y *: G] = x *: G.
  move=> Sx; apply/setP=> y; rewrite inE; apply/andP/idP => [[_ /eqP ->] | xGy].
    by rewrite lcoset_refl.
  split; last by apply/eqP/esym/lcoset_eqP.
  by rewrite -(mulKVg x y); apply: closed; rewrite // -mem_lcoset.
rewrite (card_uniform_partition (n := #|G|) _ (preim_partitionP (fun x => x *: G) S)).
  exact: dvdn_mull.
by move=> _ /imsetP[x Sx ->]; rewrite block // card_lcoset.
Qed.

(* The images of x * g (x first), from the images of x and g. *)
Definition compose (x g : seq nat) := [seq nth 0 g i | i <- x].

Lemma perm_images_mul n (x : {perm 'I_n}) (g : seq nat) : perm_of n g ->
  perm_images (x * to_perm n g) = compose (perm_images x) g.
Proof.
move=> perm_g; rewrite /compose /perm_images -[in RHS]map_comp.
by apply: eq_map => i /=; rewrite permM to_permE.
Qed.

(* Lists of numbers in lexicographic order: E in increasing order has no element twice. *)
Fixpoint lex_lt (s t : seq nat) : bool :=
  match s, t with
  | x :: s', y :: t' => (x < y) || (x == y) && lex_lt s' t'
  | [::], _ :: _ => true
  | _, [::] => false
  end.

Lemma lex_lt_irr : irreflexive lex_lt.
Proof. by elim=> //= x s ->; rewrite ltnn andbF. Qed.

Lemma lex_lt_trans : transitive lex_lt.
Proof.
move=> t s; elim: s t => [|x s IH] [|y t] [|z u] //= /orP[xy | /andP[/eqP <- st]].
- case/orP=> [yz | /andP[/eqP <- _]]; last by rewrite xy.
  by rewrite (ltn_trans xy yz).
- by case/orP=> [-> // | /andP[/eqP <- tu]]; rewrite eqxx (IH _ _ st tu) orbT.
Qed.

(* The checker: E lists permutations of 0..N-1 in increasing order (so none twice), and E
   composed with each generator, sorted, is E again: closed. Sorting costs n log n
   comparisons, where looking each one up would cost n^2. *)
Definition closed_ok T E :=
  [&& sorted lex_lt E, all (perm_of (positions T)) E &
      all (fun g => sort (fun s t => ~~ lex_lt t s) [seq compose x g | x <- E] == E)
        (generators T)].

Section Closed.

Variables (T : table) (E : seq (seq nat)).
Hypotheses (ok : perms T) (closed : closed_ok T E).
Local Notation N := (positions T).

(* The permutations E lists. *)
Definition listed : {set {perm 'I_N}} := [set x | perm_images x \in E].

Lemma card_listed : #|listed| = size E.
Proof.
case/and3P: closed => /(sorted_uniq lex_lt_trans lex_lt_irr) uniq_E perms_E _.
rewrite cardE -(size_map (@perm_images N)); apply/perm_size/uniq_perm.
- by rewrite map_inj_uniq ?enum_uniq //; apply: (can_inj (@perm_imagesK N)).
- exact: uniq_E.
move=> e; apply/mapP/idP => [[x] | E_e]; first by rewrite mem_enum inE => ? ->.
exists (to_perm N e); last by rewrite to_permK ?(allP perms_E).
by rewrite mem_enum inE to_permK ?(allP perms_E).
Qed.

Lemma listed_closed x y : x \in listed -> y \in devil_group T -> x * y \in listed.
Proof.
case/and3P: closed => _ _ /allP sorts.
have step g e : g \in generators T -> e \in E -> compose e g \in E.
  by move=> /sorts /eqP sorted_E Ee; rewrite -sorted_E mem_sort; apply: (map_f (compose^~ g)).
move=> Ex /gen_prodgP[k [c c_in ->]].
elim: (index_enum _) x Ex => [|i rest IH] x Ex; first by rewrite big_nil mulg1.
rewrite big_cons mulgA; apply: IH; have := c_in i; rewrite inE => /mapP[g g_in ->].
rewrite inE perm_images_mul ?(allP ok) //.
by apply: step => //; move: Ex; rewrite inE.
Qed.

Lemma order_dvd : #|devil_group T| %| size E.
Proof. by rewrite -card_listed; apply: closed_order_dvd; apply: listed_closed. Qed.

End Closed.

(* The claim's checker: p prime, the generators permutations, N > 0, q = p^b, and E closed,
   of p^k permutations. *)
Definition order_ok T E p b k :=
  [&& prime p, perms T, 0 < positions T, states T == (p ^ b)%N, size E == (p ^ k)%N &
      closed_ok T E].

(* Then the shortest winning strategy has q^N - 1 moves (goal zero), q^(N-1) - 1 (goal equal):
   L is the claim's length as its statement writes it, which Coq unifies with bound T without
   computing the unary number (as GroupNamed.v's rotation_shortest). *)
Theorem closed_shortest T E p b k L : order_ok T E p b k -> bound T = L ->
  shortest (table_wins T) L.
Proof.
case/and5P=> p_prime ok N_gt0 /eqP q_pb /andP[/eqP size_E closed] <-.
have q_gt0 : 0 < states T by rewrite q_pb expn_gt0 prime_gt0.
apply: table_shortest_claim => // p' r p'_prime r_prime p'_dvd r_dvd.
have := dvdn_trans p'_dvd (order_dvd ok closed); rewrite size_E.
rewrite Euclid_dvdX // dvdn_prime2 // => /andP[/eqP -> _].
move: r_dvd; rewrite q_pb Euclid_dvdX // dvdn_prime2 // => /andP[/eqP -> _] //.
Qed.
