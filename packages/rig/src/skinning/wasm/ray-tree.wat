;; The traversal of skinning/triangle-ray-tree.ts's `entersSurface` (bone heat's ray visibility):
;; whether the segment from p along d crosses a triangle whose normal faces against it. The same
;; slab test per node (f64.min / f64.max are Math.min / Math.max, NaN and signed zeros alike), the
;; same stack order and the same Möller–Trumbore arithmetic per leaf triangle, operation for
;; operation, so every answer is the JavaScript's. Compiled to ray-tree-wasm-bytes.ts by
;; scripts/build-wasm.ts.
;;
;; `load` gives the tree's byte offsets into the exported memory: nodes (64 bytes each: the box's
;; six f64 min x, y, z, max x, y, z; then i32 left child, right child (−1 for a leaf), first triangle,
;; triangle count), triangles in leaf order (104 bytes each: f64 first corner xyz, edge 1 xyz,
;; edge 2 xyz, normal xyz, the normal's length) and the stack (i32, one more than the nodes: a
;; depth-first walk that pushes two and pops one never holds more).
(module
  (memory (export "memory") 1)
  (global $nodesP (mut i32) (i32.const 0))
  (global $trisP (mut i32) (i32.const 0))
  (global $stackP (mut i32) (i32.const 0))

  (func (export "load") (param $nodesP i32) (param $trisP i32) (param $stackP i32)
    (global.set $nodesP (local.get $nodesP))
    (global.set $trisP (local.get $trisP))
    (global.set $stackP (local.get $stackP)))

  ;; 1 when the segment enters the surface. p is the start already moved a hair past the vertex,
  ;; d the direction already shortened, i the inverses of d's components (a huge finite one for a
  ;; zero component) and dlen d's length: the JavaScript computes them and calls this.
  (func (export "entersSurface")
    (param $px f64) (param $py f64) (param $pz f64) (param $dx f64) (param $dy f64) (param $dz f64)
    (param $ix f64) (param $iy f64) (param $iz f64) (param $dlen f64) (result i32)
    (local $top i32) (local $node i32) (local $o i32) (local $i i32) (local $end i32) (local $sp i32)
    (local $t0 f64) (local $t1 f64) (local $a f64) (local $b f64) (local $to i32)
    (local $e1x f64) (local $e1y f64) (local $e1z f64) (local $e2x f64) (local $e2y f64) (local $e2z f64)
    (local $hx f64) (local $hy f64) (local $hz f64) (local $det f64) (local $inv f64)
    (local $sx f64) (local $sy f64) (local $sz f64) (local $u f64) (local $v f64)
    (local $qx f64) (local $qy f64) (local $qz f64)
    (local.set $sp (global.get $stackP))
    (i32.store (local.get $sp) (i32.const 0))
    (local.set $top (i32.const 1))
    (block $done (loop $next
      (br_if $done (i32.eqz (local.get $top)))
      (local.set $top (i32.sub (local.get $top) (i32.const 1)))
      (local.set $node (i32.load (i32.add (local.get $sp) (i32.shl (local.get $top) (i32.const 2)))))
      (local.set $o (i32.add (global.get $nodesP) (i32.shl (local.get $node) (i32.const 6))))
      ;; slab test of the segment against the node's box
      (local.set $a (f64.mul (f64.sub (f64.load offset=0 (local.get $o)) (local.get $px)) (local.get $ix)))
      (local.set $b (f64.mul (f64.sub (f64.load offset=24 (local.get $o)) (local.get $px)) (local.get $ix)))
      (local.set $t0 (f64.max (f64.const 0) (f64.min (local.get $a) (local.get $b))))
      (local.set $t1 (f64.min (f64.const 1) (f64.max (local.get $a) (local.get $b))))
      (local.set $a (f64.mul (f64.sub (f64.load offset=8 (local.get $o)) (local.get $py)) (local.get $iy)))
      (local.set $b (f64.mul (f64.sub (f64.load offset=32 (local.get $o)) (local.get $py)) (local.get $iy)))
      (local.set $t0 (f64.max (local.get $t0) (f64.min (local.get $a) (local.get $b))))
      (local.set $t1 (f64.min (local.get $t1) (f64.max (local.get $a) (local.get $b))))
      (local.set $a (f64.mul (f64.sub (f64.load offset=16 (local.get $o)) (local.get $pz)) (local.get $iz)))
      (local.set $b (f64.mul (f64.sub (f64.load offset=40 (local.get $o)) (local.get $pz)) (local.get $iz)))
      (local.set $t0 (f64.max (local.get $t0) (f64.min (local.get $a) (local.get $b))))
      (local.set $t1 (f64.min (local.get $t1) (f64.max (local.get $a) (local.get $b))))
      (br_if $next (i32.eqz (f64.le (local.get $t0) (local.get $t1))))
      (if (i32.lt_s (i32.load offset=48 (local.get $o)) (i32.const 0))
        (then
          (local.set $i (i32.load offset=56 (local.get $o)))
          (local.set $end (i32.add (local.get $i) (i32.load offset=60 (local.get $o))))
          (block $leafDone (loop $leaf
            (br_if $leafDone (i32.ge_u (local.get $i) (local.get $end)))
            ;; whether the segment enters leaf triangle i from its front (`hitsFrontFace`)
            (block $miss
              (local.set $to (i32.add (global.get $trisP) (i32.mul (local.get $i) (i32.const 104))))
              ;; facing: nx·dx + ny·dy + nz·dz < −1e-5 · |n| · dlen
              (if (i32.eqz (f64.lt
                    (f64.add (f64.add (f64.mul (f64.load offset=72 (local.get $to)) (local.get $dx))
                    (f64.mul (f64.load offset=80 (local.get $to)) (local.get $dy)))
                    (f64.mul (f64.load offset=88 (local.get $to)) (local.get $dz)))
                    (f64.mul (f64.mul (f64.const -1e-5) (f64.load offset=96 (local.get $to))) (local.get $dlen))))
                (then (br $miss)))
              (local.set $e1x (f64.load offset=24 (local.get $to)))
              (local.set $e1y (f64.load offset=32 (local.get $to)))
              (local.set $e1z (f64.load offset=40 (local.get $to)))
              (local.set $e2x (f64.load offset=48 (local.get $to)))
              (local.set $e2y (f64.load offset=56 (local.get $to)))
              (local.set $e2z (f64.load offset=64 (local.get $to)))
              ;; h = d × e2
              (local.set $hx (f64.sub (f64.mul (local.get $dy) (local.get $e2z)) (f64.mul (local.get $dz) (local.get $e2y))))
              (local.set $hy (f64.sub (f64.mul (local.get $dz) (local.get $e2x)) (f64.mul (local.get $dx) (local.get $e2z))))
              (local.set $hz (f64.sub (f64.mul (local.get $dx) (local.get $e2y)) (f64.mul (local.get $dy) (local.get $e2x))))
              (local.set $det (f64.add (f64.add (f64.mul (local.get $e1x) (local.get $hx)) (f64.mul (local.get $e1y) (local.get $hy)))
                  (f64.mul (local.get $e1z) (local.get $hz))))
              (if (f64.eq (local.get $det) (f64.const 0)) (then (br $miss)))
              (local.set $inv (f64.div (f64.const 1) (local.get $det)))
              (local.set $sx (f64.sub (local.get $px) (f64.load offset=0 (local.get $to))))
              (local.set $sy (f64.sub (local.get $py) (f64.load offset=8 (local.get $to))))
              (local.set $sz (f64.sub (local.get $pz) (f64.load offset=16 (local.get $to))))
              (local.set $u (f64.mul (f64.add (f64.add (f64.mul (local.get $sx) (local.get $hx)) (f64.mul (local.get $sy) (local.get $hy)))
                    (f64.mul (local.get $sz) (local.get $hz)))
                  (local.get $inv)))
              (if (i32.or (f64.lt (local.get $u) (f64.const 0)) (f64.gt (local.get $u) (f64.const 1))) (then (br $miss)))
              ;; q = s × e1
              (local.set $qx (f64.sub (f64.mul (local.get $sy) (local.get $e1z)) (f64.mul (local.get $sz) (local.get $e1y))))
              (local.set $qy (f64.sub (f64.mul (local.get $sz) (local.get $e1x)) (f64.mul (local.get $sx) (local.get $e1z))))
              (local.set $qz (f64.sub (f64.mul (local.get $sx) (local.get $e1y)) (f64.mul (local.get $sy) (local.get $e1x))))
              (local.set $v (f64.mul (f64.add (f64.add (f64.mul (local.get $dx) (local.get $qx)) (f64.mul (local.get $dy) (local.get $qy)))
                    (f64.mul (local.get $dz) (local.get $qz)))
                  (local.get $inv)))
              (if (i32.or (f64.lt (local.get $v) (f64.const 0)) (f64.gt (f64.add (local.get $u) (local.get $v)) (f64.const 1)))
                (then (br $miss)))
              ;; s = e2 · q / det, inside (0, 1)
              (local.set $u (f64.mul (f64.add (f64.add (f64.mul (local.get $e2x) (local.get $qx)) (f64.mul (local.get $e2y) (local.get $qy)))
                    (f64.mul (local.get $e2z) (local.get $qz)))
                  (local.get $inv)))
              (if (i32.and (f64.gt (local.get $u) (f64.const 0)) (f64.lt (local.get $u) (f64.const 1))) (then (return (i32.const 1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $leaf))))
        (else
          (i32.store (i32.add (local.get $sp) (i32.shl (local.get $top) (i32.const 2))) (i32.load offset=48 (local.get $o)))
          (i32.store offset=4 (i32.add (local.get $sp) (i32.shl (local.get $top) (i32.const 2))) (i32.load offset=52 (local.get $o)))
          (local.set $top (i32.add (local.get $top) (i32.const 2)))))
      (br $next)))
    (i32.const 0)))
