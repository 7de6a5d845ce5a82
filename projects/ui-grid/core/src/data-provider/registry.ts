import { WrsError } from '../errors';
import type { DataProvider } from './data-provider';

/** Finds providers by id (spec 2.2: a provider with an id registers itself). */
export class DataProviderRegistry {
  private readonly providers = new Map<string, DataProvider>();

  /** Registers a provider under its id; an id in use by another provider is replaced (the newest wins). */
  register(provider: DataProvider): void {
    this.providers.set(provider.id, provider);
  }

  /** The provider of an id, or null. */
  get(id: string): DataProvider | null {
    return this.providers.get(id) ?? null;
  }

  /** The provider of an id; throws UNKNOWN_PROVIDER when there is none. */
  require(id: string): DataProvider {
    const provider = this.providers.get(id);
    if (!provider) throw new WrsError('UNKNOWN_PROVIDER', `No data provider is registered with id "${id}"`, id);
    return provider;
  }

  /** Removes a provider (by id or instance); returns true when one was removed. */
  unregister(idOrProvider: string | DataProvider): boolean {
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

/** The registry providers use when none is given in their args. */
export const defaultRegistry = new DataProviderRegistry();
