;; The k-label geodesic search of skinning/geodesic-joint-distances.ts (its `offer` and `run`):
;; each solid voxel keeps up to k (joint, distance) slots, labels settle in one global order of
;; distance. The same operations in the same order as the JavaScript, with the same binary heap
;; (min-heap.ts's MinHeap: the same comparisons and moves, so equal keys pop in the same order),
;; and the same float32 slots, so every slot is the same bit for bit. Compiled to
;; geodesic-search-wasm-bytes.ts by scripts/build-wasm.ts.
;;
;; `init` takes byte offsets into the exported memory: labels (i32, solid × k), dists (f32,
;; solid × k), counts (u8, solid), listed (u8, solid), nbrs (i32, solid × 26), cells (i32, solid),
;; solidIndex (i32, total cells), the 26 neighbour offsets (i32) and step costs (f64), target (u8,
;; solid; 0 when there are no targets) and the heap's start (the end of everything else: entries
;; of f64 key, i32 value, i32 label, 16 bytes each; the memory grows when it is full).
(module
  (memory (export "memory") 1)
  (global $k (mut i32) (i32.const 0))
  (global $labelsP (mut i32) (i32.const 0))
  (global $distsP (mut i32) (i32.const 0))
  (global $countsP (mut i32) (i32.const 0))
  (global $listedP (mut i32) (i32.const 0))
  (global $nbrsP (mut i32) (i32.const 0))
  (global $cellsP (mut i32) (i32.const 0))
  (global $solidIndexP (mut i32) (i32.const 0))
  (global $total (mut i32) (i32.const 0))
  (global $offP (mut i32) (i32.const 0))
  (global $costP (mut i32) (i32.const 0))
  (global $targetP (mut i32) (i32.const 0))
  (global $heapP (mut i32) (i32.const 0))
  (global $size (mut i32) (i32.const 0))
  (global $remaining (mut i32) (i32.const 0))
  (global $limitP (mut i32) (i32.const 0))

  (func (export "init")
    (param $k i32) (param $labelsP i32) (param $distsP i32) (param $countsP i32) (param $listedP i32) (param $nbrsP i32)
    (param $cellsP i32) (param $solidIndexP i32) (param $total i32) (param $offP i32) (param $costP i32) (param $targetP i32) (param $heapP i32)
    (global.set $k (local.get $k))
    (global.set $labelsP (local.get $labelsP))
    (global.set $distsP (local.get $distsP))
    (global.set $countsP (local.get $countsP))
    (global.set $listedP (local.get $listedP))
    (global.set $nbrsP (local.get $nbrsP))
    (global.set $cellsP (local.get $cellsP))
    (global.set $solidIndexP (local.get $solidIndexP))
    (global.set $total (local.get $total))
    (global.set $offP (local.get $offP))
    (global.set $costP (local.get $costP))
    (global.set $targetP (local.get $targetP))
    (global.set $heapP (local.get $heapP))
    (global.set $size (i32.const 0))
    (global.set $remaining (i32.const 0))
    (global.set $limitP (i32.const 0)))
  ;; Each solid voxel's limit (f64): `run` offers a neighbour no label farther than it; 0: no limits.
  (func (export "setLimit") (param $p i32) (global.set $limitP (local.get $p)))

  (func (export "clear") (global.set $size (i32.const 0)))
  (func (export "setRemaining") (param $r i32) (global.set $remaining (local.get $r)))
  (func (export "getRemaining") (result i32) (global.get $remaining))
  (func (export "heapEnd") (result i32)
    (i32.add (global.get $heapP) (i32.shl (global.get $size) (i32.const 4))))

  ;; MinHeap.push
  (func $push (param $key f64) (param $value i32) (param $label i32)
    (local $i i32) (local $parent i32) (local $pk f64) (local $need i32) (local $at i32) (local $pat i32)
    (local.set $need (i32.add (global.get $heapP) (i32.shl (i32.add (global.get $size) (i32.const 1)) (i32.const 4))))
    (if (i32.gt_u (local.get $need) (i32.shl (memory.size) (i32.const 16)))
      (then
        (if (i32.lt_s
              (memory.grow (i32.add (i32.shr_u (i32.sub (local.get $need) (i32.shl (memory.size) (i32.const 16))) (i32.const 16)) (i32.const 64)))
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
      (i32.store offset=12 (local.get $at) (i32.load offset=12 (local.get $pat)))
      (local.set $i (local.get $parent))
      (br $sift)))
    (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
    (f64.store (local.get $at) (local.get $key))
    (i32.store offset=8 (local.get $at) (local.get $value))
    (i32.store offset=12 (local.get $at) (local.get $label)))

  ;; Offers joint l at distance d to voxel v (the JavaScript `offer`); frozenP 0: nothing frozen.
  (func $offer (export "offer") (param $v i32) (param $l i32) (param $d f64) (param $frozenP i32)
    (local $base i32) (local $c i32) (local $s i32) (local $end i32) (local $lab i32)
    (local $empty i32) (local $worst i32) (local $worstD f64) (local $ds f64) (local $slot i32)
    (local.set $base (i32.mul (local.get $v) (global.get $k)))
    (local.set $c (i32.load8_u (i32.add (global.get $countsP) (local.get $v))))
    (if (i32.eq (local.get $c) (global.get $k)) (then (return)))
    (if (local.get $frozenP)
      (then (if (i32.eq (i32.load8_u (i32.add (local.get $frozenP) (local.get $v))) (i32.const 1)) (then (return)))))
    (local.set $empty (i32.const -1))
    (local.set $worst (i32.const -1))
    (local.set $worstD (f64.const -1))
    (local.set $s (local.get $base))
    (local.set $end (i32.add (local.get $base) (global.get $k)))
    (block $scan (loop $each
      (br_if $scan (i32.ge_s (local.get $s) (local.get $end)))
      (local.set $lab (i32.load (i32.add (global.get $labelsP) (i32.shl (local.get $s) (i32.const 2)))))
      (if (i32.eq (local.get $lab) (local.get $l))
        (then
          (if (i32.ge_s (local.get $s) (i32.add (local.get $base) (local.get $c)))
            (then
              (if (f64.lt (local.get $d) (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))))))
                (then
                  (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))) (f32.demote_f64 (local.get $d)))
                  (call $push
                    (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2)))))
                    (local.get $v) (local.get $l))))))
          (return)))
      (if (i32.ge_s (local.get $s) (i32.add (local.get $base) (local.get $c)))
        (then
          (if (i32.eq (local.get $lab) (i32.const -1))
            (then (if (i32.lt_s (local.get $empty) (i32.const 0)) (then (local.set $empty (local.get $s)))))
            (else
              (local.set $ds (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))))))
              (if (f64.gt (local.get $ds) (local.get $worstD))
                (then (local.set $worstD (local.get $ds)) (local.set $worst (local.get $s))))))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each)))
    (local.set $slot
      (if (result i32) (i32.ge_s (local.get $empty) (i32.const 0))
        (then (local.get $empty))
        (else (if (result i32) (f64.lt (local.get $d) (local.get $worstD)) (then (local.get $worst)) (else (i32.const -1))))))
    (if (i32.lt_s (local.get $slot) (i32.const 0)) (then (return)))
    (i32.store (i32.add (global.get $labelsP) (i32.shl (local.get $slot) (i32.const 2))) (local.get $l))
    (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $slot) (i32.const 2))) (f32.demote_f64 (local.get $d)))
    (call $push
      (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $slot) (i32.const 2)))))
      (local.get $v) (local.get $l)))

  ;; Pops until the heap is empty (0) or, with stop, every target is settled (1): the JavaScript `run`.
  (func (export "run") (param $frozenP i32) (param $stop i32) (result i32)
    (local $d f64) (local $v i32) (local $l i32) (local $last i32) (local $lk f64) (local $lv i32) (local $ll i32)
    (local $i i32) (local $child i32) (local $ck f64) (local $at i32) (local $cat i32)
    (local $base i32) (local $c i32) (local $s i32) (local $end i32) (local $slot i32) (local $settled i32)
    (local $cell i32) (local $o i32) (local $idx i32) (local $nb i32) (local $u i32) (local $cu i32) (local $nd f64)
    (local $ubase i32) (local $uend i32) (local $empty i32) (local $worst i32) (local $worstD f64) (local $seen i32)
    (local $lab i32) (local $ds f64) (local $slot2 i32)
    (if (i32.and (local.get $stop) (i32.eqz (global.get $remaining))) (then (return (i32.const 1))))
    (block $exhausted (loop $pop
      (br_if $exhausted (i32.eqz (global.get $size)))
      ;; MinHeap.pop into d, v, l
      (local.set $d (f64.load (global.get $heapP)))
      (local.set $v (i32.load offset=8 (global.get $heapP)))
      (local.set $l (i32.load offset=12 (global.get $heapP)))
      (global.set $size (i32.sub (global.get $size) (i32.const 1)))
      (local.set $last (global.get $size))
      (if (i32.ne (local.get $last) (i32.const 0))
        (then
          (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $last) (i32.const 4))))
          (local.set $lk (f64.load (local.get $at)))
          (local.set $lv (i32.load offset=8 (local.get $at)))
          (local.set $ll (i32.load offset=12 (local.get $at)))
          (local.set $i (i32.const 0))
          (block $down (loop $sift
            (local.set $child (i32.add (i32.shl (local.get $i) (i32.const 1)) (i32.const 1)))
            (br_if $down (i32.ge_s (local.get $child) (local.get $last)))
            (local.set $cat (i32.add (global.get $heapP) (i32.shl (local.get $child) (i32.const 4))))
            (local.set $ck (f64.load (local.get $cat)))
            (if (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $last))
              (then
                (if (f64.lt (f64.load offset=16 (local.get $cat)) (local.get $ck))
                  (then
                    (local.set $child (i32.add (local.get $child) (i32.const 1)))
                    (local.set $cat (i32.add (local.get $cat) (i32.const 16)))
                    (local.set $ck (f64.load (local.get $cat)))))))
            (br_if $down (f64.ge (local.get $ck) (local.get $lk)))
            (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
            (f64.store (local.get $at) (local.get $ck))
            (i32.store offset=8 (local.get $at) (i32.load offset=8 (local.get $cat)))
            (i32.store offset=12 (local.get $at) (i32.load offset=12 (local.get $cat)))
            (local.set $i (local.get $child))
            (br $sift)))
          (local.set $at (i32.add (global.get $heapP) (i32.shl (local.get $i) (i32.const 4))))
          (f64.store (local.get $at) (local.get $lk))
          (i32.store offset=8 (local.get $at) (local.get $lv))
          (i32.store offset=12 (local.get $at) (local.get $ll))))
      (local.set $base (i32.mul (local.get $v) (global.get $k)))
      (local.set $c (i32.load8_u (i32.add (global.get $countsP) (local.get $v))))
      (br_if $pop (i32.eq (local.get $c) (global.get $k)))
      ;; the label's tentative slot; stale entries are skipped
      (local.set $slot (i32.const -1))
      (local.set $s (i32.add (local.get $base) (local.get $c)))
      (local.set $end (i32.add (local.get $base) (global.get $k)))
      (block $found (loop $find
        (br_if $found (i32.ge_s (local.get $s) (local.get $end)))
        (if (i32.eq (i32.load (i32.add (global.get $labelsP) (i32.shl (local.get $s) (i32.const 2)))) (local.get $l))
          (then (local.set $slot (local.get $s)) (br $found)))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $find)))
      (br_if $pop (i32.lt_s (local.get $slot) (i32.const 0)))
      (br_if $pop (f64.ne (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $slot) (i32.const 2))))) (local.get $d)))
      ;; settle it: swap into the first unsettled slot
      (local.set $settled (i32.add (local.get $base) (local.get $c)))
      (i32.store (i32.add (global.get $labelsP) (i32.shl (local.get $slot) (i32.const 2)))
        (i32.load (i32.add (global.get $labelsP) (i32.shl (local.get $settled) (i32.const 2)))))
      (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $slot) (i32.const 2)))
        (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $settled) (i32.const 2)))))
      (i32.store (i32.add (global.get $labelsP) (i32.shl (local.get $settled) (i32.const 2))) (local.get $l))
      (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $settled) (i32.const 2))) (f32.demote_f64 (local.get $d)))
      (i32.store8 (i32.add (global.get $countsP) (local.get $v)) (i32.add (local.get $c) (i32.const 1)))
      (local.set $nb (i32.mul (local.get $v) (i32.const 26)))
      ;; v's 26 neighbours as solid ids, written when v is first settled
      (if (i32.eqz (i32.load8_u (i32.add (global.get $listedP) (local.get $v))))
        (then
          (local.set $cell (i32.load (i32.add (global.get $cellsP) (i32.shl (local.get $v) (i32.const 2)))))
          (local.set $o (i32.const 0))
          (block $lb (loop $ll2
            (br_if $lb (i32.ge_u (local.get $o) (i32.const 26)))
            (local.set $idx (i32.add (local.get $cell) (i32.load (i32.add (global.get $offP) (i32.shl (local.get $o) (i32.const 2))))))
            ;; (off the grid JavaScript reads undefined, stored in an Int32Array as 0)
            (i32.store (i32.add (global.get $nbrsP) (i32.shl (i32.add (local.get $nb) (local.get $o)) (i32.const 2)))
              (if (result i32) (i32.lt_u (local.get $idx) (global.get $total))
                (then (i32.load (i32.add (global.get $solidIndexP) (i32.shl (local.get $idx) (i32.const 2)))))
                (else (i32.const 0))))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (br $ll2)))
          (i32.store8 (i32.add (global.get $listedP) (local.get $v)) (i32.const 1))))
      ;; offer l to the neighbours (`offer` inlined, as in the JavaScript)
      (local.set $o (i32.const 0))
      (block $nbdone (loop $nbloop
        (br_if $nbdone (i32.ge_u (local.get $o) (i32.const 26)))
        (block $next
          (local.set $u (i32.load (i32.add (global.get $nbrsP) (i32.shl (i32.add (local.get $nb) (local.get $o)) (i32.const 2)))))
          (br_if $next (i32.lt_s (local.get $u) (i32.const 0)))
          (local.set $cu (i32.load8_u (i32.add (global.get $countsP) (local.get $u))))
          (br_if $next (i32.eq (local.get $cu) (global.get $k)))
          (if (local.get $frozenP)
            (then (br_if $next (i32.eq (i32.load8_u (i32.add (local.get $frozenP) (local.get $u))) (i32.const 1)))))
          (local.set $nd (f64.add (local.get $d) (f64.load (i32.add (global.get $costP) (i32.shl (local.get $o) (i32.const 3))))))
          (if (global.get $limitP)
            (then (br_if $next (f64.gt (local.get $nd) (f64.load (i32.add (global.get $limitP) (i32.shl (local.get $u) (i32.const 3))))))))
          (local.set $ubase (i32.mul (local.get $u) (global.get $k)))
          (local.set $uend (i32.add (local.get $ubase) (global.get $k)))
          (local.set $empty (i32.const -1))
          (local.set $worst (i32.const -1))
          (local.set $worstD (f64.const -1))
          (local.set $seen (i32.const 0))
          (local.set $s (local.get $ubase))
          (block $scan (loop $each
            (br_if $scan (i32.ge_s (local.get $s) (local.get $uend)))
            (local.set $lab (i32.load (i32.add (global.get $labelsP) (i32.shl (local.get $s) (i32.const 2)))))
            (if (i32.eq (local.get $lab) (local.get $l))
              (then
                (if (i32.ge_s (local.get $s) (i32.add (local.get $ubase) (local.get $cu)))
                  (then
                    (if (f64.lt (local.get $nd) (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))))))
                      (then
                        (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))) (f32.demote_f64 (local.get $nd)))
                        (call $push
                          (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2)))))
                          (local.get $u) (local.get $l))))))
                (local.set $seen (i32.const 1))
                (br $scan)))
            (if (i32.ge_s (local.get $s) (i32.add (local.get $ubase) (local.get $cu)))
              (then
                (if (i32.eq (local.get $lab) (i32.const -1))
                  (then (if (i32.lt_s (local.get $empty) (i32.const 0)) (then (local.set $empty (local.get $s)))))
                  (else
                    (local.set $ds (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $s) (i32.const 2))))))
                    (if (f64.gt (local.get $ds) (local.get $worstD))
                      (then (local.set $worstD (local.get $ds)) (local.set $worst (local.get $s))))))))
            (local.set $s (i32.add (local.get $s) (i32.const 1)))
            (br $each)))
          (br_if $next (local.get $seen))
          (local.set $slot2
            (if (result i32) (i32.ge_s (local.get $empty) (i32.const 0))
              (then (local.get $empty))
              (else (if (result i32) (f64.lt (local.get $nd) (local.get $worstD)) (then (local.get $worst)) (else (i32.const -1))))))
          (br_if $next (i32.lt_s (local.get $slot2) (i32.const 0)))
          (i32.store (i32.add (global.get $labelsP) (i32.shl (local.get $slot2) (i32.const 2))) (local.get $l))
          (f32.store (i32.add (global.get $distsP) (i32.shl (local.get $slot2) (i32.const 2))) (f32.demote_f64 (local.get $nd)))
          (call $push
            (f64.promote_f32 (f32.load (i32.add (global.get $distsP) (i32.shl (local.get $slot2) (i32.const 2)))))
            (local.get $u) (local.get $l)))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $nbloop)))
      ;; after v's offers, so a search resumed from here pops exactly what it would have
      (if (i32.eq (i32.add (local.get $c) (i32.const 1)) (global.get $k))
        (then
          (if (global.get $targetP)
            (then
              (if (i32.eq (i32.load8_u (i32.add (global.get $targetP) (local.get $v))) (i32.const 1))
                (then
                  (global.set $remaining (i32.sub (global.get $remaining) (i32.const 1)))
                  (if (i32.and (i32.eqz (global.get $remaining)) (local.get $stop)) (then (return (i32.const 1))))))))))
      (br $pop)))
    (i32.const 0))
)
