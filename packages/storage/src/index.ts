/** The storage package's public surface: the object stores and the key layouts. */
export * from './object-storage';
export * from './local-storage';
export * from './s3-storage';
export * from './presign-s3-url';
export * from './create-storage';
export * from './job-objects';
export * from './upload-objects';
export * from './catalog-objects';
