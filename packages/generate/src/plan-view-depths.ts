/**
 * A learned table of two depth factors per "<plan>/<view>", as `head-torso.json` and
 * `side-trunk.json` ship them: `{"depths": {"biped/front": {"head": 1.1, "torso": 0.9}}}`. Checked
 * once when the module that ships it loads (each factor in (0, 4]; no "depths": an empty table), and
 * read by the picture's plan and view as the pair (`a`'s factor, `b`'s). One reader for both tables,
 * which were checked alike twice.
 */
export function planViewDepths(raw: unknown, file: string, a: string, b: string): (bodyPlan?: string, view?: string) => readonly [number, number] | undefined {
  const table: unknown = typeof raw === 'object' && raw !== null && 'depths' in raw ? raw.depths : {};
  if (typeof table !== 'object' || table === null) throw new Error(`${file}: bad "depths"`);
  const depths = new Map<string, readonly [number, number]>();
  for (const [key, value] of Object.entries(table)) {
    const first: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, a) : undefined;
    const second: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, b) : undefined;
    if (typeof first !== 'number' || typeof second !== 'number' || !(first > 0 && first <= 4) || !(second > 0 && second <= 4)) throw new Error(`${file}: bad depths ${key}`);
    depths.set(key, [first, second]);
  }
  return (bodyPlan, view) => (bodyPlan && view ? depths.get(`${bodyPlan}/${view}`) : undefined);
}

/**
 * A learned table of one depth factor per "<plan>/<view>" under `key` (`head-torso.json`'s
 * `rests`: `{"rests": {"biped/front": 1.13}}`), checked as `planViewDepths` checks its pairs (each
 * factor in (0, 4], or in `bounds` when given, both ends included but a 0 lower end; no `key`: an
 * empty table) and read the same way.
 */
export function planViewFactor(raw: unknown, file: string, key: string, bounds: readonly [number, number] = [0, 4]): (bodyPlan?: string, view?: string) => number | undefined {
  const [lo, hi] = bounds;
  const table: unknown = typeof raw === 'object' && raw !== null && key in raw ? Reflect.get(raw, key) : {};
  if (typeof table !== 'object' || table === null) throw new Error(`${file}: bad "${key}"`);
  const factors = new Map<string, number>();
  for (const [planView, value] of Object.entries(table)) {
    if (typeof value !== 'number' || !((lo === 0 ? value > 0 : value >= lo) && value <= hi)) throw new Error(`${file}: bad ${key} ${planView}`);
    factors.set(planView, value);
  }
  return (bodyPlan, view) => (bodyPlan && view ? factors.get(`${bodyPlan}/${view}`) : undefined);
}
