/** The starter packs' metadata and asset lists, in one place for the builder and the seed. */
import type { AssetDefinition } from './asset-definition';
import { BARRELS } from './starter-props/barrels';
import { CONTAINERS } from './starter-props/containers';
import { CRATES } from './starter-props/crates';
import { FURNITURE } from './starter-props/furniture';
import { TOOLS } from './starter-props/tools';
import { DUNGEON_LIGHTING } from './dungeon-kit/lighting';
import { DUNGEON_PROPS } from './dungeon-kit/props';
import { WALLS_FLOORS } from './dungeon-kit/walls-floors';
import { PLANTS } from './nature/plants';
import { ROCKS } from './nature/rocks';
import { FENCES } from './town-street/fences';
import { TOWN_LIGHTING } from './town-street/lighting';
import { SIGNS } from './town-street/signs';
import { STREET_FURNITURE } from './town-street/street-furniture';

/** Metadata of one starter pack. */
export interface StarterPack {
  id: string;
  name: string;
  description: string;
}

/** The packs authored by the project, all CC0-1.0. */
export const STARTER_PACKS: readonly StarterPack[] = [
  { id: 'starter-props', name: 'Starter Props', description: 'Crates, barrels, containers, furniture and hand tools.' },
  { id: 'dungeon-kit', name: 'Dungeon Kit', description: 'Modular 2 m walls, floors, stairs and pillars, with dungeon props and fire lighting.' },
  { id: 'nature', name: 'Nature', description: 'Rocks, trees, bushes, grass, flowers, mushrooms and logs.' },
  { id: 'town-street', name: 'Town Street', description: 'Fences, street furniture, road and shop signs, and street lighting.' },
];

/** Every starter asset, in catalog order. */
export const STARTER_ASSETS: readonly AssetDefinition[] = [
  ...CRATES,
  ...BARRELS,
  ...CONTAINERS,
  ...FURNITURE,
  ...TOOLS,
  ...WALLS_FLOORS,
  ...DUNGEON_PROPS,
  ...DUNGEON_LIGHTING,
  ...ROCKS,
  ...PLANTS,
  ...FENCES,
  ...STREET_FURNITURE,
  ...SIGNS,
  ...TOWN_LIGHTING,
];
