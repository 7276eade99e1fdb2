/**
 * The budgets every reader enforces, in one place so the readers, the docs and the tests agree.
 * They exist so a small hostile file cannot make a reader allocate or work far beyond what its
 * real content needs: each is checked against a declared size *before* the allocation or the
 * inflate it guards, and a violation is `unsupported_format` with a message naming the limit.
 */

/** Largest triangle count a reader accepts (the product's mesh cap). */
export const MAX_TRIANGLES = 2_000_000;

/**
 * Distinct materials a mesh may carry. Each material becomes a draw group and a primitive in the
 * output; character models use tens. A file declaring thousands (one per face) is hostile or a
 * mistake either way, and each group used to cost an allocation proportional to the whole mesh.
 */
export const MAX_MATERIALS = 1000;

/**
 * Corners one polygon may have (OBJ `f` lines, FBX polygons). Readers fan-triangulate polygons,
 * which is only right for the convex n-gons exporters write (caps of cylinders, a few hundred
 * corners); a face of two million corners cycling over nine vertices is hostile, and reading it to
 * the end took 1.7 s before the degenerate fan could be dropped. Refused at the corner past the
 * limit, so the rest of the face is never parsed.
 */
export const MAX_POLYGON_CORNERS = 65_536;

/**
 * Total decompressed bytes (FBX zlib arrays, all of them together) a file may expand to: the
 * floor for small files, `INFLATE_RATIO` times the file size above that, never past the ceiling.
 * A real 2M-triangle FBX with per-corner normals and UVs inflates to roughly 300 MB; geometry
 * arrays compress 2-5:1 in practice, so 16:1 leaves a wide margin while a 2 MB zip bomb of
 * 8 × 256 MB of zeros is refused at its first array header, before anything is inflated.
 */
export const MIN_INFLATED_BYTES = 64 * 1024 * 1024;
export const INFLATE_RATIO = 16;
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;

export function inflatedBytesBudget(fileBytes: number): number {
  return Math.min(MAX_INFLATED_BYTES, Math.max(MIN_INFLATED_BYTES, INFLATE_RATIO * fileBytes));
}

/**
 * Largest embedded image decoded (width × height), e.g. for the thumbnail: 4096 × 4096 is 64 MB
 * of RGBA. Larger textures are kept in the output untouched but not decoded.
 */
export const MAX_DECODED_TEXTURE_PIXELS = 4096 * 4096;

/**
 * Draco triangles a stream may declare per byte of itself. Real meshes take 1-2 bytes per triangle
 * (positions, normals and UVs at glTF-Transform's default quantization: 2.1 measured on a noisy
 * grid); 32 per byte leaves room for flat, regular parts, while a 2 KB stream can no longer claim
 * two million triangles and make the decoder allocate for them.
 */
export const DRACO_MAX_TRIANGLES_PER_BYTE = 32;

/**
 * Decoded size of all Draco primitives together: `DRACO_DECODE_RATIO` times the file size, at
 * least `MIN_INFLATED_BYTES`, at most `MAX_INFLATED_BYTES`. Draco packs far tighter than zlib:
 * 2.1 bytes per triangle decode to 12 bytes of indices plus 16-32 bytes of positions, normals
 * and UVs per triangle (13-21 ×), so the ratio is 64 rather than `INFLATE_RATIO`.
 */
export const DRACO_DECODE_RATIO = 64;

export function dracoDecodedBudget(fileBytes: number): number {
  return Math.min(MAX_INFLATED_BYTES, Math.max(MIN_INFLATED_BYTES, DRACO_DECODE_RATIO * fileBytes));
}

/**
 * Draco decodes in its own WASM memory, which lives outside the V8 heap the upload-check and
 * engine threads cap, and which grows and never shrinks. Each decode may grow it only to
 * `dracoHeapLimit`: its size before (at least `DRACO_HEAP_BASE_BYTES`, twice the module's starting
 * size), plus `DRACO_HEAP_BYTES_PER_TRIANGLE` per declared
 * triangle (the heap grew by about 125 per triangle decoding 720k: scripts/measure-draco-heap.ts)
 * and twice the decoded attributes and indices (each is copied out through a scratch block), never
 * past `MAX_INFLATED_BYTES`. A module grown past `DRACO_HEAP_KEEP_BYTES` is dropped after the
 * decode, so its memory is freed rather than held for the process's life.
 */
export const DRACO_HEAP_BASE_BYTES = 32 * 1024 * 1024;
export const DRACO_HEAP_BYTES_PER_TRIANGLE = 192;
export const DRACO_HEAP_KEEP_BYTES = 64 * 1024 * 1024;

/** The size the module's memory may reach while decoding a primitive, from its declared counts and the memory's size before it. */
export function dracoHeapLimit(triangles: number, decodedBytes: number, heapBytes: number): number {
  // From the memory's size before, so a primitive after a large one in the same file still has its own room.
  return Math.min(MAX_INFLATED_BYTES, Math.max(heapBytes, DRACO_HEAP_BASE_BYTES) + DRACO_HEAP_BYTES_PER_TRIANGLE * triangles + 2 * decodedBytes);
}
