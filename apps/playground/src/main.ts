/**
 * The playground page: an API key kept in localStorage, a mesh or image submitted as a job, the
 * job watched until terminal, the result in the 3D viewer, the caller's job history and the CC0
 * catalog. Plain DOM (the page is one form, two lists and a viewer; no framework needed).
 */
import { MODEL_FORMATS, RIG_ANIMATIONS, RIG_ENGINES, RIG_OUTPUT_FORMATS, RIG_TYPE_CHOICES, SKELETON_PRESETS, type AssetObject, type CreateRigRequest, type JobObject, type RigEngine } from '@rigforge/contracts/wire';
import { createPlaygroundClient, filled, fileToBase64, RigforgeClientError, sameOriginFileUrl, waitForJob } from './api';
import './style.css';
import { Viewer, type ModelFormat, type ViewerSnapshot } from './viewer';

const KEY_STORAGE = 'rigforge.playground.apiKey';
const HISTORY_PAGE = 6;
const CATALOG_PAGE = 12;
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];
const MESH_EXTENSIONS = ['glb', 'gltf', 'obj', 'stl', 'fbx'];

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`playground: #${id} is missing from the page`);
  return found as T;
}

const ui = {
  key: el<HTMLInputElement>('api-key'),
  forgetKey: el<HTMLButtonElement>('forget-key'),
  form: el<HTMLFormElement>('submit-form'),
  drop: el<HTMLLabelElement>('drop-zone'),
  file: el<HTMLInputElement>('file'),
  fileName: el<HTMLSpanElement>('file-name'),
  rigOptions: el<HTMLFieldSetElement>('rig-options'),
  imageOptions: el<HTMLFieldSetElement>('image-options'),
  rigType: el<HTMLSelectElement>('rig-type'),
  animations: el<HTMLSelectElement>('animations'),
  engine: el<HTMLSelectElement>('engine'),
  skeletonPreset: el<HTMLSelectElement>('skeleton-preset'),
  rotation: el<HTMLSelectElement>('rotation'),
  clipUrl: el<HTMLInputElement>('clip-url'),
  thickness: el<HTMLInputElement>('thickness'),
  outputFormat: el<HTMLSelectElement>('output-format'),
  submit: el<HTMLButtonElement>('submit'),
  status: el<HTMLParagraphElement>('job-status'),
  progress: el<HTMLProgressElement>('job-progress'),
  error: el<HTMLParagraphElement>('job-error'),
  rigGenerated: el<HTMLButtonElement>('rig-generated'),
  modelTitle: el<HTMLSpanElement>('model-title'),
  viewport: el<HTMLDivElement>('viewport'),
  viewerMessage: el<HTMLParagraphElement>('viewer-message'),
  showSkeleton: el<HTMLInputElement>('show-skeleton'),
  showHeat: el<HTMLInputElement>('show-heat'),
  joint: el<HTMLSelectElement>('joint'),
  bend: [el<HTMLInputElement>('bend-x'), el<HTMLInputElement>('bend-y'), el<HTMLInputElement>('bend-z')] as const,
  bendValue: [el<HTMLOutputElement>('bend-x-value'), el<HTMLOutputElement>('bend-y-value'), el<HTMLOutputElement>('bend-z-value')] as const,
  resetPose: el<HTMLButtonElement>('reset-pose'),
  clip: el<HTMLSelectElement>('clip'),
  play: el<HTMLButtonElement>('play'),
  downloads: el<HTMLUListElement>('downloads'),
  history: el<HTMLUListElement>('history'),
  historyMessage: el<HTMLParagraphElement>('history-message'),
  historyRefresh: el<HTMLButtonElement>('history-refresh'),
  historyPrev: el<HTMLButtonElement>('history-prev'),
  historyNext: el<HTMLButtonElement>('history-next'),
  historyPage: el<HTMLSpanElement>('history-page'),
  catalogForm: el<HTMLFormElement>('catalog-form'),
  catalogQuery: el<HTMLInputElement>('catalog-query'),
  catalogCategory: el<HTMLSelectElement>('catalog-category'),
  catalogPack: el<HTMLSelectElement>('catalog-pack'),
  catalog: el<HTMLUListElement>('catalog'),
  catalogMessage: el<HTMLParagraphElement>('catalog-message'),
  catalogPrev: el<HTMLButtonElement>('catalog-prev'),
  catalogNext: el<HTMLButtonElement>('catalog-next'),
  catalogPage: el<HTMLSpanElement>('catalog-page'),
};

const api = createPlaygroundClient(() => ui.key.value.trim());
const viewer = new Viewer(ui.viewport);

interface JobView {
  id: string | null;
  operation: string | null;
  status: string | null;
  error: { code: string; message: string } | null;
  /** The engine stage and progress last shown, and every stage shown for this job, in order (the browser test reads them). */
  stage: string | null;
  progress: number;
  stages: string[];
}
const state = {
  file: null as File | null,
  job: { id: null, operation: null, status: null, error: null, stage: null, progress: 0, stages: [] } as JobView,
  watching: null as AbortController | null,
  generatedJobId: null as string | null,
  historyOffset: 0,
  catalogOffset: 0,
  catalogLoaded: false,
};

// ---- API key: this browser's localStorage only ----
ui.key.value = localStorage.getItem(KEY_STORAGE) ?? '';
ui.key.addEventListener('input', () => {
  const key = ui.key.value.trim();
  if (key) localStorage.setItem(KEY_STORAGE, key);
  else localStorage.removeItem(KEY_STORAGE);
});
ui.key.addEventListener('change', () => void refreshBrowse());
ui.forgetKey.addEventListener('click', () => {
  localStorage.removeItem(KEY_STORAGE);
  ui.key.value = '';
  // Nothing of the last account stays on screen: its jobs and the job being watched go too.
  state.watching?.abort();
  ui.history.replaceChildren();
  ui.catalog.replaceChildren();
  ui.rigGenerated.hidden = true;
  ui.progress.hidden = true;
  ui.error.hidden = true;
  setStatus('');
  void refreshBrowse();
  ui.key.focus();
});

// ---- Submission options, from the contract's own lists ----
fillSelect(ui.rigType, RIG_TYPE_CHOICES);
// The ready clips of the chosen plan (the contract's table, the one GET /v1/rigs/animations lists);
// none for auto, which the API refuses clips with. Names still offered stay selected.
function fillAnimations(): void {
  const clips = Object.entries(RIG_ANIMATIONS).find(([plan]) => plan === ui.rigType.value)?.[1] ?? [];
  const kept = new Set(selectedAnimations());
  ui.animations.replaceChildren(...clips.map((name) => new Option(name, name, false, kept.has(name))));
  ui.animations.disabled = clips.length === 0;
}
function selectedAnimations(): string[] {
  return [...ui.animations.selectedOptions].map((o) => o.value);
}
fillAnimations();
ui.rigType.addEventListener('change', fillAnimations);
fillSelect(ui.engine, RIG_ENGINES);
fillSelect(ui.skeletonPreset, SKELETON_PRESETS);
// The rig formats (VRM for bipeds besides GLB and FBX); an image job takes glb or fbx, else glb.
fillSelect(ui.outputFormat, RIG_OUTPUT_FORMATS);

function fillSelect(select: HTMLSelectElement, values: readonly string[], labels?: readonly string[]): void {
  select.replaceChildren(...values.map((value, i) => new Option(labels?.[i] ?? value, value)));
}

// ---- The file: chosen or dropped ----
function extensionOf(name: string): string {
  return name.toLowerCase().split(/[?#]/)[0]!.split('.').pop() ?? '';
}

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

function chooseFile(file: File | null): void {
  state.file = file;
  if (!file) {
    ui.fileName.textContent = 'No file chosen';
    return;
  }
  const image = isImage(file);
  const known = image || MESH_EXTENSIONS.includes(extensionOf(file.name));
  ui.fileName.textContent = `${file.name} (${(file.size / 1024).toFixed(0)} KB, ${image ? 'image: a model is generated' : 'mesh: it is rigged'})${known ? '' : ' — unknown extension, the API decides'}`;
  ui.rigOptions.hidden = image;
  ui.imageOptions.hidden = !image;
}

ui.file.addEventListener('change', () => chooseFile(ui.file.files?.[0] ?? null));
for (const type of ['dragenter', 'dragover'] as const) {
  ui.drop.addEventListener(type, (event) => {
    event.preventDefault();
    ui.drop.classList.add('dragging');
  });
}
ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('dragging'));
ui.drop.addEventListener('drop', (event) => {
  event.preventDefault();
  ui.drop.classList.remove('dragging');
  chooseFile(event.dataTransfer?.files[0] ?? null);
});
// A file dropped beside the zone must not navigate away from the page.
window.addEventListener('dragover', (event) => event.preventDefault());
window.addEventListener('drop', (event) => event.preventDefault());

// ---- Submitting and watching a job ----
function showError(error: unknown): void {
  const { code, message } = describeError(error);
  showCodedError(code, message);
}

function showCodedError(code: string, message: string): void {
  state.job.error = { code, message };
  ui.error.textContent = `${code}: ${message}`;
  ui.error.hidden = false;
}

function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof RigforgeClientError) return { code: error.code, message: error.message };
  return { code: 'playground_error', message: error instanceof Error ? error.message : String(error) };
}

/** The select's value as one of the contract's values (the options are made from the same list). */
function pick<T extends string>(values: readonly T[], value: string): T {
  return values.find((v) => v === value) ?? values[0]!;
}

function rigOptions(): Partial<CreateRigRequest> {
  const clip = ui.clipUrl.value.trim();
  return {
    rig_type: pick(RIG_TYPE_CHOICES, ui.rigType.value),
    engine: pick(RIG_ENGINES, ui.engine.value),
    output_format: pick(RIG_OUTPUT_FORMATS, ui.outputFormat.value),
    skeleton_preset: pick(SKELETON_PRESETS, ui.skeletonPreset.value),
    rotation_y: Number(ui.rotation.value),
    ...(clip ? { animation_url: clip } : {}),
    ...(selectedAnimations().length > 0 ? { animations: selectedAnimations() } : {}),
  };
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});

async function submit(): Promise<void> {
  ui.error.hidden = true;
  state.job.error = null;
  if (!ui.key.value.trim()) {
    showError(new RigforgeClientError({ code: 'unauthorized', message: 'paste an API key first' }));
    ui.key.focus();
    return;
  }
  const file = state.file;
  if (!file) {
    showError(new RigforgeClientError({ code: 'invalid_request', message: 'choose or drop a file first' }));
    ui.file.focus();
    return;
  }
  ui.submit.disabled = true;
  // The status is below the form: bring it into view, so the job is seen as it runs.
  ui.status.scrollIntoView({ behavior: 'smooth', block: 'center' });
  try {
    setStatus(`Uploading ${file.name}…`);
    const base64 = await fileToBase64(file);
    if (isImage(file)) {
      // The request's types are the contract's; zod on the server checks the values.
      const created = await api.createModel({ image_base64: base64, thickness: Number(ui.thickness.value), output_format: pick(MODEL_FORMATS, ui.outputFormat.value) });
      await follow(created.id, created.operation, undefined, created.estimated_seconds);
    } else {
      const created = await api.createRig({ model_base64: base64, ...rigOptions() });
      await follow(created.id, created.operation, created.engine, created.estimated_seconds);
    }
  } catch (error) {
    setStatus('The job could not be submitted.');
    showError(error);
  } finally {
    ui.submit.disabled = false;
  }
}

ui.rigGenerated.addEventListener('click', () => void rigGenerated());

async function rigGenerated(): Promise<void> {
  if (!state.generatedJobId) return;
  ui.error.hidden = true;
  ui.rigGenerated.disabled = true;
  try {
    const created = await api.createRig({ from_job: state.generatedJobId, ...rigOptions() });
    await follow(created.id, created.operation, created.engine, created.estimated_seconds);
  } catch (error) {
    showError(error);
  } finally {
    ui.rigGenerated.disabled = false;
  }
}

function setStatus(text: string): void {
  ui.status.textContent = text;
}

async function follow(id: string, operation: string, engine: RigEngine | undefined, estimatedSeconds: number): Promise<void> {
  state.watching?.abort();
  const watching = new AbortController();
  state.watching = watching;
  state.job = { id, operation, status: 'queued', error: null, stage: null, progress: 0, stages: [] };
  state.generatedJobId = null;
  ui.rigGenerated.hidden = true;
  ui.progress.hidden = false;
  ui.progress.removeAttribute('value');
  setStatus(`${operation} job ${id}: queued`);
  void refreshHistory();
  let job: JobObject;
  try {
    job = await waitForJob(api, id, {
      engine,
      signal: watching.signal,
      // The job's own stage and progress, one move per engine stage (from its event stream): the
      // bar moves as the engine does, not by a guess from the typical time.
      onProgress: (update) => {
        if (state.watching !== watching) return;
        state.job.status = update.status;
        state.job.stage = update.stage ?? null;
        state.job.progress = update.progress;
        if (update.stage && state.job.stages.at(-1) !== update.stage) state.job.stages.push(update.stage);
        const seconds = Math.round(update.elapsedMs / 1000);
        const stage = update.stage ? `: ${update.stage}, ${Math.round(update.progress * 100)}%` : '';
        setStatus(`${operation} job ${id}: ${update.status}${stage} (${seconds} s; typically ${estimatedSeconds} s)`);
        if (update.status === 'queued') return; // the bar stays indeterminate until the job starts
        ui.progress.max = 1;
        ui.progress.value = update.progress;
      },
    });
  } catch (error) {
    // A newer job took over the status panel: this one's watch was stopped on purpose.
    if (state.watching !== watching) return;
    setStatus(`${operation} job ${id}: no longer watched (${state.job.status ?? 'unknown'}); see Your jobs`);
    showError(error);
    return;
  } finally {
    if (state.watching === watching) ui.progress.hidden = true;
  }
  void refreshHistory();
  if (job.status === 'failed') {
    setStatus(`${operation} job ${id}: failed`);
    showCodedError(job.error?.code ?? 'internal_error', job.error?.message ?? 'the job failed');
    return;
  }
  // With rig_type auto the job says which plan the rigger chose; warnings (a low confidence among them) follow.
  const chosen = job.rig_type_chosen ? `; body plan ${job.rig_type_chosen} chosen (confidence ${job.rig_type_confidence?.toFixed(2) ?? '?'})` : '';
  const warned = job.warnings?.length ? `; ${job.warnings.join('; ')}` : '';
  setStatus(`${operation} job ${id}: succeeded in ${job.duration_seconds?.toFixed(1) ?? '?'} s${chosen}${warned}`);
  if (job.operation === 'generate_model') {
    state.generatedJobId = job.id;
    ui.rigGenerated.hidden = false;
    // Rigged with the options shown above it: the body plan among them (a generated dog is a quadruped).
    ui.rigOptions.hidden = false;
  }
  await openJob(job);
}

// ---- The viewer ----
function modelFormatOf(job: JobObject): ModelFormat | null {
  const declared = job.output?.files?.find((f) => f.type === 'model')?.format ?? extensionOf(job.output?.model_url ?? '');
  // A VRM is a GLB with the VRMC_vrm extension: shown as one.
  if (declared === 'vrm') return 'glb';
  return declared === 'glb' || declared === 'gltf' || declared === 'fbx' ? declared : null;
}

async function openJob(job: JobObject): Promise<void> {
  if (!job.output) return;
  const format = modelFormatOf(job);
  setDownloads(job.output.files?.map((f) => ({ label: `${f.type} (${f.format}, ${formatBytes(f.bytes)})`, url: f.url })) ?? [{ label: 'model', url: job.output.model_url }]);
  if (!format) {
    ui.viewerMessage.textContent = 'This output format cannot be shown here; download it instead.';
    return;
  }
  await openModel(job.output.model_url, format, `${job.operation} job ${job.id.slice(0, 8)}`);
}

async function openAsset(asset: AssetObject): Promise<void> {
  setDownloads([{ label: `${asset.name} (glb)`, url: asset.url }]);
  await openModel(asset.url, 'glb', `${asset.name} (catalog, CC0)`);
}

async function openModel(url: string, format: ModelFormat, title: string): Promise<void> {
  ui.viewerMessage.textContent = `Loading ${title}…`;
  ui.viewport.scrollIntoView({ behavior: 'smooth', block: 'center' });
  try {
    const response = await fetch(sameOriginFileUrl(url));
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
    await viewer.load(await response.arrayBuffer(), format, title);
  } catch (error) {
    ui.viewerMessage.textContent = `The model could not be shown: ${describeError(error).message}`;
    return;
  }
  ui.modelTitle.textContent = title;
  const snap = viewer.snapshot();
  ui.viewerMessage.textContent = snap.jointCount
    ? `${snap.skinnedMeshCount} skinned mesh${snap.skinnedMeshCount === 1 ? '' : 'es'}, ${snap.jointCount} joints${snap.animations.length ? `, ${snap.animations.length} animation(s)` : ''}.`
    : `${snap.meshCount} mesh${snap.meshCount === 1 ? '' : 'es'}, no skeleton.`;
  syncViewerControls();
}

function syncViewerControls(): void {
  const snap = viewer.snapshot();
  fillSelect(ui.joint, snap.jointNames.map((_, i) => String(i)), snap.jointNames);
  const hasJoints = snap.jointCount > 0;
  ui.joint.disabled = !hasJoints;
  ui.resetPose.disabled = !hasJoints;
  for (const slider of ui.bend) slider.disabled = !hasJoints;
  if (hasJoints) viewer.selectJoint(0);
  showBend();
  viewer.setSkeletonVisible(ui.showSkeleton.checked);
  viewer.setHeatMap(ui.showHeat.checked && hasJoints);
  fillSelect(ui.clip, snap.animations.map((_, i) => String(i)), snap.animations);
  ui.clip.disabled = snap.animations.length === 0;
  ui.play.disabled = snap.animations.length === 0;
  showPlaying();
}

function showBend(): void {
  viewer.bendDegrees.forEach((degrees, i) => {
    ui.bend[i]!.value = String(degrees);
    ui.bendValue[i]!.textContent = `${degrees}°`;
  });
}

function showPlaying(): void {
  ui.play.textContent = viewer.isPlaying ? 'Stop' : 'Play';
  ui.play.setAttribute('aria-pressed', String(viewer.isPlaying));
}

ui.showSkeleton.addEventListener('change', () => viewer.setSkeletonVisible(ui.showSkeleton.checked));
ui.showHeat.addEventListener('change', () => viewer.setHeatMap(ui.showHeat.checked));
ui.joint.addEventListener('change', () => {
  viewer.selectJoint(Number(ui.joint.value));
  showBend();
});
for (const slider of ui.bend) {
  slider.addEventListener('input', () => {
    viewer.bendJoint(ui.bend.map((s) => Number(s.value)) as [number, number, number]);
    showBend();
    showPlaying();
  });
}
ui.resetPose.addEventListener('click', () => {
  viewer.resetPose();
  showBend();
  showPlaying();
});
ui.play.addEventListener('click', () => {
  if (viewer.isPlaying) viewer.stopAnimation();
  else viewer.play(Number(ui.clip.value));
  showBend();
  showPlaying();
});
ui.clip.addEventListener('change', () => {
  if (viewer.isPlaying) viewer.play(Number(ui.clip.value));
});

function setDownloads(files: { label: string; url: string }[]): void {
  ui.downloads.replaceChildren(
    ...files.map((file) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = sameOriginFileUrl(file.url);
      link.download = '';
      link.textContent = `Download ${file.label}`;
      item.append(link);
      return item;
    }),
  );
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

// ---- Job history and the catalog ----
async function refreshBrowse(): Promise<void> {
  if (!ui.key.value.trim()) {
    ui.historyMessage.textContent = 'Paste an API key to see your jobs.';
    ui.catalogMessage.textContent = 'Paste an API key to browse the catalog.';
    return;
  }
  await refreshHistory();
  if (!state.catalogLoaded) await loadCatalogFilters();
  await refreshCatalog();
}

function pager(prev: HTMLButtonElement, next: HTMLButtonElement, label: HTMLElement, offset: number, count: number, total: number): void {
  prev.disabled = offset === 0;
  next.disabled = offset + count >= total;
  label.textContent = total === 0 ? '' : `${offset + 1}–${offset + count} of ${total}`;
}

function card(title: string, lines: string[], thumbnail: string | null | undefined, action: { label: string; run: () => void } | null): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'card';
  if (thumbnail) {
    const img = document.createElement('img');
    img.src = sameOriginFileUrl(thumbnail);
    img.alt = `Thumbnail of ${title}`;
    img.loading = 'lazy';
    img.width = 128;
    img.height = 128;
    item.append(img);
  } else {
    const none = document.createElement('div');
    none.className = 'no-thumb';
    none.textContent = 'no thumbnail';
    item.append(none);
  }
  const heading = document.createElement('h3');
  heading.textContent = title;
  item.append(heading);
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    item.append(p);
  }
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = action.label;
    button.addEventListener('click', action.run);
    item.append(button);
  }
  return item;
}

async function refreshHistory(): Promise<void> {
  if (!ui.key.value.trim()) return;
  try {
    const page = await api.listJobs({ limit: HISTORY_PAGE, offset: state.historyOffset });
    ui.historyMessage.textContent = page.total === 0 ? 'No jobs yet.' : '';
    ui.history.replaceChildren(
      ...page.jobs.map((job) =>
        card(
          `${job.operation} ${job.id.slice(0, 8)}`,
          [`${job.status}${job.status === 'processing' && job.stage ? ` — ${job.stage}, ${Math.round((job.progress ?? 0) * 100)}%` : ''}${job.error ? ` — ${job.error.code}: ${job.error.message}` : ''}`, new Date(job.created_at).toLocaleString()],
          job.output?.thumbnail_url,
          job.status === 'succeeded' ? { label: `Open job ${job.id.slice(0, 8)} in the viewer`, run: () => void openJob(job) } : null,
        ),
      ),
    );
    pager(ui.historyPrev, ui.historyNext, ui.historyPage, state.historyOffset, page.jobs.length, page.total);
  } catch (error) {
    const { code, message } = describeError(error);
    ui.historyMessage.textContent = `${code}: ${message}`;
  }
}

ui.historyRefresh.addEventListener('click', () => void refreshHistory());
ui.historyPrev.addEventListener('click', () => {
  state.historyOffset = Math.max(0, state.historyOffset - HISTORY_PAGE);
  void refreshHistory();
});
ui.historyNext.addEventListener('click', () => {
  state.historyOffset += HISTORY_PAGE;
  void refreshHistory();
});

async function loadCatalogFilters(): Promise<void> {
  try {
    const categories = await api.listAssetCategories();
    ui.catalogCategory.replaceChildren(new Option('All categories', ''), ...categories.categories.map((c) => new Option(c, c)));
    ui.catalogPack.replaceChildren(new Option('All packs', ''), ...categories.packs.map((p) => new Option(p, p)));
    state.catalogLoaded = true;
  } catch (error) {
    const { code, message } = describeError(error);
    ui.catalogMessage.textContent = `${code}: ${message}`;
  }
}

async function refreshCatalog(): Promise<void> {
  try {
    const page = await api.listAssets(
      filled({
        query: ui.catalogQuery.value.trim(),
        category: ui.catalogCategory.value,
        pack: ui.catalogPack.value,
        limit: CATALOG_PAGE,
        offset: state.catalogOffset,
      }),
    );
    ui.catalogMessage.textContent = page.total === 0 ? 'No assets match.' : `${page.total} asset${page.total === 1 ? '' : 's'} (${page.license}).`;
    ui.catalog.replaceChildren(
      ...page.assets.map((asset) =>
        card(asset.name, [asset.category, asset.id], asset.thumbnail, { label: `Open ${asset.name} in the viewer`, run: () => void openAsset(asset) }),
      ),
    );
    pager(ui.catalogPrev, ui.catalogNext, ui.catalogPage, state.catalogOffset, page.assets.length, page.total);
  } catch (error) {
    const { code, message } = describeError(error);
    ui.catalogMessage.textContent = `${code}: ${message}`;
  }
}

ui.catalogForm.addEventListener('submit', (event) => {
  event.preventDefault();
  state.catalogOffset = 0;
  void (state.catalogLoaded ? refreshCatalog() : refreshBrowse());
});
ui.catalogPrev.addEventListener('click', () => {
  state.catalogOffset = Math.max(0, state.catalogOffset - CATALOG_PAGE);
  void refreshCatalog();
});
ui.catalogNext.addEventListener('click', () => {
  state.catalogOffset += CATALOG_PAGE;
  void refreshCatalog();
});

void refreshBrowse();

// ---- A read-only hook for the browser test (and for curious users in the console) ----
interface PlaygroundHook {
  snapshot(): { job: JobView; viewer: ViewerSnapshot };
  maxVertexDisplacement(): number;
}
const hook: PlaygroundHook = Object.freeze({
  snapshot: () => ({ job: structuredClone(state.job), viewer: viewer.snapshot() }),
  maxVertexDisplacement: () => viewer.maxVertexDisplacement(),
});
Object.defineProperty(window, '__playground', { value: hook, writable: false, configurable: false });
