;; The medial tree's two searches (fit/medial-tree.ts): its Dijkstra (shortestPathTree) and its
;; cover spread (buildMedialTree's `spread`). The Dijkstra: over the 26-connected solid
;; voxels from a source, each step costing its length × (1 + centring / thickness²) at the voxel
;; stepped onto. The same operations in the same order as the JavaScript loop, with the same
;; binary heap (min-heap.ts's KeyValueHeap: the same comparisons and moves, so equal keys pop in
;; the same order), so parents and distances are the same bit for bit. Compiled to
;; medial-dijkstra-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; Arguments are byte offsets into the exported memory: dt (f32, n), solid (u8, n), the 26
;; neighbour offsets (i32) and lengths (f64), and the outputs parent (i32, n), distance (f32, n),
;; cost and penalty (f64, n, work). The heap's entries (f64 key, i32 value, 16 bytes each) start at
;; heapP, the end of everything else, and the memory grows when it is full.
;;
;; The cover spread: `coverInit` takes the offsets of dt (f32, n), cover (f32, n: −1 on solid
;; voxels, ∞ on air), the 26 neighbour offsets (i32) and lengths (f32), and the heap's start; each
;; `spread` spreads the budgets coverScale × dt + coverPad of its seeds (i32, at seedsP) best-first,
;; the JavaScript `spread` operation for operation, on the same heap code.
(module
  (memory (export "memory") 1)
  (global $heapP (mut i32) (i32.const 0))
  (global $size (mut i32) (i32.const 0))
  (global $n (mut i32) (i32.const 0))
  (global $dtP (mut i32) (i32.const 0))
  (global $coverP (mut i32) (i32.const 0))
  (global $deltaP (mut i32) (i32.const 0))
  (global $lengthP (mut i32) (i32.const 0))
  (global $coverScale (mut f64) (f64.const 0))
  (global $coverPad (mut f64) (f64.const 0))

  (func $push (param $key f64) (param $value i32)
    (local $i i32) (local $parent i32) (local $pk f64) (local $need i32) (local $at i32) (local $pat i32)
    ;; room for one more entry
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

  (func (export "shortestPathTree")
    (param $n i32) (param $source i32) (param $centring f64)
    (param $dtP i32) (param $solidP i32) (param $deltaP i32) (param $lengthP i32)
    (param $parentP i32) (param $distP i32) (param $costP i32) (param $penP i32) (param $heapP i32)
    (local $i i32) (local $t f64) (local $key f64) (local $v i32) (local $k i32) (local $w i32) (local $c f64)
    (local $last i32) (local $lk f64) (local $lv i32) (local $child i32) (local $ck f64) (local $at i32) (local $cat i32) (local $len f64) (local $right i32)
    (global.set $heapP (local.get $heapP)) ;; ($push reads the global; the loop below its parameter)
    (global.set $size (i32.const 0))
    ;; parent = −1, distance = −1, cost = ∞, penalty = 1 + centring / t² on solid voxels (∞ on air)
    (local.set $i (i32.const 0))
    (block $b0 (loop $l0
      (br_if $b0 (i32.ge_u (local.get $i) (local.get $n)))
      (i32.store (i32.add (local.get $parentP) (i32.shl (local.get $i) (i32.const 2))) (i32.const -1))
      (f32.store (i32.add (local.get $distP) (i32.shl (local.get $i) (i32.const 2))) (f32.const -1))
      (f64.store (i32.add (local.get $costP) (i32.shl (local.get $i) (i32.const 3))) (f64.const inf))
      (if (i32.load8_u (i32.add (local.get $solidP) (local.get $i)))
        (then
          (local.set $t (f64.promote_f32 (f32.load (i32.add (local.get $dtP) (i32.shl (local.get $i) (i32.const 2))))))
          (f64.store (i32.add (local.get $penP) (i32.shl (local.get $i) (i32.const 3)))
            (f64.add (f64.const 1) (f64.div (local.get $centring) (f64.mul (local.get $t) (local.get $t))))))
        (else
          (f64.store (i32.add (local.get $penP) (i32.shl (local.get $i) (i32.const 3))) (f64.const inf))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l0)))
    (f64.store (i32.add (local.get $costP) (i32.shl (local.get $source) (i32.const 3))) (f64.const 0))
    (f32.store (i32.add (local.get $distP) (i32.shl (local.get $source) (i32.const 2))) (f32.const 0))
    (call $push (f64.const 0) (local.get $source))
    (block $done (loop $pop
      (br_if $done (i32.eqz (global.get $size)))
      ;; pop the least entry into key, v (KeyValueHeap.pop)
      (local.set $key (f64.load (local.get $heapP)))
      (local.set $v (i32.load offset=8 (local.get $heapP)))
      (global.set $size (i32.sub (global.get $size) (i32.const 1)))
      (local.set $last (global.get $size))
      (if (i32.ne (local.get $last) (i32.const 0))
        (then
          (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $last) (i32.const 4))))
          (local.set $lk (f64.load (local.get $at)))
          (local.set $lv (i32.load offset=8 (local.get $at)))
          (local.set $i (i32.const 0))
          (block $down (loop $sift
            (local.set $child (i32.add (i32.shl (local.get $i) (i32.const 1)) (i32.const 1)))
            (br_if $down (i32.ge_s (local.get $child) (local.get $last)))
            (local.set $cat (i32.add (local.get $heapP) (i32.shl (local.get $child) (i32.const 4))))
            ;; the right child when there is one and its key is less: without a branch, which the
            ;; hardware guesses wrong about half the time (the entry past the last one, read when
            ;; there is no right child, is still in the memory; the test ignores it)
            (local.set $right (i32.and
              (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $last))
              (f64.lt (f64.load offset=16 (local.get $cat)) (f64.load (local.get $cat)))))
            (local.set $child (i32.add (local.get $child) (local.get $right)))
            (local.set $cat (i32.add (local.get $cat) (i32.shl (local.get $right) (i32.const 4))))
            (local.set $ck (f64.load (local.get $cat)))
            (br_if $down (f64.ge (local.get $ck) (local.get $lk)))
            (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
            (f64.store (local.get $at) (local.get $ck))
            (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $cat)))
            (local.set $i (local.get $child))
            (br $sift)))
          (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
          (f64.store (local.get $at) (local.get $lk))
          (i32.store offset=8 (local.get $at) (local.get $lv))))
      ;; settled once: only a voxel's last entry matches its final cost
      (br_if $pop (f64.gt (local.get $key) (f64.load (i32.add (local.get $costP) (i32.shl (local.get $v) (i32.const 3))))))
      (local.set $k (i32.const 0))
      (block $nb (loop $each
        (br_if $nb (i32.ge_u (local.get $k) (i32.const 26)))
        (local.set $w (i32.add (local.get $v) (i32.load (i32.add (local.get $deltaP) (i32.shl (local.get $k) (i32.const 2))))))
        ;; (a neighbour off the grid reads undefined in JavaScript: a NaN step, never taken)
        (if (i32.lt_u (local.get $w) (local.get $n))
          (then
            (local.set $len (f64.load (i32.add (local.get $lengthP) (i32.shl (local.get $k) (i32.const 3)))))
            (local.set $c (f64.add (local.get $key)
              (f64.mul (local.get $len) (f64.load (i32.add (local.get $penP) (i32.shl (local.get $w) (i32.const 3)))))))
            (if (f64.lt (local.get $c) (f64.load (i32.add (local.get $costP) (i32.shl (local.get $w) (i32.const 3)))))
              (then
                (f64.store (i32.add (local.get $costP) (i32.shl (local.get $w) (i32.const 3))) (local.get $c))
                (i32.store (i32.add (local.get $parentP) (i32.shl (local.get $w) (i32.const 2))) (local.get $v))
                (f32.store (i32.add (local.get $distP) (i32.shl (local.get $w) (i32.const 2)))
                  (f32.demote_f64 (f64.add
                    (f64.promote_f32 (f32.load (i32.add (local.get $distP) (i32.shl (local.get $v) (i32.const 2)))))
                    (local.get $len))))
                (call $push (local.get $c) (local.get $w))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each)))
      (br $pop))))
  (func (export "coverInit")
    (param $n i32) (param $dtP i32) (param $coverP i32) (param $deltaP i32) (param $lengthP i32) (param $heapP i32)
    (param $coverScale f64) (param $coverPad f64)
    (global.set $n (local.get $n))
    (global.set $dtP (local.get $dtP))
    (global.set $coverP (local.get $coverP))
    (global.set $deltaP (local.get $deltaP))
    (global.set $lengthP (local.get $lengthP))
    (global.set $heapP (local.get $heapP))
    (global.set $size (i32.const 0))
    (global.set $coverScale (local.get $coverScale))
    (global.set $coverPad (local.get $coverPad)))

  ;; buildMedialTree's `spread` of the seeds' budgets (COVER_EPSILON 0.5)
  (func (export "spread") (param $seedsP i32) (param $count i32)
    (local $j i32) (local $s i32) (local $b f64) (local $key f64) (local $v i32) (local $k i32) (local $w i32) (local $cw f64)
    (local $coverP i32) (local $deltaP i32) (local $lengthP i32) (local $n i32) (local $heapP i32)
    (local $last i32) (local $lk f64) (local $lv i32) (local $i i32) (local $child i32) (local $ck f64) (local $at i32) (local $cat i32) (local $right i32)
    ;; the search's fixed arrays in locals (a global is read from the instance on every use)
    (local.set $coverP (global.get $coverP)) (local.set $deltaP (global.get $deltaP)) (local.set $lengthP (global.get $lengthP))
    (local.set $n (global.get $n)) (local.set $heapP (global.get $heapP))
    (local.set $j (i32.const 0))
    (block $seeded (loop $seed
      (br_if $seeded (i32.ge_u (local.get $j) (local.get $count)))
      (local.set $s (i32.load (i32.add (local.get $seedsP) (i32.shl (local.get $j) (i32.const 2)))))
      (local.set $b (f64.add
        (f64.mul (global.get $coverScale) (f64.promote_f32 (f32.load (i32.add (global.get $dtP) (i32.shl (local.get $s) (i32.const 2))))))
        (global.get $coverPad)))
      (if (f64.gt (local.get $b) (f64.promote_f32 (f32.load (i32.add (local.get $coverP) (i32.shl (local.get $s) (i32.const 2))))))
        (then
          (f32.store (i32.add (local.get $coverP) (i32.shl (local.get $s) (i32.const 2))) (f32.demote_f64 (local.get $b)))
          (call $push (f64.neg (local.get $b)) (local.get $s))))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $seed)))
    (block $done (loop $each
      ;; pop the least entry (KeyValueHeap.pop, as $pop, written in)
      (br_if $done (i32.eqz (global.get $size)))
      (local.set $key (f64.neg (f64.load (local.get $heapP))))
      (local.set $v (i32.load offset=8 (local.get $heapP)))
      (global.set $size (i32.sub (global.get $size) (i32.const 1)))
      (local.set $last (global.get $size))
      (if (i32.ne (local.get $last) (i32.const 0))
        (then
          (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $last) (i32.const 4))))
          (local.set $lk (f64.load (local.get $at)))
          (local.set $lv (i32.load offset=8 (local.get $at)))
          (local.set $i (i32.const 0))
          (block $down (loop $sift
            (local.set $child (i32.add (i32.shl (local.get $i) (i32.const 1)) (i32.const 1)))
            (br_if $down (i32.ge_s (local.get $child) (local.get $last)))
            (local.set $cat (i32.add (local.get $heapP) (i32.shl (local.get $child) (i32.const 4))))
            (local.set $right (i32.and
              (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $last))
              (f64.lt (f64.load offset=16 (local.get $cat)) (f64.load (local.get $cat)))))
            (local.set $child (i32.add (local.get $child) (local.get $right)))
            (local.set $cat (i32.add (local.get $cat) (i32.shl (local.get $right) (i32.const 4))))
            (local.set $ck (f64.load (local.get $cat)))
            (br_if $down (f64.ge (local.get $ck) (local.get $lk)))
            (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
            (f64.store (local.get $at) (local.get $ck))
            (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $cat)))
            (local.set $i (local.get $child))
            (br $sift)))
          (local.set $at (i32.add (local.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
          (f64.store (local.get $at) (local.get $lk))
          (i32.store offset=8 (local.get $at) (local.get $lv))))
      (br_if $each (f64.lt (local.get $key)
        (f64.sub (f64.promote_f32 (f32.load (i32.add (local.get $coverP) (i32.shl (local.get $v) (i32.const 2))))) (f64.const 0.001))))
      (local.set $k (i32.const 0))
      (block $nb (loop $next
        (br_if $nb (i32.ge_u (local.get $k) (i32.const 26)))
        (local.set $w (i32.add (local.get $v) (i32.load (i32.add (local.get $deltaP) (i32.shl (local.get $k) (i32.const 2))))))
        ;; (a neighbour off the grid reads undefined in JavaScript: never covered)
        (if (i32.lt_u (local.get $w) (local.get $n))
          (then
            (local.set $b (f64.sub (local.get $key)
              (f64.promote_f32 (f32.load (i32.add (local.get $lengthP) (i32.shl (local.get $k) (i32.const 2)))))))
            (local.set $cw (f64.promote_f32 (f32.load (i32.add (local.get $coverP) (i32.shl (local.get $w) (i32.const 2))))))
            (if (f64.gt (local.get $b)
                  (f64.add (local.get $cw) (if (result f64) (f64.lt (local.get $cw) (f64.const 0)) (then (f64.const 0)) (else (f64.const 0.5)))))
              (then
                (f32.store (i32.add (local.get $coverP) (i32.shl (local.get $w) (i32.const 2))) (f32.demote_f64 (local.get $b)))
                (call $push (f64.neg (local.get $b)) (local.get $w))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
      (br $each))))
)
