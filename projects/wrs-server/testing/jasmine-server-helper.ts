// Server specs in Node: each spec file opens its own PGlite (a few seconds); core gets @xmldom/xmldom as its DOM.
import 'ngx-wrs-grid/core/xmldom';
import { writeJasmineSummary } from '../../../scripts/jasmine-summary';

jasmine.DEFAULT_TIMEOUT_INTERVAL = 60_000;
writeJasmineSummary('server-node');
