(* The extracted walk checker (formal/ExtractWalk.v) on one NRWALK1 file:
   `walkcheck N RULE WINNER FILE`, RULE normal or misere, WINNER first or second. Prints
   "second wins" and exits 0 when wordsb accepts the walk with None (Theorem words_second_wins:
   then second_wins N RULE holds), "first wins" when it accepts it with Some z (Theorem
   words_first_wins: then first_wins N RULE holds, whatever z); prints the reason and exits 1
   otherwise; exit 2 on bad arguments. N, RULE and WINNER come from the command line, never
   from the file: the file only gives the first player's first move z (any number: wordsb
   checks it is a coin), the nodes and steps, read by walkread.c (not trusted), and the tables
   of the reorderings of the coins, which wordsb checks. *)

open Walkchecker

external walk_read : string -> int -> bool -> bool -> int = "walk_read"
external walk_first : unit -> int = "walk_first" [@@noalloc]
external walk_current : int -> int = "walk_current" [@@noalloc]
external walk_seen : int -> int -> int = "walk_seen" [@@noalloc]
external walk_steps : int -> int = "walk_steps" [@@noalloc]
external walk_step : int -> int -> int = "walk_step" [@@noalloc]
external walk_orders : unit -> int = "walk_orders" [@@noalloc]
external walk_place : int -> int -> int = "walk_place" [@@noalloc]

let fail code message = prerr_endline message; exit code

(* A step as walkread.c packs it: kind (2 bits), reply (3), XOR mask (6), reordering (10),
   node (the rest). *)
let step_of packed =
  let z = packed lsr 2 land 7 in
  match packed land 3 with
  | 0 -> Played Winner_stuck
  | 1 -> Played (Loser_stuck z)
  | 2 -> Leaf z
  | _ -> Played (Goto (z, packed lsr 11 land 1023, packed lsr 5 land 63, packed lsr 21))

let () =
  let n, rule, winner, file = match Sys.argv with
    | [| _; n; rule; winner; file |] -> n, rule, winner, file
    | _ -> fail 2 "usage: walkcheck N normal|misere first|second FILE" in
  let n = match int_of_string_opt n with
    | Some n when 1 <= n && n <= 6 -> n
    | _ -> fail 2 "N must be a whole number from 1 to 6" in
  let misere = match rule with
    | "normal" -> false | "misere" -> true
    | _ -> fail 2 "RULE must be normal or misere" in
  let first = match winner with
    | "first" -> true | "second" -> false
    | _ -> fail 2 "WINNER must be first or second" in
  let size = try walk_read file n misere first with Failure reason -> fail 1 reason in
  let cube = 1 lsl n in
  (* The reorderings of the coins: f p x has bit (place of coin c) set for each coin c of x;
     g p is its inverse. *)
  let orders = walk_orders () in
  let f = Array.init orders (fun p -> Array.init cube (fun x ->
      let y = ref 0 in
      for c = 0 to n - 1 do if x lsr c land 1 = 1 then y := !y lor (1 lsl walk_place p c) done;
      !y)) in
  let g = Array.map (fun fp -> let gp = Array.make cube 0 in
                      Array.iteri (fun x y -> gp.(y) <- x) fp; gp) f in
  let seen j = (walk_seen j 0, walk_seen j 1) in
  let steps j = List.init (walk_steps j) (fun k -> step_of (walk_step j k)) in
  let lookup table p x = if p < orders && x < cube then table.(p).(x) else 0 in
  let rule = if misere then Misere else Normal in
  let start = if first then Some (walk_first ()) else None in
  if wordsb n rule size seen walk_current steps orders (lookup f) (lookup g) start
  then print_endline (winner ^ " wins")
  else fail 1 "the checker refuses the walk"
