;; Jacobi-preconditioned conjugate gradients for bone heat's systems (diag − offdiag) x = rhs, the
;; same operations in the same order as the JavaScript loop of heat-solver.ts's conjugateGradient
;; (WebAssembly's f64 arithmetic is IEEE-754 with round-to-nearest and never fuses a multiply and
;; an add, as JavaScript's), so the iterates, the iteration count and x are the same bit for bit.
;; It runs ~4× faster than the JavaScript loop: the gathers p[cols[e]] need no bounds or uint32
;; range checks here. The element-wise passes (x, r and p's updates) take two rows a step in f64x2
;; lanes: each lane is the scalar operation (SIMD f64 arithmetic is IEEE-754 round-to-nearest,
;; unfused, as the scalar), and the sums (rzNew) and the max (worst) take lane 0 then lane 1, the
;; rows' order, so nothing changes bit for bit; ~0.85× the kernel's CPU on the VALID humans' systems
;; (packages/rig/docs/speed.md, round 37). Compiled to jacobi-cg-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; Arguments are byte offsets into the exported memory: rowStart (u32, m + 1), cols (u32), vals
;; (f64, the off-diagonals given positive), diag, rhs (f64, m), and the work vectors x, r, p, q,
;; inv (f64, m). Returns the iterations; the solution is at x.
;;
;; `supportSystem` builds one bone's system where jacobiCg reads it (bone-heat.ts's
;; solveEachBoneLocally, operation for operation): the support by a surface Dijkstra from the bone's
;; sources (KeyValueHeap's sift, so the same pop order: the support's order is CG's summation
;; order), then the support's rows (CSR), diagonal and right-hand side. `supportInit` takes the
;; mesh's arrays once: Laplacian offsets (u32, n + 1), columns (u32), values and steps (f64 per
;; entry), diagonal and screen (f64, n), sourceStart (u32, n + 1), seeds (u32), and work: reach
;; (f64, n: ∞), local (i32, n: −1), support (i32, n); the heap starts at heapP (the end of
;; everything else) and grows with the memory. `supportReset` restores reach and local on a support.
(module
  (memory (export "memory") 1)
  (global $n (mut i32) (i32.const 0))
  (global $offP (mut i32) (i32.const 0))
  (global $colP (mut i32) (i32.const 0))
  (global $valP (mut i32) (i32.const 0))
  (global $stepP (mut i32) (i32.const 0))
  (global $diagonalP (mut i32) (i32.const 0))
  (global $screenP (mut i32) (i32.const 0))
  (global $sourceStartP (mut i32) (i32.const 0))
  (global $seedsP (mut i32) (i32.const 0))
  (global $reachP (mut i32) (i32.const 0))
  (global $localP (mut i32) (i32.const 0))
  (global $supportP (mut i32) (i32.const 0))
  (global $heapP (mut i32) (i32.const 0))
  (global $size (mut i32) (i32.const 0))
  (global $topKey (mut f64) (f64.const 0))
  (global $topValue (mut i32) (i32.const 0))

  (func (export "supportInit")
    (param $n i32) (param $offP i32) (param $colP i32) (param $valP i32) (param $stepP i32) (param $diagonalP i32) (param $screenP i32)
    (param $sourceStartP i32) (param $seedsP i32) (param $reachP i32) (param $localP i32) (param $supportP i32) (param $heapP i32)
    (local $i i32)
    (global.set $n (local.get $n))
    (global.set $offP (local.get $offP))
    (global.set $colP (local.get $colP))
    (global.set $valP (local.get $valP))
    (global.set $stepP (local.get $stepP))
    (global.set $diagonalP (local.get $diagonalP))
    (global.set $screenP (local.get $screenP))
    (global.set $sourceStartP (local.get $sourceStartP))
    (global.set $seedsP (local.get $seedsP))
    (global.set $reachP (local.get $reachP))
    (global.set $localP (local.get $localP))
    (global.set $supportP (local.get $supportP))
    (global.set $heapP (local.get $heapP))
    (global.set $size (i32.const 0))
    (local.set $i (i32.const 0))
    (block $b (loop $l
      (br_if $b (i32.ge_u (local.get $i) (local.get $n)))
      (f64.store (i32.add (local.get $reachP) (i32.shl (local.get $i) (i32.const 3))) (f64.const inf))
      (i32.store (i32.add (local.get $localP) (i32.shl (local.get $i) (i32.const 2))) (i32.const -1))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l))))

  ;; KeyValueHeap.push
  (func $push (param $key f64) (param $value i32)
    (local $i i32) (local $parent i32) (local $pk f64) (local $need i32) (local $at i32) (local $pat i32)
    (local.set $need (i32.add (global.get $heapP) (i32.shl (i32.add (global.get $size) (i32.const 1)) (i32.const 4))))
    (if (i32.gt_u (local.get $need) (i32.shl (memory.size) (i32.const 16)))
      (then
        (if (i32.lt_s
              (memory.grow (i32.add (i32.shr_u (i32.sub (local.get $need) (i32.shl (memory.size) (i32.const 16))) (i32.const 16)) (i32.const 16)))
              (i32.const 0))
          (then unreachable))))
    (local.set $i (global.get $size))
    (global.set $size (i32.add (global.get $size) (i32.const 1)))
    (block $up (loop $sift
      (br_if $up (i32.le_s (local.get $i) (i32.const 0)))
      (local.set $parent (i32.shr_s (i32.sub (local.get $i) (i32.const 1)) (i32.const 1)))
      (local.set $pat (i32.add (global.get $heapP) (i32.shl (local.get $parent) (i32.const 4))))
      (local.set $pk (f64.load (local.get $pat)))
      (br_if $up (f64.le (local.get $pk) (local.get $key)))
      (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
      (f64.store (local.get $at) (local.get $pk))
      (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $pat)))
      (local.set $i (local.get $parent))
      (br $sift)))
    (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
    (f64.store (local.get $at) (local.get $key))
    (i32.store offset=8 (local.get $at) (local.get $value)))

  ;; KeyValueHeap.pop: false when empty, else the least entry in $topKey / $topValue
  (func $pop (result i32)
    (local $last i32) (local $lk f64) (local $lv i32) (local $i i32) (local $child i32) (local $ck f64) (local $at i32) (local $cat i32) (local $right i32)
    (if (i32.eqz (global.get $size)) (then (return (i32.const 0))))
    (global.set $topKey (f64.load (global.get $heapP)))
    (global.set $topValue (i32.load offset=8 (global.get $heapP)))
    (global.set $size (i32.sub (global.get $size) (i32.const 1)))
    (local.set $last (global.get $size))
    (if (i32.eqz (local.get $last)) (then (return (i32.const 1))))
    (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $last) (i32.const 4))))
    (local.set $lk (f64.load (local.get $at)))
    (local.set $lv (i32.load offset=8 (local.get $at)))
    (local.set $i (i32.const 0))
    (block $down (loop $sift
      (local.set $child (i32.add (i32.shl (local.get $i) (i32.const 1)) (i32.const 1)))
      (br_if $down (i32.ge_s (local.get $child) (local.get $last)))
      (local.set $cat (i32.add (global.get $heapP) (i32.shl (local.get $child) (i32.const 4))))
      ;; the right child when there is one and its key is less: without a branch, which the
      ;; hardware guesses wrong about half the time (fit/wasm/medial-dijkstra.wat does the same; the
      ;; entry past the last one, read when there is no right child, is the entry just popped from
      ;; the end, still in the memory; the test ignores it)
      (local.set $right (i32.and
        (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $last))
        (f64.lt (f64.load offset=16 (local.get $cat)) (f64.load (local.get $cat)))))
      (local.set $child (i32.add (local.get $child) (local.get $right)))
      (local.set $cat (i32.add (local.get $cat) (i32.shl (local.get $right) (i32.const 4))))
      (local.set $ck (f64.load (local.get $cat)))
      (br_if $down (f64.ge (local.get $ck) (local.get $lk)))
      (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
      (f64.store (local.get $at) (local.get $ck))
      (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $cat)))
      (local.set $i (local.get $child))
      (br $sift)))
    (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
    (f64.store (local.get $at) (local.get $lk))
    (i32.store offset=8 (local.get $at) (local.get $lv))
    (i32.const 1))

  ;; One bone's support and system: seeds[seedFrom..seedTo) its sources. Returns m (the rows).
  (func (export "supportSystem")
    (param $seedFrom i32) (param $seedTo i32) (param $radius f64)
    (param $rowStartP i32) (param $colsP i32) (param $valsP i32) (param $diagP i32) (param $rhsP i32) (result i32)
    (local $s i32) (local $v i32) (local $d f64) (local $m i32) (local $e i32) (local $end i32) (local $u i32) (local $du f64)
    (local $i i32) (local $nnz i32) (local $j i32)
    (local.set $s (local.get $seedFrom))
    (block $b0 (loop $l0
      (br_if $b0 (i32.ge_u (local.get $s) (local.get $seedTo)))
      (local.set $v (i32.load (i32.add (global.get $seedsP) (i32.shl (local.get $s) (i32.const 2)))))
      (if (f64.ne (f64.load (i32.add (global.get $reachP) (i32.shl (local.get $v) (i32.const 3)))) (f64.const 0))
        (then
          (f64.store (i32.add (global.get $reachP) (i32.shl (local.get $v) (i32.const 3))) (f64.const 0))
          (call $push (f64.const 0) (local.get $v))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $l0)))
    (block $b1 (loop $l1
      (br_if $b1 (i32.eqz (call $pop)))
      (local.set $v (global.get $topValue))
      (local.set $d (global.get $topKey))
      (br_if $l1 (f64.gt (local.get $d) (f64.load (i32.add (global.get $reachP) (i32.shl (local.get $v) (i32.const 3))))))
      (br_if $l1 (i32.ge_s (i32.load (i32.add (global.get $localP) (i32.shl (local.get $v) (i32.const 2)))) (i32.const 0)))
      (i32.store (i32.add (global.get $localP) (i32.shl (local.get $v) (i32.const 2))) (local.get $m))
      (i32.store (i32.add (global.get $supportP) (i32.shl (local.get $m) (i32.const 2))) (local.get $v))
      (local.set $m (i32.add (local.get $m) (i32.const 1)))
      (local.set $e (i32.load (i32.add (global.get $offP) (i32.shl (local.get $v) (i32.const 2)))))
      (local.set $end (i32.load (i32.add (global.get $offP) (i32.shl (i32.add (local.get $v) (i32.const 1)) (i32.const 2)))))
      (block $b2 (loop $l2
        (br_if $b2 (i32.ge_u (local.get $e) (local.get $end)))
        (local.set $u (i32.load (i32.add (global.get $colP) (i32.shl (local.get $e) (i32.const 2)))))
        (if (i32.lt_s (i32.load (i32.add (global.get $localP) (i32.shl (local.get $u) (i32.const 2)))) (i32.const 0))
          (then
            (local.set $du (f64.add (local.get $d) (f64.load (i32.add (global.get $stepP) (i32.shl (local.get $e) (i32.const 3))))))
            (if (i32.and
                  (f64.le (local.get $du) (local.get $radius))
                  (f64.lt (local.get $du) (f64.load (i32.add (global.get $reachP) (i32.shl (local.get $u) (i32.const 3))))))
              (then
                (f64.store (i32.add (global.get $reachP) (i32.shl (local.get $u) (i32.const 3))) (local.get $du))
                (call $push (local.get $du) (local.get $u))))))
        (local.set $e (i32.add (local.get $e) (i32.const 1)))
        (br $l2)))
      (br $l1)))
    ;; the support's rows: columns outside it are held at 0
    (i32.store (local.get $rowStartP) (i32.const 0))
    (local.set $i (i32.const 0))
    (block $b3 (loop $l3
      (br_if $b3 (i32.ge_u (local.get $i) (local.get $m)))
      (local.set $v (i32.load (i32.add (global.get $supportP) (i32.shl (local.get $i) (i32.const 2)))))
      (f64.store (i32.add (local.get $diagP) (i32.shl (local.get $i) (i32.const 3)))
        (f64.add
          (f64.load (i32.add (global.get $diagonalP) (i32.shl (local.get $v) (i32.const 3))))
          (f64.load (i32.add (global.get $screenP) (i32.shl (local.get $v) (i32.const 3))))))
      (f64.store (i32.add (local.get $rhsP) (i32.shl (local.get $i) (i32.const 3))) (f64.const 0))
      (local.set $e (i32.load (i32.add (global.get $offP) (i32.shl (local.get $v) (i32.const 2)))))
      (local.set $end (i32.load (i32.add (global.get $offP) (i32.shl (i32.add (local.get $v) (i32.const 1)) (i32.const 2)))))
      (block $b4 (loop $l4
        (br_if $b4 (i32.ge_u (local.get $e) (local.get $end)))
        (local.set $j (i32.load (i32.add (global.get $localP)
          (i32.shl (i32.load (i32.add (global.get $colP) (i32.shl (local.get $e) (i32.const 2)))) (i32.const 2)))))
        (if (i32.ge_s (local.get $j) (i32.const 0))
          (then
            (i32.store (i32.add (local.get $colsP) (i32.shl (local.get $nnz) (i32.const 2))) (local.get $j))
            (f64.store (i32.add (local.get $valsP) (i32.shl (local.get $nnz) (i32.const 3)))
              (f64.load (i32.add (global.get $valP) (i32.shl (local.get $e) (i32.const 3)))))
            (local.set $nnz (i32.add (local.get $nnz) (i32.const 1)))))
        (local.set $e (i32.add (local.get $e) (i32.const 1)))
        (br $l4)))
      (i32.store (i32.add (local.get $rowStartP) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2))) (local.get $nnz))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l3)))
    ;; the sources' right-hand side: screen / (its sources' count)
    (local.set $s (local.get $seedFrom))
    (block $b5 (loop $l5
      (br_if $b5 (i32.ge_u (local.get $s) (local.get $seedTo)))
      (local.set $v (i32.load (i32.add (global.get $seedsP) (i32.shl (local.get $s) (i32.const 2)))))
      (f64.store (i32.add (local.get $rhsP)
          (i32.shl (i32.load (i32.add (global.get $localP) (i32.shl (local.get $v) (i32.const 2)))) (i32.const 3)))
        (f64.div
          (f64.load (i32.add (global.get $screenP) (i32.shl (local.get $v) (i32.const 3))))
          (f64.convert_i32_u (i32.sub
            (i32.load (i32.add (global.get $sourceStartP) (i32.shl (i32.add (local.get $v) (i32.const 1)) (i32.const 2))))
            (i32.load (i32.add (global.get $sourceStartP) (i32.shl (local.get $v) (i32.const 2))))))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $l5)))
    (local.get $m))

  ;; After a bone: its support's reach back to ∞ and local back to −1.
  (func (export "supportReset") (param $m i32)
    (local $i i32) (local $v i32)
    (block $b (loop $l
      (br_if $b (i32.ge_u (local.get $i) (local.get $m)))
      (local.set $v (i32.load (i32.add (global.get $supportP) (i32.shl (local.get $i) (i32.const 2)))))
      (i32.store (i32.add (global.get $localP) (i32.shl (local.get $v) (i32.const 2))) (i32.const -1))
      (f64.store (i32.add (global.get $reachP) (i32.shl (local.get $v) (i32.const 3))) (f64.const inf))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l))))

  (func (export "jacobiCg")
    (param $m i32) (param $rowStartP i32) (param $colsP i32) (param $valsP i32) (param $diagP i32) (param $rhsP i32)
    (param $xP i32) (param $rP i32) (param $pP i32) (param $qP i32) (param $invP i32)
    (param $tol f64) (param $maxIt i32) (result i32)
    (local $i i32) (local $e i32) (local $end i32) (local $it i32) (local $o i32)
    (local $bnorm f64) (local $rz f64) (local $pq f64) (local $acc f64) (local $alpha f64) (local $worst f64)
    (local $rzNew f64) (local $ri f64) (local $scaled f64) (local $beta f64) (local $d f64) (local $zi f64)
    (local $vp i32) (local $cp i32) (local $cpEnd i32) (local $av v128) (local $bv v128) (local $rv v128) (local $dv v128) (local $sv v128)

    ;; x = 0, r = rhs, inv = 1 / diag where diag > 0 (0 elsewhere)
    (local.set $i (i32.const 0))
    (block $b0 (loop $l0
      (br_if $b0 (i32.ge_u (local.get $i) (local.get $m)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (f64.store (i32.add (local.get $xP) (local.get $o)) (f64.const 0))
      (f64.store (i32.add (local.get $rP) (local.get $o)) (f64.load (i32.add (local.get $rhsP) (local.get $o))))
      (local.set $d (f64.load (i32.add (local.get $diagP) (local.get $o))))
      (f64.store (i32.add (local.get $invP) (local.get $o))
        (if (result f64) (f64.gt (local.get $d) (f64.const 0))
          (then (f64.div (f64.const 1) (local.get $d)))
          (else (f64.const 0))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l0)))

    ;; bnorm = Σ r·r
    (local.set $i (i32.const 0))
    (block $b1 (loop $l1
      (br_if $b1 (i32.ge_u (local.get $i) (local.get $m)))
      (local.set $ri (f64.load (i32.add (local.get $rP) (i32.shl (local.get $i) (i32.const 3)))))
      (local.set $bnorm (f64.add (local.get $bnorm) (f64.mul (local.get $ri) (local.get $ri))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l1)))

    ;; z = r·inv; p = z; rz = Σ r·z
    (local.set $i (i32.const 0))
    (block $b2 (loop $l2
      (br_if $b2 (i32.ge_u (local.get $i) (local.get $m)))
      (local.set $o (i32.shl (local.get $i) (i32.const 3)))
      (local.set $ri (f64.load (i32.add (local.get $rP) (local.get $o))))
      (local.set $zi (f64.mul (local.get $ri) (f64.load (i32.add (local.get $invP) (local.get $o)))))
      (f64.store (i32.add (local.get $pP) (local.get $o)) (local.get $zi))
      (local.set $rz (f64.add (local.get $rz) (f64.mul (local.get $ri) (local.get $zi))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l2)))

    (local.set $it (i32.const 0))
    (block $done (loop $iter
      (br_if $done (i32.ge_s (local.get $it) (local.get $maxIt)))
      (br_if $done (i32.eqz (f64.gt (local.get $bnorm) (f64.const 0))))

      ;; q = diag·p − offdiag·p row by row (entries in order), pq = Σ p·q
      (local.set $pq (f64.const 0))
      (local.set $i (i32.const 0))
      (local.set $e (i32.load (local.get $rowStartP)))
      (local.set $vp (i32.add (local.get $valsP) (i32.shl (local.get $e) (i32.const 3))))
      (local.set $cp (i32.add (local.get $colsP) (i32.shl (local.get $e) (i32.const 2))))
      (block $b3 (loop $l3
        (br_if $b3 (i32.ge_u (local.get $i) (local.get $m)))
        (local.set $o (i32.shl (local.get $i) (i32.const 3)))
        (local.set $acc (f64.mul
          (f64.load (i32.add (local.get $diagP) (local.get $o)))
          (f64.load (i32.add (local.get $pP) (local.get $o)))))
        ;; the row's entries, by pointers into vals and cols carried from the row before (rows are
        ;; contiguous: a row starts where the one before ended), two a step: the same subtractions in
        ;; the same order
        (local.set $end (i32.load (i32.add (local.get $rowStartP) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))))
        (local.set $cpEnd (i32.add (local.get $colsP) (i32.shl (local.get $end) (i32.const 2))))
        (block $b4 (loop $l4
          (br_if $b4 (i32.ge_u (i32.add (local.get $cp) (i32.const 4)) (local.get $cpEnd)))
          (local.set $acc (f64.sub (local.get $acc)
            (f64.mul (f64.load (local.get $vp))
              (f64.load (i32.add (local.get $pP) (i32.shl (i32.load (local.get $cp)) (i32.const 3)))))))
          (local.set $acc (f64.sub (local.get $acc)
            (f64.mul (f64.load offset=8 (local.get $vp))
              (f64.load (i32.add (local.get $pP) (i32.shl (i32.load offset=4 (local.get $cp)) (i32.const 3)))))))
          (local.set $vp (i32.add (local.get $vp) (i32.const 16)))
          (local.set $cp (i32.add (local.get $cp) (i32.const 8)))
          (br $l4)))
        (if (i32.lt_u (local.get $cp) (local.get $cpEnd))
          (then
            (local.set $acc (f64.sub (local.get $acc)
              (f64.mul (f64.load (local.get $vp))
                (f64.load (i32.add (local.get $pP) (i32.shl (i32.load (local.get $cp)) (i32.const 3)))))))
            (local.set $vp (i32.add (local.get $vp) (i32.const 8)))
            (local.set $cp (i32.add (local.get $cp) (i32.const 4)))))
        (f64.store (i32.add (local.get $qP) (local.get $o)) (local.get $acc))
        (local.set $pq (f64.add (local.get $pq)
          (f64.mul (f64.load (i32.add (local.get $pP) (local.get $o))) (local.get $acc))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l3)))
      ;; not positive: a system whose negative cotangents make it indefinite
      (br_if $done (i32.eqz (f64.gt (local.get $pq) (f64.const 0))))
      (local.set $alpha (f64.div (local.get $rz) (local.get $pq)))

      ;; x += α·p; r −= α·q; worst = max |r|·inv; rzNew = Σ r·r·inv: two rows a step in f64x2 lanes
      ;; (each lane the scalar operations, IEEE alike), the sums and the max taken lane 0 then lane 1
      (local.set $worst (f64.const 0))
      (local.set $rzNew (f64.const 0))
      (local.set $av (f64x2.splat (local.get $alpha)))
      (local.set $i (i32.const 0))
      (block $b5 (loop $l5
        (br_if $b5 (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $m)))
        (local.set $o (i32.shl (local.get $i) (i32.const 3)))
        (v128.store align=8 (i32.add (local.get $xP) (local.get $o))
          (f64x2.add
            (v128.load align=8 (i32.add (local.get $xP) (local.get $o)))
            (f64x2.mul (local.get $av) (v128.load align=8 (i32.add (local.get $pP) (local.get $o))))))
        (local.set $rv (f64x2.sub
          (v128.load align=8 (i32.add (local.get $rP) (local.get $o)))
          (f64x2.mul (local.get $av) (v128.load align=8 (i32.add (local.get $qP) (local.get $o))))))
        (v128.store align=8 (i32.add (local.get $rP) (local.get $o)) (local.get $rv))
        (local.set $dv (v128.load align=8 (i32.add (local.get $invP) (local.get $o))))
        (local.set $sv (f64x2.mul (f64x2.abs (local.get $rv)) (local.get $dv)))
        (local.set $scaled (f64x2.extract_lane 0 (local.get $sv)))
        (local.set $worst (select (local.get $scaled) (local.get $worst) (f64.gt (local.get $scaled) (local.get $worst))))
        (local.set $scaled (f64x2.extract_lane 1 (local.get $sv)))
        (local.set $worst (select (local.get $scaled) (local.get $worst) (f64.gt (local.get $scaled) (local.get $worst))))
        (local.set $sv (f64x2.mul (f64x2.mul (local.get $rv) (local.get $rv)) (local.get $dv)))
        (local.set $rzNew (f64.add (local.get $rzNew) (f64x2.extract_lane 0 (local.get $sv))))
        (local.set $rzNew (f64.add (local.get $rzNew) (f64x2.extract_lane 1 (local.get $sv))))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $l5)))
      (if (i32.lt_u (local.get $i) (local.get $m))
        (then
          (local.set $o (i32.shl (local.get $i) (i32.const 3)))
          (f64.store (i32.add (local.get $xP) (local.get $o))
            (f64.add
              (f64.load (i32.add (local.get $xP) (local.get $o)))
              (f64.mul (local.get $alpha) (f64.load (i32.add (local.get $pP) (local.get $o))))))
          (local.set $ri (f64.sub
            (f64.load (i32.add (local.get $rP) (local.get $o)))
            (f64.mul (local.get $alpha) (f64.load (i32.add (local.get $qP) (local.get $o))))))
          (f64.store (i32.add (local.get $rP) (local.get $o)) (local.get $ri))
          (local.set $d (f64.load (i32.add (local.get $invP) (local.get $o))))
          (local.set $scaled (f64.mul (f64.abs (local.get $ri)) (local.get $d)))
          (if (f64.gt (local.get $scaled) (local.get $worst)) (then (local.set $worst (local.get $scaled))))
          (local.set $rzNew (f64.add (local.get $rzNew)
            (f64.mul (f64.mul (local.get $ri) (local.get $ri)) (local.get $d))))))
      (if (f64.le (local.get $worst) (local.get $tol))
        (then
          (local.set $it (i32.add (local.get $it) (i32.const 1)))
          (br $done)))

      ;; p = r·inv + β·p, two rows a step in f64x2 lanes
      (local.set $beta (f64.div (local.get $rzNew) (local.get $rz)))
      (local.set $rz (local.get $rzNew))
      (local.set $bv (f64x2.splat (local.get $beta)))
      (local.set $i (i32.const 0))
      (block $b6 (loop $l6
        (br_if $b6 (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $m)))
        (local.set $o (i32.shl (local.get $i) (i32.const 3)))
        (v128.store align=8 (i32.add (local.get $pP) (local.get $o))
          (f64x2.add
            (f64x2.mul (v128.load align=8 (i32.add (local.get $rP) (local.get $o))) (v128.load align=8 (i32.add (local.get $invP) (local.get $o))))
            (f64x2.mul (local.get $bv) (v128.load align=8 (i32.add (local.get $pP) (local.get $o))))))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $l6)))
      (if (i32.lt_u (local.get $i) (local.get $m))
        (then
          (local.set $o (i32.shl (local.get $i) (i32.const 3)))
          (f64.store (i32.add (local.get $pP) (local.get $o))
            (f64.add
              (f64.mul (f64.load (i32.add (local.get $rP) (local.get $o))) (f64.load (i32.add (local.get $invP) (local.get $o))))
              (f64.mul (local.get $beta) (f64.load (i32.add (local.get $pP) (local.get $o))))))))
      (local.set $it (i32.add (local.get $it) (i32.const 1)))
      (br $iter)))
    (local.get $it))
)
