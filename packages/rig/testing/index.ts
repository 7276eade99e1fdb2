/** Procedural creatures and checks for tests and scripts (never in the production barrel): `@rigforge/rig/testing`. */
export * from './build-creature';
export * from './check-deformation';
export * from './creature-primitives';
export * from './measure-joint-error';
export * from './measure-foot-contact';
export * from './walk-clips';
export * from './lay-down';
export * from './measure-clip-contact';
