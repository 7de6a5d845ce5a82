import { WrsError } from '../errors';

/**
 * Finds providers by id (spec 2.2). Generic over the provider, so this file needs no DataProvider:
 * `DataProviderRegistry` (in data-provider.ts) is this over DataProvider.
 */
export class ProviderRegistry<P extends { readonly id: string }> {
  private readonly providers = new Map<string, P>();

  /** Registers a provider under its id; an id in use by another provider is replaced (the newest wins). */
  register(provider: P): void {
    this.providers.set(provider.id, provider);
  }

  /** The provider of an id, or null. */
  get(id: string): P | null {
    return this.providers.get(id) ?? null;
  }

  /** The provider of an id; throws UNKNOWN_PROVIDER when there is none. */
  require(id: string): P {
    const provider = this.providers.get(id);
    if (!provider) throw new WrsError('UNKNOWN_PROVIDER', `No data provider is registered with id "${id}"`, id);
    return provider;
  }

  /** Removes a provider (by id or instance); returns true when one was removed. */
  unregister(idOrProvider: string | P): boolean {
    const id = typeof idOrProvider === 'string' ? idOrProvider : idOrProvider.id;
    const current = this.providers.get(id);
    if (!current || (typeof idOrProvider !== 'string' && current !== idOrProvider)) return false;
    return this.providers.delete(id);
  }

  /** The registered ids. */
  ids(): string[] {
    return [...this.providers.keys()];
  }

  has(id: string): boolean {
    return this.providers.has(id);
  }
}
