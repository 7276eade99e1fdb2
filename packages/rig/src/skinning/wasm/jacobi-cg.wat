;; Jacobi-preconditioned conjugate gradients for bone heat's systems (diag − offdiag) x = rhs, the
;; same operations in the same order as the JavaScript loop of heat-solver.ts's conjugateGradient
;; (WebAssembly's f64 arithmetic is IEEE-754 with round-to-nearest and never fuses a multiply and
;; an add, as JavaScript's), so the iterates, the iteration count and x are the same bit for bit.
;; It runs ~4× faster than the JavaScript loop: the gathers p[cols[e]] need no bounds or uint32
;; range checks here. Compiled to jacobi-cg-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; Arguments are byte offsets into the exported memory: rowStart (u32, m + 1), cols (u32), vals
;; (f64, the off-diagonals given positive), diag, rhs (f64, m), and the work vectors x, r, p, q,
;; inv (f64, m). Returns the iterations; the solution is at x.
(module
  (memory (export "memory") 1)
  (func (export "jacobiCg")
    (param $m i32) (param $rowStartP i32) (param $colsP i32) (param $valsP i32) (param $diagP i32) (param $rhsP i32)
    (param $xP i32) (param $rP i32) (param $pP i32) (param $qP i32) (param $invP i32)
    (param $tol f64) (param $maxIt i32) (result i32)
    (local $i i32) (local $e i32) (local $end i32) (local $it i32) (local $o i32)
    (local $bnorm f64) (local $rz f64) (local $pq f64) (local $acc f64) (local $alpha f64) (local $worst f64)
    (local $rzNew f64) (local $ri f64) (local $scaled f64) (local $beta f64) (local $d f64) (local $zi f64)

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
      (block $b3 (loop $l3
        (br_if $b3 (i32.ge_u (local.get $i) (local.get $m)))
        (local.set $o (i32.shl (local.get $i) (i32.const 3)))
        (local.set $acc (f64.mul
          (f64.load (i32.add (local.get $diagP) (local.get $o)))
          (f64.load (i32.add (local.get $pP) (local.get $o)))))
        (local.set $e (i32.load (i32.add (local.get $rowStartP) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $end (i32.load (i32.add (local.get $rowStartP) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2)))))
        (block $b4 (loop $l4
          (br_if $b4 (i32.ge_u (local.get $e) (local.get $end)))
          (local.set $acc (f64.sub (local.get $acc)
            (f64.mul
              (f64.load (i32.add (local.get $valsP) (i32.shl (local.get $e) (i32.const 3))))
              (f64.load (i32.add (local.get $pP)
                (i32.shl (i32.load (i32.add (local.get $colsP) (i32.shl (local.get $e) (i32.const 2)))) (i32.const 3)))))))
          (local.set $e (i32.add (local.get $e) (i32.const 1)))
          (br $l4)))
        (f64.store (i32.add (local.get $qP) (local.get $o)) (local.get $acc))
        (local.set $pq (f64.add (local.get $pq)
          (f64.mul (f64.load (i32.add (local.get $pP) (local.get $o))) (local.get $acc))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l3)))
      ;; not positive: a system whose negative cotangents make it indefinite
      (br_if $done (i32.eqz (f64.gt (local.get $pq) (f64.const 0))))
      (local.set $alpha (f64.div (local.get $rz) (local.get $pq)))

      ;; x += α·p; r −= α·q; worst = max |r|·inv; rzNew = Σ r·r·inv
      (local.set $worst (f64.const 0))
      (local.set $rzNew (f64.const 0))
      (local.set $i (i32.const 0))
      (block $b5 (loop $l5
        (br_if $b5 (i32.ge_u (local.get $i) (local.get $m)))
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
          (f64.mul (f64.mul (local.get $ri) (local.get $ri)) (local.get $d))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l5)))
      (if (f64.le (local.get $worst) (local.get $tol))
        (then
          (local.set $it (i32.add (local.get $it) (i32.const 1)))
          (br $done)))

      ;; p = r·inv + β·p
      (local.set $beta (f64.div (local.get $rzNew) (local.get $rz)))
      (local.set $rz (local.get $rzNew))
      (local.set $i (i32.const 0))
      (block $b6 (loop $l6
        (br_if $b6 (i32.ge_u (local.get $i) (local.get $m)))
        (local.set $o (i32.shl (local.get $i) (i32.const 3)))
        (f64.store (i32.add (local.get $pP) (local.get $o))
          (f64.add
            (f64.mul (f64.load (i32.add (local.get $rP) (local.get $o))) (f64.load (i32.add (local.get $invP) (local.get $o))))
            (f64.mul (local.get $beta) (f64.load (i32.add (local.get $pP) (local.get $o))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l6)))
      (local.set $it (i32.add (local.get $it) (i32.const 1)))
      (br $iter)))
    (local.get $it))
)
