export * from './object-storage';
export * from './local-storage';
