From mathcomp Require Import all_ssreflect.
From CoinProofs Require Import Rules Coins Play LowerBound.
Goal forall n s p m ms, size s = n -> size p = n -> moves n ms -> size m = n -> game (flip s p) (nseq (size (m :: ms)) 0) (m :: ms) = [seq flip s q | q <- p :: scanl flip p (m :: ms)].
move=> n s p m ms sz_s sz_p sized sz_m /=.
Show.
Abort.
