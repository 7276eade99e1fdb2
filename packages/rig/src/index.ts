export * from './body-plan';
export * from './fit-skeleton';
export * from './rotate-mesh-y';
export * from './rig-mesh';
export * from './compute-skin-weights';
export * from './weld-vertices';
export * from './harness';
