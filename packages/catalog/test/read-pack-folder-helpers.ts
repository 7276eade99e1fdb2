import { renderThumbnail } from '@rigforge/mesh';
import { box, MeshBuilder } from '../src';

export * from '../src';

/** A small PNG to stand in for a pack's own thumbnail. */
export function renderThumbnailForTest(): Uint8Array {
  return renderThumbnail(new MeshBuilder().add(box(1, 1, 1), { name: 'm', color: '#336699' }).build(), { size: 64 });
}
