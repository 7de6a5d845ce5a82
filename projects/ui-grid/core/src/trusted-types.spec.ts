import { TRUSTED_TYPES_POLICY, trustedEngineScriptUrl, trustedParserInput } from './trusted-types';

interface TrustedTypesCheck {
  isHTML(value: unknown): boolean;
  isScriptURL(value: unknown): boolean;
}

const trustedTypes = (globalThis as { trustedTypes?: TrustedTypesCheck }).trustedTypes;

describe('Trusted Types', () => {
  it(`hands parser input and the engine's script URL over as Trusted Types of the ${TRUSTED_TYPES_POLICY} policy where the browser has them, as the same text elsewhere`, () => {
    const xml = trustedParserInput('<a/>');
    const url = trustedEngineScriptUrl('saxon-js.js');
    expect(String(xml)).toBe('<a/>');
    expect(String(url)).toBe('saxon-js.js');
    if (trustedTypes) {
      expect(trustedTypes.isHTML(xml)).toBeTrue();
      expect(trustedTypes.isScriptURL(url)).toBeTrue();
    } else {
      expect(typeof xml).toBe('string');
      expect(typeof url).toBe('string');
    }
  });
});
