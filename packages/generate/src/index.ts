/** The generate engine's public surface. */
export * from './generate-model';
export { decodeImage, type DecodedImage, type RgbaImage } from './decode-image';
export { segmentSubject, SEGMENT_SUBJECT_DEFAULTS, type SegmentSubjectOptions, type SubjectMask } from './segment-subject';
export { traceOutline, TRACE_OUTLINE_DEFAULTS, type OutlinePolygon, type TraceOutlineOptions } from './trace-outline';
export { triangulateOutline, type PlanarMesh } from './triangulate-outline';
export { inflateSurface } from './inflate-surface';
export { depthPrior, PICTURE_VIEWS, type DepthPrior, type PictureView } from './depth-prior';
