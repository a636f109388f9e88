(* Theorem 2: John Lamping's strategy for 2^k coins wins and has 2^(2^k) - 1 moves.

   For 1 coin: flip it. For 2m coins, from the strategy o for m coins (L moves): d_i is o_i on
   both halves, s_i is o_i on the first half only, and the strategy is
   D s_1 D s_2 ... D s_L D with D = d_1 ... d_L, as in the kernel's [lamping].

   Why it wins: fold a state a ++ b to c = a XOR b (Halves.v). Turning turns c, a d-move leaves
   it alone, an s-move flips o_i on it. If c is all heads the state is a ++ a and D plays o on
   a, which wins. Otherwise all heads cannot occur during D, which only turns c; so the s-moves
   play o on c against a devil who turns c as he likes. o wins: c becomes all heads at the
   start or after some s_i, and the D that follows wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules Coins Play Halves LowerBound.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (a c o x y : coins) (os : seq coins) (k m r : nat).

Definition doubled os : seq coins := [seq o ++ o | o <- os].

Fixpoint lamping k : seq coins :=
  if k is k'.+1 then
    let os := lamping k' in
    doubled os ++ flatten [seq (o ++ heads (2 ^ k')) :: doubled os | o <- os]
  else [:: [:: true]].

(* --- Size -------------------------------------------------------------------------------- *)

Lemma size_flatten_blocks (D : seq coins) os (f : coins -> coins) :
  size (flatten [seq f o :: D | o <- os]) = size os * (size D).+1.
Proof. by elim: os => //= o os IH; rewrite size_cat IH mulSn. Qed.

Theorem size_lamping k : size (lamping k) = 2 ^ (2 ^ k) - 1.
Proof.
elim: k => // k IH /=; rewrite size_cat size_flatten_blocks size_map IH.
rewrite expnS [2 * _]mulnC expnM -mulnn; case: (2 ^ 2 ^ k) (expn_gt0 2 (2 ^ k)) => // p _.
by rewrite ![in LHS]subSS !subn0 [in RHS]mulSn addSn subn1.
Qed.

Lemma lamping_moves k : moves (2 ^ k) (lamping k).
Proof.
elim: k => // k IH /=; rewrite moves_cat.
have moves_doubled : moves (2 ^ k.+1) (doubled (lamping k)).
  by apply/allP=> _ /mapP[o o_in ->]; rewrite size_cat (eqP (allP IH o o_in)) expnS mul2n addnn.
rewrite moves_doubled /=; apply/allP=> m /flattenP[_ /mapP[o o_in ->]].
rewrite inE => /predU1P[-> | ]; last by move/(allP moves_doubled).
by rewrite size_cat size_heads (eqP (allP IH o o_in)) expnS mul2n addnn.
Qed.

(* --- Winning ----------------------------------------------------------------------------- *)

(* D on a doubled state a ++ a plays o on a. *)
Lemma winning_doubled m a os : size a = m -> moves m os -> winning a os ->
  winning (a ++ a) (doubled os).
Proof.
elim: os a => [|o os IH] a sz_a sized [heads_a | win_next] //;
  try by apply: winning_heads; rewrite size_cat heads_cat -heads_a.
case/andP: sized => /eqP sz_o sized; rewrite /=; right=> r.
rewrite turn_double flip_cat ?size_turn ?sz_a ?sz_o //.
by apply: IH => //; [rewrite size_step ?sz_o ?sz_a | exact: win_next].
Qed.

(* D, from any state, only turns its fold. *)
Lemma reach_doubled m x os y : size x = m.*2 -> moves m os -> reach x (doubled os) y ->
  size y = m.*2 /\ exists r, folded m y = turn r (folded m x).
Proof.
elim: os x => [|o os IH] x sz_x sized /=; first by move=> ->; split=> //; exists 0.
case/andP: sized => /eqP sz_o sized [r reach_y].
have sz_oo : size (o ++ o) = m.*2 by rewrite size_cat sz_o addnn.
have sz_next : size (flip (turn r x) (o ++ o)) = m.*2 by rewrite size_step // sz_oo sz_x.
case: (IH _ sz_next sized reach_y) => sz_y [r' fold_y]; split=> //; exists (r' + r).
rewrite fold_y folded_flip ?size_turn // folded_turn // folded_double //.
by rewrite flip_heads ?turnD // size_turn size_folded.
Qed.

(* The s-moves play the moves ss on the fold; after each comes D. *)
Lemma winning_blocks m os : moves m os -> (forall a, size a = m -> winning a os) ->
  forall ss x, moves m ss -> size x = m.*2 -> winning (folded m x) ss ->
  winning x (doubled os ++ flatten [seq (s ++ heads m) :: doubled os | s <- ss]).
Proof.
move=> sized_os os_wins; elim=> [|s ss IH] x sized_ss sz_x win_c;
  (have [/(folded_eq_heads sz_x)[a -> sz_a] | not_heads] := eqVneq (folded m x) (heads m);
    first by apply/winning_catl/(winning_doubled sz_a sized_os)/os_wins);
  case: win_c => [heads_c | win_next] //;
  try by case/eqP: not_heads; rewrite heads_c size_folded.
case/andP: sized_ss => /eqP sz_s sized_ss.
have sz_sh : size (s ++ heads m) = m.*2 by rewrite size_cat size_heads sz_s addnn.
rewrite /=; apply: winning_cat => y /(reach_doubled sz_x sized_os)[sz_y [r0 fold_y]].
rewrite /=; right=> r; apply: IH => //; first by rewrite size_step ?sz_sh ?sz_y.
rewrite folded_flip ?size_turn // folded_turn // folded_first // fold_y -turnD.
exact: win_next.
Qed.

Lemma lamping_winning k x : size x = 2 ^ k -> winning x (lamping k).
Proof.
elim: k x => [|k IH] x sz_x.
  case: x sz_x => [|b [|]] // _; case: b; last by left.
  by rewrite /=; right=> r; left; rewrite /turn iter_fix.
have sz_k : size x = (2 ^ k).*2 by rewrite sz_x expnS mul2n.
apply: (winning_blocks (lamping_moves k) IH (lamping_moves k) sz_k).
exact/IH/size_folded.
Qed.

Theorem lamping_wins k : wins (2 ^ k) (lamping k).
Proof.
by apply/winsE; split=> [|s sz_s]; [apply: lamping_moves | apply: lamping_winning].
Qed.

(* With Theorem 1: no winning strategy for 2^k coins is shorter. *)
Theorem lamping_shortest k ms : wins (2 ^ k) ms -> size (lamping k) <= size ms.
Proof. by move/wins_size_lb; rewrite size_lamping. Qed.
