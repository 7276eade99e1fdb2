/** The rig engine's public surface. */
export * from './body-plan';
export * from './fit-skeleton';
export * from './rotate-mesh-y';
export * from './rotate-mesh-up';
export * from './rig-mesh';
export * from './compute-skin-weights';
export * from './weld-vertices';
export * from './retarget-clip';
export * from './retarget/biped-joint-role';
export * from './skinning/skin-metrics';
export * from './rig-engine-presets';
export * from './check-mesh';
export * from './skeleton-presets';
export * from './find-orientation';
export * from './procedural-clips';
export { closeHeatThreads, defaultHeatThreads, HEAT_THREADS_MAX, HEAT_THREADS_MIN_VERTICES } from './skinning/heat-threads';
export { closeFitAnalysisThread } from './fit/fit-analysis-ahead';
export { HELPER_THREAD_IDLE_MS_DEFAULT, helperThreadIdleMs, setHelperThreadIdleMs } from './helper-thread-idle';
