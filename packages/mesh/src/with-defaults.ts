/**
 * The workspace's one way of merging caller options over a DEFAULTS constant (glTF-Transform style:
 * each concept has an options interface with optional fields and an exported `X_DEFAULTS`).
 * Fields the caller leaves out or sets to `undefined` keep their default; every other value wins,
 * including `0`, `false` and `''`. Returns a fresh object; neither argument is modified.
 *
 * Dependency-free on purpose: engines import it from `@rigforge/mesh` (their base package) and
 * service packages from the `@rigforge/mesh/with-defaults` subpath, which loads only this file.
 */
export function withDefaults<D extends object>(
  defaults: Readonly<D>,
  options: { readonly [K in keyof D]?: D[K] | undefined },
): D {
  const merged = { ...defaults } as D;
  for (const key of Object.keys(options) as (keyof D)[]) {
    const value = options[key];
    if (value !== undefined) merged[key] = value as D[keyof D];
  }
  return merged;
}
