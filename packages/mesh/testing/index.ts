/** Fixtures for tests and scripts (never in the production barrel): `@rigforge/mesh/testing`. */
export * from './build-humanoid-clip';
export * from './compress-glb';
export * from './ktx2-texture';
export * from './fbx-with-texture-files';
export * from './mulberry32';
export * from './first-draco-primitive';
