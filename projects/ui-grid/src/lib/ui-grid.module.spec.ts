import { EnvironmentInjector, Injector, createEnvironmentInjector, importProvidersFrom, runInInjectionContext } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, StaticModel, defaultRegistry, serverCompiledStylesheets } from 'ngx-wrs-grid/core';
import { SEF_RESOLVER } from './services/chain.service';
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

  it('injectDataProviderRegistry() falls back to the default registry when nothing provides one', () => {
    const injector = Injector.create({ providers: [] });
    expect(runInInjectionContext(injector, () => injectDataProviderRegistry())).toBe(defaultRegistry);
  });
});
