// Rewrites a GLB with Draco or meshopt compression (or quantization), as glTF-Transform pipelines ship them, for reader and end-to-end tests.
import { Document, Logger, WebIO, type Transform } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, quantize } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer/encoder';

export type GlbCompression = 'draco-edgebreaker' | 'draco-sequential' | 'meshopt' | 'quantize';

/** glTF-Transform's IO with every extension and the official encoders registered. */
export async function compressionIo(): Promise<WebIO> {
  await MeshoptEncoder.ready;
  return new WebIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule({}),
    'draco3d.decoder': await draco3d.createDecoderModule({}),
    'meshopt.encoder': MeshoptEncoder,
  });
}

/** The transform that applies `compression` with the encoders' usual settings. */
export function compressionTransform(compression: GlbCompression): Transform {
  switch (compression) {
    case 'draco-edgebreaker': return draco({ method: 'edgebreaker' });
    case 'draco-sequential': return draco({ method: 'sequential' });
    case 'meshopt': return meshopt({ encoder: MeshoptEncoder, level: 'high' });
    case 'quantize': return quantize({ quantizePosition: 14, quantizeNormal: 8, quantizeTexcoord: 12 });
  }
}

/** `glb` rewritten with `compression` applied to every mesh. */
export async function compressGlb(glb: Uint8Array, compression: GlbCompression): Promise<Uint8Array> {
  const io = await compressionIo();
  const doc: Document = await io.readBinary(glb);
  doc.setLogger(new Logger(Logger.Verbosity.WARN));
  await doc.transform(compressionTransform(compression));
  return io.writeBinary(doc);
}
