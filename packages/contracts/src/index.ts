/** The wire contract's public surface: every schema, the operations table and the OpenAPI builder. */
export * from './errors';
export * from './common';
export * from './job';
export * from './job-stage';
export * from './rig';
export * from './model';
export * from './openapi';
export * from './assets';
export * from './job-params';
export * from './operations';
export * from './webhook';
export * from './account';
export * from './upload';
export * from './rig-animations';
import './rig-animations-operation';
