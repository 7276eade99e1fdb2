import { readFileSync } from 'node:fs';
import { rigMesh } from '../src/rig-mesh';
import { readWrittenRig } from './lib/dev-set';
const main = async (): Promise<void> => {
  const r = await rigMesh(new Uint8Array(readFileSync('/work/shared/rig-dev-set/platformer_game_bee/input.glb')), { rigType: 'avian' });
  const w = await readWrittenRig(r.model);
  for (const j of w.skeleton.joints) console.log(j.name, j.position.map((x) => x.toFixed(3)).join(" "));
};
void main();
