import { EnvironmentInjector, Injector, createEnvironmentInjector, importProvidersFrom, runInInjectionContext } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, WrsError, defaultRegistry, serverCompiledStylesheets } from 'ngx-wrs-grid/core';
import { wrsText } from '../../core/testing/fixtures';
import { WrsUtilService } from './services/wrs-util.service';
import { ChainService, SEF_RESOLVER } from './services/chain.service';
import { injectDataProviderRegistry } from './services/data-provider-registry';
import { UiGridModule, provideUiGrid } from './ui-grid.module';

describe('UiGridModule and provideUiGrid()', () => {
  it('provideUiGrid() provides the registry given, in which providers register', () => {
    const registry = new DataProviderRegistry();
    TestBed.configureTestingModule({ providers: [provideUiGrid({ registry })] });
    const injected = TestBed.inject(DataProviderRegistry);
    expect(injected).toBe(registry);
    const model = new StaticModel({ id: 'angular-orders', data: '<x/>', registry: injected });
    expect(registry.get('angular-orders')).toBe(model);
  });

  it('UiGridModule provides the core default registry', () => {
    TestBed.configureTestingModule({ imports: [UiGridModule] });
    expect(TestBed.inject(DataProviderRegistry)).toBe(defaultRegistry);
  });

  it('UiGridModule imported below provideUiGrid({ registry }) keeps that registry (lazy modules, standalone imports)', () => {
    const registry = new DataProviderRegistry();
    const root = Injector.create({ providers: [{ provide: DataProviderRegistry, useValue: registry }] });
    const lazy = createEnvironmentInjector([importProvidersFrom(UiGridModule)], root as EnvironmentInjector);
    expect(lazy.get(DataProviderRegistry)).toBe(registry);
    const alone = createEnvironmentInjector([importProvidersFrom(UiGridModule)], Injector.create({ providers: [] }) as EnvironmentInjector);
    expect(alone.get(DataProviderRegistry)).toBe(defaultRegistry);
  });

  it('UiGridModule.forRoot() takes the options of provideUiGrid(): the registry and the SEF resolver chains use', () => {
    const registry = new DataProviderRegistry();
    const sefResolver = serverCompiledStylesheets({ under: 'xslt/' });
    TestBed.configureTestingModule({ imports: [UiGridModule.forRoot({ registry, sefResolver })] });
    expect(TestBed.inject(DataProviderRegistry)).toBe(registry);
    expect(TestBed.inject(SEF_RESOLVER)).toBe(sefResolver);
  });

  it('provideUiGrid({ registry }) below the root gives that injector services bound to its registry', async () => {
    TestBed.configureTestingModule({ providers: [provideUiGrid()] });
    const root = TestBed.inject(EnvironmentInjector);
    const registry = new DataProviderRegistry();
    const route = createEnvironmentInjector([provideUiGrid({ registry })], root);
    const model = new StaticModel({ id: 'route-orders', data: wrsText([{ id: 'name' }], [['Anna']]), registry });
    await model.fetchData();
    expect(route.get(WrsUtilService).getCellValue('route-orders', 'R1', 'name')).toBe('Anna');
    expect(() => TestBed.inject(WrsUtilService).getCellValue('route-orders', 'R1', 'name')).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_PROVIDER');
    expect(route.get(ChainService)).not.toBe(TestBed.inject(ChainService));
  });

  it('injectDataProviderRegistry() falls back to the default registry when nothing provides one', () => {
    const injector = Injector.create({ providers: [] });
    expect(runInInjectionContext(injector, () => injectDataProviderRegistry())).toBe(defaultRegistry);
  });
});
