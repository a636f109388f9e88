(* Lamping's composition with what the hands feel, for any check run (GlassesDouble.v's D F D F
   for m = 2, GlassesColumns.v's R D U F R D U F for m > 3): a strategy S for d glasses with k
   hands, winning within T turns, wins N glasses with K hands through a difference, a state
   of d glasses read off the N glasses that turns with the tray.
   - The check run C (Tc turns) wins from every state whose difference stands the same way, and
     from every other state, every play of it wins or ends in a state whose difference is a
     turn of the one it started from.
   - Q, S played on the difference: each grab h of S is a grab of the N glasses from whose feel
     the player reads what h feels on the difference, and turning over glasses of h on the
     difference is turning over glasses of that grab.
   The strategy C, Q, C, Q, ..., C (T + 1 check runs) wins within (T + 1) (Tc + 1) turns: the
   check runs keep the difference up to the devil's turns, so Q plays S on it, and S brings it
   to the same way within T turns, where the next check run wins. *)
From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesDouble.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Lemma held_sub h what : all (mem h) (held_of h what).
Proof. by apply/allP=> i; rewrite mem_filter => /andP[]. Qed.

Section Compose.

Variables (N K d k T Tc : nat) (S : strategy).
Hypotheses (d_gt0 : 0 < d) (S_wins : tree_wins d k T S).

Variable diff : glasses -> glasses.
Hypotheses (size_diff : forall s, size s = N -> size (diff s) = d)
           (diff_turn : forall r s, size s = N -> diff (turn r s) = turn r (diff s)).

(* Q: the grab of the N glasses for S's grab h, what it feels read as h's feel on the
   difference, and the glasses turned over for glasses w of the difference. *)
Variables (qgrab : seq nat -> seq nat) (qread : seq nat -> seq bool -> seq bool)
          (qturn : seq nat -> seq nat).
Hypotheses
  (qgrab_ok : forall h, valid_grab d k h ->
     [/\ size (qgrab h) <= K <= N, uniq (qgrab h) & all (fun i => i < N) (qgrab h)])
  (qread_feel : forall h s, valid_grab d k h -> size s = N ->
     qread h (feel (qgrab h) s) = feel h (diff s))
  (qturn_in : forall h w, valid_grab d k h -> all (mem h) w -> all (mem (qgrab h)) (qturn w))
  (qturn_diff : forall h w s, valid_grab d k h -> all (mem h) w -> size s = N ->
     diff (turn_over (qturn w) s) = turn_over w (diff s)).

(* The check run, continued by c. *)
Variable check : strategy -> strategy.
Hypotheses
  (check_run : forall c T' s, size s = N ->
     (forall s', size s' = N -> (exists r, diff s' = turn r (diff s)) -> wins_from N K T' c s') ->
     wins_from N K (Tc + T') (check c) s)
  (check_wins : forall c T' s, size s = N -> same_way (diff s) ->
     wins_from N K (Tc + T') (check c) s).

(* C, a turn of Q, C, ...: S's tree t with T' turns left. *)
Fixpoint composed T' t :=
  check (match T', t with
         | T''.+1, Feel h what next =>
             if valid_grab d k h then
               node N K (qgrab h) (fun p => qturn (held_of h (what (qread h p))))
                    (fun p => composed T'' (next (qread h p)))
             else Stop
         | _, _ => Stop
         end).

Lemma composed_node T' h what next : valid_grab d k h ->
  composed T'.+1 (Feel h what next) =
  check (node N K (qgrab h) (fun p => qturn (held_of h (what (qread h p))))
              (fun p => composed T' (next (qread h p)))).
Proof. by move=> /= ->. Qed.

(* Each round: a check run and a turn of Q. *)
Lemma composed_from T' t y s : (forall r, wins_from d k T' t (turn r y)) -> size y = d ->
  size s = N -> diff s = y -> wins_from N K (T'.+1 * Tc.+1) (composed T' t) s.
Proof.
elim: T' t y s => [|T' IH] t y s win sz_y sz_s Es.
  apply: wins_from_mono (@check_wins _ 0 _ sz_s _); first by rewrite mul1n addn0.
  by case: (win 0) => /= [| []]; rewrite Es.
have [same | not_same] := boolP (same_way y).
  apply: wins_from_mono (@check_wins _ 0 _ sz_s _); last by rewrite Es.
  by rewrite addn0 mulSn (leq_trans (leqnSn Tc)) ?leq_addr.
have not_same_r r : ~~ same_way (turn r y) by rewrite same_way_turn.
case: t win => [|h what next] win.
  by case: (win 0) => [same0 | []]; move: (not_same_r 0); rewrite same0.
have [sz_h uniq_h in_h] : [/\ size h = k, uniq h & all (fun i => i < d) h].
  by case: (win 0) => [same0 | [? ? ? _ _]]; first by move: (not_same_r 0); rewrite same0.
have valid_h : valid_grab d k h by rewrite /valid_grab sz_h eqxx uniq_h in_h.
have [ok_h uniq_q in_q] := qgrab_ok valid_h.
rewrite composed_node //; apply: wins_from_mono (@check_run _ (T'.+1 * Tc.+1).+1 _ sz_s _).
  by rewrite mulSn addSn addnS.
move=> s' sz' [r Er]; rewrite Es in Er.
case: (win r) => [same_r | [_ _ _ in_what after]]; first by move: (not_same_r r); rewrite same_r.
apply: node_wins => // [p | r2 lt_r2]; first exact/qturn_in/held_sub.
rewrite qread_feel // Er.
set p := feel h (turn r y); set w := what p.
have sz_ry : size (turn r y) = d by rewrite size_turn.
apply: (IH _ (turn r2 (turn_over w (turn r y)))).
- move=> r3; rewrite -turnD (turn_mod _ (turn_over _ _)) size_turn_over sz_ry.
  by apply: after; rewrite ltn_pmod.
- by rewrite size_turn size_turn_over.
- by rewrite size_turn size_turn_over.
rewrite diff_turn ?size_turn_over // (qturn_diff valid_h) ?held_sub // Er.
exact/(congr1 (turn r2))/eq_turn_over/held_ofE.
Qed.

(* C, Q, C, ..., C wins within (T + 1) (Tc + 1) turns. *)
Theorem composed_wins : tree_wins N K (T.+1 * Tc.+1) (composed T S).
Proof.
move=> s sz_s; have sz_y := size_diff sz_s.
by apply: (composed_from (y := diff s)) => // r; apply: S_wins; rewrite size_turn.
Qed.

End Compose.
