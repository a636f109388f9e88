(* Devil invariants (the kernel's family.check_invariant; docs/lemmas.md, Lemma 1): a set of
   orbits, given by a state of each, holding no goal state, such that from each of its states,
   whatever the move, the devil has a permutation that keeps the game in the set. Checked on
   beliefs: for each orbit j of the set and each move (one per orbit of moves, which act
   alike: orbit_images_rearrange), the image of j meets the set. Then no strategy wins. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith.
From CoinProofs Require Import Claims Dials TablePlay TableOrbits TableBeliefs TableLayers.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (T : table) (x m : dials) (ms : seq dials) (inv : seq N).

(* The orbits of the states numbered inv (the kernel's numbers), as a belief. *)
Definition invariant_belief T D inv :=
  foldl (fun acc (v : N) => N.setbit acc (N.of_nat (tget 0 (orbit_of D)
                                                  (state_of (states T) (positions T) v))))
        0%num inv.

Definition table_invariant_ok T inv :=
  let D := orbit_data_of T in
  let I := invariant_belief T D inv in
  [&& orbits_ok T, inv != [::],
      all (fun v => dstate (states T) (positions T) (state_of (states T) (positions T) v)) inv,
      ~~ bmem I 0 &
      all (fun r => all (fun j => ~~ bmem I j ||
                                  has (fun k => bmem (nth 0%num r j) k && bmem I k)
                                      (iota 0 (norbits D)))
                        (iota 1 (norbits D).-1))
          (move_images T D)].

Section Invariant.

Variables (T : table) (inv : seq N).
Variable check : table_invariant_ok T inv.

Local Notation dstate := (dstate (states T) (positions T)).
Local Notation D := (orbit_data_of T).
Local Notation I := (invariant_belief T D inv).

Lemma invariant_orbits_ok : orbits_ok T. Proof. by case/and5P: check. Qed.
Local Notation ok := invariant_orbits_ok.

Lemma not_winning ms x :
  all dstate ms -> dstate x -> bmem I (orbit T x) -> ~ table_wins_from T x ms.
Proof.
have /and5P[_ _ _ not0 /allP escape] := check.
have not_goal y : dstate y -> bmem I (orbit T y) -> ~~ reached (goal_of T) y.
  by move=> y_ok I_y; rewrite -orbit_eq0 //; apply: contraNneq not0 => <-.
elim: ms x => [|m ms IH] x /=; first by move=> _ x_ok /(not_goal x x_ok) /negPf -> [].
case/andP=> m_ok ms_ok x_ok I_x [goal_x | win].
  by move: (not_goal x x_ok I_x); rewrite goal_x.
have r_in : orbit_images T D (lookup (least_table T) m) \in move_images T D.
  by apply: map_f; exact: (least_move ok m_ok).
have [w0 w0_ok least_m] := rearranges_least ok m_ok.
have := escape _ r_in; rewrite -least_m orbit_images_rearrange ?ok // => /allP.
have lt_x := orbit_lt ok x_ok; have x_gt0 : 0 < orbit T x by rewrite lt0n orbit_eq0 ?not_goal.
move=> /(_ (orbit T x)); rewrite mem_iota x_gt0 add1n prednK ?(leq_ltn_trans (leq0n _) lt_x) //.
rewrite lt_x I_x => /(_ isT) /hasP [k _ /andP[]]; rewrite bmem_orbit_images ?ok //.
case orbit_x: (orbit T x) x_gt0 => [// | j] _.
case/hasP=> x' x'_in /andP[/eqP orbit_x' /eqP image] I_k.
have x'_ok : dstate x' by rewrite -mem_all_states.
have /(orbit_rearranges ok x_ok x'_ok (not_goal x x_ok I_x)) [w w_ok x'_eq] :
  orbit T x == orbit T x'.
  by rewrite orbit_x orbit_x'.
apply: (IH (next T x w m)) ms_ok _ _ (win w w_ok).
  by apply: dstate_next; rewrite ?q_gt0 ?gens_perm ?ok.
by rewrite /next x'_eq image.
Qed.

Theorem invariant_impossible : impossible (table_wins T).
Proof.
have /and5P[_ nonempty /allP decoded _ _] := check.
case inv_eq: inv nonempty decoded => [// | x0 inv'] _ decoded ms /table_winsE [ms_ok win].
have x_ok := decoded x0 (mem_head _ _).
apply: (not_winning ms_ok x_ok) (win _ x_ok).
by rewrite /invariant_belief inv_eq bmem_setbits /=; apply/orP; left; apply/eqP.
Qed.

End Invariant.
