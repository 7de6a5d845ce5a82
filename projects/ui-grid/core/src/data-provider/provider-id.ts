/** Prefix of generated ids; providers with such an id are not registered. */
export const PROVIDER_ID_PREFIX = 'ui_dp_';

let idCounter = 0;

/** A random id with the fixed prefix of unregistered providers (spec 2.2). */
export function generateProviderId(): string {
  idCounter++;
  return `${PROVIDER_ID_PREFIX}${Date.now().toString(36)}_${idCounter}_${Math.random().toString(36).slice(2, 8)}`;
}
