import { withDefaults } from '@rigforge/mesh/with-defaults';

interface Options {
  size?: number;
  smooth?: boolean;
  name?: string;
}
const DEFAULTS: Required<Options> = { size: 512, smooth: true, name: 'x' };

describe('withDefaults', () => {
  it('keeps defaults for missing and undefined fields and lets falsy values win', () => {
    expect(withDefaults(DEFAULTS, {})).toEqual(DEFAULTS);
    expect(withDefaults(DEFAULTS, { size: undefined, smooth: false, name: '' })).toEqual({ size: 512, smooth: false, name: '' });
    expect(withDefaults(DEFAULTS, { size: 0 }).size).toBe(0);
  });

  it('returns a fresh object and modifies neither argument', () => {
    const options: Options = { size: 64 };
    const merged = withDefaults(DEFAULTS, options);
    merged.name = 'changed';
    expect(DEFAULTS.name).toBe('x');
    expect(options).toEqual({ size: 64 });
  });
});
