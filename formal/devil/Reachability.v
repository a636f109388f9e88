(* Reachability evidence (coinproofs/verify/table.py, check_reachability): layers of beliefs,
   layer 0 the starting belief, every move taking layer d into layers 0..d+1, the goal in none.
   Then no strategy with fewer moves than there are layers wins; if every move also keeps the
   last layer inside the layers, no strategy wins at all.

   A belief is what the kernel's bitmask of rotation orbits stands for: the set of states in
   those orbits. The player starts knowing nothing (every state), all heads stays all heads once
   reached, and the goal is the belief {all heads}. [update] is the kernel's [update]: the image
   of a belief under a move is, for every orbit of the belief but all heads, the orbits of the
   states that one turn of a member and the move lead to. The kernel tries one move per orbit of
   moves, which is every move (update_turn). *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules Coins Play Beliefs.
From CoinProofs Require Export RulesBeliefs.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (m x y : coins) (ms : seq coins) (n r d e : nat) (B V : coins -> Prop).

(* update is RulesBeliefs.v's. *)

Definition belief n ms := foldl (update n) (fun y => size y = n) ms.

(* The states that are not all heads in a belief are the kernel's unfinished states. *)
Lemma update_after n V m : orbits n V -> size m = n -> forall y,
  update n (fun x => x = heads n \/ V x) m y <-> y = heads n \/ after n V m y.
Proof.
move=> orbV sz_m y; rewrite after_closure //; case: (orbV) => sz_V not_heads _.
split=> [[[-> _] | [x [r [r' [[-> | Vx] x_not_heads ->]]]]] | [-> | [y_not_heads]]].
- by left.
- by case: x_not_heads.
- have [-> | ] := eqVneq (turn r' (flip (turn r x) m)) (heads n); first by left.
  by move/eqP=> y_not_heads; right; split=> //; exists x, r, r'.
- by left; split=> //; left.
case=> x [r [r' [Vx ->]]]; right; exists x, r, r'; split=> //; first by right.
exact: not_heads.
Qed.

Lemma belief_after n V B ms : orbits n V -> (forall y, B y <-> y = heads n \/ V y) ->
  moves n ms -> forall y, foldl (update n) B ms y <-> y = heads n \/ foldl (after n) V ms y.
Proof.
elim: ms V B => [|m ms IH] V B orbV same; first by move=> _ y; apply: same.
case/andP=> /eqP sz_m sized y /=; apply: IH sized y => [|y]; first exact: orbits_after.
rewrite -update_after // /update; split=> -[[-> B_heads] | [x [r [r' [Bx x_not_heads ->]]]]].
- by left; split=> //; left.
- by right; exists x, r, r'; split=> //; apply/same.
- by left; split=> //; apply/same; left.
by right; exists x, r, r'; split=> //; apply/same.
Qed.

Lemma belief_unfinished n ms : moves n ms -> forall y,
  belief n ms y <-> y = heads n \/ unfinished n ms y.
Proof.
apply: belief_after; first exact: orbits_start.
move=> y; split=> [sz_y | [-> | []//]]; last exact: size_heads.
by have [-> | /eqP] := eqVneq y (heads n); [left | right].
Qed.

(* A strategy wins iff its belief at the end is the goal. *)
Lemma wins_belief n ms : moves n ms -> wins n ms <-> forall y, belief n ms y <-> y = heads n.
Proof.
move=> sized; rewrite (wins_unfinished sized); split=> [none y | goal y unf].
  by rewrite belief_unfinished //; split=> [[// | /none //] | ->]; left.
have [_ not_heads _] := orbits_unfinished sized.
by apply: (not_heads y unf); apply/goal; rewrite belief_unfinished //; right.
Qed.

(* The image of a belief depends only on the orbit of the move. *)
Lemma update_turn n B m r : (forall x, B x -> size x = n) -> size m = n ->
  forall y, update n B (turn r m) y <-> update n B m y.
Proof.
move=> sz_B sz_m y; have [ri back] := turn_back n r.
rewrite /update; split=> -[[-> B_heads] | [x [r0 [r' [Bx x_not_heads ->]]]]];
  try by left; split.
all: right; have sz_x := sz_B x Bx.
  exists x, (ri + r0), (r' + r); split=> //.
  have sz_t : size (turn r0 x) = n by rewrite size_turn.
  have [_ <-] := back _ sz_t.
  by rewrite -turn_flip ?size_turn ?sz_x ?sz_m // -!turnD.
exists x, (r + r0), (r' + ri); split=> //.
have sz_t : size (flip (turn r0 x) m) = n by rewrite size_step ?sz_x ?sz_m.
have [<- _] := back _ sz_t.
by rewrite turn_flip ?size_turn ?sz_x ?sz_m // -!turnD.
Qed.

(* Reachability layers: a property [layer d B] of beliefs, "B is in layer d". *)
Theorem layers_size_lb n (layer : nat -> (coins -> Prop) -> Prop) last :
  layer 0 (fun y => size y = n) ->
  (forall d B m, d < last -> layer d B -> size m = n ->
     exists2 e, e <= d.+1 & layer e (update n B m)) ->
  (forall d B, layer d B -> ~ (forall y, B y <-> y = heads n)) ->
  forall ms, size ms <= last -> ~ wins n ms.
Proof.
move=> start_in step not_goal ms le_ms_last win; have sized : moves n ms by case: win.
suff [d _ layer_d] : exists2 d, d <= size ms & layer d (belief n ms).
  by apply: (not_goal d _ layer_d); apply/wins_belief.
elim/last_ind: ms le_ms_last sized {win} => [|ms m IH]; first by exists 0.
rewrite size_rcons /moves all_rcons => lt_ms_last /andP[/eqP sz_m sized].
have [d le_d layer_d] := IH (ltnW lt_ms_last) sized.
have [e le_e layer_e] := step d _ m (leq_ltn_trans le_d lt_ms_last) layer_d sz_m.
by exists e; [apply: leq_trans le_e _ | rewrite /belief foldl_rcons].
Qed.

Theorem layers_closed_not_wins n (layer : nat -> (coins -> Prop) -> Prop) :
  layer 0 (fun y => size y = n) ->
  (forall d B m, layer d B -> size m = n -> exists e, layer e (update n B m)) ->
  (forall d B, layer d B -> ~ (forall y, B y <-> y = heads n)) ->
  forall ms, ~ wins n ms.
Proof.
move=> start_in step not_goal ms win; have sized : moves n ms by case: win.
suff [d layer_d] : exists d, layer d (belief n ms).
  by apply: (not_goal d _ layer_d); apply/wins_belief.
elim/last_ind: ms sized {win} => [|ms m IH]; first by exists 0.
rewrite /moves all_rcons => /andP[/eqP sz_m sized]; have [d layer_d] := IH sized.
by have [e layer_e] := step d _ m layer_d sz_m; exists e; rewrite /belief foldl_rcons.
Qed.
