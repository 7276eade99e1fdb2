/**
 * Image → 3D model by inflation (Teddy / Monster Mash style), the engine behind `generate_model`.
 *
 * decode → segment the subject → trace its outline → triangulate with interior points → inflate
 * (Poisson heights) → close front and back sheets into one solid → texture from the image →
 * GLB (or FBX) + thumbnail. Each stage is its own file; this one only wires them and keeps timings.
 * The geometry works at a reduced "working" resolution (cost grows with pixels, fidelity of a
 * smooth outline does not), the texture is cut from the full-resolution image.
 */
import { EngineError, PROBE_IMAGE_DEFAULTS, renderThumbnail, withDefaults, writeFbx, writeGlb, type Mesh } from '@rigforge/mesh';
import { BODY_PLAN_LEGS, BODY_PLANS, GENERATE_MODEL_OPTIONS, type BodyPlan, type GenerateModelStage } from '@rigforge/vocabulary';
import { bakeTexture } from './bake-texture';
import { buildClosedMesh } from './build-closed-mesh';
import { countOpenEdges } from './count-open-edges';
import { decodeImage } from './decode-image';
import { depthCueScale } from './depth-cue';
import { fishFlankProfile, flankSymmetry, flankWidth, isFlank, learnedFishFlank, learnedFlankExponent, type FishFlankRule } from './fish-flank';
import { finsWingsProfile, learnedFinsWings, learnedFlukedLift, lengthCapPixels, plateMiddle, type FinsWingsRule } from './fins-wings';
import { hasFlukes, hasTailFin } from './flukes';
import { ballExponent, depthLean, depthLegSpread, depthPrior, PICTURE_VIEWS, type PictureView } from './depth-prior';
import { rimLean } from './rim-lean';
import { ballProfile } from './ball-depth';
import { learnedFeet } from './feet-forward';
import { headTorsoMiddle, headTorsoProfile, learnedHeadTorso, type HeadTorsoDepth } from './head-torso';
import { inflateSurface } from './inflate-surface';
import { layerSideLegs } from './layered-parts';
import { learnedLimbLift } from './limb-lift';
import { outlineExponent } from './outline-exponent';
import { learnedPairedParts, type PairedPartsRule } from './paired-parts';
import { learnedSideTrunk, type SideTrunkDepth } from './side-trunk';
import { distanceTransform } from './mask-ops';
import { segmentSubject } from './segment-subject';
import { traceOutline } from './trace-outline';
import { triangulateOutline } from './triangulate-outline';

export interface GenerateModelOptions {
  /**
   * Depth, relative to the learned depth prior (`depth-prior.ts`): the default (0.5) is the prior as
   * learned from real characters, 1 twice as deep, 0.25 half. Range 0.05..2. Default 0.5.
   */
  thickness?: number;
  /**
   * What the picture shows, when the caller knows it: a body plan (`biped`, `quadruped`, ...) picks
   * that plan's depth prior, a view (`front`, `side`, `top`) the prior of pictures taken from there.
   * Unknown plans and a missing hint fall back to priors over all characters. Default: none.
   */
  bodyPlan?: string;
  view?: PictureView;
  /**
   * How far the body sits on its back sheet, −1..1: the front sheet at +(1 + lean)·h, the back at
   * −(1 − lean)·h, each point keeping its depth 2h (0: symmetric about the middle plane; 1: a flat
   * back). Pictures whose legs are built as parts (side views of legged plans) are not leaned.
   * Default: the lean learned for the view (`depth-prior.ts` `depthLean`: 0.25 from above, where
   * the depth axis is the vertical; 0 from the front, the side or no view), raised for a front
   * picture whose shading darkens toward its outline (`rim-lean.ts`: a body bulging toward the camera).
   */
  lean?: number;
  /**
   * How far apart the left and right legs of a side picture stand (only with `view: 'side'` and a
   * legged `bodyPlan`, whose legs are built as parts), 0..3: each leg's middle plane at
   * ±legSpread·(body half-depth − leg half-depth), 1 with the leg's outer side flush with the body's,
   * 0 every leg in the middle plane. Default: the spread learned for the plan (`depth-prior.ts` `depthLegSpread`).
   */
  legSpread?: number;
  /**
   * Whether a figure's feet reach forward from the ground (`feet-forward.ts`: the front sheet's
   * lowest band pushed forward in a wedge, as a foot pointing at the viewer is long). Default: the
   * feet learned for the plan and view (`feet-priors.json`, `scripts/fit-feet.ts`), none where none
   * were. Side pictures whose legs are built as parts never get them.
   */
  feet?: boolean;
  /**
   * Scale the depth of a fish or flyer (`bodyPlan` aquatic or avian) by a cue read from its
   * silhouette (`depth-cue.ts`: where its thickest part lies against the picture's vertical centre
   * line). Measured on the dev set, it helps those plans on average left out by artist but makes
   * 5 of 11 characters worse and depends on how the subject is turned in the picture, so it is off
   * by default (see packages/generate/docs/shape.md). Default false.
   */
  depthCue?: boolean;
  /**
   * Fins and wings as thin plates, bodies round (`fins-wings.ts`; `bodyPlan` aquatic or avian with a
   * `view`): from the front or top the parts off the body's middle line get `lateral` × the prior's
   * depth, from the side the half-depth is held to `lengthCap` × the silhouette's longer side.
   * Default: the rule learned for the plan and view (`fins-wings.json`, `scripts/fit-fins-wings.ts`);
   * `false` turns it off; an object sets the numbers (for fitting).
   */
  finsWings?: false | FinsWingsRule;
  /**
   * A figure's head and torso given their own depth (`head-torso.ts`: the medial balls above the
   * silhouette's neck × `head`, those of the core below it × `torso`, every other part (arms, legs)
   * × `rest`, 1 where none is learned). Default: the depths learned for the plan and view
   * (`head-torso.json`, `scripts/fit-head-torso.ts`: bipeds from the front, head 1.1, torso 0.9,
   * limbs 1.13), none where none were; `false` turns it off; an object sets the numbers (for
   * fitting; `rest` scales the other balls, `stocky` gives a figure whose torso is wide
   * for its height its own torso factor, `stocky-torso.ts`). Not applied with fins and wings, nor to
   * side pictures whose legs are parts.
   */
  headTorso?: false | HeadTorsoDepth;
  /**
   * A side picture's legged body: its trunk and its limbs (neck, head, tail, ears, horns) given their
   * own depth (`side-trunk.ts`: the body part's core balls × `trunk`, the limbs' × `limbs`), only where
   * the legs are built as parts. Default: the depths learned for the plan and view (`side-trunk.json`,
   * `scripts/fit-side-trunk.ts`), none where none were; `false` turns it off; an object sets them (for fitting).
   */
  sideTrunk?: false | SideTrunkDepth;
  /**
   * A side picture's legged body: its thin parts at the top of the silhouette (ears, horns, antlers),
   * which the picture shows once for a left/right pair, built as pairs (`paired-parts.ts`: a part whose
   * inscribed radius is at most `maxWidth` × the body's, each at ±spread·(the body's half-depth where it
   * joins − its own)), only where the legs are built as parts. Default: the rule learned for the plan and
   * view (`paired-parts.json`, `scripts/fit-paired-parts.ts`), none where none was; `false` turns it off.
   */
  pairedParts?: false | PairedPartsRule;
  /**
   * A fish seen from its flank (`fish-flank.ts`; `bodyPlan` aquatic): a picture whose silhouette is
   * mirror-symmetric about neither principal axis shows the fish's flank, whose body is `trunk` × as
   * wide as the medial balls make it, its median fins plates. Default: the rule learned for the plan
   * (`fish-flank.json`, `scripts/fit-fish-flank.ts`), none where none was; `false` turns it off; an
   * object sets the numbers (for fitting).
   */
  fishFlank?: false | FishFlankRule;
  /**
   * A legged body (`bodyPlan` quadruped, hexapod, octopod) pictured from the front or above: its
   * limbs' middle plane off the trunk's, × the trunk's largest half-depth (`limb-lift.ts`; negative:
   * away from the viewer, the legs under a body seen from above). Range −2..2. Default: the lift
   * learned for the view (`limb-lift.json`, `scripts/fit-plate-lift.ts --limbs`), none where none
   * was; `false` turns it off. Not applied with fins and wings, nor to side pictures.
   */
  limbLift?: false | number;
  /** Model file format. Default 'glb'. */
  outputFormat?: 'glb' | 'fbx';
  /** Height of the model in metres: the subject's outline spans y = 0..height. Default 1.0. */
  height?: number;
  /** Longest side of the working image the geometry is computed from, 64..2048. Default 512. */
  resolution?: number;
  /** Average distance between mesh vertices, in working pixels; 0 picks resolution / 64. Default 0. */
  spacing?: number;
  /** Longest side of the embedded texture, 16..4096. Default 1024. */
  textureSize?: number;
  /** Side of the square thumbnail PNG. Default 512. */
  thumbnailSize?: number;
  /** Largest accepted image, width × height. Default 4096 × 4096. */
  maxPixels?: number;
  /**
   * Called as each stage starts (`decode`, `segment`, `mesh`, `texture`, `write`, `thumbnail`:
   * @rigforge/vocabulary's GENERATE_MODEL_STAGES, in that order), so a caller can show progress.
   * It must return at once and must not throw. Default: nothing.
   */
  onStage?: (stage: GenerateModelStage) => void;
}

/** The options that have a value by default (all but the stage callback and the hints). */
type ValuedOptions = Required<Omit<GenerateModelOptions, 'onStage' | Hints>>;

export const GENERATE_MODEL_DEFAULTS: ValuedOptions = {
  thickness: GENERATE_MODEL_OPTIONS.thickness.default,
  outputFormat: 'glb',
  height: GENERATE_MODEL_OPTIONS.height.default,
  resolution: 512,
  spacing: 0,
  textureSize: 1024,
  thumbnailSize: 512,
  maxPixels: PROBE_IMAGE_DEFAULTS.maxPixels,
};

/** Hints that have no default: absent means unknown. */
type Hints = 'bodyPlan' | 'view' | 'lean' | 'legSpread' | 'feet' | 'depthCue' | 'finsWings' | 'headTorso' | 'sideTrunk' | 'fishFlank' | 'pairedParts' | 'limbLift';
type ResolvedOptions = ValuedOptions & Pick<GenerateModelOptions, Hints>;

export interface GenerateModelReport {
  /** Size of the input image. */
  width: number;
  height: number;
  /** Size of the working image the geometry was computed from. */
  workingWidth: number;
  workingHeight: number;
  segmentation: 'alpha' | 'background';
  /** Subject pixels at working resolution, and the subject's box in input-image pixels. */
  subjectPixels: number;
  subjectBox: { left: number; top: number; width: number; height: number };
  holes: number;
  vertices: number;
  triangles: number;
  /** Model size in metres (x, y, z extents). */
  dimensions: [number, number, number];
  textureWidth: number;
  textureHeight: number;
  timingsMs: Record<'decode' | 'segment' | 'outline' | 'triangulate' | 'inflate' | 'texture' | 'encode' | 'thumbnail' | 'total', number>;
  warnings: string[];
}

export interface GenerateModelResult {
  model: Uint8Array;
  format: 'glb' | 'fbx';
  thumbnail: Uint8Array;
  /** The mesh that was written, for callers that continue in memory (rigging, checks). */
  mesh: Mesh;
  report: GenerateModelReport;
}

/** Generate a closed, textured, rounded model from the subject of a PNG, JPEG or WebP image. */
export async function generateModel(image: Uint8Array, options: GenerateModelOptions = {}): Promise<GenerateModelResult> {
  const o = resolveOptions(options);
  const started = performance.now();
  let mark = started;
  const lap = (): number => { const now = performance.now(); const d = now - mark; mark = now; return Math.round(d * 10) / 10; };

  const stage = options.onStage ?? (() => undefined);
  stage('decode');
  const decoded = await decodeImage(image, { maxSide: o.resolution, maxPixels: o.maxPixels });
  const tDecode = lap();
  stage('segment');
  const subject = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
  const tSegment = lap();

  const workToOriginal = decoded.originalWidth / decoded.width;
  const spacing = o.spacing > 0 ? o.spacing : Math.max(2, Math.max(decoded.width, decoded.height) / 64);
  stage('mesh');
  const polygons = traceOutline(subject.mask, subject.width, subject.height, { maxEdge: spacing });
  if (polygons.length === 0) throw new EngineError('invalid_input', 'generate: no subject found (its outline is too small to model)');
  const tOutline = lap();

  const distance = distanceTransform(subject.mask, subject.width, subject.height);
  const planar = triangulateOutline(polygons, { spacing, distance, width: subject.width, height: subject.height });
  if (planar.triangles.length === 0) throw new EngineError('invalid_input', 'generate: no subject found (its outline could not be triangulated)');
  const tTriangulate = lap();

  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < planar.points.length; i += 2) {
    minX = Math.min(minX, planar.points[i]!); maxX = Math.max(maxX, planar.points[i]!);
    minY = Math.min(minY, planar.points[i + 1]!); maxY = Math.max(maxY, planar.points[i + 1]!);
  }
  const prior = depthPrior(o.bodyPlan, o.view);
  // Texture box in original pixels: the outline's box plus a small margin for bilinear filtering.
  const left = Math.max(0, Math.floor(minX * workToOriginal) - 2);
  const top = Math.max(0, Math.floor(minY * workToOriginal) - 2);
  const right = Math.min(decoded.originalWidth, Math.ceil(maxX * workToOriginal) + 2);
  const bottom = Math.min(decoded.originalHeight, Math.ceil(maxY * workToOriginal) + 2);
  const crop = { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  // The texture atlas has the front in its left half and the back in its right half.
  const uv = (x: number, y: number): [number, number] => [(x * workToOriginal - crop.left) / crop.width / 2, (y * workToOriginal - crop.top) / crop.height];
  const backUv = (x: number, y: number): [number, number] => [0.5 + (x * workToOriginal - crop.left) / crop.width / 2, (y * workToOriginal - crop.top) / crop.height];
  // The learned prior sets the profile; `thickness` scales it (its default is the prior as learned).
  const cue = o.depthCue === true ? depthCueScale(subject.mask, distance, subject.width, subject.height, o.bodyPlan) : 1;
  const thicknessScale = prior.a * cue * (o.thickness / GENERATE_MODEL_DEFAULTS.thickness);
  const ballWeight = prior.c * cue * (o.thickness / GENERATE_MODEL_DEFAULTS.thickness);
  const plates = o.finsWings === false || !o.view ? undefined : o.finsWings ?? learnedFinsWings(o.bodyPlan, o.view);
  // The medial balls' profile for the view (a fuller one from the side, `depth-prior.ts` ballExponent;
  // a fish's flank reads it from its trunk's outline, `outline-exponent.ts`, whatever the view hint).
  const flankExponent = o.fishFlank === false ? undefined : learnedFlankExponent(o.bodyPlan);
  // A fish's flank: less symmetric than its back or nose, and with an upright tail fin (`flukes.ts`
  // `hasTailFin`): a cetacean's flank is a lens whatever its round section, so it reads nothing from it.
  const flankPicture = flankExponent !== undefined && flankSymmetry(subject.mask, subject.width, subject.height) < flankExponent.below
    && hasTailFin(subject.mask, distance, subject.width, subject.height);
  const profileExponent = flankPicture
    ? outlineExponent(subject.mask, distance, subject.width, subject.height, ballExponent(o.view)) : ballExponent(o.view);
  // And, where the table links them (`width`), the flank's trunk as wide as that section is full (`flankWidth`).
  const flankByOutline: FishFlankRule | undefined = flankPicture && flankExponent.width !== undefined
    ? { trunk: flankWidth(profileExponent, flankExponent.width), below: flankExponent.below } : undefined;
  // A side picture of a legged body shows each left/right pair of legs as one column: rebuilt as
  // a pair of parts at the body's sides (see layered-parts.ts). Other pictures are one part.
  const sideCap = plates && o.view === 'side' ? lengthCapPixels(subject.mask, subject.width, subject.height, plates) : Infinity;
  const legPairs = o.view === 'side' && isBodyPlan(o.bodyPlan) ? BODY_PLAN_LEGS[o.bodyPlan] / 2 : 0;
  const trunk = o.sideTrunk === false ? undefined : o.sideTrunk ?? learnedSideTrunk(o.bodyPlan, o.view);
  const pairedParts = o.pairedParts === false ? undefined : o.pairedParts ?? learnedPairedParts(o.bodyPlan, o.view);
  const layered = layerSideLegs(subject.mask, distance, {
    width: subject.width, height: subject.height, spacing, thickness: thicknessScale, exponent: prior.b, ballWeight, ballExponent: profileExponent,
    referenceLength: Math.max(1, maxY - minY), uv, backUv, legSpread: o.legSpread ?? depthLegSpread(o.bodyPlan),
    ...(Number.isFinite(sideCap) ? { maxBallHeight: sideCap } : {}), ...(trunk !== undefined ? { trunk } : {}), ...(pairedParts ? { pairedParts } : {}), ...(plates?.sideLateral !== undefined ? { sideLateral: plates.sideLateral } : {}),
    frame: { centreX: (minX + maxX) / 2, maxY, scale: o.height / Math.max(1e-9, maxY - minY) },
  }, legPairs);
  // One part: the whole outline inflated (only when the legs were not built as parts: the solve is
  // the costliest step of the mesh stage).
  const { mesh, weld } = layered?.closed ?? ((): ReturnType<typeof buildClosedMesh> => {
    // Front and top pictures: `lateral` off the middle line; side pictures: `sideLateral` off the trunk's axis.
    const lateral = o.view === 'side' ? plates?.sideLateral : plates?.lateral;
    const headTorso = o.headTorso === false ? undefined : o.headTorso ?? learnedHeadTorso(o.bodyPlan, o.view);
    // A fish's flank, whatever the view hint says (the silhouette tells): the trunk × the learned width, median fins plates.
    const flank = o.fishFlank === false ? undefined : o.fishFlank ?? learnedFishFlank(o.bodyPlan) ?? flankByOutline;
    const flankFins = o.finsWings === false ? 1 : (o.finsWings?.sideLateral ?? learnedFinsWings(o.bodyPlan, 'side')?.sideLateral ?? 1);
    const isFishFlank = flank !== undefined && isFlank(subject.mask, subject.width, subject.height, flank);
    const flankOrPlates = isFishFlank || (lateral !== undefined && o.view !== undefined);
    const added = ballWeight <= 0 ? undefined : isFishFlank
      ? fishFlankProfile(planar.points, subject.mask, distance, subject.width, subject.height, ballWeight, profileExponent, flank.trunk, flankFins)
      : lateral !== undefined && o.view
      ? finsWingsProfile(planar.points, subject.mask, distance, subject.width, subject.height, ballWeight, profileExponent, o.view, o.view === 'side' ? { lateral } : { ...plates, lateral })
      : headTorso
        ? headTorsoProfile(planar.points, subject.mask, distance, subject.width, subject.height, ballWeight, profileExponent, headTorso)
        : ballProfile(planar.points, distance, subject.width, subject.height, ballWeight, profileExponent);
    // A side picture's length cap, as layered-parts.ts applies it to each part (`maxBallHeight`).
    if (added && Number.isFinite(sideCap)) for (let i = 0; i < added.length; i++) added[i] = Math.min(added[i]!, sideCap);
    const heights = inflateSurface(planar, thicknessScale, { exponent: prior.b, referenceLength: Math.max(1, maxY - minY), ...(added ? { added } : {}) });
    const feet = o.feet === false ? undefined : learnedFeet(o.bodyPlan, o.view);
    // Front and top pictures of fish and flyers: the lateral plates' middle plane off the outline's
    // (`plateLift`); of legged bodies without plates, the limbs' (`limb-lift.ts`).
    // A learned rule's plates sit at a cetacean's belly where the picture of its back shows flukes (`flukes.ts`).
    const fluked = plates && o.finsWings === undefined && plates.plateLift === undefined && !flankPicture && o.view !== undefined && o.view !== 'side'
      ? learnedFlukedLift(o.bodyPlan) : undefined;
    const lift = plates
      ? plates.plateLift ?? (fluked !== undefined && o.view !== undefined && o.view !== 'side' && hasFlukes(subject.mask, subject.width, subject.height, o.view) ? fluked : undefined)
      : o.limbLift === false ? undefined : o.limbLift ?? learnedLimbLift(o.bodyPlan, o.view);
    const middle = lift && o.view !== undefined && o.view !== 'side'
      ? plateMiddle(planar.points, subject.mask, distance, subject.width, subject.height, ballWeight, profileExponent, o.view, lift)
      // A figure's head leaning toward the viewer (`head-torso.ts` headLean); only where its depth is the head-torso profile's.
      : headTorso && added && !flankOrPlates ? headTorsoMiddle(planar.points, subject.mask, distance, subject.width, subject.height, ballWeight, profileExponent, headTorso) : undefined;
    return buildClosedMesh(planar, heights, { height: o.height, uv, backUv, lean: o.lean ?? Math.min(1, depthLean(o.view, o.bodyPlan) + rimLean(o.view, decoded.data, subject.mask, distance)), ...(feet ? { feet } : {}), ...(middle ? { middle } : {}) });
  })();
  const open = countOpenEdges(mesh, weld);
  if (open > 0) throw new EngineError('engine_error', `generate: the mesh came out with ${open} open or non-manifold edges`);
  const tInflate = lap();

  stage('texture');
  const texture = await bakeTexture(image, { maxSize: o.textureSize, crop, subject, workToOriginal });
  mesh.materials.push({
    name: 'generated',
    baseColor: [1, 1, 1, 1],
    metallic: 0,
    roughness: 0.8,
    baseColorTexture: { mimeType: 'image/png', bytes: texture.png },
  });
  const tTexture = lap();

  stage('write');
  const model = o.outputFormat === 'fbx' ? writeFbx(mesh) : await writeGlb(mesh, { generator: 'rigforge generate' });
  const tEncode = lap();
  stage('thumbnail');
  const thumbnail = renderThumbnail(mesh, { size: o.thumbnailSize });
  const tThumbnail = lap();

  const dims: [number, number, number] = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = axis; i < mesh.positions.length; i += 3) { lo = Math.min(lo, mesh.positions[i]!); hi = Math.max(hi, mesh.positions[i]!); }
    dims[axis] = Math.round((hi - lo) * 1e4) / 1e4;
  }
  return {
    model,
    format: o.outputFormat,
    thumbnail,
    mesh,
    report: {
      width: decoded.originalWidth,
      height: decoded.originalHeight,
      workingWidth: decoded.width,
      workingHeight: decoded.height,
      segmentation: subject.method,
      subjectPixels: subject.subjectPixels,
      subjectBox: {
        left: minX * workToOriginal,
        top: minY * workToOriginal,
        width: (maxX - minX) * workToOriginal,
        height: (maxY - minY) * workToOriginal,
      },
      holes: subject.holes,
      vertices: mesh.positions.length / 3,
      triangles: mesh.indices.length / 3,
      dimensions: dims,
      textureWidth: texture.width,
      textureHeight: texture.height,
      timingsMs: {
        decode: tDecode, segment: tSegment, outline: tOutline, triangulate: tTriangulate, inflate: tInflate,
        texture: tTexture, encode: tEncode, thumbnail: tThumbnail,
        total: Math.round((performance.now() - started) * 10) / 10,
      },
      warnings: subject.warnings,
    },
  };
}

function resolveOptions(options: GenerateModelOptions): ResolvedOptions {
  const o: ResolvedOptions = { ...withDefaults(GENERATE_MODEL_DEFAULTS, options), bodyPlan: options.bodyPlan, view: options.view, lean: options.lean, legSpread: options.legSpread, feet: options.feet, depthCue: options.depthCue, finsWings: options.finsWings, headTorso: options.headTorso, sideTrunk: options.sideTrunk, fishFlank: options.fishFlank, pairedParts: options.pairedParts, limbLift: options.limbLift };
  const range = (name: keyof GenerateModelOptions, value: number, lo: number, hi: number): void => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
      throw new EngineError('invalid_input', `generate: ${name} must be a number in ${lo}..${hi}, got ${String(value)}`);
    }
  };
  // The request's options default and range as the wire contract validates them (one list, vocabulary).
  range('thickness', o.thickness, GENERATE_MODEL_OPTIONS.thickness.min, GENERATE_MODEL_OPTIONS.thickness.max);
  range('height', o.height, GENERATE_MODEL_OPTIONS.height.min, GENERATE_MODEL_OPTIONS.height.max);
  range('resolution', o.resolution, 64, 2048);
  range('spacing', o.spacing, 0, 256);
  range('textureSize', o.textureSize, 16, 4096);
  range('thumbnailSize', o.thumbnailSize, 16, 4096);
  range('maxPixels', o.maxPixels, 1, 1 << 30);
  if (o.lean !== undefined) range('lean', o.lean, -1, 1);
  if (o.legSpread !== undefined) range('legSpread', o.legSpread, 0, 3);
  if (o.finsWings !== undefined && o.finsWings !== false) {
    if (typeof o.finsWings !== 'object' || o.finsWings === null) throw new EngineError('invalid_input', 'generate: finsWings must be false or { lateral, lengthCap }');
    if (o.finsWings.lateral !== undefined) range('finsWings', o.finsWings.lateral, 0, 1);
    if (o.finsWings.lengthCap !== undefined) range('finsWings', o.finsWings.lengthCap, 0.001, 1);
    if (o.finsWings.trunk !== undefined) range('finsWings', o.finsWings.trunk, 0.05, 3);
    if (o.finsWings.trunkCap !== undefined) range('finsWings', o.finsWings.trunkCap, 0.01, 100);
    if (o.finsWings.sideLateral !== undefined) range('finsWings', o.finsWings.sideLateral, 0, 1);
    if (o.finsWings.plateLift !== undefined) range('finsWings', o.finsWings.plateLift, -2, 2);
  }
  if (o.headTorso !== undefined && o.headTorso !== false) {
    if (typeof o.headTorso !== 'object' || o.headTorso === null) throw new EngineError('invalid_input', 'generate: headTorso must be false or { head, torso }');
    range('headTorso', o.headTorso.head, 0.05, 4);
    range('headTorso', o.headTorso.torso, 0.05, 4);
    if (o.headTorso.rest !== undefined) range('headTorso', o.headTorso.rest, 0.05, 4);
    if (o.headTorso.headLean !== undefined) range('headTorso', o.headTorso.headLean, -1, 1);
    if (o.headTorso.stocky !== undefined) {
      range('headTorso', o.headTorso.stocky.minWidth, 0.001, 1);
      range('headTorso', o.headTorso.stocky.torso, 0.05, 4);
    }
  }
  if (o.pairedParts !== undefined && o.pairedParts !== false) {
    if (typeof o.pairedParts !== 'object' || o.pairedParts === null) throw new EngineError('invalid_input', 'generate: pairedParts must be false or { maxWidth, spread }');
    range('pairedParts', o.pairedParts.maxWidth, 0, 1);
    range('pairedParts', o.pairedParts.spread, 0, 3);
  }
  if (o.sideTrunk !== undefined && o.sideTrunk !== false) {
    if (typeof o.sideTrunk !== 'object' || o.sideTrunk === null) throw new EngineError('invalid_input', 'generate: sideTrunk must be false or { trunk, limbs }');
    range('sideTrunk', o.sideTrunk.trunk, 0.05, 4);
    range('sideTrunk', o.sideTrunk.limbs, 0.05, 4);
  }
  if (o.fishFlank !== undefined && o.fishFlank !== false) {
    if (typeof o.fishFlank !== 'object' || o.fishFlank === null) throw new EngineError('invalid_input', 'generate: fishFlank must be false or { trunk, below }');
    range('fishFlank', o.fishFlank.trunk, 0.05, 4);
    range('fishFlank', o.fishFlank.below, 0, 1);
  }
  if (o.limbLift !== undefined && o.limbLift !== false) range('limbLift', o.limbLift, -2, 2);
  if (o.feet !== undefined && typeof o.feet !== 'boolean') throw new EngineError('invalid_input', `generate: feet must be true or false, got ${String(o.feet)}`);
  if (o.outputFormat !== 'glb' && o.outputFormat !== 'fbx') {
    throw new EngineError('invalid_input', `generate: unknown output format "${String(o.outputFormat)}" (glb or fbx)`);
  }
  if (o.bodyPlan !== undefined && (typeof o.bodyPlan !== 'string' || !/^[a-z]{1,32}$/.test(o.bodyPlan))) {
    throw new EngineError('invalid_input', `generate: bodyPlan must be a lower-case word, got ${String(o.bodyPlan)}`);
  }
  if (o.view !== undefined && !PICTURE_VIEWS.includes(o.view)) {
    throw new EngineError('invalid_input', `generate: unknown view "${String(o.view)}" (${PICTURE_VIEWS.join(', ')})`);
  }
  o.resolution = Math.round(o.resolution);
  return o;
}

function isBodyPlan(plan: string | undefined): plan is BodyPlan {
  return (BODY_PLANS as readonly string[]).includes(plan ?? '');
}
