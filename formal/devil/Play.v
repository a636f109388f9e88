(* Playing a strategy as a game tree: [winning s ms] says that from the state s the moves ms
   reach all heads whatever the devil does, one turn at a time. Lemma winsE shows that this is
   [wins] of Rules.v; the proofs of the other files reason with it. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Rules Coins.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m x y : coins) (ms : seq coins) (n r : nat).

(* All heads now, or else a next move after which, for every turn of the devil, the rest of
   the moves still win. *)
Fixpoint winning s ms : Prop :=
  s = heads (size s) \/ if ms is m :: ms' then forall r, winning (flip (turn r s) m) ms'
                       else False.

(* Every move of ms names positions among n coins. *)
Definition moves n ms := all (fun m => size m == n) ms.

Lemma moves_cons n m ms : moves n (m :: ms) = (size m == n) && moves n ms.
Proof. by []. Qed.

Lemma moves_cat n ms1 ms2 : moves n (ms1 ++ ms2) = moves n ms1 && moves n ms2.
Proof. exact: all_cat. Qed.

Lemma size_step r s m : size m = size s -> size (flip (turn r s) m) = size s.
Proof. by move=> eq_sz; rewrite size_flipl size_turn. Qed.

(* One start: all heads occurs in every game from s iff s is winning. *)
Lemma winning_game n s ms : size s = n -> moves n ms ->
  (forall rs, size rs = size ms -> heads n \in game s rs ms) -> winning s ms.
Proof.
elim: ms s => [|m ms IH] s sz_s sized wins_s.
  by left; have := wins_s [::] erefl; rewrite inE sz_s => /eqP.
have [-> | not_heads] := eqVneq s (heads n); first by left; rewrite size_heads.
case/andP: sized => /eqP sz_m sized; right=> r.
apply: IH => [|// | rs sz_rs]; first by rewrite size_step ?sz_m ?sz_s.
have := wins_s (r :: rs); rewrite /= sz_rs inE eq_sym (negbTE not_heads).
exact.
Qed.

Lemma game_winning n s rs ms : size s = n -> moves n ms -> size rs = size ms ->
  winning s ms -> heads n \in game s rs ms.
Proof.
elim: ms s rs => [|m ms IH] s rs sz_s sized sz_rs [heads_s | win_next] //.
- by case: rs {sz_rs} => [|r rs]; rewrite /= inE -sz_s -heads_s eqxx.
- by case: rs {sz_rs} => [|r rs]; rewrite /= inE -sz_s -heads_s eqxx.
case: rs sz_rs => [|r rs] //= [sz_rs]; case/andP: sized => /eqP sz_m sized.
have sz_next : size (flip (turn r s) m) = n by rewrite size_step ?sz_m ?sz_s.
by rewrite inE (IH _ _ sz_next sized sz_rs (win_next r)) orbT.
Qed.

(* [wins] is [winning] from every start. *)
Lemma winsE n ms : wins n ms <-> moves n ms /\ forall s, size s = n -> winning s ms.
Proof.
split=> [[sized wins_ms] | [sized winning_ms]]; split=> // s.
  by move=> sz_s; apply: (@winning_game n) => // rs; apply: wins_ms.
by move=> rs sz_s sz_rs; apply: (@game_winning n) => //; apply: winning_ms.
Qed.

Lemma winning_heads s ms : s = heads (size s) -> winning s ms.
Proof. by case: ms; left. Qed.

(* A game that is won is won whatever is played after it. *)
Lemma winning_catl s ms1 ms2 : winning s ms1 -> winning s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s [heads_s | win_next] //; try exact: winning_heads.
by rewrite /=; right=> r; apply: IH; exact: win_next.
Qed.

(* The states the moves ms can lead s to, whatever happens on the way. *)
Fixpoint reach s ms y : Prop :=
  if ms is m :: ms' then exists r, reach (flip (turn r s) m) ms' y else y = s.

(* To win with ms1 ++ ms2 it is enough that ms2 wins from wherever ms1 leads. *)
Lemma winning_cat s ms1 ms2 :
  (forall y, reach s ms1 y -> winning y ms2) -> winning s (ms1 ++ ms2).
Proof.
elim: ms1 s => [|m ms1 IH] s win_after /=; first exact: win_after.
by right=> r; apply: IH => y reach_y; apply: win_after => /=; exists r.
Qed.

(* The devil may as well turn the table first: winning is the same from every turn of s. *)
Lemma winning_turn r s ms : winning s ms -> winning (turn r s) ms.
Proof.
case: ms => [|m ms] [heads_s | win_next] //;
  try by apply: winning_heads; rewrite size_turn {1}heads_s turn_heads.
by rewrite /=; right=> r'; rewrite -turnD; apply: win_next.
Qed.

Lemma winning_turnE r s ms : winning (turn r s) ms <-> winning s ms.
Proof.
split; last exact: winning_turn.
have [r' back] := turn_back (size s) r; have [back_s _] := back s erefl.
by rewrite -{2}back_s; apply: winning_turn.
Qed.
