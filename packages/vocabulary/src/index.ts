/**
 * The word lists the rig engine and the wire contract share, and nothing else: plain constants and
 * their types, no logic and no dependencies. It is its own published package because the engine
 * may not import service packages (contracts) and the published contracts may not need the
 * unpublished engine; both import the one list from here (docs/architecture.md).
 */
export * from './body-plan';
export * from './procedural-clips';
export * from './up-axis';
export * from './generate-model-options';
export * from './job-error-code';
export * from './job-stage';
export * from './skeleton-preset';
export * from './rig-output-format';
