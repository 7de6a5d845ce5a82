import { NS } from '../xml/namespaces';
import { DataProvider, DataProviderRegistry, defaultRegistry } from './data-provider';
import { StaticModel } from './static-model';

/** Id of the gui status model (spec 2.1 `statusModel`): filters live at `/guiStatus:Status/f:Filter`. */
export const GUI_STATUS_ESTABLISHED_ID = 'guiStatusEstablished';

/** The well-known `guiStatusEstablished` provider of a registry, created (and ready) on first use. */
export function guiStatusEstablished(registry: DataProviderRegistry = defaultRegistry): DataProvider {
  const existing = registry.get(GUI_STATUS_ESTABLISHED_ID);
  if (existing) return existing;
  const model = new StaticModel({
    id: GUI_STATUS_ESTABLISHED_ID,
    registry,
    data: `<guiStatus:Status xmlns:guiStatus="${NS.guiStatus}" xmlns:f="${NS.f}"><f:Filter/></guiStatus:Status>`,
  });
  void model.execute();
  return model;
}
