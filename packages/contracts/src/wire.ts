/**
 * The wire schemas without the OpenAPI builder (and its registrations, which run on import): what
 * a browser bundle (apps/playground) imports to parse the API's answers with the same schemas the
 * server writes them with.
 */
export * from './errors';
export * from './common';
export * from './job';
export * from './job-stage';
export * from './rig';
export * from './rig-animations';
export * from './model';
export * from './assets';
export * from './webhook';
export * from './account';
export * from './upload';
