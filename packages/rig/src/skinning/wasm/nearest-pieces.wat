;; The loose-piece search of skinning/attach-loose-pieces.ts (VertexGrid.nearestOtherPieces and its
;; addRing) for the vertices of one cell of a piece: the cell's ring cache (the foreign vertices
;; ring by ring, in chunks of one grid cell each, with each chunk's pieces) is gathered lazily as
;; the JavaScript gathers it, and each vertex visits the same candidates in the same order with the
;; same f64 operations (positions promoted from f32, as a Float32Array read is), so every distance
;; and every answer is the same bit for bit. Math.hypot, which WebAssembly lacks, is computed for
;; the candidates past the squared-distance cut as V8's builtin computes it ($hypot below; it was
;; imported from JavaScript, a call out of the kernel with its three doubles boxed, ~300k per dense
;; human). Compiled to nearest-pieces-wasm-bytes.ts by
;; scripts/build-wasm.ts.
;;
;; `init` takes byte offsets into the exported memory: the grid (positions f32 × 3n, pieceOf i32 × n,
;; cellStart i32 × (cells + 1), cellVertices i32), per piece bestD (f64, all +∞ between calls), bestW,
;; stamp (i32, all −1 at first) and met (i32), ringEnd (i32 × (maxRings + 1)) and the cell's cache:
;; vertices (i32), chunkStart, chunkCell (× 3), chunkPieces, pieceStart (i32), and cand: per cached
;; vertex, its position (f32 × 3, copied from positions) and its piece (i32), 16 bytes, so the
;; search's candidates are read in order from one array rather than gathered by vertex from two.
;; `search` takes the cell's vertices (i32 × count at queryP) and writes, per vertex, how many pieces
;; it met (i32 at countP) and for each, in the order first met, (piece i32, vertex i32, distance f64)
;; at outP, 16 bytes each, the vertices' entries one after another.
(module
  (memory (export "memory") 1)
  (global $posP (mut i32) (i32.const 0))
  (global $pieceOfP (mut i32) (i32.const 0))
  (global $cellStartP (mut i32) (i32.const 0))
  (global $cellVertsP (mut i32) (i32.const 0))
  (global $bestDP (mut i32) (i32.const 0))
  (global $bestWP (mut i32) (i32.const 0))
  (global $stampP (mut i32) (i32.const 0))
  (global $metP (mut i32) (i32.const 0))
  (global $ringEndP (mut i32) (i32.const 0))
  (global $vertsP (mut i32) (i32.const 0))
  (global $chunkStartP (mut i32) (i32.const 0))
  (global $chunkCellP (mut i32) (i32.const 0))
  (global $chunkPiecesP (mut i32) (i32.const 0))
  (global $pieceStartP (mut i32) (i32.const 0))
  (global $candP (mut i32) (i32.const 0))
  (global $nx (mut i32) (i32.const 0))
  (global $ny (mut i32) (i32.const 0))
  (global $nz (mut i32) (i32.const 0))
  (global $ox (mut f64) (f64.const 0))
  (global $oy (mut f64) (f64.const 0))
  (global $oz (mut f64) (f64.const 0))
  (global $size (mut f64) (f64.const 0))
  (global $maxRings (mut i32) (i32.const 0))
  ;; The cache's fill: vertices, chunks, chunk pieces, rings gathered.
  (global $nVerts (mut i32) (i32.const 0))
  (global $nChunks (mut i32) (i32.const 0))
  (global $nChunkPieces (mut i32) (i32.const 0))
  (global $rings (mut i32) (i32.const 0))
  ;; A number per visited cell, so a chunk lists each piece once (stamp[q] = the visit's number).
  (global $visit (mut i32) (i32.const 0))

  (func (export "init")
    (param $posP i32) (param $pieceOfP i32) (param $cellStartP i32) (param $cellVertsP i32)
    (param $bestDP i32) (param $bestWP i32) (param $stampP i32) (param $metP i32) (param $ringEndP i32)
    (param $vertsP i32) (param $chunkStartP i32) (param $chunkCellP i32) (param $chunkPiecesP i32) (param $pieceStartP i32)
    (param $nx i32) (param $ny i32) (param $nz i32) (param $ox f64) (param $oy f64) (param $oz f64) (param $size f64) (param $maxRings i32) (param $candP i32)
    (global.set $posP (local.get $posP))
    (global.set $candP (local.get $candP))
    (global.set $pieceOfP (local.get $pieceOfP))
    (global.set $cellStartP (local.get $cellStartP))
    (global.set $cellVertsP (local.get $cellVertsP))
    (global.set $bestDP (local.get $bestDP))
    (global.set $bestWP (local.get $bestWP))
    (global.set $stampP (local.get $stampP))
    (global.set $metP (local.get $metP))
    (global.set $ringEndP (local.get $ringEndP))
    (global.set $vertsP (local.get $vertsP))
    (global.set $chunkStartP (local.get $chunkStartP))
    (global.set $chunkCellP (local.get $chunkCellP))
    (global.set $chunkPiecesP (local.get $chunkPiecesP))
    (global.set $pieceStartP (local.get $pieceStartP))
    (global.set $nx (local.get $nx))
    (global.set $ny (local.get $ny))
    (global.set $nz (local.get $nz))
    (global.set $ox (local.get $ox))
    (global.set $oy (local.get $oy))
    (global.set $oz (local.get $oz))
    (global.set $size (local.get $size))
    (global.set $maxRings (local.get $maxRings))
    (global.set $visit (i32.const 0)))

  ;; addRing's visit: cell (x, y, z)'s vertices of pieces other than `self`, appended as one chunk
  ;; (none when it has none).
  (func $visitCell (param $x i32) (param $y i32) (param $z i32) (param $self i32)
    (local $k i32) (local $s i32) (local $e i32) (local $w i32) (local $q i32) (local $before i32)
    (local $piecesBefore i32) (local $stamp i32) (local $at i32) (local $from i32)
    (if (i32.or (i32.lt_s (local.get $x) (i32.const 0)) (i32.ge_s (local.get $x) (global.get $nx))) (then (return)))
    (local.set $k (i32.add (i32.mul (i32.add (i32.mul (local.get $z) (global.get $ny)) (local.get $y)) (global.get $nx)) (local.get $x)))
    (local.set $before (global.get $nVerts))
    (local.set $piecesBefore (global.get $nChunkPieces))
    (local.set $stamp (global.get $visit))
    (global.set $visit (i32.add (global.get $visit) (i32.const 1)))
    (local.set $at (i32.add (global.get $cellStartP) (i32.shl (local.get $k) (i32.const 2))))
    (local.set $s (i32.load (local.get $at)))
    (local.set $e (i32.load offset=4 (local.get $at)))
    (block $done (loop $scan
      (br_if $done (i32.ge_s (local.get $s) (local.get $e)))
      (local.set $w (i32.load (i32.add (global.get $cellVertsP) (i32.shl (local.get $s) (i32.const 2)))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (local.set $q (i32.load (i32.add (global.get $pieceOfP) (i32.shl (local.get $w) (i32.const 2)))))
      (br_if $scan (i32.or (i32.eq (local.get $q) (local.get $self)) (i32.lt_s (local.get $q) (i32.const 0))))
      (i32.store (i32.add (global.get $vertsP) (i32.shl (global.get $nVerts) (i32.const 2))) (local.get $w))
      ;; The candidate's position and piece beside it (the bits of positions, copied).
      (local.set $at (i32.add (global.get $candP) (i32.shl (global.get $nVerts) (i32.const 4))))
      (local.set $from (i32.add (global.get $posP) (i32.mul (local.get $w) (i32.const 12))))
      (i32.store (local.get $at) (i32.load (local.get $from)))
      (i32.store offset=4 (local.get $at) (i32.load offset=4 (local.get $from)))
      (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $from)))
      (i32.store offset=12 (local.get $at) (local.get $q))
      (global.set $nVerts (i32.add (global.get $nVerts) (i32.const 1)))
      (local.set $at (i32.add (global.get $stampP) (i32.shl (local.get $q) (i32.const 2))))
      (if (i32.ne (i32.load (local.get $at)) (local.get $stamp))
        (then
          (i32.store (local.get $at) (local.get $stamp))
          (i32.store (i32.add (global.get $chunkPiecesP) (i32.shl (global.get $nChunkPieces) (i32.const 2))) (local.get $q))
          (global.set $nChunkPieces (i32.add (global.get $nChunkPieces) (i32.const 1)))))
      (br $scan)))
    (if (i32.eq (global.get $nVerts) (local.get $before)) (then (return)))
    (i32.store (i32.add (global.get $chunkStartP) (i32.shl (global.get $nChunks) (i32.const 2))) (local.get $before))
    (i32.store (i32.add (global.get $pieceStartP) (i32.shl (global.get $nChunks) (i32.const 2))) (local.get $piecesBefore))
    (local.set $at (i32.add (global.get $chunkCellP) (i32.mul (global.get $nChunks) (i32.const 12))))
    (i32.store (local.get $at) (local.get $x))
    (i32.store offset=4 (local.get $at) (local.get $y))
    (i32.store offset=8 (local.get $at) (local.get $z))
    (global.set $nChunks (i32.add (global.get $nChunks) (i32.const 1))))

  ;; addRing: the cells at ring `rings` around (cx, cy, cz), in the order a scan of the cube meets
  ;; them; then the ring's end, and each list's end after its last chunk (read as the next start).
  (func $addRing (param $cx i32) (param $cy i32) (param $cz i32) (param $self i32)
    (local $r i32) (local $dz i32) (local $dy i32) (local $dx i32) (local $y i32) (local $z i32)
    (local.set $r (global.get $rings))
    (local.set $dz (i32.sub (i32.const 0) (local.get $r)))
    (block $zDone (loop $zLoop
      (br_if $zDone (i32.gt_s (local.get $dz) (local.get $r)))
      (local.set $z (i32.add (local.get $cz) (local.get $dz)))
      (if (i32.and (i32.ge_s (local.get $z) (i32.const 0)) (i32.lt_s (local.get $z) (global.get $nz)))
        (then
          (local.set $dy (i32.sub (i32.const 0) (local.get $r)))
          (block $yDone (loop $yLoop
            (br_if $yDone (i32.gt_s (local.get $dy) (local.get $r)))
            (local.set $y (i32.add (local.get $cy) (local.get $dy)))
            (if (i32.and (i32.ge_s (local.get $y) (i32.const 0)) (i32.lt_s (local.get $y) (global.get $ny)))
              (then
                (if (i32.or
                      (i32.or (i32.eq (local.get $dz) (i32.sub (i32.const 0) (local.get $r))) (i32.eq (local.get $dz) (local.get $r)))
                      (i32.or (i32.eq (local.get $dy) (i32.sub (i32.const 0) (local.get $r))) (i32.eq (local.get $dy) (local.get $r))))
                  (then
                    (local.set $dx (i32.sub (i32.const 0) (local.get $r)))
                    (block $xDone (loop $xLoop
                      (br_if $xDone (i32.gt_s (local.get $dx) (local.get $r)))
                      (call $visitCell (i32.add (local.get $cx) (local.get $dx)) (local.get $y) (local.get $z) (local.get $self))
                      (local.set $dx (i32.add (local.get $dx) (i32.const 1)))
                      (br $xLoop))))
                  (else
                    (call $visitCell (i32.sub (local.get $cx) (local.get $r)) (local.get $y) (local.get $z) (local.get $self))
                    (call $visitCell (i32.add (local.get $cx) (local.get $r)) (local.get $y) (local.get $z) (local.get $self))))))
            (local.set $dy (i32.add (local.get $dy) (i32.const 1)))
            (br $yLoop)))))
      (local.set $dz (i32.add (local.get $dz) (i32.const 1)))
      (br $zLoop)))
    (global.set $rings (i32.add (global.get $rings) (i32.const 1)))
    (i32.store (i32.add (global.get $ringEndP) (i32.shl (local.get $r) (i32.const 2))) (global.get $nChunks))
    (i32.store (i32.add (global.get $chunkStartP) (i32.shl (global.get $nChunks) (i32.const 2))) (global.get $nVerts))
    (i32.store (i32.add (global.get $pieceStartP) (i32.shl (global.get $nChunks) (i32.const 2))) (global.get $nChunkPieces)))

  ;; The search's `gap`: a coordinate's distance to cell c's span along an axis, less the margin.
;; Math.hypot(x, y, z) as V8's builtin (math.tq, MathHypot) computes it, step for step: NaN if an
  ;; argument is NaN (unless one is infinite: +∞), 0 if all are 0; otherwise the absolute values over
  ;; their largest, squared and summed with Kahan's compensation in argument order, the root times
  ;; that largest. test/vertex-grid.test.ts compares the kernel's answers with the JavaScript's
  ;; (Math.hypot) bit for bit.
  (func $hypot (param $x f64) (param $y f64) (param $z f64) (result f64)
    (local $max f64) (local $nan i32) (local $sum f64) (local $comp f64) (local $n f64) (local $summand f64) (local $pre f64)
    (local.set $nan (i32.or (i32.or (f64.ne (local.get $x) (local.get $x)) (f64.ne (local.get $y) (local.get $y))) (f64.ne (local.get $z) (local.get $z))))
    ;; A NaN's absolute value is taken as 0 (V8 leaves its slot zeroed and skips it for the maximum).
    (local.set $x (if (result f64) (f64.ne (local.get $x) (local.get $x)) (then (f64.const 0)) (else (f64.abs (local.get $x)))))
    (local.set $y (if (result f64) (f64.ne (local.get $y) (local.get $y)) (then (f64.const 0)) (else (f64.abs (local.get $y)))))
    (local.set $z (if (result f64) (f64.ne (local.get $z) (local.get $z)) (then (f64.const 0)) (else (f64.abs (local.get $z)))))
    (local.set $max (f64.const 0))
    (if (f64.gt (local.get $x) (local.get $max)) (then (local.set $max (local.get $x))))
    (if (f64.gt (local.get $y) (local.get $max)) (then (local.set $max (local.get $y))))
    (if (f64.gt (local.get $z) (local.get $max)) (then (local.set $max (local.get $z))))
    (if (f64.eq (local.get $max) (f64.const inf)) (then (return (f64.const inf))))
    (if (local.get $nan) (then (return (f64.const nan))))
    (if (f64.eq (local.get $max) (f64.const 0)) (then (return (f64.const 0))))
    (local.set $n (f64.div (local.get $x) (local.get $max)))
    (local.set $summand (f64.sub (f64.mul (local.get $n) (local.get $n)) (local.get $comp)))
    (local.set $pre (f64.add (local.get $sum) (local.get $summand)))
    (local.set $comp (f64.sub (f64.sub (local.get $pre) (local.get $sum)) (local.get $summand)))
    (local.set $sum (local.get $pre))
    (local.set $n (f64.div (local.get $y) (local.get $max)))
    (local.set $summand (f64.sub (f64.mul (local.get $n) (local.get $n)) (local.get $comp)))
    (local.set $pre (f64.add (local.get $sum) (local.get $summand)))
    (local.set $comp (f64.sub (f64.sub (local.get $pre) (local.get $sum)) (local.get $summand)))
    (local.set $sum (local.get $pre))
    (local.set $n (f64.div (local.get $z) (local.get $max)))
    (local.set $summand (f64.sub (f64.mul (local.get $n) (local.get $n)) (local.get $comp)))
    (local.set $pre (f64.add (local.get $sum) (local.get $summand)))
    (local.set $sum (local.get $pre))
    (f64.mul (f64.sqrt (local.get $sum)) (local.get $max)))

  (func $gap (param $v f64) (param $o f64) (param $c i32) (param $margin f64) (result f64)
    (local $lo f64)
    (local.set $lo (f64.add (local.get $o) (f64.mul (f64.convert_i32_s (local.get $c)) (global.get $size))))
    (f64.max
      (f64.max (f64.const 0) (f64.sub (f64.sub (local.get $lo) (local.get $v)) (local.get $margin)))
      (f64.sub (f64.sub (local.get $v) (f64.add (local.get $lo) (global.get $size))) (local.get $margin))))

  ;; nearestOtherPieces for `count` vertices of the piece numbered `self`, all in cell (cx, cy, cz):
  ;; the cache starts empty (a new cell). `margin` is the JavaScript's 1e-6 × size and `slack` its
  ;; 1 + 1e-9, passed as the doubles it computes.
  (func (export "search")
    (param $self i32) (param $cx i32) (param $cy i32) (param $cz i32) (param $count i32)
    (param $queryP i32) (param $countP i32) (param $outP i32) (param $margin f64) (param $slack f64)
    (local $i i32) (local $u i32) (local $ux f64) (local $uy f64) (local $uz f64) (local $nearest f64)
    (local $r i32) (local $c i32) (local $ce i32) (local $pi i32) (local $pe i32) (local $fb f64)
    (local $gx f64) (local $gy f64) (local $gz f64) (local $s i32) (local $e i32) (local $w i32) (local $q i32)
    (local $had f64) (local $dx f64) (local $dy f64) (local $dz f64) (local $d f64) (local $at i32)
    (local $nMet i32) (local $m i32) (local $cell i32)
    (global.set $nVerts (i32.const 0))
    (global.set $nChunks (i32.const 0))
    (global.set $nChunkPieces (i32.const 0))
    (global.set $rings (i32.const 0))
    (local.set $i (i32.const 0))
    (block $verticesDone (loop $vertices
      (br_if $verticesDone (i32.ge_s (local.get $i) (local.get $count)))
      (local.set $u (i32.load (i32.add (local.get $queryP) (i32.shl (local.get $i) (i32.const 2)))))
      (local.set $at (i32.add (global.get $posP) (i32.mul (local.get $u) (i32.const 12))))
      (local.set $ux (f64.promote_f32 (f32.load (local.get $at))))
      (local.set $uy (f64.promote_f32 (f32.load offset=4 (local.get $at))))
      (local.set $uz (f64.promote_f32 (f32.load offset=8 (local.get $at))))
      (local.set $nearest (f64.const inf))
      (local.set $nMet (i32.const 0))
      (local.set $r (i32.const 0))
      (block $ringsDone (loop $ringLoop
        (br_if $ringsDone (i32.gt_s (local.get $r) (global.get $maxRings)))
        ;; A cell r rings away is at least (r − 1) cells from the vertex.
        (br_if $ringsDone (f64.gt (f64.mul (f64.convert_i32_s (i32.sub (local.get $r) (i32.const 1))) (global.get $size)) (local.get $nearest)))
        (if (i32.eq (local.get $r) (global.get $rings)) (then (call $addRing (local.get $cx) (local.get $cy) (local.get $cz) (local.get $self))))
        (local.set $c (if (result i32) (i32.gt_s (local.get $r) (i32.const 0))
          (then (i32.load (i32.add (global.get $ringEndP) (i32.shl (i32.sub (local.get $r) (i32.const 1)) (i32.const 2)))))
          (else (i32.const 0))))
        (local.set $ce (i32.load (i32.add (global.get $ringEndP) (i32.shl (local.get $r) (i32.const 2)))))
        (block $chunksDone (loop $chunks
          (br_if $chunksDone (i32.ge_s (local.get $c) (local.get $ce)))
          (block $nextChunk
            ;; The chunk's pieces' farthest nearest so far; a cell clearly farther is skipped whole.
            (local.set $fb (f64.const 0))
            (local.set $at (i32.add (global.get $pieceStartP) (i32.shl (local.get $c) (i32.const 2))))
            (local.set $pi (i32.load (local.get $at)))
            (local.set $pe (i32.load offset=4 (local.get $at)))
            (block $piecesDone (loop $pieces
              (br_if $piecesDone (i32.ge_s (local.get $pi) (local.get $pe)))
              (local.set $fb (f64.max (local.get $fb)
                (f64.load (i32.add (global.get $bestDP) (i32.shl
                  (i32.load (i32.add (global.get $chunkPiecesP) (i32.shl (local.get $pi) (i32.const 2)))) (i32.const 3))))))
              (local.set $pi (i32.add (local.get $pi) (i32.const 1)))
              (br $pieces)))
            (if (f64.lt (local.get $fb) (f64.const inf))
              (then
                (local.set $cell (i32.add (global.get $chunkCellP) (i32.mul (local.get $c) (i32.const 12))))
                (local.set $gx (call $gap (local.get $ux) (global.get $ox) (i32.load (local.get $cell)) (local.get $margin)))
                (local.set $gy (call $gap (local.get $uy) (global.get $oy) (i32.load offset=4 (local.get $cell)) (local.get $margin)))
                (local.set $gz (call $gap (local.get $uz) (global.get $oz) (i32.load offset=8 (local.get $cell)) (local.get $margin)))
                (br_if $nextChunk (f64.gt
                  (f64.add (f64.add (f64.mul (local.get $gx) (local.get $gx)) (f64.mul (local.get $gy) (local.get $gy))) (f64.mul (local.get $gz) (local.get $gz)))
                  (f64.mul (f64.mul (local.get $fb) (local.get $fb)) (local.get $slack))))))
            (local.set $at (i32.add (global.get $chunkStartP) (i32.shl (local.get $c) (i32.const 2))))
            (local.set $s (i32.load (local.get $at)))
            (local.set $e (i32.load offset=4 (local.get $at)))
            (block $candidatesDone (loop $candidates
              (br_if $candidatesDone (i32.ge_s (local.get $s) (local.get $e)))
              ;; The candidate's piece and position from the cache (its vertex only if it is nearer).
              (local.set $at (i32.add (global.get $candP) (i32.shl (local.get $s) (i32.const 4))))
              (local.set $s (i32.add (local.get $s) (i32.const 1)))
              (local.set $q (i32.load offset=12 (local.get $at)))
              (local.set $had (f64.load (i32.add (global.get $bestDP) (i32.shl (local.get $q) (i32.const 3)))))
              (local.set $dx (f64.sub (f64.promote_f32 (f32.load (local.get $at))) (local.get $ux)))
              (local.set $dy (f64.sub (f64.promote_f32 (f32.load offset=4 (local.get $at))) (local.get $uy)))
              (local.set $dz (f64.sub (f64.promote_f32 (f32.load offset=8 (local.get $at))) (local.get $uz)))
              ;; Clearly farther than its piece's nearest so far: changes nothing.
              (br_if $candidates (f64.gt
                (f64.add (f64.add (f64.mul (local.get $dx) (local.get $dx)) (f64.mul (local.get $dy) (local.get $dy))) (f64.mul (local.get $dz) (local.get $dz)))
                (f64.mul (f64.mul (local.get $had) (local.get $had)) (local.get $slack))))
              (local.set $w (i32.load (i32.add (global.get $vertsP) (i32.shl (i32.sub (local.get $s) (i32.const 1)) (i32.const 2)))))
              (local.set $d (call $hypot (local.get $dx) (local.get $dy) (local.get $dz)))
              (if (f64.eq (local.get $had) (f64.const inf))
                (then
                  (i32.store (i32.add (global.get $metP) (i32.shl (local.get $nMet) (i32.const 2))) (local.get $q))
                  (local.set $nMet (i32.add (local.get $nMet) (i32.const 1)))))
              (if (f64.lt (local.get $d) (local.get $had))
                (then
                  (f64.store (i32.add (global.get $bestDP) (i32.shl (local.get $q) (i32.const 3))) (local.get $d))
                  (i32.store (i32.add (global.get $bestWP) (i32.shl (local.get $q) (i32.const 2))) (local.get $w))))
              (if (f64.lt (local.get $d) (local.get $nearest)) (then (local.set $nearest (local.get $d))))
              (br $candidates))))
          (local.set $c (i32.add (local.get $c) (i32.const 1)))
          (br $chunks)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $ringLoop)))
      ;; The pieces met, in the order first met; their bests reset for the next vertex.
      (i32.store (i32.add (local.get $countP) (i32.shl (local.get $i) (i32.const 2))) (local.get $nMet))
      (local.set $m (i32.const 0))
      (block $metDone (loop $metLoop
        (br_if $metDone (i32.ge_s (local.get $m) (local.get $nMet)))
        (local.set $q (i32.load (i32.add (global.get $metP) (i32.shl (local.get $m) (i32.const 2)))))
        (i32.store (local.get $outP) (local.get $q))
        (i32.store offset=4 (local.get $outP) (i32.load (i32.add (global.get $bestWP) (i32.shl (local.get $q) (i32.const 2)))))
        (local.set $at (i32.add (global.get $bestDP) (i32.shl (local.get $q) (i32.const 3))))
        (f64.store offset=8 (local.get $outP) (f64.load (local.get $at)))
        (f64.store (local.get $at) (f64.const inf))
        (local.set $outP (i32.add (local.get $outP) (i32.const 16)))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $metLoop)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $vertices))))
)
