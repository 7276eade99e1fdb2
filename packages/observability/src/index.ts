/** The observability package's public surface: metrics, logs and readiness checks. */
export * from './metric-names';
export * from './metrics';
export * from './admin-token';
export * from './readiness';
export * from './logger';
export * from './ops-server';
