(* The strategy walk checker of NoRepeatsWalk.v over machine words, for extraction (issue 31):
   words_second_wins, words_first_wins.

   walk_ok reads a walk as a list of nodes (nth, linear in the index), sets of patterns as
   lists of booleans, and symmetries as tables (nth again): fine for the VM on a thousand nodes,
   hopeless on the six-coin walk's 54,790,509. wordsb checks the same thing with a set of
   patterns as two words (patterns 0 to 31, then 32 to 63: every number the checker builds stays
   below 2^32, so the extracted program, with nat as OCaml's int, computes what Coq does), and
   with the nodes and the symmetries given as functions (the extracted program reads them from
   arrays). Nothing is assumed of those functions: the checker checks each symmetry's table, and
   the proof (wordsb_walkb) is that wordsb accepts only what walkb accepts of the list of nodes
   and the tables the functions make, so walk_lost gives every node lost. *)
From Coq Require Import PeanoNat.
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesNoRepeats NoRepeatsPlay NoRepeatsSymmetry NoRepeatsDag.
From CoinProofs Require Import NoRepeatsWalk.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n i j k p t x y z : nat) (r : play).

(* A set of patterns: bit x of the first word for pattern x < 32, bit x - 32 of the second
   for the others. *)
Definition words := (nat * nat)%type.

Definition memw (s : words) x :=
  if x < 32 then Nat.testbit s.1 x else Nat.testbit s.2 (x - 32).

Definition markw (s : words) x : words :=
  if x < 32 then (Nat.lor s.1 (Nat.shiftl 1 x), s.2)
  else (s.1, Nat.lor s.2 (Nat.shiftl 1 (x - 32))).

(* The set as walk_ok reads it. *)
Definition bitsV n s := mkseq (memw s) (2 ^ n).

(* A loop over 0 .. k-1, which builds no list. *)
Fixpoint all_below (f : nat -> bool) k := if k is k'.+1 then f k' && all_below f k' else true.
Lemma all_belowE f k : all_below f k = all f (iota 0 k).
Proof.
elim: k => // k IH; rewrite -[in RHS]addn1 iotaD all_cat /= andbT -IH.
by rewrite andbC.
Qed.

Definition turnw x i := Nat.lxor x (Nat.shiftl 1 i).

Lemma turnwE x i : turnw x i = turn_over x i.
Proof. by rewrite /turnw Nat.shiftl_1_l /turn_over expn_pow. Qed.

Lemma memw_mark s x y : memw (markw s x) y = (y == x) || memw s y.
Proof.
have bit a b c : Nat.testbit (Nat.lor a (Nat.shiftl 1 b)) c = (c == b) || Nat.testbit a c.
  rewrite Nat.lor_spec Nat.shiftl_1_l Nat.pow2_bits_eqb orbC; congr orb.
  by apply/idP/eqP => [/Nat.eqb_eq -> | ->]; last exact/Nat.eqb_eq.
rewrite /memw /markw; case: (ltnP x 32) => lt_x; case: (ltnP y 32) => lt_y /=.
- by rewrite bit.
- have -> // : (y == x) = false by apply/eqP => e; move: lt_y; rewrite e leqNgt lt_x.
- have -> // : (y == x) = false by apply/eqP => e; move: lt_x; rewrite -e leqNgt lt_y.
rewrite bit; congr orb; apply/eqP/eqP => [e | -> //].
by rewrite -(subnK lt_y) -(subnK lt_x) e.
Qed.

Section Words.

Variables (n : nat) (r : play).
(* The coins and the patterns, listed once: the extracted program's loops run over these lists
   (OCaml's matching), where a loop over a number would make closures at every step. *)
Variables (coins patterns : seq nat).
Hypotheses (coinsE : coins = iota 0 n) (patternsE : patterns = iota 0 (2 ^ n)).
Let nb := neighbours n.
Let xors := masks n.

Lemma nth_bitsV s x : nth false (bitsV n s) x = (x < 2 ^ n) && memw s x.
Proof.
case: ltnP => lt_x; first by rewrite nth_mkseq.
by rewrite nth_default // size_mkseq.
Qed.

Lemma mark_bitsV s x : x < 2 ^ n -> mark (bitsV n s) x = bitsV n (markw s x).
Proof.
move=> lt_x; apply: (@eq_from_nth _ false).
  by rewrite size_set_nth /bitsV !size_mkseq; apply/maxn_idPr.
move=> y _; rewrite nth_set_nth /= !nth_bitsV memw_mark.
by case: eqP => [-> | _]; rewrite ?lt_x.
Qed.

Lemma neighbour_turnw x i : x < 2 ^ n -> i < n -> neighbour nb x i = turnw x i.
Proof. by move=> lt_x lt_i; rewrite turnwE; apply: neighbourE. Qed.

Lemma turnw_lt x i : x < 2 ^ n -> i < n -> turnw x i < 2 ^ n.
Proof. by rewrite turnwE; apply: turn_over_lt. Qed.

(* The coins whose turn makes a pattern not in s. *)
Definition legalw s v := [seq i <- coins | ~~ memw s (turnw v i)].

Lemma legalE s v : v < 2 ^ n -> legal n nb (bitsV n s) v = legalw s v.
Proof.
move=> lt_v; rewrite /legalw coinsE; apply: eq_in_filter => i; rewrite mem_iota add0n => /andP[_ lt_i].
by rewrite neighbour_turnw // nth_bitsV turnw_lt.
Qed.

Lemma legalw_lt s v i : i \in legalw s v -> i < n.
Proof. by rewrite mem_filter coinsE mem_iota => /andP[_ /andP[]]. Qed.

(* winv of NoRepeatsWalk.v. *)
Fixpoint winw k s v : bool :=
  if k is k'.+1 then
    let cs := legalw s v in
    if cs is [::] then r == misere
    else some_not (fun i => let w := turnw v i in winw k' (markw s w) w) cs
  else false.

Lemma winwE k s v : v < 2 ^ n -> winv n r nb k (bitsV n s) v = winw k s v.
Proof.
elim: k s v => // k IH s v lt_v /=; rewrite legalE //.
case cs_eq: (legalw s v) => [// | i cs]; rewrite -cs_eq !some_notE.
apply: eq_in_has => j /legalw_lt lt_j; rewrite neighbour_turnw // mark_bitsV ?turnw_lt //.
by rewrite IH ?turnw_lt.
Qed.

(* winw again, with loops over the coins in place of the list of legal ones (which the
   extracted program would build at every position of every leaf), and a list as fuel. *)
Fixpoint winf (fuel : seq nat) s v : bool :=
  if fuel is _ :: fuel' then
    if all (fun i => memw s (turnw v i)) coins then r == misere
    else has (fun i => let w := turnw v i in ~~ memw s w && ~~ winf fuel' (markw s w) w) coins
  else false.

Lemma ifnil_has (a : bool) f cs :
  (if cs is [::] then a else some_not f cs) = if cs == [::] then a else has (fun i => ~~ f i) cs.
Proof. by case: cs => // i cs; apply: some_notE. Qed.

Lemma winfE fuel s v : winf fuel s v = winw (size fuel) s v.
Proof.
elim: fuel s v => // x fuel IH s v /=; rewrite ifnil_has.
have -> : all (fun i => memw s (turnw v i)) coins = (legalw s v == [::]).
  rewrite /legalw -[RHS]negbK -has_filter -all_predC.
  by apply: eq_all => i /=; rewrite negbK.
congr (if _ then _ else _); rewrite /legalw !has_count count_filter.
by congr (0 < _); apply: eq_count => j /=; rewrite IH andbC.
Qed.

Definition stuckw s y := all (fun i => memw s (turnw y i)) coins.

Lemma stuckE s y : y < 2 ^ n -> stuckb n nb (bitsV n s) y = stuckw s y.
Proof.
move=> lt_y; rewrite /stuckw coinsE; apply: eq_in_all => i; rewrite mem_iota add0n => /andP[_ lt_i].
by rewrite neighbour_turnw // nth_bitsV turnw_lt.
Qed.

Definition countw s := count (memw s) patterns.

Lemma countE s : count_seen n (bitsV n s) = countw s.
Proof.
rewrite /countw patternsE; apply: eq_in_count => x; rewrite mem_iota add0n => /andP[_ lt_x].
by rewrite nth_bitsV lt_x.
Qed.

(* cutb of NoRepeatsDag.v, the first set as a function, the second as words. *)
Definition cutw (W : nat -> bool) u (T : words) w :=
  [&& u == w, all (fun x => W x ==> memw T x) patterns &
      all (fun x => memw T x && ~~ W x ==>
                     all (fun i => (turnw x i != w) && memw T (turnw x i)) coins) patterns].

Lemma cutE W Wf u T w : (forall x, x < 2 ^ n -> nth false W x = Wf x) ->
  cutb n nb W u (bitsV n T) w = cutw Wf u T w.
Proof.
move=> WE; rewrite /cutb /cutw patternsE coinsE; congr [&& _, _ & _].
  by apply: eq_in_all => x; rewrite mem_iota add0n => /andP[_ lt_x]; rewrite WE // nth_bitsV lt_x.
apply: eq_in_all => x; rewrite mem_iota add0n => /andP[_ lt_x].
rewrite WE // nth_bitsV lt_x /=; congr (_ ==> _); apply: eq_in_all => i.
rewrite mem_iota add0n => /andP[_ lt_i].
by rewrite neighbour_turnw // nth_bitsV turnw_lt.
Qed.

(* The nodes and the symmetries, as functions: node j is (seen j, cur j, steps j); symmetry p
   is x -> f p x, with inverse x -> g p x, for p < autos. *)
Variables (size : nat) (seen : nat -> words) (cur : nat -> nat) (steps : nat -> seq step).
Variables (autos : nat) (f g : nat -> nat -> nat).

Definition walk_of := mkseq (fun j => WalkNode (bitsV n (seen j)) (cur j) (steps j)) size.
Definition tables := mkseq (fun p => (mkseq (f p) (2 ^ n), mkseq (g p) (2 ^ n))) autos.
Let nodes := map as_node walk_of.

Lemma nth_nodes j : j < size -> nth no_node nodes j = DagNode (bitsV n (seen j)) (cur j) [::].
Proof.
by move=> lt_j; rewrite (nth_map no_walk_node) ?size_mkseq // nth_mkseq.
Qed.

(* Pattern x of the image of s under x -> f(x) XOR t (pattern g(x XOR t) of s), and f(w) XOR t:
   what answerb reads of the tables. *)
Definition imagew p t s x := let y := g p (Nat.lxor x t) in (y < 2 ^ n) && memw s y.
Definition placew p t w := let y := f p w in if y < 2 ^ n then Nat.lxor y t else 0.

Definition answerw s y ans :=
  match ans with
  | winner_stuck => (r == misere) && stuckw s y
  | loser_stuck z => let w := turnw y z in
      [&& r == normal, z < n, ~~ memw s w & stuckw (markw s w) w]
  | goto z p t j => let w := turnw y z in
      [&& z < n, ~~ memw s w, p < autos, t < 2 ^ n, j < size &
          (countw s < countw (seen j)) &&
          cutw (imagew p t (markw s w)) (placew p t w) (seen j) (cur j)]
  | malformed => false
  end.

Definition leafw s y z :=
  let w := turnw y z in [&& z < n, ~~ memw s w & ~~ winf (0 :: patterns) (markw s w) w].

Definition stepw s y st :=
  match st with
  | played ans => answerw s y ans
  | leaf z => leafw s y z
  end.

Lemma masks_nth t x : t < 2 ^ n ->
  nth 0 (nth [::] xors t) x = if x < 2 ^ n then Nat.lxor x t else 0.
Proof.
move=> lt_t; case: ltnP => lt_x; first exact: masksE.
rewrite nth_default // (nth_map 0) ?size_iota // size_map size_iota //.
Qed.

Lemma stepE s y st : y < 2 ^ n ->
  stepb n r nb (tables) xors nodes (bitsV n s) y st = stepw s y st.
Proof.
move=> lt_y; case: st => [ans | z] /=; last first.
  rewrite /leafb /leafw; case: (ltnP z n) => lt_z //.
  by rewrite neighbour_turnw // nth_bitsV turnw_lt // mark_bitsV ?turnw_lt // winwE ?turnw_lt // winfE /= patternsE size_iota.
case: ans => [| z | z p t j |] //=; first by rewrite stuckE.
  case: (ltnP z n) => lt_z; last by rewrite !andbF.
  by rewrite neighbour_turnw // nth_bitsV turnw_lt // mark_bitsV ?turnw_lt // stuckE ?turnw_lt.
case: (ltnP z n) => lt_z //=; rewrite neighbour_turnw // nth_bitsV turnw_lt //=.
rewrite size_mkseq size_map size_mkseq; case: (ltnP p autos) => lt_p; last by rewrite !andbF.
case: (ltnP t (2 ^ n)) => lt_t; last by rewrite !andbF.
case: (ltnP j size) => lt_j; last by rewrite !andbF.
rewrite nth_mkseq // nth_nodes //= !countE; congr [&& _, _ & _].
have lt_w := turnw_lt lt_y lt_z.
rewrite nth_mkseq // masks_nth // mark_bitsV //; apply: cutE => x lt_x.
by rewrite /image nth_mkseq // masksE // nth_bitsV nth_mkseq ?lxor_lt.
Qed.

Definition nodew j :=
  let s := seen j in let v := cur j in let cs := legalw s v in
  [&& v < 2 ^ n, memw s v, (cs != [::]) || (r == normal) &
      all2 (fun i st => stepw (markw s (turnw v i)) (turnw v i) st) cs (steps j)].

Lemma nodeE j : walk_nodeb n r nb tables xors nodes
                  (WalkNode (bitsV n (seen j)) (cur j) (steps j)) = nodew j.
Proof.
rewrite /walk_nodeb /nodew /=; case: (ltnP (cur j) (2 ^ n)) => lt_v //=.
rewrite nth_bitsV lt_v legalE //=; congr [&& _, _ & _].
elim: (legalw _ _) (steps j) (@legalw_lt (seen j) (cur j)) => [| i cs IH] [| st sts] //= lt_cs.
have lt_i : i < n by apply: lt_cs; rewrite inE eqxx.
rewrite neighbour_turnw // mark_bitsV ?turnw_lt // stepE ?turnw_lt // IH //.
by move=> i' i'_in; apply: lt_cs; rewrite inE i'_in orbT.
Qed.

(* Node 0 is the opening, or the position after the winner's first move. *)
Definition rootw (first : option nat) :=
  if first is Some z then
    (z < n) && cutw (fun x => (x == 0) || (x == turnw 0 z)) (turnw 0 z) (seen 0) (cur 0)
  else cutw (fun x => x == 0) 0 (seen 0) (cur 0).

Definition wordsb_lists first :=
  [&& all_below (fun p => automorphismb n nb (mkseq (f p) (2 ^ n), mkseq (g p) (2 ^ n))) autos,
      0 < size, rootw first & all_below nodew size].

Lemma wordsb_walkb first : wordsb_lists first -> walkb n r nb tables xors walk_of first.
Proof.
case/and4P=> autos_ok nonempty root nodes_ok; apply/and4P; split.
- by rewrite all_map; move: autos_ok; rewrite all_belowE.
- by rewrite size_mkseq.
- move: root; rewrite /rootb /rootw nth_nodes //=; case: first => [z |].
    case: (ltnP z n) => lt_z //=; rewrite neighbour_turnw ?expn_gt0 // => root.
    by rewrite (cutE (Wf := fun x => (x == 0) || (x == turnw 0 z))) // => x lt_x; rewrite nth_mkseq.
  by move=> root; rewrite (cutE (Wf := fun x => x == 0)) // => x lt_x; rewrite nth_mkseq.
rewrite all_map; move: nodes_ok; rewrite all_belowE => /allP ok.
by apply/allP => j j_in; rewrite /= nodeE ok.
Qed.

End Words.

Definition wordsb n r := wordsb_lists n r (iota 0 n) (iota 0 (2 ^ n)).

(* The soundness theorems: words the checker accepts prove who wins. *)
Theorem words_second_wins n r size seen cur steps autos f g :
  wordsb n r size seen cur steps autos f g None -> second_wins n r.
Proof. by move/(wordsb_walkb erefl erefl)/walkb_second_wins. Qed.

Theorem words_first_wins n r size seen cur steps autos f g z :
  wordsb n r size seen cur steps autos f g (Some z) -> first_wins n r.
Proof. by move/(wordsb_walkb erefl erefl)/walkb_first_wins. Qed.
