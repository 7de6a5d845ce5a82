/**
 * `ngx-wrs-grid/core/xmldom`: @xmldom/xmldom and fontoxpath for ngx-wrs-grid/core where there is no browser DOM.
 * Node imports it once for its effect, `import 'ngx-wrs-grid/core/xmldom';`, and browser bundles leave it out.
 * A browser DOM, where there is one, stays in charge either way.
 *
 * @module ngx-wrs-grid/core/xmldom
 */
import { registerXPathEngine, registerXmlDomImplementation } from 'ngx-wrs-grid/core';
import { fontoXPathEngine } from './fontoxpath-engine';
import { xmldomImplementation } from './xmldom-implementation';

registerXmlDomImplementation(xmldomImplementation);
registerXPathEngine(fontoXPathEngine);

export { fontoXPathEngine, xmldomImplementation };
