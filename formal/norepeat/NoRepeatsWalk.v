(* The checker of a strategy walk (the kernel's evidence strategy-walk, format NRWALK1 of
   docs/certificates.md), proved sound against the rules: walk_second_wins, walk_first_wins.

   A walk is the DAG of NoRepeatsDag.v with one more kind of answer: a leaf, where the winner's
   reply leaves the loser a position the checker solves itself by plain recursion over the
   game (winb of NoRepeatsPlay.v), the exhaustive last plies of the kernel's walk. Everything
   else is the DAG's answer, checked by the DAG's answerb: the winner stuck (misère play), the
   loser stuck (normal play), or a node up to a symmetry and Lemma R, with more seen patterns.

   The walk's default reply and its normal form are not here: they say which reply and which
   node the file means, which the decoder (not trusted) works out by walking the file as the
   kernel does, and the checker then checks each reply, each symmetry and each node like any
   record of a DAG. So no fact about the default reply or the normal form is needed for
   soundness: a decoder that got them wrong makes a walk this checker refuses, never a false
   theorem. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesNoRepeats NoRepeatsPlay NoRepeatsSymmetry NoRepeatsDag.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n i j k x y z : nat) (V : seq bool) (S : seq nat) (r : play).

(* The winner's answer to one move of the loser: a DAG's answer, or a leaf (the winner turns
   coin z and the loser, to move, loses what is left of the game, by search). *)
Inductive step :=
  | played of answer
  | leaf of nat.

Record walk_node := WalkNode { wseen : seq bool; wcurrent : nat; steps : seq step }.

Definition no_walk_node := WalkNode [::] 0 [::].

(* The node as the DAG's answers name it: only its position counts. *)
Definition as_node c := DagNode (wseen c) (wcurrent c) [::].

Section Checker.

(* As in NoRepeatsDag.v: neighbours, reorderings, XOR masks; nodes is the walk's nodes as the
   DAG's answers name them (map as_node walk, computed once by walkb). *)
Variables (n : nat) (r : play) (nb : seq (seq nat)) (autos : seq (seq nat * seq nat))
          (xors : seq (seq nat)) (nodes : seq node).

(* has (fun i => ~~ f i), stopping at the first i with f i false: the VM evaluates the
   arguments of a function first, so has, whose || is orb's, would try every i. *)
Fixpoint some_not (f : nat -> bool) cs :=
  if cs is i :: cs' then (if f i then some_not f cs' else true) else false.

Lemma some_notE f cs : some_not f cs = has (fun i => ~~ f i) cs.
Proof. by elim: cs => //= i cs ->; case: (f i). Qed.

(* Who wins at (V, v), the player to move: the recursion winb of NoRepeatsPlay.v over the
   checker's sets and neighbour table (winb, over lists of patterns and Nat.lxor on unary
   numbers, takes about 1 ms a position in the VM). *)
Fixpoint winv k V v : bool :=
  if k is k'.+1 then
    let cs := legal n nb V v in
    if cs is [::] then r == misere
    else some_not (fun i => let w := neighbour nb v i in winv k' (mark V w) w) cs
  else false.

(* The leaf holds after the loser moved to y, making V seen: the winner's reply z is legal and
   the loser, to move, does not win. Fuel 2^n + 1 exceeds the unseen patterns of any position. *)
Definition leafb V y z :=
  let w := neighbour nb y z in [&& z < n, ~~ nth false V w & ~~ winv (2 ^ n).+1 (mark V w) w].

Definition stepb V y s :=
  match s with
  | played ans => answerb n r nb autos xors nodes V y ans
  | leaf z => leafb V y z
  end.

(* A node, as nodeb of NoRepeatsDag.v reads it, with steps for answers. *)
Definition walk_nodeb c :=
  let V := wseen c in let v := wcurrent c in let cs := legal n nb V v in
  [&& v < 2 ^ n, nth false V v, (cs != [::]) || (r == normal) &
      all2 (fun i s => stepb (mark V (neighbour nb v i)) (neighbour nb v i) s) cs (steps c)].

End Checker.

Definition walkb n r nb autos xors (walk : seq walk_node) first :=
  let nodes := map as_node walk in
  [&& all (automorphismb n nb) autos, 0 < size walk, rootb n nb nodes first &
      all (walk_nodeb n r nb autos xors nodes) walk].

(* The walk proves that the winner wins: the second player (first = None), or the first,
   whose first move is f (first = Some f). *)
Definition walk_ok n r first walk :=
  walkb n r (neighbours n) (automorphisms n) (masks n) walk first.

(* Soundness. *)

Section Soundness.

Variables (n : nat) (r : play) (autos : seq (seq nat * seq nat)) (walk : seq walk_node).
Let nb := neighbours n.
Let xors := masks n.
Let nodes := map as_node walk.
Variable autos_ok : all (automorphismb n nb) autos.

(* winv decides who wins, with fuel above the unseen patterns. *)
Lemma winvP k V v S : v < 2 ^ n -> S =i members n V -> unseen n (S, v) < k ->
  (winv n r nb k V v -> won r n (S, v)) /\ (~~ winv n r nb k V v -> lost r n (S, v)).
Proof.
elim: k V v S => // k IH V v S lt_v same lt_k /=.
have valid : in_cube n (S, v).
  by rewrite /in_cube /= lt_v; apply/allP => x; rewrite same => /members_lt.
have legal_fresh i : i < n -> (i \in legal n nb V v) = (turn_over v i \notin S).
  move=> lt_i; rewrite mem_filter mem_iota lt_i neighbourE //.
  by rewrite same mem_members turn_over_lt ?andbT.
have legal_lt i : i \in legal n nb V v -> i < n by rewrite mem_filter mem_iota => /andP[_].
have move_i i : i < n -> turn_over v i \notin S ->
    (turn_over v i :: S, turn_over v i) \in legal_moves n (S, v).
  by move=> lt_i fresh; apply/legal_movesP; exists i.
have next i : i < n -> turn_over v i \notin S ->
    let w := turn_over v i in
    (winv n r nb k (mark V w) w -> won r n (w :: S, w)) /\
    (~~ winv n r nb k (mark V w) w -> lost r n (w :: S, w)).
  move=> lt_i fresh; have lt_w := turn_over_lt lt_v lt_i; apply: IH => //.
    by move=> x; rewrite mark_members // !inE same.
  have [_ lt_u] := legal_moves_in_cube valid (move_i i lt_i fresh).
  by apply: leq_trans lt_u _; rewrite -ltnS.
case legal_eq: (legal n nb V v) => [| i cs].
  have stuck : legal_moves n (S, v) = [::].
    case moves: (legal_moves n (S, v)) => [// | q qs].
    have /legal_movesP[i lt_i [_ /= fresh]] : q \in legal_moves n (S, v) by rewrite moves inE eqxx.
    by move: fresh; rewrite -legal_fresh // legal_eq.
  split=> [/eqP r_misere | not_misere]; first exact: won_stuck.
  apply: lost_all => [_ | q]; last by rewrite stuck.
  by move: not_misere; case: (r).
rewrite -legal_eq some_notE; split=> [/hasP[j j_in] | /hasPn all_win].
  have lt_j := legal_lt j j_in; move: j_in; rewrite legal_fresh // neighbourE // => fresh.
  by move/((next j lt_j fresh).2); apply: won_move (move_i j lt_j fresh).
apply: lost_all => [stuck | q /legal_movesP[j lt_j [-> /= fresh]]].
  have i_in : i \in legal n nb V v by rewrite legal_eq inE eqxx.
  have lt_i := legal_lt i i_in; move: i_in; rewrite legal_fresh // => fresh.
  by move: (move_i i lt_i fresh); rewrite stuck.
apply: (next j lt_j fresh).1; move: (all_win j); rewrite legal_fresh // neighbourE //.
by move=> /(_ fresh) /negPn.
Qed.

(* After the loser moved to y, making S (as V) seen, a leaf the checker accepts is won. *)
Lemma leaf_won V y S z : y < 2 ^ n -> S =i members n V -> leafb n r nb V y z -> won r n (S, y).
Proof.
move=> lt_y same /and3P[lt_z]; rewrite neighbourE // => fresh loses.
set w := turn_over y z in fresh loses; have lt_w : w < 2 ^ n by rewrite turn_over_lt.
have move_w : (w :: S, w) \in legal_moves n (S, y).
  apply/legal_movesP; exists z => //; split=> //=.
  by rewrite same mem_members (negbTE fresh) andbF.
apply: won_move move_w _.
have same' : w :: S =i members n (mark V w) by move=> x; rewrite mark_members // !inE same.
have few : unseen n (w :: S, w) < (2 ^ n).+1.
  by rewrite ltnS /unseen (leq_trans (count_size _ _)) ?size_iota.
exact: (winvP lt_w same' few).2 loses.
Qed.

(* Every node is lost for the player to move, by induction on the patterns left unseen: the
   induction of nodes_lost (NoRepeatsDag.v), with leaves. *)
Lemma walk_lost : all (walk_nodeb n r nb autos xors nodes) walk ->
  forall j, j < size nodes -> lost r n (position_of n (nth no_node nodes j)).
Proof.
move=> /(all_nthP no_walk_node) nodes_ok.
suff all_k k j : j < size nodes -> 2 ^ n < k + count_seen n (seen (nth no_node nodes j)) ->
                 lost r n (position_of n (nth no_node nodes j)).
  by move=> j lt_j; apply: (all_k (2 ^ n).+1) => //; rewrite ltnS leq_addr.
elim: k j => [| k IH] j lt_j lt_k.
  by move: lt_k; rewrite add0n ltnNge (leq_trans (count_size _ _)) ?size_iota.
have lt_jw : j < size walk by rewrite size_map in lt_j.
move: (nodes_ok j lt_jw) lt_k; rewrite /position_of /nodes (nth_map no_walk_node) //.
case: (nth no_walk_node walk j) => V v steps /and4P[/= lt_v _ can_move steps_ok] lt_k.
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
rewrite -legal_fresh // in fresh; have [s] := all2_exists steps_ok fresh.
have lt_w := turn_over_lt lt_v lt_i.
have same : turn_over v i :: members n V =i members n (mark V (turn_over v i)).
  by move=> x; rewrite mark_members.
rewrite neighbourE //; case: s => [ans | z] /= ok; first last.
  exact: leaf_won lt_w same ok.
apply: (answer_won autos_ok lt_w same) _ ok => j' lt_j' more; apply: IH lt_j' _.
apply: leq_trans lt_k _.
by rewrite addSn -addnS leq_add2l (leq_ltn_trans (count_mark _ _ _) more).
Qed.

End Soundness.

(* The soundness theorems: a walk the checker accepts, with any tables of symmetries it checks,
   proves who wins (NoRepeatsWords.v gives its own tables). *)
Lemma walkb_second_wins n r autos walk :
  walkb n r (neighbours n) autos (masks n) walk None -> second_wins n r.
Proof.
case/and4P=> autos_ok nonempty root /walk_lost lost_nodes.
have := lost_nodes autos_ok 0; rewrite size_map => /(_ nonempty).
rewrite /second_wins /position_of.
move: root; rewrite /rootb; case: (nth no_node _ 0) => T w _ /= root lost0.
apply: (bisimilar_won _ (bisimilar_sym (@cut_bisimilar n)) _).2 lost0.
apply: cutbP root => x; rewrite mem_members inE.
case: ltnP => [lt_x | le_x]; first by rewrite nth_mkseq.
by apply/eqP => x0; move: le_x; rewrite x0 leqNgt expn_gt0.
Qed.

Lemma walkb_first_wins n r autos f walk :
  walkb n r (neighbours n) autos (masks n) walk (Some f) -> first_wins n r.
Proof.
case/and4P=> autos_ok nonempty root /walk_lost lost_nodes.
have := lost_nodes autos_ok 0; rewrite size_map => /(_ nonempty).
rewrite /first_wins /position_of.
move: root; rewrite /rootb; case: (nth no_node _ 0) => T w _ /= /andP[lt_f root] lost0.
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

Theorem walk_second_wins n r walk : walk_ok n r None walk -> second_wins n r.
Proof. exact: walkb_second_wins. Qed.

Theorem walk_first_wins n r f walk : walk_ok n r (Some f) walk -> first_wins n r.
Proof. exact: walkb_first_wins. Qed.
