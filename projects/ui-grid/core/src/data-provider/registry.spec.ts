import { domName, ordersWrs } from '../../testing/fixtures';
import { ConstantDataProvider } from './constant-data-provider';
import { DataProvider, DataProviderRegistry, defaultRegistry } from './data-provider';
import { StaticModel } from './static-model';
import { guiStatusEstablished, GUI_STATUS_ESTABLISHED_ID } from './well-known-models';
import { WrsError } from '../errors';

describe(`DataProviderRegistry and well-known models (${domName()})`, () => {
  it('a provider with an id registers itself in the registry of its args', () => {
    const registry = new DataProviderRegistry();
    const model = new StaticModel({ id: 'orders', data: ordersWrs(), registry });
    expect(registry.get('orders')).toBe(model);
    expect(registry.ids()).toEqual(['orders']);
    expect(registry.unregister('orders')).toBeTrue();
    expect(registry.get('orders')).toBeNull();
    expect(() => registry.require('orders')).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_PROVIDER' && e.input === 'orders');
  });

  it('without a registry in its args it registers in defaultRegistry', () => {
    const model = new StaticModel({ id: 'spec-default-registry', data: '<x/>' });
    expect(defaultRegistry.get('spec-default-registry')).toBe(model);
    defaultRegistry.unregister(model);
  });

  it('a provider without id gets a random id with the fixed prefix and is not registered', () => {
    const registry = new DataProviderRegistry();
    const a = new StaticModel({ data: '<x/>', registry });
    const b = new StaticModel({ data: '<x/>', registry });
    expect(a.id.startsWith(DataProvider.ID_PREFIX)).toBeTrue();
    expect(a.id).not.toBe(b.id);
    expect(registry.ids()).toEqual([]);
  });

  it('refuses an empty id with INVALID_ARGUMENT', () => {
    expect(() => new StaticModel({ id: '', data: '<x/>' })).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
  });

  it('guiStatusEstablished is one ready guiStatus:Status model with an f:Filter per registry', () => {
    const registry = new DataProviderRegistry();
    const status = guiStatusEstablished(registry);
    expect(guiStatusEstablished(registry)).toBe(status);
    expect(registry.get(GUI_STATUS_ESTABLISHED_ID)).toBe(status);
    expect(status.isReady()).toBeTrue();
    expect(status.queryNodes('/guiStatus:Status/f:Filter').length).toBe(1);
    status.write("/*/f:Filter/f:Expression[@bRef='country' and @op='=']/@value", 'DE');
    expect(status.read("/*/f:Filter/f:Expression[@bRef='country']/@value")).toBe('DE');
  });

  it('ConstantDataProvider holds a value, is ready after execute and fires on setValue', async () => {
    const registry = new DataProviderRegistry();
    const constant = new ConstantDataProvider({ name: 'limit', value: 10, registry });
    expect(constant.getName()).toBe('limit');
    expect(constant.isReady()).toBeFalse();
    await constant.execute();
    expect(constant.isReady()).toBeTrue();
    expect(constant.getValue()).toBe(10);
    let fired = 0;
    constant.onChange(() => fired++);
    constant.setValue(20);
    expect(constant.getValue()).toBe(20);
    expect(fired).toBe(1);
  });

  it('StaticModel needs XML text or a Document', () => {
    expect(() => new StaticModel({ data: 42 as unknown as string })).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
  });
});
