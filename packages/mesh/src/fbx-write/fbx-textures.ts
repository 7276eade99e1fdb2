// Which of a material's images an FBX file embeds, and the warning for the ones it cannot carry: the one rule writeFbx and the job report share.
import type { Mesh, MeshTexture } from '../mesh-model';

/**
 * The image FBX embeds for a texture: PNG or JPEG as is; otherwise its PNG/JPEG fallback when the
 * source had one; otherwise WebP as is (Blender reads it); a KTX2 image without a fallback is not
 * embedded: no FBX importer reads Basis Universal textures.
 */
export function fbxEmbeddedTexture(texture: MeshTexture): MeshTexture | undefined {
  if (texture.mimeType === 'image/png' || texture.mimeType === 'image/jpeg') return texture;
  if (texture.fallback) return texture.fallback;
  return texture.mimeType === 'image/ktx2' ? undefined : texture;
}

/** One warning per material whose texture an FBX output drops (see fbxEmbeddedTexture); empty when none. */
export function fbxTextureWarnings(mesh: Mesh): string[] {
  return mesh.materials
    .filter((m) => m.baseColorTexture && !fbxEmbeddedTexture(m.baseColorTexture))
    .map((m) => `fbx: material "${m.name}"'s KTX2 texture has no PNG/JPEG fallback and was dropped (FBX cannot carry KTX2; ask for GLB output to keep it)`);
}
