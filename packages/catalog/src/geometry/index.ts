/** The content geometry kit's public surface, for the content files and the builder. */
export * from './shape';
export * from './transforms';
export * from './box';
export * from './cylinder';
export * from './lathe';
export * from './extrude';
export * from './sphere';
export * from './icosphere';
export * from './torus';
export * from './random';
export * from './material-spec';
export * from './mesh-builder';
