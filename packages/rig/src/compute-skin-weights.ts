/**
 * Skin weights for a mesh and any given skeleton (ours or an artist's).
 *
 * Pipeline (for the rig pipeline's owner):
 *  1. Weld by position (`weldVertices`, tolerance 1e-5 of the diagonal): flat-shaded and
 *     UV-split meshes become one surface; weights are copied back to split vertices via `remap`.
 *  2. Voxelise the welded mesh (`skinning/voxelize-mesh`): 128 cells on the long side, surface
 *     cells by exact triangle/box overlap, interior by flood fill from outside. All parts are
 *     unioned, so clothes, hair or armour touching the body share its voxels. Grid units make
 *     the result independent of scale (tested at ×100 and ×0.001).
 *  3. Bones: each parent→child segment gives weight to the PARENT joint (the bone's start, the
 *     LBS convention: rotating that joint moves the segment). A leaf joint owns a segment that
 *     continues its parent's direction to the end of the volume (½–2× the parent bone), so a head
 *     or hand is its own, not the neck's or forearm's (`leafJoints: 'point'` for end sites).
 *     Links that are not anatomy are left out: a root lying outside the volume (on the floor
 *     between the feet, at the scene origin) whose link reaches a joint inside the body mostly
 *     through air (< 50% of its length solid) is a placement helper, not a bone; if all its links
 *     are such, it gets no segment and no weight. A joint without a parent bone (an IK foot as
 *     its own root) that a leaf extension runs into ends that extension (`attachOrphans`).
 *     Then every other leaf extension is aimed at the part beyond its joint (`aimLeafSegments`):
 *     the solid voxels, connected to the joint and within twice the parent bone, at least as close
 *     to the joint as to any other bone; the extension points at their centroid. A bull's head
 *     hangs below the neck line, a lower leg turns down from a sideways hip joint, a foot points
 *     forward from a vertical shin: continuing the parent's direction sent those extensions into
 *     air or into the neck, and the parent bone kept the end part. Orphans are tried once more
 *     against the aimed extensions.
 *  4. Geodesic distance inside the volume (`skinning/geodesic-joint-distances`): one multi-label
 *     Dijkstra keeps the 4 nearest joints per voxel (exact, see that file), 26-neighbourhood.
 *     Air is never crossed, so a leg cannot claim the other leg through the gap. Bones partly
 *     outside start from their inside part; bones wholly outside from the nearest voxels. Parts
 *     the volume leaves unreached (a jacket floating 2 cm off the body) inherit the labels of
 *     their nearest reached voxel plus the air gap, then propagate through their own voxels.
 *  5. Per vertex: distance to each joint = min over the 2×2×2 voxels around it of (voxel distance
 *     + offset to the voxel centre); weight ∝ ((dMin+ε)/(d+ε))^12, ε = half a voxel: a vertex
 *     10% nearer one bone than another gets 3× its weight, so the blend is confined to where two
 *     bones are nearly equally close (around joints) and mid-bone vertices have one influence.
 *  6. Smooth over the welded adjacency (3 passes, edge coupling h²/(h²+|e|²) with h a voxel),
 *     then keep the 4 largest weights ≥ 1% and renormalise.
 *
 * Measured on the artist-rigged dev set (33 characters, artist skeleton given; scripts/
 * score-dev-set.ts --no-joints, and scripts/skin-ablation.ts for the variants), mean L1 /
 * precision / recall over characters, fast grid:
 *  - before (exponent 4, 2 passes, every link a bone): 0.666 / 0.675 / 0.915; 2.27 joints > 0.1
 *    per vertex (artist 1.57), largest weight 0.63 (artist 0.83).
 *  - exponent 8, 2 passes: 0.570 / 0.759 / 0.873; exponent 10, 2 passes: 0.560 / 0.777 / 0.856;
 *    exponent 12 without smoothing: 0.574 / 0.785 / 0.824, with the phantom-link rule 0.565 /
 *    0.790 / 0.825 (the rule alone: −0.009 L1, from the dinosaurs and the soldier whose root
 *    sits on the floor).
 *  - exponent 12 + 3 passes + the rule: 0.556 / 0.785 / 0.846 (1.72 joints > 0.1,
 *    largest weight 0.77). Three passes are also what keeps the procedural humanoid's steepest
 *    weight change under the smoothness test's bound (47 per metre; 2 passes: 56).
 *  - exponential falloff exp(−k·(d−dMin)/dMin), k = 6–12: no better than the power law at equal
 *    sharpness (within 0.01 L1), so the power law stays.
 *  - ownership + blend bands (each vertex to the bone it lies along, weight shared only within a
 *    band of 2 local radii around each joint, an end part's band wholly on the parent's side):
 *    bipeds 0.538 (best of all), quadrupeds 0.644 (worst: their artists blend widely, 1.8–2
 *    joints > 0.1 per vertex), all 0.608 / 0.830 / 0.735; mixed 50/50 with exponent 8: 0.566 /
 *    0.794 / 0.824. Not kept: no better overall and one more concept.
 *  - distances in units of each bone's local radius (a thick head reaches further than a thin
 *    neck): 0.90 — far worse; extending every joint whose children leave its direction (a head
 *    whose children are ears): +0.018 worse; moving the blend at leaf joints 1–2 radii up the
 *    parent bone: +0.01 worse (quadrupeds); one segment per joint, to the child continuing its
 *    parent's direction (Blender's one bone per joint): −0.003, within noise.
 *  - orphan joints (an IK foot kept as its own root) stop the leaf extension that runs into
 *    them and continue it themselves: 0.554 / 0.787 / 0.846 (frog, stag, a mech −0.02 to −0.04,
 *    no character worse). Kept.
 *  What limits all of them: on 30% of the vertices our strongest joint is not the artist's
 *  (skin-ablation.ts reports it), and those carry most of the L1; the falloff shapes only the
 *  blend, not who owns a vertex. Then: fast 0.554 / 0.787 / 0.846, pro (192 cells, 4 passes)
 *  0.551 / 0.790 / 0.845; 0 unweighted vertices.
 *  Who owns a vertex (scripts/skin-confusion.ts, by skeleton relation; shares of all vertices):
 *  of the 29.4% with a wrong strongest joint (carrying 0.355 of the 0.554 L1), ours is the
 *  artist's parent on 9.3% (3.2% an end part: head → neck, foot → shin), its child on 8.1%,
 *  grandchild 2.4%, sibling 0.5%, and another joint on 8.7% (IK feet, ears, cousins). Parent and
 *  child errors balance, so moving every blend up or down the bone cannot help overall:
 *  - the parent bone stopping 10% / 25% short of the child: 0.543 / 0.560 (bipeds 0.541 / 0.528,
 *    quadrupeds 0.524 / 0.562); only where the child is a leaf, 25%: 0.549; the child bone
 *    starting 25% late: 0.596. Not kept: each helps one plan and costs another.
 *  - one bone per joint, to the mean of its children (Blender's bones): 0.558; with the 10% stop:
 *    0.555.
 *  - bone heat (Baran & Popović, Blender's method) on the welded surface: clamped-cotangent
 *    Laplacian, D = c·area/d² with our geodesic distances, p = the nearest bone (ties shared),
 *    one Jacobi-CG solve per joint restricted to the vertices that have it among their geodesic
 *    candidates: c = 0.3 / 1 / 3: 0.676 / 0.605 / 0.561 (precision 0.680 / 0.735 / 0.780); with
 *    the aimed leaves and c = 10: 0.534 / 0.831 / 0.803 (quadrupeds 0.496, aquatic 0.514), 2–3×
 *    slower. It smooths who owns a vertex, it does not change it; the power law with the aimed
 *    leaves stays ahead, so it was not kept (not even for the pro engine).
 *  - aimed leaf extensions (step 3): 0.525 / 0.803 / 0.847 (before the orphan re-try: 0.529).
 *    Per plan, before → after: biped 0.565 → 0.524 (P 0.737 → 0.755, R 0.890 → 0.892),
 *    quadruped 0.524 → 0.480 (P 0.833 → 0.861, R 0.831 → 0.840), aquatic 0.468 → 0.469, avian
 *    (one bee: its mouth is a leaf inside the head) 0.977 → 1.104, others (one crab) 0.817 →
 *    0.800. 19 characters better by more than 0.01, 10 within ±0.01, 4 worse (the bee; an
 *    apatosaurus and a triceratops whose feet are IK roots beside the shin, 0.29 → 0.36 and
 *    0.43 → 0.47; an alpaca 0.62 → 0.63).
 *  - the same aim for joints with children whose part lies away from every child bone (a head
 *    whose children are ears; cos > 0.5 to a child bone counts as covered): 0.556 (alpaca 0.63 →
 *    0.88): the extra bone takes the neck. Not kept.
 *  - separate pieces moved rigidly (each connected component of the welded mesh whose strongest
 *    joint already holds ≥ 60% of its weight given wholly to that joint; a quarter of the set's
 *    vertices lie in pieces the artist weights to one joint — mech plates, the ball walkers): 0.495
 *    (mechs and ball walkers −0.1 to −0.3, a puffer, a frog and a woman's clothing piece worse). Not kept:
 *    a piece that spans a joint (a boot over the ankle, a sleeve over the elbow) would no longer
 *    bend, a tear no score shows; with a guard that leaves out pieces lying on both sides of the
 *    joint between their two strongest joints (≥ 10% of the piece each side) the gain shrinks to
 *    0.009. Stand-in joints (`nonDeformingJoints`) fix the ball walkers in our own rigs instead.
 *  - a joint's distance grows by k × how far a vertex lies past the end of every one of its bones
 *    (a snout beyond the head joint is not the neck's), k = 0.5 / 1 / 2: 0.535 / 0.542 / 0.548
 *    (bipeds 0.508, quadrupeds 0.515–0.547, aquatic 0.498–0.511); the head's share of the L1 did
 *    not move (0.117). Sharpening separate pieces per vertex (w^γ, γ = 2–100): 0.524–0.560,
 *    precision up to 0.83, recall down to 0.74: the owners, not the blend, are what is wrong.
 *  A floor for any method: a vertex given wholly to the artist's own strongest joint scores
 *  2·(1 − its largest artist weight); over the set that is 0.330 (the artists' largest weight
 *  averages 0.835; the quadrupeds' blends are wide). The L1 ≤ 0.35 target needs both the right
 *  owner nearly everywhere and the artists' blend widths. Final: fast 0.525 / 0.803 / 0.847,
 *  pro 0.526 / 0.804 / 0.845 (the finer grid buys nothing on these characters); 0 unweighted.
 *
 * Bone heat, faithful to Blender (`method: 'heat'`, skinning/bone-heat; our earlier attempt above
 * differed in the details): one bone per joint to the mean of its children (or along its chain,
 * below), Blender's cotangent
 * Laplacian (cotangent / triangles on the edge, rows over twice the mixed Voronoi area), its
 * normal-adjusted distance, H = C/d² only for the nearest bone and only if a ray to it enters no
 * front face, C = 1, weights < 0.025 dropped; whatever it leaves empty (separate pieces whose
 * nearest bone is hidden: Blender leaves them unweighted) is filled per empty region as one rigid
 * part (skinning/fill-empty-pieces, see the bullets below; one shared by two limbs goes to their
 * common ancestor).
 * Dev set, L1 / precision / recall (`skin-ablation.ts <dev set> '{}' '{"method":"heat"}'`); the
 * first two bullets are with the empty pieces given this file's geodesic weights per vertex:
 *  - heat, ray visibility: 0.411 / 0.837 / 0.891 (biped 0.419, quadruped 0.372, aquatic 0.273,
 *    bee 1.021, crab 0.962); Blender 3.4 itself 0.420 / 0.846 / 0.845 (score-bone-heat.ts,
 *    diagonal 200). On the 23 characters Blender weights wholly we are within ±0.005 of it on
 *    each; the rest differ by our fill of the pieces it leaves empty (king 0.575 → 0.468,
 *    cyberpunk character 0.801 → 0.746, both adventurers 0.43 → 0.46 and 0.37 → 0.48: there
 *    the geodesic owner of a piece is wrong, worse than Blender's nothing).
 *  - voxel visibility (the path never re-enters the solid): 0.429 / 0.828 / 0.880. With voxel
 *    visibility: the paper's nearest VISIBLE bone instead of Blender's nearest-if-visible 0.431;
 *    C = 0.5 / 0.7 / 2: 0.457 / 0.443 / 0.454 (Blender's C = 1 is best); pieces heat leaves empty
 *    heated again without visibility (instead of geodesic): 0.431; each bone solved within 4
 *    nearest-bone distances of its sources or over the whole mesh: 0.429 both. No visibility at
 *    all: 0.453 against 0.437 for voxel (both before the CG stopping fix). Ray, then voxel heat
 *    for what the rays leave empty, then geodesic: 0.414.
 *  - time (bench-skinning.ts --runs 3 --options, procedural humanoid, CPU ms, load ~3 on 2
 *    cores): 19 joints, 50k / 200k tris: heat ray 1571 / 5858, heat voxel 766 / 3674, geodesic
 *    529 / 1404; 49 joints (--fingers): heat ray 1092 / 4518, geodesic 501 / 1245. On the dev
 *    set (≤ 21k tris) heat is the faster: 255 ms a character against 537 (mean). The Jacobi CG
 *    is most of the time: where a vertex's nearest bone is hidden H = 0 and heat does not decay,
 *    so convergence there is slow (the humanoid's capsules interpenetrate; rays from buried
 *    vertices are probably why ray is slower than voxel there, not verified). A symmetric Gauss–Seidel preconditioner (sweeps in each support's Dijkstra order)
 *    cut the iterations 2–2.5× (200k: 175 → 71) but costs as much more per iteration: no faster,
 *    not kept; supports of 2.5 instead of 4 distances: 0.412, no clear gain in time. Multigrid is
 *    what would make it fast.
 *  - the empty pieces (`heatEmptyFill`; 11 characters have any with rays, 3 with voxel visibility,
 *    which sees through the body a piece lies on). Ray / voxel L1 (P, R), per vertex geodesic
 *    (before): 0.411 (0.837, 0.891) / 0.429 (0.828, 0.880). From the weighted surface instead,
 *    each empty vertex the nearest weighted vertex's weights: 0.410 / 0.430; their mean over each
 *    empty region (rigid): 0.408 / 0.429; the mean only over the region's contact zone (within
 *    1 or 3 voxels of its closest approach): 0.409 both. The touched weights times the geodesic
 *    ones, per vertex: 0.406 / 0.429; per region, rigid: 0.401 (0.843, 0.889) / 0.428 (0.828,
 *    0.880), kept (`piece`). Rays, before → after: both adventurers 0.460 → 0.364 and 0.476 →
 *    0.410, spacesuit 0.320 → 0.202, mech_george 0.543 → 0.496, king 0.468 → 0.438, the three
 *    cyberpunk 0.02–0.03 better; one worse, mech_stan 0.469 → 0.602 (its collar touches both
 *    upper arms, which the geodesic weights also hold; the artist gives it to the neck). Only the
 *    biped plan moves: 0.419 → 0.396 (ray), 0.439 → 0.439 (voxel).
 *  - fewer influences for precision (artists give most vertices one or two joints): dropping
 *    influences below `minWeight` of a vertex's total before renormalising, 0.05 / 0.1 / 0.15 /
 *    0.2 (default 0.01): ray 0.413 / 0.430 / 0.459 / 0.484 (P 0.837 / 0.838 / 0.856 / 0.866, R
 *    0.891 / 0.890 / 0.826 / 0.783), voxel 0.430 / 0.447 / 0.472 / 0.497: precision only rises
 *    where recall and L1 fall (where we blend, the artists mostly blend too). Below 0.05 / 0.1 of
 *    a vertex's largest weight instead (with the `piece` fill): ray 0.402 / 0.410, voxel 0.429 /
 *    0.437 against 0.401 / 0.428, precision unchanged (0.842 / 0.828). Not kept.
 *  - heat's leaf bones aimed (`aimLeaves`, the default): Blender gives a leaf joint with no bone
 *    tail of its own half its parent bone onward, along the parent; an artist's leaf bone points
 *    into its part. Our leaves now point where the geodesic pipeline aims its extensions (step 3:
 *    at the part beyond the joint), still half the parent bone long. L1 / P / R, ray: 0.401 /
 *    0.843 / 0.889 → 0.362 / 0.860 / 0.895 (biped 0.395 → 0.355, quadruped 0.372 → 0.314,
 *    aquatic 0.273 → 0.272, bee 1.021 → 1.076, crab 0.962 → 0.813); voxel: 0.428 → 0.389. 15
 *    characters better by more than 0.02 (a raptor 0.264 → 0.074, a frog 0.624 → 0.431, a stag
 *    0.448 → 0.287, a ball walker 0.594 → 0.474), 2 worse (a mech 0.602 → 0.651, the bee). The
 *    length barely matters: 0.3 / 0.7 / 1 of the parent bone: 0.373 / 0.367 / 0.367 (the crab
 *    alone moves by 0.1–0.25 between them); the leaf grown to where the volume ends (½–2×, as the
 *    geodesic extensions): 0.382 (a witch's head bone runs up into her hat, the spacesuit's into
 *    his helmet: 0.104 → 0.269, 0.202 → 0.411). Not kept: a branch joint's bone aimed at the
 *    child that continues its parent's direction instead of its children's mean (a neck to the
 *    head, not between the ears), or at the child with the most descendants: 0.362 / 0.367, the
 *    quadrupeds better, a woman in a cape and the fish worse; a leaf running into an IK foot
 *    ending there (as the geodesic extension does): 0.363 (a stag better, two sauropods worse); a
 *    lone root (a joint with no parent and no children) as a point rather than a stub: 0.362.
 *    Heat's C = 0.7 / 1.4: 0.373 / 0.373; Blender's weight limits doubled: 0.370.
 *  - a leaf whose extension runs into an orphan (step 3's IK foot) that has a bone of its own (a
 *    hoof with a toe) runs to that joint, as to a child: 0.362 / 0.860 / 0.895 → 0.349 / 0.864 /
 *    0.899 (voxel 0.389 → 0.376); five mammals with IK hooves better (a stag 0.287 → 0.117, a shiba 0.269 → 0.178, an
 *    alpaca, a bull, a wolf), no character changed by more than 0.02 the other way. Running into
 *    any orphan, lone ones too: 0.359 / 0.860 / 0.901 (a rat +0.16, a triceratops +0.11: a lone
 *    foot joint on the floor owns the paw around it, and the shin then reached it). Not kept
 *    either, for lone roots (no parent, no children, so no bone to aim by): a point instead of
 *    Blender's stub, or a stub away from the nearest joint: both 0.349 / 0.862 / 0.894; a stub aimed
 *    at the part around it (as leaves are), 5% of the skeleton or half the nearest joint long:
 *    0.349 / 0.864 / 0.898 and 0.351 / 0.863 / 0.895 (a ball walker's eye better, both sauropods
 *    and a mech worse).
 *  - a branching joint's bone runs along its chain (skinning/bone-heat's `chainChild`: to the child
 *    lying ahead of the incoming bone and most in line with it, not to the children's mean; an
 *    artist's chest bone ends at the neck, not between the shoulders): 0.349 / 0.864 / 0.899 →
 *    0.347 / 0.863 / 0.899. The same for "ahead" as cos > 0.5 or > 0.8 (and with the next rule
 *    for cos > 0, 0.5, 0.8 and 0.9 alike); with no such
 *    test (the most aligned child even behind the joint) 0.350 / 0.862 / 0.897 (a dolphin and a
 *    whale whose spine doubles back from the head joint, a stegosaur whose body joint sits above
 *    all its children, worse). 11 characters better by 0.005–0.05 (a shiba 0.178 → 0.125, a wolf
 *    0.356 → 0.316, an alpaca, a deer, a farmer, a mech), one much worse: a woman adventurer 0.369
 *    → 0.522 (0.433 with the next rule), where most of the chest is hidden from every bone by
 *    her clothes (heat there is interpolated from a few visible vertices, and their nearest bone
 *    moved from the chest to the torso and the upper arm).
 *  - an empty piece whose fill names two joints on different branches goes wholly to their nearest
 *    common ancestor (skinning/fill-empty-pieces: a collar on both upper arms to the neck):
 *    alone 0.349 / 0.864 / 0.899 → 0.346 / 0.865 / 0.900 (0.8998; two mechs better, 0.495 → 0.461
 *    and 0.651 → 0.596, no other character changes); the same whether the lesser joint must
 *    hold 0.1, 0.25 or 0.5 of the first's weight (the rule uses a tenth of the piece's). With the chain bones: **0.343 / 0.864 / 0.900 (0.9004)**, voxel
 *    visibility 0.376 / 0.848 / 0.887 → 0.365 / 0.851 / 0.892, pro 0.351 / 0.864 / 0.898 → 0.346 /
 *    0.864 / 0.899 (0.8995). Measured and not kept: ray visibility blind to a surface within 0.5% /
 *    1% / 2% of the diagonal of the vertex (clothing lying on the body): 0.350 / 0.864 / 0.907,
 *    0.348 / 0.865 / 0.903, 0.356 / 0.863 / 0.900, or within 10% / 20% / 30% of the way to the bone:
 *    0.351 / 0.863 / 0.903 and worse, each moving characters by ±0.1 both ways (a king better, a
 *    spacesuit whose helmet the piece fill gets right, a swordfish worse), so the result rides on
 *    the constant; visible by rays or the voxels (either): 0.376 / 0.848 / 0.887; the paper's
 *    nearest visible bone: 0.364 / 0.848 / 0.898; pieces hidden for 75% / 90% of their vertices
 *    filled as empty ones: 0.368 / 0.353; a root's bone along its largest subtree (the spine):
 *    0.341 / 0.864 / 0.900, but 16 characters moved both ways (a crab and a dolphin better, a ball
 *    walker, a stegosaur and a fish worse). Heat's CG tolerance 1e-3: 0.345 / 0.863 / 0.887; 1e-5:
 *    0.344 / 0.864 / 0.900, so the default 1e-4 scores converged solves.
 *
 * Approaches considered:
 *  - Euclidean distance to bones (the first committed version): trivially fast, but leaks across
 *    air: the inner side of a leg got ~6% of the other leg; a jacket, fine.
 *  - Blender-style bone heat (solve a Laplacian with visibility-based coupling per bone): smooth,
 *    but one sparse solve per bone (O(bones × n^1.x)), needs a manifold connected mesh (the
 *    issue reports whole parts unweighted without welding), fails near 600k triangles.
 *  - One geodesic field per bone (fast marching): bones × 128³ floats = ~500 MB for 60 bones,
 *    or 60 passes; the k-label Dijkstra gives the same k nearest in a single pass, memory k
 *    slots per solid voxel.
 *  - Uniform Laplacian smoothing: on low-poly meshes it reaches by hops, not distance (17% hand
 *    weight in mid-forearm on a 9 cm-ring arm); the length-aware coupling fixed that.
 *
 * Measured here (`npx tsx packages/rig/scripts/bench-skinning.ts --fingers`, humanoid, 49 joints,
 * CPU ms because the 2 cores were shared with load ~13 during the run): 1k tris 309 ms, 10k 362,
 * 50k 480, 200k 911, 1M 2437 (277 MB peak RSS); 2M tris (19 joints) 4.6 s, 412 MB. Small meshes
 * are dominated by the fixed 128-cell grid (voxelise + Dijkstra ≈ 150–250 ms); large ones by the
 * per-vertex stages, which are O(n). The grid never exceeds ~132³ cells. The third smoothing pass
 * costs ~40 ms CPU at 50k and 200k triangles (humanoid, 19 joints: 278 → 315 ms, 495 → 532 ms,
 * best of three in one process under load 15).
 */
import { EngineError, withDefaults, type Mesh, type Skeleton, type SkinWeights } from '@rigforge/mesh';
import { aimLeafSegments, boneSegments, extendLeafSegments, insideFraction, segmentDistanceSquared, type BoneSegment, type LeafJointMode } from './skinning/bone-segments';
import { geodesicJointDistances, type JointDistanceField } from './skinning/geodesic-joint-distances';
import { smoothSkinWeights, vertexAdjacency, type VertexAdjacency } from './skinning/smooth-skin-weights';
import { EMPTY, pathReentersSolid, voxelizeSkinGrid, type SkinVoxelGrid } from './skinning/skin-voxel-grid';
import { blenderHeatBones, boneHeatWeights, type BoneHeatOptions } from './skinning/bone-heat';
import { fillEmptyPieces } from './skinning/fill-empty-pieces';
import { buildTriangleRayTree, type TriangleRayTree } from './skinning/triangle-ray-tree';
import { weldVertices } from './weld-vertices';

/** Options of {@link computeSkinWeights}. */
export interface ComputeSkinWeightsOptions {
  /** Most joints influencing one vertex (1..4; the output always has 4 slots). Default 4. */
  maxInfluences?: number;
  /** Weight ∝ (dMin / d)^falloff over the geodesic distances to each joint's bones. Default 12. */
  falloff?: number;
  /** Influences below this weight are dropped before renormalising. Default 0.01. */
  minWeight?: number;
  /** Weld tolerance as a fraction of the bounding-box diagonal. Default 1e-5. */
  weldTolerance?: number;
  /** How leaf joints get a bone: `extend` (onward to the end of the volume, ½–2× the parent bone) or `point`. Default `extend`. */
  leafJoints?: LeafJointMode;
  /** Voxels along the longest side of the bounding box; more resolves thinner gaps. Default 128. */
  resolution?: number;
  /** Laplacian smoothing passes over the welded mesh. Default 3. */
  smoothingIterations?: number;
  /**
   * Aim each leaf extension (geodesic) or leaf bone (heat, where `leafTips` gives no tip) at the
   * part beyond its joint rather than along the parent bone. Default true.
   */
  aimLeaves?: boolean;
  /**
   * Joints that take no weight of their own (stand-ins for parts the mesh lacks, helpers): their
   * bones' share goes to their nearest deforming ancestor, so the region moves with it as one
   * piece. A chain with no deforming ancestor keeps its own weights. Default none.
   */
  nonDeformingJoints?: readonly number[];
  /**
   * Where known, the extremity each leaf joint's part reaches (a fin's or a wing's tip, traced by
   * the fit): the leaf's bone runs from the joint to it instead of being aimed from the volume
   * (which, from a thin plate's root on a thick body, points into the body). Default none.
   */
  leafTips?: readonly LeafTip[];
  /**
   * `geodesic` (the header's pipeline) or `heat`: Blender's bone heat (skinning/bone-heat), with
   * the geodesic weights for the vertices heat leaves empty. Default `geodesic`.
   */
  method?: SkinWeightMethod;
  /** Options of the `heat` method. Default its own defaults. */
  heat?: BoneHeatOptions;
  /**
   * How the `heat` method tests whether a vertex sees a bone: `ray` (Blender's: the path enters
   * no triangle from its front; depends on face winding) or `voxel` (the path never re-enters the
   * solid voxels after leaving them; parts closer than a voxel are one, so a piece sees bones
   * through the body it lies on). Dev set: ray 0.343 L1, voxel 0.365 but ~2× faster. Default `ray`.
   */
  heatVisibilityTest?: 'voxel' | 'ray';
  /**
   * Above this many welded vertices `ray` visibility gives way to `voxel`: the rays cost more
   * than the solves on large meshes (50k triangles: skinning ~1.2 s with rays, ~0.5–0.8 s with
   * voxels). Default: no limit.
   */
  heatRayMaxVertices?: number;
  /**
   * Above this many welded vertices `heat` gives way to `geodesic`: its per-bone solves grow
   * faster than the mesh (fast engine, procedural biped: skinning 0.47 s at 26k vertices, 2.8 s
   * at 100k, 30 s at 500k, 59 s at 1M, where geodesic takes 4.6 s), and a rig must finish well
   * inside the worker's deadline at the 2M-triangle cap. Default 150,000 (~300k triangles).
   */
  heatMaxVertices?: number;
  /**
   * What the `heat` method gives the vertices it leaves empty: `piece` (each empty region, as one
   * rigid part, the joints of the weighted surface it touches weighed by its geodesic weights,
   * skinning/fill-empty-pieces) or `geodesic` (this file's weights per vertex). Default `piece`.
   */
  heatEmptyFill?: 'piece' | 'geodesic';
}

export type SkinWeightMethod = 'geodesic' | 'heat';

export const COMPUTE_SKIN_WEIGHTS_DEFAULTS: Required<ComputeSkinWeightsOptions> = {
  maxInfluences: 4,
  falloff: 12,
  minWeight: 0.01,
  weldTolerance: 1e-5,
  leafJoints: 'extend',
  resolution: 128,
  smoothingIterations: 3,
  aimLeaves: true,
  nonDeformingJoints: [],
  leafTips: [],
  method: 'geodesic',
  heat: {},
  heatVisibilityTest: 'ray',
  heatMaxVertices: 150_000,
  heatRayMaxVertices: Number.POSITIVE_INFINITY,
  heatEmptyFill: 'piece',
};

/** A leaf joint's extremity, in the mesh's frame. */
export interface LeafTip {
  joint: number;
  tip: readonly [number, number, number];
}

function resolveOptions(options: ComputeSkinWeightsOptions): Required<ComputeSkinWeightsOptions> {
  const merged = withDefaults(COMPUTE_SKIN_WEIGHTS_DEFAULTS, options);
  merged.maxInfluences = Math.min(4, Math.max(1, Math.round(merged.maxInfluences)));
  return merged;
}

/** Throws `invalid_input` for meshes or skeletons that cannot be skinned. */
export function validateSkinningInput(mesh: Mesh, skeleton: Skeleton): void {
  const { positions, indices } = mesh;
  if (positions.length % 3 !== 0) throw new EngineError('invalid_input', `skin: positions length ${positions.length} is not a multiple of 3`);
  if (indices.length % 3 !== 0) throw new EngineError('invalid_input', `skin: indices length ${indices.length} is not a multiple of 3`);
  const n = positions.length / 3;
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]!)) throw new EngineError('invalid_input', `skin: vertex ${Math.floor(i / 3)} has a non-finite coordinate`);
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= n) throw new EngineError('invalid_input', `skin: index ${indices[i]} at ${i} is past the ${n} vertices`);
  }
  const joints = skeleton.joints;
  if (joints.length === 0) throw new EngineError('invalid_input', 'skin: the skeleton has no joints');
  if (joints.length > 65535) throw new EngineError('invalid_input', `skin: ${joints.length} joints exceed 65535`);
  joints.forEach((joint, j) => {
    if (!Number.isInteger(joint.parent) || joint.parent < -1 || joint.parent >= j) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has parent ${joint.parent}; parents must come before children`);
    }
    if (!joint.position.every(Number.isFinite)) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has a non-finite position`);
    }
  });
}

/**
 * Compute linear-blend-skinning weights: each vertex gets up to four joints whose weights sum
 * to 1. A bone (joint → child) gives its weight to the joint at its start, the parent end; a
 * leaf joint owns a short bone continuing its parent's direction (see `leafJoints`).
 */
export function computeSkinWeights(
  mesh: Mesh,
  skeleton: Skeleton,
  options: ComputeSkinWeightsOptions = {},
): SkinWeights {
  validateSkinningInput(mesh, skeleton);
  const opts = resolveOptions(options);
  const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: opts.weldTolerance });
  let segments = boneSegments(skeleton, { leafMode: opts.leafJoints });
  const nw = welded.positions.length / 3;
  const slots = SMOOTHING_SLOTS;
  const candJoints = new Int32Array(nw * slots).fill(-1);
  const candWeights = new Float32Array(nw * slots);

  if (skeleton.joints.length > 1 && welded.indices.length > 0) {
    // Built when first needed: by heat to aim its leaf bones, by voxel visibility and by the geodesic weights.
    let built: SkinVoxelGrid | undefined;
    const grid = (): SkinVoxelGrid => (built ??= voxelizeWithinBudget(welded.positions, welded.indices, opts.resolution));
    let adjacency: VertexAdjacency | undefined;
    const neighbours = (): VertexAdjacency => (adjacency ??= vertexAdjacency(welded.indices, nw));
    // Step 3's segments, placed once: heat aims its leaf bones by them, the geodesic weights
    // (after heat, which reads them before they are relabelled) run from them.
    let placedOnce: PlacedSegments | undefined;
    const placed = (): PlacedSegments => (placedOnce ??= placedSegments(skeleton, grid(), opts));
    let unweighted: Uint8Array | undefined;
    if (opts.method === 'heat' && nw <= opts.heatMaxVertices) {
      unweighted = heatCandidates(welded.positions, welded.indices, skeleton, grid, placed, opts, candJoints, candWeights, slots);
    }
    // Geodesic weights for every vertex, or (after heat) for those heat left empty: separate
    // pieces whose nearest bones are all hidden from them, which Blender leaves unweighted; they
    // weigh (`piece`) or are (`geodesic`) the fill.
    if (!unweighted || unweighted.includes(1)) {
      const geoJoints = unweighted ? new Int32Array(nw * slots).fill(-1) : candJoints;
      const geoWeights = unweighted ? new Float32Array(nw * slots) : candWeights;
      segments = geodesicCandidates(welded.positions, neighbours, skeleton, grid(), placed(), opts, geoJoints, geoWeights, slots);
      if (unweighted && opts.heatEmptyFill === 'piece') {
        fillEmptyPieces(welded.positions, neighbours(), unweighted, candJoints, candWeights, slots, { joints: geoJoints, weights: geoWeights }, deformingParents(skeleton, opts.nonDeformingJoints));
      } else if (unweighted) {
        for (let v = 0; v < nw; v++) {
          if (unweighted[v] !== 1) continue;
          for (let s = v * slots; s < v * slots + slots; s++) {
            candJoints[s] = geoJoints[s]!;
            candWeights[s] = geoWeights[s]!;
          }
        }
      }
    }
  }
  giveToDeformingAncestors(skeleton, segments, opts.nonDeformingJoints); // idempotent; covers a mesh with no grid
  euclideanFallback(welded.positions, segments, candJoints, candWeights, slots, opts);

  const wJoints = new Uint16Array(4 * nw);
  const wWeights = new Float32Array(4 * nw);
  pruneInfluences(candJoints, candWeights, slots, opts, wJoints, wWeights);
  return expand(wJoints, wWeights, welded.remap);
}

/**
 * Bone heat (skinning/bone-heat) on Blender's bones, visibility by `heatVisibilityTest`: rays
 * against the triangles as Blender casts them, or walks on the voxel grid (already built for the
 * geodesic fallback; independent of face winding). Returns the vertices left without weight.
 */
function heatCandidates(
  positions: Float32Array,
  indices: Uint32Array,
  skeleton: Skeleton,
  grid: () => SkinVoxelGrid,
  placed: () => PlacedSegments,
  opts: Required<ComputeSkinWeightsOptions>,
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
): Uint8Array {
  const tips = new Map<number, readonly [number, number, number]>(opts.leafTips.map((t) => [t.joint, t.tip]));
  if (opts.leafJoints === 'extend' && opts.aimLeaves) {
    for (const [joint, tip] of aimedLeafTips(skeleton, placed())) if (!tips.has(joint)) tips.set(joint, tip);
  }
  const bones = blenderHeatBones(skeleton, tips);
  giveToDeformingAncestors(skeleton, bones, opts.nonDeformingJoints);
  const rays = opts.heatVisibilityTest === 'ray' && positions.length / 3 <= opts.heatRayMaxVertices;
  type Visible = (x: number, y: number, z: number, qx: number, qy: number, qz: number) => boolean;
  const throughRays = (tree: TriangleRayTree): Visible => (x, y, z, qx, qy, qz) => !tree.entersSurface(x, y, z, qx, qy, qz);
  const throughVoxels = (voxels: SkinVoxelGrid): Visible => (x, y, z, qx, qy, qz) => !pathReentersSolid(voxels, x, y, z, qx, qy, qz);
  const visible = rays ? throughRays(buildTriangleRayTree(positions, indices)) : throughVoxels(grid());
  const heat = boneHeatWeights(positions, indices, bones, visible, slots, opts.heat);
  outJoints.set(heat.joints);
  outWeights.set(heat.weights);
  return heat.unweighted;
}

/** Steps 3–6 of the header: placed segments, geodesic distances, the power falloff and smoothing. Returns the segments used. */
function geodesicCandidates(
  positions: Float32Array,
  neighbours: () => VertexAdjacency,
  skeleton: Skeleton,
  grid: SkinVoxelGrid,
  placed: PlacedSegments,
  opts: Required<ComputeSkinWeightsOptions>,
  candJoints: Int32Array,
  candWeights: Float32Array,
  slots: number,
): BoneSegment[] {
  const { segments } = placed;
  giveToDeformingAncestors(skeleton, segments, opts.nonDeformingJoints);
  const field = geodesicJointDistances(grid, segments, GEODESIC_LABELS);
  vertexWeightsFromField(grid, field, opts, candJoints, candWeights, slots);
  if (opts.smoothingIterations > 0) {
    smoothSkinWeights(candJoints, candWeights, slots, neighbours(), positions, grid.cell, opts.smoothingIterations);
  }
  return segments;
}

/**
 * Heat's leaf bones, aimed as the geodesic pipeline aims its leaf extensions (at the part beyond
 * the joint) and as long as Blender's fallback, half the parent bone: continuing the parent's
 * direction sent a bull's head bone along the neck line, a foot's up the shin, and the parent kept
 * the end part. Longer leaves (to where the volume ends) scored worse: a witch's head bone ran up
 * into her hat, whose inside the rays then hid it from (header). A leaf whose extension runs into
 * an orphan with a bone of its own (an IK foot with a toe: the shin ends at the hoof) runs to that
 * joint, as to a child; an orphan without one (a lone foot joint on the floor) owns the part around
 * it, so the leaf stays half its parent bone long.
 */
function aimedLeafTips(skeleton: Skeleton, { segments, endsAt }: PlacedSegments): Map<number, [number, number, number]> {
  const tips = new Map<number, [number, number, number]>();
  const hasBone = skeleton.joints.map((_, j) => skeleton.joints.some((joint) => joint.parent === j));
  for (const seg of segments) {
    if (seg.leafLength === undefined) continue;
    const orphan = endsAt.get(seg);
    if (orphan !== undefined && hasBone[orphan]) {
      const [x, y, z] = skeleton.joints[orphan]!.position;
      tips.set(seg.joint, [x, y, z]);
      continue;
    }
    const d: [number, number, number] = [seg.b[0] - seg.a[0], seg.b[1] - seg.a[1], seg.b[2] - seg.a[2]];
    const scale = (HEAT_LEAF_LENGTH * seg.leafLength) / (Math.hypot(...d) || 1);
    if (scale > 0 && Number.isFinite(scale)) tips.set(seg.joint, [seg.a[0] + d[0] * scale, seg.a[1] + d[1] * scale, seg.a[2] + d[2] * scale]);
  }
  return tips;
}

/** A heat leaf bone's length as a fraction of its parent bone's (Blender's fallback). */
const HEAT_LEAF_LENGTH = 0.5;

interface PlacedSegments {
  segments: BoneSegment[];
  /** Leaf extensions that run into an orphan joint (an IK foot), with that joint. */
  endsAt: Map<BoneSegment, number>;
}

/** Step 3 of the header: anatomical segments, orphans attached, leaf extensions grown and aimed. */
function placedSegments(skeleton: Skeleton, grid: SkinVoxelGrid, opts: Required<ComputeSkinWeightsOptions>): PlacedSegments {
  const solid = (x: number, y: number, z: number): boolean => isSolidAt(grid, x, y, z);
  const segments = anatomicalSegments(skeleton, opts, solid, 0.5 * grid.cell);
  const tipped = pointLeavesAtTips(segments, opts.leafTips);
  const free = (seg: BoneSegment): boolean => !tipped.has(seg);
  if (opts.leafJoints === 'extend') extendLeafSegments(segments.filter(free), solid, 0.5 * grid.cell);
  // Orphans first (an IK foot ends the shin's extension along the shin), then every other
  // extension is aimed at its part and orphans are tried again against the aimed ones.
  const attached = new Set<number>();
  const endsAt = new Map<BoneSegment, number>();
  const joined = attachOrphans(skeleton, segments, attached, endsAt);
  if (opts.leafJoints === 'extend' && opts.aimLeaves) {
    const aimed = aimLeafSegments(segments, grid, (seg) => !joined.has(seg) && free(seg));
    extendLeafSegments(aimed, solid, 0.5 * grid.cell);
    attachOrphans(skeleton, segments, attached, endsAt);
  }
  return { segments, endsAt };
}

/** Runs each leaf extension with a known tip from its joint to that tip; returns those segments. */
function pointLeavesAtTips(segments: BoneSegment[], tips: readonly LeafTip[]): Set<BoneSegment> {
  const tipped = new Set<BoneSegment>();
  if (tips.length === 0) return tipped;
  const byJoint = new Map(tips.map((t) => [t.joint, t.tip]));
  for (const seg of segments) {
    const tip = byJoint.get(seg.joint);
    if (seg.leafLength === undefined || !tip || !tip.every(Number.isFinite)) continue;
    seg.b = [tip[0], tip[1], tip[2]];
    tipped.add(seg);
  }
  return tipped;
}

/**
 * Relabels the segments of non-deforming joints with their nearest deforming ancestor (in place),
 * after the segments are placed and aimed: the stand-in's bones still claim their region, which
 * then belongs to the ancestor as one piece. Joints with no deforming ancestor keep their label.
 */
function giveToDeformingAncestors(skeleton: Skeleton, segments: { joint: number }[], nonDeforming: readonly number[]): void {
  if (nonDeforming.length === 0) return;
  const passive = new Set(nonDeforming);
  const owner = skeleton.joints.map((_, j) => {
    const k = selfOrDeformingAncestor(skeleton, passive, j);
    return k >= 0 ? k : j;
  });
  for (const seg of segments) seg.joint = owner[seg.joint]!;
}

/** Each joint's nearest ancestor that takes weight (−1 for none): the tree the weights live on. */
function deformingParents(skeleton: Skeleton, nonDeforming: readonly number[]): number[] {
  const passive = new Set(nonDeforming);
  return skeleton.joints.map((joint) => selfOrDeformingAncestor(skeleton, passive, joint.parent));
}

/** Joint `k` if it takes weight, else its nearest ancestor that does; −1 when none does (or k is −1). */
function selfOrDeformingAncestor(skeleton: Skeleton, passive: ReadonlySet<number>, k: number): number {
  while (k >= 0 && passive.has(k)) k = skeleton.joints[k]!.parent;
  return k;
}

/**
 * A parent→child link with less than this share of its length inside the volume, from a root
 * outside the volume, is not a bone. Real links run through the body (share ~1); the helper
 * roots of the dev set (on the floor, at the scene origin) reach their children through 15–35%
 * solid; a root's link down a leg that it merely parallels stays above 0.6 and is kept.
 */
const PHANTOM_INSIDE_SHARE = 0.5;

/**
 * The bones of a skeleton as segments, leaving out links that are not anatomy: a link from a
 * root outside the volume to a joint inside it, reached mostly through air (a root on the floor
 * between the feet with the hips or a foot as children), would become a phantom bone taking
 * weight. A joint whose every link is phantom (that root) gets no segment at all; a skeleton
 * lying wholly outside the mesh keeps its links (its child joints are outside too).
 */
function anatomicalSegments(
  skeleton: Skeleton,
  opts: Required<ComputeSkinWeightsOptions>,
  solid: (x: number, y: number, z: number) => boolean,
  step: number,
): BoneSegment[] {
  const joints = skeleton.joints;
  // A root outside the body (on the floor between the feet, a scene origin) is a placement
  // helper: its links through air carry no anatomy.
  const outsideRoot = joints.map((joint) => joint.parent < 0 && !solid(joint.position[0], joint.position[1], joint.position[2]));
  const real = joints.map((joint) =>
    joint.parent < 0 || !outsideRoot[joint.parent] ||
    !solid(joint.position[0], joint.position[1], joint.position[2]) ||
    insideFraction(joints[joint.parent]!.position, joint.position, solid, step) >= PHANTOM_INSIDE_SHARE);
  // Joints whose every link was found phantom (the helper root itself) keep no segment.
  const linked = new Uint8Array(joints.length), phantomOnly = new Uint8Array(joints.length);
  joints.forEach((joint, j) => {
    if (joint.parent < 0) return;
    if (real[j]) linked[j] = linked[joint.parent] = 1;
    else phantomOnly[joint.parent] = 1;
  });
  const segments = boneSegments(skeleton, { leafMode: opts.leafJoints, isRealLink: (c) => real[c]! })
    .filter((seg) => linked[seg.joint] === 1 || phantomOnly[seg.joint] === 0);
  return segments.length > 0 ? segments : boneSegments(skeleton, { leafMode: opts.leafJoints });
}

/**
 * A joint with no parent bone (a foot kept as its own root for IK, or orphaned by a phantom link)
 * usually sits where a leg's chain ends: the leaf extension of the chain's last joint runs on
 * into it and would take its part. When a leaf extension passes within half its parent bone of
 * such a joint, the extension stops at the joint, and a lone joint (no bone of its own) takes
 * over the rest of the extension's direction. Joints in `attached` are skipped and joints attached
 * now are added; `endsAt` gets each stopped extension's orphan. Returns the segments
 * changed (they are not aimed again).
 */
function attachOrphans(skeleton: Skeleton, segments: BoneSegment[], attached: Set<number>, endsAt: Map<BoneSegment, number>): Set<BoneSegment> {
  const joined = new Set<BoneSegment>();
  const owned = new Map<number, BoneSegment[]>();
  for (const s of segments) owned.set(s.joint, [...(owned.get(s.joint) ?? []), s]);
  const hasParentLink = new Uint8Array(skeleton.joints.length);
  for (const s of segments) if (s.leafLength !== undefined) hasParentLink[s.joint] = 1;
  skeleton.joints.forEach((joint, j) => {
    if (joint.parent >= 0 && segments.some((s) => s.joint === joint.parent && s.b[0] === joint.position[0] && s.b[1] === joint.position[1] && s.b[2] === joint.position[2])) hasParentLink[j] = 1;
  });
  for (let j = 0; j < skeleton.joints.length; j++) {
    if (hasParentLink[j] === 1 || attached.has(j)) continue;
    const p = skeleton.joints[j]!.position;
    let best: BoneSegment | undefined, bestPerp = Infinity, bestT = 0;
    for (const seg of segments) {
      if (seg.leafLength === undefined || seg.joint === j) continue;
      const u = [seg.b[0] - seg.a[0], seg.b[1] - seg.a[1], seg.b[2] - seg.a[2]];
      const l2 = u[0]! * u[0]! + u[1]! * u[1]! + u[2]! * u[2]!;
      if (l2 === 0) continue;
      const t = ((p[0] - seg.a[0]) * u[0]! + (p[1] - seg.a[1]) * u[1]! + (p[2] - seg.a[2]) * u[2]!) / l2;
      if (t <= 0 || t > 1.2) continue;
      const perp = Math.hypot(p[0] - seg.a[0] - t * u[0]!, p[1] - seg.a[1] - t * u[1]!, p[2] - seg.a[2] - t * u[2]!);
      if (perp < 0.5 * seg.leafLength && perp < bestPerp) { bestPerp = perp; best = seg; bestT = t; }
    }
    if (!best) continue;
    joined.add(best);
    endsAt.set(best, j);
    attached.add(j);
    const end: [number, number, number] = [...best.b];
    const t = Math.min(1, bestT);
    best.b = [best.a[0] + (end[0] - best.a[0]) * t, best.a[1] + (end[1] - best.a[1]) * t, best.a[2] + (end[2] - best.a[2]) * t];
    const own = owned.get(j) ?? [];
    const lone = own.every((s) => s.a[0] === s.b[0] && s.a[1] === s.b[1] && s.a[2] === s.b[2]);
    if (lone && t < 1) {
      for (const s of own) {
        s.b = [end[0] + p[0] - best.b[0], end[1] + p[1] - best.b[1], end[2] + p[2] - best.b[2]];
        joined.add(s);
      }
    }
  }
  return joined;
}

/**
 * Solid cells above which the grid is coarsened: the geodesic pass costs labels × cells × 26.
 * Characters stay far below (≤ 130k cells at resolution 128, a chibi biped the most); a bulky prop
 * that fills its box (a crate: ~1.4M cells, 13 s) is skinned on a coarser grid instead.
 */
const MAX_SOLID_CELLS = 150_000;

function countSolidCells(grid: SkinVoxelGrid): number {
  // Locals: under tsx an imported constant is a getter call per read (2% of the dev set's rig time).
  const { state } = grid, empty = EMPTY;
  let solid = 0;
  for (let i = 0; i < state.length; i++) if (state[i] !== empty) solid++;
  return solid;
}

/**
 * The finest grid up to `resolution` within MAX_SOLID_CELLS. A pass at a coarse probe resolution
 * estimates the fill (solid grows with the cube of the resolution), so a bulky mesh is never
 * voxelised finely first.
 */
function voxelizeWithinBudget(positions: Float32Array, indices: Uint32Array, resolution: number): SkinVoxelGrid {
  const PROBE_RESOLUTION = 32;
  let target = resolution;
  if (resolution > PROBE_RESOLUTION) {
    const probe = countSolidCells(voxelizeSkinGrid(positions, indices, { resolution: PROBE_RESOLUTION }));
    const estimate = probe * (resolution / PROBE_RESOLUTION) ** 3;
    // The coarse probe overestimates thin shapes (its surface cells are thick), so it only decides
    // for clearly bulky ones; borderline shapes are measured at full resolution below.
    if (estimate > 2 * MAX_SOLID_CELLS) target = Math.floor(resolution * Math.cbrt(MAX_SOLID_CELLS / estimate));
  }
  for (;;) {
    const grid = voxelizeSkinGrid(positions, indices, { resolution: target });
    const solid = countSolidCells(grid);
    if (solid <= MAX_SOLID_CELLS || target <= 24) return grid;
    target = Math.max(24, Math.floor(target * Math.cbrt(MAX_SOLID_CELLS / solid) * 0.97));
  }
}

function isSolidAt(grid: SkinVoxelGrid, x: number, y: number, z: number): boolean {
  const i = Math.floor((x - grid.origin[0]) / grid.cell);
  const j = Math.floor((y - grid.origin[1]) / grid.cell);
  const k = Math.floor((z - grid.origin[2]) / grid.cell);
  if (i < 0 || j < 0 || k < 0 || i >= grid.nx || j >= grid.ny || k >= grid.nz) return false;
  return grid.state[i + grid.nx * (j + grid.ny * k)] !== EMPTY;
}

/** Joints tracked per voxel by the geodesic pass, and per vertex while smoothing. */
const GEODESIC_LABELS = 4;
const SMOOTHING_SLOTS = 6;

/**
 * Per vertex, the geodesic distance to a joint is the best over the 2×2×2 solid voxels around it
 * of (voxel's distance + distance from the vertex to the voxel centre): continuous across voxel
 * boundaries, and never reaching further than one cell through air.
 */
function vertexWeightsFromField(
  grid: SkinVoxelGrid,
  field: JointDistanceField,
  opts: Required<ComputeSkinWeightsOptions>,
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
): void {
  const { nx, ny, gridPositions: g } = grid;
  const { solidIndex, k, labels, dists, counts } = field;
  const nxy = nx * ny;
  const n = g.length / 3;
  const cj = new Int32Array(8 * k);
  const cd = new Float64Array(8 * k);
  const eps = 0.5;
  for (let v = 0; v < n; v++) {
    let count = 0;
    const gx = g[3 * v]!, gy = g[3 * v + 1]!, gz = g[3 * v + 2]!;
    const bx = Math.floor(gx - 0.5), by = Math.floor(gy - 0.5), bz = Math.floor(gz - 0.5);
    for (let c = 0; c < 8; c++) {
      const i = bx + (c & 1), j = by + ((c >> 1) & 1), kk = bz + ((c >> 2) & 1);
      const s = solidIndex[i + nx * j + nxy * kk];
      if (s === undefined || s < 0) continue;
      const ox = gx - i - 0.5, oy = gy - j - 0.5, oz = gz - kk - 0.5;
      const off = Math.sqrt(ox * ox + oy * oy + oz * oz);
      for (let q = s * k; q < s * k + counts[s]!; q++) {
        const l = labels[q]!, d = dists[q]! + off;
        let p = 0;
        while (p < count && cj[p] !== l) p++;
        if (p === count) {
          cj[p] = l;
          cd[p] = d;
          count++;
        } else if (d < cd[p]!) cd[p] = d;
      }
    }
    if (count === 0) continue;
    let dMin = Infinity;
    for (let p = 0; p < count; p++) if (cd[p]! < dMin) dMin = cd[p]!;
    // Weight ∝ ((dMin+ε)/(d+ε))^p: 1 for the nearest bone, falling off with relative distance, so
    // blending happens where two bones are about equally close (around joints) whatever the scale.
    for (let p = 0; p < count; p++) cd[p] = Math.pow((dMin + eps) / (cd[p]! + eps), opts.falloff);
    let sum = 0;
    for (let s = 0; s < slots; s++) {
      let best = -1;
      for (let p = 0; p < count; p++) if (cd[p]! > 0 && (best < 0 || cd[p]! > cd[best]!)) best = p;
      if (best < 0) break;
      outJoints[v * slots + s] = cj[best]!;
      outWeights[v * slots + s] = cd[best]!;
      sum += cd[best]!;
      cd[best] = 0;
    }
    for (let s = v * slots; s < v * slots + slots; s++) outWeights[s] = outWeights[s]! / sum;
  }
}

/** Vertices the volume could not weight (no triangles, one joint) go to the nearest bone. */
function euclideanFallback(
  positions: Float32Array,
  segments: BoneSegment[],
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
  opts: Required<ComputeSkinWeightsOptions>,
): void {
  const n = positions.length / 3;
  for (let v = 0; v < n; v++) {
    if (outJoints[v * slots]! >= 0) continue;
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    let best = 0, bestD = Infinity;
    for (const s of segments) {
      const d = segmentDistanceSquared(x, y, z, s.a, s.b);
      if (d < bestD) {
        bestD = d;
        best = s.joint;
      }
    }
    outJoints[v * slots] = best;
    outWeights[v * slots] = 1;
    void opts;
  }
}

/** Keep the `maxInfluences` largest weights at or above `minWeight` (always the largest), sum 1. */
function pruneInfluences(
  candJoints: Int32Array,
  candWeights: Float32Array,
  slots: number,
  opts: Required<ComputeSkinWeightsOptions>,
  outJoints: Uint16Array,
  outWeights: Float32Array,
): void {
  const n = candJoints.length / slots;
  const order = new Int32Array(slots);
  for (let v = 0; v < n; v++) {
    const base = v * slots;
    for (let s = 0; s < slots; s++) order[s] = base + s;
    order.sort((a, b) => (candWeights[b]! - candWeights[a]!) || 0);
    let total = 0;
    for (let s = 0; s < slots; s++) if (candJoints[order[s]!]! >= 0) total += candWeights[order[s]!]!;
    let kept = 0, keptSum = 0;
    for (let s = 0; s < slots && kept < opts.maxInfluences; s++) {
      const q = order[s]!;
      if (candJoints[q]! < 0) break;
      const w = candWeights[q]!;
      if (kept > 0 && w < opts.minWeight * total) break;
      outJoints[4 * v + kept] = candJoints[q]!;
      outWeights[4 * v + kept] = w;
      keptSum += w;
      kept++;
    }
    for (let s = 0; s < kept; s++) outWeights[4 * v + s] = outWeights[4 * v + s]! / keptSum;
  }
}

function expand(wJoints: Uint16Array, wWeights: Float32Array, remap: Uint32Array): SkinWeights {
  const n = remap.length;
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) {
    const r = remap[i]!;
    for (let k = 0; k < 4; k++) {
      joints[4 * i + k] = wJoints[4 * r + k]!;
      weights[4 * i + k] = wWeights[4 * r + k]!;
    }
  }
  return { joints, weights };
}
