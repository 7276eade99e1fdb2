export * from './errors';
export * from './common';
export * from './job';
export * from './rig';
export * from './openapi';
