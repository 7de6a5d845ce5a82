// Node side of the core specs: @xmldom/xmldom is the DOM (no browser globals), registered as Node users do.
import 'ngx-wrs-grid/core/xmldom';
import { writeJasmineSummary } from './jasmine-summary';

writeJasmineSummary('core-node');
