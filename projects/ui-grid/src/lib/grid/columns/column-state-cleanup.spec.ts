import { COLUMN_STATE_STORAGE_PREFIX } from './column-state';

// A grid with an id or a binding set keeps its column state in localStorage, and the next grid of that key restores
// it: a state one spec leaves must not reach another spec's grid. A top-level afterEach runs after every spec of the run.
afterEach(() => {
  for (const key of Object.keys(localStorage)) if (key.startsWith(COLUMN_STATE_STORAGE_PREFIX)) localStorage.removeItem(key);
});

describe('column state cleanup between specs', () => {
  it('leaves no kept column state behind a spec', () => {
    localStorage.setItem(`${COLUMN_STATE_STORAGE_PREFIX}probe`, '{}');
    expect(localStorage.getItem(`${COLUMN_STATE_STORAGE_PREFIX}probe`)).toBe('{}');
  });

  it('found none from the spec before', () => {
    expect(Object.keys(localStorage).filter((k) => k.startsWith(COLUMN_STATE_STORAGE_PREFIX))).toEqual([]);
  });
});
