(* The hands needed (Lewis and Willard 1980; Laaser and Ramshaw 1981): with N glasses, p a
   prime dividing N and d = N / p, fewer than N - d hands never win (Theorem
   glasses_hands_needed). The devil keeps the glasses *moved by d*: turning the tray by d
   changes them, so they never stand the same way. Before each turn the player leaves N - K > d
   positions untouched, so two of them, a < b, lie a multiple of d apart (pigeonhole on the
   residues mod d). The turns by b - a generate the turn by d (gcd (b - a) N = d, p being
   prime), so glasses moved by d are moved by b - a: some glass differs from the one b - a
   further on, and the devil turns the tray to put those two on a and b. Turning over only
   glasses it holds, the player leaves them differing, so the glasses stay moved by b - a, and
   then by d. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime.
From CoinProofs Require Import Rules Coins RulesGlasses GlassesPlay.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

(* --- Glasses that a turn leaves as they are ---------------------------------------------- *)

Lemma turn_fixed_mul a k s : turn a s = s -> turn (a * k) s = s.
Proof. by move=> fixed; elim: k => [|k IH]; rewrite ?muln0 // mulnS turnD IH fixed. Qed.

(* A turn by a that fixes the glasses fixes them by gcd a N too (Bezout: k a = k' N + gcd). *)
Lemma turn_fixed_gcd a s : 0 < a -> turn a s = s -> turn (gcdn a (size s)) s = s.
Proof.
move=> a_gt0 fixed; case: (egcdnP (size s) a_gt0) => ka kn Eg _.
by have := turn_fixed_mul ka fixed; rewrite mulnC Eg addnC turnD turn_mul.
Qed.

Lemma turn_nseq r n (c : bool) : turn r (nseq n c) = nseq n c.
Proof.
have nseq_rcons k : rcons (nseq k c) c = nseq k.+1 c by elim: k => //= k ->.
by apply: iter_fix; case: n => // n; rewrite -{1}nseq_rcons rotr1_rcons.
Qed.

(* Glasses standing the same way are fixed by every turn. *)
Lemma same_way_fixed r s : same_way s -> turn r s = s.
Proof.
have fixed c : all (pred1 c) s -> turn r s = s by move/all_pred1P => ->; apply: turn_nseq.
case/orP=> [/allP up | /allP down]; [apply: (fixed true) | apply: (fixed false)].
  by apply/allP=> b /up /= ->.
by apply/allP=> b /down /negbTE /= ->.
Qed.

Lemma moved_turn d r s : turn d s != s -> turn d (turn r s) != turn r s.
Proof. by apply: contra => /eqP; rewrite -!turnD addnC turnD => /turn_inj ->. Qed.

(* --- The devil's answer ------------------------------------------------------------------ *)

(* Glasses moved by b - a: the devil can turn them to make the glasses at a and b differ. *)
Lemma devil_pair s a b :
  a < b -> b < size s -> turn (b - a) s != s ->
  exists r, nth false (turn r s) a != nth false (turn r s) b.
Proof.
set N := size s => lt_ab lt_bN moved.
have [i lt_iN differ] : exists2 i, i < N & nth false (turn (b - a) s) i != nth false s i.
  case: (boolP (all (fun i => nth false (turn (b - a) s) i == nth false s i) (iota 0 N))).
    move=> /allP same; case/eqP: moved; apply: (@eq_from_nth _ false); rewrite ?size_turn //.
    by move=> j lt_j; apply/eqP/same; rewrite mem_iota.
  by case/allPn=> i; rewrite mem_iota => /andP[_ lt_i] ?; exists i.
(* The turn by r takes position i to b, and the glass b - a before i to a. *)
set r := b + (N - i).
have to_b : (i + r) %% N = b by rewrite addnCA subnKC ?(ltnW lt_iN) // modnDr modn_small.
have at_b x : size x = N -> nth false (turn r x) b = nth false x i.
  by move=> sz_x; rewrite -to_b -sz_x nth_turn // sz_x.
have at_a : nth false (turn r s) a = nth false (turn (b - a) (turn r s)) b.
  by rewrite -(nth_turn (b - a)) ?size_turn ?(ltn_trans lt_ab) // subnKC ?(ltnW lt_ab) ?modn_small.
exists r; rewrite at_a -turnD addnC turnD !at_b ?size_turn //.
Qed.

(* The hands on h leave two positions a < b untouched that lie a multiple of d apart. *)
Lemma untouched_pair N d h :
  0 < d -> uniq h -> all (fun i => i < N) h -> d < N - size h ->
  exists a b, [/\ a < b, b < N, a \notin h, b \notin h & d %| b - a].
Proof.
move=> d_gt0 uniq_h in_h lt_d.
set U := [seq i <- iota 0 N | i \notin h].
have size_U : size U = N - size h.
  have /perm_size held := uniq_perm (filter_uniq (mem h) (iota_uniq 0 N)) uniq_h (grab_ofE in_h).
  by rewrite -[N in RHS](size_iota 0) -(count_predC (mem h) (iota 0 N)) -held size_filter addKn /U size_filter.
have : ~~ uniq [seq i %% d | i <- U].
  apply: contraL lt_d => uniq_mod; rewrite -leqNgt -size_U -(size_map (modn^~ d)).
  rewrite -[d in _ <= d](size_iota 0) uniq_leq_size // => _ /mapP[i _ ->].
  by rewrite mem_iota ltn_pmod.
have sorted_U : sorted ltn U by apply: sorted_filter; [exact: ltn_trans | exact: iota_ltn_sorted].
case/(uniqPn 0)=> i [j []]; rewrite size_map => lt_ij lt_j.
have lt_i := ltn_trans lt_ij lt_j; rewrite !(nth_map 0) // => same_mod.
have mem_U k : k < size U -> nth 0 U k < N /\ nth 0 U k \notin h.
  by move=> lt_k; move: (mem_nth 0 lt_k); rewrite mem_filter mem_iota => /andP[-> /andP[]].
have [lt_iN out_i] := mem_U i lt_i; have [lt_jN out_j] := mem_U j lt_j.
have lt_ab := sorted_ltn_nth ltn_trans 0 sorted_U i j lt_i lt_j lt_ij.
exists (nth 0 U i), (nth 0 U j); split=> //.
by rewrite -eqn_mod_dvd ?(ltnW lt_ab) // same_mod.
Qed.

(* --- The devil keeps the glasses moved ---------------------------------------------------- *)

Section Needed.

Variables (N K p : nat).
Hypotheses (prime_p : prime p) (p_N : p %| N) (few : K < N - N %/ p).
Let d := N %/ p.

Lemma lt0N : 0 < N.
Proof. by move: few; rewrite -/d; case: (N). Qed.

Lemma lt0d : 0 < d.
Proof. by rewrite (divn_gt0 _ (prime_gt0 prime_p)) (dvdn_leq lt0N p_N). Qed.

Lemma ltdN : d < N.
Proof. exact: ltn_Pdiv (prime_gt1 prime_p) lt0N. Qed.

(* Glasses fixed by the turn by a multiple b of d, less than N, are fixed by the turn by d. *)
Lemma moved_multiple s b : size s = N -> 0 < b < N -> d %| b -> turn d s != s -> turn b s != s.
Proof.
move=> sz_s /andP[b_gt0 lt_bN] d_b; apply: contra => /eqP fixed.
have Eb : b = b %/ d * d by rewrite divnK.
have EN : N = p * d by rewrite mulnC divnK.
have j_gt0 : 0 < b %/ d by rewrite (divn_gt0 _ lt0d) (dvdn_leq b_gt0 d_b).
have lt_jp : b %/ d < p by rewrite -(ltn_pmul2r lt0d) -Eb -EN.
have coprime_jp : coprime (b %/ d) p by rewrite coprime_sym prime_coprime // (gtnNdvd j_gt0 lt_jp).
have := turn_fixed_gcd b_gt0 fixed.
by rewrite sz_s {1}Eb EN -muln_gcdl (eqP coprime_jp) mul1n => ->.
Qed.

Lemma kept T t s : size s = N -> turn d s != s -> ~ (forall r, r < N -> wins_from N K T t (turn r s)).
Proof.
elim: T t s => [|T IH] t s sz_s moved win.
all: have not_same r : ~~ same_way (turn r s).
all: try by apply: contra (moved_turn r moved) => /same_way_fixed ->.
all: have not_same0 : ~~ same_way s := not_same 0.
  by have := win 0 lt0N => /= -[same | ]; [rewrite same in not_same0 | case: t {win}].
case: t win => [|h what next] win.
  by case: (win 0 lt0N) => /= [same | //]; rewrite same in not_same0.
have := win 0 lt0N => /= -[same | [sz_h uniq_h in_h _ _]]; first by rewrite same in not_same0.
have lt_d : d < N - size h by rewrite sz_h ltn_subRL addnC -ltn_subRL.
have [a [b [lt_ab lt_bN out_a out_b d_ba]]] := untouched_pair lt0d uniq_h in_h lt_d.
have sub_ba : 0 < b - a < N by rewrite subn_gt0 lt_ab (leq_ltn_trans (leq_subr _ _)).
have lt_bs : b < size s by rewrite sz_s.
have [r differ] := devil_pair lt_ab lt_bs (moved_multiple sz_s sub_ba d_ba moved).
rewrite [turn r s]turn_mod sz_s in differ.
have := win _ (ltn_pmod r lt0N) => /= -[same | [_ _ _ in_what after]].
  by have := not_same (r %% N); rewrite same.
set s1 := turn (r %% N) s in differ after; set s2 := turn_over _ s1 in after.
have sz_s1 : size s1 = N by rewrite size_turn.
have sz_s2 : size s2 = N by rewrite size_turn_over.
(* The hands leave a and b, so the glasses there still differ. *)
have kept_at i : i < N -> i \notin h -> nth false s2 i = nth false s1 i.
  move=> lt_i out_i; rewrite nth_turn_over ?sz_s1 //.
  by case: (boolP (i \in _)) => [/(allP in_what) in_i | _]; [rewrite in_i in out_i | rewrite addbF].
apply: (IH _ s2 sz_s2 _ after); apply/negP=> /eqP fixed.
have fixed_ba : turn (b - a) s2 = s2 by rewrite -(divnK d_ba) mulnC; apply: turn_fixed_mul.
have lt_aN := ltn_trans lt_ab lt_bN.
have to_b : (a + (b - a)) %% size s2 = b by rewrite subnKC ?(ltnW lt_ab) // sz_s2 modn_small.
have lt_as2 : a < size s2 by rewrite sz_s2.
have := nth_turn (b - a) lt_as2; rewrite to_b fixed_ba => same_ab.
by move: differ; rewrite -!kept_at // same_ab eqxx.
Qed.

End Needed.

Theorem glasses_hands_needed : forall N K p, prime p -> p %| N -> K < N - N %/ p -> no_strategy N K.
Proof.
move=> N K p prime_p p_N few T [t win].
(* The devil starts with one glass down: the turn by d moves it. *)
set s := true :: nseq N.-1 false.
have sz_s : size s = N by rewrite /= size_nseq prednK ?(lt0N few).
apply: (kept prime_p p_N few (s := s) (T := T) (t := t) sz_s).
  have lt0s : 0 < size s by rewrite sz_s (lt0N few).
  have := nth_turn (N %/ p) lt0s; rewrite add0n sz_s modn_small ?(ltdN prime_p few) //.
  apply: contraTneq => ->; case: (N %/ p) (lt0d prime_p p_N few) => // d' _.
  by rewrite /= nth_nseq if_same.
by move=> r _; apply: win; rewrite size_turn.
Qed.

(* The theorem as one boolean, for the Coq road's proofs of impossible claims (coq/glasses.py):
   Coq's kernel decides the side conditions for the claim's N, K and p. *)
Corollary needed_checked N K p : [&& prime p, p %| N & K < N - N %/ p] -> no_strategy N K.
Proof. by case/and3P; apply: glasses_hands_needed. Qed.
