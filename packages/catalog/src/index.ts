/** The catalog package's public surface: the builder, the importer and the geometry kit. */
export * from './geometry';
export * from './built-asset';
export * from './content/asset-definition';
export * from './content/starter-packs';
export * from './build-starter-catalog';
export * from './catalog-import-error';
export * from './read-pack-folder';
export * from './generate-synthetic-catalog';
