(* The extracted checker (formal/Extract.v) on one strategy: `checker N < FILE`, FILE one move
   per line, each a JSON list of positions (Norvig's notation, the kernel's JSON-lines
   artifact). Prints "wins" and exits 0, or "does not win" and exits 1; exit 2 on bad input.
   This file only reads the input: the verdict is winsb's, which Coq proved decides wins. *)

let rec nat_of_int k = if k = 0 then Checker.O else Checker.S (nat_of_int (k - 1))

let fail message = prerr_endline message; exit 2

(* "[0, 2, 3]" as the coins of n positions, true where the move flips. *)
let move_of_line n line =
  let line = String.trim line in
  let size = String.length line in
  if size < 2 || line.[0] <> '[' || line.[size - 1] <> ']' then
    fail ("not a list of positions: " ^ line);
  let inside = String.trim (String.sub line 1 (size - 2)) in
  let flips = Array.make n false in
  if inside <> "" then
    List.iter (fun word ->
        match int_of_string_opt (String.trim word) with
        | Some p when 0 <= p && p < n && not flips.(p) -> flips.(p) <- true
        | _ -> fail ("not a position of " ^ string_of_int n ^ " coins, or named twice: " ^ word))
      (String.split_on_char ',' inside);
  Array.to_list flips

let () =
  let n = match Sys.argv with
    | [| _; n |] ->
      (match int_of_string_opt n with
       | Some n when n >= 1 -> n
       | _ -> fail "N must be a whole number >= 1")
    | _ -> fail "usage: checker N < STRATEGY" in
  let rec read moves = match (try Some (input_line stdin) with End_of_file -> None) with
    | None -> List.rev moves
    | Some line when String.trim line = "" -> read moves
    | Some line -> read (move_of_line n line :: moves) in
  let moves = read [] in
  if Checker.winsb (nat_of_int n) moves then (print_endline "wins"; exit 0)
  else (print_endline "does not win"; exit 1)
