(* Theorem 3: if N has an odd factor m > 1, no strategy of any length wins.

   Write N = 2^a q with q odd; q > 1 because m divides q. On q coins the states that are not
   constant (not all heads, not all tails) are a devil invariant: if a move m made both s and
   s turned by one constant, then s XOR (s turned by one) would be constant, so s turned by one
   would be s (then s is constant) or s with every coin flipped (then, going once round the
   table, an odd number of flips would give s back: impossible). Folding 2n coins onto n
   (Halves.v) lifts an invariant for n coins to one for 2n coins, a times. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From CoinProofs Require Import Rules Coins Play Halves Invariant.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (x u z : coins) (n m q r : nat).

(* All coins alike. *)
Definition constant x := x == nseq (size x) (head false x).

Lemma constant_heads n : constant (heads n).
Proof. by apply/eqP; case: n => // n; rewrite size_heads. Qed.

(* The coin at position i mod N, before and after turning by one. *)
Lemma nth_rotr1_mod x i : 0 < size x ->
  nth false (rotr 1 x) (i.+1 %% size x) = nth false x (i %% size x).
Proof.
move=> x_gt0; rewrite -[RHS]nth_rotr1 ?ltn_pmod //.
by rewrite -[(i %% _).+1]addn1 modnDml addn1.
Qed.

(* A state that turning by one leaves alone is constant. *)
Lemma rotr1_fixed x : rotr 1 x = x -> constant x.
Proof.
move=> fixed; have [/size0nil -> // | x_gt0] := posnP (size x).
have same i : nth false x (i %% size x) = head false x.
  elim: i => [|i IH]; first by rewrite mod0n; case: x {fixed x_gt0}.
  by rewrite -{1}fixed nth_rotr1_mod.
apply/eqP/(@eq_from_nth _ false); rewrite ?size_nseq // => i lt_i_n.
by rewrite nth_nseq lt_i_n -(same i) modn_small.
Qed.

(* Turning by one never flips every coin of an odd table. *)
Lemma rotr1_not_negated x : odd (size x) -> rotr 1 x <> map negb x.
Proof.
move=> odd_n negated; have x_gt0 : 0 < size x by case: x odd_n {negated}.
have alternate i : nth false x (i %% size x) = head false x (+) odd i.
  elim: i => [|i IH]; first by rewrite mod0n addbF; case: x {negated x_gt0 odd_n}.
  rewrite -[nth _ _ (i.+1 %% _)]negbK -(nth_map false false negb) ?ltn_pmod //.
  by rewrite -negated nth_rotr1_mod // IH oddS addbN.
move: (alternate (size x)); rewrite modnn odd_n addbT.
by case: x {negated x_gt0 odd_n alternate} => // a x; case: a.
Qed.

Lemma flip_all_tails x : flip x (nseq (size x) true) = map negb x.
Proof. by elim: x => //= a x IH; rewrite flip_cons IH addbT. Qed.

Lemma flip_nseq n a b : flip (nseq n a) (nseq n b) = nseq n (a (+) b).
Proof. by elim: n => //= n IH; rewrite flip_cons IH. Qed.

(* On an odd table of more than one coin, the states that are not constant are a devil
   invariant: the devil turns by 0 or by 1. *)
Lemma odd_invariant q : odd q -> 1 < q -> invariant q (fun x => size x = q /\ ~~ constant x).
Proof.
move=> odd_q q_gt1; split.
- exists (true :: heads q.-1); rewrite /= size_heads prednK 1?ltnW //; split=> //.
  by case: q q_gt1 {odd_q} => [|[|q]].
- move=> x [sz_x not_constant]; split=> // x_heads.
  by move: not_constant; rewrite x_heads constant_heads.
move=> x u [sz_x not_constant] sz_u.
have sz0 : size (flip x u) = q by rewrite size_flipl sz_x.
have sz1 : size (flip (rotr 1 x) u) = q by rewrite size_flipl size_rotr sz_x.
have [const0 | ] := boolP (constant (flip x u)); last by exists 0; split.
have [const1 | ] := boolP (constant (flip (rotr 1 x) u)); last by exists 1; split.
move: const0 const1; rewrite /constant sz0 sz1.
move: (head false _) (head false _) => a b /eqP const0 /eqP const1.
have turned : rotr 1 x = flip x (nseq q (a (+) b)).
  rewrite -flip_nseq -const0 -const1 flipACA flip_self flip_heads; last first.
    by rewrite size_flip size_rotr sz_x sz_u minnn.
  by rewrite [flip (rotr 1 x) x]flipC flipA flip_self heads_flip // size_rotr.
case: (a (+) b) turned => turned.
  have tails : flip x (nseq q true) = map negb x by rewrite -sz_x flip_all_tails.
  have odd_x : odd (size x) by rewrite sz_x.
  by case: (rotr1_not_negated odd_x (etrans turned tails)).
by case/negP: not_constant; apply: rotr1_fixed; rewrite turned flip_heads ?sz_x.
Qed.

(* An invariant for n coins gives one for 2n coins: the states whose fold is in it. *)
Lemma folded_invariant n J :
  invariant n J -> invariant n.*2 (fun x => size x = n.*2 /\ J (folded n x)).
Proof.
case=> [[y Jy] inJ stay]; have [sz_y y_not_heads] := inJ y Jy; split.
- exists (y ++ heads n); rewrite size_cat size_heads sz_y addnn folded_first //.
- move=> x [sz_x Jx]; split=> // x_heads; case: (inJ _ Jx) => _; apply.
  by rewrite x_heads folded_heads.
move=> x u [sz_x Jx] sz_u; have [sz_fold _] := inJ _ Jx.
have [r Jnext] := stay _ (folded n u) Jx (size_folded sz_u).
exists r; split; first by rewrite size_step ?sz_x ?sz_u.
by rewrite folded_flip ?size_turn // folded_turn.
Qed.

Lemma pow2_invariant a n J : invariant n J -> exists I, invariant (2 ^ a * n) I.
Proof.
move=> inv; elim: a => [|a [I invI]]; first by exists J; rewrite mul1n.
by exists (fun x => size x = (2 ^ a * n).*2 /\ I (folded (2 ^ a * n) x));
  rewrite expnS -mulnA mul2n; apply: folded_invariant.
Qed.

Theorem odd_factor_not_wins N m ms : 0 < N -> 1 < m -> odd m -> m %| N -> ~ wins N ms.
Proof.
move=> N_gt0 m_gt1 odd_m m_dvd_N.
have [q odd_q N_eq] := pfactor_coprime (isT : prime 2) N_gt0; rewrite coprime2n in odd_q.
have m_dvd_q : m %| q.
  by rewrite N_eq Gauss_dvdl ?coprimeXr ?coprimen2 in m_dvd_N.
have q_gt0 : 0 < q by move: N_gt0; rewrite N_eq muln_gt0 => /andP[].
have q_gt1 : 1 < q := leq_trans m_gt1 (dvdn_leq q_gt0 m_dvd_q).
have [I inv] := pow2_invariant (logn 2 N) (odd_invariant odd_q q_gt1).
by apply: (invariant_not_wins (I := I)); rewrite N_eq mulnC.
Qed.
