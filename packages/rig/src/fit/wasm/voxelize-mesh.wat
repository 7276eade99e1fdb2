;; The fit's voxeliser (fit/voxel-grid.ts, `voxelizeMesh`) less its outside flood: the triangles'
;; sampling onto the surface grid, the closing's thickened shell and the erosion that peels it off
;; again, operation for operation (the same doubles in the same order: f32 positions promoted
;; exactly, `x ** 2` is `x * x`, Math.sqrt / ceil are f64.sqrt / ceil, Math.floor of a sample's
;; positive cell coordinate is the truncation to i32, Math.max of non-NaN values is f64.max), so the
;; same cells. Compiled to voxelize-mesh-wasm-bytes.ts by
;; scripts/build-wasm.ts.
;;
;; Arguments are byte offsets into the exported memory: positions (f32, xyz per vertex), indices
;; (u32, three per triangle), triOk (u8 per triangle: 1 where the triangle carries surface), and the
;; grid's u8 arrays of nx × ny × nz cells: surface (zeroed by the caller), thick, outside, solid. The
;; mesh's box lies at least two cells inside the grid (the voxeliser's padding), so no sample and no
;; surface voxel's 3×3×3 neighbourhood leaves it.
(module
  (memory (export "memory") 1)

  ;; `mark`: surface[floor((x − ox)·inv) + nx·floor((y − oy)·inv) + nxy·floor((z − oz)·inv)] = 1.
  ;; Every sample lies in the mesh's box (a sum of its triangle's corner and fractions of its
  ;; sides, off the box by a few ulps of its coordinates at most), which the padding keeps two cells
  ;; and more inside the grid: each (w − o)·inv is at least ~2, and on positive numbers f64.floor
  ;; is what the truncation to i32 does already, so the floor is left out (the same cells).
  ;; Written out at each of its five uses (a call per sample cost more than the sample).

  ;; The triangles' samples, as voxelizeMesh's loop: each triangle split into n rows of at most
  ;; 0.45 of a cell (n = 1: its corners and centroid). A row's fractions j / n are divided once per
  ;; triangle into the table at $tabP (n + 1 doubles; the caller reserves room for the grid's
  ;; diagonal), the same doubles the loop divided per sample.
  (func (export "rasterize")
    (param $posP i32) (param $idxP i32) (param $okP i32) (param $triCount i32) (param $surfP i32)
    (param $nx i32) (param $nxy i32) (param $ox f64) (param $oy f64) (param $oz f64) (param $inv f64) (param $tabP i32)
    (local $t i32) (local $a i32) (local $b i32) (local $c i32)
    (local $ax f64) (local $ay f64) (local $az f64) (local $ux f64) (local $uy f64) (local $uz f64)
    (local $vx f64) (local $vy f64) (local $vz f64) (local $wx f64) (local $wy f64) (local $wz f64)
    (local $longest f64) (local $n f64) (local $ni i32) (local $i i32) (local $j i32)
    (local $s f64) (local $r f64) (local $bx f64) (local $by f64) (local $bz f64) (local $rows i32)
    (block $bt (loop $lt
      (br_if $bt (i32.ge_u (local.get $t) (local.get $triCount)))
      (if (i32.load8_u (i32.add (local.get $okP) (local.get $t)))
        (then
          (local.set $a (i32.add (local.get $posP) (i32.mul (i32.load (i32.add (local.get $idxP) (i32.mul (local.get $t) (i32.const 12)))) (i32.const 12))))
          (local.set $b (i32.add (local.get $posP) (i32.mul (i32.load (i32.add (local.get $idxP) (i32.add (i32.mul (local.get $t) (i32.const 12)) (i32.const 4)))) (i32.const 12))))
          (local.set $c (i32.add (local.get $posP) (i32.mul (i32.load (i32.add (local.get $idxP) (i32.add (i32.mul (local.get $t) (i32.const 12)) (i32.const 8)))) (i32.const 12))))
          (local.set $ax (f64.promote_f32 (f32.load (local.get $a))))
          (local.set $ay (f64.promote_f32 (f32.load offset=4 (local.get $a))))
          (local.set $az (f64.promote_f32 (f32.load offset=8 (local.get $a))))
          (local.set $ux (f64.sub (f64.promote_f32 (f32.load (local.get $b))) (local.get $ax)))
          (local.set $uy (f64.sub (f64.promote_f32 (f32.load offset=4 (local.get $b))) (local.get $ay)))
          (local.set $uz (f64.sub (f64.promote_f32 (f32.load offset=8 (local.get $b))) (local.get $az)))
          (local.set $vx (f64.sub (f64.promote_f32 (f32.load (local.get $c))) (local.get $ax)))
          (local.set $vy (f64.sub (f64.promote_f32 (f32.load offset=4 (local.get $c))) (local.get $ay)))
          (local.set $vz (f64.sub (f64.promote_f32 (f32.load offset=8 (local.get $c))) (local.get $az)))
          (local.set $wx (f64.sub (local.get $ux) (local.get $vx)))
          (local.set $wy (f64.sub (local.get $uy) (local.get $vy)))
          (local.set $wz (f64.sub (local.get $uz) (local.get $vz)))
          (local.set $longest (f64.sqrt (f64.max
            (f64.max
              (f64.add (f64.add (f64.mul (local.get $ux) (local.get $ux)) (f64.mul (local.get $uy) (local.get $uy))) (f64.mul (local.get $uz) (local.get $uz)))
              (f64.add (f64.add (f64.mul (local.get $vx) (local.get $vx)) (f64.mul (local.get $vy) (local.get $vy))) (f64.mul (local.get $vz) (local.get $vz))))
            (f64.add (f64.add (f64.mul (local.get $wx) (local.get $wx)) (f64.mul (local.get $wy) (local.get $wy))) (f64.mul (local.get $wz) (local.get $wz))))))
          (local.set $n (f64.max (f64.const 1) (f64.ceil (f64.div (f64.mul (local.get $longest) (local.get $inv)) (f64.const 0.45)))))
          (if (f64.eq (local.get $n) (f64.const 1))
            (then
              ;; The corners a, a + u, a + v and the centroid a + (u + v) / 3, in that order.
              (local.set $bx (f64.add (local.get $ax) (f64.div (f64.add (local.get $ux) (local.get $vx)) (f64.const 3))))
              (local.set $by (f64.add (local.get $ay) (f64.div (f64.add (local.get $uy) (local.get $vy)) (f64.const 3))))
              (local.set $bz (f64.add (local.get $az) (f64.div (f64.add (local.get $uz) (local.get $vz)) (f64.const 3))))
              (i32.store8
                (i32.add (local.get $surfP) (i32.add (i32.add
                  (i32.trunc_f64_s (f64.mul (f64.sub (local.get $ax) (local.get $ox)) (local.get $inv)))
                  (i32.mul (local.get $nx) (i32.trunc_f64_s (f64.mul (f64.sub (local.get $ay) (local.get $oy)) (local.get $inv)))))
                  (i32.mul (local.get $nxy) (i32.trunc_f64_s (f64.mul (f64.sub (local.get $az) (local.get $oz)) (local.get $inv))))))
                (i32.const 1))
              (i32.store8
                (i32.add (local.get $surfP) (i32.add (i32.add
                  (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $ax) (local.get $ux)) (local.get $ox)) (local.get $inv)))
                  (i32.mul (local.get $nx) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $ay) (local.get $uy)) (local.get $oy)) (local.get $inv)))))
                  (i32.mul (local.get $nxy) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $az) (local.get $uz)) (local.get $oz)) (local.get $inv))))))
                (i32.const 1))
              (i32.store8
                (i32.add (local.get $surfP) (i32.add (i32.add
                  (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $ax) (local.get $vx)) (local.get $ox)) (local.get $inv)))
                  (i32.mul (local.get $nx) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $ay) (local.get $vy)) (local.get $oy)) (local.get $inv)))))
                  (i32.mul (local.get $nxy) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $az) (local.get $vz)) (local.get $oz)) (local.get $inv))))))
                (i32.const 1))
              (i32.store8
                (i32.add (local.get $surfP) (i32.add (i32.add
                  (i32.trunc_f64_s (f64.mul (f64.sub (local.get $bx) (local.get $ox)) (local.get $inv)))
                  (i32.mul (local.get $nx) (i32.trunc_f64_s (f64.mul (f64.sub (local.get $by) (local.get $oy)) (local.get $inv)))))
                  (i32.mul (local.get $nxy) (i32.trunc_f64_s (f64.mul (f64.sub (local.get $bz) (local.get $oz)) (local.get $inv))))))
                (i32.const 1)))
            (else
              (local.set $ni (i32.trunc_f64_s (local.get $n)))
              ;; The fractions j / n, j = 0..n.
              (local.set $j (i32.const 0))
              (block $bf (loop $lf
                (br_if $bf (i32.gt_s (local.get $j) (local.get $ni)))
                (f64.store (i32.add (local.get $tabP) (i32.shl (local.get $j) (i32.const 3)))
                  (f64.div (f64.convert_i32_s (local.get $j)) (local.get $n)))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (br $lf)))
              (local.set $i (i32.const 0))
              (block $bi (loop $li
                (br_if $bi (i32.gt_s (local.get $i) (local.get $ni)))
                (local.set $s (f64.load (i32.add (local.get $tabP) (i32.shl (local.get $i) (i32.const 3)))))
                (local.set $bx (f64.add (local.get $ax) (f64.mul (local.get $ux) (local.get $s))))
                (local.set $by (f64.add (local.get $ay) (f64.mul (local.get $uy) (local.get $s))))
                (local.set $bz (f64.add (local.get $az) (f64.mul (local.get $uz) (local.get $s))))
                ;; j = 0..n − i
                (local.set $rows (i32.sub (local.get $ni) (local.get $i)))
                (local.set $j (i32.const 0))
                (block $bj (loop $lj
                  (br_if $bj (i32.gt_s (local.get $j) (local.get $rows)))
                  (local.set $r (f64.load (i32.add (local.get $tabP) (i32.shl (local.get $j) (i32.const 3)))))
                  (i32.store8
                    (i32.add (local.get $surfP)
                      (i32.add
                        (i32.add
                          (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $bx) (f64.mul (local.get $vx) (local.get $r))) (local.get $ox)) (local.get $inv)))
                          (i32.mul (local.get $nx) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $by) (f64.mul (local.get $vy) (local.get $r))) (local.get $oy)) (local.get $inv)))))
                        (i32.mul (local.get $nxy) (i32.trunc_f64_s (f64.mul (f64.sub (f64.add (local.get $bz) (f64.mul (local.get $vz) (local.get $r))) (local.get $oz)) (local.get $inv))))))
                    (i32.const 1))
                  (local.set $j (i32.add (local.get $j) (i32.const 1)))
                  (br $lj)))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $li)))))))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $lt)))
  )

  ;; thick = surface, and with `close` every surface voxel's 3×3×3 neighbourhood set too.
  (func (export "thicken")
    (param $surfP i32) (param $thickP i32) (param $cells i32) (param $nx i32) (param $nxy i32) (param $close i32)
    (local $i i32) (local $p i32) (local $o0 i32) (local $o1 i32) (local $o2 i32) (local $o3 i32) (local $o4 i32) (local $o5 i32) (local $o6 i32) (local $o7 i32) (local $o8 i32)
    ;; The element's nine rows (dy, dz) as offsets of their dx = −1 cell, once: each row is three
    ;; adjacent cells, stored (thicken) or read (erode) written out instead of three nested loops.
    (local.set $o0 (i32.sub (i32.sub (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o1 (i32.sub (i32.const -1) (local.get $nxy)))
    (local.set $o2 (i32.sub (i32.add (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o3 (i32.sub (i32.const -1) (local.get $nx)))
    (local.set $o4 (i32.const -1))
    (local.set $o5 (i32.add (i32.const -1) (local.get $nx)))
    (local.set $o6 (i32.add (i32.sub (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o7 (i32.add (i32.const -1) (local.get $nxy)))
    (local.set $o8 (i32.add (i32.add (i32.const -1) (local.get $nx)) (local.get $nxy)))
    ;; The copy eight cells a word, then the last few one by one.
    (block $b0 (loop $l0
      (br_if $b0 (i32.gt_u (i32.add (local.get $i) (i32.const 8)) (local.get $cells)))
      (i64.store (i32.add (local.get $thickP) (local.get $i)) (i64.load (i32.add (local.get $surfP) (local.get $i))))
      (local.set $i (i32.add (local.get $i) (i32.const 8)))
      (br $l0)))
    (block $b2 (loop $l2
      (br_if $b2 (i32.ge_u (local.get $i) (local.get $cells)))
      (i32.store8 (i32.add (local.get $thickP) (local.get $i)) (i32.load8_u (i32.add (local.get $surfP) (local.get $i))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l2)))
    (if (local.get $close)
      (then
        (local.set $i (i32.const 0))
        (block $b1 (loop $l1
          (br_if $b1 (i32.ge_u (local.get $i) (local.get $cells)))
          ;; At a word's first cell, a word of eight cells with no surface is passed whole (most
          ;; of the grid is air; the stores are all 1s, so the order they are made in is no matter).
          (if (i32.and (i32.eqz (i32.and (local.get $i) (i32.const 7)))
                       (i32.le_u (i32.add (local.get $i) (i32.const 8)) (local.get $cells)))
            (then
              (if (i64.eqz (i64.load (i32.add (local.get $surfP) (local.get $i))))
                (then
                  (local.set $i (i32.add (local.get $i) (i32.const 8)))
                  (br $l1)))))
          (if (i32.load8_u (i32.add (local.get $surfP) (local.get $i)))
            (then
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o0)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o1)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o2)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o3)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o4)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o5)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o6)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o7)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))
              (local.set $p (i32.add (i32.add (local.get $thickP) (local.get $i)) (local.get $o8)))
              (i32.store8 (local.get $p) (i32.const 1)) (i32.store8 offset=1 (local.get $p) (i32.const 1)) (i32.store8 offset=2 (local.get $p) (i32.const 1))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $l1)))))
  )

  ;; solid = not outside, less the thickened shell's voxels (not the surface's) with an outside
  ;; voxel in their 3×3×3 neighbourhood. The test reads only `outside`, so one pass is the
  ;; JavaScript's two.
  (func (export "erode")
    (param $surfP i32) (param $thickP i32) (param $outP i32) (param $solidP i32) (param $cells i32) (param $nx i32) (param $nxy i32)
    (local $i i32) (local $s i32) (local $p i32) (local $o0 i32) (local $o1 i32) (local $o2 i32) (local $o3 i32) (local $o4 i32) (local $o5 i32) (local $o6 i32) (local $o7 i32) (local $o8 i32)
    (local.set $o0 (i32.sub (i32.sub (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o1 (i32.sub (i32.const -1) (local.get $nxy)))
    (local.set $o2 (i32.sub (i32.add (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o3 (i32.sub (i32.const -1) (local.get $nx)))
    (local.set $o4 (i32.const -1))
    (local.set $o5 (i32.add (i32.const -1) (local.get $nx)))
    (local.set $o6 (i32.add (i32.sub (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (local.set $o7 (i32.add (i32.const -1) (local.get $nxy)))
    (local.set $o8 (i32.add (i32.add (i32.const -1) (local.get $nx)) (local.get $nxy)))
    (block $b0 (loop $l0
      (br_if $b0 (i32.ge_u (local.get $i) (local.get $cells)))
      ;; At a word's first cell, eight cells none of them in the thickened shell are each solid
      ;; exactly when not outside (the drop below needs the shell): written as one word, out xor 1
      ;; per cell (outside is 0 or 1).
      (if (i32.and (i32.eqz (i32.and (local.get $i) (i32.const 7)))
                   (i32.le_u (i32.add (local.get $i) (i32.const 8)) (local.get $cells)))
        (then
          (if (i64.eqz (i64.load (i32.add (local.get $thickP) (local.get $i))))
            (then
              (i64.store (i32.add (local.get $solidP) (local.get $i))
                (i64.xor (i64.load (i32.add (local.get $outP) (local.get $i))) (i64.const 0x0101010101010101)))
              (local.set $i (i32.add (local.get $i) (i32.const 8)))
              (br $l0)))))
      (local.set $s (i32.xor (i32.load8_u (i32.add (local.get $outP) (local.get $i))) (i32.const 1)))
      (if (i32.and (i32.and (i32.ne (local.get $s) (i32.const 0))
                            (i32.eqz (i32.load8_u (i32.add (local.get $surfP) (local.get $i)))))
                   (i32.ne (i32.load8_u (i32.add (local.get $thickP) (local.get $i))) (i32.const 0)))
        (then
          ;; Any outside cell among the 27 drops the voxel (which one is found first does not matter).
          (block $keep
            (block $drop
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o0)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o1)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o2)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o3)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o4)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o5)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o6)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o7)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (local.set $p (i32.add (i32.add (local.get $outP) (local.get $i)) (local.get $o8)))
              (br_if $drop (i32.or (i32.or (i32.load8_u (local.get $p)) (i32.load8_u offset=1 (local.get $p))) (i32.load8_u offset=2 (local.get $p))))
              (br $keep))
            (local.set $s (i32.const 0)))))
      (i32.store8 (i32.add (local.get $solidP) (local.get $i)) (local.get $s))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l0)))
  )
)
