// Node side of the core specs: @xmldom/xmldom is the DOM (no browser globals), registered as Node users do.
import 'ngx-wrs-grid/core/xmldom';
import { writeJasmineSummary } from './jasmine-summary';

// As in Karma: the XSLT specs compile stylesheets, which on a loaded CI machine took longer than Jasmine's 5 s default.
jasmine.DEFAULT_TIMEOUT_INTERVAL = 20_000;

writeJasmineSummary('core-node');
