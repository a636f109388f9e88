(* The checker of a strategy DAG (the kernel's evidence strategy-dag, format NRDAG1 of
   docs/certificates.md), proved sound against the rules: dag_second_wins, dag_first_wins.

   A DAG lists nodes, positions where the loser is to move; for each legal move of the loser,
   in increasing order of the coin, an answer: the winner is stuck (misère play: she wins), or
   the winner's reply leaves the loser stuck (normal play: he loses), or the winner's reply
   leads to a position that a symmetry x -> pi(x) XOR t of the cube maps to a node, once
   patterns no play can reach are marked seen (Lemma R). The checker lists the loser's moves
   itself, plays each reply, maps the position and compares it with the node; it never
   searches. To make the induction plain it also checks that each node named has more seen
   patterns than the node naming it (so every node is lost, by induction on the patterns left
   unseen).

   The kernel asks the position reached to equal the node exactly once reduced by Lemma R; this
   checker asks only for what the proof needs (cut in NoRepeatsSymmetry.v: the node marks seen
   no pattern the position can reach), which the kernel's answer always meets. The kernel's
   check that every node is named by some record is not needed either: a node no record names
   is proved lost all the same. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesNoRepeats NoRepeatsPlay NoRepeatsSymmetry.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n i j k x y z : nat) (V W T : seq bool) (S : seq nat) (r : play).

(* A set of patterns of n coins as 2^n booleans: pattern x is in it iff nth false V x. *)
Definition members n V := [seq x <- iota 0 (2 ^ n) | nth false V x].

Lemma mem_members n V x : (x \in members n V) = (x < 2 ^ n) && nth false V x.
Proof. by rewrite mem_filter mem_iota andbC. Qed.

Definition mark V x := set_nth false V x true.

Lemma mem_mark n V x y :
  x < 2 ^ n -> (y \in members n (mark V x)) = (y == x) || (y \in members n V).
Proof.
move=> lt_x; rewrite !mem_members nth_set_nth /=.
by case: eqP => [-> | _]; rewrite ?lt_x ?orbT.
Qed.

(* The answers of the winner to one move of the loser. *)
Inductive answer :=
  | winner_stuck                 (* the winner cannot move: under misère play she wins *)
  | loser_stuck (z : nat)        (* the winner turns coin z; the loser is stuck: normal play *)
  | goto (z p t j : nat)         (* the winner turns coin z; the symmetry x -> pi_p(x) XOR t
                                    maps the position to node j *)
  | malformed.                   (* what the decoder makes of a record out of the format *)

Record node := DagNode { seen : seq bool; current : nat; answers : seq answer }.

Definition position_of n c : position := (members n (seen c), current c).

Section Checker.

(* The tables the checker reads: the neighbours of each pattern (neighbours n), the
   reorderings of the coins as symmetries with their inverses (any tables: the checker checks
   them), the XOR masks (masks n); and the nodes. *)
Variables (n : nat) (r : play) (nb : seq (seq nat)) (autos : seq (seq nat * seq nat))
          (xors : seq (seq nat)) (nodes : seq node).

Definition neighbour x i := nth 0 (nth [::] nb x) i.

(* Every neighbour of x is in V. *)
Definition stuckb V x := all (fun i => nth false V (neighbour x i)) (iota 0 n).

(* The coins whose turn makes a pattern not in V. *)
Definition legal V x := [seq i <- iota 0 n | ~~ nth false V (neighbour x i)].

Definition count_seen V := count (nth false V) (iota 0 (2 ^ n)).

(* The image of V under x -> pi(x) XOR t, given the inverse g of pi. *)
Definition image g t V :=
  mkseq (fun y => nth false V (nth 0 g (nth 0 (nth [::] xors t) y))) (2 ^ n).

(* Lemma R, as the checker sees it: (T, w) is the position (W, u) with some patterns marked
   seen, each of which has all its neighbours in T, none of them the current pattern: so no
   play from (W, u) reaches one. *)
Definition cutb W u T w :=
  [&& u == w, all (fun x => nth false W x ==> nth false T x) (iota 0 (2 ^ n)) &
      all (fun x => nth false T x && ~~ nth false W x ==>
                    all (fun i => (neighbour x i != w) && nth false T (neighbour x i)) (iota 0 n))
          (iota 0 (2 ^ n))].

Definition no_node := DagNode [::] 0 [::].

(* The answer ans holds after the loser moved to y, making V seen. *)
Definition answerb V y ans :=
  match ans with
  | winner_stuck => (r == misere) && stuckb V y
  | loser_stuck z => let w := neighbour y z in
      [&& r == normal, z < n, ~~ nth false V w & stuckb (mark V w) w]
  | goto z p t j => let w := neighbour y z in
      [&& z < n, ~~ nth false V w, p < size autos, t < 2 ^ n, j < size nodes &
          let: (f, g) := nth ([::], [::]) autos p in
          let c := nth no_node nodes j in
          (count_seen V < count_seen (seen c)) &&
          cutb (image g t (mark V w)) (nth 0 (nth [::] xors t) (nth 0 f w)) (seen c) (current c)]
  | malformed => false
  end.

(* A node: the loser can move (under misère play), and each of his moves has its answer. *)
Definition nodeb c :=
  let V := seen c in let v := current c in let cs := legal V v in
  [&& v < 2 ^ n, nth false V v, (cs != [::]) || (r == normal) &
      all2 (fun i ans => answerb (mark V (neighbour v i)) (neighbour v i) ans) cs (answers c)].

(* Node 0 is the opening, or the position after the winner's first move f. *)
Definition rootb (first : option nat) :=
  let c := nth no_node nodes 0 in
  if first is Some f then
    (f < n) && cutb (mkseq (fun x => (x == 0) || (x == neighbour 0 f)) (2 ^ n)) (neighbour 0 f)
                    (seen c) (current c)
  else cutb (mkseq (fun x => x == 0) (2 ^ n)) 0 (seen c) (current c).

Definition dagb first :=
  [&& all (automorphismb n nb) autos, 0 < size nodes, rootb first & all nodeb nodes].

End Checker.

(* The tables, computed once. *)
Definition masks n := [seq [seq Nat.lxor x t | x <- iota 0 (2 ^ n)] | t <- iota 0 (2 ^ n)].

(* The reorderings of the coins in the kernel's order (lexicographic in pi(0), ..., pi(n-1)),
   each as the table of x -> pi(x), where bit pi(i) of pi(x) is bit i of x, with its inverse.
   Nothing rests on these being right: dagb checks each is a symmetry. *)
Fixpoint arrangements k (s : seq nat) : seq (seq nat) :=
  if k is k'.+1 then flatten [seq [seq x :: o | o <- arrangements k' (rem x s)] | x <- s]
  else [:: [::]].

Definition reorder n (o : seq nat) x :=
  foldr (fun i y => if Nat.testbit x i then 2 ^ nth 0 o i + y else y) 0 (iota 0 n).

Definition table_of n o :=
  let f := [seq reorder n o x | x <- iota 0 (2 ^ n)] in (f, [seq index y f | y <- iota 0 (2 ^ n)]).

Definition automorphisms n := [seq table_of n o | o <- arrangements n (iota 0 n)].

(* The nodes, a strategy DAG, prove that the winner wins: the second player (first = None), or
   the first, whose first move is f (first = Some f). *)
Definition dag_ok n r first nodes :=
  dagb n r (neighbours n) (automorphisms n) (masks n) nodes first.

(* Soundness. *)

Section Soundness.

Variables (n : nat) (r : play) (autos : seq (seq nat * seq nat)) (nodes : seq node).
Let nb := neighbours n.
Let xors := masks n.
Variable autos_ok : all (automorphismb n nb) autos.

Lemma neighbourE x i : x < 2 ^ n -> i < n -> neighbour nb x i = turn_over x i.
Proof. exact: neighboursE. Qed.

Lemma masksE t x : t < 2 ^ n -> x < 2 ^ n -> nth 0 (nth [::] xors t) x = Nat.lxor x t.
Proof.
by move=> lt_t lt_x; rewrite (nth_map 0) ?size_iota // nth_iota // (nth_map 0) ?size_iota ?nth_iota.
Qed.

Lemma members_lt V x : x \in members n V -> x < 2 ^ n.
Proof. by rewrite mem_members => /andP[]. Qed.

(* Stuck: every neighbour seen. *)
Lemma stuckbP V S y :
  y < 2 ^ n -> S =i members n V -> stuckb n nb V y -> legal_moves n (S, y) = [::].
Proof.
move=> lt_y same /allP seen_all; case moves_y: (legal_moves n (S, y)) => [// | q qs].
have /legal_movesP[i lt_i [_ /= fresh]] : q \in legal_moves n (S, y) by rewrite moves_y inE eqxx.
move: (seen_all i); rewrite mem_iota lt_i neighbourE // => /(_ isT) seen_i.
by move: fresh; rewrite same mem_members seen_i turn_over_lt.
Qed.

Lemma image_members f g t V : t < 2 ^ n -> automorphismb n nb (f, g) ->
  members n (image n xors g t V) =i map (fun x => Nat.lxor (nth 0 f x) t) (members n V).
Proof.
move=> lt_t /automorphismbP auto_fg.
have [inv _ _] := automorphic_comp auto_fg (lxor_automorphic lt_t); move=> y.
rewrite mem_members; apply/idP/mapP => [/andP[lt_y] | [x]].
  rewrite nth_mkseq // masksE // => V_y; have [_ lt_ty _ sty] := inv y lt_y.
  exists (nth 0 g (Nat.lxor y t)); first by rewrite mem_members lt_ty.
  by move: sty => /= ->.
rewrite mem_members => /andP[lt_x V_x] ->; have [lt_sx _ tsx _] := inv x lt_x.
by rewrite lt_sx nth_mkseq // masksE // tsx.
Qed.

Lemma cutbP W u T w S : S =i members n W -> cutb n nb W u T w -> cut n (S, u) (members n T, w).
Proof.
move=> same /and3P[/eqP-> /allP sub /allP far]; split=> //= [x | x i].
  rewrite same !mem_members => /andP[lt_x W_x]; rewrite lt_x /=.
  by apply: (implyP (sub x _)); rewrite ?mem_iota.
rewrite same !mem_members => /andP[lt_x T_x]; rewrite lt_x /= => W_x lt_i.
have x_in : x \in iota 0 (2 ^ n) by rewrite mem_iota.
have i_in : i \in iota 0 n by rewrite mem_iota.
move: (far x x_in); rewrite T_x W_x /= => /allP/(_ i i_in).
by rewrite neighbourE // => /andP[-> ->]; rewrite turn_over_lt.
Qed.

Lemma mark_members V y : y < 2 ^ n -> members n (mark V y) =i y :: members n V.
Proof. by move=> lt_y x; rewrite mem_mark // inE. Qed.

Lemma count_mark V y : count_seen n V <= count_seen n (mark V y).
Proof. by apply: sub_count => x V_x; rewrite /mark nth_set_nth /= V_x; case: eqP. Qed.

Lemma map_mem (sigma : nat -> nat) S S' : S =i S' -> map sigma S =i map sigma S'.
Proof.
move=> same x; apply/mapP/mapP => [] [y y_S ->]; exists y => //; first by rewrite -same.
by rewrite same.
Qed.

(* After the loser moved to y, making S (as V) seen, the winner's answer wins, if the nodes
   with more seen patterns than V are lost. *)
Lemma answer_won V y S ans : y < 2 ^ n -> S =i members n V ->
  (forall j, j < size nodes -> count_seen n V < count_seen n (seen (nth no_node nodes j)) ->
             lost r n (position_of n (nth no_node nodes j))) ->
  answerb n r nb autos xors nodes V y ans -> won r n (S, y).
Proof.
move=> lt_y same IH; have valid_y : in_cube n (S, y).
  by rewrite /in_cube /= lt_y; apply/allP => x; rewrite same => /members_lt.
have move_to z : z < n -> ~~ nth false V (neighbour nb y z) ->
    (turn_over y z :: S, turn_over y z) \in legal_moves n (S, y).
  move=> lt_z fresh; apply/legal_movesP; exists z => //; split=> //=.
  by rewrite same mem_members -neighbourE // (negbTE fresh) andbF.
case: ans => [| z | z p t j |] //=.
- by case/andP=> /eqP r_misere stuck; apply: won_stuck (stuckbP lt_y same stuck).
- case/and4P=> /eqP r_normal lt_z fresh stuck; apply: won_move (move_to z lt_z fresh) _.
  rewrite neighbourE // in stuck; have lt_w := turn_over_lt lt_y lt_z.
  have same' : turn_over y z :: S =i members n (mark V (turn_over y z)).
    by move=> x; rewrite mark_members // !inE same.
  by apply: lost_all => // q; rewrite (stuckbP lt_w same' stuck).
case/and5P=> lt_z fresh lt_p lt_t /andP[lt_j].
have := mem_nth ([::], [::]) lt_p; case: (nth _ autos p) => f g fg_autos.
have auto_fg := allP autos_ok _ fg_autos.
set c := nth no_node nodes j; case/andP=> more cut_c.
apply: won_move (move_to z lt_z fresh) _.
rewrite -/nb neighbourE // in cut_c; set w := turn_over y z in cut_c *.
have lt_w : w < 2 ^ n by rewrite turn_over_lt.
have [inv_f _ _] := automorphismbP auto_fg; have [lt_f _ _ _] := inv_f w lt_w.
rewrite /= masksE // in cut_c.
set sigma := fun x => Nat.lxor (nth 0 f x) t.
have bisim := bisimilar_sym (bisimilar_comp (sym_bisimilar (automorphic_comp
  (automorphismbP auto_fg) (lxor_automorphic lt_t))) (@cut_bisimilar n)).
apply: (bisimilar_won _ bisim _).2 (IH j lt_j more).
exists (members n (image n xors g t (mark V w)), sigma w); last exact: cutbP cut_c.
have [valid_w _] := legal_moves_in_cube valid_y (move_to z lt_z fresh).
split=> //; split=> // x; rewrite (image_members _ lt_t auto_fg).
rewrite (map_mem _ (mark_members _ lt_w)); apply: map_mem => u.
by rewrite !inE same.
Qed.

Lemma all2_exists (A : eqType) (B : Type) (P : A -> B -> bool) (s : seq A) (s' : seq B) a :
  all2 P s s' -> a \in s -> exists b, P a b.
Proof.
elim: s s' => [| a' s IH] [| b s'] //= /andP[Pab all_s]; rewrite inE => /orP[/eqP-> | a_s].
  by exists b.
exact: IH all_s a_s.
Qed.

(* Every node is lost for the player to move, by induction on the patterns left unseen. *)
Lemma nodes_lost : all (nodeb n r nb autos xors nodes) nodes ->
  forall j, j < size nodes -> lost r n (position_of n (nth no_node nodes j)).
Proof.
move=> /(all_nthP no_node) nodes_ok.
suff all_k k j : j < size nodes -> 2 ^ n < k + count_seen n (seen (nth no_node nodes j)) ->
                 lost r n (position_of n (nth no_node nodes j)).
  by move=> j lt_j; apply: (all_k (2 ^ n).+1) => //; rewrite ltnS leq_addr.
elim: k j => [| k IH] j lt_j lt_k.
  by move: lt_k; rewrite add0n ltnNge (leq_trans (count_size _ _)) ?size_iota.
move: (nodes_ok j lt_j) lt_k; rewrite /position_of.
case: (nth no_node nodes j) => V v answers /and4P[/= lt_v _ can_move answers_ok] lt_k.
have legal_fresh i : i < n -> (i \in legal n nb V v) = (turn_over v i \notin members n V).
  by move=> lt_i; rewrite mem_filter mem_iota lt_i neighbourE // mem_members turn_over_lt ?andbT.
apply: lost_all => [stuck | q /legal_movesP[i lt_i [-> /= fresh]]].
  case/orP: can_move => [| /eqP //]; case legal_eq: (legal n nb V v) => [// | i cs] _.
  have: i \in legal n nb V v by rewrite legal_eq inE eqxx.
  rewrite mem_filter mem_iota add0n => /andP[fresh /andP[_ lt_i]].
  have: (turn_over v i :: members n V, turn_over v i) \in legal_moves n (members n V, v).
    apply/legal_movesP; exists i => //; split=> //=.
    by rewrite -legal_fresh // mem_filter mem_iota lt_i fresh.
  by rewrite stuck.
rewrite -legal_fresh // in fresh; have [ans] := all2_exists answers_ok fresh.
rewrite neighbourE //; apply: answer_won; first exact: turn_over_lt.
  by move=> x; rewrite mark_members ?turn_over_lt.
move=> j' lt_j' more; apply: IH lt_j' _; apply: leq_trans lt_k _.
by rewrite addSn -addnS leq_add2l (leq_ltn_trans (count_mark _ _) more).
Qed.

End Soundness.

(* The soundness theorems: a DAG the checker accepts proves who wins. *)
Theorem dag_second_wins n r nodes : dag_ok n r None nodes -> second_wins n r.
Proof.
case/and4P=> autos_ok nonempty root /nodes_lost lost_nodes.
have := lost_nodes autos_ok 0 nonempty; rewrite /second_wins /position_of.
move: root; rewrite /rootb; case: (nth no_node nodes 0) => T w _ /= root lost0.
apply: (bisimilar_won _ (bisimilar_sym (@cut_bisimilar n)) _).2 lost0.
apply: cutbP root => x; rewrite mem_members inE.
case: ltnP => [lt_x | le_x]; first by rewrite nth_mkseq.
by apply/eqP => x0; move: le_x; rewrite x0 leqNgt expn_gt0.
Qed.

Theorem dag_first_wins n r f nodes : dag_ok n r (Some f) nodes -> first_wins n r.
Proof.
case/and4P=> autos_ok nonempty root /nodes_lost lost_nodes.
have := lost_nodes autos_ok 0 nonempty; rewrite /first_wins /position_of.
move: root; rewrite /rootb; case: (nth no_node nodes 0) => T w _ /= /andP[lt_f root] lost0.
have lt_0 : 0 < 2 ^ n by rewrite expn_gt0.
rewrite neighbourE // in root.
have move0 : ([:: turn_over 0 f; 0], turn_over 0 f) \in legal_moves n opening.
  by apply/legal_movesP; exists f; rewrite // inE turn_over_neq.
apply: won_move move0 _.
apply: (bisimilar_won _ (bisimilar_sym (@cut_bisimilar n)) _).2 lost0.
apply: cutbP root => x; rewrite mem_members !inE.
case: ltnP => [lt_x | le_x]; first by rewrite nth_mkseq // orbC.
rewrite andFb; apply/negbTE; rewrite negb_or; apply/andP; split; apply/eqP => x_eq.
  by move: le_x; rewrite x_eq leqNgt turn_over_lt.
by move: le_x; rewrite x_eq leqNgt lt_0.
Qed.
