(* Beliefs as the kernel writes them (coinproofs/verify/glasses.py): a set of rotation orbits,
   as a number whose bit j is the j-th orbit, orbits ordered by their least member. The
   checkers read a belief through [in_belief], with the orbit of each state looked up in a
   table built once. Whatever the numbering, two facts make the checkers sound: turning the
   glasses keeps them in their orbit ([in_belief_turn]), and two states of the same orbit are
   turns of each other ([orbit_rotations]). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* x < s as numbers (position 0 the least significant bit), for states of one size. *)
Fixpoint less_glasses (x s : glasses) : bool :=
  match x, s with
  | a :: x', b :: s' => less_glasses x' s' || (x' == s') && ~~ a && b
  | _, _ => false
  end.

(* The least member of every orbit, in increasing order: the kernel's orbits(n). *)
Definition representatives n :=
  [seq s <- all_glasses n | ~~ has (fun x => less_glasses x s) (rotations s)].

(* The number j of the orbit of s among the representatives R, if R has it, with its bit 2^j
   (computed once, for the beliefs the checkers build). *)
Definition orbit_in (R : seq glasses) (s : glasses) : option (N * N) :=
  let turns := rotations s in
  let j := find (fun x => x \in turns) R in
  if j < size R then Some (N.of_nat j, 2 ^ N.of_nat j)%N else None.

(* The orbit of every state of n glasses. The checkers build it once and pass it on. *)
Definition orbit_table n := trie_of n (orbit_in (representatives n)).

(* The glasses s are in the belief B (a set of orbits). *)
Definition in_belief (tb : trie (option (N * N))) (B : N) (s : glasses) : bool :=
  if trie_get tb s is Some (j, _) then N.testbit B j else false.

(* The belief made of the orbits of the states l. *)
Definition belief_of (tb : trie (option (N * N))) (l : seq glasses) : N :=
  foldr (fun s B => if trie_get tb s is Some (_, bit) then N.lor bit B else B) 0%N l.

Lemma orbitE n s : size s = n -> trie_get (orbit_table n) s = orbit_in (representatives n) s.
Proof. exact: trie_get_of. Qed.

Lemma orbit_turn n r s : size s = n -> trie_get (orbit_table n) (turn r s) = trie_get (orbit_table n) s.
Proof.
move=> sz_s; rewrite !orbitE ?size_turn //; congr (if _ < _ then _ else _);
  rewrite (@eq_find _ _ (fun x => x \in rotations s)) // => x; exact: rotations_turn.
Qed.

Lemma in_belief_turn n B r s :
  size s = n -> in_belief (orbit_table n) B (turn r s) = in_belief (orbit_table n) B s.
Proof. by move=> sz_s; rewrite /in_belief orbit_turn. Qed.

(* Two states of one orbit are turns of each other. *)
Lemma orbit_rotations n s x j :
  size s = n -> size x = n -> trie_get (orbit_table n) s = Some j ->
  trie_get (orbit_table n) x = Some j -> x \in rotations s.
Proof.
move=> sz_s sz_x; rewrite !orbitE // /orbit_in.
set R := representatives n; set js := find _ R; set jx := find _ R.
case: ifP => // lt_js [<-]; case: ifP => // lt_jx [/Nat2N.inj same _].
have in_s : nth [::] R js \in rotations s by apply: (nth_find [::]); rewrite has_find.
have in_x : nth [::] R jx \in rotations x by apply: (nth_find [::]); rewrite has_find.
by apply: rotations_common in_s _; rewrite ?sz_x ?sz_s // -same.
Qed.

(* Every entry of the table is an orbit number with its bit. *)
Lemma orbit_bit n s j b : trie_get (orbit_table n) s = Some (j, b) -> b = (2 ^ j)%N.
Proof.
have [s' ->] := trie_get_image n (orbit_in (representatives n)) s.
by rewrite /orbit_in; case: ifP => // _ [<- <-].
Qed.

(* A state is in the belief of l when its orbit is the orbit of a state of l. *)
Lemma in_belief_of n l x :
  in_belief (orbit_table n) (belief_of (orbit_table n) l) x ->
  exists2 y, y \in l & trie_get (orbit_table n) y = trie_get (orbit_table n) x.
Proof.
rewrite /in_belief; case Ex: (trie_get _ x) => [[j b]|//]; elim: l => [//|y l IH] /=.
case Ey: (trie_get _ y) => [[i bit]|]; last first.
  by case/IH=> z z_in same; exists z; rewrite // inE z_in orbT.
rewrite (orbit_bit Ey) N.lor_spec N.pow2_bits_eqb => /orP[/N.eqb_eq ij | /IH[z z_in same]].
  by exists y; rewrite ?inE ?eqxx // Ey (orbit_bit Ey) (orbit_bit Ex) ij.
by exists z; rewrite // inE z_in orbT.
Qed.

(* The least member of the orbit of s, for the checkers that look at one state an orbit. *)
Lemma orbit_representative n s j :
  size s = n -> trie_get (orbit_table n) s = Some j ->
  exists2 x, x \in representatives n & x \in rotations s.
Proof.
move=> sz_s; rewrite orbitE // /orbit_in; case: ifP => // lt_j _.
exists (nth [::] (representatives n) (find (fun x => x \in rotations s) (representatives n))).
  exact: mem_nth.
by apply: (nth_find [::]); rewrite has_find.
Qed.
