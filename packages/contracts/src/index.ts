export * from './errors';
export * from './common';
export * from './job';
export * from './rig';
export * from './model';
export * from './openapi';
export * from './assets';
export * from './service-env';
