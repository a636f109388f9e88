(* Impossibility for dials (Bar-Yehuda, Etzion and Moran 1993): if p > 1 divides N, r > 1
   divides q and p, r are coprime (two distinct primes, say), no strategy of any length wins
   on N dials mod q.

   Fold a state onto p dials mod r: dial j of the fold is the sum, mod r, of the dials at the
   positions i = j mod p (wsum). A move adds its fold (r divides q); turning the table by one
   turns the fold by one (p divides N). The states whose fold is not constant are a devil
   invariant, the devil turning by 0 or by 1: were both folds constant, c0 and c1, then
   F(j) + c0 = F(j + 1) + c1 for every j; summing over j < p gives p c0 = p c1, so c0 = c1
   (p is invertible mod r) and F is constant. All zeros folds to a constant. *)
From mathcomp Require Import ssreflect ssrfun ssrbool eqtype ssrnat seq choice path div.
From mathcomp Require Import fintype tuple finfun bigop prime finset binomial.
From CoinProofs Require Import Dials DialsInvariant.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Implicit Types (x y m : dials) (ms : seq dials) (N q p r i j : nat).

(* Dial j of the fold onto p dials, before reducing mod r. *)
Definition wsum p x j := \sum_(0 <= i < size x | i == j %[mod p]) nth 0 x i.

(* The fold is constant mod r. *)
Definition fold_constant p r x := all (fun j => wsum p x j == wsum p x 0 %[mod r]) (iota 0 p).

Lemma wsum_mod p x j : wsum p x (j %% p) = wsum p x j.
Proof. by apply: eq_bigl => i; rewrite modn_mod. Qed.

Lemma wsum_zeros p N j : wsum p (zeros N) j = 0.
Proof. by rewrite /wsum big1 // => i _; rewrite nth_nseq if_same. Qed.

Lemma wsum_add q p r x m j : r %| q -> size m = size x ->
  wsum p (add q x m) j = wsum p x j + wsum p m j %[mod r].
Proof.
move=> r_dvd_q sz_m; rewrite /wsum size_add // sz_m -big_split /= -modn_summ -[RHS]modn_summ.
congr (_ %% r); rewrite big_nat_cond [RHS]big_nat_cond.
by apply: eq_bigr => i /andP[/andP[_ lt_i] _]; rewrite nth_add ?sz_m // modn_dvdm.
Qed.

(* Turning the table by one turns the fold by one. *)
Lemma wsum_rotr1 p x j : p %| size x -> wsum p (rotr 1 x) j.+1 = wsum p x j.
Proof.
case/lastP: x => [|y a]; first by rewrite /wsum !big_geq.
rewrite size_rcons rotr1_rcons => p_dvd; rewrite /wsum size_rcons /= big_mkcond [RHS]big_mkcond /=.
rewrite big_nat_recl // big_nat_recr //= addnC; congr (_ + _).
  apply: eq_big_nat => i /andP[_ lt_i].
  by rewrite -(addn1 i) -(addn1 j) eqn_modDr nth_rcons lt_i.
by rewrite nth_rcons ltnn eqxx -[size y %% p == _](eqn_modDr 1) !addn1 (eqP p_dvd) !mod0n.
Qed.

Lemma fold_constantP p r x : 0 < p ->
  reflect (forall j, wsum p x j = wsum p x 0 %[mod r]) (fold_constant p r x).
Proof.
move=> p_gt0; apply: (iffP allP) => [const j | const j _]; last exact/eqP/const.
by rewrite -wsum_mod; apply/eqP/const; rewrite mem_iota ltn_pmod.
Qed.

(* p is invertible mod r. *)
Lemma eqn_modMl_coprime p r a b : coprime p r -> (p * a == p * b %[mod r]) = (a == b %[mod r]).
Proof.
move=> co_pr; wlog le_ab : a b / b <= a => [hyp | ].
  by have [/hyp // | /ltnW /hyp] := leqP b a; rewrite eq_sym => ->; rewrite eq_sym.
by rewrite !eqn_mod_dvd ?leq_mul2l ?le_ab ?orbT // -mulnBr Gauss_dvdr // coprime_sym.
Qed.

(* A sequence F of period p with F j + c0 = F (j + 1) + c1 mod r is constant mod r. *)
Lemma shift_constant p r (F : nat -> nat) c0 c1 : coprime p r -> F p = F 0 ->
  (forall j, F j + c0 = F j.+1 + c1 %[mod r]) -> forall j, F j = F 0 %[mod r].
Proof.
move=> co_pr F_p step.
have shifted : \sum_(0 <= j < p) F j.+1 = \sum_(0 <= j < p) F j.
  apply/(@addIn (F 0)); rewrite [LHS]addnC -big_nat_recl // big_nat_recr //=.
  by rewrite F_p.
have sum_c c (G : nat -> nat) : \sum_(0 <= j < p) (G j + c) = \sum_(0 <= j < p) G j + p * c.
  by rewrite big_split sum_nat_const_nat subn0.
have c0_c1 : c0 = c1 %[mod r].
  apply/eqP; rewrite -(eqn_modMl_coprime _ _ co_pr) -(eqn_modDl (\sum_(0 <= j < p) F j)).
  rewrite -sum_c -shifted -sum_c -modn_summ -[X in _ == X]modn_summ.
  by apply/eqP; congr (_ %% r); apply: eq_bigr => j _; rewrite step.
elim=> // j IH; rewrite -IH; apply/eqP.
by rewrite -(eqn_modDr c1) -step eqn_modDl c0_c1.
Qed.

Lemma wsum_unit p n j : wsum p (1 :: zeros n) j = (0 == j %[mod p]).
Proof.
rewrite /wsum big_mkcond big_nat_recl //= big1 ?addn0 => [|i _]; first by case: ifP.
by rewrite nth_nseq if_same if_same.
Qed.

(* The states of N dials mod q whose fold onto p dials mod r is not constant. *)
Definition unfolded N q p r x := dstate q N x && ~~ fold_constant p r x.

Lemma unfolded_invariant N q p r : 0 < N -> 0 < q -> 1 < p -> 1 < r -> p %| N -> r %| q ->
  coprime p r -> dial_invariant q N (unfolded N q p r).
Proof.
move=> N_gt0 q_gt0 p_gt1 r_gt1 p_dvd_N r_dvd_q co_pr; have p_gt0 := ltnW p_gt1.
split.
- exists (1 :: zeros N.-1); rewrite /unfolded /dstate /= size_nseq prednK // eqxx /=.
  rewrite (leq_trans r_gt1 (dvdn_leq q_gt0 r_dvd_q)) all_nseq q_gt0 orbT /=.
  apply/(fold_constantP _ _ p_gt0) => /(_ 1); rewrite !wsum_unit mod0n.
  by rewrite (modn_small p_gt1) /= mod0n (modn_small r_gt1).
- move=> x /andP[ok_x not_constant]; split=> //; apply: contraNneq not_constant => ->.
  by apply/(fold_constantP _ _ p_gt0) => j; rewrite !wsum_zeros.
move=> x m /andP[ok_x not_constant] ok_m.
have [/andP[/eqP sz_x small_x] /andP[/eqP sz_m _]] := (ok_x, ok_m).
have ok_next y : size y = N -> dstate q N (add q y m).
  move=> sz_y; rewrite /dstate size_add ?sz_y ?sz_m ?eqxx //=.
  by apply/allP=> _ /mapP[c _ ->]; apply: ltn_pmod.
have [const0 | ] := boolP (fold_constant p r (add q x m)); last first.
  by exists 0; rewrite /unfolded ok_next.
have [const1 | ] := boolP (fold_constant p r (add q (rotr 1 x) m)); last first.
  by exists 1; rewrite /unfolded ok_next ?size_rotr.
case/negP: not_constant; apply/(fold_constantP _ _ p_gt0).
have sz_rx : size m = size (rotr 1 x) by rewrite size_rotr sz_x.
set c0 := wsum p (add q x m) 0; set c1 := wsum p (add q (rotr 1 x) m) 0.
apply: (@shift_constant p r _ c0 c1) => // [|j]; first by rewrite -wsum_mod modnn.
move/(fold_constantP _ _ p_gt0): const0 => const0.
move/(fold_constantP _ _ p_gt0): const1 => const1.
have := const1 j.+1; rewrite wsum_add // wsum_rotr1 ?sz_x // => F_c1.
have := const0 j.+1; rewrite wsum_add ?sz_x // => F_c0.
apply/eqP; rewrite -(eqn_modDr (wsum p m j.+1)) addnAC -modnDml F_c1 modnDml.
by rewrite [wsum p x j.+1 + _ + _]addnAC -[X in _ == X]modnDml F_c0 modnDml addnC.
Qed.

Theorem dial_coprime_not_wins N q p r ms : 0 < N -> 0 < q -> 1 < p -> 1 < r ->
  p %| N -> r %| q -> coprime p r -> ~ dial_wins q N ms.
Proof.
move=> N_gt0 q_gt0 p_gt1 r_gt1 p_dvd_N r_dvd_q co_pr.
exact: dial_invariant_not_wins (unfolded_invariant N_gt0 q_gt0 p_gt1 r_gt1 p_dvd_N r_dvd_q co_pr).
Qed.

(* Two distinct primes, p dividing N and r dividing q. *)
Theorem dial_not_wins N q p r ms : 0 < N -> 0 < q -> prime p -> prime r -> p != r ->
  p %| N -> r %| q -> ~ dial_wins q N ms.
Proof.
move=> N_gt0 q_gt0 p_pr r_pr p_ne_r p_dvd_N r_dvd_q.
apply: (dial_coprime_not_wins N_gt0 q_gt0 (prime_gt1 p_pr) (prime_gt1 r_pr) p_dvd_N r_dvd_q).
by rewrite prime_coprime // dvdn_prime2.
Qed.

(* A number that is not a power of the prime p has another prime factor. *)
Lemma other_prime p n : prime p -> 0 < n -> n != p ^ logn p n ->
  exists2 s, prime s & (s %| n) && (s != p).
Proof.
move=> p_pr n_gt0 not_pow; have [m co_pm n_eq] := pfactor_coprime p_pr n_gt0.
have m_gt0 : 0 < m by move: n_gt0; rewrite n_eq muln_gt0 => /andP[].
have m_gt1 : 1 < m.
  by rewrite ltn_neqAle m_gt0 andbT; apply: contraNneq not_pow => m1; rewrite {1}n_eq -m1 mul1n.
exists (pdiv m); first exact: pdiv_prime.
rewrite n_eq dvdn_mulr ?pdiv_dvd //=; apply/eqP => eq_p.
by move: co_pm; rewrite prime_coprime // -eq_p pdiv_dvd.
Qed.

(* For N, q >= 2, a strategy wins only if N and q are powers of one prime. *)
Theorem dial_wins_prime_powers N q ms : 1 < N -> 1 < q -> dial_wins q N ms ->
  exists2 p, prime p & (N == p ^ logn p N) && (q == p ^ logn p q).
Proof.
move=> N_gt1 q_gt1 wins_ms; have [N_gt0 q_gt0] := (ltnW N_gt1, ltnW q_gt1).
have [p_pr r_pr] := (pdiv_prime N_gt1, pdiv_prime q_gt1).
have [eq_pr | ne_pr] := eqVneq (pdiv N) (pdiv q); last first.
  by case: (dial_not_wins N_gt0 q_gt0 p_pr r_pr ne_pr (pdiv_dvd N) (pdiv_dvd q) wins_ms).
exists (pdiv N) => //; apply/andP; split.
  apply/eqP; have [// | /(other_prime p_pr N_gt0)[s s_pr /andP[s_dvd s_ne]]] := eqVneq N
    (pdiv N ^ logn (pdiv N) N).
  by exfalso; apply: (dial_not_wins N_gt0 q_gt0 s_pr r_pr _ s_dvd (pdiv_dvd q) wins_ms);
    rewrite -eq_pr.
apply/eqP; have [// | /(other_prime p_pr q_gt0)[s s_pr /andP[s_dvd s_ne]]] := eqVneq q
  (pdiv N ^ logn (pdiv N) q).
by exfalso; apply: (dial_not_wins N_gt0 q_gt0 p_pr s_pr _ (pdiv_dvd N) s_dvd wins_ms);
  rewrite eq_sym.
Qed.
