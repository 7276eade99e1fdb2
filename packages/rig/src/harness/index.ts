export * from './build-creature';
export * from './check-deformation';
export * from './creature-primitives';
export * from './measure-joint-error';
