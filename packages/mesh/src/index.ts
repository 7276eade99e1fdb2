export * from './mesh-model';
export * from './mesh-error';
export * from './write-glb';
