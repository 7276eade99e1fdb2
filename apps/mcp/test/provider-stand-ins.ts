/**
 * A local HTTP server standing in for the three providers, answering with bodies shaped exactly
 * like their documented ones (Poly Haven's swagger `assets`/`modelFiles`, Sketchfab Data API v3
 * search and download, Smithsonian EDAN search rows), including items that must be filtered out
 * (a texture among models, non-CC0 and unlicensed Sketchfab models, a Smithsonian scan with usage
 * conditions) and the providers' error answers. `fail()` makes one provider misbehave: an HTTP
 * status, a body that is not JSON, or no answer at all (a timeout). It also serves the model files
 * the results point at, so a found model can really be rigged.
 */
import http from 'node:http';
import { writeFbx, writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';

export type StandInProvider = 'polyhaven' | 'sketchfab' | 'smithsonian';
/** `endless`: 200 and a body that never ends (until the client hangs up; `endlessSent` counts it). */
export type Failure = { status: number; body?: string; headers?: Record<string, string> } | 'hang' | 'garbage' | 'endless';

/** Where an endless answer stops regardless, so a client that reads it whole cannot take the machine down. */
const ENDLESS_SAFETY_CAP = 256 * 1024 * 1024;

export const SKETCHFAB_TOKEN = 'stand-in-sketchfab-token';
export const SMITHSONIAN_KEY = 'stand-in-data-gov-key';

export interface StandIns {
  /** http://127.0.0.1:<port> */
  origin: string;
  polyhavenUrl: string;
  sketchfabUrl: string;
  smithsonianUrl: string;
  /** Requests seen, as `METHOD path?query` with the User-Agent, in order. */
  requests: { path: string; userAgent: string | undefined }[];
  /** Bytes of `endless` answers sent so far (all of them together). */
  stats: { endlessSent: number };
  fail(provider: StandInProvider, failure: Failure | null): void;
  close(): Promise<void>;
}

export async function startStandIns(): Promise<StandIns> {
  const creature = buildCreature('biped');
  const files: Record<string, Buffer> = {
    '/files/knight_statue_1k.fbx': Buffer.from(writeFbx(creature.mesh)),
    '/files/sf-knight.glb': Buffer.from(await writeGlb(creature.mesh)),
    '/files/si-knight-150k.glb': Buffer.from(await writeGlb(creature.mesh)),
  };
  const failures = new Map<StandInProvider, Failure>();
  const requests: StandIns['requests'] = [];
  const stats: StandIns['stats'] = { endlessSent: 0 };
  const hanging = new Set<http.ServerResponse>();
  let origin = '';

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: `${url.pathname}${url.search}`, userAgent: req.headers['user-agent'] });
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
      return res.end(file);
    }
    const provider = (['polyhaven', 'sketchfab', 'smithsonian'] as const).find((p) => url.pathname.startsWith(`/${p}/`));
    if (!provider) return json(res, 404, { error: 'not found' });
    const failure = failures.get(provider);
    if (failure === 'hang') {
      hanging.add(res);
      return;
    }
    if (failure === 'endless') {
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"padding":"');
      const pump = () => {
        while (!res.destroyed && stats.endlessSent < ENDLESS_SAFETY_CAP) {
          stats.endlessSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      return pump();
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
      return res.end(failure.body ?? '{}');
    }
    const path = url.pathname.slice(provider.length + 1);
    if (provider === 'polyhaven') return polyHaven(path, url, res);
    if (provider === 'sketchfab') return sketchfab(path, url, req, res);
    return smithsonian(path, url, res);
  });

  function polyHaven(path: string, url: URL, res: http.ServerResponse) {
    if (path === '/assets') {
      if ((url.searchParams.get('type') ?? url.searchParams.get('t')) !== 'models') return json(res, 400, 'Unsupported asset type');
      return json(res, 200, POLY_HAVEN_ASSETS);
    }
    const files = /^\/files\/([^/]+)$/.exec(path);
    if (files?.[1] === 'knight_statue') return json(res, 200, polyHavenFiles('knight_statue'));
    if (files?.[1] === 'wooden_crate_02') return json(res, 200, polyHavenFiles('wooden_crate_02'));
    return json(res, 404, 'No asset found with that ID');
  }

  function polyHavenFiles(id: string) {
    const file = (res: string, ext: string) => ({ url: `${origin}/files/${id}_${res}.${ext}`, md5: '0f343b0931126a20f133d67c2b018a3b', size: 1024 });
    return {
      blend: { '1k': { blend: { ...file('1k', 'blend'), include: { [`textures/${id}_diff_1k.jpg`]: file('1k', 'jpg') } } } },
      gltf: { '1k': { gltf: { ...file('1k', 'gltf'), include: { [`${id}.bin`]: file('1k', 'bin') } } } },
      fbx: {
        '2k': { fbx: { ...file('2k', 'fbx'), include: { [`textures/${id}_diff_2k.jpg`]: file('2k', 'jpg') } } },
        '1k': { fbx: { ...file('1k', 'fbx'), include: { [`textures/${id}_diff_1k.jpg`]: file('1k', 'jpg') } } },
      },
    };
  }

  function sketchfab(path: string, url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    if (path === '/v3/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const results = sketchfabModels().filter((m) => m.name.toLowerCase().includes(q) || q === '');
      return json(res, 200, { results, next: null, previous: null, cursors: { next: null, previous: null } });
    }
    const download = /^\/v3\/models\/([^/]+)\/download$/.exec(path);
    if (download) {
      if (req.headers.authorization !== `Token ${SKETCHFAB_TOKEN}`) return json(res, 401, { detail: 'Invalid token.' });
      if (download[1] !== 'a1b2c3knight') return json(res, 404, { detail: 'Not found.' });
      return json(res, 200, {
        gltf: { url: `${origin}/files/sf-knight.zip`, size: 2048, expires: 300 },
        glb: { url: `${origin}/files/sf-knight.glb`, size: 1024, expires: 300 },
        usdz: { url: `${origin}/files/sf-knight.usdz`, size: 1024, expires: 300 },
      });
    }
    return json(res, 404, { detail: 'Not found.' });
  }

  function sketchfabModels() {
    const model = (uid: string, name: string, license: object | null) => ({
      uri: `https://api.sketchfab.com/v3/models/${uid}`,
      uid,
      name,
      viewerUrl: `https://sketchfab.com/3d-models/${uid}`,
      isDownloadable: true,
      license,
      user: { uid: 'u1', username: 'modeller', displayName: 'A Modeller', profileUrl: 'https://sketchfab.com/modeller' },
      thumbnails: {
        images: [
          { uid: 't1', url: `https://media.sketchfab.com/models/${uid}/thumbnails/1024.jpeg`, width: 1024, height: 576, size: 1 },
          { uid: 't2', url: `https://media.sketchfab.com/models/${uid}/thumbnails/256.jpeg`, width: 256, height: 144, size: 1 },
        ],
      },
      categories: [{ uri: 'https://api.sketchfab.com/v3/categories/characters-creatures', name: 'Characters & Creatures', slug: 'characters-creatures' }],
      archives: { glb: { size: 1024, faceCount: 500, textureCount: 1 } },
    });
    return [
      model('a1b2c3knight', 'Knight', { uid: '7c23a1ba438d4306920229c12afcb5f9', label: 'CC0 Public Domain', slug: 'cc0' }),
      model('d4e5f6knight', 'Knight (attribution)', { uid: '322a749bcfa841b29dff1e8a1bb74b0b', label: 'CC Attribution', slug: 'by' }),
      model('g7h8i9knight', 'Knight (no licence)', null),
    ];
  }

  function smithsonian(path: string, url: URL, res: http.ServerResponse) {
    if (path !== '/search') return json(res, 404, { status: 404, responseCode: 0, response: { message: 'not found' } });
    if (url.searchParams.get('api_key') !== SMITHSONIAN_KEY) {
      return json(res, 403, { error: { code: 'API_KEY_INVALID', message: 'An invalid api_key was supplied. Get one at https://api.data.gov:443' } });
    }
    const row = (id: string, title: string, media: object[]) => ({
      id,
      title,
      unitCode: 'NMNHPALEO',
      type: 'edanmdm',
      url: `edanmdm:${id}`,
      content: {
        descriptiveNonRepeating: {
          record_ID: id,
          unit_code: 'NMNHPALEO',
          title: { label: 'Title', content: title },
          data_source: 'NMNH - Paleobiology Dept.',
          record_link: `http://n2t.net/ark:/65665/${id}`,
          guid: `http://n2t.net/ark:/65665/${id}`,
          metadata_usage: { access: 'CC0' },
          online_media: { mediaCount: media.length, media },
        },
        indexedStructured: { object_type: ['Sculptures'] },
        freetext: { name: [{ label: 'Artist', content: 'Unknown' }] },
      },
    });
    const voyager = (uuid: string, access: string, resources: object[]) => ({
      type: '3d_voyager',
      content: `https://3d-api.si.edu/voyager/3d_package:${uuid}`,
      thumbnail: `https://3d-api.si.edu/content/document/3d_package:${uuid}/scene-image-thumb.jpg`,
      idsId: '',
      usage: { access },
      resources,
    });
    const glb = (label: string, file: string, draco: boolean) => ({
      label,
      url: file.startsWith('http') ? file : `${origin}/files/${file}`,
      attributes: [{ MODEL_FILE_TYPE: 'glb' }, ...(draco ? [{ DRACO_COMPRESSED: true }] : [])],
    });
    const rows = [
      row('ld1-knight', 'Knight figure', [
        voyager('d8c62be8', 'CC0', [glb('Draco compressed GLB', 'si-knight-draco.glb', true), glb('Low resolution 3D model', 'si-knight-150k.glb', false)]),
      ]),
      row('ld1-knight-restricted', 'Knight figure (loan)', [voyager('e9d73cf9', 'Usage conditions apply', [glb('Low resolution 3D model', 'si-other.glb', false)])]),
      row('ld1-knight-photo', 'Knight photograph', [{ type: 'Images', content: 'https://ids.si.edu/ids/deliveryService?id=X', usage: { access: 'CC0' } }]),
    ];
    return json(res, 200, { status: 200, responseCode: 1, response: { rows, rowCount: rows.length, message: 'content found' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('stand-ins: no TCP address');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    polyhavenUrl: `${origin}/polyhaven`,
    sketchfabUrl: `${origin}/sketchfab`,
    smithsonianUrl: `${origin}/smithsonian`,
    requests,
    stats,
    fail: (provider, failure) => (failure ? failures.set(provider, failure) : failures.delete(provider)),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Poly Haven `/assets?t=models` (the documented `assets` schema: an object keyed by asset id). */
const POLY_HAVEN_ASSETS = {
  knight_statue: {
    name: 'Knight Statue',
    description: 'A stone statue of a knight.',
    type: 2,
    date_published: 1634860800,
    download_count: 5000,
    files_hash: '8746a9a941bebe5743d0a710e11cb91beb225ca6',
    authors: { 'Rico Cilliers': 'All' },
    categories: ['props', 'decorative'],
    category: 'Decor/Statues',
    category_id: 'ba452b18-0442-5d9d-b0b6-2f001f956f6d',
    tags: ['knight', 'statue', 'stone'],
    max_resolution: [4096, 4096],
    thumbnail_url: 'https://cdn.polyhaven.com/asset_img/thumbs/knight_statue.png?width=256&height=256',
  },
  wooden_crate_02: {
    name: 'Wooden Crate 02',
    type: 2,
    date_published: 1634860800,
    download_count: 9000,
    authors: { 'James Ray Cock': 'All' },
    categories: ['props', 'containers'],
    tags: ['crate', 'wood', 'box'],
    thumbnail_url: 'https://cdn.polyhaven.com/asset_img/thumbs/wooden_crate_02.png?width=256&height=256',
  },
  knight_armour_texture: {
    name: 'Knight Armour Metal',
    type: 1,
    authors: { 'Rob Tuytel': 'All' },
    categories: ['metal'],
    tags: ['knight'],
  },
};
