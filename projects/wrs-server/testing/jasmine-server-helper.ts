// Server specs in Node: each spec file opens its own PGlite (a few seconds).
import { writeJasmineSummary } from '../../../scripts/jasmine-summary';

jasmine.DEFAULT_TIMEOUT_INTERVAL = 60_000;
writeJasmineSummary('server-node');
