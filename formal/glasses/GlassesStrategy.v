(* The checker of strategy evidence: a strategy written as numbered turns that may share what
   follows (the kernel's named turns), each with the belief it is played from and the turns
   left. [strategy_ok] checks each turn once, locally: from every state of its belief, the
   answer to what is felt turns over grabbed glasses only and either makes the glasses stand
   the same way or leads, whatever the devil's rotation, into the belief of the next turn,
   which has fewer turns left; the first turn's belief holds every start that is not won.
   Theorem strategy_sound: then the tree these turns unfold to wins within T turns. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq.
From Coq Require Import NArith.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay GlassesOrbits.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* One turn: the positions grabbed; for each pattern felt, the positions turned over and the
   number of the next turn (none: the strategy stops); the belief the turn is played from;
   and the turns left, this one included. *)
Record step := Step {
  hands : seq nat;
  answers : trie (seq nat * option nat);
  from_belief : N;
  turns_left : nat }.

Definition no_step := Step [::] (Tip ([::], None)) 0 0.

(* The tree of the turns, from turn i, cut after [fuel] turns. *)
Fixpoint strategy_of (dag : seq step) fuel i : strategy :=
  if fuel is f.+1 then
    let v := nth no_step dag i in
    Feel (hands v) (fun p => (trie_get (answers v) p).1)
         (fun p => if (trie_get (answers v) p).2 is Some j then strategy_of dag f j else Stop)
  else Stop.

(* From the glasses s, turn v answers as it must. *)
Definition answer_ok tb (dag : seq step) (v : step) (s : glasses) :=
  let: (t, next) := trie_get (answers v) (feel (hands v) s) in
  let s' := turn_over t s in
  [&& 0 < turns_left v, all (fun i => i \in hands v) t &
      same_way s' ||
      if next is Some j then
        let w := nth no_step dag j in [&& j < size dag, turns_left w < turns_left v & in_belief tb (from_belief w) s']
      else false].

Definition step_ok tb (states : seq glasses) N K dag (v : step) :=
  [&& size (hands v) == K, uniq (hands v), all (fun i => i < N) (hands v) &
      all (fun s => ~~ in_belief tb (from_belief v) s || same_way s || answer_ok tb dag v s) states].

Definition strategy_ok N K T dag :=
  let tb := orbit_table N in
  let states := all_glasses N in
  let root := nth no_step dag 0 in
  [&& turns_left root <= T, all (fun s => same_way s || in_belief tb (from_belief root) s) states &
      all (step_ok tb states N K dag) dag].

Section Sound.

Variables (N K : nat) (dag : seq step).
Hypothesis ok : all (step_ok (orbit_table N) (all_glasses N) N K dag) dag.

Lemma step_wins f i s :
  i < size dag -> turns_left (nth no_step dag i) <= f -> size s = N ->
  in_belief (orbit_table N) (from_belief (nth no_step dag i)) s ->
  wins_from N K (turns_left (nth no_step dag i)) (strategy_of dag f i) s.
Proof.
elim: f i s => [|f IH] i s lt_i le_f sz_s in_B.
all: have /and4P[/eqP sz_h uniq_h in_h /allP all_s] := all_nthP no_step ok i lt_i.
all: have := all_s s; rewrite mem_all_glasses sz_s eqxx in_B /= => /(_ isT) /orP[same | ].
all: try by apply: wins_from_same.
  rewrite /answer_ok; case: (trie_get _ _) => t next /and3P[pos].
  by rewrite leqn0 in le_f; rewrite (eqP le_f) in pos.
rewrite /answer_ok; case E: (trie_get _ _) => [t next] /and3P[pos in_t next_ok].
case Eleft: (turns_left _) pos le_f next_ok => [//|b] _ le_f next_ok.
rewrite /= E /=; right; split=> // r lt_r.
have [same' | not_same] := boolP (same_way (turn_over t s)).
  by apply: wins_from_same; rewrite same_way_turn.
move: next_ok; rewrite (negbTE not_same) /=; case: next E => // j E /and3P[lt_j lt_left in_B'].
apply: wins_from_mono (IH j _ lt_j _ _ _); rewrite ?size_turn ?size_turn_over //.
- by rewrite -ltnS (leq_trans lt_left le_f).
by rewrite in_belief_turn ?size_turn_over.
Qed.

End Sound.

Theorem strategy_sound (N K T : nat) dag : strategy_ok N K T dag -> tree_wins N K T (strategy_of dag T 0).
Proof.
rewrite /strategy_ok => /and3P[le_T /allP roots ok] s sz_s.
have := roots s; rewrite mem_all_glasses sz_s eqxx => /(_ isT) /orP[same | in_B].
  exact: wins_from_same.
have lt_0 : 0 < size dag.
  by case: dag {roots ok le_T} in_B => //; rewrite /in_belief; case: (trie_get _ _) => [[]|].
exact: wins_from_mono (step_wins ok lt_0 le_T sz_s in_B).
Qed.

Corollary strategy_wins (N K T : nat) dag : strategy_ok N K T dag -> wins_within N K T.
Proof. by move=> ok; exists (strategy_of dag T 0); apply: strategy_sound. Qed.
