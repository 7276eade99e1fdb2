// The submission-time read of an uploaded mesh, one definition for the upload-check threads and the inline path.
import { boundMeshWorkload, readMesh, type GltfContainer } from '@rigforge/mesh';

/**
 * Reads an uploaded mesh exactly as the engines will, with the engines' work budget applied at
 * submission so a mesh no engine could rig is never charged: while reading where the reader can
 * (a dense-fan GLB is refused before its indices are copied), then on the whole mesh. Throws the
 * reader's `EngineError` for a file we refuse. `openedGlb`: the GLB's container, when the caller
 * already opened it (`openGlb`) to decide where to read it.
 */
export async function readMeshUpload(bytes: Uint8Array, openedGlb?: GltfContainer): Promise<{ format: string }> {
  const { mesh, format } = await readMesh(bytes, { boundWorkload: true, openedGlb });
  boundMeshWorkload(mesh);
  return { format };
}
