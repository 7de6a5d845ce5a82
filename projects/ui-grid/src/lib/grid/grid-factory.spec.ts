import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsError, WrsIndex, serializeXml } from 'ngx-wrs-grid/core';
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

  it('mounts into the element a targetHtml id names, as the original\'s targetHtmlRef', async () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }] });
    const target = document.createElement('section');
    target.id = 'gridFactoryTarget';
    document.body.appendChild(target);
    const ref = TestBed.inject(GridFactory).create({ targetHtml: 'gridFactoryTarget', inputModel: new StaticModel({ data: wrsText([{ id: 'a' }], [['x']]) }) });
    await ref.instance.fetchData();
    expect(target.querySelector('ui-grid [role="gridcell"]')!.textContent).toBe('x');
    ref.destroy();
    target.remove();
  });

  it('refuses a missing, unknown or wrong targetHtml with INVALID_ARGUMENT naming targetHtml', () => {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection()] });
    const factory = TestBed.inject(GridFactory);
    const refusal = (args: unknown) => {
      try {
        factory.create(args as never);
        return 'created';
      } catch (e) {
        return e instanceof WrsError ? `${e.code}: ${e.message}` : `untyped ${String(e)}`;
      }
    };
    expect(refusal({})).toBe('INVALID_ARGUMENT: GridFactory.create needs targetHtml, the element the grid is mounted into or its id: got undefined');
    expect(refusal({ targetHtml: 'noSuchGridTarget' })).toBe('INVALID_ARGUMENT: GridFactory.create needs targetHtml, the element the grid is mounted into or its id: no element has the id "noSuchGridTarget"');
    expect(refusal({ targetHtml: { id: 'x' } })).toContain('INVALID_ARGUMENT: GridFactory.create needs targetHtml');
    expect(document.querySelector('ui-grid')).toBeNull();
  });
});
