export * from './geometry';
export * from './built-asset';
export * from './content/asset-definition';
export * from './content/starter-packs';
export * from './build-starter-catalog';
