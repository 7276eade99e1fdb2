// The GLB writer's textures: PNG/JPEG in core glTF, WebP and KTX2 through their extensions, each with its PNG/JPEG fallback when the mesh kept one.
import type { Document, Extension, Texture, WriterContext } from '@gltf-transform/core';
import { EXTTextureWebP, KHRTextureBasisu } from '@gltf-transform/extensions';
import type { MeshTexture } from '../mesh-model';

/** The extension that carries each non-core image type. */
const EXTENSION_OF: Partial<Record<MeshTexture['mimeType'], 'webp' | 'basisu'>> = {
  'image/webp': 'webp',
  'image/ktx2': 'basisu',
};

/**
 * Creates glTF textures for a document, one per distinct image bytes object. A WebP or KTX2
 * image declares its extension; with a fallback, the fallback is written as a second image and
 * becomes the texture's core `source` (glTF's pattern for optional image extensions), and the
 * extension stays optional unless some texture of that type has no fallback.
 *
 * glTF-Transform writes one image per texture and cannot express a fallback, so the extensions
 * are subclassed: after the stock extension moves the source into `extensions`, the fallback
 * image's index is put back as `source`.
 */
export class GlbTextures {
  private readonly textures = new Map<Uint8Array, Texture>();
  /** Each extended texture's fallback texture (an image no material uses directly). */
  private readonly fallbacks = new Map<Texture, Texture>();
  private readonly used = new Map<'webp' | 'basisu', { extension: Extension; type: typeof Extension; required: boolean }>();

  constructor(private readonly doc: Document) {}

  textureFor(t: MeshTexture): Texture {
    const known = this.textures.get(t.bytes);
    if (known) return known;
    const texture = this.doc.createTexture().setImage(t.bytes).setMimeType(t.mimeType);
    this.textures.set(t.bytes, texture);
    const kind = EXTENSION_OF[t.mimeType];
    if (kind) {
      const entry = this.used.get(kind) ?? this.createExtension(kind);
      entry.required ||= !t.fallback;
      entry.extension.setRequired(entry.required);
      if (t.fallback) this.fallbacks.set(texture, this.doc.createTexture().setImage(t.fallback.bytes).setMimeType(t.fallback.mimeType));
    }
    return texture;
  }

  /** The extension classes the writer's IO must register. */
  extensions(): Array<typeof Extension> {
    return [...this.used.values()].map((e) => e.type);
  }

  private createExtension(kind: 'webp' | 'basisu'): { extension: Extension; type: typeof Extension; required: boolean } {
    const restore = (context: WriterContext, name: string) => restoreFallbacks(context, name, this.fallbacks);
    // The subclasses keep the stock statics (EXTENSION_NAME, register) the IO reads.
    let entry: { extension: Extension; type: typeof Extension; required: boolean };
    if (kind === 'webp') {
      const type = class extends EXTTextureWebP {
        override write(context: WriterContext): this {
          super.write(context);
          restore(context, this.extensionName);
          return this;
        }
      };
      entry = { extension: this.doc.createExtension(type), type, required: false };
    } else {
      const type = class extends KHRTextureBasisu {
        override write(context: WriterContext): this {
          super.write(context);
          restore(context, this.extensionName);
          return this;
        }
      };
      entry = { extension: this.doc.createExtension(type), type, required: false };
    }
    this.used.set(kind, entry);
    return entry;
  }
}

/** Puts each fallback image back as the core `source` of the texture whose extension names its primary image. */
function restoreFallbacks(context: WriterContext, name: string, fallbacks: Map<Texture, Texture>): void {
  for (const [texture, fallback] of fallbacks) {
    const image = context.imageIndexMap.get(texture);
    const source = context.imageIndexMap.get(fallback);
    for (const def of context.jsonDoc.json.textures ?? []) {
      const ext = def.extensions?.[name];
      if (image !== undefined && ext && typeof ext === 'object' && 'source' in ext && ext.source === image) def.source = source;
    }
  }
}
