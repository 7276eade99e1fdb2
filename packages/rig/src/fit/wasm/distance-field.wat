;; The two chamfer passes of fit/distance-field.ts (computeDistanceField): over the solid voxels'
;; list, forward and then in reverse, each voxel's float32 distance lowered to the least of its
;; pass's neighbours' distance plus the step's float32 length, summed and compared in f64 and stored
;; as float32, as the JavaScript's typed-array reads and writes do; so every distance is the same
;; bit for bit. Compiled to distance-field-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; `pass` takes byte offsets into the exported memory: dt (f32 per cell), the solid voxels' list
;; (i32 × count), the pass's m neighbour index steps (i32) and lengths (f32); `forward` 1 walks the
;; list in order, 0 in reverse. The padding keeps every solid voxel's neighbours in the grid.
(module
  (memory (export "memory") 1)
  (func (export "pass")
    (param $dtP i32) (param $listP i32) (param $count i32) (param $dlP i32) (param $lnP i32) (param $m i32) (param $forward i32)
    (local $s i32) (local $i i32) (local $at i32) (local $q i32) (local $best f64) (local $v f64)
    (local.set $s (i32.const 0))
    (block $done (loop $voxels
      (br_if $done (i32.ge_s (local.get $s) (local.get $count)))
      (local.set $i (i32.load (i32.add (local.get $listP) (i32.shl
        (if (result i32) (local.get $forward)
          (then (local.get $s))
          (else (i32.sub (i32.sub (local.get $count) (i32.const 1)) (local.get $s))))
        (i32.const 2)))))
      (local.set $at (i32.add (local.get $dtP) (i32.shl (local.get $i) (i32.const 2))))
      (local.set $best (f64.promote_f32 (f32.load (local.get $at))))
      (local.set $q (i32.const 0))
      (block $stepsDone (loop $steps
        (br_if $stepsDone (i32.ge_s (local.get $q) (local.get $m)))
        (local.set $v (f64.add
          (f64.promote_f32 (f32.load (i32.add (local.get $dtP) (i32.shl
            (i32.add (local.get $i) (i32.load (i32.add (local.get $dlP) (i32.shl (local.get $q) (i32.const 2)))))
            (i32.const 2)))))
          (f64.promote_f32 (f32.load (i32.add (local.get $lnP) (i32.shl (local.get $q) (i32.const 2)))))))
        (if (f64.lt (local.get $v) (local.get $best)) (then (local.set $best (local.get $v))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $steps)))
      (f32.store (local.get $at) (f32.demote_f64 (local.get $best)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $voxels))))
)
