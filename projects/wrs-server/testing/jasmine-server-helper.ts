// Server specs in Node: each suite opens its own database (PGlite, and PostgreSQL with TEST_DATABASE_URL: testing/test-databases.ts); core gets @xmldom/xmldom as its DOM.
import 'ngx-wrs-grid/core/xmldom';
import { writeJasmineSummary } from '../../../scripts/jasmine-summary';

jasmine.DEFAULT_TIMEOUT_INTERVAL = 60_000;
writeJasmineSummary('server-node');
