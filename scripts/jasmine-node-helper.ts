// Node side of the core specs: @xmldom/xmldom is the DOM (no browser globals).
import { writeJasmineSummary } from './jasmine-summary';

writeJasmineSummary('core-node');
