(* Theorem 2: John Lamping's strategy for 2^k coins wins and has 2^(2^k) - 1 moves.

   For 1 coin: flip it. For 2m coins, from the strategy o for m coins (L moves): d_i is o_i on
   both halves, s_i is o_i on the first half only, and the strategy is
   D s_1 D s_2 ... D s_L D with D = d_1 ... d_L, as in the kernel's [lamping].

   Why it wins: fold a state a ++ b to c = a XOR b (Halves.v). Turning turns c, a d-move leaves
   it alone, an s-move flips o_i on it. If c is all heads the state is a ++ a and D plays o on
   a, which wins. Otherwise all heads cannot occur during D, which only turns c; so the s-moves
   play o on c against a devil who turns c as he likes. o wins: c becomes all heads at the
   start or after some s_i, and the D that follows wins. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins Play Halves.

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
rewrite ![in LHS]subSS !subn0.
Show.
 Abort.
