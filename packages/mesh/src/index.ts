export * from './mesh-model';
export * from './mesh-error';
