(* Coins are dials with two states: a coin shows 0 (heads) or 1 (tails), flipping adds 1 mod 2,
   and the game of Rules.v is the game of Dials.v read through that map. So Lamping's strategy
   (Lamping.v) wins for 2^k dials mod 2. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins Play Lamping Dials.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (s m : coins) (ms : seq coins) (x : dials) (n r : nat).

Definition dials_of s : dials := map nat_of_bool s.

Lemma dials_of_inj : injective dials_of.
Proof. by apply: inj_map => [[] []]. Qed.

Lemma dturn_dials_of r s : dturn r (dials_of s) = dials_of (turn r s).
Proof. by elim: r => //= r ->; rewrite /dials_of map_rotr. Qed.

Lemma add_dials_of s m : add 2 (dials_of s) (dials_of m) = dials_of (flip s m).
Proof. by rewrite /add /flip; elim: s m => [|a s IH] [|b m] //=; rewrite IH; case: a; case: b. Qed.

Lemma zeros_dials_of n : zeros n = dials_of (heads n).
Proof. by rewrite /dials_of map_nseq. Qed.

Lemma dgame_dials_of s rs ms :
  dgame 2 (dials_of s) rs (map dials_of ms) = map dials_of (game s rs ms).
Proof.
elim: ms s rs => [|m ms IH] s [|r rs] //=.
by rewrite dturn_dials_of add_dials_of IH.
Qed.

(* Every state of dials mod 2 is a state of coins. *)
Lemma dstate2_coins n x : dstate 2 n x -> exists2 s, x = dials_of s & size s = n.
Proof.
case/andP=> /eqP sz_x /allP small; exists [seq d != 0 | d <- x]; last by rewrite size_map.
rewrite /dials_of -map_comp map_id_in // => d /small.
by case: d => [|[|]].
Qed.

(* Lamping's strategy, read as dials, wins for 2^k dials mod 2. *)
Theorem dial_lamping_wins k : dial_wins 2 (2 ^ k) (map dials_of (lamping k)).
Proof.
case: (lamping_wins k) => sized wins_ms; split.
  apply/allP=> _ /mapP[m /(allP sized)/eqP sz_m ->]; rewrite /dstate size_map sz_m eqxx.
  by apply/allP=> _ /mapP[b _ ->]; case: b.
move=> x rs /dstate2_coins[s -> sz_s]; rewrite size_map => sz_rs.
by rewrite dgame_dials_of zeros_dials_of mem_map ?wins_ms //; apply: dials_of_inj.
Qed.
