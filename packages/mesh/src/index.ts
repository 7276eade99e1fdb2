/** The mesh package's public surface: readers, writers, thumbnails, checks and the engine error. */
export * from './mesh-model';
export * from './mesh-error';
export * from './write-glb';
export * from './render-thumbnail';
export * from './render/render-silhouette';
// Math.hypot of three without the builtin's allocations, bit for bit (the rig's per-triangle areas read it too).
export { hypot3 } from './render/hypot3';
export * from './sniff-mesh-format';
export * from './read-mesh';
export * from './write-fbx';
export * from './write-vrm';
export { fbxTextureWarnings } from './fbx-write/fbx-textures';
export * from './read-animation-clip';
export * from './animation/quat';
export { jointRestOrientations, orientClipTracks, restRotationsOf, type JointFrameRule } from './animation/joint-orientation';
export * from './animation/sample-track';
export * from './check/mesh-workload';
export * from './sniff-image-format';
export * from './probe-image';
export * from './with-defaults';
export * from './bounding-box';
