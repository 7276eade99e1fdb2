;; Bone heat's sources (bone-heat.ts's heatSources, the 'blender' and 'off' visibilities with the
;; voxel walk of skin-voxel-grid.ts's pathReentersSolid as the visibility test), operation for
;; operation: per vertex the closest point of every bone's segment, the nearest bone's cut, the
;; bones within the tie tolerance of the least weighted distance that the vertex sees, its
;; screening and its sources. WebAssembly's f64 arithmetic is IEEE-754 round-to-nearest and never
;; fuses a multiply and an add, as JavaScript's; f32 loads are promoted exactly as a Float32Array
;; read; f64.min/max, floor, ceil and sqrt are JavaScript's Math ones (NaN in, NaN out), and every
;; comparison keeps the JavaScript's NaN behaviour, so every output is the loop's bit for bit.
;; Compiled to heat-sources-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; `sourcesGrid` takes the voxel grid (state, u8 per cell at stateP; its size, origin and cell).
;; `heatSources` reads positions and normals (f32, 3n), rowScale (f64, n) and the bones' segments
;; by pairs (f64, per pair of bones seven rows of two: head x, y, z, head→tail x, y, z, squared
;; length; an odd count padded with a zero bone), uses closest (f64, x, y and z rows of the padded
;; count), len2 (f64, the padded count) and dist (f64, nb) as work, and writes screen and nearest (f64, n), sourceStart (u32, n + 1) and sources (u32,
;; at most n·nb). Returns the number of sources.
(module
  (memory (export "memory") 1)
  (global $stateP (mut i32) (i32.const 0))
  (global $nx (mut i32) (i32.const 0))
  (global $ny (mut i32) (i32.const 0))
  (global $nz (mut i32) (i32.const 0))
  (global $ox (mut f64) (f64.const 0))
  (global $oy (mut f64) (f64.const 0))
  (global $oz (mut f64) (f64.const 0))
  (global $cell (mut f64) (f64.const 1))

  (func (export "sourcesGrid")
    (param $stateP i32) (param $nx i32) (param $ny i32) (param $nz i32) (param $ox f64) (param $oy f64) (param $oz f64) (param $cell f64)
    (global.set $stateP (local.get $stateP))
    (global.set $nx (local.get $nx))
    (global.set $ny (local.get $ny))
    (global.set $nz (local.get $nz))
    (global.set $ox (local.get $ox))
    (global.set $oy (local.get $oy))
    (global.set $oz (local.get $oz))
    (global.set $cell (local.get $cell)))

  ;; pathReentersSolid: 1 when the straight path from p to q goes back into the solid after leaving it.
  (func $reenters (param $px f64) (param $py f64) (param $pz f64) (param $qx f64) (param $qy f64) (param $qz f64) (result i32)
    (local $dx f64) (local $dy f64) (local $dz f64) (local $length f64) (local $steps f64) (local $s f64) (local $t f64)
    (local $i f64) (local $j f64) (local $k f64) (local $solid i32) (local $outside i32)
    (local.set $dx (f64.sub (local.get $qx) (local.get $px)))
    (local.set $dy (f64.sub (local.get $qy) (local.get $py)))
    (local.set $dz (f64.sub (local.get $qz) (local.get $pz)))
    (local.set $length (f64.div
      (f64.sqrt (f64.add (f64.add (f64.mul (local.get $dx) (local.get $dx)) (f64.mul (local.get $dy) (local.get $dy))) (f64.mul (local.get $dz) (local.get $dz))))
      (global.get $cell)))
    (local.set $steps (f64.ceil (f64.mul (f64.const 2) (local.get $length))))
    (local.set $s (f64.const 1))
    (block $done (loop $walk
      (br_if $done (i32.eqz (f64.le (local.get $s) (local.get $steps))))
      (local.set $t (f64.div (local.get $s) (local.get $steps)))
      (if (i32.eqz (f64.le (f64.mul (local.get $t) (local.get $length)) (f64.const 1)))
        (then
          (local.set $i (f64.floor (f64.div (f64.sub (f64.add (local.get $px) (f64.mul (local.get $t) (local.get $dx))) (global.get $ox)) (global.get $cell))))
          (local.set $j (f64.floor (f64.div (f64.sub (f64.add (local.get $py) (f64.mul (local.get $t) (local.get $dy))) (global.get $oy)) (global.get $cell))))
          (local.set $k (f64.floor (f64.div (f64.sub (f64.add (local.get $pz) (f64.mul (local.get $t) (local.get $dz))) (global.get $oz)) (global.get $cell))))
          (local.set $solid (i32.const 0))
          (if (i32.and
                (i32.and (i32.and (f64.ge (local.get $i) (f64.const 0)) (f64.ge (local.get $j) (f64.const 0))) (f64.ge (local.get $k) (f64.const 0)))
                (i32.and (i32.and (f64.lt (local.get $i) (f64.convert_i32_s (global.get $nx))) (f64.lt (local.get $j) (f64.convert_i32_s (global.get $ny))))
                  (f64.lt (local.get $k) (f64.convert_i32_s (global.get $nz)))))
            (then
              (local.set $solid (i32.ne (i32.const 0) (i32.load8_u (i32.add (global.get $stateP)
                (i32.add (i32.trunc_f64_s (local.get $i))
                  (i32.mul (global.get $nx) (i32.add (i32.trunc_f64_s (local.get $j)) (i32.mul (global.get $ny) (i32.trunc_f64_s (local.get $k))))))))))))
          (if (i32.eqz (local.get $solid))
            (then (local.set $outside (i32.const 1)))
            (else (if (local.get $outside) (then (return (i32.const 1))))))))
      (local.set $s (f64.add (local.get $s) (f64.const 1)))
      (br $walk)))
    (i32.const 0))

  (func (export "heatSources")
    (param $n i32) (param $nb i32) (param $off i32) (param $heatWeight f64) (param $sink f64) (param $sinkHeat f64) (param $minDistance f64) (param $tie f64)
    (param $posP i32) (param $nrmP i32) (param $rowScaleP i32) (param $segsP i32) (param $closestP i32) (param $len2P i32) (param $distP i32)
    (param $screenP i32) (param $nearestP i32) (param $sourceStartP i32) (param $sourcesP i32)
    (result i32)
    (local $v i32) (local $b i32) (local $o i32) (local $c i32)
    (local $x f64) (local $y f64) (local $z f64) (local $nxv f64) (local $nyv f64) (local $nzv f64)
    (local $t f64) (local $sl f64) (local $cx f64) (local $cy f64) (local $cz f64) (local $dx f64) (local $dy f64) (local $dz f64)
    (local $l2 f64) (local $least2 f64) (local $leastBone i32) (local $sawNaN i32) (local $len f64) (local $cosine f64)
    (local $cut f64) (local $cut2 f64) (local $minAll f64) (local $dist f64) (local $near f64) (local $found i32) (local $count i32) (local $d f64)
    (local $bound f64) (local $row i32)
    (local $xv v128) (local $yv v128) (local $zv v128) (local $tv v128) (local $slv v128) (local $cxv v128) (local $cyv v128) (local $czv v128)
    ;; closest's rows: nb rounded up to even, in bytes
    (local.set $row (i32.shl (i32.and (i32.add (local.get $nb) (i32.const 1)) (i32.const -2)) (i32.const 3)))
    (i32.store (local.get $sourceStartP) (i32.const 0))
    (local.set $v (i32.const 0))
    (block $vdone (loop $vloop
      (br_if $vdone (i32.ge_u (local.get $v) (local.get $n)))
      (local.set $o (i32.add (local.get $posP) (i32.mul (local.get $v) (i32.const 12))))
      (local.set $x (f64.promote_f32 (f32.load (local.get $o))))
      (local.set $y (f64.promote_f32 (f32.load offset=4 (local.get $o))))
      (local.set $z (f64.promote_f32 (f32.load offset=8 (local.get $o))))
      (local.set $o (i32.add (local.get $nrmP) (i32.mul (local.get $v) (i32.const 12))))
      (local.set $nxv (f64.promote_f32 (f32.load (local.get $o))))
      (local.set $nyv (f64.promote_f32 (f32.load offset=4 (local.get $o))))
      (local.set $nzv (f64.promote_f32 (f32.load offset=8 (local.get $o))))
      ;; The closest point of each bone's segment and its squared distance, two bones a step in
      ;; f64x2 lanes (each lane the scalar's operations: IEEE-754 round-to-nearest, unfused; the clamp
      ;; by pmax/pmin, which are `t < 0 ? 0 : t` and `1 < t ? 1 : t` as written, NaN kept), into
      ;; closest (x, y, z rows of nbPad) and len2; then the least in bone order, as the scalar loop.
      (local.set $xv (f64x2.splat (local.get $x)))
      (local.set $yv (f64x2.splat (local.get $y)))
      (local.set $zv (f64x2.splat (local.get $z)))
      (local.set $b (i32.const 0))
      (block $cdone (loop $cloop
        (br_if $cdone (i32.ge_u (local.get $b) (local.get $nb)))
        ;; pair b/2: seven v128 rows (head x, y, z, span x, y, z, squared length)
        (local.set $o (i32.add (local.get $segsP) (i32.mul (local.get $b) (i32.const 56))))
        (local.set $slv (v128.load offset=96 align=8 (local.get $o)))
        (local.set $tv (v128.bitselect
          (f64x2.div
            (f64x2.add (f64x2.add
              (f64x2.mul (f64x2.sub (local.get $xv) (v128.load align=8 (local.get $o))) (v128.load offset=48 align=8 (local.get $o)))
              (f64x2.mul (f64x2.sub (local.get $yv) (v128.load offset=16 align=8 (local.get $o))) (v128.load offset=64 align=8 (local.get $o))))
              (f64x2.mul (f64x2.sub (local.get $zv) (v128.load offset=32 align=8 (local.get $o))) (v128.load offset=80 align=8 (local.get $o))))
            (local.get $slv))
          (f64x2.splat (f64.const 0))
          (f64x2.gt (local.get $slv) (f64x2.splat (f64.const 0)))))
        (local.set $tv (f64x2.pmin (f64x2.pmax (local.get $tv) (f64x2.splat (f64.const 0))) (f64x2.splat (f64.const 1))))
        (local.set $cxv (f64x2.add (v128.load align=8 (local.get $o)) (f64x2.mul (local.get $tv) (v128.load offset=48 align=8 (local.get $o)))))
        (local.set $cyv (f64x2.add (v128.load offset=16 align=8 (local.get $o)) (f64x2.mul (local.get $tv) (v128.load offset=64 align=8 (local.get $o)))))
        (local.set $czv (f64x2.add (v128.load offset=32 align=8 (local.get $o)) (f64x2.mul (local.get $tv) (v128.load offset=80 align=8 (local.get $o)))))
        (local.set $c (i32.add (local.get $closestP) (i32.shl (local.get $b) (i32.const 3))))
        (v128.store align=8 (local.get $c) (local.get $cxv))
        (v128.store align=8 (i32.add (local.get $c) (local.get $row)) (local.get $cyv))
        (v128.store align=8 (i32.add (local.get $c) (i32.shl (local.get $row) (i32.const 1))) (local.get $czv))
        (local.set $cxv (f64x2.sub (local.get $xv) (local.get $cxv)))
        (local.set $cyv (f64x2.sub (local.get $yv) (local.get $cyv)))
        (local.set $czv (f64x2.sub (local.get $zv) (local.get $czv)))
        (v128.store align=8 (i32.add (local.get $len2P) (i32.shl (local.get $b) (i32.const 3)))
          (f64x2.add (f64x2.add (f64x2.mul (local.get $cxv) (local.get $cxv)) (f64x2.mul (local.get $cyv) (local.get $cyv))) (f64x2.mul (local.get $czv) (local.get $czv))))
        (local.set $b (i32.add (local.get $b) (i32.const 2)))
        (br $cloop)))
      (local.set $least2 (f64.const inf))
      (local.set $leastBone (i32.const -1))
      (local.set $sawNaN (i32.const 0))
      (local.set $b (i32.const 0))
      (block $mdone (loop $mloop
        (br_if $mdone (i32.ge_u (local.get $b) (local.get $nb)))
        (local.set $l2 (f64.load (i32.add (local.get $len2P) (i32.shl (local.get $b) (i32.const 3)))))
        (if (f64.lt (local.get $l2) (local.get $least2))
          (then (local.set $least2 (local.get $l2)) (local.set $leastBone (local.get $b))))
        (if (f64.ne (local.get $l2) (local.get $l2)) (then (local.set $sawNaN (i32.const 1))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $mloop)))
      (local.set $cut2 (f64.const inf))
      (if (i32.or (local.get $sawNaN) (i32.lt_s (local.get $leastBone) (i32.const 0)))
        (then
          ;; nearest = the first bone's length, then any smaller (NaNs never replace it), 0 with no bones.
          (local.set $near (f64.const 0))
          (local.set $b (i32.const 0))
          (block $ndone (loop $nloop
            (br_if $ndone (i32.ge_u (local.get $b) (local.get $nb)))
            (local.set $len (f64.sqrt (f64.load (i32.add (local.get $len2P) (i32.shl (local.get $b) (i32.const 3))))))
            (if (i32.or (i32.eqz (local.get $b)) (f64.lt (local.get $len) (local.get $near))) (then (local.set $near (local.get $len))))
            (local.set $b (i32.add (local.get $b) (i32.const 1)))
            (br $nloop)))
          (f64.store (i32.add (local.get $nearestP) (i32.shl (local.get $v) (i32.const 3))) (local.get $near)))
        (else
          (f64.store (i32.add (local.get $nearestP) (i32.shl (local.get $v) (i32.const 3))) (f64.sqrt (local.get $least2)))
          (local.set $c (i32.add (local.get $closestP) (i32.shl (local.get $leastBone) (i32.const 3))))
          (local.set $dx (f64.sub (local.get $x) (f64.load (local.get $c))))
          (local.set $dy (f64.sub (local.get $y) (f64.load (i32.add (local.get $c) (local.get $row)))))
          (local.set $dz (f64.sub (local.get $z) (f64.load (i32.add (local.get $c) (i32.shl (local.get $row) (i32.const 1))))))
          (local.set $len (f64.sqrt (f64.load (i32.add (local.get $len2P) (i32.shl (local.get $leastBone) (i32.const 3))))))
          (local.set $cosine (f64.const 1))
          (if (f64.gt (local.get $len) (f64.const 0))
            (then (local.set $cosine (f64.div
              (f64.add (f64.add (f64.mul (local.get $dx) (local.get $nxv)) (f64.mul (local.get $dy) (local.get $nyv))) (f64.mul (local.get $dz) (local.get $nzv)))
              (local.get $len)))))
          (local.set $cut (f64.mul (f64.mul (f64.const 1.01)
            (f64.div (local.get $len) (f64.mul (f64.const 0.5) (f64.add (local.get $cosine) (f64.const 1.001)))))
            (local.get $tie)))
          (if (f64.lt (local.get $cut) (f64.const inf)) (then (local.set $cut2 (f64.mul (local.get $cut) (local.get $cut)))))))
      ;; Weighted distances of the bones within the cut; the least of them.
      (local.set $minAll (f64.const inf))
      (local.set $b (i32.const 0))
      (block $ddone (loop $dloop
        (br_if $ddone (i32.ge_u (local.get $b) (local.get $nb)))
        (local.set $l2 (f64.load (i32.add (local.get $len2P) (i32.shl (local.get $b) (i32.const 3)))))
        (if (f64.gt (local.get $l2) (local.get $cut2))
          (then (f64.store (i32.add (local.get $distP) (i32.shl (local.get $b) (i32.const 3))) (f64.const inf)))
          (else
            (local.set $c (i32.add (local.get $closestP) (i32.shl (local.get $b) (i32.const 3))))
            (local.set $dx (f64.sub (local.get $x) (f64.load (local.get $c))))
            (local.set $dy (f64.sub (local.get $y) (f64.load (i32.add (local.get $c) (local.get $row)))))
            (local.set $dz (f64.sub (local.get $z) (f64.load (i32.add (local.get $c) (i32.shl (local.get $row) (i32.const 1))))))
            (local.set $len (f64.sqrt (local.get $l2)))
            (local.set $cosine (f64.const 1))
            (if (f64.gt (local.get $len) (f64.const 0))
              (then (local.set $cosine (f64.div
                (f64.add (f64.add (f64.mul (local.get $dx) (local.get $nxv)) (f64.mul (local.get $dy) (local.get $nyv))) (f64.mul (local.get $dz) (local.get $nzv)))
                (local.get $len)))))
            (local.set $dist (f64.div (local.get $len) (f64.mul (f64.const 0.5) (f64.add (local.get $cosine) (f64.const 1.001)))))
            (f64.store (i32.add (local.get $distP) (i32.shl (local.get $b) (i32.const 3))) (local.get $dist))
            (if (f64.lt (local.get $dist) (local.get $minAll)) (then (local.set $minAll (local.get $dist))))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $dloop)))
      ;; The bones within the tie tolerance of the least that the vertex sees, in bone order.
      (local.set $found (i32.const 0))
      (local.set $bound (f64.mul (local.get $minAll) (local.get $tie)))
      (local.set $b (i32.const 0))
      (block $fdone (loop $floop
        (br_if $fdone (i32.ge_u (local.get $b) (local.get $nb)))
        (if (f64.le (f64.load (i32.add (local.get $distP) (i32.shl (local.get $b) (i32.const 3)))) (local.get $bound))
          (then
            (local.set $c (i32.add (local.get $closestP) (i32.shl (local.get $b) (i32.const 3))))
            (if (i32.or (local.get $off)
                  (i32.eqz (call $reenters (local.get $x) (local.get $y) (local.get $z)
                    (f64.load (local.get $c)) (f64.load (i32.add (local.get $c) (local.get $row))) (f64.load (i32.add (local.get $c) (i32.shl (local.get $row) (i32.const 1)))))))
              (then
                (i32.store (i32.add (local.get $sourcesP) (i32.shl (i32.add (local.get $count) (local.get $found)) (i32.const 2))) (local.get $b))
                (local.set $found (i32.add (local.get $found) (i32.const 1)))))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $floop)))
      (local.set $o (i32.add (local.get $screenP) (i32.shl (local.get $v) (i32.const 3))))
      (f64.store (local.get $o) (f64.const 0))
      (if (i32.gt_s (local.get $found) (i32.const 0))
        (then
          (local.set $d (f64.max (local.get $minAll) (local.get $minDistance)))
          (f64.store (local.get $o) (f64.mul
            (f64.div (f64.mul (f64.convert_i32_s (local.get $found)) (local.get $heatWeight)) (f64.mul (local.get $d) (local.get $d)))
            (f64.load (i32.add (local.get $rowScaleP) (i32.shl (local.get $v) (i32.const 3))))))
          (local.set $count (i32.add (local.get $count) (local.get $found))))
        (else
          (if (f64.gt (local.get $sink) (f64.const 0))
            (then
              (local.set $d (f64.max (local.get $minAll) (local.get $minDistance)))
              (f64.store (local.get $o) (f64.mul
                (f64.div (local.get $sinkHeat) (f64.mul (local.get $d) (local.get $d)))
                (f64.load (i32.add (local.get $rowScaleP) (i32.shl (local.get $v) (i32.const 3))))))))))
      (i32.store (i32.add (local.get $sourceStartP) (i32.shl (i32.add (local.get $v) (i32.const 1)) (i32.const 2))) (local.get $count))
      (local.set $v (i32.add (local.get $v) (i32.const 1)))
      (br $vloop)))
    (local.get $count))
)
