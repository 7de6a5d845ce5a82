import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsIndex, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { GridFactory } from './grid-factory';

describe('GridFactory', () => {
  it('create(args) mounts a grid into targetHtml with the args as inputs, and destroy removes it', async () => {
    const registry = new DataProviderRegistry();
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: registry }] });
    const target = document.createElement('section');
    document.body.appendChild(target);
    const ref = TestBed.inject(GridFactory).create({
      targetHtml: target,
      id: 'codeGrid',
      isReadOnly: true,
      inputModel: new StaticModel({ data: wrsText([{ id: 'a' }], [['x'], ['y']]) }),
    });
    const grid = await ref.instance.fetchData();
    expect(registry.get('codeGrid')).toBe(grid);
    expect(target.querySelector('ui-grid .ui-grid-body')!.getAttribute('aria-readonly')).toBe('true');
    expect([...target.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent).slice(0, 2)).toEqual(['x', 'y']);
    expect(serializeXml(WrsIndex.of(grid.getData()!).rowAt(2)!)).toContain('y');
    ref.destroy();
    expect(target.querySelector('ui-grid')).toBeNull();
    target.remove();
  });

  it('refuses args without targetHtml', () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection()] });
    expect(() => TestBed.inject(GridFactory).create({} as never)).toThrowError(TypeError, /targetHtml/);
  });
});
