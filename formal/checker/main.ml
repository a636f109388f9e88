(* The extracted checker (formal/Extract.v) on one strategy: `checker N [FILE]`, FILE (or
   standard input, when absent or `-`) in any form coinproofs writes for coins: a JSON list of
   moves (`devil solve -o`), an object with "moves" (`devil solve --json`), one move per line
   (a certificate's .moves.jsonl), or a certificate (its strategy evidence, inline or in the
   file beside it). A move is a list of positions (Norvig's notation). Prints "wins" and exits
   0, or "does not win" and exits 1; exit 2 on bad input. This file only reads the input: the
   verdict is winsb's, which Coq proved decides wins. *)

let rec nat_of_int k = if k = 0 then Checker.O else Checker.S (nat_of_int (k - 1))

let fail message = prerr_endline message; exit 2

(* JSON, as much as the files need: numbers are kept as their text. *)
type json = Null | Bool of bool | Num of string | Str of string
          | Arr of json list | Obj of (string * json) list

let parse_all text =
  let size = String.length text and at = ref 0 in
  let peek () = if !at < size then text.[!at] else '\000' in
  let rec blank () = match peek () with
    | ' ' | '\n' | '\r' | '\t' -> incr at; blank () | _ -> () in
  let expect c = blank (); if peek () <> c then fail (Printf.sprintf
      "not JSON: expected '%c' at byte %d" c !at) else incr at in
  let word w value =
    if !at + String.length w <= size && String.sub text !at (String.length w) = w
    then (at := !at + String.length w; value) else fail ("not JSON at byte " ^ string_of_int !at) in
  let rec value () = blank (); match peek () with
    | '[' -> incr at; blank ();
      if peek () = ']' then (incr at; Arr []) else
        let rec items acc = let v = value () in blank ();
          match peek () with
          | ',' -> incr at; items (v :: acc)
          | ']' -> incr at; Arr (List.rev (v :: acc))
          | _ -> fail ("not JSON: expected ',' or ']' at byte " ^ string_of_int !at) in
        items []
    | '{' -> incr at; blank ();
      if peek () = '}' then (incr at; Obj []) else
        let rec fields acc = blank (); let key = match value () with
            | Str k -> k | _ -> fail "not JSON: an object's key must be a string" in
          expect ':'; let v = value () in blank ();
          match peek () with
          | ',' -> incr at; fields ((key, v) :: acc)
          | '}' -> incr at; Obj (List.rev ((key, v) :: acc))
          | _ -> fail ("not JSON: expected ',' or '}' at byte " ^ string_of_int !at) in
        fields []
    | '"' -> incr at; let buffer = Buffer.create 16 in
      let rec chars () = match peek () with
        | '"' -> incr at; Str (Buffer.contents buffer)
        | '\\' -> at := !at + 2; Buffer.add_char buffer '?'; chars ()  (* escapes: no key needs one *)
        | '\000' -> fail "not JSON: a string does not end"
        | c -> incr at; Buffer.add_char buffer c; chars () in
      chars ()
    | 't' -> word "true" (Bool true) | 'f' -> word "false" (Bool false)
    | 'n' -> word "null" Null
    | '-' | '0' .. '9' -> let start = !at in
      while (match peek () with '-' | '+' | '.' | 'e' | 'E' | '0' .. '9' -> true | _ -> false)
      do incr at done;
      Num (String.sub text start (!at - start))
    | _ -> fail ("not JSON at byte " ^ string_of_int !at) in
  (* Several values one after the other: JSON lines. *)
  let rec values acc = blank (); if !at >= size then List.rev acc else values (value () :: acc) in
  values []

let read_file name =
  let channel = try open_in_bin name with Sys_error e -> fail e in
  let text = really_input_string channel (in_channel_length channel) in
  close_in channel; text

let read_stdin () =
  let buffer = Buffer.create 65536 in
  (try while true do Buffer.add_channel buffer stdin 1 done with End_of_file -> ());
  Buffer.contents buffer

(* A move: the coins of n positions, true where it flips. *)
let move_of n = function
  | Arr positions ->
    let flips = Array.make n false in
    List.iter (function
        | Num word -> (match int_of_string_opt word with
            | Some p when 0 <= p && p < n && not flips.(p) -> flips.(p) <- true
            | _ -> fail ("not a position of " ^ string_of_int n ^ " coins, or named twice: " ^ word))
        | _ -> fail "a move is a list of positions")
      positions;
    Array.to_list flips
  | _ -> fail "a move is a list of positions, e.g. [0, 2]"

let is_list = function Arr _ -> true | _ -> false

(* The moves a file holds; `folder` is where a certificate's artifact lies. *)
let rec moves_of n folder = function
  | [Arr items] when List.exists is_list items -> List.map (move_of n) items
  | [Obj fields] when List.mem_assoc "evidence" fields ->
    (match List.assoc_opt "claim" fields with
     | Some (Obj claim) ->
       (match List.assoc_opt "params" claim with
        | Some (Obj params) ->
          (match List.assoc_opt "q" params with
           | Some (Num q) when q <> "2" -> fail "the certificate is about dials, not coins"
           | _ -> ());
          (match List.assoc_opt "n" params with
           | Some (Num m) when m <> string_of_int n ->
             fail ("the certificate is for " ^ m ^ " coins, not " ^ string_of_int n)
           | _ -> ())
        | _ -> ())
     | _ -> ());
    let strategy = List.find_opt (function
        | Obj item -> List.assoc_opt "method" item = Some (Str "strategy") | _ -> false)
        (match List.assoc "evidence" fields with Arr items -> items | _ -> []) in
    (match strategy with
     | Some (Obj item) ->
       (match List.assoc_opt "moves" item, List.assoc_opt "file" item, folder with
        | Some moves, _, _ -> moves_of n folder [moves]
        | None, Some (Str file), Some dir when Filename.basename file = file ->
          moves_of n None (parse_all (read_file (Filename.concat dir file)))
        | None, Some _, _ -> fail "the certificate's moves are in a file beside it: give the certificate's path"
        | _ -> fail "the certificate's strategy holds no moves")
     | _ -> fail "the certificate holds no strategy evidence")
  | [Obj fields] ->
    (match List.assoc_opt "n" fields with
     | Some (Num m) when m <> string_of_int n ->
       fail ("the strategy is for " ^ m ^ " coins, not " ^ string_of_int n)
     | _ -> ());
    (match List.assoc_opt "moves" fields with
     | Some (Arr _ as moves) -> moves_of n folder [moves]
     | Some Null -> fail "the file holds no strategy"
     | _ -> fail "an object holding a strategy has 'moves'")
  | [Arr [] ] -> [move_of n (Arr [])]  (* one line: the move that flips nothing *)
  | lines -> List.map (move_of n) lines

let () =
  let n, source = match Sys.argv with
    | [| _; n |] -> n, "-"
    | [| _; n; file |] -> n, file
    | _ -> fail "usage: checker N [FILE]   (FILE absent or -: standard input)" in
  let n = match int_of_string_opt n with
    | Some n when n >= 1 -> n
    | _ -> fail "N must be a whole number >= 1" in
  let text, folder = if source = "-" then read_stdin (), None
    else read_file source, Some (Filename.dirname source) in
  let moves = moves_of n folder (parse_all text) in
  if Checker.winsb (nat_of_int n) moves then (print_endline "wins"; exit 0)
  else (print_endline "does not win"; exit 1)
