export * from './mesh-model';
export * from './mesh-error';
export * from './write-glb';
export * from './render-thumbnail';
export * from './render/render-silhouette';
export * from './sniff-mesh-format';
export * from './read-mesh';
export * from './write-fbx';
