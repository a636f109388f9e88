(* Facts about the rules of No repeats (RulesNoRepeats.v): turning coins, the legal moves, the end
   of every game, and that who wins is well defined: every position of patterns of n coins is
   won or lost (won_or_lost), never both (not_won_lost), and a recursion that computes decides
   which (winbP). Then bisimulations: two positions whose moves can be matched one for one,
   each pair again matched, have the same winner (bisimilar_won); Lemma R and the symmetries
   of the cube are such relations (NoRepeatsSymmetry.v). *)
From Coq Require Import PeanoNat.
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From CoinProofs Require Import Claims RulesNoRepeats.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (n i j k x y : nat) (S : seq nat) (p q : position) (r : play).

(* Turning a coin: an involution, never a fixed point, within n coins. *)

Lemma expn_pow m k : m ^ k = Nat.pow m k.
Proof. by elim: k => //= k IH; rewrite expnS IH. Qed.

Lemma turn_overK i : involutive (turn_over^~ i).
Proof. by move=> x; rewrite /turn_over Nat.lxor_assoc Nat.lxor_nilpotent Nat.lxor_0_r. Qed.

Lemma turn_over_neq x i : turn_over x i != x.
Proof.
apply/eqP=> /(f_equal (Nat.lxor x)); rewrite /turn_over -Nat.lxor_assoc Nat.lxor_nilpotent.
by rewrite Nat.lxor_0_l => /eqP; rewrite expn_eq0.
Qed.

(* XOR keeps numbers below 2 ^ n. *)
Lemma lxor_lt n x y : x < 2 ^ n -> y < 2 ^ n -> Nat.lxor x y < 2 ^ n.
Proof.
have lt_log z : 0 < z -> (z < 2 ^ n) = (Nat.log2 z < n).
  move=> z_gt0; rewrite expn_pow; apply/idP/idP => [/ltP | /ltP] lt_z; apply/ltP.
    by apply/Nat.log2_lt_pow2 => //; apply/ltP.
  by apply/Nat.log2_lt_pow2 => //; apply/ltP.
case: (posnP (Nat.lxor x y)) => [-> | xy_gt0]; first by rewrite expn_gt0.
case: n => [| n] in lt_log *; first by rewrite !ltnS !leqn0 => /eqP-> /eqP->.
have log_lt z : z < 2 ^ n.+1 -> Nat.log2 z < n.+1.
  by case: (posnP z) => [-> // | z_gt0]; rewrite -lt_log.
move=> /log_lt lt_x /log_lt lt_y; rewrite lt_log //.
apply: leq_ltn_trans (_ : maxn (Nat.log2 x) (Nat.log2 y) < n.+1); last by rewrite gtn_max lt_x.
have max_eq a b : Nat.max a b = maxn a b.
  case: (leqP a b) => [ab | /ltnW ba]; first by rewrite Nat.max_r ?(maxn_idPr ab) //; apply/leP.
  by rewrite Nat.max_l ?(maxn_idPl ba) //; apply/leP.
by apply/leP; rewrite -max_eq; apply: Nat.log2_lxor.
Qed.

Lemma turn_over_lt n x i : x < 2 ^ n -> i < n -> turn_over x i < 2 ^ n.
Proof. by move=> lt_x lt_i; apply: lxor_lt; rewrite // ltn_exp2l. Qed.

(* The legal moves. *)

Lemma legal_movesP n p q :
  reflect (exists2 i, i < n & q = (turn_over p.2 i :: p.1, turn_over p.2 i) /\
                              turn_over p.2 i \notin p.1)
          (q \in legal_moves n p).
Proof.
apply: (iffP mapP) => [[y] | [i lt_i [-> fresh]]].
  rewrite mem_filter => /andP[fresh /mapP[i]]; rewrite mem_iota => /andP[_ lt_i] y_eq ->.
  by exists i; rewrite // -y_eq.
by exists (turn_over p.2 i); rewrite // mem_filter fresh map_f // mem_iota.
Qed.

(* A position of patterns of n coins. *)
Definition in_cube n p := (p.2 < 2 ^ n) && all (fun x => x < 2 ^ n) p.1.

(* The patterns of n coins not seen yet: every move makes one seen, so every game ends. *)
Definition unseen n p := count (fun x => x \notin p.1) (iota 0 (2 ^ n)).

Lemma count_lt (T : eqType) (a b : pred T) (s : seq T) :
  (forall t, a t -> b t) -> (exists2 t, t \in s & b t && ~~ a t) -> count a s < count b s.
Proof.
move=> ab; elim: s => [[t] // | t s IH [u]] /=; rewrite inE.
case/orP=> [/eqP <- /andP[-> /negbTE->] | u_s bau]; first by rewrite ltnS sub_count.
rewrite -addnS; apply: leq_add; last by apply: IH; exists u.
by case: (boolP (a t)) => [/ab -> | ]; [| case: (a t)].
Qed.

Lemma legal_moves_in_cube n p q :
  in_cube n p -> q \in legal_moves n p -> in_cube n q /\ unseen n q < unseen n p.
Proof.
case/andP=> lt_v lt_S /legal_movesP[i lt_i [-> fresh]]; rewrite /in_cube /= turn_over_lt //= lt_S.
split=> //; apply: count_lt => [x | ]; first by rewrite inE negb_or => /andP[].
by exists (turn_over p.2 i); rewrite ?mem_iota ?turn_over_lt // inE eqxx fresh.
Qed.

(* A position is never both won and lost. *)

Scheme won_lost_ind := Induction for won Sort Prop
with lost_won_ind := Induction for lost Sort Prop.
Combined Scheme won_lost_mutind from won_lost_ind, lost_won_ind.

Lemma lostE r n p : lost r n p ->
  (legal_moves n p = [::] -> r = normal) /\ (forall q, q \in legal_moves n p -> won r n q).
Proof. by case. Qed.

Lemma wonE r n p : won r n p ->
  (r = misere /\ legal_moves n p = [::]) \/ (exists2 q, q \in legal_moves n p & lost r n q).
Proof. by case=> [{}p r_misere stuck | {}p q q_p lost_q]; [left | right; exists q]. Qed.

Lemma not_won_lost r n p : won r n p -> ~ lost r n p.
Proof.
move: p; apply: (@won_lost_ind r n (fun p _ => ~ lost r n p) (fun p _ => ~ won r n p)).
- by move=> p r_misere stuck /lostE[/(_ stuck)]; rewrite r_misere.
- by move=> p q q_p _ not_lost /lostE[_ all_won]; apply/not_lost/all_won.
- move=> p stuck_normal _ not_won /wonE[[r_misere /stuck_normal] | [q q_p lost_q]].
    by rewrite r_misere.
  exact: not_won q_p lost_q.
Qed.

(* Equality of plays, for winb. *)
Definition play_eq r r' := match r, r' with normal, normal | misere, misere => true
                                           | _, _ => false end.
Lemma play_eqP : Equality.axiom play_eq. Proof. by case; case; constructor. Qed.
Canonical play_eqMixin := EqMixin play_eqP.
Canonical play_eqType := Eval hnf in EqType play play_eqMixin.

(* Who wins, computed: the player to move wins iff some move leads to a position the other
   player does not win (or, stuck, under misère play), looking k moves ahead. *)
Fixpoint winb r n k p : bool :=
  if k is k'.+1 then
    let qs := legal_moves n p in
    if qs is [::] then r == misere else has (fun q => ~~ winb r n k' q) qs
  else false.

Lemma winbP r n k p : in_cube n p -> unseen n p < k ->
  (winb r n k p -> won r n p) /\ (~~ winb r n k p -> lost r n p).
Proof.
elim: k p => // k IH p valid_p lt_k /=.
have next q : q \in legal_moves n p ->
    (winb r n k q -> won r n q) /\ (~~ winb r n k q -> lost r n q).
  by move=> /(legal_moves_in_cube valid_p)[valid_q lt_q]; apply: IH; rewrite // (leq_trans lt_q).
case moves_p: (legal_moves n p) => [| q qs].
  split=> [/eqP r_misere | not_misere]; first exact: won_stuck.
  apply: lost_all => [_ | q']; last by rewrite moves_p.
  by move: not_misere; case: (r).
rewrite -moves_p; split=> [/hasP[q' q'_p /(next _ q'_p).2] | /hasPn all_won].
  exact: won_move q'_p.
apply: lost_all => [| q' q'_p]; first by rewrite moves_p.
by apply: (next _ q'_p).1; apply/negPn/all_won.
Qed.

Lemma won_or_lost r n p : in_cube n p -> won r n p \/ lost r n p.
Proof.
move=> valid_p; have [wins loses] := winbP r valid_p (ltnSn (unseen n p)).
by case: (boolP (winb r n (unseen n p).+1 p)) => [/wins | /loses]; [left | right].
Qed.

(* The opening is a position of n coins: the first or the second player wins, not both. *)
Lemma in_cube_opening n : in_cube n opening.
Proof. by rewrite /in_cube /= expn_gt0. Qed.

Lemma winner_exists n r : first_wins n r \/ second_wins n r.
Proof. exact: won_or_lost (in_cube_opening n). Qed.

Lemma winner_exclusive n r : first_wins n r -> ~ second_wins n r.
Proof. exact: not_won_lost. Qed.

(* Who wins from the opening, computed (for small n: the whole game tree). *)
Definition first_winsb n r := winb r n (2 ^ n).+1 opening.

Lemma first_winsbP n r : reflect (first_wins n r) (first_winsb n r).
Proof.
have lt_unseen : unseen n opening < (2 ^ n).+1.
  by rewrite ltnS (leq_trans (count_size _ _)) ?size_iota.
have [wins loses] := winbP r (in_cube_opening n) lt_unseen.
apply: (iffP idP) => [/wins // | first].
by apply/negPn/negP => /loses; apply: not_won_lost.
Qed.

(* Bisimulations: relations between positions under which every move of one is matched by a
   move of the other, to related positions. Related positions have the same winner. *)
Definition bisimilar n (R : position -> position -> Prop) :=
  forall p q, R p q ->
    (forall p', p' \in legal_moves n p -> exists2 q', q' \in legal_moves n q & R p' q') /\
    (forall q', q' \in legal_moves n q -> exists2 p', p' \in legal_moves n p & R p' q').

Lemma bisimilar_stuck n R p q :
  bisimilar n R -> R p q -> legal_moves n p = [::] -> legal_moves n q = [::].
Proof.
move=> bisim Rpq stuck; case: (legal_moves n q) (bisim _ _ Rpq).2 => // q' qs /(_ q').
by rewrite inE eqxx => /(_ isT)[p']; rewrite stuck.
Qed.

Lemma bisimilar_won r n R p q : bisimilar n R -> R p q ->
  (won r n p -> won r n q) /\ (lost r n p -> lost r n q).
Proof.
move=> bisim; suff [W L] : (forall p, won r n p -> forall q, R p q -> won r n q) /\
                           (forall p, lost r n p -> forall q, R p q -> lost r n q).
  by move=> Rpq; split=> [/W | /L]; apply.
apply: (@won_lost_mutind r n (fun p _ => forall q, R p q -> won r n q)
                            (fun p _ => forall q, R p q -> lost r n q)).
- by move=> {}p r_misere stuck {}q Rpq; apply: won_stuck (bisimilar_stuck bisim Rpq stuck).
- move=> {}p p' p'_p _ IH {}q Rpq; have [q' q'_q Rpq'] := (bisim _ _ Rpq).1 _ p'_p.
  exact: won_move q'_q (IH _ Rpq').
- move=> {}p stuck_normal _ IH {}q Rpq; apply: lost_all => [stuck | q' q'_q].
    apply: stuck_normal; case: (legal_moves n p) (bisim _ _ Rpq).1 => // p' ps /(_ p').
    by rewrite inE eqxx => /(_ isT)[q']; rewrite stuck.
  by have [p' p'_p Rpq'] := (bisim _ _ Rpq).2 _ q'_q; apply: IH p'_p _ Rpq'.
Qed.

Lemma bisimilar_sym n R : bisimilar n R -> bisimilar n (fun p q => R q p).
Proof. by move=> bisim p q /bisim[forth back]; split=> [p' /back | q' /forth]. Qed.

Lemma bisimilar_comp n R R' : bisimilar n R -> bisimilar n R' ->
  bisimilar n (fun p q => exists2 m, R p m & R' m q).
Proof.
move=> bisim bisim' p q [m /bisim[forth back] /bisim'[forth' back']]; split.
  move=> p' /forth[m' m'_m Rpm']; have [q' q'_q Rmq'] := forth' _ m'_m.
  by exists q' => //; exists m'.
move=> q' /back'[m' m'_m Rmq']; have [p' p'_p Rpm'] := back _ m'_m.
by exists p' => //; exists m'.
Qed.
