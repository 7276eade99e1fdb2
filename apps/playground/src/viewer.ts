/**
 * The 3D viewer: a rigged model (GLB through GLTFLoader, FBX through FBXLoader) with its skeleton
 * overlaid (SkeletonHelper for the bones, points for the joints), a chosen joint that can be bent,
 * the chosen joint's skin weights as vertex colours, and playback of the file's animations.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { FBXLoader } from 'three/addons/loaders/FBXLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export type ModelFormat = 'glb' | 'gltf' | 'fbx';

export interface ViewerSnapshot {
  loaded: boolean;
  title: string;
  skinnedMeshCount: number;
  meshCount: number;
  jointCount: number;
  jointNames: string[];
  selectedJoint: string | null;
  bendDegrees: [number, number, number];
  skeletonVisible: boolean;
  heatMap: boolean;
  animations: string[];
  playing: string | null;
}

interface Rest {
  position: THREE.Vector3;
  quaternion: THREE.Quaternion;
  scale: THREE.Vector3;
}

interface HeatState {
  material: THREE.Material | THREE.Material[];
  color: THREE.BufferAttribute | THREE.InterleavedBufferAttribute | undefined;
}

const HEAT_COLD = new THREE.Color('#1d3b8f');
const HEAT_HOT = new THREE.Color('#ff3b1f');
const HEAT_MID = new THREE.Color('#f5e663');

export class Viewer {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly clock = new THREE.Clock();
  private readonly overlay = new THREE.Group();

  private root: THREE.Object3D | null = null;
  private title = '';
  private skinned: THREE.SkinnedMesh[] = [];
  private meshCount = 0;
  private bones: THREE.Bone[] = [];
  private readonly rest = new Map<THREE.Bone, Rest>();
  private bindPositions = new Map<THREE.SkinnedMesh, Float32Array>();
  private skeletonHelper: THREE.SkeletonHelper | null = null;
  private jointPoints: THREE.Points | null = null;
  private selectedPoint: THREE.Points | null = null;
  private selected: THREE.Bone | null = null;
  private bend: [number, number, number] = [0, 0, 0];
  private heatMap = false;
  private readonly heatSaved = new Map<THREE.SkinnedMesh, HeatState>();
  private skeletonVisible = true;
  private mixer: THREE.AnimationMixer | null = null;
  private clips: THREE.AnimationClip[] = [];
  private playing: THREE.AnimationAction | null = null;

  constructor(private readonly container: HTMLElement) {
    // preserveDrawingBuffer: screenshots (the browser test's, a user's) see the last frame.
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    container.append(this.renderer.domElement);
    this.scene.background = new THREE.Color('#20242c');
    this.scene.add(new THREE.HemisphereLight('#ffffff', '#445066', 2.2));
    const sun = new THREE.DirectionalLight('#ffffff', 2);
    sun.position.set(2, 4, 3);
    this.scene.add(sun);
    const grid = new THREE.GridHelper(4, 20, '#56627a', '#343b49');
    this.scene.add(grid);
    this.scene.add(this.overlay);
    this.camera.position.set(0, 1.2, 3.5);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.target.set(0, 0.9, 0);
    this.controls.enableDamping = true;
    // Arrow keys orbit the view when the viewport has focus.
    this.renderer.domElement.tabIndex = 0;
    this.renderer.domElement.setAttribute('aria-label', '3D viewport: arrow keys pan, drag to orbit, scroll to zoom');
    this.controls.listenToKeyEvents(this.renderer.domElement);
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
    this.renderer.setAnimationLoop(() => this.frame());
  }

  /** Loads a model from bytes; throws when the bytes are not a model of that format. */
  async load(bytes: ArrayBuffer, format: ModelFormat, title: string): Promise<void> {
    let root: THREE.Object3D;
    let clips: THREE.AnimationClip[];
    if (format === 'fbx') {
      const group = new FBXLoader().parse(bytes, '');
      root = group;
      clips = group.animations;
    } else {
      const gltf = await new GLTFLoader().parseAsync(bytes, '');
      root = gltf.scene;
      clips = gltf.animations;
    }
    this.clear();
    this.root = root;
    this.title = title;
    this.scene.add(root);
    root.updateMatrixWorld(true);

    // Every joint of the rig, not only its skeletons' bones: FBXLoader builds a skeleton from the
    // skin's clusters, and a joint that weighs no vertex (a hip or tail joint whose neighbours take
    // its weight) has no cluster, so it is a Bone in the tree but in no skeleton. GLB lists every
    // joint in the skin, so both formats show the same joints in the tree's order.
    const bones = new Set<THREE.Bone>();
    root.traverse((object) => {
      if ((object as THREE.Bone).isBone) bones.add(object as THREE.Bone);
      if ((object as THREE.Mesh).isMesh) this.meshCount += 1;
      if ((object as THREE.SkinnedMesh).isSkinnedMesh) {
        const mesh = object as THREE.SkinnedMesh;
        // Skinned bounds move with the pose; never cull the model while a joint is bent.
        mesh.frustumCulled = false;
        this.skinned.push(mesh);
      }
    });
    // A skeleton's bone outside the loaded tree (not seen in files so far) is still a joint.
    for (const mesh of this.skinned) for (const bone of mesh.skeleton.bones) bones.add(bone);
    this.bones = [...bones];
    for (const bone of this.bones) {
      this.rest.set(bone, { position: bone.position.clone(), quaternion: bone.quaternion.clone(), scale: bone.scale.clone() });
    }
    for (const mesh of this.skinned) this.bindPositions.set(mesh, this.skinnedPositions(mesh));

    if (this.bones.length > 0) {
      this.skeletonHelper = new THREE.SkeletonHelper(root);
      const material = this.skeletonHelper.material as THREE.LineBasicMaterial;
      material.depthTest = false;
      material.transparent = true;
      this.skeletonHelper.renderOrder = 10;
      this.overlay.add(this.skeletonHelper);
      this.jointPoints = makePoints(this.bones.length, '#7cf2ff', 7);
      this.selectedPoint = makePoints(1, '#ffd166', 14);
      this.overlay.add(this.jointPoints, this.selectedPoint);
    }
    this.clips = clips;
    this.mixer = clips.length > 0 ? new THREE.AnimationMixer(root) : null;
    this.setSkeletonVisible(this.skeletonVisible);
    this.frameModel();
  }

  get jointNames(): string[] {
    return this.bones.map((bone, i) => bone.name || `joint ${i}`);
  }

  get animationNames(): string[] {
    return this.clips.map((clip, i) => clip.name || `clip ${i + 1}`);
  }

  setSkeletonVisible(visible: boolean): void {
    this.skeletonVisible = visible;
    this.overlay.visible = visible;
  }

  /** Chooses the joint the sliders bend and the heat-map shows; its bend starts from the current pose. */
  selectJoint(index: number): void {
    this.selected = this.bones[index] ?? null;
    const rest = this.selected ? this.rest.get(this.selected) : undefined;
    if (this.selected && rest) {
      const delta = rest.quaternion.clone().invert().multiply(this.selected.quaternion);
      const euler = new THREE.Euler().setFromQuaternion(delta);
      this.bend = [euler.x, euler.y, euler.z].map((r) => Math.round(THREE.MathUtils.radToDeg(r))) as [number, number, number];
    } else {
      this.bend = [0, 0, 0];
    }
    if (this.heatMap) this.applyHeatMap();
  }

  get bendDegrees(): [number, number, number] {
    return [...this.bend];
  }

  /** Rotates the chosen joint by these angles (degrees, XYZ order) from its rest pose. */
  bendJoint(degrees: [number, number, number]): void {
    if (!this.selected) return;
    this.stopAnimation();
    const rest = this.rest.get(this.selected);
    if (!rest) return;
    this.bend = degrees;
    const [x, y, z] = degrees.map((d) => THREE.MathUtils.degToRad(d)) as [number, number, number];
    this.selected.quaternion.copy(rest.quaternion).multiply(new THREE.Quaternion().setFromEuler(new THREE.Euler(x, y, z)));
  }

  resetPose(): void {
    this.stopAnimation();
    this.restorePose();
    this.bend = [0, 0, 0];
  }

  setHeatMap(on: boolean): void {
    this.heatMap = on;
    if (on) this.applyHeatMap();
    else this.removeHeatMap();
  }

  play(index: number): void {
    const clip = this.clips[index];
    if (!this.mixer || !clip) return;
    this.stopAnimation();
    this.playing = this.mixer.clipAction(clip);
    this.playing.reset().play();
  }

  stopAnimation(): void {
    if (!this.playing) return;
    this.mixer?.stopAllAction();
    this.playing = null;
    this.restorePose();
    // The chosen joint keeps the bend its sliders show.
    if (this.selected && this.bend.some((d) => d !== 0)) this.bendJoint(this.bend);
  }

  get isPlaying(): boolean {
    return this.playing !== null;
  }

  snapshot(): ViewerSnapshot {
    return {
      loaded: this.root !== null,
      title: this.title,
      skinnedMeshCount: this.skinned.length,
      meshCount: this.meshCount,
      jointCount: this.bones.length,
      jointNames: this.jointNames,
      selectedJoint: this.selected ? this.selected.name : null,
      bendDegrees: this.bendDegrees,
      skeletonVisible: this.skeletonVisible,
      heatMap: this.heatMap,
      animations: this.animationNames,
      playing: this.playing ? this.playing.getClip().name : null,
    };
  }

  /** The largest distance (model units) any skinned vertex has moved from the bind pose. */
  maxVertexDisplacement(): number {
    this.root?.updateMatrixWorld(true);
    let max = 0;
    for (const mesh of this.skinned) {
      const bind = this.bindPositions.get(mesh);
      if (!bind) continue;
      const now = this.skinnedPositions(mesh);
      for (let i = 0; i < now.length; i += 3) {
        const d = Math.hypot(now[i]! - bind[i]!, now[i + 1]! - bind[i + 1]!, now[i + 2]! - bind[i + 2]!);
        if (d > max) max = d;
      }
    }
    return max;
  }

  private skinnedPositions(mesh: THREE.SkinnedMesh): Float32Array {
    const position = mesh.geometry.getAttribute('position');
    const out = new Float32Array(position.count * 3);
    const v = new THREE.Vector3();
    for (let i = 0; i < position.count; i++) {
      v.fromBufferAttribute(position, i);
      mesh.applyBoneTransform(i, v);
      out[i * 3] = v.x;
      out[i * 3 + 1] = v.y;
      out[i * 3 + 2] = v.z;
    }
    return out;
  }

  private restorePose(): void {
    for (const [bone, rest] of this.rest) {
      bone.position.copy(rest.position);
      bone.quaternion.copy(rest.quaternion);
      bone.scale.copy(rest.scale);
    }
  }

  /** Colours each vertex by its skin weight for the chosen joint: blue 0, yellow 0.5, red 1. */
  private applyHeatMap(): void {
    for (const mesh of this.skinned) {
      const skinIndex = mesh.geometry.getAttribute('skinIndex');
      const skinWeight = mesh.geometry.getAttribute('skinWeight');
      if (!skinIndex || !skinWeight) continue;
      if (!this.heatSaved.has(mesh)) {
        this.heatSaved.set(mesh, { material: mesh.material, color: mesh.geometry.getAttribute('color') });
      }
      const joint = this.selected ? mesh.skeleton.bones.indexOf(this.selected) : -1;
      const colors = new Float32Array(skinIndex.count * 3);
      const c = new THREE.Color();
      for (let i = 0; i < skinIndex.count; i++) {
        let w = 0;
        for (let k = 0; k < skinIndex.itemSize; k++) {
          if (skinIndex.getComponent(i, k) === joint) w += skinWeight.getComponent(i, k);
        }
        heatColor(Math.min(1, w), c);
        colors[i * 3] = c.r;
        colors[i * 3 + 1] = c.g;
        colors[i * 3 + 2] = c.b;
      }
      mesh.geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
      if (!(mesh.material instanceof THREE.MeshLambertMaterial && mesh.material.userData.heat)) {
        const material = new THREE.MeshLambertMaterial({ vertexColors: true });
        material.userData.heat = true;
        mesh.material = material;
      }
    }
  }

  private removeHeatMap(): void {
    for (const [mesh, saved] of this.heatSaved) {
      (mesh.material as THREE.Material).dispose();
      mesh.material = saved.material;
      if (saved.color) mesh.geometry.setAttribute('color', saved.color);
      else mesh.geometry.deleteAttribute('color');
    }
    this.heatSaved.clear();
  }

  private clear(): void {
    this.stopAnimation();
    this.removeHeatMap();
    if (this.root) {
      this.scene.remove(this.root);
      this.root.traverse((object) => {
        const mesh = object as THREE.Mesh;
        if (mesh.isMesh) {
          mesh.geometry.dispose();
          for (const material of ([] as THREE.Material[]).concat(mesh.material)) material.dispose();
        }
      });
    }
    for (const child of [...this.overlay.children]) {
      this.overlay.remove(child);
      if (child instanceof THREE.SkeletonHelper) child.dispose();
      if (child instanceof THREE.Points) {
        child.geometry.dispose();
        (child.material as THREE.Material).dispose();
      }
    }
    this.root = null;
    this.skinned = [];
    this.meshCount = 0;
    this.bones = [];
    this.rest.clear();
    this.bindPositions = new Map();
    this.skeletonHelper = null;
    this.jointPoints = null;
    this.selectedPoint = null;
    this.selected = null;
    this.bend = [0, 0, 0];
    this.heatMap = false;
    this.mixer = null;
    this.clips = [];
  }

  private frameModel(): void {
    if (!this.root) return;
    const box = new THREE.Box3().setFromObject(this.root);
    if (box.isEmpty()) return;
    const size = box.getSize(new THREE.Vector3());
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(size.x, size.y, size.z) / 2 || 1;
    const distance = radius / Math.tan(THREE.MathUtils.degToRad(this.camera.fov / 2)) * 1.35;
    this.controls.target.copy(center);
    this.camera.position.copy(center).add(new THREE.Vector3(0.35, 0.15, 1).normalize().multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  private resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  private frame(): void {
    const dt = this.clock.getDelta();
    if (this.playing) this.mixer?.update(dt);
    this.controls.update();
    if (this.jointPoints && this.overlay.visible) {
      const p = this.jointPoints.geometry.getAttribute('position') as THREE.BufferAttribute;
      const v = new THREE.Vector3();
      this.root?.updateMatrixWorld(true);
      this.bones.forEach((bone, i) => {
        bone.getWorldPosition(v);
        p.setXYZ(i, v.x, v.y, v.z);
      });
      p.needsUpdate = true;
      this.jointPoints.geometry.computeBoundingSphere();
      if (this.selectedPoint) {
        const s = this.selectedPoint.geometry.getAttribute('position') as THREE.BufferAttribute;
        this.selectedPoint.visible = this.selected !== null;
        if (this.selected) this.selected.getWorldPosition(v);
        s.setXYZ(0, v.x, v.y, v.z);
        s.needsUpdate = true;
        this.selectedPoint.geometry.computeBoundingSphere();
      }
    }
    this.renderer.render(this.scene, this.camera);
  }
}

function makePoints(count: number, color: string, size: number): THREE.Points {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(count * 3), 3));
  const material = new THREE.PointsMaterial({ color, size, sizeAttenuation: false, depthTest: false, transparent: true });
  const points = new THREE.Points(geometry, material);
  points.renderOrder = 11;
  points.frustumCulled = false;
  return points;
}

function heatColor(w: number, out: THREE.Color): THREE.Color {
  return w < 0.5 ? out.copy(HEAT_COLD).lerp(HEAT_MID, w * 2) : out.copy(HEAT_MID).lerp(HEAT_HOT, (w - 0.5) * 2);
}
