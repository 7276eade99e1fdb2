;; The outside flood of voxel/flood-outside.ts (fit and skin voxelisers alike): 1 per cell reachable
;; from the grid's border through non-wall cells (6-connected). The same walk as the JavaScript (the
;; border and first inner layer seeded in index order, then breadth-first), though the set it marks
;; does not depend on the order. Compiled to flood-outside-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; Arguments are byte offsets into the exported memory: wall (u8, n), outside (u8, n: written),
;; blocked (u8, n: work) and queue (i32, n: work); the grid is nx × ny × nz and its border layer holds
;; no wall, so the walk never leaves the grid.
(module
  (memory (export "memory") 1)
  (func (export "floodOutside")
    (param $nx i32) (param $ny i32) (param $nz i32) (param $wallP i32) (param $outP i32) (param $blockedP i32) (param $queueP i32)
    (local $total i32) (local $nxy i32) (local $idx i32) (local $i i32) (local $j i32) (local $k i32)
    (local $border i32) (local $inner i32) (local $head i32) (local $tail i32) (local $next i32)
    (local.set $nxy (i32.mul (local.get $nx) (local.get $ny)))
    (local.set $total (i32.mul (local.get $nxy) (local.get $nz)))
    ;; blocked = wall ≠ 0; outside = 0
    (local.set $idx (i32.const 0))
    (block $b0 (loop $l0
      (br_if $b0 (i32.ge_u (local.get $idx) (local.get $total)))
      (i32.store8 (i32.add (local.get $blockedP) (local.get $idx))
        (i32.ne (i32.load8_u (i32.add (local.get $wallP) (local.get $idx))) (i32.const 0)))
      (i32.store8 (i32.add (local.get $outP) (local.get $idx)) (i32.const 0))
      (local.set $idx (i32.add (local.get $idx) (i32.const 1)))
      (br $l0)))
    ;; seeds: the border and the first inner layer
    (local.set $idx (i32.const 0))
    (local.set $k (i32.const 0))
    (block $bk (loop $lk
      (br_if $bk (i32.ge_s (local.get $k) (local.get $nz)))
      (local.set $j (i32.const 0))
      (block $bj (loop $lj
        (br_if $bj (i32.ge_s (local.get $j) (local.get $ny)))
        (local.set $i (i32.const 0))
        (block $bi (loop $li
          (br_if $bi (i32.ge_s (local.get $i) (local.get $nx)))
          (local.set $border (i32.or (i32.or (i32.or (i32.eqz (local.get $i)) (i32.eqz (local.get $j))) (i32.eqz (local.get $k)))
            (i32.or (i32.or (i32.eq (local.get $i) (i32.sub (local.get $nx) (i32.const 1))) (i32.eq (local.get $j) (i32.sub (local.get $ny) (i32.const 1))))
              (i32.eq (local.get $k) (i32.sub (local.get $nz) (i32.const 1))))))
          (local.set $inner (i32.and (i32.eqz (local.get $border))
            (i32.or (i32.or (i32.or (i32.eq (local.get $i) (i32.const 1)) (i32.eq (local.get $j) (i32.const 1))) (i32.eq (local.get $k) (i32.const 1)))
              (i32.or (i32.or (i32.eq (local.get $i) (i32.sub (local.get $nx) (i32.const 2))) (i32.eq (local.get $j) (i32.sub (local.get $ny) (i32.const 2))))
                (i32.eq (local.get $k) (i32.sub (local.get $nz) (i32.const 2)))))))
          (if (i32.and (i32.or (local.get $border) (local.get $inner))
                (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $idx)))))
            (then
              (i32.store8 (i32.add (local.get $blockedP) (local.get $idx)) (i32.const 1))
              (i32.store8 (i32.add (local.get $outP) (local.get $idx)) (i32.const 1))
              (if (local.get $inner)
                (then
                  (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $idx))
                  (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))))
          (local.set $idx (i32.add (local.get $idx) (i32.const 1)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $li)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $lj)))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $lk)))
    ;; breadth-first: −1, +1, −nx, +nx, −nxy, +nxy
    (block $bq (loop $lq
      (br_if $bq (i32.ge_u (local.get $head) (local.get $tail)))
      (local.set $idx (i32.load (i32.add (local.get $queueP) (i32.shl (local.get $head) (i32.const 2)))))
      (local.set $head (i32.add (local.get $head) (i32.const 1)))
      ;; The six neighbours written out in that order (a loop computing each offset was most of the
      ;; walk's time): the same cells visited and queued in the same order.
      (local.set $next (i32.sub (local.get $idx) (i32.const 1)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (local.set $next (i32.add (local.get $idx) (i32.const 1)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (local.set $next (i32.sub (local.get $idx) (local.get $nx)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (local.set $next (i32.add (local.get $idx) (local.get $nx)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (local.set $next (i32.sub (local.get $idx) (local.get $nxy)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (local.set $next (i32.add (local.get $idx) (local.get $nxy)))
      (if (i32.eqz (i32.load8_u (i32.add (local.get $blockedP) (local.get $next))))
        (then
          (i32.store8 (i32.add (local.get $blockedP) (local.get $next)) (i32.const 1))
          (i32.store8 (i32.add (local.get $outP) (local.get $next)) (i32.const 1))
          (i32.store (i32.add (local.get $queueP) (i32.shl (local.get $tail) (i32.const 2))) (local.get $next))
          (local.set $tail (i32.add (local.get $tail) (i32.const 1)))))
      (br $lq)))
  )
)
