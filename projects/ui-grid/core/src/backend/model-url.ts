import { WrsError } from '../errors';
import { DataProvider } from '../data-provider/data-provider';
import { ConstantDataProvider } from '../data-provider/constant-data-provider';

/**
 * Spec 2.1 `modelUrl` ("string or DataProvider (string)") as the url to send to: a string as it is; a provider is
 * loaded and read when asked (a ConstantDataProvider's value, else the text of its document), so a request goes to
 * the url it holds then. A provider holding no url is INVALID_ARGUMENT.
 */
export async function resolveModelUrl(modelUrl: string | DataProvider | undefined): Promise<string | undefined> {
  if (modelUrl === undefined || typeof modelUrl === 'string') return modelUrl;
  await modelUrl.fetchData();
  const value = modelUrl instanceof ConstantDataProvider ? modelUrl.getValue() : modelUrl.read('/*');
  if (typeof value !== 'string' || value === '') throw new WrsError('INVALID_ARGUMENT', `modelUrl provider ${modelUrl.id} holds no url`, value);
  return value;
}
